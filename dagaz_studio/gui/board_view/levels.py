"""A 3-D board drawn as its levels side by side, in the grid's order, left to right.

Each level is drawn as a flat board of the grid's columns and rows; a gap of :data:`LEVEL_GAP`
grid units separates one level from the next, and its name is written above it. On a flat board
there is one level and no shift.
"""

from __future__ import annotations

from dagaz_studio.board.model import Board

#: Grid units between two levels drawn side by side.
LEVEL_GAP = 0.8


def level_count(board: Board) -> int:
    """How many levels the board has (1 on a flat board)."""
    return len(board.level_names) or 1


def level_shift(board: Board, square: int) -> float:
    """How far right of the first level a square's level is drawn, in grid units."""
    if not board.level_of:
        return 0.0
    return board.level_of[square] * (len(board.column_names) + LEVEL_GAP)


def level_left(board: Board, level: int) -> float:
    """Where a level's first column begins, in grid units."""
    return level * (len(board.column_names) + LEVEL_GAP)


def drawn_width(board: Board) -> float:
    """The width of all the levels side by side, in grid units."""
    levels = level_count(board)
    return levels * len(board.column_names) + (levels - 1) * LEVEL_GAP
