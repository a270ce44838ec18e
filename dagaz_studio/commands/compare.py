"""``dagaz-studio compare BOARD A B``: two definitions of one piece, run until they differ."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dagaz_studio.commands.common import (
    CommandError,
    add_budget_option,
    add_fen_style_option,
    check_fen_style,
    json_line,
    not_a_piece,
    open_board,
    piece_definition,
    printable,
    report,
    said,
    whole_number,
    written_fen,
)
from dagaz_studio.commands.pool import STATE, Workers, add_jobs_option, jobs_for, pool

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board

EXIT_SAME = 0
EXIT_DIFFER = 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``compare`` subcommand."""
    parser = subparsers.add_parser(
        "compare",
        help="find a position where two definitions of a piece move differently",
        description="Run two definitions of one piece (each a notation, or the name of one of the board's "
        "pieces) on every square of the same positions — the empty board, a few pieces placed at random, "
        "the setup and positions of random play — until they differ, and print the smallest "
        "counterexample found. Exit status 1 when they differ, 0 when no difference was found, 2 on bad input "
        "or a definition that runs away.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")
    parser.add_argument("a", metavar="A", help="the first definition")
    parser.add_argument("b", metavar="B", help="the second definition")
    parser.add_argument("--notation", choices=("dagaz", "betza", "parlett"), default="dagaz",
                        help="the notation of A (default dagaz), and of B unless --notation-b says otherwise")
    parser.add_argument("--notation-b", choices=("dagaz", "betza", "parlett"), help="the notation of B")
    parser.add_argument("--dialect", choices=("xboard", "fsf"), default="xboard",
                        help="with betza: whose reading where XBoard and Fairy-Stockfish differ")
    parser.add_argument("--positions", type=whole_number, default=1000, metavar="N",
                        help=f"how many positions (default 1000, at most {MAX_POSITIONS:,})")
    parser.add_argument("--seed", type=whole_number, default=0, metavar="S", help="the random positions' seed (default 0)")
    parser.add_argument("--json", action="store_true", help="the result as one JSON object")
    add_fen_style_option(parser, "the counterexample's FEN")
    add_budget_option(parser, "each run of a definition on a square")
    add_jobs_option(parser, f"search with (default: every core from {PARALLEL_POSITIONS:,} positions on)")


#: From this many positions on, the default spreads them over every core.
PARALLEL_POSITIONS = 5000

#: The most positions a comparison tries: ten million chess positions are some three hours of CPU
#: time; a count past them would search, where the definitions agree, for longer than anyone waits.
MAX_POSITIONS = 10_000_000


def _open(board_argument: str, a: str, b: str, seed: int, budget: int) -> dict[str, Any]:
    """What a worker keeps: the rules of the board, the two definitions' kinds, the seed, the budget
    of each run."""
    from dagaz_studio.engine import Rules
    from dagaz_studio.queries.compare import definition_kinds

    rules = Rules(open_board(board_argument))
    return {"rules": rules, "kinds": definition_kinds(rules, a, b), "seed": seed, "budget": budget}


def _search_block(block: tuple[int, int]) -> Any:
    """In a worker: one block of positions, (its number, how many)."""
    from dagaz_studio.queries.compare import search_block

    number, count = block
    return search_block(STATE["rules"], STATE["kinds"], STATE["seed"], number, count, budget=STATE["budget"])


def _searcher(workers: Workers) -> Any:
    """Blocks searched by the pool's workers, answered in order (so the first difference is the one
    a single process finds); the pool is ended, its remaining blocks unsearched, once one differs."""
    def search(blocks: Iterable[tuple[int, int]]) -> Iterator[Any]:
        return workers.ordered(_search_block, blocks)
    return search


def put_there(board: Board, player: str | None = None) -> str:
    """What a definition moves on a counterexample's square (here and in ``lesson check``), as the
    plain output says it; ``player``: the side to move, named where known."""
    mover = f"{player}, the side to move" if player else "the side to move"
    if board.kind_type.holds_heaps:
        # A heap belongs to nobody: the one standing there is what the side to move sows.
        return f"the heap standing there, or one piece on an empty square, moved by {mover}"
    put = f"of {mover}, put there" if player else f"of {mover} put there"
    if board.kind_type.holds_columns:
        return f"a column of one piece {put}"
    return f"a piece {put}"


