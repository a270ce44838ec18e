"""Kalah (six pits, four seeds), a reference generator written from the rules of the Kalah Game
Company as given in Wikipedia's "Kalah" article and in Irving, Donkers and Uiterwijk, "Solving
Kalah" (ICGA Journal, 2000):

- each side has six pits of four seeds and a store on its right; South (the first player) moves
  first;
- a move takes every seed of one of one's own pits and sows them one by one counter-clockwise,
  into one's own store but never into the opponent's;
- when the last seed falls into one's own store, the same player moves again (each such move is a
  move of its own in perft);
- when the last seed falls into one of one's own pits that was empty and the opposite pit holds
  seeds, that seed and the opposite pit's seeds go to one's store;
- when either side's six pits are all empty the game is over: no move is left (the seeds still on
  the board stay where they are in this generator's positions).

The board is a grid of eight columns and two rows: South's pits ``b1``-``g1`` and store ``h1``,
North's pits ``g2``-``b2`` (in sowing order) and store ``a2``; ``a1`` and ``h2`` lie outside the
sowing circuit and stay empty. The text form (docs/kinds-fen.md, heaps) lists the top row then the
bottom row, every square's seed count separated by commas, then the side to move::

    0,4,4,4,4,4,4,0/0,4,4,4,4,4,4,0 w

A move is written ``Move(frm=origin pit, path=(), to=square of the last seed, captured=(the
capturing pit, the opposite pit) or ())``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.helpers.oracles import Move, count_leaves

START = "0,4,4,4,4,4,4,0/0,4,4,4,4,4,4,0 w"
ROW = 6
STORES = (6, 13)
# Sowing order: 0..5 South's pits b1..g1, 6 South's store h1, 7..12 North's pits g2..b2, 13 North's
# store a2.
NAMES = (tuple(f"{c}1" for c in "bcdefg") + ("h1",) + tuple(f"{c}2" for c in "gfedcb") + ("a2",))
INDEX = {name: i for i, name in enumerate(NAMES)}
CIRCUIT = len(NAMES)


@dataclass(frozen=True)
class Position:
    """Seeds in the fourteen pits and stores (in sowing order from ``b1``) and the side to move
    (0 South, 1 North)."""

    pits: tuple[int, ...]
    side: int


def own_pits(side: int) -> range:
    """The indices of a side's six pits."""
    return range(7 * side, 7 * side + ROW)


def opposite(pit: int) -> int:
    """The pit across the board (``b1`` ↔ ``b2``)."""
    return 12 - pit


def parse(text: str) -> Position:
    """A position from its text form; ValueError when it is not one."""
    fields = text.split()
    if len(fields) != 2 or fields[1] not in ("w", "b"):
        raise ValueError(f"not a Kalah position: {text!r}")
    rows = fields[0].split("/")
    if len(rows) != 2:
        raise ValueError(f"two rows expected: {text!r}")
    counts = {}
    for row, line in zip("21", rows):
        values = [int(value) for value in line.split(",")]
        if len(values) != 8 or min(values) < 0:
            raise ValueError(f"eight seed counts a row expected: {text!r}")
        counts.update({f"{column}{row}": value for column, value in zip("abcdefgh", values)})
    if counts["a1"] or counts["h2"]:
        raise ValueError(f"a1 and h2 are outside the board and hold nothing: {text!r}")
    return Position(tuple(counts[name] for name in NAMES), 0 if fields[1] == "w" else 1)


def format_position(position: Position) -> str:
    """The text form of a position."""
    def count(name: str) -> str:
        return str(position.pits[INDEX[name]]) if name in INDEX else "0"
    rows = ("/".join(",".join(count(f"{column}{row}") for column in "abcdefgh") for row in "21"))
    return f"{rows} {'w' if position.side == 0 else 'b'}"


def _play(position: Position, origin: int) -> tuple[Move, Position]:
    side = position.side
    store, skipped = STORES[side], STORES[1 - side]
    pits = list(position.pits)
    seeds, pits[origin] = pits[origin], 0
    pit = origin
    while seeds:
        pit = (pit + 1) % CIRCUIT
        if pit == skipped:
            continue
        pits[pit] += 1
        seeds -= 1
    taken: tuple[str, ...] = ()
    if pit in own_pits(side) and pits[pit] == 1 and pits[opposite(pit)]:
        pits[store] += pits[pit] + pits[opposite(pit)]
        pits[pit] = pits[opposite(pit)] = 0
        taken = (NAMES[pit], NAMES[opposite(pit)])
    following = side if pit == store else 1 - side
    return Move(NAMES[origin], (), NAMES[pit], taken), Position(tuple(pits), following)


def _successors(position: Position) -> list[tuple[Move, Position]]:
    if not any(position.pits[p] for p in own_pits(0)) or not any(position.pits[p] for p in own_pits(1)):
        return []
    return [_play(position, origin) for origin in own_pits(position.side) if position.pits[origin]]


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the side to move."""
    return [move for move, _ in _successors(position)]


def make_move(position: Position, move: Move) -> Position:
    """The position after a legal move; ValueError for a move that is not legal."""
    for legal, after in _successors(position):
        if legal == move:
            return after
    raise ValueError(f"not a legal move: {move}")


def perft(position: Position, depth: int) -> int:
    """The number of move sequences of ``depth`` moves from the position."""
    return count_leaves(position, depth, _successors)
