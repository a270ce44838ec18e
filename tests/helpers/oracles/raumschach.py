"""Raumschach, a reference generator written from Ferdinand Maack's rules (1907) as given by
Pritchard's "Encyclopedia of Chess Variants", the Chess Variant Pages ("Raumschach") and David
Moeser's 3-D chess FAQ:

- a 5×5×5 board: levels ``A`` (White's) to ``E`` (Black's), each with columns ``a``-``e`` and rows
  ``1``-``5``; White (the first player) moves first;
- the rook moves any distance through the faces of the cells (one coordinate changes), the bishop
  through their edges (two coordinates change by the same amount), the unicorn through their
  corners (all three change by the same amount), the queen as all three; the king one step in any
  of the 26 directions; the knight two cells along one axis and one along another;
- a pawn steps, without capturing, one cell forward (towards row 5 for White, row 1 for Black) or
  one level up (towards ``E`` for White, ``A`` for Black); it captures one step along a 2-D
  diagonal with exactly one forward component: forward and sideways, up and sideways, or forward
  and up. No double step, no en passant;
- a pawn reaching the far row of the far level (``Ea5``-``Ee5`` for White, ``Aa1``-``Ae1`` for
  Black) becomes a queen, rook, bishop, knight or unicorn;
- no castling; a move may not leave one's own king attacked.

Squares are named level first: ``Aa1``. The text form is the 3-D FEN of docs/kinds-fen.md: the
levels ``A`` to ``E`` separated by ``|``, each as a plain placement (rows from 5 down to 1), then
the side to move. ``U``/``u`` is the unicorn::

    5/5/5/PPPPP/RNKNR|5/5/5/PPPPP/BUQBU|5/5/5/5/5|ubqub/ppppp/5/5/5|rnknr/ppppp/5/5/5 w

A move is ``Move(frm, path=(), to, captured=(to,) for a capture, promotion=the new piece's letter)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from tests.helpers.oracles import Move, count_leaves

N = 5
START = "5/5/5/PPPPP/RNKNR|5/5/5/PPPPP/BUQBU|5/5/5/5/5|ubqub/ppppp/5/5/5|rnknr/ppppp/5/5/5 w"
LETTERS = "KQRBNUP"
PROMOTIONS = "QRBNU"

Vector = tuple[int, int, int]  # (column, row, level)
ALL: tuple[Vector, ...] = tuple(v for v in product((-1, 0, 1), repeat=3) if v != (0, 0, 0))
ROOK = tuple(v for v in ALL if sum(map(abs, v)) == 1)
BISHOP = tuple(v for v in ALL if sum(map(abs, v)) == 2)
UNICORN = tuple(v for v in ALL if sum(map(abs, v)) == 3)
KNIGHT = tuple(v for v in product(range(-2, 3), repeat=3) if sorted(map(abs, v)) == [0, 1, 2])
SLIDES = {"R": ROOK, "B": BISHOP, "U": UNICORN, "Q": ALL}
LEAPS = {"K": ALL, "N": KNIGHT}


def pawn_steps(side: int) -> tuple[Vector, ...]:
    """A pawn's non-capturing steps: forward or up (for Black, towards row 1 and level A)."""
    f = 1 if side == 0 else -1
    return ((0, f, 0), (0, 0, f))


def pawn_captures(side: int) -> tuple[Vector, ...]:
    """A pawn's capturing steps: forward-sideways, up-sideways, forward-up."""
    f = 1 if side == 0 else -1
    return ((1, f, 0), (-1, f, 0), (1, 0, f), (-1, 0, f), (0, f, f))


@dataclass(frozen=True)
class Position:
    """The 125 cells (index ``level*25 + row*5 + column``, ``Aa1`` first; a piece letter, upper
    case for White, or "") and the side to move (0 White, 1 Black)."""

    cells: tuple[str, ...]
    side: int


def index(column: int, row: int, level: int) -> int:
    return level * N * N + row * N + column


def coordinates(square: int) -> Vector:
    return square % N, square // N % N, square // (N * N)


def name(square: int) -> str:
    """The name of a cell index, level first: ``Aa1``."""
    column, row, level = coordinates(square)
    return f"{'ABCDE'[level]}{'abcde'[column]}{row + 1}"


