"""``dagaz-studio check BOARD``: read a board file and report every problem in it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dagaz_studio.board.loader import BoardFileError, BoardReadError, load_board

EXIT_OK = 0
EXIT_BAD_BOARD = 2


def add_parser(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="check a board file",
        description="Read a board file (or a shipped board, by name) and print a one-line summary, or one "
        "'file:line:col: message' line on stderr for every problem found.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def run(args: argparse.Namespace) -> int:
    """Check the board; 0 when it loads, 2 (with the problems on stderr) when it does not."""
    try:
        board = load_board(args.board)
    except BoardReadError as error:
        print(f"dagaz-studio: error: {error}", file=sys.stderr)
        return EXIT_BAD_BOARD
    except BoardFileError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_BOARD
    filename = Path(board.source).name if board.source else str(args.board)
    parts = [
        board.name,
        _plural(len(board.squares), "square"),
        _plural(len(board.directions), "direction"),
        _plural(len(board.pieces), "piece"),
        _plural(len(board.players), "player"),
    ]
    print(f"{filename}: {', '.join(parts)} — ok")
    return EXIT_OK
