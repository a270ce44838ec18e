"""Shipped draughts boards agree with pydraughts on positions reached by seeded random play."""

from __future__ import annotations

import pytest
from draughts_oracle import DraughtsGame, compare_random_games, pdn_parts
from engine_helpers import shipped

from dagaz_studio.cli import main
from dagaz_studio.engine.position import Position
from dagaz_studio.pdn import pdn_from_position, square_numbers

GAMES = [DraughtsGame("checkers", "english")]
IDS = [game.board for game in GAMES]


def test_squares_are_numbered_as_draughts_players_number_them() -> None:
    board, _ = shipped("checkers")
    names = {number: board.squares[s] for s, number in square_numbers(board).items()}
    assert len(names) == 32
    assert (names[1], names[4], names[5], names[29], names[32]) == ("b8", "h8", "a7", "a1", "g1")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_legal_moves_equal_pydraughts_on_random_positions(game: DraughtsGame) -> None:
    seen = compare_random_games(game, positions=50, seed=14)
    assert seen.captures > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_legal_moves_equal_pydraughts_on_500_random_positions(game: DraughtsGame) -> None:
    seen = compare_random_games(game, positions=500, seed=1402)
    assert seen.chains > 0 and seen.crownings > 0, seen



def test_play_reads_numbered_moves_and_pdn_fen_as_pydraughts_plays_them(capsys: pytest.CaptureFixture[str]) -> None:
    draughts = pytest.importorskip("draughts")
    opening = ["11-15", "24-20", "15-18", "22x15"]
    theirs = draughts.Board(variant="english")
    for name in opening:
        theirs.push(next(m for m in theirs.legal_moves() if m.pdn_move == name))
    assert main(["play", "checkers", "--fen", draughts.Board(variant="english").fen, *opening]) == 0
    board, _ = shipped("checkers")
    ours = Position.from_fen(board, " ".join(capsys.readouterr().out.split()[-6:]))
    assert pdn_parts(pdn_from_position(ours)) == pdn_parts(theirs.fen)


def test_a_multiple_capture_is_named_by_every_landing_square(capsys: pytest.CaptureFixture[str]) -> None:
    # White's king on 10 (d6) jumps 14 (c5) to 17 (b4), then 22 (c3) to 26 (d2).
    assert main(["moves", "checkers", "--fen", "W:WK10:B14,22,4", "--legal", "--names"]) == 0
    assert capsys.readouterr().out.split()[0] == "10x17x26"
    assert main(["play", "checkers", "--fen", "W:WK10:B14,22,4", "10x26"]) == 0


@pytest.mark.parametrize(("fen", "message"), [
    ("W:W33:B1", "no square numbered 33 on checkers (1 to 32)"),
    ("W:WK1:X2", "PDN FEN part 'X2': no player's name begins with 'X'"),
    ("W:W5,5:B1", "square 5 is given twice"),
])
def test_bad_pdn_fen_is_a_clear_error(fen: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "checkers", "--fen", fen]) == 2
    assert message in capsys.readouterr().err
