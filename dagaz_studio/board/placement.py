"""Reading (and writing) the piece-placement field of a board's FEN.

The FEN of a board generalises chess's: rows from the top of the grid as drawn, separated by ``/``;
in each row, piece letters (the first player's upper case, the second player's lower case) and numbers
(possibly of several digits, such as ``10``) counting empty squares. Digits are ASCII digits only:
``str.isdigit`` also accepts '²' and '②', which are no count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from dagaz_studio.board.model import kept

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board, PieceType


#: The player index of a neutral piece (``piece Arrow * neutral``), which belongs to nobody.
NEUTRAL = -1

#: ASCII digits: the only digits a count of empty squares is written with.
DIGITS = frozenset("0123456789")


class PlacementError(ValueError):
    """A placement that does not fit the board: ``message`` says what, ``offset`` (0-based) where.

    ``offset`` counts characters into the string given to :func:`parse_placement`.
    """

    def __init__(self, message: str, offset: int) -> None:
        self.message = message
        self.offset = offset
        super().__init__(f"column {offset + 1}: {message}")


def player_letter(letter: str, player: int) -> str:
    """A letter as a FEN writes it for a player: upper case for the first, lower case for the others,
    as it is for nobody's piece (a neutral one)."""
    return letter if player < 0 else letter.upper() if player == 0 else letter.lower()


def format_row(cells: Iterable[str | None]) -> str:
    """One row of a placement field: each cell's text, runs of empty cells (``None``) as numbers."""
    out: list[str] = []
    empty = 0
    for text in cells:
        if text is None:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(text)
    if empty:
        out.append(str(empty))
    return "".join(out)


def format_placement(board: Board, written: Callable[[int], str | None]) -> str:
    """A placement field: each square's text by ``written`` (``None``: empty), rows from the top of
    the grid, runs of empty squares (and of places the grid has no square) as numbers; on a 3-D
    board each level's rows are joined to the next by ``|``."""
    levels = board.level_of or (0,) * len(board.squares)
    grid = {(board.column_of[s], board.row_of[s], levels[s]): s for s in range(len(board.squares))}
    rows = [format_row(None if (s := grid.get((c, r, z))) is None else written(s)
                       for c in range(len(board.column_names)))
            for z in range(len(board.level_names) or 1) for r in range(len(board.row_names))]
    height = len(board.row_names)
    return "|".join("/".join(rows[i:i + height]) for i in range(0, len(rows), height))


def flat_rows(board: Board, placement: str, kind: str) -> tuple[list[str], int]:
    """The rows of a one-level board's placement (a heap or stack board's, ``kind`` naming it in
    messages), each a string, from the top, and where the first begins in ``placement`` (a whole
    FEN is accepted). Raises :class:`PlacementError` for an empty placement, a board with levels or
    another number of rows than the grid's."""
    stripped = placement.lstrip()
    start = len(placement) - len(stripped)
    field = stripped.split()[0] if stripped.split() else ""
    if not field:
        raise PlacementError("the placement is empty", start)
    if board.level_names:
        raise PlacementError(f"a {kind} board has one level", start)
    rows = field.split("/")
    height = len(board.row_names)
    if len(rows) != height:
        raise PlacementError(f"{len(rows)} row{'s' if len(rows) != 1 else ''}, but the grid has {height}", start)
    return rows, start


@kept
def setup_placement(board: Board) -> dict[int, tuple[int, PieceType]]:
    """The pieces of the board's setup by square, as (player, piece type); worked out once per board.

    Empty without a setup, or with one that does not fit the board (the loader reports that).
    """
    if board.setup:
        try:
            return parse_placement(board, board.setup.split()[0])
        except PlacementError:
            pass
    return {}


def parse_placement(board: Board, placement: str) -> dict[int, tuple[int, PieceType]]:
    """The pieces a FEN placement puts on ``board``: square index -> (player index, piece type); a
    neutral piece's player is :data:`NEUTRAL`.

    ``placement`` is the placement field; a whole FEN is accepted too (only its first field is read).
    Raises :class:`PlacementError` when the rows or their lengths do not match the grid, or a letter
    names no piece of the board.

    >>> from dagaz_studio.board.loader import parse_board
    >>> board = parse_board("grid: a-c x 2-1")
    >>> parse_placement(board, "3/3")
    {}
    """
    stripped = placement.lstrip()
    start = len(placement) - len(stripped)
    field = stripped.split()[0] if stripped.split() else ""
    if "[" in field:
        # The pieces in hand follow in brackets (read by parse_hand): the rows end before them.
        field = field[:field.index("[")]
    if not field:
        raise PlacementError("the placement is empty", start)

    levels = field.split("|") if board.level_names else [field]
    if len(levels) != len(board.level_names or [""]):
        given = "1 level" if len(levels) == 1 else f"{len(levels)} levels"
        raise PlacementError(f"{given}, but the grid has {len(board.level_names)}: "
                             "levels are separated by '|'", start)
    pieces: dict[int, tuple[int, PieceType]] = {}
    offset = start
    for level_index, level in enumerate(levels):
        prefix = board.level_names[level_index] if board.level_names else ""
        _read_rows(board, level, offset, prefix, pieces)
        offset += len(level) + 1
    return pieces


