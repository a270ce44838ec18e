"""Bashni (column draughts), a reference generator written from the rules of Russian draughts
(the Russian Draughts Federation's rules, as in Wikipedia's "Russian draughts" article) with the
column capture of Bashni (Wikipedia, "Bashni"; Lasca's model):

- an 8×8 board, the dark squares used (``a1`` is dark); twelve men each on the three nearest rows;
  White (the first player) moves first;
- pieces form columns; the piece on top commands the column and moves it whole: a man (or a column
  it commands) one step diagonally forward, a king (or its column) any distance diagonally over
  empty squares;
- a capture jumps a column commanded by the opponent: a man from an adjacent square to the square
  just beyond, forwards or backwards; a king from any distance along a diagonal of empty squares to
  any empty square beyond it. Only the jumped column's top piece is taken, and it goes under the
  capturing column;
- capturing is compulsory and goes on while it can (any sequence, not necessarily the longest); a
  column may not be jumped twice in one move, and a square jumped stays blocked until the move ends
  (the Turkish strike); a king that could go on capturing from some of the squares beyond a jumped
  column must land on one of those;
- a man commanding a column that reaches the far row becomes a king, also in the middle of a
  capture, and goes on capturing as a king.

Squares are named ``a1``-``h8``. The text form is the stack FEN of docs/kinds-fen.md: men ``M``/``m``,
kings ``K``/``k``, a column in parentheses from the top down, then the side to move::

    1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 w

A move is ``Move(frm, path=landing squares before the last, to, captured=jumped squares in order,
promotion="K" or "k" when its commander is promoted)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.helpers.oracles import Move, count_leaves
from tests.helpers.oracles._columns import Cells, format_placement, parse_placement

SIZE = 8
START = "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 w"
LETTERS = "MKmk"
DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


@dataclass(frozen=True)
class Position:
    """The columns of the 64 squares (``a1``, ``b1``, … ``h8``; the light ones empty) and the side
    to move (0 White, 1 Black)."""

    cells: Cells
    side: int


def name(square: int) -> str:
    """The name of a square index."""
    return f"{'abcdefgh'[square % SIZE]}{square // SIZE + 1}"


def owner(column: str) -> int:
    """The player commanding a non-empty column."""
    return 0 if column[0].isupper() else 1


def parse(text: str) -> Position:
    """A position from its text form; ValueError when it is not one."""
    fields = text.split()
    if len(fields) != 2 or fields[1] not in ("w", "b"):
        raise ValueError(f"not a Bashni position: {text!r}")
    cells = parse_placement(fields[0], SIZE, SIZE, LETTERS)
    if any(cells[s] for s in range(SIZE * SIZE) if (s % SIZE + s // SIZE) % 2):
        raise ValueError(f"a column on a light square: {text!r}")
    return Position(cells, 0 if fields[1] == "w" else 1)


def format_position(position: Position) -> str:
    """The text form of a position."""
    return f"{format_placement(position.cells, SIZE)} {'w' if position.side == 0 else 'b'}"


def _step(square: int, direction: tuple[int, int], distance: int = 1) -> int | None:
    column, row = square % SIZE + direction[0] * distance, square // SIZE + direction[1] * distance
    return row * SIZE + column if 0 <= column < SIZE and 0 <= row < SIZE else None


def _is_king(column: str) -> bool:
    return column[0] in "Kk"


def _promoted(column: str, square: int, side: int) -> str:
    """The column with its commander crowned if a man reaches the far row, else as it is."""
    far_row = SIZE - 1 if side == 0 else 0
    if not _is_king(column) and square // SIZE == far_row:
        return ("K" if side == 0 else "k") + column[1:]
    return column


def _targets(cells: list[str], at: int, column: str, side: int, jumped: frozenset[int]):
    """Each capture open from ``at``: (jumped square, the squares it may land on)."""
    for direction in DIAGONALS:
        if _is_king(column):
            distance, middle = 1, _step(at, direction)
            while middle is not None and not cells[middle] and middle not in jumped:
                distance += 1
                middle = _step(at, direction, distance)
        else:
            distance, middle = 1, _step(at, direction)
        if middle is None or middle in jumped or not cells[middle] or owner(cells[middle]) == side:
            continue
        landings = []
        beyond = _step(middle, direction)
        while beyond is not None and not cells[beyond] and beyond not in jumped:
            landings.append(beyond)
            if not _is_king(column):
                break
            beyond = _step(beyond, direction)
        if landings:
            yield middle, landings


def _jumps(cells: list[str], at: int, column: str, side: int, jumped: frozenset[int]):
    """Every way of going on capturing from ``at``: (landing squares, jumped squares, cells at
    the end) — the capturing column is off the board until the chain ends."""
    for middle, landings in _targets(cells, at, column, side, jumped):
        after = cells.copy()
        taken, after[middle] = after[middle][0], after[middle][1:]
        grown = column + taken
        now_jumped = jumped | {middle}
        options = []
        for landing in landings:
            moved = _promoted(grown, landing, side)
            options.append((landing, moved, list(_jumps(after, landing, moved, side, now_jumped))))
        going_on = [option for option in options if option[2]]
        for landing, moved, further in going_on or options:
            if further:
                for landings_after, middles, final in further:
                    yield [landing] + landings_after, [middle] + middles, final
            else:
                final = after.copy()
                final[landing] = moved
                yield [landing], [middle], final


def _successors(position: Position) -> list[tuple[Move, Position]]:
    side, cells = position.side, position.cells
    captures: list[tuple[Move, Position]] = []
    steps: list[tuple[Move, Position]] = []
    forward = 1 if side == 0 else -1
    for origin, column in enumerate(cells):
        if not column or owner(column) != side:
            continue
        vacated = list(cells)
        vacated[origin] = ""
        for landings, middles, final in _jumps(vacated, origin, column, side, frozenset()):
            end = landings[-1]
            promotion = final[end][0] if final[end][0] != column[0] else ""
            move = Move(name(origin), tuple(name(s) for s in landings[:-1]), name(end),
                        tuple(name(s) for s in middles), promotion)
            captures.append((move, Position(tuple(final), 1 - side)))
        if captures:
            continue
        for direction in DIAGONALS:
            if not _is_king(column) and direction[1] != forward:
                continue
            distance = 1
            target = _step(origin, direction)
            while target is not None and not cells[target]:
                after = vacated.copy()
                after[target] = _promoted(column, target, side)
                promotion = after[target][0] if after[target][0] != column[0] else ""
                steps.append((Move(name(origin), (), name(target), (), promotion),
                              Position(tuple(after), 1 - side)))
                if not _is_king(column):
                    break
                distance += 1
                target = _step(origin, direction, distance)
    return captures or steps


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