def parse(text: str) -> Position:
    """A position from its text form; ValueError when it is not one."""
    fields = text.split()
    if len(fields) != 2 or fields[1] not in ("w", "b"):
        raise ValueError(f"not a Raumschach position: {text!r}")
    levels = fields[0].split("|")
    if len(levels) != N:
        raise ValueError(f"five levels expected: {text!r}")
    cells = [""] * N ** 3
    for level, placement in enumerate(levels):
        rows = placement.split("/")
        if len(rows) != N:
            raise ValueError(f"five rows a level expected: {placement!r}")
        for row, line in zip(reversed(range(N)), rows):
            column = 0
            for char in line:
                if char.isdigit():
                    column += int(char)
                elif char.upper() in LETTERS:
                    if column >= N:
                        raise ValueError(f"row too long: {line!r}")
                    cells[index(column, row, level)] = char
                    column += 1
                else:
                    raise ValueError(f"not a piece: {char!r}")
            if column != N:
                raise ValueError(f"row {line!r} is not five cells wide")
    for king in "Kk":
        if cells.count(king) != 1:
            raise ValueError(f"one king a side expected: {text!r}")
    return Position(tuple(cells), 0 if fields[1] == "w" else 1)


def format_position(position: Position) -> str:
    """The text form of a position."""
    levels = []
    for level in range(N):
        rows = []
        for row in reversed(range(N)):
            line, empty = "", 0
            for column in range(N):
                piece = position.cells[index(column, row, level)]
                if not piece:
                    empty += 1
                    continue
                line += (str(empty) if empty else "") + piece
                empty = 0
            rows.append(line + (str(empty) if empty else ""))
        levels.append("/".join(rows))
    return f"{'|'.join(levels)} {'w' if position.side == 0 else 'b'}"


def _shift(square: int, vector: Vector, distance: int = 1) -> int | None:
    column, row, level = coordinates(square)
    column, row, level = (column + vector[0] * distance, row + vector[1] * distance,
                          level + vector[2] * distance)
    if 0 <= column < N and 0 <= row < N and 0 <= level < N:
        return index(column, row, level)
    return None


def _mine(piece: str, side: int) -> bool:
    return bool(piece) and piece.isupper() == (side == 0)


def attacked(cells: tuple[str, ...] | list[str], square: int, by: int) -> bool:
    """Whether a piece of side ``by`` attacks ``square``, looking outwards from it."""
    def theirs(piece: str, kinds: str) -> bool:
        return _mine(piece, by) and piece.upper() in kinds
    for kinds, vectors in (("RQ", ROOK), ("BQ", BISHOP), ("UQ", UNICORN)):
        for vector in vectors:
            distance = 1
            target = _shift(square, vector)
            while target is not None and not cells[target]:
                distance += 1
                target = _shift(square, vector, distance)
            if target is not None and theirs(cells[target], kinds):
                return True
    for kinds, vectors in (("K", ALL), ("N", KNIGHT)):
        for vector in vectors:
            target = _shift(square, vector)
            if target is not None and theirs(cells[target], kinds):
                return True
    for vector in pawn_captures(by):
        source = _shift(square, (-vector[0], -vector[1], -vector[2]))
        if source is not None and theirs(cells[source], "P"):
            return True
    return False


def _pseudo_moves(position: Position):
    side, cells = position.side, position.cells
    far = N - 1 if side == 0 else 0  # the far row and the far level have the same number
    for origin, piece in enumerate(cells):
        if not _mine(piece, side):
            continue
        kind = piece.upper()
        if kind == "P":
            for vectors, capturing in ((pawn_steps(side), False), (pawn_captures(side), True)):
                for vector in vectors:
                    target = _shift(origin, vector)
                    if target is None or bool(cells[target]) != capturing:
                        continue
                    if capturing and _mine(cells[target], side):
                        continue
                    _, row, level = coordinates(target)
                    if row == far and level == far:
                        for promotion in PROMOTIONS:
                            yield origin, target, promotion if side == 0 else promotion.lower()
                    else:
                        yield origin, target, ""
        elif kind in SLIDES:
            for vector in SLIDES[kind]:
                distance = 1
                target = _shift(origin, vector)
                while target is not None:
                    if cells[target]:
                        if not _mine(cells[target], side):
                            yield origin, target, ""
                        break
                    yield origin, target, ""
                    distance += 1
                    target = _shift(origin, vector, distance)
        else:
            for vector in LEAPS[kind]:
                target = _shift(origin, vector)
                if target is not None and not _mine(cells[target], side):
                    yield origin, target, ""


def _successors(position: Position) -> list[tuple[Move, Position]]:
    side = position.side
    king = "K" if side == 0 else "k"
    found = []
    for origin, target, promotion in _pseudo_moves(position):
        cells = list(position.cells)
        captured = (name(target),) if cells[target] else ()
        cells[target], cells[origin] = promotion or cells[origin], ""
        if attacked(cells, cells.index(king), 1 - side):
            continue
        found.append((Move(name(origin), (), name(target), captured, promotion),
                      Position(tuple(cells), 1 - side)))
    return found


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
