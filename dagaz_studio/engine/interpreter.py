"""The interpreter, as one import: the value types, the runner and the game rules of a board.

The pieces live in their own modules — :mod:`dagaz_studio.engine.values` (what a run gives back),
:mod:`dagaz_studio.engine.runner` (a notation compiled and run) and :mod:`dagaz_studio.engine.rules`
(:class:`Rules`: programs, attacks, running pieces). Callers that need only moves and traces import
``values``.
"""

from __future__ import annotations

from dagaz_studio.engine.rules import REACH_BUDGET, Rules
from dagaz_studio.engine.runner import MAX_REPETITION_DEPTH, Program
from dagaz_studio.engine.values import (
    DEFAULT_BUDGET,
    DEFAULT_TRACE_LIMIT,
    CancelFlag,
    EventKind,
    Move,
    RunawayNotation,
    RunResult,
    TraceEvent,
    describe_move,
)

__all__ = [
    "DEFAULT_BUDGET", "DEFAULT_TRACE_LIMIT", "MAX_REPETITION_DEPTH", "REACH_BUDGET", "CancelFlag",
    "EventKind", "Move", "Program", "Rules", "RunResult", "RunawayNotation", "TraceEvent", "describe_move",
]
