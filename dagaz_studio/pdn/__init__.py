"""PDN, the Portable Draughts Notation: numbered squares and PDN FEN (``W:W31,32,K20:B1,2``).

Draughts players number the dark squares of the board: counted row by row from the top as drawn,
left to right, every square of the colour of the bottom-left one (``1`` is ``b8`` in English
checkers, ``46`` is ``a1`` in international draughts). A PDN FEN gives the side to move, then each
side's pieces by their numbers, ``K`` before a king's. ``W`` and ``B`` stand for the players whose
names begin with those letters; an unmarked number is the board's first piece type (the man), a
``K`` number the piece type whose letter is ``K``. Boards with algebraic squares (Russian draughts)
write their squares by name: ``W:Wa1,c3:Bb6``. Numbers may be given as ranges (``W:W31-50:B1-20``), and
Lidraughts' move counters may end the FEN (``:H0:F1``).
"""

from __future__ import annotations

import re

from dagaz_studio.board.model import Board, kept
from dagaz_studio.board.placement import format_placement
from dagaz_studio.board.problems import echoed, quoted
from dagaz_studio.engine import Position

__all__ = ["PdnError", "board_fen", "fen_from_pdn", "is_pdn_fen", "keeps_colour", "not_for_pdn", "pdn_fen",
           "pdn_from_position", "square_by_number", "square_numbers"]

_PDN = re.compile(r"\s*[WB]\s*:")


class PdnError(ValueError):
    """A PDN FEN that does not fit the board: what is wrong, and in which part."""


@kept
def square_numbers(board: Board) -> dict[int, int]:
    """Every numbered square of the board: square index -> its draughts number."""
    parity = (len(board.row_names) - 1) % 2  # the bottom-left square's colour
    dark = sorted((board.row_of[s], board.column_of[s], s) for s in range(len(board.squares))
                  if (board.row_of[s] + board.column_of[s]) % 2 == parity)
    return {s: number for number, (_, _, s) in enumerate(dark, start=1)}


@kept
def keeps_colour(board: Board) -> bool:
    """Whether every direction of the board leads from a square to one of its colour, as a draughts
    board's diagonals do: the boards PDN is written for, its numbers counting one colour's squares.
    (A chess or xiangqi board's straight steps change colour: PDN's men and kings have no meaning there.)"""
    def colour(square: int) -> int:
        return (board.row_of[square] + board.column_of[square]) % 2

    return all(to is None or colour(to) == colour(square)
               for table in board.directions.values() for square, to in enumerate(table))


def not_for_pdn(board: Board) -> str | None:
    """Why PDN does not fit ``board`` (its pieces change the colour of their square), or ``None``."""
    if keeps_colour(board):
        return None
    return (f"PDN FEN is for boards whose pieces keep to the squares of one colour, as draughts pieces do; "
            f"{board.name}'s pieces move onto both colours")


def square_by_number(board: Board, text: str) -> int | None:
    """The square a draughts number names (``32``) on a board PDN fits, or ``None`` when ``text`` is no
    number of one of its squares."""
    number = _number(text.strip())
    if number is None or not keeps_colour(board):
        return None
    return {n: s for s, n in square_numbers(board).items()}.get(number)


def is_pdn_fen(text: str) -> bool:
    """Whether ``text`` is written as a PDN FEN (``W:W…:B…``) rather than a board FEN: it begins
    with the side to move and a colon, which no board FEN does."""
    return _PDN.match(text) is not None


def _player(board: Board, letter: str, part: str) -> int:
    for index, name in enumerate(board.players):
        if name[:1].upper() == letter:
            return index
    raise PdnError(f"PDN FEN part {quoted(part)}: no player's name begins with {quoted(letter)} "
                   f"(players: {', '.join(board.players)})")


def _kinds(board: Board) -> tuple[str, str | None]:
    """The letters of the man (the first piece type) and of the king (letter ``K``), upper case."""
    letters = [piece.letter.upper() for piece in board.pieces.values()]
    if not letters:
        raise PdnError(f"{board.name} has no pieces to place")
    return letters[0], ("K" if "K" in letters else None)


