"""How the step-by-step oracle lifts, puts and captures on a heap board (``kind: heap``, notation guide §6).

- A move begins by lifting the whole heap of the square it starts from (``[P]^``: a heap belongs to
  nobody, so which squares a player sows from is the notation's to say, with zones).
- ``^`` lifts a whole heap into the hand; ``|`` puts **one** piece from the hand on the square,
  adding it to the heap there (sowing); ``[x]`` takes the whole heap off the board, to the mover's
  store.
- The implicit end puts every piece still in hand on the square where the cursor stands.
- The move's target is the square of the last piece put (the last seed's pit).

The hand holds the lifted pieces one by one; the first piece type of the board comes out first.
"""

from __future__ import annotations

from dagaz_studio.engine import trace_words as words
from dagaz_studio.engine.heaps import Heap, as_cell, heap_with_hand, push_heap
from dagaz_studio.engine.kind_words import all_sown, heap_taken, lifted, sown
from dagaz_studio.notation.nodes import Lift, Put, Span
from tests.oracle.run_state import Compiling, Cont, ItemCont, State


def _as_before(st: State, square: int, heap: Heap | None) -> Heap | None:
    """``heap``, or, on the square the run began from, the heap that stood there if it holds the
    same pieces: a heap put back whole where it was lifted is the heap that stood there (a heap
    moving by a typed notation stays one). Elsewhere a heap is made anew, as the compiled path
    makes it (the two are equal but for a typed heap's kind)."""
    if square != st.origin or heap is None:
        return heap
    before: object = st.touched.get(square)  # a heap stands in a cell in the place of a piece
    return before if type(before) is Heap and before.counts == heap.counts else heap


def lift(program: Compiling, node: Lift, k: Cont) -> Cont:
    """``^`` on a heap board: the whole heap on the square into the hand."""
    span = node.span

    def lift_heap(st: State) -> None:
        square = st.cursor
        heap = st.cells[square]
        if not isinstance(heap, Heap):
            if st.trace is not None:
                words.refused(st, span, "^", square, "nothing to lift")
            return
        st.spend()
        st.touch(square)
        st.cells[square] = None
        size = push_heap(st.hand, heap, square)
        st.progress += 1
        if st.trace is not None:
            lifted(st, span, heap, square)
        try:
            k(st)
        finally:
            st.progress -= 1
            del st.hand[len(st.hand) - size:]
            st.cells[square] = heap
    return lift_heap


def put(program: Compiling, node: Put, k: Cont) -> Cont:
    """``|`` on a heap board: one piece from the hand onto the square's heap."""
    span = node.span
    kinds = len(program.rules.board.pieces)

    def put_one(st: State) -> None:
        square = st.cursor
        if not st.hand:
            if st.trace is not None:
                words.refused(st, span, "|", square, "no piece in hand")
            return
        st.spend()
        piece, origin = st.hand.pop()
        old = st.cells[square]
        st.touch(square)
        st.cells[square] = as_cell(_as_before(st, square, heap_with_hand(old, ((piece, origin),), kinds)))
        saved = st.mover_sq
        st.mover_sq = square
        st.progress += 1
        if st.trace is not None:
            sown(st, span, piece, square)
        try:
            k(st)
        finally:
            st.progress -= 1
            st.mover_sq = saved
            st.cells[square] = old
            st.hand.append((piece, origin))
    return put_one


def capture(program: Compiling, span: Span, k: ItemCont) -> ItemCont:
    """``[x]`` on a heap board: the whole heap off the board (to the mover's store)."""
    return program._capture(span, k, heap_taken)


def finish_hand(st: State, span: Span | None, k: Cont) -> None:
    """The implicit end on a heap board: every piece still in hand goes onto the cursor's heap."""
    if not st.hand:
        k(st)
        return
    square = st.cursor
    old = st.cells[square]
    held = list(st.hand)
    st.touch(square)
    st.cells[square] = as_cell(_as_before(st, square, heap_with_hand(old, held, len(st.board.pieces))))
    st.hand.clear()
    saved = st.mover_sq
    st.mover_sq = square
    if st.trace is not None:
        all_sown(st, span, len(held), square)
    try:
        k(st)
    finally:
        st.mover_sq = saved
        st.cells[square] = old
        st.hand[:] = held
