"""Oware (abapa), a reference generator written from the rules of the Oware Society and of
Wikipedia's "Oware" article (abapa, the tournament rules):

- two rows of six pits, four seeds in each at the start; South (the first player, bottom row
  ``a1``-``f1``) moves first;
- a move takes every seed of one of one's own pits and sows them one by one counter-clockwise
  (``a1`` → ``f1`` → ``f2`` → ``a2`` → ``a1``); with twelve seeds or more the sowing laps the board
  and skips the pit it started from;
- when the last seed makes a pit of the opponent's row hold two or three seeds, those seeds are
  captured, and so are those of the pits before it (clockwise) while they are in the opponent's row
  and hold two or three;
- a move that would capture every seed in the opponent's row captures nothing (the sowing stands);
- when the opponent has no seeds, the player must make a move that gives him some; a player who
  cannot has no move;
- once a player has captured more than 24 seeds the game is over: no move is left.

Pits are named as squares of a 6×2 grid: South's row 1 (``a1``-``f1``), North's row 2. The text
form (docs/kinds-fen.md, heaps) lists the top row, then the bottom row, each pit's seed count
separated by commas, then the side to move (``w`` South, ``b`` North) and the seeds each side has
captured::

    4,4,4,4,4,4/4,4,4,4,4,4 w 0 0

A move is written ``Move(frm=origin pit, path=(), to=pit of the last seed, captured=pits taken,
last one first)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.helpers.oracles import Move, count_leaves

START = "4,4,4,4,4,4/4,4,4,4,4,4 w 0 0"
PITS = 12
ROW = 6
WINNING = 24  # more than this many captured seeds ends the game

# Sowing order: index 0..5 are a1..f1 (South), 6..11 are f2..a2 (North).
NAMES = tuple(f"{'abcdef'[i]}1" for i in range(ROW)) + tuple(f"{'abcdef'[ROW - 1 - i]}2" for i in range(ROW))
INDEX = {name: i for i, name in enumerate(NAMES)}


@dataclass(frozen=True)
class Position:
    """Seeds in the twelve pits (in sowing order from ``a1``), the side to move (0 South, 1 North)
    and the seeds each side has captured."""

    pits: tuple[int, ...]
    side: int
    captured: tuple[int, int]


def own_pits(side: int) -> range:
    """The indices of a side's row."""
    return range(ROW * side, ROW * side + ROW)


def parse(text: str) -> Position:
    """A position from its text form; ValueError when it is not one."""
    fields = text.split()
    if len(fields) != 4 or fields[1] not in ("w", "b"):
        raise ValueError(f"not an Oware position: {text!r}")
    rows = fields[0].split("/")
    if len(rows) != 2:
        raise ValueError(f"two rows expected: {text!r}")
    top, bottom = ([int(count) for count in row.split(",")] for row in rows)
    if len(top) != ROW or len(bottom) != ROW or min(top + bottom) < 0:
        raise ValueError(f"six seed counts a row expected: {text!r}")
    pits = tuple(bottom) + tuple(reversed(top))
    return Position(pits, 0 if fields[1] == "w" else 1, (int(fields[2]), int(fields[3])))


def format_position(position: Position) -> str:
    """The text form of a position."""
    top = ",".join(str(position.pits[INDEX[f"{column}2"]]) for column in "abcdef")
    bottom = ",".join(str(position.pits[INDEX[f"{column}1"]]) for column in "abcdef")
    side = "w" if position.side == 0 else "b"
    return f"{top}/{bottom} {side} {position.captured[0]} {position.captured[1]}"


def _sow(pits: list[int], origin: int) -> int:
    """Sow the origin's seeds in place; the index of the last pit sown."""
    seeds, pits[origin] = pits[origin], 0
    pit = origin
    while seeds:
        pit = (pit + 1) % PITS
        if pit == origin:
            continue
        pits[pit] += 1
        seeds -= 1
    return pit


def _play(position: Position, origin: int) -> tuple[Move, Position]:
    pits = list(position.pits)
    last = _sow(pits, origin)
    theirs = own_pits(1 - position.side)
    taken: list[int] = []
    pit = last
    while pit in theirs and pits[pit] in (2, 3):
        taken.append(pit)
        pit -= 1
    if sum(pits[p] for p in taken) == sum(pits[p] for p in theirs):
        taken = []  # a grand slam captures nothing
    seeds = sum(pits[p] for p in taken)
    for p in taken:
        pits[p] = 0
    captured = list(position.captured)
    captured[position.side] += seeds
    move = Move(NAMES[origin], (), NAMES[last], tuple(NAMES[p] for p in taken))
    return move, Position(tuple(pits), 1 - position.side, (captured[0], captured[1]))


def _successors(position: Position) -> list[tuple[Move, Position]]:
    if max(position.captured) > WINNING:
        return []
    played = [_play(position, origin) for origin in own_pits(position.side) if position.pits[origin]]
    theirs = own_pits(1 - position.side)
    if not any(position.pits[p] for p in theirs):
        played = [(move, after) for move, after in played if any(after.pits[p] for p in theirs)]
    return played


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
