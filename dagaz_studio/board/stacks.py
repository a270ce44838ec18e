"""Reading and writing the placement of a stack board (``kind: stack``, docs/boards.md).

A stack board's square holds a column of pieces; the piece on top commands it. A column of one
piece is written as that piece's letter, as on a plain board; a column of several in parentheses,
**from the top down**: ``(Sso)`` is a first-player soldier on a second-player soldier on a
second-player officer. Runs of empty squares are numbers::

    s1(so)1s1s/1s1s1s1/s1s1s1s/7/S1(Ss)1S1S/1S1S1S1/S1S3S
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dagaz_studio.board.placement import DIGITS, PlacementError, empty_run, flat_rows, format_placement, player_letter

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board

#: A column's pieces from the top down, each (player index, piece kind index in board order).
ColumnPieces = tuple[tuple[int, int], ...]


def parse_stack_placement(board: Board, placement: str) -> dict[int, ColumnPieces]:
    """The columns a placement puts on the board: square index -> its pieces from the top down.
    Raises :class:`PlacementError` for rows that do not fit the grid, an unknown letter, or a column
    in parentheses of fewer than two pieces (``()``, ``(S)``) or left open."""
    rows, start = flat_rows(board, placement, "stack")
    names = list(board.pieces)
    width = len(board.column_names)
    columns: dict[int, ColumnPieces] = {}
    offset = start
    for row_index, row in enumerate(rows):
        column, i = 0, 0
        while i < len(row):
            char, at = row[i], offset + i
            pieces: list[tuple[int, int]] = []
            if char in DIGITS:
                count, i = empty_run(row, i, width, offset)
                column += count
            elif char == "(":
                end = row.find(")", i)
                if end < 0:
                    raise PlacementError("a column opened with '(' is not closed with ')'", at)
                inside = row[i + 1:end]
                if len(inside) < 2:
                    raise PlacementError(f"an impossible column '({inside})': a column in parentheses holds "
                                         "two pieces or more, written from the top down", at)
                for k, letter in enumerate(inside):
                    pieces.append(_piece(board, names, letter, at + 1 + k))
                i = end + 1
            else:
                pieces.append(_piece(board, names, char, at))
                i += 1
            if pieces:
                if column < width:
                    columns[board.index(board.column_names[column] + board.row_names[row_index])] = tuple(pieces)
                column += 1
            if column > width:
                raise PlacementError(f"row {row_index + 1} from the top has more than {width} squares", at)
        if column < width:
            raise PlacementError(f"row {row_index + 1} from the top has {column} squares, the grid has {width}",
                                 offset)
        offset += len(row) + 1
    return columns


def _piece(board: Board, names: list[str], letter: str, at: int) -> tuple[int, int]:
    if not (letter.isascii() and letter.isalpha()):
        raise PlacementError(f"unexpected '{letter}' in the placement: expected a piece letter, a column in "
                             "parentheses or a count of empty squares in digits 0-9", at)
    piece = board.piece_by_letter(letter)
    if piece is None:
        raise PlacementError(f"no piece has the letter '{letter}'", at)
    return (0 if letter.isupper() else 1, names.index(piece.name))


def format_stack_placement(board: Board, columns: dict[int, ColumnPieces]) -> str:
    """The placement field of a stack board."""
    kinds = list(board.pieces.values())

    def written(square: int) -> str | None:
        pieces = columns.get(square)
        if not pieces:
            return None
        text = "".join(player_letter(kinds[k].letter, p) for p, k in pieces)
        return text if len(pieces) == 1 else f"({text})"
    return format_placement(board, written)
