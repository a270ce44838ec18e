"""Running a board file's piece tests (``test NAME: …``, docs/boards.md "Tests").

A reach test compares the squares a piece marks — where its legal moves end, and, written ``xe4``,
where they take a piece, as ``moves --json`` gives them in ``to`` and ``captures`` — with the
squares the test lists; a square missing is explained by the run's own "why not"
(:func:`~dagaz_studio.queries.explanation.answer_explanation`). Perft and move-name tests ask the
whole position. Nothing here knows a game: the board file says it all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from dagaz_studio.board.model import Board
from dagaz_studio.board.piece_tests import PieceTest
from dagaz_studio.board.problems import Problem, echoed
from dagaz_studio.engine import DEFAULT_BUDGET, FenError, Move, Position, Rules, RunawayNotation, describe_move
from dagaz_studio.queries.moves import MovesQuery, answer_moves, place_piece
from dagaz_studio.queries.run_stopped import stopped_said

__all__ = ["TestResult", "explain_mark", "mark_square", "ordered_marks", "reach_marks", "readable_in_a_line", "run_test",
           "run_test_apart", "run_tests", "test_position", "test_problems", "fen_field_index"]


@dataclass
class TestResult:
    """How one test went. ``missing`` and ``extra``: the marks the test expects that the piece lacks,
    and those it has that the test refuses; ``reason``: why the first missing one is not reached;
    ``error``: why the test could not be run to the end (a runaway notation); ``detail``: what
    a perft or move-name test found instead."""

    board: str
    name: str
    line: int
    piece: str
    expectation: str
    passed: bool = False
    missing: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    reason: str | None = None
    error: str | None = None
    detail: str | None = None
    #: For each extra mark, a move that makes it (in coordinates).
    extra_moves: dict[str, str] = field(default_factory=dict)
    #: A reach test's marks the piece makes, in the board's order of squares.
    found: tuple[str, ...] = ()
    #: The board file the test is written in, as it was named (the board's name when read from text).
    file: str | None = None
    #: Whether the run that stopped (``error``) spent its budget: given more, it may end.
    budget_spent: bool = False

    def as_json(self) -> dict[str, object]:
        """The result as ``dagaz-studio test --json`` prints it."""
        return {"board": self.board, "file": self.file or self.board, "name": self.name, "line": self.line, "piece": self.piece,
                "expects": self.expectation, "passed": self.passed, "missing": list(self.missing),
                "extra": list(self.extra), "reason": self.reason, "error": self.error, "detail": self.detail}

    def readable(self) -> TestResult:
        """The result as the ``test`` command and the Tests panel say it to a person: its name, piece and
        expectation each :func:`readable_in_a_line` (``as_json`` keeps them whole, for a program)."""
        return replace(self, name=readable_in_a_line(self.name), piece=readable_in_a_line(self.piece),
                       expectation=readable_in_a_line(self.expectation))

    def describe(self) -> str:
        """The failure in one line: the test, the piece, what is missing and extra, and why."""
        parts = [f"{self.name}: {self.piece}"]
        if self.error:
            parts.append(self.error)
        if self.detail:
            parts.append(self.detail)
        if self.missing:
            text = "missing " + " ".join(self.missing)
            if self.reason:
                first = self.missing[0]
                # A reason that begins with the square ("d6 is not reached: …") names it already, a taking's
                # mark (xd6) too.
                named = self.reason.startswith((f"{first} ", f"{first.removeprefix('x')} "))
                text += f" ({self.reason})" if named else f" ({first}: {self.reason})"
            parts.append(text)
        if self.extra:
            shown = [f"{mark} ({self.extra_moves[mark]})" if mark in self.extra_moves else mark for mark in self.extra]
            parts.append("extra " + " ".join(shown))
        return "; ".join(parts)


def readable_in_a_line(text: str) -> str:
    """A test's name, piece or expectation as a person reads it on one line, the ``test`` command and
    the Tests panel alike: a runaway one (a notation of thousands of characters, say) by its start and
    its end, so that what went wrong, which follows it, is read rather than scrolled away; a character
    that shows nothing or that a terminal would obey written as its escape."""
    return echoed(text, long=True)


def _file(board: Board) -> str:
    return board.source or board.name


def test_position(board: Board, test: PieceTest) -> Position:
    """The position a test starts from, its FEN a board FEN or a draughts PDN FEN (``W:W31,32:B1``,
    as ``moves --fen`` reads it); raises :class:`FenError` when it does not fit."""
    if test.fen is None:
        return Position.initial(board)
    from dagaz_studio.pdn import PdnError, board_fen

    try:
        fen = board_fen(board, test.fen)
    except PdnError as error:
        raise FenError(str(error), test.fen, "PDN") from None
    return Position.from_fen(board, fen)


#: The fields a :class:`FenError` names by where they stand in a FEN (its placement, and what it
#: holds, the hands, at its start); an extra field's place depends on the board's kind.
_FEN_FIELD_INDEX = {"side to move": 1, "castling rights": 2, "en-passant square": 3, "halfmove clock": 4,
                    "move number": 5, "moves in a row": 6}


def fen_field_index(field: str) -> int:
    """Which of a FEN's fields (counted from 0) ``field``, a :class:`FenError`'s, is: a problem of
    a FEN's castling rights is said at its castling rights, not at its placement. 0 (the FEN's
    start) for the placement and its parts, and for an extra field, whose place depends on the
    board's kind."""
    return _FEN_FIELD_INDEX.get(field, 0)


