"""Which squares to mark, and how, for a set of moves: the same marks in the window and in pictures.

Kinds (the board view draws each with its own colour and symbol): ``selected`` the moving piece's
square; ``move`` a quiet destination; ``capture`` a destination whose piece is taken; ``removed`` a
square whose piece a move takes away elsewhere (Fanorona, en passant); ``displaced`` a second piece a
move carries away (castling's Rook); ``stop`` a landing point of a chain of partial moves.
"""

from __future__ import annotations

from typing import Iterable, Optional

from dagaz_studio.engine.values import Move

# When one square plays several parts, the mark that says most wins.
_PRIORITY = {"selected": 5, "capture": 4, "move": 3, "removed": 2, "displaced": 1, "stop": 0}


def move_highlights(moves: Iterable[Move], origin: Optional[int] = None) -> dict[int, str]:
    """Square -> highlight kind for ``moves`` (and ``origin`` marked ``selected`` if given)."""
    marks: dict[int, str] = {}

    def mark(square: int, kind: str) -> None:
        if square not in marks or _PRIORITY[kind] > _PRIORITY[marks[square]]:
            marks[square] = kind

    for move in moves:
        mark(move.target, "capture" if move.target in move.captures else "move")
        for square in move.captures:
            if square != move.target:
                mark(square, "removed")
        for start, _end in move.also:
            mark(start, "displaced")
        for square in move.stops[:-1]:
            mark(square, "stop")
    if origin is not None:
        marks[origin] = "selected"
    return marks
