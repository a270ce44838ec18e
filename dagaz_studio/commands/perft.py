"""``dagaz-studio perft BOARD --depth N``: count legal move sequences, to compare with other engines."""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from dagaz_studio.commands.common import CommandError, open_board, open_position, report, whole_number
from dagaz_studio.commands.pool import STATE, add_jobs_option, jobs_for, pool

#: From this depth on, the default spreads the first moves over every core.
PARALLEL_DEPTH = 4

#: The deepest count asked for: each ply is a frame of the counting's recursion, which must leave
#: room for the runs of the notations below it (far past any count that ends in a lifetime).
MAX_DEPTH = 1_000

#: A count past this many sequences is said ahead of counting: at a million a second (a fast
#: board's pace here), more than three years. Said, not refused: a game that ends within the depth
#: (tic-tac-toe's nine plies) has counts that stop growing, which its first plies cannot tell.
UNENDING_COUNT = 10**14


#: The fewest first moves whose replies are counted before a branching estimated from them may
#: decide the warning; a position with no more first moves than this has all of them counted.
FEWEST_SAMPLED = 30

#: How many standard errors the estimated branching must stand off the limit, either way, for the
#: sample to decide; nearer, more replies are counted, up to all of them (the exact branching).
STANDARD_ERRORS = 3.0


def _branching(rules: Any, position: Any, depth: int) -> tuple[int, float, int]:
    """The first moves, the replies to each on average, and how many first moves that average is
    of: the replies to every first move (perft 2, minutes on a board of thousands of first moves)
    are counted only until those counted so far decide whether a perft of ``depth`` passes
    :data:`UNENDING_COUNT` beyond reasonable doubt (their mean :data:`STANDARD_ERRORS` standard
    errors off the limit). The first moves are tried in a fixed shuffled order, so the same
    position is always said the same."""
    import random
    import statistics

    from dagaz_studio.engine import legal_moves, make_move, perft, unmake_move

    moves = legal_moves(rules, position)
    first = len(moves)
    if first == 0:
        return 0, 0.0, 0
    limit = math.log10(UNENDING_COUNT)

    def past_limit(branching: float) -> bool:
        return math.log10(first) + (depth - 1) * math.log10(branching) > limit

    order = list(range(first))
    random.Random(first).shuffle(order)
    replies: list[int] = []
    for index in order:
        undo = make_move(position, moves[index])
        try:
            replies.append(perft(rules, position, 1))
        finally:
            unmake_move(position, undo)
        counted = len(replies)
        if counted < min(first, FEWEST_SAMPLED) or counted == first:
            continue
        mean = statistics.fmean(replies)
        # The sample is drawn without putting back: the fewer first moves left, the surer it is.
        error = STANDARD_ERRORS * statistics.stdev(replies) / math.sqrt(counted) * math.sqrt(1 - counted / first)
        low, high = mean - error, mean + error
        if high <= 1 or (low > 1 and past_limit(low)) or (high > 1 and not past_limit(high)):
            break
    return first, statistics.fmean(replies), len(replies)


def unending_warning(rules: Any, position: Any, depth: int) -> str | None:
    """What to say before a perft of ``depth`` whose count, were the moves to branch on as they do
    in the first two plies, would be past :data:`UNENDING_COUNT`; ``None`` for one that may end. The
    second ply's branching is that of a sample of the first moves where the sample already tells
    (see :func:`_branching`): a wide board's warning comes in a second, not after its perft 2."""
    if depth <= 2:
        return None
    first, branching, counted = _branching(rules, position, depth)
    if first == 0 or branching <= 1:
        return None
    digits = math.log10(first) + (depth - 1) * math.log10(branching)
    if digits <= math.log10(UNENDING_COUNT):
        return None
    # Three digits, never an exponent: "1,996", not "2e+03".
    average = f"{branching:,.0f}" if branching >= 100 else f"{branching:.3g}"
    replies = f"{average} replies to each on average" if counted == first else \
        f"about {average} replies to each on average (counted after {counted} of them)"
    return (f"perft {depth} may not end: {first} first moves, {replies}; branching "
            f"so on, {depth} moves deep hold some 10^{int(digits)} sequences, over three years at a million a second "
            "(Ctrl-C stops it)")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``perft`` subcommand."""
    parser = subparsers.add_parser(
        "perft",
        help="count legal move sequences of a given depth",
        description="Count the legal move sequences of a given depth (perft); the last line ends with the count. "
        "A count that may not end, by the branching of the first two plies, is warned of first; Ctrl-C stops it.",
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
            warning = unending_warning(rules, position, args.depth)
            if warning is not None:
                print(f"dagaz-studio: warning: {warning}", file=sys.stderr, flush=True)
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
