"""Chess move names (SAN) against python-chess, and the spellings a reader accepts."""

from __future__ import annotations

import random

import chess
import pytest

from dagaz_studio.engine.position import Position
from dagaz_studio.names import STYLES, MoveNameError, MoveNames, name_move, named_moves, read_move
from tests.helpers.engine_helpers import shipped, uci

POSITIONS = 1000


def _random_boards(count: int, seed: int):
    rng = random.Random(seed)
    seen = 0
    while seen < count:
        board = chess.Board()
        for _ in range(rng.randrange(10, 160)):
            if board.is_game_over():
                break
            yield board
            seen += 1
            moves = list(board.legal_moves)
            # Promotions and castling are rare in random play; prefer them when they come up.
            special = [m for m in moves if m.promotion or board.is_castling(m) or board.is_en_passant(m)]
            board.push(rng.choice(special) if special and rng.random() < 0.5 else rng.choice(moves))


def test_san_equals_python_chess_and_reads_back_on_random_positions() -> None:
    board, rules = shipped("chess")
    kinds = {"castling": 0, "promotion": 0, "en passant": 0, "file": 0, "rank": 0, "square": 0, "check": 0, "mate": 0}
    for theirs in _random_boards(POSITIONS, 20261122):
        names = MoveNames(rules, Position.from_fen(board, theirs.fen()))
        assert len(names) == theirs.legal_moves.count()
        for move, name in names:
            their_move = chess.Move.from_uci(uci(board, rules, move))
            san = theirs.san(their_move)
            assert name == san, theirs.fen()  # check and mate marks too
            assert names.read(name) == move
            assert names.read(san.rstrip("+#")) == move
            assert names.read(theirs.lan(their_move)) == move
            assert names.read(their_move.uci()) == move
            kinds["castling"] += theirs.is_castling(their_move)
            kinds["promotion"] += bool(their_move.promotion)
            kinds["en passant"] += theirs.is_en_passant(their_move)
            kinds["check"] += name.endswith("+")
            kinds["mate"] += name.endswith("#")
            plain = name.rstrip("+#").rstrip("=QRBN")
            if name[0] in "NBRQK" and len(plain) == 4:
                kinds["file" if plain[1].isalpha() else "rank"] += 1
            kinds["square"] += name[0] in "NBRQK" and len(plain) == 5
    assert all(count > 0 for count in kinds.values()), kinds


def test_every_style_reads_back() -> None:
    board, rules = shipped("chess")
    for theirs in _random_boards(100, 7):
        position = Position.from_fen(board, theirs.fen())
        for style in STYLES:
            names = MoveNames(rules, position, style=style)
            for move, name in names:
                assert names.read(name) == move, (theirs.fen(), style, name)


EP = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
CASTLE = "r3k2r/pPpp1ppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
KNIGHTS = "4k3/8/8/8/8/8/1N3N2/R3K2R w - - 0 1"
ROOKS = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1"
QUEENS = "7k/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "spellings", "expected"),
    [
        (chess.STARTING_FEN, ["Nf3", "Ng1f3", "Ng1-f3", "g1f3", "g1-f3", "Nf3!?", "Nf3+", "N f3"], "g1f3"),
        (EP, ["exf6", "exf6e.p.", "exf6 e.p.", "ef6", "e5xf6", "e5f6"], "e5f6"),
        (CASTLE, ["O-O", "0-0", "O-O+", "o-o", "e1g1", "e1-g1"], "e1g1"),
        (CASTLE, ["O-O-O", "0-0-0", "e1c1"], "e1c1"),
        (CASTLE, ["bxa8=Q", "bxa8Q", "bxa8=q", "ba8Q", "b7a8q", "b7xa8=Q#"], "b7a8q"),
        (CASTLE, ["b8=N", "b8N", "b7b8n", "b7-b8=Knight"], "b7b8n"),
        (KNIGHTS, ["Nbd3", "Nb2d3"], "b2d3"),
        (ROOKS, ["R1a3", "Ra1a3"], "a1a3"),
        (QUEENS, ["Qh4e1", "Qh4-e1", "h4e1"], "h4e1"),
        # A check or mate mark read past, right or wrong, as python-chess's parse_san reads it.
        (QUEENS, ["Qh4e1+", "Qh4e1#", "Qh4e1+!"], "h4e1"),
        (CASTLE, ["bxa8=Q+", "bxa8=Q", "bxa8=Q#", "bxa8Q+"], "b7a8q"),
        (QUEENS, ["Q1h2"], "h1h2"),
    ],
)
def test_spellings_read_as_the_move(fen: str, spellings: list[str], expected: str) -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, fen)
    theirs = chess.Board(fen)
    for text in spellings:
        assert uci(board, rules, read_move(rules, position, text)) == expected, text
        if text.endswith(("+", "#")) and not text.startswith("O"):
            assert theirs.parse_san(text).uci() == expected, text  # python-chess reads it so too


def test_names_of_special_moves() -> None:
    board, rules = shipped("chess")
    names = {uci(board, rules, m): n for m, n in named_moves(rules, Position.from_fen(board, CASTLE))}
    theirs = chess.Board(CASTLE)
    assert [names[move] for move in ("e1g1", "e1c1", "b7a8q", "b7b8n")] == [
        theirs.san(chess.Move.from_uci(move)) for move in ("e1g1", "e1c1", "b7a8q", "b7b8n")]
    assert names["b7a8q"] == "bxa8=Q+"  # the new Queen checks along the eighth rank
    position = Position.from_fen(board, QUEENS)
    h4 = next(m for m, _ in named_moves(rules, position) if uci(board, rules, m) == "h4e1")
    # Leaving h4 uncovers the h1 Queen's check along the h-file.
    assert name_move(rules, position, h4) == "Qh4e1+" == chess.Board(QUEENS).san(chess.Move.from_uci("h4e1"))


@pytest.mark.parametrize(
    ("fen", "text", "message"),
    [
        (chess.STARTING_FEN, "Nf4", "no legal move matches 'Nf4'"),
        (chess.STARTING_FEN, "O-O", "no legal move matches 'O-O'"),
        (chess.STARTING_FEN, "e5", "no legal move matches 'e5'"),
        (chess.STARTING_FEN, "hello", "no legal move matches 'hello'"),
        (CASTLE, "b8", "'b8' matches several moves: b8=Q+, b8=R+, b8=B, b8=N"),
        (KNIGHTS, "Nd3", "'Nd3' matches several moves: Nbd3, Nfd3"),
        (QUEENS, "Qe1", "'Qe1' matches several moves: Qee1+, Qh4e1+, Q1e1+"),
    ],
)
def test_bad_names(fen: str, text: str, message: str) -> None:
    board, rules = shipped("chess")
    with pytest.raises(MoveNameError) as caught:
        read_move(rules, Position.from_fen(board, fen), text)
    if caught.value.candidates:
        assert str(caught.value) == message
    else:
        # What the board expects follows, with one of the moves as an example.
        assert str(caught.value).startswith(message + " (chess names its moves in SAN, such as ")


def test_playing_names_gives_python_chess_positions() -> None:
    from dagaz_studio.commands.play import play_names

    board, rules = shipped("chess")
    rng = random.Random(11)
    theirs = chess.Board()
    sans = []
    for _ in range(120):
        if theirs.is_game_over():
            break
        move = rng.choice(list(theirs.legal_moves))
        sans.append(theirs.san(move))
        theirs.push(move)
    position = play_names(rules, Position.initial(board), sans)
    assert position.fen().split()[:4] == theirs.fen().split()[:4]
