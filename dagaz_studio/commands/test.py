"""``dagaz-studio test [BOARD …]``: run the piece tests the board files carry (``test NAME: …``)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from dagaz_studio.commands.common import EXIT_USAGE, MAX_PROBLEMS_SHOWN, json_line, printable, problem_lines

if TYPE_CHECKING:
    from dagaz_studio.board.piece_tests import PieceTest
    from dagaz_studio.engine import Rules
    from dagaz_studio.queries.piece_tests import TestResult

EXIT_OK = 0
EXIT_FAILED = 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``test`` subcommand."""
    parser = subparsers.add_parser(
        "test",
        help="run the piece tests of board files",
        description="Run the piece tests ('test NAME: …' statements) of the named boards (default: every "
        "shipped board). Prints a line for every failure; exit status 0 when all pass, 1 when one fails, "
        "2 when a board or a test cannot be read.",
    )
    parser.add_argument("boards", metavar="BOARD", nargs="*",
                        help="a board file or a shipped board's name (default: every shipped board)")
    parser.add_argument("--json", action="store_true", help="one JSON object per test, passed or not")


def take_words_left(args: argparse.Namespace, left: list[str], _words: list[str]) -> bool:
    """Take the boards named after the options (``test chess --json xiangqi``), unless one looks like
    an option (a misspelt one is said as such)."""
    if any(word.startswith("-") for word in left):
        return False
    args.boards = [*args.boards, *left]
    return True


def run(args: argparse.Namespace) -> int:
    """Run the tests; the worst status of all the boards."""
    from dagaz_studio.board import shipped_boards

    names = list(args.boards) or list(shipped_boards())
    status = EXIT_OK
    passed = failed = unread = skipped = 0
    for name in names:
        board_status, results = _run_board(name)
        status = max(status, board_status)
        unread += results is None
        # Listed as a board's problems are: the first so many, then how many more (every one counted).
        shown = 0
        hidden: list[TestResult] = []
        for result, ran in results or []:
            if not ran:
                # Its problem is printed on stderr; in JSON it is one object among the others.
                skipped += 1
                if args.json:
                    print(json_line(result.as_json()))
                continue
            if result.passed:
                passed += 1
            else:
                failed += 1
                status = max(status, EXIT_FAILED)
            if args.json:
                print(json_line(result.as_json()))
            elif not result.passed and shown < MAX_PROBLEMS_SHOWN:
                # Where the problems of the same file are said to be: the file as named, and the line.
                print(f"{printable(result.file or result.board)}:{result.line}: FAILED {result.describe()}")
                shown += 1
            elif not result.passed:
                hidden.append(result)
        if hidden:
            print(f"{printable(hidden[0].file or hidden[0].board)}: … and {len(hidden):,} more failed "
                  f"test{'s' if len(hidden) != 1 else ''}")
    if not args.json:
        # A board that could not be read ran no test: the count says so rather than "0 passed".
        not_read = "" if not unread else "; the board could not be read" if len(names) == 1 else \
            f"; {unread} of the {len(names)} boards could not be read"
        # A test whose problem is printed above ran not: counted apart, the total stays the file's.
        unrun = f", {skipped} could not be read" if skipped else ""
        total = passed + failed + skipped
        print(f"{total} test{'s' if total != 1 else ''} on {len(names)} board{'s' if len(names) != 1 else ''}: "
              f"{passed} passed, {failed} failed{unrun}{not_read}", file=sys.stderr)
    return status


def _run_board(name: str) -> tuple[int, list[tuple[TestResult, bool]] | None]:
    """One board's status (2 when the board or one of its tests cannot be read), and its results in
    file order, each with whether the test ran (``None``: the board could not be read); a test that
    could not be read has a result that failed, its ``error`` saying why."""
    from dagaz_studio.board import BoardFileError, BoardReadError, load_board
    from dagaz_studio.commands.check import setup_problem
    from dagaz_studio.engine import Rules
    from dagaz_studio.queries.piece_tests import run_test, run_test_apart, test_problems

    try:
        board = load_board(name)
    except BoardReadError as error:
        print(f"dagaz-studio: error: {error}", file=sys.stderr)
        return EXIT_USAGE, None
    except BoardFileError as error:
        for line in problem_lines(error.problems):
            print(line, file=sys.stderr)
        return EXIT_USAGE, None
    rules = Rules(board)
    # A setup that does not fit is the board's problem, said once where check says it; the tests of
    # the setup cannot run, those with a FEN of their own can.
    setup = setup_problem(board)
    problems = test_problems(board, rules)
    for line in problem_lines(([setup] if setup is not None else []) + list(problems)):
        print(line, file=sys.stderr)
    from dagaz_studio.queries.piece_tests import TestResult

    unreadable = {(problem.line, problem.column): problem for problem in problems}
    results: list[tuple[TestResult, bool]] = []
    for test in board.tests:
        places = (test.fen_at, *test.fen_fields_at, test.move_at)
        found = [str(unreadable[place]) for place in dict.fromkeys((at.line, at.column) for at in places)
                 if place in unreadable]
        if not test.readable or found or (setup is not None and test.fen is None):
            unrun = run_test(rules, test) if not test.readable else TestResult(
                board.name, test.name, test.at.line, test.piece_text(board.players), test.expectation_text(),
                error=f"the test cannot be read: {'; '.join(found)}" if found else f"not run: {setup}",
                file=board.source or board.name)
            results.append((unrun, False))
            continue
        if test.expect == "perft":
            _warn_if_unending(rules, test)
        results.append((run_test_apart(rules, test), True))
    return (EXIT_USAGE if problems or setup else EXIT_OK), results


def _warn_if_unending(rules: Rules, test: PieceTest) -> None:
    """Say on stderr, before it runs, that a perft test may not end (as ``perft`` says it)."""
    from dagaz_studio.commands.perft import unending_warning
    from dagaz_studio.queries.piece_tests import test_position

    board = rules.board
    try:
        warning = unending_warning(rules, test_position(board, test), test.depth)
    except Exception:  # noqa: BLE001 - whatever goes wrong, the test's own run says it, as its result
        return
    if warning is not None:
        print(f"{printable(board.source or board.name)}:{test.at.line}: warning: test {printable(test.name)}: {warning}",
              file=sys.stderr, flush=True)
