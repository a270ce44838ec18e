"""``dagaz-studio translate TEXT --from betza --to dagaz``: say a piece in another notation."""

from __future__ import annotations

import argparse
import sys

from dagaz_studio.commands.common import EXIT_USAGE

# Written out so that declaring the options imports no translator (a test keeps them the same as
# dagaz_studio.translation's SOURCES and TARGETS and dagaz_studio.betza.reader's DIALECTS).
SOURCES = ("betza", "parlett", "dagaz")
TARGETS = ("dagaz", "betza", "parlett", "english")
DIALECTS = ("xboard", "fsf")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``translate`` subcommand."""
    parser = subparsers.add_parser(
        "translate",
        help="translate a piece between Betza, the Dagaz notation and English",
        description="Print a piece's moves in another notation, on one line. Warnings (readings that "
                    "differ between XBoard and Fairy-Stockfish) go to standard error.",
    )
    parser.add_argument("text", metavar="TEXT", help="the piece, e.g. 'mRcpR' or 'fmWfcF'")
    parser.add_argument("--from", dest="source", choices=SOURCES, default="betza", help="its notation (default betza)")
    parser.add_argument("--to", dest="target", choices=TARGETS, default="dagaz", help="the notation to write (default dagaz)")
    parser.add_argument("--dialect", choices=DIALECTS, default="xboard",
                        help="where XBoard and Fairy-Stockfish read Betza differently (fK, sbK, L, J, NN, pW, "
                             "pQbWW, the order of the modifiers, a lame leap's path): whose moves to read, and whose "
                             "reading Betza is written for (default xboard)")


def run(args: argparse.Namespace) -> int:
    """Translate; a text that cannot be read or said is reported with exit status 2."""
    from dagaz_studio.translation import TranslationError, translate

    try:
        result = translate(args.text, args.source, args.target, args.dialect)
    except TranslationError as error:
        # The text on a line of its own, as every command shows a notation, so the caret under it
        # points at the fault.
        print(f"dagaz-studio: error: bad {args.source}:\n" + error.render() if error.text else
              f"dagaz-studio: error: {error.message}", file=sys.stderr)
        if args.source == "betza" and _reads_as_dagaz(args.text):
            # Betza is read unless told otherwise: a Dagaz notation pasted without --from fails as Betza.
            print("dagaz-studio: note: it was read as Betza (the default); it reads as the Dagaz notation: "
                  "give --from dagaz", file=sys.stderr)
        return EXIT_USAGE
    for warning in result.warnings:
        print(f"dagaz-studio: warning: {warning}", file=sys.stderr)
    print(result.text)
    return 0


def _reads_as_dagaz(text: str) -> bool:
    """Whether ``text`` reads as the Dagaz notation."""
    from dagaz_studio.notation import NotationError, parse_notation

    try:
        parse_notation(text)
    except NotationError:
        return False
    return True