def _same(definition: str, as_json: bool) -> int:
    """Say that A and B are one definition: the same notation moves the same way everywhere, so no
    position is tried (each try would run it twice over, for nothing)."""
    from dagaz_studio.queries.compare import Comparison

    if as_json:
        # No position is tried, so whether the definition moves a piece is not known: null, not a
        # guess either way (one that never moves is still the same definition as itself).
        print(json_line({**Comparison(False, 0).as_json(), "moved": None}))
    else:
        print(f"no difference: A and B are the same definition, {printable(definition)}, which moves alike everywhere")
    return EXIT_SAME


def run(args: argparse.Namespace) -> int:
    """Compare the definitions; 1 when they differ, 0 when not, 2 on bad input or a runaway."""
    from dagaz_studio.board.problems import echoed
    from dagaz_studio.engine import DEFAULT_BUDGET, Rules
    from dagaz_studio.notation import NotationError
    from dagaz_studio.notation.parser import parse_notation
    from dagaz_studio.queries.compare import Comparison, compare_kinds, no_difference_said

    try:
        if args.positions < 1:
            raise CommandError("--positions is at least 1")
        if args.positions > MAX_POSITIONS:
            raise CommandError(f"--positions {echoed(str(args.positions))}: at most {MAX_POSITIONS:,} positions "
                               "(a search that long, where the definitions agree, would not end in a day)")
        board = open_board(args.board)
        check_fen_style(board, args.fen_style)
        a = piece_definition(board, args.a, args.notation, args.dialect, "A")
        b = piece_definition(board, args.b, args.notation_b or args.notation, args.dialect, "B")
        rules = Rules(board)
        # Each read in turn, A first, as definition_kinds reads them in the workers: the same kinds.
        kinds_read = []
        for which, text, given in (("A", a, args.a), ("B", b, args.b)):
            try:
                kinds_read.append(rules.custom_kind(parse_notation(text), which))
            except NotationError as error:
                raise CommandError(f"bad notation of {which}:\n" + error.render()
                                   + not_a_piece(board, given)) from None
        kinds = (kinds_read[0], kinds_read[1])
        if a == b:
            return _same(a, args.json)
        budget = DEFAULT_BUDGET if args.budget is None else args.budget
        jobs = jobs_for(args.jobs, args.positions >= PARALLEL_POSITIONS)
        result: Comparison | None = None
        if jobs > 1:
            rules.warm()
            STATE.update({"rules": rules, "kinds": kinds, "seed": args.seed, "budget": budget})
            with pool(jobs, _open, args.board, a, b, args.seed, budget, opened=True) as workers:
                result = compare_kinds(rules, kinds, args.positions, args.seed, _searcher(workers), budget=budget,
                                       more_by="--budget")
        else:
            result = compare_kinds(rules, kinds, args.positions, args.seed, budget=budget, more_by="--budget")
        if result.differ and result.position is not None:
            try:
                result = replace(result, fen=written_fen(result.position, args.fen_style, result.fen))
            except CommandError as error:
                # The search is not thrown away for want of a PDN FEN: the board's says the same position.
                print(f"dagaz-studio: note: {said(error.message)}; the counterexample's FEN is written as the board's",
                      file=sys.stderr)
        if result.error:
            # A runaway is reported as any run of the notation reports it, with where it ran.
            raise CommandError(f"{result.which} on {result.square} of {result.fen}: {result.error}")
    except CommandError as error:
        return report(error)
    if args.json:
        print(json_line(result.as_json()))
    elif not result.differ:
        print(no_difference_said(result, args.positions))
    else:
        print(f"A and B differ (found at position {result.positions:,}; shrunk to {result.pieces} other "
              f"piece{'s' if result.pieces != 1 else ''})")
        print(f"fen: {result.fen}")
        print(f"square: {result.square} ({put_there(board)})")
        print("only A: " + (" ".join(result.only_a) or "-"))
        print("only B: " + (" ".join(result.only_b) or "-"))
    return EXIT_DIFFER if result.differ else EXIT_SAME
