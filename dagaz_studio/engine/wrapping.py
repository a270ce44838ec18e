"""Steps that wrap around the board's left and right edges (``E%``, ``\\1%``: docs/notation.md, 7.8).

A wrapping step goes where the plain step goes; where the plain step would leave the board across
its left or right edge, it comes back in from the other side, on the row (and level) the step
reaches, as if the board were rolled into a cylinder. A step that leaves across the top or the
bottom still fails. Only a direction the board gives as a vector wraps: one given by link chains
has no "other side", and its wrapping step is its plain step.
"""

from __future__ import annotations

from collections.abc import Sequence

from dagaz_studio.board.model import Board, vector_table

Table = tuple[int | None, ...]


def wrapping_tables(board: Board, letters: Sequence[str]) -> list[Table]:
    """For each board direction letter, the square a wrapping step reaches from every square.

    Worked out once per board (boards are immutable) and kept with it."""
    cache: dict[str, Table] = board.__dict__.setdefault("_wrapping_tables", {})
    for letter in letters:
        if letter not in cache:
            table = board.directions[letter]
            vector = _vector_of(board, table)
            cache[letter] = (table if vector is None
                             else vector_table(board.column_of, board.row_of, board.level_of, vector, wrap=True))
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
    return vector if vector_table(board.column_of, board.row_of, board.level_of, vector) == table else None
