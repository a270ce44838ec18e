"""``dagaz-studio export BOARD --format fsf``: a board as a Fairy-Stockfish variants.ini section."""

from __future__ import annotations

import argparse
import sys

from dagaz_studio.commands.common import EXIT_USAGE, CommandError, open_board, report, said


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export",
        help="write a board in another program's format",
        description="Print a board in another program's format. fsf: a Fairy-Stockfish variants.ini "
                    "section, its pieces in Betza or, where Betza cannot say them (a pawn's double step, "
                    "castling, drops), inheriting from the built-in variant of its size that plays as the "
                    "board does, checked by playing both; a section named as a built-in is named NAME-exported. "
                    "A board neither way can say makes the export fail, saying why.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name")
    parser.add_argument("--format", choices=("fsf",), default="fsf", help="the format (fsf: variants.ini)")


def run(args: argparse.Namespace) -> int:
    """Export; what cannot be said is reported with exit status 2."""
    from dagaz_studio.queries.fsf_export import export_board
    from dagaz_studio.variants_ini import IniError

    try:
        board = open_board(args.board)
    except CommandError as error:
        return report(error)
    try:
        text = export_board(board)
    except IniError as error:
        print(f"dagaz-studio: error: {said(error.message)}", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.write(text)
    return 0
