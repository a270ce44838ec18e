"""Draughts names, as draughts players write moves: numbered (``11-15``, ``22x15``, ``28x19x10``)
or algebraic, as Russian and Brazilian players do (``c3-d4``, ``c3:e5:g7``).

Numbered squares are the board's draughts numbers (see :mod:`dagaz_studio.pdn`): a step is its two
squares joined by ``-``; a capture lists the squares the piece lands on, from where it starts,
joined by ``x``. A move that visits a square without a number is written in coordinates. Algebraic
names are the same with the squares' names, a capture's squares joined by ``:``.
"""

from __future__ import annotations

import re

from dagaz_studio.engine import Move, describe_move
from dagaz_studio.names.context import Context
from dagaz_studio.pdn import square_numbers

# ASCII digits only, as every other style reads them: a name in another script's digits names nothing.
_FORM = re.compile(r"\d+(?:[-x:]\d+)+", re.ASCII)
_ALGEBRAIC = re.compile(r"[a-z]\d+(?:[-x:][a-z]\d+)+", re.ASCII)
#: The most digits a square number is read with: one of more names no square (and Python refuses to
#: convert thousands of digits at once).
_MOST_DIGITS = 6


def _bare(text: str) -> str:
    """``text`` without spaces and without the marks of a move's strength PDN writes after it, as
    chess's (``32-28!``, ``28x19?!``)."""
    return text.replace(" ", "").rstrip("!?")


def _path(move: Move) -> list[int]:
    return [move.origin, *move.stops] if move.stops else [move.origin, move.target]


def name(context: Context, move: Move) -> str:
    """The numbered name of one move."""
    numbers = square_numbers(context.board)
    path = _path(move)
    if not all(square in numbers for square in path):
        return describe_move(context.board, move)
    return ("x" if move.captures else "-").join(str(numbers[square]) for square in path)


def write(context: Context) -> list[str]:
    """The numbered name of every move of ``context``."""
    return [name(context, move) for move in context.moves]


def read(context: Context, text: str) -> list[int] | None:
    """The indices of the moves ``text`` names by numbers, or ``None`` if it is not written so.

    Besides the full path, a capture may be given by its first and last squares (``28x10``) when that
    leaves one move, as PDN allows.
    """
    text = _bare(text)
    if _FORM.fullmatch(text) is None:
        return None
    by_number = {number: square for square, number in square_numbers(context.board).items()}
    written = re.split(r"[-x:]", text)
    if any(len(number.lstrip("0")) > _MOST_DIGITS for number in written):
        return []
    try:
        path = [by_number[int(number)] for number in written]
    except KeyError:
        return []
    return _matching(context, path, "x" in text or ":" in text)


def name_algebraic(context: Context, move: Move) -> str:
    """The algebraic draughts name of one move: ``c3-d4``, ``c3:e5:g7``."""
    squares = context.board.squares
    return (":" if move.captures else "-").join(squares[square] for square in _path(move))


def write_algebraic(context: Context) -> list[str]:
    """The algebraic draughts name of every move of ``context``."""
    return [name_algebraic(context, move) for move in context.moves]


def read_algebraic(context: Context, text: str) -> list[int] | None:
    """The indices of the moves ``text`` names in draughts' algebraic form (``c3:e5:g7``, also
    ``c3xe5``; a capture by its first and last squares when that leaves one move), or ``None``."""
    text = _bare(text)
    if _ALGEBRAIC.fullmatch(text) is None:
        return None
    board = context.board
    names = re.split(r"[-x:]", text)
    if not all(board.has_square(name) for name in names):
        return None
    return _matching(context, [board.index(name) for name in names], "x" in text or ":" in text)


def _matching(context: Context, path: list[int], captures: bool) -> list[int]:
    found = []
    for i, move in enumerate(context.moves):
        if bool(move.captures) != captures or move.origin != path[0] or move.target != path[-1]:
            continue
        stops = _path(move)
        if stops == path or len(path) == 2:
            found.append(i)
    # Ways round that take the same pieces and leave the same position are one move to PDN, which
    # names it by its first and last squares alone (48x48 round four men either way).
    if len(path) == 2 and len({frozenset(context.moves[i].changes) for i in found}) == 1:
        return found[:1]
    return found
