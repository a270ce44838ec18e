"""Numbered names, as draughts players write moves: ``11-15``, ``22x15``, ``28x19x10``.

Squares are the board's draughts numbers (see :mod:`dagaz_studio.pdn`): a step is its two squares
joined by ``-``; a capture lists the squares the piece lands on, from where it starts, joined by
``x``. A move that visits a square without a number is written in coordinates.
"""

from __future__ import annotations

import re
from typing import Optional

from dagaz_studio.engine.interpreter import Move, describe_move
from dagaz_studio.names.context import Context
from dagaz_studio.pdn import square_numbers

_FORM = re.compile(r"\d+(?:[-x:]\d+)+")


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


def read(context: Context, text: str) -> Optional[list[int]]:
    """The indices of the moves ``text`` names by numbers, or ``None`` if it is not written so.

    Besides the full path, a capture may be given by its first and last squares (``28x10``) when that
    leaves one move, as PDN allows.
    """
    text = text.replace(" ", "")
    if _FORM.fullmatch(text) is None:
        return None
    by_number = {number: square for square, number in square_numbers(context.board).items()}
    try:
        path = [by_number[int(number)] for number in re.split(r"[-x:]", text)]
    except KeyError:
        return []
    captures = "x" in text or ":" in text
    found = []
    for i, move in enumerate(context.moves):
        if bool(move.captures) != captures or move.origin != path[0] or move.target != path[-1]:
            continue
        stops = _path(move)
        if stops == path or len(path) == 2:
            found.append(i)
    return found
