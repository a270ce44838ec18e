"""Heaps (``kind: heap``): a square holds a heap of pieces that belong to nobody, possibly of
several types (a mancala pit's seeds).

A heap stands in :attr:`Position.cells` as a :class:`Heap`, read like a piece by what asks only
whether a square is occupied; an empty square is ``None``, never an empty heap. Pieces that leave
the board (``[x]`` on a heap) go to the mover's store, kept in :attr:`Position.hands` and written
in the FEN after the side to move, one count a player, on a board with ``rule: captures-to-hand``:
``4,4,4,4,4,4/4,4,4,4,4,4 w 0 0``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, NamedTuple, cast

from dagaz_studio.board.heaps import format_heap, format_heap_placement, parse_heap, parse_heap_placement
from dagaz_studio.board.placement import PlacementError
from dagaz_studio.engine.state import FenError, Piece, as_cell

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board
    from dagaz_studio.engine.state import PositionState


class Heap(NamedTuple):
    """The pieces on a square of a heap board: ``counts`` of each piece type, in board order.

    ``player`` is -1 (a heap belongs to nobody: which squares a player sows from, the notation says
    with zones) and ``kind`` is the first type it holds, so that a heap is read like a piece where
    only occupancy matters."""

    player: int
    kind: int
    moved: bool
    counts: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many pieces the heap holds."""
        return sum(self.counts)


def make_heap(counts: tuple[int, ...]) -> Heap | None:
    """The heap of these counts, or ``None`` when it holds nothing."""
    for kind, count in enumerate(counts):
        if count:
            return Heap(-1, kind, False, counts)
    return None


def typed_heap(standing: object, kind: int, kinds: int) -> Piece:
    """The content of a square of a heap board on which a notation is typed (a piece of ``kind``
    that moves by it): the heap standing there, or one piece of the board's first type on an empty
    square, with ``kind`` saying which notation moves it. Its pieces stay of the board's ``kinds``:
    they are what the notation lifts, sows and counts."""
    counts = standing.counts if isinstance(standing, Heap) else (1,) + (0,) * (kinds - 1)
    return cast("Piece", Heap(-1, kind, False, counts))


# --------------------------------------------------------------------------- sowing
# What the heap boards' written code (kind_code, kind_compiler) does with a heap's pieces.

@cache
def held_piece(kind: int) -> Piece:
    """The piece in hand standing for one piece of a heap (one object a kind)."""
    return Piece(-1, kind, False)


#: What :func:`push_heap` puts in hand for a heap's counts lifted from a square: the same few, over and over.
PUSHED: dict[tuple[tuple[int, ...], int], list[tuple[Piece, int]]] = {}


def push_heap(hand: list[tuple[Piece, int]], heap: Heap, square: int) -> int:
    """Every piece of ``heap`` into ``hand``, the first type on top (it comes out first); how many."""
    key = (heap[3], square)
    pushed = PUSHED.get(key)
    if pushed is None:
        counts = heap[3]
        pushed = []
        for kind in range(len(counts) - 1, -1, -1):
            pushed.extend([(held_piece(kind), square)] * counts[kind])
        if len(PUSHED) > 100_000:
            PUSHED.clear()
        PUSHED[key] = pushed
    hand.extend(pushed)
    return len(pushed)


def put_kind(piece: Piece, kinds: int) -> int:
    """The kind of the piece put for ``piece`` in hand: its own, or, for a whole heap lifted as one
    piece (by ``&``) whose kind is a typed notation's, the first of the board's ``kinds`` it holds:
    a heap's pieces are always of the board's kinds."""
    if piece.kind < kinds or not isinstance(piece, Heap):
        return piece.kind
    return next((kind for kind, count in enumerate(piece.counts) if count), 0)


def heap_with_hand(cell: object, hand: Sequence[tuple[Piece, int]], kinds: int) -> Heap | None:
    """The heap of ``cell`` (a square's content) with every piece in ``hand`` (pairs of a piece and
    where it came from) put on it: all that is left in hand, or one seed sown."""
    counts = list(cell.counts) if isinstance(cell, Heap) else [0] * kinds
    for piece, _ in hand:
        counts[put_kind(piece, kinds)] += 1
    return make_heap(tuple(counts))


def heap_size(cell: object) -> int:
    """How many pieces a square's content is: a heap's count, 1 for a piece, 0 for ``None``."""
    if cell is None:
        return 0
    if isinstance(cell, Heap):
        return cell.size
    size = getattr(cell, "height", None)
    return 1 if size is None else int(size)


def has_stores(board: Board) -> bool:
    """Whether the board's FEN lists each player's store after the side to move."""
    return board.kind_type.keeps_stores and board.rules.captures_to_hand


def read_heap_fen(position: PositionState, fields: list[str], fen: str) -> None:
    """Fill ``position`` (cells, stores) from a heap board's FEN fields: the placement, the side to
    move (read by the caller) and, with stores, one count a player."""
    board = position.board
    for square, counts in parse_heap_placement(board, fields[0]).items():
        position.cells[square] = as_cell(make_heap(counts))
    stores = fields[2:]
    players = len(board.players)
    if stores and not has_stores(board):
        raise FenError(f"{len(fields)} fields: a heap board without stores has the placement and the side to "
                       "move only", fen, "extra field")
    if len(stores) > players:
        raise FenError(f"{len(fields)} fields: expected the placement, the side to move and {players} stores",
                       fen, "extra field")
    position.hands = [[0] * len(board.pieces) for _ in board.players] if has_stores(board) else []
    for player, text in enumerate(stores):
        what = f"store of {board.players[player]}"
        try:
            position.hands[player] = list(parse_heap(board, text))
        except PlacementError as error:
            raise FenError(error.message, fen, what) from None


def heap_fen(position: PositionState, side: str) -> str:
    """A heap board's position as FEN: placement, side to move (``side``, as FEN writes it) and, with
    stores, each store."""
    board = position.board
    cells: list[object] = list(position.cells)
    heaps = {square: cell.counts for square, cell in enumerate(cells) if isinstance(cell, Heap)}
    fields = [format_heap_placement(board, heaps), side]
    if has_stores(board):
        fields += [format_heap(board, tuple(hand)) for hand in position.hands]
    return " ".join(fields)


def store_taken(position: PositionState, player: int, changes: tuple[tuple[int, Piece | None], ...]) -> None:
    """Put in ``player``'s store the pieces a move takes off the board (``changes`` its final
    contents of the squares it touched, the position still as before it)."""
    if not position.hands:
        return
    store = position.hands[player]
    kinds = len(store)
    cells = position.cells
    if kinds == 1:
        # One type of piece (perft makes this call at every move): the heaps' first counts.
        taken = 0
        for square, after in changes:
            before = cells[square]
            if isinstance(before, Heap):
                taken += before[3][0]
            if isinstance(after, Heap):
                taken -= after[3][0]
        store[0] += taken
        return
    for square, after in changes:
        for cell, sign in ((cells[square], 1), (after, -1)):
            if isinstance(cell, Heap):
                for kind, count in enumerate(cell.counts[:kinds]):
                    store[kind] += sign * count


def majority_reached(position: PositionState) -> bool:
    """Whether, on a board with stores and ``rule: majority-wins``, a player's store holds more than
    half of all the pieces."""
    board = position.board
    if not (position.hands and board.kind_type.keeps_stores and board.rules.majority_wins):
        return False
    total = sum(heap_size(cell) for cell in position.cells) + sum(sum(hand) for hand in position.hands)
    return any(2 * sum(hand) > total for hand in position.hands)
