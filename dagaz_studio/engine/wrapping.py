"""Steps that wrap around the board's left and right edges (``E%``, ``\\1%``: docs/notation.md, 7.8).

A wrapping step goes where the plain step goes; where the plain step would leave the board across
its left or right edge, it comes back in from the other side, on the row (and level) the step
reaches, as if the board were rolled into a cylinder. A step that leaves across the top or the
bottom still fails. Only a direction the board gives as a vector wraps: one given by link chains
has no "other side", and its wrapping step is its plain step.
"""

from __future__ import annotations

from collections.abc import Sequence

from dagaz_studio.board.model import Board

Table = tuple[int | None, ...]


def wrapping_tables(board: Board, letters: Sequence[str]) -> list[Table]:
    """For each board direction letter, the square a wrapping step reaches from every square.

    Worked out once per board (boards are immutable) and kept with it."""
    cache: dict[str, Table] = board.__dict__.setdefault("_wrapping_tables", {})
    for letter in letters:
        if letter not in cache:
            table = board.directions[letter]
            vector = _vector_of(board, table)
            cache[letter] = table if vector is None else _shifted(board, vector, wrap=True)
    return [cache[letter] for letter in letters]


def _vector_of(board: Board, table: Table) -> tuple[int, int, int] | None:
    """The vector (columns, rows, levels) of a direction given as one, or None for link chains."""
    levels = board.level_of or (0,) * len(board.squares)
    offsets = {(board.column_of[t] - board.column_of[s], board.row_of[t] - board.row_of[s], levels[t] - levels[s])
               for s, t in enumerate(table) if t is not None}
    if len(offsets) != 1:
        return None
    vector = offsets.pop()
    # A vector reaches every square it can inside the grid; link chains that happen to keep one
    # offset leave some of those out, and do not wrap.
    return vector if _shifted(board, vector, wrap=False) == table else None


def _shifted(board: Board, vector: tuple[int, int, int], wrap: bool) -> Table:
    dx, dy, dz = vector
    width, height = len(board.column_names), len(board.row_names)
    depth = len(board.level_names) or 1
    levels = board.level_of or (0,) * len(board.squares)
    out: list[int | None] = []
    for s in range(len(board.squares)):
        c, r, z = board.column_of[s] + dx, board.row_of[s] + dy, levels[s] + dz
        if wrap:
            c %= width
        inside = 0 <= c < width and 0 <= r < height and 0 <= z < depth
        target = (z * height + r) * width + c if inside else None
        # Coming round to the square itself (a board one column wide) is no step.
        out.append(None if target == s else target)
    return tuple(out)
