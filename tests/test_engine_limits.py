"""Runaway and cancelled runs stop soon, whatever the notation and board; typing a notation is cheap.

Times are CPU times of this thread, so that other work on the machine does not make them fail, and
are taken with the garbage collector paused: a full collection of the test process's heap is not the
run's doing.
"""

from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from typing import Iterator

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import parse_notation

RUNAWAYS = [("fanorona", "(*[a])*+", "e3"), ("xiangqi", "(&(*))*", "e5"), ("chess", "((*)[A]){30}", "d4"),
            ("fanorona", "(N;S)*", "e3")]


@contextmanager
def _no_collection() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _typed(board_name: str, text: str, square: str) -> tuple[Rules, Position, int]:
    board = load_board(board_name)
    rules = Rules(board)
    position = Position.initial(board)
    at = board.index(square)
    position.cells[at] = Piece(position.turn, rules.custom_kind(parse_notation(text)), True)
    return rules, position, at


@pytest.mark.parametrize("trace", [False, True])
@pytest.mark.parametrize(("board_name", "text", "square"), RUNAWAYS)
def test_a_runaway_run_stops_within_a_second(board_name: str, text: str, square: str, trace: bool) -> None:
    rules, position, at = _typed(board_name, text, square)
    with _no_collection():
        started = time.thread_time()
        result = rules.run(position, at, trace=trace)
        assert time.thread_time() - started < 1.0
    assert result.stopped is not None


class _LateFlag:
    """A cancel flag that becomes set after some CPU time, and remembers when it was first seen set."""

    def __init__(self, after: float) -> None:
        self.at = time.thread_time() + after
        self.seen: float | None = None

    def is_set(self) -> bool:
        now = time.thread_time()
        if now < self.at:
            return False
        if self.seen is None:
            self.seen = now
        return True


@pytest.mark.parametrize("trace", [False, True])
@pytest.mark.parametrize(("board_name", "text", "square"), RUNAWAYS)
def test_a_cancelled_run_stops_within_100_ms(board_name: str, text: str, square: str, trace: bool) -> None:
    rules, position, at = _typed(board_name, text, square)
    rules.run(position, at, budget=2_000)  # the attack tables, built once per board, are not the run
    with _no_collection():
        flag = _LateFlag(0.02)
        result = rules.run(position, at, trace=trace, cancel=flag)
        ended = time.thread_time()
    if result.stopped == "cancelled":
        assert flag.seen is not None
        # From the moment the flag was set (it is set when first looked at after its time) to the end.
        assert ended - flag.at < 0.1
    else:
        assert ended - flag.at < 0.1 or flag.seen is None  # it ended by itself first


def test_typing_a_notation_keeps_the_attack_tables() -> None:
    board = load_board("chess")
    rules = Rules(board)
    before = rules.attackers(board.index("e4"), 1)
    for text in ("N", "(+)([p]\\1)*", "*[a]"):
        rules.custom_kind(parse_notation(text))
    assert rules.attackers(board.index("e4"), 1) is before


def test_a_typed_enemy_piece_still_attacks() -> None:
    board = load_board("chess")
    rules = Rules(board)
    position = Position.from_fen(board, "4k3/8/8/8/8/8/4K3/8 w - - 0 1")
    position.cells[board.index("e3")] = Piece(1, rules.custom_kind(parse_notation("N")), True)  # Black's N is south
    assert rules.capturable(position, board.index("e2"), 1)
    assert not rules.capturable(position, board.index("d2"), 1, stand_in=Piece(0, 0, True))
