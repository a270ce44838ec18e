"""``dagaz-studio perft BOARD --depth N``: count legal move sequences, to compare with other engines."""

from __future__ import annotations

import argparse
import time

from dagaz_studio.commands.common import CommandError, open_board, open_position, report
from dagaz_studio.engine.game import divide, perft
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import RunawayNotation, describe_move


def add_parser(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the ``perft`` subcommand."""
    parser = subparsers.add_parser(
        "perft",
        help="count legal move sequences of a given depth",
        description="Count the legal move sequences of a given depth (perft); the last line ends with the count.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")
    parser.add_argument("--fen", metavar="FEN", help="the position (default: the board's initial one)")
    parser.add_argument("--depth", type=int, required=True, metavar="N", help="how many moves deep")
    parser.add_argument("--divide", action="store_true", help="also the count after each first move")


def run(args: argparse.Namespace) -> int:
    """Print the perft count (and the divide lines); user errors exit with status 2."""
    try:
        if args.depth < 0:
            raise CommandError(f"--depth must be 0 or more, not {args.depth}")
        board = open_board(args.board)
        rules = Rules(board)
        position = open_position(board, args.fen)
        started = time.perf_counter()
        try:
            if args.divide and args.depth > 0:
                lines = divide(rules, position, args.depth)
                for move, count in lines:
                    print(f"{describe_move(board, move)}: {count}")
                total = sum(count for _, count in lines)
            else:
                total = perft(rules, position, args.depth)
        except RunawayNotation as error:
            raise CommandError(str(error)) from None
        seconds = time.perf_counter() - started
        print(f"perft {args.depth} ({seconds:.2f} s): {total}")
        return 0
    except CommandError as error:
        return report(error)
