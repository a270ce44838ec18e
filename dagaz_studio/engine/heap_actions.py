"""How the runner lifts, puts and captures on a heap board (``kind: heap``, notation guide §6).

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

from typing import Optional

from dagaz_studio.engine.heaps import Heap, as_cell, make_heap
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.runner import Cont, ItemCont, Program, State
from dagaz_studio.notation.nodes import Lift, Put, Span

_HELD: dict[int, Piece] = {}


def _held(kind: int) -> Piece:
    """The piece in hand standing for one piece of a heap (one object a kind)."""
    held = _HELD.get(kind)
    if held is None:
        held = _HELD[kind] = Piece(-1, kind, False)
    return held


def _push(st: State, heap: Heap, square: int) -> int:
    """Every piece of ``heap`` into the hand, the first type on top; how many."""
    hand = st.hand
    for kind in range(len(heap.counts) - 1, -1, -1):
        hand.extend([(_held(kind), square)] * heap.counts[kind])
    return heap.size


def _added(cell: object, kind: int, count: int, kinds: int) -> Heap:
    counts = list(cell.counts) if isinstance(cell, Heap) else [0] * kinds
    counts[kind] += count
    return make_heap(tuple(counts))  # type: ignore[return-value]


def _seed_kind(piece: Piece, kinds: int) -> int:
    """The kind of the piece ``|`` puts for ``piece`` in hand: its own, or, for a whole heap lifted
    as one piece (by ``&``) whose kind is a typed notation's, the first of the board's kinds it
    holds: a heap's pieces are always of the board's kinds."""
    if piece.kind < kinds or not isinstance(piece, Heap):
        return piece.kind
    return next((kind for kind, count in enumerate(piece.counts) if count), 0)


def _as_before(st: State, square: int, heap: Optional[Heap]) -> Optional[Heap]:
    """``heap``, or what stood on ``square`` when the run began if that held the same pieces: a heap
    put back whole is the heap that stood there (a heap moving by a typed notation stays one)."""
    before = st.touched.get(square)
    if heap is not None and type(before) is Heap and before.counts == heap.counts:
        return before
    return heap


def _describe(st: State, heap: object) -> str:
    if not isinstance(heap, Heap):
        return "nothing"
    return f"{heap.size} piece{'s' if heap.size != 1 else ''}"


def start_heap(st: State, square: int) -> bool:
    """The implicit beginning of a move on a heap board: lift the square's whole heap. False (and
    the run ends) when the square is empty."""
    heap = st.cells[square]
    if not isinstance(heap, Heap):
        if st.trace is not None:
            st.emit("check", f"[P] failed on {st.name(square)}: no heap to lift", None, square, False)
        return False
    st.touched[square] = heap
    st.cells[square] = None
    _push(st, heap, square)
    st.mover_in_hand = True
    st.visited.append(square)
    if st.trace is not None:
        st.emit("lift", f"lift the heap of {_describe(st, heap)} from {st.name(square)}", None, square)
    return True


def lift(program: Program, node: Lift, k: Cont) -> Cont:
    """``^`` on a heap board: the whole heap on the square into the hand."""
    span = node.span

    def lift_heap(st: State) -> None:
        square = st.cursor
        heap = st.cells[square]
        if not isinstance(heap, Heap):
            if st.trace is not None:
                st.emit("check", f"^ failed on {st.name(square)}: nothing to lift", span, square, False, check="^")
            return
        st.spend()
        st.touch(square)
        st.cells[square] = None
        size = _push(st, heap, square)
        st.progress += 1
        if st.trace is not None:
            st.emit("lift", f"lift the heap of {_describe(st, heap)} from {st.name(square)}", span, square)
        try:
            k(st)
        finally:
            st.progress -= 1
            del st.hand[len(st.hand) - size:]
            st.cells[square] = heap
    return lift_heap


def put(program: Program, node: Put, k: Cont) -> Cont:
    """``|`` on a heap board: one piece from the hand onto the square's heap."""
    span = node.span
    kinds = len(program.rules.board.pieces)

    def put_one(st: State) -> None:
        square = st.cursor
        if not st.hand:
            if st.trace is not None:
                st.emit("check", f"| failed on {st.name(square)}: no piece in hand", span, square, False, check="|")
            return
        st.spend()
        piece, origin = st.hand.pop()
        old = st.cells[square]
        st.touch(square)
        st.cells[square] = as_cell(_as_before(st, square, _added(old, _seed_kind(piece, kinds), 1, kinds)))
        saved = st.mover_sq
        st.mover_sq = square
        st.progress += 1
        if st.trace is not None:
            st.emit("put", f"put a {st.kind_names[piece.kind]} on {st.name(square)}", span, square)
        try:
            k(st)
        finally:
            st.progress -= 1
            st.mover_sq = saved
            st.cells[square] = old
            st.hand.append((piece, origin))
    return put_one


def capture(program: Program, span: Span, k: ItemCont) -> ItemCont:
    """``[x]`` on a heap board: the whole heap off the board (to the mover's store)."""
    return program._capture(span, k, lambda st, heap: f"the heap of {_describe(st, heap)}")


def finish_hand(st: State, span: Optional[Span], k: Cont) -> None:
    """The implicit end on a heap board: every piece still in hand goes onto the cursor's heap."""
    if not st.hand:
        k(st)
        return
    square = st.cursor
    old = st.cells[square]
    held = list(st.hand)
    counts = list(old.counts) if isinstance(old, Heap) else [0] * len(st.board.pieces)
    kinds = len(st.board.pieces)
    for piece, _ in held:
        counts[_seed_kind(piece, kinds)] += 1
    st.touch(square)
    st.cells[square] = as_cell(_as_before(st, square, make_heap(tuple(counts))))
    st.hand.clear()
    saved = st.mover_sq
    st.mover_sq = square
    if st.trace is not None:
        st.emit("put", f"put the {len(held)} pieces in hand on {st.name(square)}", span, square)
    try:
        k(st)
    finally:
        st.mover_sq = saved
        st.cells[square] = old
        st.hand[:] = held