def test_problems(board: Board, rules: Rules | None = None) -> list[Problem]:
    """What is wrong with the tests: the loader's problems of the tests it could not read; beyond
    what the loader sees, a position's castling rights,
    en-passant square, counters or hands, each a problem at its FEN; a move name that names no move
    the board could make there, legal or not (:func:`~dagaz_studio.queries.move_shapes.name_problem`),
    a problem at the name."""
    problems = []
    for test in board.tests:
        if not test.readable:
            problems.extend(test.problems)
            continue
        try:
            position = test_position(board, test)
        except FenError as error:
            if test.fen is not None:  # the setup's own problem is check's to report, at the setup
                index = fen_field_index(error.field)
                at = test.fen_fields_at[index] if index < len(test.fen_fields_at) else test.fen_at
                problems.append(Problem(_file(board), at.line, at.column, f"test FEN: {error.message}"))
            continue
        if test.move is not None:
            rules = rules if rules is not None else Rules(board)
            problem = _move_problem(rules, position, test.move)
            if problem is not None:
                problems.append(Problem(_file(board), test.move_at.line, test.move_at.column, problem))
    return problems


def _move_problem(rules: Rules, position: Position, move: str) -> str | None:
    from dagaz_studio.queries.move_shapes import name_problem

    problem = name_problem(rules, position, move)
    return None if problem is None else f"test move: {problem}"


def mark_square(board: Board, mark: str) -> tuple[str, bool]:
    """The square a mark names, and whether the mark is a piece taken there (``xe4``); one ``x`` only
    is the taking's, so a board with a column x has its square ``x2`` and ``xx2`` taken on it."""
    if mark.startswith("x") and board.has_square(mark[1:]):
        return mark[1:], True
    return mark, False


def ordered_marks(board: Board, marks: Iterable[str]) -> list[str]:
    """Marks in the board's order of squares (on one square the plain mark before the taking)."""
    def key(mark: str) -> tuple[int, bool]:
        square, taken = mark_square(board, mark)
        return board.index(square), taken

    return sorted(marks, key=key)


def reach_marks(board: Board, moves: list[Move]) -> dict[str, Move]:
    """The marks of ``moves``, each with the first move that makes it: a square a move ends on
    without taking there (``e4``), and every square whose piece a move takes (``xe4``)."""
    marks: dict[str, Move] = {}
    for move in moves:
        if move.passes:
            continue
        if move.target not in move.captures:
            marks.setdefault(board.squares[move.target], move)
        for square in move.captures:
            marks.setdefault("x" + board.squares[square], move)
    return marks


def run_tests(board: Board, rules: Rules | None = None) -> list[TestResult]:
    """Every test of ``board``, in file order."""
    rules = rules if rules is not None else Rules(board)
    return [run_test(rules, test) for test in board.tests]


