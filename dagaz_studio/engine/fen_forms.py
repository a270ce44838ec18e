"""The forms of FEN fields that Fairy-Stockfish writes beyond chess's own, read and written.

- Pieces in hand after a further ``/`` (``…/4K3/Qn w``), crazyhouse's other spelling of ``[Qn]``.
- En-passant fields naming several squares (``c5d6``): every square a piece passed and the one it
  landed on, as Fairy-Stockfish writes them after a Berolina pawn's diagonal double step, or every
  square a pawn's triple step passed (written by :meth:`Position.en_passant_square`).
- Check counters: the checks each player has still to give (``3+3``, after the en-passant field) or,
  as lichess writes them, those given (``+2+0``, after the move number).
- Castling rights of shuffled starts (Chess960): a right names a Rook on any file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from dagaz_studio.board.model import OPPOSITE
from dagaz_studio.board.placement import player_letter
from dagaz_studio.board.problems import echoed
from dagaz_studio.engine.state import FenError, LastMove

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board
    from dagaz_studio.engine.state import Piece, PositionState

#: The check counters as Fairy-Stockfish writes them, after the en-passant field: checks remaining.
REMAINING_CHECKS = re.compile(r"(\d{1,2})\+(\d{1,2})", re.ASCII)
#: The check counters as lichess writes them, after the move number: checks given (out of three).
GIVEN_CHECKS = re.compile(r"\+(\d{1,2})\+(\d{1,2})", re.ASCII)
#: The checks a lichess counter counts down from, as Fairy-Stockfish reads it.
LICHESS_CHECKS = 3


def holdings_in_brackets(board: Board, placement: str) -> str:
    """A placement whose pieces in hand follow one ``/`` more than the grid has rows
    (``…/4K3/Qn``) written with brackets instead (``…/4K3[Qn]``); any other placement unchanged."""
    if not board.has_hands or "[" in placement or board.level_names:
        return placement
    rows = placement.split("/")
    held = rows[-1]
    if len(rows) != len(board.row_names) + 1 or not (held == "-" or all(c.isascii() and c.isalpha() for c in held)):
        return placement
    return "/".join(rows[:-1]) + "[" + held + "]"


def split_check_counters(fields: list[str]) -> tuple[list[str], tuple[int, int] | None]:
    """The FEN's fields without its check counters, and the checks each player has still to give
    (``None`` when the FEN has none). Fairy-Stockfish's ``3+3`` stands after the en-passant field,
    lichess's ``+2+0`` (checks given, out of three) after the move number."""
    if len(fields) > 4 and (found := REMAINING_CHECKS.fullmatch(fields[4])):
        return fields[:4] + fields[5:], (int(found.group(1)), int(found.group(2)))
    if len(fields) > 2 and (found := GIVEN_CHECKS.fullmatch(fields[-1])):
        given = int(found.group(1)), int(found.group(2))
        return fields[:-1], (max(LICHESS_CHECKS - given[0], 0), max(LICHESS_CHECKS - given[1], 0))
    return fields, None


def read_en_passant_squares(board: Board, squares: list[int], cells: list[Piece | None], turn: int) -> LastMove | None:
    """The last move that an en-passant field of several squares describes, or ``None``.

    The squares lie in a line, one step apart. Either the line ends on the piece that moved (a
    Berolina pawn's ``c5d6``: the square passed and the one landed on) or that piece stands one step
    beyond it (a triple step's two squares passed); the move began one step before the line.
    """
    mover = (turn - 1) % len(board.players)
    given = set(squares)
    for letter in board.directions:
        back = OPPOSITE.get(letter, letter)
        starts = [s for s in squares if board.neighbour(s, back) not in given]
        if len(starts) != 1:
            continue
        line = [starts[0]]
        while (step := board.neighbour(line[-1], letter)) in given:
            line.append(step)
        if len(line) != len(squares):
            continue
        origin = board.neighbour(line[0], back)
        if origin is None:
            continue
        for target in (line[-1], board.neighbour(line[-1], letter)):
            piece = cells[target] if target is not None else None
            if piece is not None and piece.player == mover:
                return LastMove(origin, target, letter)  # type: ignore[arg-type]
    return None


def check_counter_field(position: PositionState) -> str:
    """The check counters as Fairy-Stockfish writes them (``3+3``, with a space before), or ``""``."""
    if position.checks_remaining is None:
        return ""
    first, second = position.checks_remaining
    return f" {first}+{second}"


def free_drops(board: Board) -> bool:
    """Whether the hands never change: every piece dropped is always in hand (``unlimited``) and no
    capture goes to a hand. Fairy-Stockfish writes no hand field for such a game (its free drops:
    Ataxx) unless it counts pieces in hand (Othello's discs)."""
    pieces = board.pieces
    return (bool(board.drops) and all(name in pieces and pieces[name].unlimited for name in board.drops)
            and not board.rules.captures_to_hand and not board.demotions)


def hand_field(position: PositionState) -> str:
    """The pieces in hand as FEN writes them after the placement (``[Bp]``, ``[]`` when none are
    held, as Fairy-Stockfish writes every position it reaches), or ``""`` on a board without hands,
    or whose hands never change and hold nothing: each player's pieces, the first player's first, in
    the order a FEN read gave them (:attr:`Position.hand_order`), the others in the board's."""
    board = position.board
    if not board.has_hands or free_drops(board) and not any(map(any, position.hands)):
        return ""
    kinds = position.kinds
    letters = []
    for player, hand in enumerate(position.hands):
        read = [kind for who, kind in position.hand_order if who == player]
        for kind in read + [kind for kind in range(len(hand)) if kind not in read]:
            if hand[kind] > 0:
                letters.append(player_letter(kinds[kind].letter, player) * hand[kind])
    return "[" + "".join(letters) + "]"


def _first_rows(position: PositionState) -> Iterator[tuple[int, Piece, str]]:
    """Each player's pieces on his first row (those a step backward, his ``S``, leaves the board
    from), the first player's first, by column: the square, the piece, and the column's letter as
    the castling field writes it (upper case for the first player)."""
    board = position.board
    for player in range(min(2, len(board.players))):
        behind = board.player_direction(board.players[player], "S")
        for square in sorted((s for s in range(len(board.squares)) if board.neighbour(s, behind) is None),
                             key=board.column_of.__getitem__):
            piece = position.cells[square]
            if piece is not None and piece.player == player:
                yield square, piece, player_letter(board.column_names[board.column_of[square]], player)


def read_column_rights(position: PositionState, letters: set[str], field: str, fen: str) -> None:
    """``rule: rights-by-column``: each player's pieces on his first row are unmoved when the castling
    ``field`` names their column (``letters``: upper case for the first player), and have moved when
    it does not.

    Raises :class:`~dagaz_studio.engine.position.FenError` for a letter that names no such piece."""
    named: set[str] = set()
    for square, piece, letter in _first_rows(position):
        position.cells[square] = piece._replace(moved=letter not in letters)
        named.add(letter)
    wrong = sorted(letters - named)
    if wrong:
        raise FenError(f"castling rights '{echoed(field)}': '{echoed(wrong[0])}' names no piece on its player's first row",
                       fen, "castling rights")


def column_rights_field(position: PositionState) -> str:
    """The castling field of ``rule: rights-by-column``: the columns of each player's unmoved pieces on
    his first row, the first player's (upper case) first, or ``-``."""
    return "".join(letter for _, piece, letter in _first_rows(position) if not piece.moved) or "-"
