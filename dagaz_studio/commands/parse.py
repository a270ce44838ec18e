"""``dagaz-studio parse NOTATION``: show how a notation is read — its tree and its English."""

from __future__ import annotations

import argparse
import sys

#: Exit status for notation that does not parse (the same as for a usage error).
EXIT_BAD_NOTATION = 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register the ``parse`` subcommand."""
    parser = subparsers.add_parser(
        "parse",
        help="show how a move notation is read",
        description="Print the parse tree of a move notation and its reading in plain English.",
    )
    parser.add_argument("notation", metavar="NOTATION", help="a move in the Dagaz notation, e.g. '(+)([p]\\1)*'")
    parser.add_argument("--tree", action="store_true", help="print only the tree")
    parser.add_argument("--english", action="store_true", help="print only the English reading")
    return parser


def run(args: argparse.Namespace) -> int:
    """Parse ``args.notation``; print the tree and the English reading, or the error with a caret."""
    from dagaz_studio.notation.english import describe
    from dagaz_studio.notation.errors import NotationError
    from dagaz_studio.notation.parser import parse_notation
    from dagaz_studio.notation.text import format_tree

    try:
        notation = parse_notation(args.notation)
    except NotationError as error:
        print(error.render(), file=sys.stderr)
        return EXIT_BAD_NOTATION
    show_tree = args.tree or not args.english
    show_english = args.english or not args.tree
    if show_tree:
        print(format_tree(notation))
    if show_tree and show_english:
        print()
    if show_english:
        print(describe(notation))
    return 0