def run_test(rules: Rules, test: PieceTest, budget: int = DEFAULT_BUDGET, more_by: str | None = None) -> TestResult:
    """Run one test with ``rules`` (for its board), each run of a piece given ``budget`` units of work
    (a perft test's count is not bounded by it); ``more_by``: the command's option that gives a run
    that spent it more (see :func:`~dagaz_studio.queries.run_stopped.stopped_said`)."""
    board = rules.board
    result = TestResult(board.name, test.name, test.at.line, test.piece_text(board.players), test.expectation_text(),
                        file=_file(board))
    if not test.readable:
        # Said where check says it: the file, line and column of each problem.
        result.error = "the test cannot be read: " + _said(test.problems)
        return result
    try:
        position = test_position(board, test)
        if test.expect == "perft":
            _perft(rules, position, test, result)
        elif test.expect in ("legal", "illegal"):
            _named(rules, position, test, result, budget, more_by)
        else:
            _reach(rules, position, test, result, budget, more_by)
    except FenError as error:
        result.error = f"{'test FEN' if test.fen is not None else 'setup'}: {error.message}"
    except RunawayNotation as error:
        result.error = stopped_said(str(error), error.budget_spent, budget, more_by)
        result.budget_spent = error.budget_spent
    return result


def run_test_apart(rules: Rules, test: PieceTest, budget: int = DEFAULT_BUDGET,
                   more_by: str | None = None) -> TestResult:
    """:func:`run_test`, a failure of the program's own turned into the test's failed result (saying
    so, to be reported): one test's defect must not hide the others' results."""
    try:
        return run_test(rules, test, budget, more_by)
    except Exception as error:  # noqa: BLE001 - whatever went wrong, the other tests still run
        board = rules.board
        return TestResult(board.name, test.name, test.at.line, test.piece_text(board.players), test.expectation_text(),
                          error=f"internal error ({type(error).__name__}: {error}); please report it", file=_file(board))


#: The problems an unreadable test's result says in its one line; check and test list every one.
MOST_PROBLEMS_SAID = 5


def _said(problems: tuple[Problem, ...]) -> str:
    """A test's problems in one line: a statement of a thousand marks each given twice is said by its
    first few and a count, not in a line as long as the file."""
    said = "; ".join(map(str, problems[:MOST_PROBLEMS_SAID]))
    more = len(problems) - MOST_PROBLEMS_SAID
    return said + (f"; … and {more:,} more" if more > 0 else "")


def _perft(rules: Rules, position: Position, test: PieceTest, result: TestResult) -> None:
    from dagaz_studio.engine import perft

    counted = perft(rules, position, test.depth)
    result.passed = counted == test.count
    if not result.passed:
        result.detail = f"perft {test.depth} counted {counted}, the test says {test.count}"


def _named(rules: Rules, position: Position, test: PieceTest, result: TestResult, budget: int,
           more_by: str | None) -> None:
    from dagaz_studio.queries.move_reading import MoveNameQuery, read_move_name

    answer = read_move_name(rules, MoveNameQuery(rules.board, position, test.move or "", budget=budget))
    if answer.error is not None and answer.error.startswith("the legal moves cannot be worked out"):
        result.error = stopped_said(answer.error, answer.budget_spent, budget, more_by)
        result.budget_spent = answer.budget_spent
        return
    found = answer.move is not None or bool(answer.candidates)
    if not found:
        # A misspelt name matches no legal move either: refused, it would pass every 'illegal' test.
        result.error = _move_problem(rules, position, test.move or "")
        if result.error is not None:
            return
    result.passed = found if test.expect == "legal" else not found
    if result.passed:
        return
    if test.expect == "legal":
        result.detail = f"{test.move} is not a legal move here: {answer.error}"
    else:
        named = answer.name or ", ".join(answer.candidates)
        result.detail = f"{test.move} is a legal move here ({named})"


def _reach(rules: Rules, position: Position, test: PieceTest, result: TestResult, budget: int,
           more_by: str | None) -> None:
    board = rules.board
    if test.drop is not None and test.drop not in board.drops:
        # Read, but refused by the rules (no drop statement covers the piece): the test cannot pass.
        result.error = f"a {test.drop} is never dropped on this board"
        return
    query = _query(rules, position, test, budget)
    answer = answer_moves(rules, query)
    if answer.error is not None:
        result.error = answer.error
        return
    if answer.stopped is not None:
        result.error = stopped_said(answer.stopped, answer.budget_spent, budget, more_by)
        result.budget_spent = answer.budget_spent
        return
    marks = reach_marks(board, answer.shown_moves())
    expected = set(test.marks)
    if test.expect == "exactly":
        missing = [mark for mark in test.marks if mark not in marks]
        extra = [mark for mark in marks if mark not in expected]
    elif test.expect == "at-least":
        missing, extra = [mark for mark in test.marks if mark not in marks], []
    else:
        missing = []
        extra = [mark for mark in test.marks
                 if mark in marks or (not mark_square(board, mark)[1] and "x" + mark in marks)]
        extra = [mark if mark in marks else "x" + mark for mark in extra]
    result.found = tuple(ordered_marks(board, marks))
    # A mark written twice, or a plain one and its taking in 'none of', is said once.
    result.missing = tuple(ordered_marks(board, dict.fromkeys(missing)))
    result.extra = tuple(ordered_marks(board, dict.fromkeys(extra)))
    result.extra_moves = {mark: describe_move(board, marks[mark]) for mark in result.extra if mark in marks}
    result.passed = not missing and not extra
    if missing:
        result.reason = _why_not(rules, query, result.missing[0], marks)


