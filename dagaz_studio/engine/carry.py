"""Carrying a position over to a changed board: the same squares and piece types, by name.

When a board file's text changes (a piece type added, renamed or deleted, the grid or the players
edited), the position set up on the old board should survive as far as it can: a piece stays on the
square of the same name, as the type of the same name, for the player of the same number.
"""

from __future__ import annotations

from collections.abc import Mapping

from dagaz_studio.board.model import Board
from dagaz_studio.engine.heaps import Heap, make_heap
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.stacks import Column


def carry_position(position: Position, board: Board, renames: Mapping[str, str] | None = None) -> Position:
    """``position`` on ``board``: every piece whose square, type (after ``renames``, old name -> new)
    and player still exist keeps its place; the others are dropped. The side to move and the move
    counters are kept; the last move is kept only where its squares still exist."""
    renames = renames or {}
    old = position.board
    new_kinds = {name: index for index, name in enumerate(board.pieces)}
    carried_kinds = [new_kinds.get(renames.get(name, name)) for name in old.pieces]  # None: the type is gone
    cells: list[Piece | None] = [None] * len(board.squares)
    for square, piece in enumerate(position.cells):
        name = old.squares[square]
        if piece is not None and board.has_square(name):
            cells[board.index(name)] = _carried_cell(piece, carried_kinds, len(board.players), len(board.pieces))
    last = position.last_move
    if last is not None:
        if board.has_square(old.squares[last.origin]) and board.has_square(old.squares[last.target]):
            last = last._replace(origin=board.index(old.squares[last.origin]),
                                 target=board.index(old.squares[last.target]))
        else:
            last = None
    carried = Position(board, cells, min(position.turn, len(board.players) - 1), last, position.labels,
                       position.halfmove_clock, position.fullmove_number)
    if carried.checks_remaining is not None and position.checks_remaining is not None:
        carried.checks_remaining = position.checks_remaining  # the checks given so far still count
    # Pieces in hand stay held, by type name, where the board still has hands and that type.
    for player, hand in enumerate(position.hands[:len(carried.hands)]):
        for count, kind in zip(hand, carried_kinds):
            if count and kind is not None:
                carried.hands[player][kind] += count
    return carried


def _carried_cell(cell: Piece, kinds: list[int | None], players: int, count: int) -> Piece | None:
    """A square's piece, heap or column with its types carried (``kinds``: old index -> new, ``None``
    where gone): a heap keeps the pieces of the types kept, a column those of the players and types kept."""
    if isinstance(cell, Heap):
        counts = [0] * count
        for old, number in enumerate(cell.counts):
            new = kinds[old] if old < len(kinds) else None
            if new is not None:
                counts[new] += number
        return make_heap(tuple(counts))
    if isinstance(cell, Column):
        pieces = [(player, kinds[kind]) for player, kind in cell.pieces
                  if kind < len(kinds) and kinds[kind] is not None and player < players]
        return Column(pieces, cell.moved) if pieces else None
    kind = kinds[cell.kind] if 0 <= cell.kind < len(kinds) else None
    return None if kind is None or cell.player >= players else Piece(cell.player, kind, cell.moved)
