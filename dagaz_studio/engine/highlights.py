"""Which squares to mark, and how, for a set of moves: the same marks in the window and in pictures.

Kinds (the board view draws each with its own colour and symbol): ``selected`` the moving piece's
square; ``move`` a quiet destination; ``capture`` a destination whose piece is taken; ``removed`` a
square whose piece a move takes away elsewhere (Fanorona, en passant); ``destroyed`` a square whose piece a move takes off
the board without capturing it (``[d]``: Atomic's explosions); ``displaced`` a second piece a move
carries away (castling's Rook); ``stop`` a landing point of a chain of partial moves.
"""

from __future__ import annotations

from collections.abc import Iterable

from dagaz_studio.engine.values import Move

# When one square plays several parts, the mark that says most wins.
_PRIORITY = {"selected": 6, "capture": 5, "move": 4, "destroyed": 3, "removed": 2, "displaced": 1, "stop": 0}


def move_highlights(moves: Iterable[Move], origin: int | None = None, heaps: bool = False) -> dict[int, str]:
    """Square -> highlight kind for ``moves`` (and ``origin`` marked ``selected`` if given).

    ``heaps``: the moves are a heap board's, which empty the pits they lift to sow: nothing there is
    destroyed."""
    marks: dict[int, str] = {}

    def mark(square: int, kind: str) -> None:
        if square not in marks or _PRIORITY[kind] > _PRIORITY[marks[square]]:
            marks[square] = kind

    for move in moves:
        mark(move.target, "capture" if move.target in move.captures else "move")
        for square in move.captures:
            mark(square, "removed")  # the target's capture says more
        for start, _end in move.also:
            mark(start, "displaced")
        if not heaps:
            for square in destroyed_squares(move):
                mark(square, "destroyed")
        for square in move.stops[:-1]:
            mark(square, "stop")
    if origin is not None:
        marks[origin] = "selected"
    return marks


def destroyed_squares(move: Move) -> list[int]:
    """The squares whose pieces ``move`` takes off the board without capturing them (``[d]``): every
    square it leaves empty but the one it starts from, the ones it captures on and the ones displaced
    pieces leave. (The capturing piece that blows up with what it takes stands on a capture's square.)"""
    kept = {move.origin, *move.captures, *(start for start, _end in move.also)}
    return [square for square, piece in move.changes if piece is None and square not in kept]
