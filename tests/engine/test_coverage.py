"""The code writer covers every construct the runner runs: no shipped piece's notation is left to
the runner for want of one (only size limits may keep a notation from compiling), and each newly
written construct gives the runner's moves, in its order, with the same stops."""

from __future__ import annotations

import pytest

from tests.helpers.run_comparison import played, rules_pair, same_run
from tools.compile_coverage import SIZE_LIMITS, fallbacks


def test_no_shipped_piece_falls_back_to_the_runner_for_want_of_a_construct() -> None:
    left = sorted({reason for *_, reason in fallbacks()} - SIZE_LIMITS)
    assert not left, left


#: Shipped boards whose pieces use constructs written out only lately, each run compiled and by the
#: runner on positions of random play (tests/engine/test_fast.py runs every board's pieces alike).
BOARDS = ["checkers", "frisian", "duck", "atomic-chess", "petrified", "ataxx", "cambodian", "karouk", "spartan", "sittuyin", "grand", "opulent"]


@pytest.mark.parametrize("board_name", BOARDS)
def test_pieces_with_newly_covered_constructs_run_as_the_runner_runs_them(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    for position in played(board_name, 4, 30):
        position = position.copy()
        for square, piece in enumerate(position.cells):
            if piece is not None and piece.player == position.turn:
                same_run(fast, runner, position, square)
                same_run(fast, runner, position, square, budget=300)
