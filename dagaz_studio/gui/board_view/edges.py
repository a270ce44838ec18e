"""What is written along a board's edges: its column and row names, and, on a board whose moves are
named in WXF (``names: wxf``), each player's file numbers along his own edge (1 on his right).

Positions are in grid units (a column or row is one unit; the board's first cell begins at 0, 0), for
the view to scale. Nothing here knows a game: the files come from the board's directions
(:func:`dagaz_studio.names.wxf.file_numbers`).
"""

from __future__ import annotations

from typing import NamedTuple

from dagaz_studio.board.model import Board
from dagaz_studio.gui.board_view.levels import LevelGrid

#: Grid units between the board's edge and the centre of a label beside it.
OFFSET = 0.3


class EdgeLabel(NamedTuple):
    """A label's text and centre, in grid units; ``kind`` is ``column``, ``row``, ``level`` or ``file``."""

    text: str
    x: float
    y: float
    kind: str


def shows_files(board: Board) -> bool:
    """Whether ``board`` names its moves by files counted from each player's right (WXF)."""
    return board.names.startswith("wxf")


def file_labels(board: Board, flipped: bool) -> list[EdgeLabel]:
    """Each player's file numbers, along the edge behind him (a player moving up the board numbers
    the bottom edge), each under or beside its file; ``flipped`` turns the board half round."""
    from dagaz_studio.names.context import NameStyleError
    from dagaz_studio.names.wxf import file_numbers

    try:
        players = file_numbers(board)
    except NameStyleError:
        return []
    columns, rows = len(board.column_names), len(board.row_names)
    out: list[EdgeLabel] = []
    for (fx, fy), numbers in players:
        if fx == 0 and fy != 0:
            # Files are columns: the number of each column, on the edge the player's back is to.
            bottom = (fy < 0) != flipped
            y = rows + OFFSET if bottom else -OFFSET
            seen: dict[int, int] = {}
            for square, number in enumerate(numbers):
                seen.setdefault(board.column_of[square], number)
            for column, number in seen.items():
                drawn = columns - 1 - column if flipped else column
                out.append(EdgeLabel(str(number), drawn + 0.5, y, "file"))
        elif fy == 0 and fx != 0:
            right = (fx < 0) != flipped
            x = columns + OFFSET if right else -OFFSET
            by_row: dict[int, int] = {}
            for square, number in enumerate(numbers):
                by_row.setdefault(board.row_of[square], number)
            for row, number in by_row.items():
                drawn = rows - 1 - row if flipped else row
                out.append(EdgeLabel(str(number), x, drawn + 0.5, "file"))
    return out


def edge_labels(board: Board, grid: LevelGrid, flipped: bool, coordinates: bool) -> list[EdgeLabel]:
    """The labels around ``board`` drawn in ``grid``: its coordinates when ``coordinates`` (column
    names above and below each level, row names beside each row of levels, a 3-D level's name above
    it), and WXF file numbers where the board names moves so — in place of the column names on the
    edges they take."""
    files = file_labels(board, flipped) if shows_files(board) and grid.levels == 1 else []
    taken = {round(label.y, 3) for label in files}
    out: list[EdgeLabel] = list(files)
    if not coordinates:
        return out
    columns, rows = len(board.column_names), len(board.row_names)
    for level in range(grid.levels):
        left, top = grid.origin(level)
        for column, name in enumerate(board.column_names):
            x = left + (columns - 1 - column if flipped else column) + 0.5
            for y in (top + grid.rows + OFFSET, top - OFFSET):
                if y < top and board.level_names:
                    continue  # the level's name stands above it instead
                if round(y, 3) in taken:
                    continue
                out.append(EdgeLabel(name, x, y, "column"))
        if board.level_names:
            out.append(EdgeLabel(f"level {board.level_names[level]}", left + grid.columns / 2, top - OFFSET, "level"))
    for level_row in range(grid.level_rows):
        levels = grid.row_levels(level_row)
        first_left, top = grid.origin(levels[0])
        last_right = grid.origin(levels[-1])[0] + grid.columns
        for row, name in enumerate(board.row_names):
            y = top + (rows - 1 - row if flipped else row) + 0.5
            for x in (first_left - OFFSET, last_right + OFFSET):
                out.append(EdgeLabel(name, x, y, "row"))
    return out
