"""``dagaz-studio perft BOARD --depth N``: count legal move sequences, to compare with other engines."""

from __future__ import annotations

import argparse
import time
from typing import Any

from dagaz_studio.commands.common import CommandError, open_board, open_position, report, whole_number
from dagaz_studio.commands.pool import STATE, add_jobs_option, jobs_for, pool

#: From this depth on, the default spreads the first moves over every core.
PARALLEL_DEPTH = 4

#: The deepest count asked for: each ply is a frame of the counting's recursion, which must leave
#: room for the runs of the notations below it (far past any count that ends in a lifetime).
MAX_DEPTH = 1_000


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``perft`` subcommand."""
    parser = subparsers.add_parser(
        "perft",
        help="count legal move sequences of a given depth",
        description="Count the legal move sequences of a given depth (perft); the last line ends with the count.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")
    parser.add_argument("--fen", metavar="FEN", help="the position (default: the board's initial one)")
    parser.add_argument("--depth", type=whole_number, required=True, metavar="N", help=f"how many moves deep (0 to {MAX_DEPTH:,})")
    parser.add_argument("--divide", action="store_true", help="also the count after each first move")
    add_jobs_option(parser, f"count with (default: every core from depth {PARALLEL_DEPTH} on)")


def _open(board_argument: str, fen: str | None) -> dict[str, Any]:
    """What a worker keeps: the rules of the board, and the position to count from."""
    from dagaz_studio.engine import Rules

    board = open_board(board_argument)
    return {"rules": Rules(board), "position": open_position(board, fen)}


def _count_after(work: tuple[int, int]) -> int:
    """In a worker: perft(``depth``) after the ``index``-th legal first move (``work``: the two)."""
    index, depth = work
    from dagaz_studio.engine import legal_moves, make_move, perft, unmake_move

    rules, position = STATE["rules"], STATE["position"]
    move = legal_moves(rules, position)[index]
    undo = make_move(position, move)
    try:
        return perft(rules, position, depth)
    finally:
        unmake_move(position, undo)


def divided(board_argument: str, fen: str | None, depth: int, jobs: int) -> list[tuple[Any, int]]:
    """Each legal first move with the perft count of ``depth - 1`` after it, over ``jobs`` processes."""
    from dagaz_studio.engine import legal_moves

    STATE.update(_open(board_argument, fen))
    moves = legal_moves(STATE["rules"], STATE["position"])
    if jobs <= 1 or len(moves) < 2:
        return [(move, _count_after((i, depth - 1))) for i, move in enumerate(moves)]
    if depth > 2:
        # Forked workers keep what this process worked out: the attack tables and the compiled code
        # every worker would otherwise make for itself are made once, here.
        STATE["rules"].build_attack_tables()
    STATE["rules"].warm()
    with pool(min(jobs, len(moves)), _open, board_argument, fen, opened=True) as workers:
        counts = list(workers.ordered(_count_after, [(i, depth - 1) for i in range(len(moves))], ahead=1))
    return list(zip(moves, counts))


def run(args: argparse.Namespace) -> int:
    """Print the perft count (and the divide lines); user errors exit with status 2."""
    from dagaz_studio.board.problems import echoed
    from dagaz_studio.engine import Rules, RunawayNotation, describe_move, divide, perft

    try:
        if args.depth < 0:
            raise CommandError(f"--depth must be 0 or more, not {echoed(str(args.depth))}")
        if args.depth > MAX_DEPTH:
            raise CommandError(f"--depth {echoed(str(args.depth))}: at most {MAX_DEPTH:,} moves deep")
        board = open_board(args.board)
        rules = Rules(board)
        position = open_position(board, args.fen)
        started = time.perf_counter()
        jobs = jobs_for(args.jobs, args.depth >= PARALLEL_DEPTH)
        try:
            if jobs > 1 and args.depth > 1:
                lines = divided(args.board, args.fen, args.depth, jobs)
                if args.divide:
                    for move, count in lines:
                        print(f"{describe_move(board, move)}: {count}")
                total = sum(count for _, count in lines)
            elif args.divide and args.depth > 0:
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
