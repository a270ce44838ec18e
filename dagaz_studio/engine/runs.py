"""Moves in a row: how many moves one piece has made in a row without capturing (``[u0-2]``).

A position of a board whose notation asks (``Board.counts_runs``) keeps, for each player, the square
of the piece that made that player's last move and how many moves in a row it has made there
without capturing: ``Position.runs[player] == (square, count)``. A move by another piece of the
player starts a new run (count 1); a capture or a change of type (promotion) ends it (count 0); a
pass or a drop starts none. Frisian draughts' King may make at most three such moves in a row while
its side has men (docs/notation.md, 7.12).

In a FEN, runs are a seventh field written only when one is under way, one item a player, in order:
``-`` or ``count@square`` (``3@c3,-``: White's piece on c3 has made three moves in a row).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dagaz_studio.board.problems import echoed, quoted

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board
    from dagaz_studio.engine.state import PositionState

#: Each player's run, as (square, count); an empty tuple when no run is under way.
Runs = tuple[tuple[int, int], ...]

_NONE = (-1, 0)


def run_length(runs: Runs, player: int, square: int) -> int:
    """How many moves in a row the player's piece on ``square`` has made without capturing."""
    if player < 0 or player >= len(runs):
        return 0
    where, count = runs[player]
    return count if where == square else 0


def runs_after(runs: Runs, players: int, player: int, origin: int | None, target: int, quiet: bool) -> Runs:
    """The runs after ``player`` moved a piece from ``origin`` to ``target`` (``origin`` ``None``: a
    drop or a pass, which starts no run), capturing nothing and keeping its type when ``quiet``."""
    mine = runs[player] if player < len(runs) else _NONE
    if origin is None:
        now = _NONE
    elif not quiet:
        now = (target, 0)
    else:
        now = (target, (mine[1] if mine[0] == origin else 0) + 1)
    if not runs:
        runs = (_NONE,) * players
    return runs[:player] + (now,) + runs[player + 1:]


def runs_field(position: PositionState) -> str:
    """The FEN's seventh field, the runs under way, with the space before it; ``""`` when none is."""
    if not any(count for _, count in position.runs):
        return ""
    squares = position.board.squares
    return " " + ",".join(f"{count}@{squares[square]}" if count else "-" for square, count in position.runs)


def read_runs_field(board: Board, field: str) -> Runs:
    """The runs a FEN's seventh field gives; raises ValueError saying what does not fit."""
    items = field.split(",")
    if len(items) != len(board.players):
        raise ValueError(f"moves in a row '{echoed(field)}': expected one item for each of the {len(board.players)} "
                         "players, separated by commas ('-' or count@square)")
    runs = []
    for item in items:
        if item == "-":
            runs.append(_NONE)
            continue
        count, at, square = item.partition("@")
        if not (at and count.isascii() and count.isdigit() and len(count) <= 9 and board.has_square(square)):
            raise ValueError(f"moves in a row {quoted(item)}: expected '-' or a count and a square, as 3@c3")
        runs.append((board.index(square), int(count)) if int(count) else _NONE)
    return tuple(runs)
