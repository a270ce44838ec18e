"""The state of a traced run (:class:`State`), which the events of a trace and a completed move read
(:mod:`~dagaz_studio.engine.trace_words`, :mod:`~dagaz_studio.engine.completion`), and the exception
that unwinds a run (:class:`Stop`). The traced written code (:mod:`~dagaz_studio.engine.trace_code`,
:mod:`~dagaz_studio.engine.kind_trace`) keeps its hand, captures and squares here."""

from __future__ import annotations

from typing import Any

from dagaz_studio.engine.heaps import Heap
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.values import DEFAULT_TRACE_LIMIT, EventKind, TraceEvent
from dagaz_studio.notation.nodes import Span

#: Repetitions one path may nest before it is declared runaway (keeps Python's stack bounded).
MAX_REPETITION_DEPTH = 4_000

_KINDS = {kind.value: kind for kind in EventKind}  # faster than calling the enum
_new_tuple = tuple.__new__


class Stop(Exception):
    """Unwinds a run (budget spent, cancelled, or an attack found)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class State:
    """The mutable state of one traced run: what its events and its completed moves read."""

    __slots__ = (
        "cells", "board", "me", "cursor", "last_dir", "hand", "captures", "stops", "visited", "touched",
        "also", "work", "trace", "trace_limit", "truncated", "depth", "rules", "kind_names", "piece_kind",
        "created", "tried",
    )

    def __init__(self, rules: Any, position: Position, me: int) -> None:
        self.rules = rules
        self.cells = position.cells
        self.board = position.board
        self.me = me
        self.cursor = 0
        self.last_dir: int | None = None
        self.hand: list[tuple[Piece, int]] = []
        self.captures: list[int] = []
        self.stops: list[int] = []
        self.visited: list[int] = []
        self.touched: dict[int, Piece | None] = {}
        self.also: list[tuple[int, int]] = []
        self.work = 0
        self.trace: list[TraceEvent] | None = None
        self.trace_limit = DEFAULT_TRACE_LIMIT
        self.truncated = False
        self.depth = 0
        self.kind_names = rules.kind_names
        self.piece_kind = 0
        #: The squares where ``[*Name]`` has made a new piece on this way through, in order.
        self.created: list[int] = []
        #: The events of the last trial of a possessive pass that failed, which say what stops it.
        self.tried: list[TraceEvent] | None = None

    # ---------------------------------------------------------------- budget and trace

    def emit(self, kind: str, text: str, span: Span | None, square: int | None = None,
             ok: bool = True, move: int | None = None, *, branch: tuple[int, int] | None = None,
             check: str | None = None) -> None:
        trace = self.trace
        if trace is None:
            return
        if len(trace) >= self.trace_limit:
            # A full trace records nothing more: the run goes on as an untraced one, without
            # writing the sentences of events that would be thrown away.
            self.truncated = True
            self.trace = None
            return
        hand = self.hand
        if hand:
            names = self.kind_names
            held: tuple[str, ...] = tuple([names[p[1]] for p, _ in hand]) if len(hand) > 1 else (names[hand[0][0][1]],)
        else:
            held = ()
        # Built as a plain tuple of the named tuple's type: a traced run makes tens of thousands.
        trace.append(_new_tuple(TraceEvent, (
            _KINDS[kind], text, span, square, ok, self.cursor, held, tuple(self.captures),
            None if self.last_dir is None else self.rules.dir_letters[self.last_dir], self.depth, move,
            branch, check,
        )))

    def name(self, square: int) -> str:
        return self.board.squares[square]

    def who(self, square: int) -> str:
        piece = self.cells[square]
        if piece is None:
            return "it is empty"
        if isinstance(piece, Heap):
            return f"{self.describe(piece)} stands there"
        side = "a friendly" if piece.player == self.me else "a neutral" if piece.player < 0 else "an enemy"
        return f"{side} {self.kind_names[piece.kind]} stands there"

    def describe(self, piece: Piece) -> str:
        if isinstance(piece, Heap):
            # A heap belongs to nobody and may hold several types: said by what it holds, not its first type.
            held = ", ".join(f"{count} {self.kind_names[kind]}" for kind, count in enumerate(piece.counts) if count)
            return f"a heap of {describe_heap(piece)} ({held})"
        if piece.player < 0:
            return f"a neutral {self.kind_names[piece.kind]}"
        return f"a {self.board.players[piece.player]} {self.kind_names[piece.kind]}"


def describe_heap(heap: Heap) -> str:
    """How many pieces ``heap`` holds, in words."""
    return f"{heap.size} piece{'s' if heap.size != 1 else ''}"
