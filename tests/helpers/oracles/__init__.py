"""Reference move generators for the board kinds beyond the plain one: heaps (Oware, Kalah), stacks
(Lasca, Bashni) and a third dimension (Raumschach).

Each module is written from the game's published rules alone and shares no code with
``dagaz_studio``: the package's games are checked against them move for move and by perft. Every
module offers the same small interface:

- ``START``: the start position in the module's text form (the FEN form of docs/kinds-fen.md);
- ``parse(text) -> Position`` and ``format_position(position) -> str``;
- ``legal_moves(position) -> list[Move]`` in the canonical form below;
- ``make_move(position, move) -> Position``: positions are immutable values, so "unmaking" a move
  is keeping the position one had;
- ``perft(position, depth) -> int``.

``random_positions`` gives any of them positions reached by seeded random play, to compare move
generators away from the start.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import NamedTuple, TypeVar


class Move(NamedTuple):
    """A move in a form two generators can compare: the square it starts from (the sowing origin in
    mancala), the squares it lands on before its last one (a capture chain's stops), the square it
    ends on (the last seed's pit in mancala), the squares whose pieces it takes, in the order it
    takes them, and the piece letter it promotes to, if any."""

    frm: str
    path: tuple[str, ...]
    to: str
    captured: tuple[str, ...]
    promotion: str = ""


P = TypeVar("P")


def count_leaves(position: P, depth: int, successors: Callable[[P], list[tuple[Move, P]]]) -> int:
    """Perft: the number of move sequences of exactly ``depth`` moves from ``position``, given the
    function that lists every legal move of a position with the position it leads to."""
    if depth == 0:
        return 1
    following = successors(position)
    if depth == 1:
        return len(following)
    return sum(count_leaves(after, depth - 1, successors) for _, after in following)


def random_positions(game: ModuleType, count: int, seed: int, plies: int = 80) -> list:
    """``count`` positions of ``game`` (one of this package's modules) reached by seeded random
    play from its start: games of at most ``plies`` moves, one after another, every position after
    a move kept. The same seed gives the same positions, so two generators can be compared on them
    away from the start."""
    rng = random.Random(seed)
    found: list = []
    while len(found) < count:
        position = game.parse(game.START)
        for _ in range(plies):
            moves = game.legal_moves(position)
            if not moves or len(found) == count:
                break
            position = game.make_move(position, rng.choice(moves))
            found.append(position)
    return found
