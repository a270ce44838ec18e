"""Stacks (``kind: stack``): a square holds a column of pieces; the piece on top commands it.

A column stands in :attr:`Position.cells` as a :class:`Column`, read as its top piece (``player``,
``kind``, ``moved``) by everything that asks about a square's piece, so the default board's checks
(``[e]``, ``[f]``, ``[=Name]``) ask about the commander.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from dagaz_studio.board.stacks import ColumnPieces, format_stack_placement, parse_stack_placement
from dagaz_studio.engine.state import FenError, as_cell

if TYPE_CHECKING:
    from dagaz_studio.engine.state import PositionState


_new = tuple.__new__


class Column(tuple):  # type: ignore[type-arg]
    """A column of pieces: (player, kind, moved) of its top piece, then all its pieces from the top
    down as (player, kind). Changing the top (``_replace``) changes the column's top piece."""

    __slots__ = ()

    def __new__(cls, pieces: ColumnPieces, moved: bool = False) -> Column:
        return tuple.__new__(cls, (pieces[0][0], pieces[0][1], moved, tuple(pieces)))

    player = property(itemgetter(0))
    kind = property(itemgetter(1))
    moved = property(itemgetter(2))
    pieces = property(itemgetter(3))

    @property
    def height(self) -> int:
        """How many pieces the column holds."""
        return len(self[3])

    def _replace(self, **changes: Any) -> Column:
        top = self[3][0]
        player, kind = changes.get("player", top[0]), changes.get("kind", top[1])
        return Column(((player, kind),) + self[3][1:], changes.get("moved", self[2]))

    # Capture chains make these by the thousand: each builds its tuple directly (the top piece
    # is known) rather than through the constructor.

    def moved_now(self) -> Column:
        """This column, marked as moved."""
        return self if self[2] else _new(Column, (self[0], self[1], True, self[3]))

    def under(self, piece: tuple[int, int]) -> Column:
        """This column with ``piece`` put at its bottom."""
        return _new(Column, (self[0], self[1], self[2], self[3] + (piece,)))

    def without_top(self) -> Column | None:
        """The column once its top piece is taken, or ``None`` when nothing remains."""
        rest = self[3][1:]
        return _new(Column, (rest[0][0], rest[0][1], self[2], rest)) if rest else None

    def on(self, below: Column | None) -> Column:
        """This column put on top of ``below``."""
        return self if below is None else _new(Column, (self[0], self[1], self[2], self[3] + below[3]))


def read_stack_fen(position: PositionState, fields: list[str], fen: str) -> None:
    """Fill ``position``'s cells from a stack board's placement."""
    if len(fields) > 2:
        raise FenError(f"{len(fields)} fields: a stack board's position is the placement and the side to move",
                       fen, "extra field")
    for square, pieces in parse_stack_placement(position.board, fields[0]).items():
        position.cells[square] = as_cell(Column(pieces, True))


def stack_fen(position: PositionState, side: str) -> str:
    """A stack board's position as FEN: the placement and the side to move (``side``, as FEN writes it)."""
    cells: list[object] = list(position.cells)
    columns = {square: cell.pieces for square, cell in enumerate(cells) if isinstance(cell, Column)}
    return f"{format_stack_placement(position.board, columns)} {side}"
