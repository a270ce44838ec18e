"""``dagaz-studio check BOARD``: read a board file and report every problem in it."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from dagaz_studio.commands.common import printable, problem_lines

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board

EXIT_OK = 0
EXIT_BAD_BOARD = 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    from dagaz_studio.board import BoardFileError, BoardReadError, load_board

    try:
        board = load_board(args.board)
    except BoardReadError as error:
        print(f"dagaz-studio: error: {error}", file=sys.stderr)
        return EXIT_BAD_BOARD
    except BoardFileError as error:
        for line in problem_lines(error.problems):
            print(line, file=sys.stderr)
        return EXIT_BAD_BOARD
    from dagaz_studio.queries.piece_tests import test_problems

    # Every problem at once, the setup's and the tests' alike, as the loader reports its own.
    setup = setup_problem(board)
    problems = ([setup] if setup is not None else []) + list(test_problems(board))
    for line in problem_lines(problems):
        print(line, file=sys.stderr)
    if problems:
        return EXIT_BAD_BOARD
    filename = printable(Path(board.source).name if board.source else str(args.board))
    parts = [
        board.name,
        _plural(len(board.squares), "square"),
        _plural(len(board.directions), "direction"),
        _plural(len(board.pieces), "piece"),
        _plural(len(board.players), "player"),
    ]
    if board.level_names:
        parts.insert(2, _plural(len(board.level_names), "level"))
    if board.has_hands:
        parts.append(f"hands ({_plural(len(board.drops), 'piece type')} dropped)")
    print(f"{filename}: {', '.join(parts)} — ok")
    return EXIT_OK


def setup_problem(board: Board) -> str | None:
    """The setup read as a position, as every command will read it: its fields past the placement
    (castling rights, en-passant square, counters) are checked here, where the file is at hand."""
    if not board.setup:
        return None
    from dagaz_studio.engine import FenError, Position

    try:
        Position.from_fen(board, board.setup)
    except FenError as error:
        line, column = 1, 1
        if board.source:
            from dagaz_studio.board.shipped import read_board_text
            from dagaz_studio.board.source import file_lines

            try:
                lines = file_lines(read_board_text(board.source))
            except ValueError:
                lines = []  # gone since it was loaded: the problem is still said, at line 1
            for number, text in enumerate(lines, start=1):
                if text.startswith("setup"):
                    from dagaz_studio.queries.piece_tests import fen_field_index

                    after = text.find(":") + 1
                    starts = [after + match.start() for match in re.finditer(r"\S+", text[after:])] or [after]
                    index = fen_field_index(error.field)
                    line, column = number, starts[index if index < len(starts) else 0] + 1
                    break
        return f"{printable(board.source or '<board>')}:{line}:{column}: setup: {error.message}"
    return None
