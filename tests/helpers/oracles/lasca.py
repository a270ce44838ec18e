"""Lasca, a reference generator written from Emanuel Lasker's rules ("The Rules of Lasca", 1911)
as lasca.org gives them:

- a 7×7 board of which the 25 squares of the corners' colour are used; each player has eleven
  soldiers on the three rows nearest to him; White (the first player) moves first;
- pieces form columns; the piece on top commands the column and moves it whole: a soldier (or a
  column it commands) one step diagonally forward, an officer (or its column) one step diagonally
  in any direction;
- a capture jumps an adjacent column commanded by the opponent to the empty square beyond; only the
  jumped column's top piece is taken, and it goes under the capturing column; what remains of the
  jumped column stays, commanded by whoever is now on top;
- capturing is compulsory, and a capturing column goes on capturing while it can (any sequence may
  be chosen, not necessarily the longest); a column may not be jumped twice in one move;
- a soldier commanding a column that reaches the far row becomes an officer, and that ends the move
  even if it could capture further.

Squares are named ``a1``-``g7`` (White's row 1 at the bottom). The text form is the stack FEN of
docs/kinds-fen.md: soldiers ``S``/``s``, officers ``O``/``o``, a column in parentheses from the top
down, then the side to move::

    s1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S w

A move is ``Move(frm, path=landing squares before the last, to, captured=jumped squares in order,
promotion="O" or "o" when its commander is promoted)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.helpers.oracles import Move, count_leaves
from tests.helpers.oracles._columns import Cells, format_placement, parse_placement

SIZE = 7
START = "s1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S w"
LETTERS = "SOso"
DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


@dataclass(frozen=True)
class Position:
    """The columns of the 49 squares (``a1``, ``b1``, … ``g7``; the unused ones empty) and the side
    to move (0 White, 1 Black)."""

    cells: Cells
    side: int


def name(square: int) -> str:
    """The name of a square index."""
    return f"{'abcdefg'[square % SIZE]}{square // SIZE + 1}"


def owner(column: str) -> int:
    """The player commanding a non-empty column."""
    return 0 if column[0].isupper() else 1


def parse(text: str) -> Position:
    """A position from its text form; ValueError when it is not one."""
    fields = text.split()
    if len(fields) != 2 or fields[1] not in ("w", "b"):
        raise ValueError(f"not a Lasca position: {text!r}")
    cells = parse_placement(fields[0], SIZE, SIZE, LETTERS)
    if any(cells[s] for s in range(SIZE * SIZE) if (s % SIZE + s // SIZE) % 2):
        raise ValueError(f"a column on an unused square: {text!r}")
    return Position(cells, 0 if fields[1] == "w" else 1)


def format_position(position: Position) -> str:
    """The text form of a position."""
    return f"{format_placement(position.cells, SIZE)} {'w' if position.side == 0 else 'b'}"


def _step(square: int, direction: tuple[int, int], distance: int = 1) -> int | None:
    column, row = square % SIZE + direction[0] * distance, square // SIZE + direction[1] * distance
    return row * SIZE + column if 0 <= column < SIZE and 0 <= row < SIZE else None


def _directions(column: str, side: int) -> tuple[tuple[int, int], ...]:
    if column[0] in "Oo":
        return DIAGONALS
    forward = 1 if side == 0 else -1
    return tuple(d for d in DIAGONALS if d[1] == forward)


def _promoted(column: str, square: int, side: int) -> str:
    """The column with its commander promoted if a soldier reaches the far row, else as it is."""
    far_row = SIZE - 1 if side == 0 else 0
    if column[0] in "Ss" and square // SIZE == far_row:
        return ("O" if side == 0 else "o") + column[1:]
    return column


def _jumps(cells: list[str], at: int, column: str, side: int, jumped: frozenset[int]):
    """Every way of going on capturing from ``at``: (landing squares, jumped squares, cells at
    the end) — the capturing column is off the board until the chain ends."""
    for direction in _directions(column, side):
        middle, landing = _step(at, direction), _step(at, direction, 2)
        if middle is None or landing is None or middle in jumped or cells[landing]:
            continue
        if not cells[middle] or owner(cells[middle]) == side:
            continue
        after = cells.copy()
        taken, after[middle] = after[middle][0], after[middle][1:]
        grown = column + taken
        promoted = _promoted(grown, landing, side)
        further = [] if promoted != grown else list(
            _jumps(after, landing, grown, side, jumped | {middle}))
        if further:
            for landings, middles, final in further:
                yield [landing] + landings, [middle] + middles, final
        else:
            after[landing] = promoted
            yield [landing], [middle], after


def _successors(position: Position) -> list[tuple[Move, Position]]:
    side, cells = position.side, position.cells
    captures: list[tuple[Move, Position]] = []
    steps: list[tuple[Move, Position]] = []
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
        for direction in _directions(column, side):
            target = _step(origin, direction)
            if target is None or cells[target]:
                continue
            after = vacated.copy()
            after[target] = _promoted(column, target, side)
            promotion = after[target][0] if after[target][0] != column[0] else ""
            steps.append((Move(name(origin), (), name(target), (), promotion),
                          Position(tuple(after), 1 - side)))
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