def explain_mark(rules: Rules, test: PieceTest, mark: str, budget: int = DEFAULT_BUDGET) -> str | None:
    """Why the piece of a reach test does not make ``mark`` (``e4`` or ``xe4``), as the window's
    "why not" says it, its run given ``budget``; ``None`` when it does make it."""
    position = test_position(rules.board, test)
    query = _query(rules, position, test, budget)
    answer = answer_moves(rules, query)
    if answer.stopped is not None or answer.error is not None:
        return answer.stopped or answer.error
    marks = reach_marks(rules.board, answer.shown_moves())
    return None if mark in marks else _why_not(rules, query, mark, marks)


def _query(rules: Rules, position: Position, test: PieceTest, budget: int) -> MovesQuery:
    board = rules.board
    if test.drop is not None:
        return MovesQuery(board, position, drop=test.drop, drop_player=test.drop_player, budget=budget)
    square = board.index(test.square or "")
    if test.notation is not None:
        return MovesQuery(board, position, square, notation=test.notation, notation_player=test.put_player,
                          any_turn=True, budget=budget)
    if test.put_piece is not None:
        position = position.copy()
        player = position.turn if test.put_player is None else test.put_player
        place_piece(rules, position, square, rules.kind_index[test.put_piece], player)
    return MovesQuery(board, position, square, any_turn=True, budget=budget)


def _why_not(rules: Rules, query: MovesQuery, mark: str, marks: dict[str, Move]) -> str | None:
    """Why the piece does not make ``mark``: the run's own explanation, its closest way first."""
    board = rules.board
    square_name, taken = mark_square(board, mark)
    if taken and square_name in marks:
        return f"a move ends on {square_name} but takes nothing there ({describe_move(board, marks[square_name])})"
    if not taken and "x" + square_name in marks:
        return f"a move to {square_name} takes the piece there ({describe_move(board, marks['x' + square_name])})"
    if query.drop is not None:
        return _why_no_drop(rules, query, board.index(square_name))
    from dagaz_studio.queries.explanation import ExplainQuery, answer_explanation

    traced = answer_moves(rules, replace(query, trace=True))
    if traced.start is None or traced.stopped is not None:
        return traced.stopped
    explained = answer_explanation(rules, ExplainQuery(board, traced, board.index(square_name)))
    if explained.explanation is None:
        return explained.error
    explanation = explained.explanation
    if sum(way.heads for way in explanation.ways) > 1 and explanation.summary:
        return explanation.summary  # several ways headed there: what stopped each, in one line
    if explanation.ways:
        return explanation.ways[0].describe(board)
    return " ".join(explanation.sentence.splitlines())  # no way failed: the sentence and the closest move


def _why_no_drop(rules: Rules, query: MovesQuery, square: int) -> str:
    position = query.position
    player = position.turn if query.drop_player is None else query.drop_player
    kind = rules.kind_index[query.drop or ""]
    # Said before the notation is blamed: with none in hand, no notation drops it anywhere.
    if position.hands and position.hands[player][kind] <= 0 and not rules.kinds[kind].unlimited:
        return f"{rules.board.players[player]} holds no {query.drop} in hand"
    everything = answer_moves(rules, replace(query, legal_only=False))
    dropped = next((move for move in everything.moves if move.target == square), None)
    if dropped is not None:
        from dagaz_studio.queries.explanation import why_drop_forbidden

        said = why_drop_forbidden(rules, position, player, kind, dropped)
        return "its drop notation drops it there, but the game's rules forbid that drop" + (f": {said}" if said else "")
    return "its drop notation does not drop it there"

