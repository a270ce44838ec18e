"""One-leg moves spelt out square by square on Fairy-Stockfish's largest board, to tell whether two
sets of shapes move alike there whatever stands on it.

A shape is read as its *landings*: where it ends, the squares that must be empty and those that must
be occupied on the way, what it may find where it ends (one mode), and whether only a piece that has
not moved makes it. A landing that asks for more than another of the same end and mode adds no move,
so two sets of shapes move alike exactly when their landings that no other landing covers are the same.
"""

from __future__ import annotations

from typing import NamedTuple

from dagaz_studio.betza.model import Leg, Shape

Vector = tuple[int, int]

#: Fairy-Stockfish's largest board is 12 files by 10 ranks: a move goes at most 11 squares sideways
#: and 9 forward or back, whichever side moves.
WIDEST, DEEPEST = 11, 9


class Landing(NamedTuple):
    """One way a move ends: on ``end``, with ``empty`` and ``occupied`` on the way, finding ``mode``."""

    end: Vector
    empty: frozenset[Vector]
    occupied: frozenset[Vector]
    mode: str
    initial: bool


def spelt_out(shape: Shape) -> set[Landing] | None:
    """The shape's landings on the largest board; None for what is not one plain leg (several legs,
    castling, the null move, crooked paths, the cylinder), which is not spelt out here."""
    if len(shape.legs) != 1 or shape.castling or shape.null:
        return None
    leg = shape.legs[0]
    if leg.cycle or leg.wrap:
        return None
    out: set[Landing] = set()
    for end, empty, occupied in _paths(leg):
        if abs(end[0]) > WIDEST or abs(end[1]) > DEEPEST:
            continue
        for mode in leg.modes:
            out.add(Landing(end, frozenset(empty), frozenset(occupied), mode, shape.initial))
    return out


def _paths(leg: Leg) -> list[tuple[Vector, set[Vector], set[Vector]]]:
    """(end, must be empty, must be occupied) for each way the leg goes; a range counts every leap,
    a hopper's over its hurdle too; a lame or jumping leap's squares are asked of each leap."""
    leaps = leg.range if leg.range else max(WIDEST, DEEPEST)
    dx, dy = leg.vector

    def at(j: int, offset: Vector = (0, 0)) -> Vector:
        return (dx * j + offset[0], dy * j + offset[1])

    out = []
    for k in range(1, leaps + 1):
        if leg.hop:
            hurdles = range(1, k) if leg.hop == "p" else range(k - 1, k) if k > 1 else range(0)
            for h in hurdles:
                out.append((at(k), {at(j) for j in range(1, k) if j != h}, {at(h)}))
            continue
        empty = {at(j) for j in range(1, k)} | {at(j, p) for j in range(k) for p in leg.lame_path}
        occupied = {at(j, s) for j in range(k) for s in leg.screen_path}
        out.append((at(k), empty, occupied))
    return out


def covers(wide: Landing, narrow: Landing) -> bool:
    """Whether ``wide`` makes every move ``narrow`` makes: the same end and mode, asking no more."""
    return (wide.end == narrow.end and wide.mode == narrow.mode and wide.empty <= narrow.empty
            and wide.occupied <= narrow.occupied and (not wide.initial or narrow.initial))


def essential(landings: set[Landing]) -> set[Landing]:
    """The landings no other one covers."""
    by_end: dict[tuple[Vector, str], list[Landing]] = {}
    for landing in landings:
        by_end.setdefault((landing.end, landing.mode), []).append(landing)
    kept: set[Landing] = set()
    for group in by_end.values():
        kept.update(landing for landing in group
                    if not any(other != landing and covers(other, landing) for other in group))
    return kept


def covered_shapes(shapes: list[Shape]) -> set[int]:
    """The indices of one-leg shapes each of whose landings another shape's landing covers (``fmnA``
    beside ``A``): they add no move, and Fairy-Stockfish, keeping one leap per direction, would let
    such a shape override the wider one."""
    spelt = [spelt_out(shape) for shape in shapes]
    covered: set[int] = set()
    for index, landings in enumerate(spelt):
        if not landings:
            continue
        others = [landing for j, more in enumerate(spelt) if j != index and j not in covered and more
                  for landing in more]
        if all(any(covers(other, landing) and other != landing for other in others) for landing in landings):
            covered.add(index)
    return covered


def first_difference(ours: list[Shape], theirs: list[Shape]) -> tuple[Landing, bool] | None:
    """A landing of one set's one-leg shapes that none of the other's covers, and whether it is
    ``ours`` (those are searched first); None when they move alike on every board up to the largest."""
    mine = essential(set().union(*(spelt_out(s) or set() for s in ours)))
    other = essential(set().union(*(spelt_out(s) or set() for s in theirs)))
    for found, against, own in ((mine, other, True), (other, mine, False)):
        for landing in sorted(found, key=_order):
            if not any(covers(wide, landing) for wide in against):
                return landing, own
    return None


def _order(landing: Landing) -> tuple:
    return (landing.end, landing.mode, landing.initial, sorted(landing.empty), sorted(landing.occupied))


def landing_text(landing: Landing) -> str:
    """A landing in words: where it ends in the piece's own frame, and what it asks."""
    dx, dy = landing.end
    where = ", ".join(part for part in (
        f"{abs(dy)} {'forward' if dy > 0 else 'back'}" if dy else "",
        f"{abs(dx)} to the {'right' if dx > 0 else 'left'}" if dx else "") if part)
    mode = {"m": "to an empty square", "c": "capturing", "e": "en passant", "p": "onto any piece"}[landing.mode]
    asks = (f" over {len(landing.occupied)} piece{'s' if len(landing.occupied) != 1 else ''}"
            if landing.occupied else "")
    return ("initially, " if landing.initial else "") + f"{where} {mode}{asks}"


__all__ = ["Landing", "covered_shapes", "covers", "essential", "first_difference", "landing_text", "spelt_out"]
