"""Chess from boards/chess/chess.board, checked against published perft counts and python-chess."""

from __future__ import annotations

import random

import chess
import pytest

from dagaz_studio.engine.game import fen, legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Position
from tests.helpers.engine_helpers import shipped, uci

START = chess.STARTING_FEN
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize(
    ("fen", "depth", "expected"),
    [(START, 1, 20), (START, 2, 400), (START, 3, 8902), (KIWIPETE, 1, 48), (KIWIPETE, 2, 2039)],
)
def test_perft_matches_published_counts(fen: str, depth: int, expected: int) -> None:
    board, rules = shipped("chess")
    assert perft(rules, Position.from_fen(board, fen), depth) == expected


def _random_positions(count: int, seed: int) -> list[str]:
    """FENs from seeded random games, biased towards captures, castling, promotions and checks."""
    rng = random.Random(seed)
    fens: list[str] = []
    while len(fens) < count:
        game = chess.Board()
        for _ in range(rng.randrange(10, 160)):
            moves = list(game.legal_moves)
            if not moves:
                break
            special = [m for m in moves if game.is_capture(m) or game.is_castling(m) or m.promotion
                       or game.gives_check(m) or _double_step(game, m)]
            game.push(rng.choice(special) if special and rng.random() < 0.4 else rng.choice(moves))
            fens.append(game.fen(en_passant="fen"))
            if len(fens) >= count:
                break
    return fens


def _double_step(game: chess.Board, move: chess.Move) -> bool:
    return game.piece_type_at(move.from_square) == chess.PAWN and abs(move.to_square - move.from_square) == 16


def test_legal_moves_equal_python_chess_on_random_positions() -> None:
    board, rules = shipped("chess")
    kinds = {"castling": 0, "en passant": 0, "promotion": 0, "check": 0}
    for text in _random_positions(1200, seed=20261122):
        reference = chess.Board(text)
        expected = {m.uci() for m in reference.legal_moves}
        position = Position.from_fen(board, text)
        got = {uci(board, rules, m) for m in legal_moves(rules, position)}
        assert got == expected, text
        kinds["castling"] += any(reference.is_castling(m) for m in reference.legal_moves)
        kinds["en passant"] += any(reference.is_en_passant(m) for m in reference.legal_moves)
        kinds["promotion"] += any(m.promotion for m in reference.legal_moves)
        kinds["check"] += reference.is_check()
    assert all(count > 5 for count in kinds.values()), kinds


def test_making_moves_gives_python_chess_positions() -> None:
    board, rules = shipped("chess")
    rng = random.Random(7)
    for _ in range(20):
        reference = chess.Board()
        position = Position.initial(board)
        for _ in range(60):
            moves = legal_moves(rules, position)
            if not moves:
                break
            move = rng.choice(moves)
            make_move(position, move)
            reference.push_uci(uci(board, rules, move))
            assert fen(rules, position) == reference.fen()


def test_unmake_restores_the_position() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, KIWIPETE)
    before = position.fen()
    for move in legal_moves(rules, position):
        undo = make_move(position, move)
        assert position.fen() != before
        unmake_move(position, undo)
        assert position.fen() == before


def test_fen_names_an_en_passant_square_only_when_it_can_be_used() -> None:

    board, rules = shipped("chess")
    for fen_before, uci_move in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),  # castling: the king passes f1
        ("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4"),  # a black pawn can take en passant
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4"),  # nothing can take en passant
    ]:
        position = Position.from_fen(board, fen_before)
        move = next(m for m in legal_moves(rules, position) if uci(board, rules, m) == uci_move)
        make_move(position, move)
        reference = chess.Board(fen_before)
        reference.push_uci(uci_move)
        assert fen(rules, position).split()[:4] == reference.fen().split()[:4]
