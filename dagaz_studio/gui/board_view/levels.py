"""A 3-D board drawn as its levels side by side, in the grid's order, left to right — in rows of
levels when the view is too narrow for one row to show its squares at a usable size.

Each level is drawn as a flat board of the grid's columns and rows; a gap of :data:`LEVEL_GAP`
grid units separates one level from the next in a row, and :data:`LEVEL_ROW_GAP` one row of levels
from the next (room for the coordinates below and the level's name above). On a flat board there is
one level at the origin.
"""

from __future__ import annotations

from dataclasses import dataclass

from dagaz_studio.board.model import Board

#: Grid units between two levels drawn side by side.
LEVEL_GAP = 0.8
#: Grid units between two rows of levels.
LEVEL_ROW_GAP = 1.0
#: Squares at least this many pixels wide keep the levels side by side in one row, as a player
#: expects to see them; below it the levels wrap into the rows that draw the largest squares.
COMFORTABLE_SQUARE_PX = 24.0


@dataclass(frozen=True)
class LevelGrid:
    """Where a board's levels are drawn: ``per_row`` of them in each row, in grid units."""

    columns: int
    rows: int
    levels: int
    per_row: int

    @property
    def level_rows(self) -> int:
        """How many rows of levels there are."""
        return -(-self.levels // self.per_row)

    def origin(self, level: int) -> tuple[float, float]:
        """Where a level's first column and row begin."""
        return (level % self.per_row * (self.columns + LEVEL_GAP),
                level // self.per_row * (self.rows + LEVEL_ROW_GAP))

    @property
    def width(self) -> float:
        """The width of a full row of levels."""
        across = min(self.per_row, self.levels)
        return across * self.columns + (across - 1) * LEVEL_GAP

    @property
    def height(self) -> float:
        """The height of all the rows of levels."""
        return self.level_rows * self.rows + (self.level_rows - 1) * LEVEL_ROW_GAP

    def row_levels(self, level_row: int) -> range:
        """The levels drawn in one row of levels."""
        return range(level_row * self.per_row, min(self.levels, (level_row + 1) * self.per_row))


def level_count(board: Board) -> int:
    """How many levels the board has (1 on a flat board)."""
    return len(board.level_names) or 1


def level_grid(board: Board, per_row: int = 0) -> LevelGrid:
    """The board's levels, ``per_row`` in a row (0 or more than there are: all side by side)."""
    levels = level_count(board)
    across = per_row if 0 < per_row <= levels else levels
    return LevelGrid(len(board.column_names), len(board.row_names), levels, across)


def level_origin(grid: LevelGrid, board: Board, square: int) -> tuple[float, float]:
    """Where the level of ``square`` begins (the origin on a flat board)."""
    return grid.origin(board.level_of[square]) if board.level_of else (0.0, 0.0)


def best_per_row(board: Board, width_px: float, height_px: float, margin: float, extra_width: float = 0.0) -> int:
    """How many levels to draw in a row in a view of that many pixels: all of them while that shows
    squares of :data:`COMFORTABLE_SQUARE_PX` or more, else the count that shows the largest squares.
    ``margin`` (each side) and ``extra_width`` (beside the board, e.g. hands) are in grid units."""
    levels = level_count(board)

    def square_px(per_row: int) -> float:
        grid = level_grid(board, per_row)
        if width_px <= 0 or height_px <= 0:
            return 0.0
        return min(width_px / (grid.width + 2 * margin + extra_width), height_px / (grid.height + 2 * margin))

    if levels == 1 or square_px(levels) >= COMFORTABLE_SQUARE_PX:
        return levels
    # Ties go to more levels in a row.
    return max(range(levels, 0, -1), key=lambda per_row: (round(square_px(per_row), 3), per_row))
