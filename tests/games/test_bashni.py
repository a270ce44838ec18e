"""Bashni (boards/draughts/bashni.board), Russian draughts' moves on a `kind: stack` board, agrees
with the reference generator of tests/helpers/oracles (written from the rules, sharing no code with the
package) on perft from the start and move by move on positions reached by seeded random play."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from tests.helpers import column_oracle
from tests.helpers.engine_helpers import shipped
from tests.helpers.oracles import Move as OracleMove
from tests.helpers.oracles import bashni, random_positions


def successors(fen: str) -> dict[OracleMove, str]:
    return column_oracle.successors("bashni", fen)


def reference(fen: str) -> dict[OracleMove, str]:
    return column_oracle.reference(bashni, fen)


def test_the_start_is_the_reference_start() -> None:
    board, _ = shipped("bashni")
    assert Position.initial(board).fen() == bashni.START


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_perft_from_the_start_equals_the_reference(depth: int) -> None:
    board, rules = shipped("bashni")
    assert perft(rules, Position.initial(board), depth) == bashni.perft(bashni.parse(bashni.START), depth)


@pytest.mark.slow
def test_perft_7_from_the_start_equals_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "bashni", "--depth", "7"]) == 0
    assert capsys.readouterr().out.split()[-1] == str(bashni.perft(bashni.parse(bashni.START), 7))


def _random_games(count: int, seed: int) -> None:
    chains = promotions = columns = kings = 0
    for position in random_positions(bashni, count, seed=seed, plies=120):
        fen = bashni.format_position(position)
        expected = reference(fen)
        assert successors(fen) == expected, fen
        chains += any(len(m.captured) > 1 for m in expected)
        promotions += any(m.promotion for m in expected)
        columns += "(" in fen
        kings += "K" in fen or "k" in fen
    assert chains and promotions and kings and columns > count // 2


def test_moves_equal_the_reference_on_random_positions() -> None:
    _random_games(120, seed=12)


@pytest.mark.slow
def test_moves_equal_the_reference_on_many_random_positions() -> None:
    _random_games(1_000, seed=1212)


def test_perft_from_random_positions_equals_the_reference() -> None:
    board, rules = shipped("bashni")
    for position in random_positions(bashni, 30, seed=31, plies=60)[::6]:
        fen = bashni.format_position(position)
        assert perft(rules, Position.from_fen(board, fen), 3) == bashni.perft(position, 3), fen


def test_a_man_crowned_mid_capture_goes_on_as_a_king_with_his_column() -> None:
    # The white man on f6 commands (Mm); he jumps e7's column onto d8, is crowned and, as a King,
    # takes the top of c7's column from afar: the taken men go under the column, the rest stays.
    fen = "8/2(mM)1m1m1/5(Mm)2/8/8/8/8/8 w"
    moves = successors(fen)
    assert moves == reference(fen)
    crowned = [move for move in moves if move.to in ("b6", "a5")]
    assert crowned and all(move.promotion == "K" and move.captured == ("e7", "c7") for move in crowned)
    assert all(after.split("/")[1].startswith("2M") for move, after in moves.items() if move in crowned)


def test_moves_are_named_by_the_squares_and_read_back(capsys: pytest.CaptureFixture[str]) -> None:
    board, rules = shipped("bashni")
    names = MoveNames(rules, Position.initial(board))
    assert "c3-d4" in names.names and all(names.read(name) is move for move, name in names)
    opening = [("c3", "d4"), ("f6", "e5"), ("d4", "f6")]
    theirs = bashni.parse(bashni.START)
    for origin, target in opening:
        theirs = bashni.make_move(theirs, next(m for m in bashni.legal_moves(theirs)
                                               if (m.frm, m.to) == (origin, target)))
    assert main(["play", "bashni", "c3-d4", "f6-e5", "d4:f6"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == bashni.format_position(theirs)


def test_check_passes_on_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "bashni"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("ok")
