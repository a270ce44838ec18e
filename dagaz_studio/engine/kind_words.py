"""What a heap or stack board says of its own in a trace (a heap lifted whole, one seed sown, the hand
sown, a heap taken; a column put, the top of a column taken), and a heap board's beginning refused:
no heap to lift on the square a move starts from. The traced code of those boards records these
(:mod:`~dagaz_studio.engine.kind_trace`); every other event is :mod:`~dagaz_studio.engine.trace_words`'."""

from __future__ import annotations

from collections.abc import Callable

from dagaz_studio.engine import trace_words as words
from dagaz_studio.engine.heaps import Heap
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.run_state import State, describe_heap
from dagaz_studio.engine.stacks import Column
from dagaz_studio.notation.nodes import Span


def lifted(st: State, span: Span | None, heap: Heap, square: int) -> None:
    """The trace's event: ``heap`` lifted whole from ``square``."""
    st.emit("lift", f"lift the heap of {describe_heap(heap)} from {st.name(square)}", span, square)


def sown(st: State, span: Span, piece: Piece, square: int, old: object = None) -> None:
    """The trace's event: one ``piece`` from the hand sown on the heap of ``square`` (which held ``old``)."""
    st.emit("put", f"put {words.with_article(st.kind_names[piece.kind])} on {st.name(square)}", span, square)


def all_sown(st: State, span: Span | None, count: int, square: int) -> None:
    """The trace's event: the ``count`` pieces still in hand put on the heap of ``square``."""
    st.emit("put", f"put the {count} piece{'s' if count != 1 else ''} in hand on {st.name(square)}", span, square)


def heap_taken(st: State, span: Span, heap: Heap | Piece, square: int) -> None:
    """The trace's event: the heap on ``square`` captured, the whole heap; a piece made there
    (``[*Name]``), not yet a heap, is said as any piece."""
    words.capture(st, span, heap, square, f"the heap of {describe_heap(heap)}" if isinstance(heap, Heap) else None)


def no_heap(st: State, square: int) -> None:
    """The trace's event: a move on a heap board begins on ``square``, which holds no heap to lift."""
    st.emit("check", f"[P] failed on {st.name(square)}: no heap to lift", None, square, False)


def column_put(st: State, span: Span | None, piece: Piece, square: int, old: object = None) -> None:
    """The trace's event: the column ``piece`` tops put on ``square`` (which held ``old``)."""
    st.emit("put", f"put {st.describe(piece)}'s column on {st.name(square)}", span, square)


def column_refused(st: State, span: Span, square: int) -> None:
    """The trace's event: ``[x]`` cannot take the top of a column on ``square`` — said where no
    column stands there or the hand is empty, not where the hand holds a piece that is no column."""
    if isinstance(st.cells[square], Column) and st.hand:
        return
    words.capture_refused(st, span, square)


def column_taken(st: State, span: Span, column: Column, square: int) -> None:
    """The trace's event: the top of the column on ``square`` taken under the moving column."""
    st.emit("capture", f"take the top of the column on {st.name(square)} under the moving column", span, square)


#: The events a heap board says in words of its own: a heap lifted whole, one seed sown, the hand sown, a heap taken.
HEAP_WORDS: dict[str, Callable[..., None]] = {"lift": lifted, "put": sown, "all_sown": all_sown, "capture": heap_taken}
#: The events a stack board says in words of its own: a column put (by ``|`` or at the end), the top of a column taken.
STACK_WORDS: dict[str, Callable[..., None]] = {"put": column_put, "capture": column_taken,
                                               "capture_refused": column_refused}
