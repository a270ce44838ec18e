"""Shared helpers for the interpreter's tests: boards, rules and move spellings."""

from __future__ import annotations

import threading
from functools import cache

from dagaz_studio.board import Board, load_board
from dagaz_studio.engine.program import Program
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move


@cache
def shipped(name: str) -> tuple[Board, Rules]:
    """A shipped board and its interpreter, loaded once per test session."""
    board = load_board(name)
    return board, Rules(board)


def uci(board: Board, rules: Rules, move: Move) -> str:
    """A move as python-chess / pyffish spell it: origin, target, promotion letter."""
    text = board.squares[move.origin] + board.squares[move.target]
    if move.promotion:
        text += rules.kinds[rules.kind_index[move.promotion]].letter.lower()
    return text


def counting_reach_runs(rules: Rules) -> list[tuple[str | None, int, int]]:
    """Each reach run ``rules`` makes from now on (:meth:`Rules.reach_run`: a reach set and footprint
    worked out), noted as (piece name, player, square)."""
    runs: list[tuple[str | None, int, int]] = []
    run = rules.reach_run

    def counted(program: Program, square: int) -> tuple[frozenset[int], frozenset[int]]:
        runs.append((program.piece_name, program.player, square))
        return run(program, square)

    rules.reach_run = counted  # type: ignore[method-assign]
    return runs


class CountingFlag:
    """A cancel flag that counts how often it is looked at, and sets itself at look ``set_at`` (never
    by default) or when :meth:`set` is called (from another thread, as the window's worker is cancelled).
    ``looks_after`` counts the looks that found it set: a run should stop at the first."""

    def __init__(self, set_at: int | None = None, on_look: int | None = None) -> None:
        self.looks = 0
        self.looks_after = 0
        self._set_at = set_at
        self._set = threading.Event()
        #: Set at look ``on_look``: another thread can wait for a run to be under way.
        self.under_way = threading.Event()
        self._on_look = on_look

    def set(self) -> None:
        self._set.set()

    def is_set(self) -> bool:
        self.looks += 1
        if self._on_look is not None and self.looks >= self._on_look:
            self.under_way.set()
        if self._set_at is not None and self.looks >= self._set_at:
            self._set.set()
        if self._set.is_set():
            self.looks_after += 1
            return True
        return False
