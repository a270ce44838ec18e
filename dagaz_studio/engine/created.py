"""Moves that make pieces (``[*Name]``: the Amazons' arrow, a wall left behind), completed by compiled code.

A light record cannot say where new pieces appeared, so compiled code hands every move that made
one to :func:`created_move`, which builds it whole, as the runner does (its ``created`` squares in
the order they were made, which move names read); a way through that made none is kept as any other.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Optional

from dagaz_studio.engine.position import LastMove, Piece, Position
from dagaz_studio.engine.values import quick_move

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules

_first = itemgetter(0)
_new_tuple = tuple.__new__


def created_move(rules: "Rules", position: Position, origin: int, piece: Piece, me: int, touched: dict,
                 visited: list, captures: list, also: list, target: int, direction: Optional[int],
                 promoted: Optional[int], out: list, seen: set, created: list, stops: Any = (),
                 start: Optional[int] = None) -> None:
    """A move completed by compiled code of a notation that makes pieces: kept as
    :meth:`Rules.rich_light` keeps it when it made none, else built whole with its new pieces."""
    if not created:
        rules.rich_light(position, origin, piece, me, touched, visited, captures, also, target, direction,
                         promoted, out, seen, stops, start)
        return
    cells = position.cells
    # ``touched`` keeps every square the run put or took on, along every way it tried; only those of
    # this way can hold something else now: where the moving pieces started and were put, what was
    # taken and what was made.
    ways = {origin, *visited, *captures, *created}
    for pair in also:
        ways.update(pair)
    changed = [(square, now) for square in ways
               if square in touched and (now := cells[square]) is not (was := touched[square]) and now != was]
    if not changed:
        return  # what it made was taken again and the piece is back where it started: not a move
    changed.sort(key=_first)
    changes = tuple(changed)
    first = visited[0] if visited else target
    stopped = (*stops, target)
    promotion = None if promoted is None else rules.kind_names[promoted]
    key = (first, target, tuple(captures), stopped, promotion, tuple(also), changes, False)
    if key in seen:
        return
    seen.add(key)
    out.append(quick_move(
        rules.kind_names[piece[1]], me, first, target, key[2], stopped, promotion, key[5], changes,
        _new_tuple(LastMove, (origin if start is None else start, target,
                              None if direction is None else rules.dir_letters[direction])),
        created=tuple(created),
    ))
