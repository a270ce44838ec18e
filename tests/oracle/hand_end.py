"""The default board's implicit end of a move (``[F][ex]?|``): every piece still in hand put down
where the cursor stands, never onto a friend. A stack board puts its column down the same way, on top
of what stands there (:mod:`~tests.oracle.stack_actions`)."""

from __future__ import annotations

from collections.abc import Callable

from dagaz_studio.engine import trace_words as words
from dagaz_studio.notation.nodes import Span
from tests.oracle.run_state import Cont, State


def put_down(st: State, span: Span | None, k: Cont) -> None:
    """Put the top piece of the hand on the cursor's square, then continue."""
    st.spend()  # before the hand is touched: a run stopped here must leave it whole for the frames above
    square = st.cursor
    piece, origin = st.hand.pop()
    old = st.cells[square]
    is_mover = st.mover_in_hand and not st.hand
    placed = piece._replace(moved=True) if square != origin or piece.moved else piece
    first = st.touch(square)
    st.cells[square] = placed
    if old is not None:
        st.captures.append(square)
    saved = (st.mover_in_hand, st.mover_sq)
    if is_mover:
        st.mover_in_hand = False
        st.mover_sq = square
        st.visited.append(square)
    else:
        st.also.append((origin, square))
    st.progress += 1
    if st.trace is not None:
        words.put(st, span, piece, square, old)
    try:
        k(st)
    finally:
        st.progress -= 1
        if is_mover:
            st.visited.pop()
        else:
            st.also.pop()
        st.mover_in_hand, st.mover_sq = saved
        if old is not None:
            st.captures.pop()
        st.cells[square] = old
        st.untouch(square, first)
        st.hand.append((piece, origin))


def finish_hand(st: State, span: Span | None, k: Cont,
                put: Callable[[State, Span | None, Cont], None] = put_down) -> None:
    """The default board's implicit suffix, ``[F][ex]?|``, for every piece still in hand: never onto
    a friend; ``put`` puts the top piece of the hand down (a stack board puts a column on top of
    what stands there)."""
    if not st.hand:
        k(st)
        return
    square = st.cursor
    occupant = st.cells[square]
    if occupant is not None and occupant.player == st.me:
        if st.trace is not None:
            words.cannot_end(st, span, square)
        return
    put(st, span, lambda state: finish_hand(state, span, k, put))
