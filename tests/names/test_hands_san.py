"""SAN on boards with hands: every move Fairy-Stockfish names in SAN (``e4``, ``exd5``, ``N@f3``,
``e8=Q``, ``Nbd2``) reads back as that very move."""

from __future__ import annotations

import random

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from tests.helpers.engine_helpers import shipped

sf = pytest.importorskip("pyffish")


def read_every_san(game: str, fen: str, seen: dict[str, int]) -> None:
    """Each legal move's SAN, as pyffish writes it in ``fen``, must read as that move."""
    board, rules = shipped(game)
    names = MoveNames(rules, Position.from_fen(board, fen), style="uci")
    for uci in sf.legal_moves(game, fen, []):
        san = sf.get_san(game, fen, uci)
        assert names.name(names.read(san)) == uci, f"{game}: {san!r} in {fen}"
        seen["promotions"] += "=" in san


# A pawn promoting by a step and by captures, beside a Queen and a promoted Queen (Q~) that reach
# the same squares; pieces in hand for both sides.
CORNERS = ["r1n1k3/1P6/8/8/8/8/8/Q~3K2Q[NPpq] w - - 0 1", "4k3/8/8/8/8/8/1p6/R1N1K3[Bb] b - - 0 1"]


def walk_and_read(game: str, positions: int, seed: int) -> dict[str, int]:
    """Random games from the start: each legal move's SAN, as pyffish writes it, must read as it."""
    board, rules = shipped(game)
    rng = random.Random(seed)
    seen = {"positions": 0, "drops": 0, "promotions": 0, "captures": 0, "disambiguated": 0}
    while seen["positions"] < positions:
        position = Position.initial(board)
        fen = sf.start_fen(game)
        for _ in range(rng.randrange(20, 120)):
            legal = sorted(sf.legal_moves(game, fen, []))
            if not legal or seen["positions"] == positions or sf.is_immediate_game_end(game, fen, [])[0]:
                break
            names = MoveNames(rules, position, style="uci")
            for uci in legal:
                san = sf.get_san(game, fen, uci)
                assert names.name(names.read(san)) == uci, f"{game}: {san!r} in {fen}"
                seen["drops"] += "@" in san or "*" in san
                seen["promotions"] += "=" in san
                seen["captures"] += "x" in san
                seen["disambiguated"] += len(san.rstrip("+#")) > 3 and san[0].isupper() and "@" not in san \
                    and "x" not in san and "=" not in san
            seen["positions"] += 1
            rare = [m for m in legal if "@" in m or len(m) == 5]
            choice = rng.choice(rare) if rare and rng.random() < 0.5 else rng.choice(legal)
            make_move(position, names.read(choice))
            fen = sf.get_fen(game, fen, [choice])
    return seen


def test_every_crazyhouse_san_reads_back_as_its_move() -> None:
    seen = walk_and_read("crazyhouse", positions=80, seed=7)
    for fen in CORNERS:
        read_every_san("crazyhouse", fen, seen)
    assert seen["drops"] > 100 and seen["promotions"] > 0 and seen["captures"] > 20, seen
    assert seen["disambiguated"] > 0, seen


@pytest.mark.parametrize("game", ["shogi", "minishogi"])
def test_every_shogi_name_fairy_stockfish_writes_reads_back_as_its_move(game: str) -> None:
    # Fairy-Stockfish writes shogi's moves with two-digit squares (P-76, Bx33+, B-33=, G61-52, P*55).
    seen = walk_and_read(game, positions=30, seed=3)
    assert seen["captures"] > 10 and seen["drops"] > 10 and seen["promotions"] > 0, seen


def test_every_crazyhouse_san_python_chess_writes_reads_back_as_its_move() -> None:
    # python-chess writes a Pawn's drop without its letter (@e3), as a Pawn's move has none.
    import chess.variant

    board, rules = shipped("crazyhouse")
    rng = random.Random(11)
    letterless = 0
    for _ in range(3):
        game = chess.variant.CrazyhouseBoard()
        for _ in range(rng.randrange(30, 90)):
            legal = list(game.legal_moves)
            if not legal:
                break
            names = MoveNames(rules, Position.from_fen(board, game.fen()), style="uci")
            for move in legal:
                san = game.san(move)
                assert names.name(names.read(san)) == move.uci(), f"{san!r} in {game.fen()}"
                letterless += san.startswith("@")
            drops = [move for move in legal if move.drop]
            game.push(rng.choice(drops if drops and rng.random() < 0.3 else legal))
    assert letterless > 20, letterless


def test_play_takes_san_on_crazyhouse(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "crazyhouse", "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@e5"]) == 0
    expected = sf.get_fen("crazyhouse", sf.start_fen("crazyhouse"),
                          ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@e5"])
    assert capsys.readouterr().out.splitlines()[-1].split()[0] == expected.split()[0]
