"""Coordinate names: the squares a move visits and what it captures (``d3-e3xc3``, ``e2e4``, ``e7e8q``).

Writing is :func:`~dagaz_studio.engine.values.describe_move`. Reading also takes the spellings
of other tools: UCI (``e2e4``, ``e7e8q``), long algebraic (``e5xd6``, ``e2-e4``).
"""

from __future__ import annotations

import re

from dagaz_studio.engine import describe_move
from dagaz_studio.names.context import Context

_ALSO = re.compile(r"\s*\([^()]*\)")
# Columns are single letters (docs/boards.md), which keeps "e5xd6" from reading as a square "xd6".
# re.ASCII throughout: \d would also match '٣' and '²', which name no row.
_SQUARE = re.compile(r"[a-z]\d+", re.ASCII)
_FORM = re.compile(
    r"(?P<path>[a-z]\d+(?:-?[a-z]\d+)*)(?P<captures>(?:[x:][a-z]\d+)*)(?:[=/]?(?P<promotion>[A-Za-z]+))?",
    re.ASCII,
)


def write(context: Context) -> list[str]:
    """The coordinate name of every move of ``context``."""
    board = context.board
    # A piece dropped as its promoted side (Kyoto shogi's) names that side, as a promotion does.
    return [describe_move(board, move) + (f"={move.promotion}" if move.dropped and move.promotion else "")
            for move in context.moves]


def read(context: Context, text: str) -> list[int] | None:
    """The indices of the moves ``text`` names in coordinates, or ``None`` if it is not written so."""
    board = context.board
    by_name = context.cache.get("coordinates")
    if by_name is None:
        by_name = context.cache["coordinates"] = {}
        for i, name in enumerate(write(context)):
            by_name.setdefault(name, []).append(i)
    exact = by_name.get(" ".join(text.split()))
    if exact:
        return list(exact)
    # The pieces a move also displaces (castling's rook) are shown in brackets; the rest says enough.
    form = _FORM.fullmatch(_ALSO.sub("", text).replace(" ", "").rstrip("+#!?"))
    if form is None:
        return None
    squares = [s.group() for s in _SQUARE.finditer(form.group("path"))]
    captures = [s.group() for s in _SQUARE.finditer(form.group("captures"))]
    if len(squares) == 1:
        if not captures:
            return None
        # Long algebraic "e5xd6": the x stands between the origin and the target.
        squares.append(captures.pop(0))
    if not all(board.has_square(s) for s in squares + captures):
        return None
    path = [board.index(s) for s in squares]
    taken = {board.index(s) for s in captures}
    promotion = form.group("promotion")
    found = []
    for i, move in enumerate(context.moves):
        if move.origin != path[0]:
            continue
        if list(move.stops) != path[1:] and not (len(path) == 2 and move.target == path[1]):
            continue
        if not taken <= set(move.captures):
            continue
        if not context.matches_promotion(move, promotion):
            continue
        found.append(i)
    return found
