"""Moves that make pieces (``[*Name]``: the Amazons' arrow, a wall left behind), completed by compiled code.

A light record cannot say where new pieces appeared, so compiled code hands every move that made
one to :func:`created_move`, which builds it whole, as the runner does (its ``created`` squares in
the order they were made, which move names read); a way through that made none is kept as any other.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.position import Piece, Position

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules
    from dagaz_studio.engine.records import Entries


def created_move(rules: CodeRules, position: Position, origin: int, piece: Piece, me: int,
                 touched: dict[int, Piece | None], visited: list[int], captures: list[int],
                 also: list[tuple[int, int]], target: int, direction: int | None, promoted: int | None,
                 out: Entries, seen: set[Hashable], created: list[int], stops: Sequence[int] = (),
                 start: int | None = None, everywhere: bool = False, **marks: Any) -> None:
    """A move completed by compiled code of a notation that makes pieces: kept as
    :meth:`Rules.rich_light` keeps it when it made none, else built whole with its new pieces.
    ``everywhere``: the notation also changes squares in place (``[d]``, ``[w]``), so any square
    touched may have changed; ``marks``: what :meth:`Rules.keep_whole` is told of the move besides."""
    if not created:
        rules.rich_light(position, origin, piece, me, touched, visited, captures, also, target, direction,
                         promoted, out, seen, stops, start, **marks)
        return
    cells = position.cells
    # ``touched`` keeps every square the run put or took on, along every way it tried; only those of
    # this way can hold something else now: where the moving pieces started and were put, what was
    # taken and what was made.
    ways = set(touched) if everywhere else {origin, *visited, *captures, *created}
    for pair in also:
        ways.update(pair)
    changed = [(square, now) for square in ways
               if square in touched and (now := cells[square]) is not (was := touched[square]) and now != was]
    # Not a move when what it made was taken again and the piece is back where it started.
    rules.keep_whole(changed, origin, piece, me, visited, captures, also, target, direction, promoted, out, seen,
                     stops, start, tuple(created), **marks)
