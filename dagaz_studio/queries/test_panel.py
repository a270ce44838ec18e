"""The questions the window's Tests panel puts to the rules, off its thread: run the board's tests
(with a piece's notation as it is being edited), why a test's piece misses a mark, a test statement
recorded from what the board shows, two definitions' squares side by side, and a search for a
position where they differ. Plain Python, no Qt; each question a dataclass a worker can answer.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace
from typing import Any

from dagaz_studio.board.model import Board
from dagaz_studio.board.piece_tests import PieceTest
from dagaz_studio.engine import DEFAULT_BUDGET, Position, Rules, RunawayNotation, describe_move
from dagaz_studio.queries.piece_tests import TestResult, explain_mark, ordered_marks, reach_marks, run_test_apart
from dagaz_studio.queries.run_stopped import stopped_said

__all__ = [
    "CompareAnswer", "CompareQuery", "FindAnswer", "FindQuery", "Progress", "RecordAnswer", "RecordQuery",
    "TestsAnswer", "TestsQuery", "WhyAnswer", "WhyQuery", "answer_panel", "edited_board", "panel_failed",
]


def edited_board(board: Board, piece: str | None, notation: str | None) -> Board:
    """``board`` with piece type ``piece`` moving by ``notation`` (Dagaz) instead of its own; the
    board itself when nothing is edited. Raises :class:`~dagaz_studio.notation.NotationError`."""
    if piece is None or notation is None or piece not in board.pieces:
        return board
    from dagaz_studio.notation.parser import parse_notation

    pieces = dict(board.pieces)
    pieces[piece] = replace(pieces[piece], notation_text=notation, notation=parse_notation(notation))
    return replace(board, pieces=pieces)


@dataclass(frozen=True)
class TestsQuery:
    """Run every test of ``board``, with ``piece`` moving by ``edit`` (Dagaz) when one is being edited."""

    board: Board
    piece: str | None = None
    edit: str | None = None
    serial: int = 0
    #: The work each run of a test's piece may do.
    budget: int = DEFAULT_BUDGET


@dataclass
class TestsAnswer:
    """The results in file order, or why the tests could not be run (``error``)."""

    query: TestsQuery
    results: list[TestResult] = field(default_factory=list)
    error: str | None = None
    #: The board the tests ran on (the edited one).
    board: Board | None = None

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


@dataclass(frozen=True)
class WhyQuery:
    """Why the piece of ``test`` (on ``board``, edited as the tests ran) does not make ``mark``."""

    board: Board
    test: PieceTest
    mark: str
    serial: int = 0
    #: The work the piece's run may do: what the tests were run with.
    budget: int = DEFAULT_BUDGET


@dataclass
class WhyAnswer:
    """The reason, in one sentence."""

    query: WhyQuery
    reason: str | None = None

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


@dataclass(frozen=True)
class RecordQuery:
    """A test of what the board shows: the piece on ``square`` of ``position`` (moving by
    ``notation``, of ``player``, where a notation is typed), or the piece ``drop`` held in hand by
    ``player`` (``square`` is then ``None``); its legal marks, under a name no test of the board nor of
    ``taken`` has."""

    board: Board
    position: Position
    square: int | None
    notation: str | None = None
    player: int | None = None
    drop: str | None = None
    #: Test names the board file's text holds already (tests written but not yet applied).
    taken: frozenset[str] = frozenset()
    serial: int = 0


@dataclass
class RecordAnswer:
    """The statement, one line, or why there is none."""

    query: RecordQuery
    statement: str | None = None
    error: str | None = None

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


@dataclass(frozen=True)
class CompareQuery:
    """The marks of a piece of the side to move on ``square`` of ``position`` by notation ``a`` and by
    ``b`` (both Dagaz): which only A makes, only B, and both."""

    board: Board
    position: Position
    square: int
    a: str
    b: str
    serial: int = 0
    #: The work each definition's run may do.
    budget: int = DEFAULT_BUDGET

    @property
    def notation(self) -> str:
        """A typed notation: the worker's rules that learn typed notations answer it."""
        return self.a


