"""``dagaz-studio test [BOARD …]``: run the piece tests the board files carry (``test NAME: …``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dagaz_studio.commands.common import (
    EXIT_USAGE,
    MAX_PROBLEMS_SHOWN,
    add_budget_option,
    json_line,
    printable,
    problem_lines,
)

if TYPE_CHECKING:
    from dagaz_studio.board.piece_tests import PieceTest
    from dagaz_studio.engine import Rules
    from dagaz_studio.queries.piece_tests import TestResult

EXIT_OK = 0
EXIT_FAILED = 1
#: Stopped by Ctrl-C: 128 + SIGINT, as a shell reports a program that signal ended.
EXIT_INTERRUPTED = 130


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
    add_budget_option(parser, "each run of a test's piece")


def take_words_left(args: argparse.Namespace, left: list[str], _words: list[str]) -> bool:
    """Take the boards named after the options (``test chess --json xiangqi``), unless one looks like
    an option (a misspelt one is said as such)."""
    if any(word.startswith("-") for word in left):
        return False
    args.boards = [*args.boards, *left]
    return True


@dataclass
class _Tally:
    """What the tests run so far came to, for the closing line (also when Ctrl-C stops them)."""

    status: int = EXIT_OK
    passed: int = 0
    failed: int = 0
    #: Tests whose problem is printed on stderr, and which were not run.
    skipped: int = 0
    #: Boards that could not be read; boards begun.
    unread: int = 0
    begun: int = 0
    #: The test under way, where and which, for saying where Ctrl-C stopped the run.
    running: str | None = None
    #: The current board's failures listed, and those past the first so many, said in one line.
    shown: int = 0
    hidden: list[TestResult] = field(default_factory=list)
    #: The shipped boards, once a name answered to none: listed once, after every board, not at each.
    shipped: list[str] = field(default_factory=list)

    def add(self, result: TestResult, ran: bool, as_json: bool) -> None:
        """Count one result and print it: in JSON every one, else a failure while not too many were."""
        if not ran:
            # Its problem is printed on stderr; in JSON it is one object among the others.
            self.skipped += 1
        elif result.passed:
            self.passed += 1
        else:
            self.failed += 1
            self.status = max(self.status, EXIT_FAILED)
        if as_json:
            print(json_line(result.as_json()), flush=True)
        elif ran and not result.passed and self.shown < MAX_PROBLEMS_SHOWN:
            # Where the problems of the same file are said to be: the file as named, and the line.
            # A runaway name or piece by its start and end, as the Tests panel says it: what went
            # wrong follows them on the line.
            print(f"{printable(result.file or result.board)}:{result.line}: FAILED {result.readable().describe()}",
                  flush=True)
            self.shown += 1
        elif ran and not result.passed:
            self.hidden.append(result)

    def close_board(self) -> None:
        """Say how many more of the board's tests failed than were listed."""
        if self.hidden:
            first = self.hidden[0]
            print(f"{printable(first.file or first.board)}: … and {len(self.hidden):,} more failed "
                  f"test{'s' if len(self.hidden) != 1 else ''}")
        self.shown, self.hidden = 0, []

    def list_shipped(self) -> None:
        """Name the shipped boards, once, if a board named none of them."""
        if self.shipped:
            print(f"dagaz-studio: shipped boards: {', '.join(self.shipped)}", file=sys.stderr)
            self.shipped = []

    def summary(self, boards: int, named: int | None = None) -> str:
        """The closing line: how many tests on how many boards (of the ``named`` ones, when fewer),
        passed and failed."""
        # A board that could not be read ran no test: the count says so rather than "0 passed".
        not_read = "" if not self.unread else "; the board could not be read" if boards == 1 else \
            f"; {self.unread} of the {boards} boards could not be read"
        # A test whose problem is printed above ran not: counted apart, the total stays the file's.
        unrun = f", {self.skipped} could not be read" if self.skipped else ""
        total = self.passed + self.failed + self.skipped
        of = f" of the {named}" if named is not None and named > boards else ""
        return (f"{total} test{'s' if total != 1 else ''} on {boards}{of} board{'s' if boards != 1 or of else ''}: "
                f"{self.passed} passed, {self.failed} failed{unrun}{not_read}")


