"""Raumschach, a 3-D board, agrees with the reference generator of tests/helpers/oracles (written from the
published rules, sharing no code with the package): legal moves on positions reached by seeded random
play, perft from the start and from those positions, and its 3-D FEN read and written back."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import FenError, Position
from dagaz_studio.engine.values import Move
from tests.helpers.engine_helpers import shipped
from tests.helpers.oracles import Move as OracleMove
from tests.helpers.oracles import random_positions, raumschach


def as_oracle(board, rules, move: Move) -> OracleMove:
    squares = board.squares
    promotion = ""
    if move.promotion:
        promotion = rules.kinds[rules.kind_index[move.promotion]].letter
        promotion = promotion.upper() if move.player == 0 else promotion.lower()
    return OracleMove(squares[move.origin], (), squares[move.target], tuple(squares[s] for s in move.captures),
                      promotion)


def ours(fen: str) -> set[OracleMove]:
    board, rules = shipped("raumschach")
    return {as_oracle(board, rules, m) for m in legal_moves(rules, Position.from_fen(board, fen))}


def test_the_start_is_the_reference_start() -> None:
    board, _ = shipped("raumschach")
    assert Position.initial(board).fen().split()[:2] == raumschach.START.split()


@pytest.mark.parametrize("depth", [1, 2])
def test_perft_from_the_start_equals_the_reference(depth: int) -> None:
    board, rules = shipped("raumschach")
    start = raumschach.parse(raumschach.START)
    assert perft(rules, Position.initial(board), depth) == raumschach.perft(start, depth)


@pytest.mark.slow
def test_perft_3_from_the_start_equals_the_reference() -> None:
    board, rules = shipped("raumschach")
    assert perft(rules, Position.initial(board), 3) == raumschach.perft(raumschach.parse(raumschach.START), 3)


def test_legal_moves_equal_the_reference_on_random_positions() -> None:
    captures = 0
    for position in random_positions(raumschach, 120, seed=31, plies=90):
        fen = raumschach.format_position(position)
        expected = set(raumschach.legal_moves(position))
        assert ours(fen) == expected, fen
        captures += any(m.captured for m in expected)
        board, _ = shipped("raumschach")
        assert Position.from_fen(board, fen).fen().split()[:2] == fen.split()
    assert captures > 50


@pytest.mark.parametrize("fen", [
    # Pawns one step from the far row of the far level: forward, up, and captures forward-up and
    # forward-sideways, for both sides.
    "K4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|P4/5/5/5/5|1r2k/P4/5/5/5 w",
    "K4/5/5/1p3/2R2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|4k/5/5/5/5 b",
])
def test_promotions_equal_the_reference(fen: str) -> None:
    expected = set(raumschach.legal_moves(raumschach.parse(fen)))
    assert ours(fen) == expected
    assert any(m.promotion for m in expected)


def test_perft_from_random_positions_equals_the_reference() -> None:
    board, rules = shipped("raumschach")
    for position in random_positions(raumschach, 4, seed=5, plies=40)[1::2]:
        fen = raumschach.format_position(position)
        assert perft(rules, Position.from_fen(board, fen), 2) == raumschach.perft(position, 2), fen


@pytest.mark.parametrize(("argv", "message"), [
    (["moves", "raumschach", "--at", "Fa1"], "Fa1"),
    (["moves", "raumschach", "--at", "Aa6"], "Aa6"),
    (["moves", "raumschach", "--at", "a1"], "a1"),
    (["moves", "raumschach", "--fen", "5/5/5/5/5|5/5/5/5/5 w"], "2 levels, but the grid has 5"),
    (["moves", "raumschach", "--fen", "5/5/5/5/5 w"], "1 level, but the grid has 5"),
    (["moves", "raumschach", "--fen", "5/5/5/PPPPP/RNKNR|5/5/5/PPPPP/BUQBU|5/5/5/5/5|ubqub/ppppp/5/5/5|rnknr/ppppp/5/5 w"],
     "4 rows on level E"),
])
def test_a_square_or_position_out_of_the_cube_is_refused_with_status_2(argv: list[str], message: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_a_3d_fen_error_is_typed() -> None:
    board, _ = shipped("raumschach")
    with pytest.raises(FenError, match="levels are separated by '|'"):
        Position.from_fen(board, "5/5/5/5/5 w")