@dataclass
class CompareAnswer:
    """Each mark (``e4``, ``xe4``) with ``a``, ``b`` or ``both``; the moves only A makes and only B
    makes, described (``only_a``, ``only_b``: they may differ where the marks agree, promoting or
    not on one square); or the ``error``, and ``which`` definition, ``A`` or ``B``, it is of."""

    query: CompareQuery
    marks: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    only_a: list[str] = field(default_factory=list)
    only_b: list[str] = field(default_factory=list)
    which: str = "B"
    #: Whether the run that stopped (``error``) spent its budget: given more, it may end.
    budget_spent: bool = False

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


class Progress:
    """How far a search has gone, written by the worker and read by the window (whole numbers,
    which Python reads and writes at once)."""

    def __init__(self) -> None:
        self.done = 0
        self.total = 0


@dataclass(frozen=True)
class FindQuery:
    """Search ``positions`` positions for one where notations ``a`` and ``b`` differ."""

    board: Board
    a: str
    b: str
    positions: int = 2000
    seed: int = 0
    progress: Progress = field(default_factory=Progress, compare=False)
    serial: int = 0
    #: The work each definition's run may do.
    budget: int = DEFAULT_BUDGET

    @property
    def notation(self) -> str:
        """A typed notation: the worker's rules that learn typed notations answer it."""
        return self.a


@dataclass
class FindAnswer:
    """What the search found (:class:`~dagaz_studio.queries.compare.Comparison`), or the ``error``."""

    query: FindQuery
    comparison: Any = None
    error: str | None = None

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def panel_failed(query: Any, message: str) -> Any:
    """The answer that reports an unexpected failure of ``query``."""
    answers = {TestsQuery: TestsAnswer, WhyQuery: WhyAnswer, RecordQuery: RecordAnswer, CompareQuery: CompareAnswer,
               FindQuery: FindAnswer}
    answer = answers[type(query)](query)
    if isinstance(answer, WhyAnswer):
        answer.reason = message
    else:
        answer.error = message
    return answer


def answer_panel(rules: Rules | None, query: Any, cancel: threading.Event) -> Any:
    """Answer any of the panel's questions (``rules``: the worker's for the query's board)."""
    from dagaz_studio.notation import NotationError

    rules = rules if rules is not None else Rules(query.board)
    try:
        if isinstance(query, TestsQuery):
            return _tests(query, cancel)
        if isinstance(query, WhyQuery):
            return WhyAnswer(query, explain_mark(Rules(query.board), query.test, query.mark, query.budget))
        if isinstance(query, RecordQuery):
            return _record(rules, query)
        if isinstance(query, CompareQuery):
            return _compare(rules, query)
        return _find(rules, query, cancel)
    except NotationError as error:
        return panel_failed(query, error.message)
    except RunawayNotation as error:
        return panel_failed(query, stopped_said(str(error), error.budget_spent))


def _tests(query: TestsQuery, cancel: threading.Event) -> TestsAnswer:
    board = edited_board(query.board, query.piece, query.edit)
    rules = Rules(board) if board is not query.board else Rules(query.board)
    answer = TestsAnswer(query, board=board)
    for test in board.tests:
        if cancel.is_set():
            break
        answer.results.append(run_test_apart(rules, test, query.budget))
    return answer


def _test_name(board: Board, stem: str, taken: frozenset[str]) -> str:
    taken = taken | {test.name for test in board.tests}
    number = 1
    while f"{stem}-{number}" in taken:
        number += 1
    return f"{stem}-{number}"


