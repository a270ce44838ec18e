"""What the subcommands share: opening boards and positions, and reporting user errors.

Every subcommand module imports this one to declare its options, so it imports the board reader
and the engine only when a command opens a board: ``--help`` starts without them.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from dagaz_studio.board import Board
    from dagaz_studio.engine.position import Position

EXIT_USAGE = 2


class CommandError(Exception):
    """A problem with what the user asked for: printed as one message, exit status 2."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def open_board(argument: str) -> Board:
    """The board a command-line argument names (a path or a shipped board's name)."""
    from dagaz_studio.board import BoardFileError, load_board

    try:
        return load_board(argument)
    except BoardFileError as error:
        raise CommandError("the board file has problems:\n" + "\n".join(str(p) for p in error.problems)) from None
    except ValueError as error:
        raise CommandError(str(error)) from None


def open_position(board: Board, fen: Optional[str]) -> Position:
    """The position a FEN gives on ``board``, or the board's initial position."""
    from dagaz_studio.engine.position import FenError, Position

    try:
        return Position.initial(board) if fen is None else Position.from_fen(board, fen)
    except FenError as error:
        raise CommandError(str(error)) from None


def square_index(board: Board, name: str) -> int:
    """A square's index by name; a clear error for a square the board does not have."""
    if not board.has_square(name):
        raise CommandError(f"no square {name!r} on {board.name} (squares run {board.squares[0]} … {board.squares[-1]})")
    return board.index(name)


def report(error: CommandError) -> int:
    """Print a user error on stderr; returns the exit status."""
    print(f"dagaz-studio: error: {error.message}", file=sys.stderr)
    return EXIT_USAGE
