"""Reach mode written by the code writer (:mod:`dagaz_studio.engine.reach_code`) against the
runner's: from every square, the same squares a piece could ever capture on and the same footprint
(every square its run could step on or look at), for every shipped board's pieces and for random
notations; a notation the code does not cover is run by the runner both ways."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.program import UNMADE, Program
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import NotationError, parse_notation
from tests.helpers.notation_strategies import notations
from tests.helpers.run_comparison import runner_rules

DEFAULT_BOARDS = sorted(name for name in shipped_boards() if load_board(name).kind_type.holds_pieces)
#: A default run's boards (``-m slow``: every default board).
SAMPLE = {"chess", "xiangqi", "shogi", "janggi", "grand", "raumschach", "nightrider", "grasshopper", "russian",
          "fanorona", "amazons", "seirawan", "sittuyin"}


@cache
def _rules(board_name: str) -> tuple[Rules, Rules]:
    return Rules(load_board(board_name)), runner_rules(board_name)


def _same_reach(board_name: str, notation: object, player: int, piece: object) -> Program:
    code, runner = _rules(board_name)
    ours = code.program(notation, player, piece, reach_mode=True)  # type: ignore[arg-type]
    theirs = runner.program(notation, player, piece, reach_mode=True)  # type: ignore[arg-type]
    for square in range(len(code.board.squares)):
        assert code.reach_run(ours, square) == runner.reach_run(theirs, square), \
            code.board.squares[square]
    return ours


@pytest.mark.parametrize("board_name", [name if name in SAMPLE else pytest.param(name, marks=pytest.mark.slow)
                                        for name in DEFAULT_BOARDS])
def test_every_shipped_piece_reaches_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    code, _ = _rules(board_name)
    programs = [_same_reach(board_name, code.kinds[kind].notation, player, code.kinds[kind])
                for player in range(len(code.board.players)) for kind in range(code.board_kinds)]
    assert any(program.reach not in (None, UNMADE) for program in programs)


@pytest.mark.parametrize("board_name", ["chess", "xiangqi", "russian"])
def test_random_notations_reach_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=notations(board_name), player=st.integers(0, 1))
    def check(text: str, player: int) -> None:
        try:
            notation = parse_notation(text)
            _same_reach(board_name, notation, player, None)
        except NotationError:
            assume(False)
    check()


def test_a_function_written_apart_inside_a_continuation_written_once_is_kept() -> None:
    text = "(^)*([n](([+Queen])[=Queen]?)++([E]))++([n]([M]))"
    # The continuation's header is rewritten once its body is known; a possessive pass written apart
    # meanwhile stands before that header and was lost with it (a NameError when the reach ran).
    _same_reach("chess", parse_notation(text), 0, None)