def _record(rules: Rules, query: RecordQuery) -> RecordAnswer:
    from dagaz_studio.queries.moves import MovesQuery, answer_moves

    board = rules.board
    if query.drop is not None:
        if query.drop not in board.drops:
            # A piece entering only by a gate: a drop test asks a drop notation, which this piece has not.
            return RecordAnswer(query, error=f"a {query.drop} in hand is never dropped on this board (no drop "
                                             "statement covers it), and a test's 'drop' asks its drops")
        # The query a test's 'drop' words make (queries.piece_tests), so the test passes as recorded.
        moves = MovesQuery(board, query.position.copy(), drop=query.drop, drop_player=query.player)
    else:
        moves = MovesQuery(board, query.position.copy(), query.square, notation=query.notation,
                           notation_player=query.player, any_turn=True)
    answer = answer_moves(rules, moves)
    if answer.error is not None or answer.stopped is not None:
        return RecordAnswer(query, error=answer.error or answer.stopped)
    ordered = ordered_marks(board, reach_marks(board, answer.shown_moves()))
    if query.drop is not None:
        # The hand's owner is named only when he is not the side to move, whom a test's 'drop' means.
        whose = f"{board.players[query.player]} " \
            if query.player is not None and query.player != query.position.turn else ""
        name, piece = _test_name(board, f"drops-{query.drop}", query.taken), f"drop {whose}{query.drop}"
    else:
        assert query.square is not None
        square = board.squares[query.square]
        piece = f"at {square}"
        if query.notation is not None:
            if "`" in query.notation:
                return RecordAnswer(query, error="a notation with a backquote cannot be written in a test")
            whose = f"{board.players[query.player]} " if query.player is not None else ""
            piece += f" put {whose}`{query.notation}`"
        name = _test_name(board, f"reaches-from-{square}", query.taken)
    reaches = "reaches " + " ".join(ordered) if ordered else "reaches nothing"
    statement = f"test {name}: fen {query.position.fen()} {piece} {reaches}"
    return RecordAnswer(query, re.sub(r"\s+", " ", statement))


def _compare(rules: Rules, query: CompareQuery) -> CompareAnswer:
    from dagaz_studio.queries.compare import definition_kinds
    from dagaz_studio.queries.compare_positions import full_move, piece_moves

    kinds = definition_kinds(rules, query.a, query.b)
    position = query.position.copy()
    board = rules.board
    found, made = [], []
    for which, kind in zip("AB", kinds):
        try:
            moves = piece_moves(rules, position, query.square, kind, query.budget)
            full = {key: full_move(rules, position, query.square, kind, move) for key, move in moves.items()}
        except RunawayNotation as error:
            # A typed notation may be A: which of the two ran away is said, as Find a difference says it.
            answer = panel_failed(query, stopped_said(str(error), error.budget_spent, query.budget))
            answer.which, answer.budget_spent = which, error.budget_spent
            return answer
        made.append(full)
        found.append(set(reach_marks(board, list(full.values()))))
    # In the board's order of squares, as a test's marks are: the result line lists them so, run after run.
    marks = {mark: ("both" if mark in found[1] else "a") if mark in found[0] else "b"
             for mark in ordered_marks(board, found[0] | found[1])}
    # Told apart as Find a difference tells them (queries.compare): by what each move does, not only where.
    only_a = [describe_move(board, move) for key, move in made[0].items() if key not in made[1]]
    only_b = [describe_move(board, move) for key, move in made[1].items() if key not in made[0]]
    return CompareAnswer(query, marks, only_a=only_a, only_b=only_b)


def _find(rules: Rules, query: FindQuery, cancel: threading.Event) -> FindAnswer:
    from dagaz_studio.queries.compare import compare_kinds, definition_kinds

    kinds = definition_kinds(rules, query.a, query.b)
    progress = query.progress
    progress.total = query.positions

    def advance(done: int, _total: int) -> None:
        progress.done = done

    return FindAnswer(query, compare_kinds(rules, kinds, query.positions, query.seed, progress=advance,
                                           cancel=cancel, budget=query.budget))
