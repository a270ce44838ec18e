"""``dagaz-studio compare BOARD A B``: two definitions of one piece, run until they differ."""

from __future__ import annotations

import argparse
import json
import sys

from dagaz_studio.commands.common import CommandError, open_board, report

EXIT_SAME = 0
EXIT_DIFFER = 1


def add_parser(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the ``compare`` subcommand."""
    parser = subparsers.add_parser(
        "compare",
        help="find a position where two definitions of a piece move differently",
        description="Run two definitions of one piece (each a notation, or the name of one of the board's "
        "pieces) on every square of the same positions — the empty board, a few pieces placed at random, "
        "the setup and positions of random play — until they differ, and print the smallest "
        "counterexample found. Exit status 1 when they differ, 0 when no difference was found.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")
    parser.add_argument("a", metavar="A", help="the first definition")
    parser.add_argument("b", metavar="B", help="the second definition")
    parser.add_argument("--notation", choices=("dagaz", "betza", "parlett"), default="dagaz",
                        help="the notation of A (default dagaz), and of B unless --notation-b says otherwise")
    parser.add_argument("--notation-b", choices=("dagaz", "betza", "parlett"), help="the notation of B")
    parser.add_argument("--dialect", choices=("xboard", "fsf"), default="xboard",
                        help="with betza: whose reading where XBoard and Fairy-Stockfish differ")
    parser.add_argument("--positions", type=int, default=200, metavar="N", help="how many positions (default 200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the random positions' seed (default 0)")
    parser.add_argument("--json", action="store_true", help="the result as one JSON object")


def _dagaz(board_pieces: dict[str, str], text: str, notation: str, dialect: str) -> str:
    """A definition in the Dagaz notation: a board piece's own, or the text translated."""
    if text in board_pieces:
        return board_pieces[text]
    if notation == "dagaz":
        return text
    from dagaz_studio.translation import TranslationError, translate

    try:
        result = translate(text, notation, "dagaz", dialect)
    except TranslationError as error:
        raise CommandError(f"bad {notation}:\n" + error.render()) from None
    for warning in result.warnings:
        print(f"dagaz-studio: warning: {warning}", file=sys.stderr)
    return result.text


def run(args: argparse.Namespace) -> int:
    """Compare the definitions; 1 when they differ, 0 when not, 2 on bad input."""
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.notation import NotationError
    from dagaz_studio.queries.compare import compare_pieces

    try:
        if args.positions < 1:
            raise CommandError("--positions is at least 1")
        board = open_board(args.board)
        pieces = {name: piece.notation_text for name, piece in board.pieces.items()}
        a = _dagaz(pieces, args.a, args.notation, args.dialect)
        b = _dagaz(pieces, args.b, args.notation_b or args.notation, args.dialect)
        try:
            result = compare_pieces(Rules(board), a, b, args.positions, args.seed)
        except NotationError as error:
            raise CommandError("bad notation:\n" + error.render()) from None
    except CommandError as error:
        return report(error)
    if args.json:
        print(json.dumps({"differ": result.differ, "positions": result.positions, "fen": result.fen,
                          "square": result.square, "pieces": result.pieces, "only_a": result.only_a,
                          "only_b": result.only_b, "error": result.error}, ensure_ascii=False))
    elif result.error:
        print(f"a definition on {result.square} of {result.fen}: {result.error}")
    elif not result.differ:
        print(f"no difference found on {result.positions} positions")
    else:
        print(f"A and B differ (position {result.positions} tried; {result.pieces} other pieces)")
        print(f"fen: {result.fen}")
        print(f"square: {result.square} (a piece of the side to move put there)")
        if result.error:
            print(f"stopped: {result.error} (so they were not compared there)")
        print("only A: " + (" ".join(result.only_a) or "-"))
        print("only B: " + (" ".join(result.only_b) or "-"))
    if result.error:
        return 2  # a definition ran away: no answer either way
    return EXIT_DIFFER if result.differ else EXIT_SAME