def run(args: argparse.Namespace) -> int:
    """Run the tests; the worst status of all the boards. Ctrl-C stops them with status 130, saying
    what had run so far."""
    from dagaz_studio.board import shipped_boards

    names = list(args.boards) or list(shipped_boards())
    tally = _Tally()
    try:
        for name in names:
            tally.begun += 1
            for result, ran in _board_results(name, tally, args.budget):
                tally.add(result, ran, args.json)
            tally.close_board()
    except KeyboardInterrupt:
        tally.close_board()
        tally.list_shipped()
        running = f" at {tally.running}" if tally.running else ""
        print(f"stopped by Ctrl-C{running}; so far {tally.summary(tally.begun, len(names))}", file=sys.stderr)
        return EXIT_INTERRUPTED
    tally.list_shipped()
    if not args.json:
        print(tally.summary(len(names)), file=sys.stderr)
    return tally.status


def _board_results(name: str, tally: _Tally, budget: int | None = None) -> Iterator[tuple[TestResult, bool]]:
    """One board's results in file order, each with whether the test ran, as each test ends, each run
    of a piece given ``budget`` units of work (default: the engine's); a test
    that could not be read has a result that failed, its ``error`` saying why. A board or test that
    cannot be read raises ``tally.status`` to 2 (a board: counted in ``tally.unread``)."""
    from dagaz_studio.board import BoardFileError, BoardReadError, load_board
    from dagaz_studio.commands.check import setup_problem
    from dagaz_studio.engine import DEFAULT_BUDGET, Rules
    from dagaz_studio.queries.piece_tests import readable_in_a_line, run_test, run_test_apart, test_problems

    try:
        board = load_board(name)
    except (BoardReadError, BoardFileError) as error:
        if isinstance(error, BoardFileError):
            lines = problem_lines(error.problems)
        else:
            # Each missing board named, the shipped ones listed once at the end rather than with each.
            lines = [f"dagaz-studio: error: {error.brief if error.shipped else error}"]
            tally.shipped = tally.shipped or error.shipped
        for line in lines:
            print(line, file=sys.stderr)
        tally.status, tally.unread = EXIT_USAGE, tally.unread + 1
        return
    rules = Rules(board)
    # A setup that does not fit is the board's problem, said once where check says it; the tests of
    # the setup cannot run, those with a FEN of their own can.
    setup = setup_problem(board)
    problems = test_problems(board, rules)
    for line in problem_lines(([setup] if setup is not None else []) + list(problems)):
        print(line, file=sys.stderr)
    if problems or setup:
        tally.status = EXIT_USAGE
    from dagaz_studio.queries.piece_tests import TestResult

    unreadable = {(problem.line, problem.column): problem for problem in problems}
    for test in board.tests:
        places = (test.fen_at, *test.fen_fields_at, test.move_at)
        found = [str(unreadable[place]) for place in dict.fromkeys((at.line, at.column) for at in places)
                 if place in unreadable]
        if not test.readable or found or (setup is not None and test.fen is None):
            unrun = run_test(rules, test) if not test.readable else TestResult(
                board.name, test.name, test.at.line, test.piece_text(board.players), test.expectation_text(),
                error=f"the test cannot be read: {'; '.join(found)}" if found else f"not run: {setup}",
                file=board.source or board.name)
            yield unrun, False
            continue
        tally.running = f"{printable(board.source or board.name)}:{test.at.line}: test {readable_in_a_line(test.name)}"
        if test.expect == "perft":
            _warn_if_unending(rules, test)
        result = run_test_apart(rules, test, DEFAULT_BUDGET if budget is None else budget, "--budget")
        # Done: Ctrl-C while its result is printed stops no test of it.
        tally.running = None
        yield result, True


def _warn_if_unending(rules: Rules, test: PieceTest) -> None:
    """Say on stderr, before it runs, that a perft test may not end (as ``perft`` says it)."""
    from dagaz_studio.commands.perft import unending_warning
    from dagaz_studio.queries.piece_tests import readable_in_a_line, test_position

    board = rules.board
    try:
        warning = unending_warning(rules, test_position(board, test), test.depth)
    except Exception:  # noqa: BLE001 - whatever goes wrong, the test's own run says it, as its result
        return
    if warning is not None:
        print(f"{printable(board.source or board.name)}:{test.at.line}: warning: test {readable_in_a_line(test.name)}: "
              f"{warning}",
              file=sys.stderr, flush=True)
