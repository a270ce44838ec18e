"""Stack boards: Lasca (boards/draughts/lasca.board), its columns written with the default board's
notation on a `kind: stack` board, agrees with the reference generator of tests/helpers/oracles (written
from Lasker's rules, sharing no code with the package) on perft from the start and move by move on
positions reached by seeded random play; its FEN is read and written as docs/kinds-fen.md says."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import FenError, Position
from dagaz_studio.engine.stacks import Column
from tests.helpers import column_oracle
from tests.helpers.engine_helpers import shipped
from tests.helpers.oracles import Move as OracleMove
from tests.helpers.oracles import lasca, random_positions


def successors(fen: str) -> dict[OracleMove, str]:
    return column_oracle.successors("lasca", fen)


def reference(fen: str) -> dict[OracleMove, str]:
    return column_oracle.reference(lasca, fen)


def test_the_start_is_the_reference_start() -> None:
    board, _ = shipped("lasca")
    assert Position.initial(board).fen() == lasca.START


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 6])
def test_perft_from_the_start_equals_the_reference(depth: int) -> None:
    board, rules = shipped("lasca")
    assert perft(rules, Position.initial(board), depth) == lasca.perft(lasca.parse(lasca.START), depth)


def _random_games(count: int, seed: int) -> None:
    chains = promotions = columns = 0
    for position in random_positions(lasca, count, seed=seed, plies=100):
        fen = lasca.format_position(position)
        expected = reference(fen)
        assert successors(fen) == expected, fen
        chains += any(len(m.captured) > 1 for m in expected)
        promotions += any(m.promotion for m in expected)
        columns += "(" in fen
    assert chains and promotions and columns > count // 2


def test_moves_equal_the_reference_on_random_positions() -> None:
    _random_games(150, seed=5)


@pytest.mark.slow
def test_moves_equal_the_reference_on_many_random_positions() -> None:
    _random_games(1_000, seed=11)


@pytest.mark.slow
def test_perft_8_from_the_start_equals_the_reference(capsys) -> None:
    assert main(["perft", "lasca", "--depth", "8"]) == 0
    assert capsys.readouterr().out.split()[-1] == str(lasca.perft(lasca.parse(lasca.START), 8))


def test_perft_from_random_positions_equals_the_reference() -> None:
    board, rules = shipped("lasca")
    for position in random_positions(lasca, 30, seed=23, plies=50)[::6]:
        fen = lasca.format_position(position)
        assert perft(rules, Position.from_fen(board, fen), 3) == lasca.perft(position, 3), fen


def test_a_capture_puts_the_jumped_top_under_the_capturing_column() -> None:
    # White's column (So) on c3 jumps d4's (so): the black soldier goes under it; d4 keeps the officer.
    fen = "7/7/7/3(so)3/2(So)4/7/7 w"
    moves = successors(fen)
    assert moves == {OracleMove("c3", (), "e5", ("d4",)): "7/7/4(Sos)2/3o3/7/7/7 b"}
    board, _ = shipped("lasca")
    cell = Position.from_fen(board, "7/7/4(Sos)2/3o3/7/7/7 b").cells[board.index("e5")]
    assert isinstance(cell, Column) and cell.height == 3 and cell.player == 0


@pytest.mark.parametrize("fen, what", [
    ("s1s1s1s/1s1s1s1/s1s1s1s/7/S1()1S1S/1S1S1S1/S1S1S1S w", "an impossible column '()'"),
    ("s1s1s1s/1s1s1s1/s1s1s1s/7/S1(S)1S1S/1S1S1S1/S1S1S1S w", "an impossible column '(S)'"),
    ("s1s1s1s/1s1s1s1/s1s1s1s/7/S1(Ss1S1S/1S1S1S1/S1S1S1S w", "not closed"),
    ("s1s1s1s/1s1s1s1/s1s1s1s/7/S1(Sx)1S1S/1S1S1S1/S1S1S1S w", "no piece has the letter 'x'"),
    ("s1s1s1s/1s1s1s1/s1s1s1s/7/S1(SS)1S1S1/1S1S1S1/S1S1S1S w", "more than 7 squares"),
])
def test_a_bad_stack_fen_names_its_field(fen: str, what: str, capsys) -> None:
    board, _ = shipped("lasca")
    with pytest.raises(FenError) as error:
        Position.from_fen(board, fen)
    assert error.value.field == "placement" and what in str(error.value)
    assert main(["moves", "lasca", "--fen", fen, "--legal"]) == 2
    assert "bad FEN (placement)" in capsys.readouterr().err


def test_the_height_count_on_columns(capsys) -> None:
    fen = "7/7/7/3(so)3/2(So)4/7/7 w"
    # [=2] asks a column's height: the column on d4 (north-east of c3) holds two pieces.
    assert main(["moves", "lasca", "--fen", fen, "--at", "c3", "--piece", "[=3>O]M[p]"]) == 0
    assert "c3-b4" not in capsys.readouterr().out
    assert main(["moves", "lasca", "--fen", fen, "--at", "c3", "--piece", "[=2>O]M[p]"]) == 0
    assert "c3-b4" in capsys.readouterr().out
