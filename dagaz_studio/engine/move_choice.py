"""Board rules that choose among the side's moves as a whole, applied in one place.

Whether such a rule allows a move depends on the side's other moves, so the legal moves (the full
ones of :mod:`~dagaz_studio.engine.game`, the light records of perft, the keys of the heap and stack
boards' counting) are first found and then narrowed here, in this order:

- ``rule: no-check``: no move may attack an enemy royal piece; ``rule: no-promotion-check``: no
  promotion may;
- ``rule: compulsory-capture`` keeps the captures when there is one;
- ``rule: continue-captures``: a capture may not stop where the same captures could be continued —
  no move is allowed when another move of the same piece takes the same pieces in the same order
  and then more (a flying King landing beyond a taken piece where it cannot take again, while it
  could from a square further on);
- ``rule: most-captures``: only the moves that take the most pieces may be made (the majority rule);
- ``rule: most-valuable-capture``: only the captures of the highest value may be made, the value of
  a capture being the sum of its pieces' values (``value PIECE: 1.5``, 1 when not given); of those,
  only the ones made by the most valuable piece (Frisian draughts: a King's before a man's);
- a drop that must be made (``rule: compulsory-drop``, or a piece that must be dropped first) keeps
  the drops when there is one.

They read the moves only — where each starts, what it takes in order, what it promotes to, whether
it is a drop, whether it gives check — through a :class:`MoveReading`, so each shape of move is read
by its own small reading and the rules are written once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from dagaz_studio.board.model import Board
from dagaz_studio.engine.position import Piece

if TYPE_CHECKING:
    from fractions import Fraction  # imported where values are weighed: it is slow to import

E = TypeVar("E")


class MoveReading(Generic[E]):
    """How one shape of move is read by the rules that choose among moves. The defaults suit a
    shape that has no drops and is never asked about checks (a board without royal pieces)."""

    def origin(self, entry: E) -> int:
        raise NotImplementedError

    def captures(self, entry: E) -> Sequence[int]:
        raise NotImplementedError

    def promotes(self, entry: E) -> bool:
        return False

    def dropped(self, entry: E) -> bool:
        return False

    def gives_check(self, entry: E) -> bool:
        return False

    def value_on(self) -> Callable[[int], Fraction]:
        """The value of the piece on a square before the move, for ``most-valuable-capture``."""
        raise NotImplementedError


def choose_moves(board: Board, entries: list[E], reading: MoveReading[E], drops_first: bool = False) -> list[E]:
    """The entries the board's rules allow among ``entries``, the side's moves otherwise legal
    (``drops_first``: a drop must be made where one can)."""
    rules = board.rules
    if rules.no_check:
        entries = [entry for entry in entries if not reading.gives_check(entry)]
    if rules.no_promotion_check:
        entries = [entry for entry in entries if not reading.promotes(entry) or not reading.gives_check(entry)]
    if rules.compulsory_capture and any(reading.captures(entry) for entry in entries):
        entries = [entry for entry in entries if reading.captures(entry)]
    origin_of, captures_of = reading.origin, reading.captures
    if rules.continue_captures and entries:
        entries = _continued(entries, origin_of, captures_of)
    if rules.most_captures and entries:
        most = max(len(captures_of(entry)) for entry in entries)
        entries = [entry for entry in entries if len(captures_of(entry)) == most]
    if rules.most_valuable_capture and entries:
        entries = _most_valuable(entries, origin_of, captures_of, reading.value_on())
    if drops_first and any(reading.dropped(entry) for entry in entries):
        entries = [entry for entry in entries if reading.dropped(entry)]
    return entries


def _most_valuable(entries: list[E], origin_of: Callable[[E], int], captures_of: Callable[[E], Sequence[int]],
                   value_on: Callable[[int], Fraction]) -> list[E]:
    from fractions import Fraction

    worth = [sum((value_on(square) for square in captures_of(entry)), Fraction(0)) for entry in entries]
    best = max(worth)
    if best == 0:
        return entries  # nothing is taken: the rule has nothing to weigh
    kept = [entry for entry, value in zip(entries, worth) if value == best]
    strongest = max(value_on(origin_of(entry)) for entry in kept)
    return [entry for entry in kept if value_on(origin_of(entry)) == strongest]


def values_on(board: Board, kind_names: Sequence[str], cells: Sequence[Piece | None]) -> Callable[[int], Fraction]:
    """The value of the piece on a square of ``cells`` (the commander of a column), as the capture rules
    weigh it: by its kind's ``value`` on the board (1 for a piece the board gives none)."""
    from fractions import Fraction

    values = [Fraction(board.values.get(name, 1)) for name in kind_names]

    def value_on(square: int) -> Fraction:
        piece = cells[square]
        return values[piece[1]] if piece is not None else Fraction(0)
    return value_on


def _continued(entries: list[E], origin_of: Callable[[E], int], captures_of: Callable[[E], Sequence[int]]) -> list[E]:
    # Every proper prefix of a capture sequence, by the square it starts from: a move whose whole
    # sequence is among them stops where it could have gone on.
    prefixes: set[tuple[int, tuple[int, ...]]] = set()
    for entry in entries:
        taken = tuple(captures_of(entry))
        origin = origin_of(entry)
        for end in range(1, len(taken)):
            prefixes.add((origin, taken[:end]))
    if not prefixes:
        return entries
    return [entry for entry in entries if (origin_of(entry), tuple(captures_of(entry))) not in prefixes]
