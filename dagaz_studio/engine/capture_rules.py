"""Board rules that choose among captures: which of the side's capturing moves may be made.

``rule: compulsory-capture`` keeps the captures when there is one; these rules then narrow them:

- ``rule: continue-captures``: a capture may not stop where the same captures could be continued —
  no move is allowed when another move of the same piece takes the same pieces in the same order
  and then more (a flying King landing beyond a taken piece where it cannot take again, while it
  could from a square further on);
- ``rule: most-captures``: only the moves that take the most pieces may be made (the majority rule);
- ``rule: most-valuable-capture``: only the captures of the highest value may be made, the value of
  a capture being the sum of its pieces' values (``value PIECE: 1.5``, 1 when not given); of those,
  only the ones made by the most valuable piece (Frisian draughts: a King's before a man's).

They read the moves only — where each starts and what it takes, in order — so any game whose
pieces capture in chains can name them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from dagaz_studio.board.model import Board

if TYPE_CHECKING:
    from fractions import Fraction  # imported where values are weighed: it is slow to import

#: The rules this module applies, in the order it applies them.
CAPTURE_RULES = ("continue-captures", "most-captures", "most-valuable-capture")

E = TypeVar("E")


def applies(board: Board) -> bool:
    """Whether the board names any rule this module applies."""
    return any(rule in board.rules for rule in CAPTURE_RULES)


def choose_captures(board: Board, entries: Sequence[E], origin_of: Callable[[E], int],
                    captures_of: Callable[[E], Sequence[int]],
                    value_on: Callable[[int], Fraction] | None = None) -> list[E]:
    """The entries the board's capture rules allow. ``origin_of`` and ``captures_of`` read an
    entry's starting square and the squares it takes, in order (moves and light records differ);
    ``value_on`` gives the value of the piece on a square before the move (needed by
    ``most-valuable-capture``)."""
    kept = list(entries)
    if "continue-captures" in board.rules:
        kept = _continued(kept, origin_of, captures_of)
    if "most-captures" in board.rules and kept:
        most = max(len(captures_of(entry)) for entry in kept)
        kept = [entry for entry in kept if len(captures_of(entry)) == most]
    if "most-valuable-capture" in board.rules and kept and value_on is not None:
        kept = _most_valuable(kept, origin_of, captures_of, value_on)
    return kept


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


def piece_values(board: Board, kind_names: Sequence[str]) -> list[Fraction]:
    """The value of each piece kind, by kind index (1 for a piece the board gives none)."""
    from fractions import Fraction

    return [Fraction(board.values.get(name, 1)) for name in kind_names]


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