def _read_rows(board: Board, field: str, start: int, prefix: str,
               pieces: dict[int, tuple[int, PieceType]]) -> None:
    """The pieces of one level's rows (the whole placement on a flat board) into ``pieces``;
    ``prefix`` is the level's name, which begins its squares' names."""
    width = len(board.column_names)
    height = len(board.row_names)
    where = f" on level {prefix}" if prefix else ""
    rows = field.split("/")
    if len(rows) != height:
        raise PlacementError(f"{len(rows)} row{'s' if len(rows) != 1 else ''}{where}, but the grid has {height}", start)
    offset = start
    for row_index, row in enumerate(rows):
        column = 0
        i = 0
        while i < len(row):
            char = row[i]
            item_start = offset + i
            if char in DIGITS:
                count, i = empty_run(row, i, width, offset)
                column += count
            elif (char.isascii() and char.isalpha()) or (char == "+" and row[i + 1:i + 2].isalpha()) or char == "*":
                # '+P' is a promoted piece (shogi), 'Q~' one promoted from a pawn (crazyhouse).
                length = 2 if char == "+" or row[i + 1:i + 2] == "~" else 1
                letter = row[i:i + length]
                piece = board.piece_by_letter(letter)
                if piece is None:
                    raise PlacementError(f"no piece has the letter '{letter}'", offset + i)
                if column < width:
                    square = board.index(prefix + board.column_names[column] + board.row_names[row_index])
                    # A neutral piece (a wall, an arrow) is nobody's, whatever the case of its letter.
                    owner = NEUTRAL if piece.neutral else 0 if letter.strip("+~").isupper() else 1
                    pieces[square] = (owner, piece)
                column += 1
                i += length
            else:
                what = f"'{char}', not a digit 0-9," if char.isdigit() else f"'{char}'"
                raise PlacementError(f"unexpected {what} in the placement: expected a piece letter or a count of "
                                     "empty squares in digits 0-9", offset + i)
            if column > width:
                raise PlacementError(
                    f"row {row_index + 1} from the top{where} has more than {width} squares", item_start
                )
        if column < width:
            raise PlacementError(
                f"row {row_index + 1} from the top{where} has {column} squares, the grid has {width}", offset
            )
        offset += len(row) + 1


def empty_run(row: str, i: int, width: int, offset: int) -> tuple[int, int]:
    """The count of empty squares whose digits begin at ``row[i]`` (more than ``width`` for a run
    longer than the row), and where they end; ``offset`` is where ``row`` begins in the placement."""
    j = i
    while j < len(row) and row[j] in DIGITS:
        j += 1
    digits = row[i:j].lstrip("0")
    if not digits:
        raise PlacementError("an empty run of 0 squares", offset + i)
    # A run longer than the row is refused by its length in digits before it is read as a number:
    # a run of thousands of digits would be slow to convert, or refused by int.
    return (int(digits) if len(digits) <= len(str(width)) else width + 1), j


def parse_hand(board: Board, placement: str) -> list[tuple[int, PieceType]]:
    """The pieces held in hand that a placement's brackets list: (player index, piece type) for each.

    ``LNSGKGSNL[Bp]``: the first player holds a piece lettered ``B``, the second a ``p``; ``[-]`` and
    ``[]`` are empty hands, and a placement without brackets holds nothing. Raises
    :class:`PlacementError` for brackets on a board without hands, a letter no piece has, or a piece
    that cannot be held (a royal or promoted one).
    """
    field = placement.split()[0] if placement.split() else ""
    if "[" not in field:
        return []
    offset = field.index("[")
    inside = field[offset + 1:]
    if not inside.endswith("]") or "[" in inside:
        raise PlacementError("the pieces in hand are written in brackets at the end of the placement: [Pn]",
                             offset)
    if not board.has_hands:
        raise PlacementError("this board has no pieces in hand (it has no 'drop' statement)", offset)
    inside = inside[:-1]
    if inside == "-":
        return []
    held: list[tuple[int, PieceType]] = []
    for i, char in enumerate(inside):
        at = offset + 1 + i
        if not (char.isascii() and char.isalpha()):
            raise PlacementError(f"unexpected '{char}' among the pieces in hand: expected piece letters", at)
        piece = board.piece_by_letter(char)
        if piece is None:
            raise PlacementError(f"no piece has the letter '{char}' (in hand)", at)
        if piece.royal and piece.name not in board.drops:
            raise PlacementError(f"a royal piece ('{char}') cannot be held in hand: no 'drop {piece.name}:' "
                                 "statement says how it is dropped", at)
        held.append((0 if char.isupper() else 1, piece))
    return held
