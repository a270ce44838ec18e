"""Traced runs on heap and stack boards, written by the code writer: the heap and stack boards'
back-end (:mod:`~dagaz_studio.engine.kind_code`) with the trace's events written in, as
:class:`~dagaz_studio.engine.trace_code.TraceHooks` writes them for every board kind, so that a
traced run records what the step-by-step oracle of the tests records — the same events, sentences,
spans, squares and flags, in the same order — and finds the same moves.

The run begins by :meth:`Rules._start`, which lifts the heap or the column and says so;
the code then works on the run state's own lists (its hand, captures, squares visited and touched),
which the events read, and keeps each move as the runner keeps it
(:func:`~dagaz_studio.engine.completion.keep_move`). Where a heap or a column is said otherwise than
a piece (a heap lifted, one seed sown, a column put, the top of a column taken), the event is the
board kind's own (:mod:`~dagaz_studio.engine.kind_words`). The code takes none of the untraced
code's shortcuts: a zone asked before the heap is lifted, a capture that looks at its landing
square before it takes, a column's end written in place. A heap put back whole where the run began
is the heap that stood there, as the runner keeps it (a typed notation's heap stays one).
"""

from __future__ import annotations

from typing import Any

from dagaz_studio.engine.code_writer import FIN
from dagaz_studio.engine.heap_code import HeapWriter
from dagaz_studio.engine.heaps import put_kind
from dagaz_studio.engine.kind_code import KindWriter, StackWriter
from dagaz_studio.engine.kind_compiler import kind_namespace
from dagaz_studio.engine.kind_words import HEAP_WORDS, STACK_WORDS
from dagaz_studio.engine.trace_code import TraceHooks, completed
from dagaz_studio.engine.values import COMPLETION_COST


class KindTraceWriter(TraceHooks, KindWriter):
    """A heap or stack board's code with the trace's events written in: one ``moves`` function,
    run once the run state holds the lifted heap or column."""

    namespace = staticmethod(kind_namespace)
    # ``rec`` is told where it is (``fin`` what :class:`TraceHooks` tells it).
    rec_extra = ", c, d, dp"

    def analyse(self) -> None:
        super().analyse()
        self.visits = True  # the squares the moving piece has been: the move's first square

    def spend(self, ind: int, units: str = "1") -> None:
        # The budget is looked at each time, as the runner stops at the very step past it.
        super().spend(ind, units)
        self.emit(ind, "if w >= W[1]: W[0] = w; POLL(W)")

    def written(self) -> tuple[str, dict[str, Any]]:
        """The source of ``moves(cells, origin, q0, T, _, W, P)``: ``q0`` lifted from ``origin``
        into the hand of the run state ``T``, which keeps the moves (and the constants it reads)."""
        self.analyse()
        e = self.emit
        e(0, "def moves(cells, origin, q0, T, _, W, P):")
        e(1, "me = T.me; hand = T.hand; touched = T.touched; visited = T.visited; caps = T.captures; "
             "stops = T.stops; also = T.also; created = T.created")
        if self.rules.board.kind_type.holds_heaps:
            # A heap put back whole where it was lifted is the heap that stood there, as the runner
            # keeps it: a typed notation's heap (heaps.typed_heap) stays one.
            # (A drop's first heap there is what stood on its square: no heap was lifted from it.)
            e(1, "def ASIS(c, h):")
            e(2, "b = touched.get(origin) if c == origin and h is not None else None")
            e(2, "return b if b is not None and len(b) > 3 and b[3] == h[3] else h")
        e(1, "w = W[0]")
        self.last_move(1)
        def keep(i: int) -> None:
            self.spend(i, f"{COMPLETION_COST} + len(stops) + len(caps) + len(also)")
            e(i, f"T.at(c, d, dp); {self.constant('done', completed)}(T, ms, md, ps, pr{self.marks_of(FIN)})")
        self.local_function(1, f"rec(ms, md, ps, pr{self.marks_of(FIN)}{self.rec_extra})", keep)
        self.finishing(1)
        e(1, "try:")
        self.node(self.notation.body, self.start_env(), 2, self.finish)
        e(2, "pass")
        e(1, "finally:")
        e(2, "W[0] = w")
        return "\n".join(self.lines) + "\n", self.constants


class HeapTraceWriter(KindTraceWriter, HeapWriter):
    """Heaps, traced."""

    own_words = HEAP_WORDS

    def made(self, c: str, heap: str) -> str:
        return f"ASIS({c}, {heap})"

    def sown_kind(self, pp: str) -> str:
        # A typed notation's heap lifted whole (by ``&``) puts one of the board's kinds.
        return f"{self.constant('putkind', put_kind)}({pp}, {len(self.rules.board.pieces)})"


class StackTraceWriter(KindTraceWriter, StackWriter):
    """Stacks, traced."""

    own_words = STACK_WORDS