def _number(text: str) -> int | None:
    """The number ``text`` writes in ASCII digits (int() refuses other scripts' superscripts, which
    isdigit() takes), or ``None``; a number of more digits than any board's squares is read as
    :data:`_MOST_SQUARES`, beyond them all, rather than converted whole (Python refuses to convert
    thousands of digits)."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) < len(str(_MOST_SQUARES)) else _MOST_SQUARES


def _square(board: Board, item: str, by_number: dict[int, int]) -> int:
    number = _number(item)
    if number is not None:
        index = by_number.get(number)
        if index is None:
            raise PdnError(f"no square numbered {echoed(item)} on {board.name} (1 to {len(by_number)})")
        return index
    if board.has_square(item):
        return board.index(item)
    raise PdnError(f"{quoted(item)} is neither a square number nor a square of {board.name}")


def fen_from_pdn(board: Board, text: str) -> str:
    """The board FEN of a PDN FEN; raises :class:`PdnError` for one that does not fit the board."""
    if not is_pdn_fen(text):
        raise PdnError(f"not a PDN FEN: {quoted(text, long=True)} (expected e.g. 'W:W31,32:B1,K2')")
    refusal = not_for_pdn(board)
    if refusal is not None:
        raise PdnError(f"{quoted(text, long=True)}: {refusal}: give a board FEN")
    side, *parts = [part.strip() for part in text.strip().rstrip(".").split(":")]
    turn = _player(board, side, side)
    # Lidraughts (and pydraughts, which reads it) ends a PDN FEN with the move counters, H (half-moves
    # since a capture or a man's move) and F (the move number), letters no player's name begins with.
    counters = {"H": "0", "F": "1"}
    while parts and re.fullmatch(r"[HF][0-9]+", parts[-1]) and not any(
            name[:1].upper() == parts[-1][0] for name in board.players):
        last = parts.pop()
        counters[last[0]] = last[1:]
    man, king = _kinds(board)
    by_number = {number: s for s, number in square_numbers(board).items()}
    cells: dict[int, str] = {}
    for part in parts:
        if not part:
            raise PdnError(f"PDN FEN {quoted(text, long=True)} has an empty part")
        player = _player(board, part[0], part)
        for item in filter(None, (item.strip() for item in part[1:].split(","))):
            letter = man
            if item.startswith("K"):
                if king is None:
                    raise PdnError(f"{quoted(item)}: {board.name} has no piece with the letter K")
                letter, item = king, item[1:]
            if not item:
                raise PdnError(f"'K' in part {quoted(part)}: a king without its square")
            for one in _squares(item):
                square = _square(board, one, by_number)
                if square in cells:
                    raise PdnError(f"square {echoed(one)} is given twice")
                cells[square] = letter if player == 0 else letter.lower()
    placement = f"{format_placement(board, cells.get)} {'w' if turn == 0 else 'b'}"
    # A stack board's position has no castling, en passant or move counts: its FEN ends at the side.
    return placement if board.kind_type.holds_columns else placement + f" - - {counters['H']} {counters['F']}"


def board_fen(board: Board, text: str) -> str:
    """The board FEN ``text`` gives: a PDN FEN (``W:W31,32:B1,K2``) converted by :func:`fen_from_pdn`,
    any other text as it is: every door a FEN comes in by (the command line, a board file's tests, the
    window) reads a draughts position either way."""
    text = text.strip()
    return fen_from_pdn(board, text) if is_pdn_fen(text) else text


def _squares(item: str) -> list[str]:
    """The squares an item names: one, or a range of numbers (``31-35``, PDN's way of listing a row)."""
    if "-" not in item:
        return [item]
    low_text, _, high_text = item.partition("-")
    low, high = _number(low_text), _number(high_text)
    if low is None or high is None or low > high:
        raise PdnError(f"{quoted(item)}: a range of squares is two numbers, the lower first (e.g. 31-35)")
    if high - low >= _MOST_SQUARES or high >= _MOST_SQUARES:
        raise PdnError(f"{quoted(item)}: a range of more squares than a board has")
    return [str(number) for number in range(low, high + 1)]


#: More squares than any board numbers: a range longer is refused before it is listed.
_MOST_SQUARES = 10_000


def pdn_fen(position: Position) -> str:
    """The position as a PDN FEN, as draughts players write it: the squares by number on a board that
    names its moves by numbers, else by name (``W:Wa1,c3:Bb6``), as pydraughts writes Russian draughts.

    Raises :class:`PdnError` for a position PDN cannot say: on a board it does not fit, with a piece
    neither the man (the first piece type) nor the piece lettered ``K``, a column of several pieces,
    pieces in hand, or players other than one whose name begins with W and one with B."""
    board = position.board
    refusal = not_for_pdn(board)
    if refusal is not None:
        raise PdnError(refusal)
    if sorted(name[:1].upper() for name in board.players) != ["B", "W"]:
        # A PDN FEN begins with W or B, the side to move: a FEN of other letters would not read back.
        raise PdnError(f"PDN FEN names the two players W and B, and {board.name}'s are "
                       f"{', '.join(board.players)}")
    _, king = _kinds(board)
    man = next(iter(board.pieces))
    kinds = position.kinds
    for square, piece in enumerate(position.cells):
        if piece is None:
            continue
        height = getattr(piece, "height", 1)
        if height > 1:
            raise PdnError(f"the column on {board.squares[square]} holds {height} pieces: PDN FEN writes one a square")
        letter = kinds[piece.kind].letter.upper() if piece.kind < len(kinds) else ""
        if piece.kind != 0 and letter != king or not 0 <= piece.player < len(board.players):
            what = kinds[piece.kind].name if piece.kind < len(kinds) else "piece"
            raise PdnError(f"the {what} on {board.squares[square]}: PDN FEN writes only men (the board's first "
                           f"piece type, {man}) and kings (the piece lettered K), of the two players")
    if any(any(hand) for hand in position.hands):
        raise PdnError("PDN FEN has no pieces in hand")
    return pdn_from_position(position, numbered=board.names == "numbers")


def pdn_from_position(position: Position, numbered: bool = True) -> str:
    """The position as a PDN FEN: numbered squares, or the squares' names when ``numbered`` is false."""
    board = position.board
    numbers = square_numbers(board)
    kinds = position.kinds
    parts = []
    for player, name in enumerate(board.players):
        items = []
        for s, piece in enumerate(position.cells):
            if piece is None or piece.player != player:
                continue
            king = "K" if piece.kind != 0 and kinds[piece.kind].letter.upper() == "K" else ""
            if numbered and s in numbers:
                items.append((numbers[s], king + str(numbers[s])))
            else:
                items.append((0, king + board.squares[s]))
        parts.append(name[:1].upper() + ",".join(item for _, item in sorted(items)))
    side = board.players[position.turn][:1].upper()
    # White's pieces first, as PDN's examples and pydraughts write them, whichever side the board lists first.
    return ":".join([side, *sorted(parts, key=lambda part: part[:1] != "W")])
