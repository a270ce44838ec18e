"""How the step-by-step oracle puts and captures on a stack board (``kind: stack``, notation guide §6).

- A move begins as on a default board, by ``[f]^``: the column whose top piece is the mover's is
  lifted whole; ``^`` lifts a whole column.
- ``|`` and the implicit end (``[F]|``) put the column in hand on the square, on top of any column
  standing there.
- ``[x]`` takes the top piece of the column on the square and puts it under the column in hand (the
  column draughts' capture); what remains of the jumped column stays, commanded by its new top.
"""

from __future__ import annotations

from dagaz_studio.engine import trace_words as words
from dagaz_studio.engine.kind_words import column_put
from dagaz_studio.engine.kind_words import column_refused as capture_refused
from dagaz_studio.engine.kind_words import column_taken as taken
from dagaz_studio.engine.stacks import Column, as_cell
from dagaz_studio.notation.nodes import Lift, Put, Span
from tests.oracle.hand_end import finish_hand as put_down_hand
from tests.oracle.run_state import Compiling, Cont, ItemCont, State


def lift(program: Compiling, node: Lift, k: Cont) -> Cont:
    """``^``: the whole column, as a default board lifts a piece."""
    return program._lift(node, k)


def _put_column(st: State, span: Span | None, k: Cont) -> None:
    """Put the column on top of the hand on the cursor's square, on whatever column stands there."""
    st.spend()
    square = st.cursor
    piece, origin = st.hand.pop()
    old = st.cells[square]
    is_mover = st.mover_in_hand and not st.hand
    carried: object = piece._replace(moved=True) if square != origin or piece.moved else piece
    below: object = old
    if isinstance(carried, Column) and isinstance(below, Column):
        carried = carried.on(below)
    st.touch(square)
    st.cells[square] = as_cell(carried)  # type: ignore[arg-type]
    saved = (st.mover_in_hand, st.mover_sq)
    if is_mover:
        st.mover_in_hand = False
        st.mover_sq = square
        st.visited.append(square)
    else:
        st.also.append((origin, square))
    st.progress += 1
    if st.trace is not None:
        column_put(st, span, piece, square)
    try:
        k(st)
    finally:
        st.progress -= 1
        if is_mover:
            st.visited.pop()
        else:
            st.also.pop()
        st.mover_in_hand, st.mover_sq = saved
        st.cells[square] = old
        st.hand.append((piece, origin))


def put(program: Compiling, node: Put, k: Cont) -> Cont:
    """``|``: the column in hand onto the square."""
    span = node.span

    def put_column(st: State) -> None:
        if not st.hand:
            if st.trace is not None:
                words.refused(st, span, "|", st.cursor, "no piece in hand")
            return
        _put_column(st, span, k)
    return put_column


def capture(program: Compiling, span: Span, k: ItemCont) -> ItemCont:
    """``[x]``: the top piece of the square's column goes under the column in hand."""
    def capture_top(st: State, square: int) -> None:
        column = st.cells[square]
        if not isinstance(column, Column) or not st.hand or not isinstance(st.hand[-1][0], Column):
            if st.trace is not None:
                capture_refused(st, span, square)
            return
        carried, origin = st.hand[-1]
        st.spend()
        st.touch(square)
        st.cells[square] = as_cell(column.without_top())
        st.hand[-1] = (as_cell(carried.under(column.pieces[0])), origin)
        st.captures.append(square)
        st.progress += 1
        if st.trace is not None:
            taken(st, span, column, square)
        try:
            k(st, square)
        finally:
            st.progress -= 1
            st.captures.pop()
            st.hand[-1] = (carried, origin)
            st.cells[square] = column
    return capture_top


def finish_hand(st: State, span: Span | None, k: Cont) -> None:
    """The implicit end, ``[F]|``: not onto a column a friend commands; the column goes on top."""
    put_down_hand(st, span, k, _put_column)
