"""``dagaz-studio gui [BOARD]``: open the window (also what ``dagaz-studio`` alone does)."""

from __future__ import annotations

import argparse
import sys

from dagaz_studio.commands.common import whole_number

EXIT_BAD_BOARD = 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``gui`` subcommand."""
    parser = subparsers.add_parser(
        "gui",
        help="open the window (the default command)",
        description="Open the Dagaz Studio window on a board: a board file, the name of a shipped board, "
        "or by default the last board used.",
    )
    parser.add_argument("board", nargs="?", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")
    # For smoke tests: close the window by itself after this many milliseconds.
    parser.add_argument("--quit-after", type=whole_number, metavar="MS", default=None, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    """Open the window; a board that cannot be opened is reported on stderr with status 2."""
    # Qt is imported only now, so that the other subcommands run without it.
    from dagaz_studio.commands import common

    with common.interrupt_deferred():  # an interrupted import of Qt fails in its bindings, with a traceback
        from dagaz_studio.gui import app
        from dagaz_studio.gui.display_check import DisplayLibrariesError

    try:
        return app.run(args.board, quit_after_ms=args.quit_after)
    except (app.BoardOpenError, DisplayLibrariesError) as error:
        from dagaz_studio.board import BoardFileError

        message = str(error)
        if isinstance(error.__cause__, BoardFileError):
            # Listed as every command lists a board's problems: the first of them, then how many more.
            from dagaz_studio.commands.common import problem_lines

            message = "the board file has problems:\n" + "\n".join(problem_lines(error.__cause__.problems))
        print(f"dagaz-studio: error: {message}", file=sys.stderr)
        return EXIT_BAD_BOARD
