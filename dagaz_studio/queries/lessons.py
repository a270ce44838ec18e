"""The course "Teach the notation": lessons read from TOML files, and answers marked by how they move.

A lesson is data (``resources/lessons/*.toml``, or any file a teacher writes; docs/lessons.md gives
the format): a text, a board with a position, a worked example to step through, and an exercise —
"write a piece that moves like this" — with hints and a solution. An answer is marked by moves, not
by spelling: it passes when it makes the solution's moves on the lesson's positions and on the
positions the comparison generates (:mod:`dagaz_studio.queries.compare`); when it does not, the
simplest position found where the two differ is the counterexample.

Plain Python, no Qt: the ``lesson`` command and the window's Lessons panel ask the same questions.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from dagaz_studio.board.model import Board
from dagaz_studio.board.problems import echoed
from dagaz_studio.engine import CancelFlag, FenError, Move, Piece, Position, Rules, RunawayNotation, describe_move
from dagaz_studio.queries.compare import ComparisonCancelled, compare_pieces, stop_if_cancelled
from dagaz_studio.queries.compare_positions import full_move, piece_moves
from dagaz_studio.queries.fen_unsaid import read_again, unsaid_by_fen
from dagaz_studio.queries.lesson_board_path import lesson_board_path
from dagaz_studio.queries.toml_text import TomlTextError, key_line, obeyed_character, toml_tables

__all__ = [
    "LESSON_NOTATIONS", "ComparisonCancelled", "Lesson", "LessonError", "LessonPosition", "Marking", "Verdict", "check_answer",
    "course", "course_directory", "find_lesson", "lesson_board", "mark_answer", "read_lesson", "to_dagaz",
]

#: The languages an answer may be written in.
LESSON_NOTATIONS = ("dagaz", "betza", "parlett")
#: How many generated positions an answer is compared on, unless the lesson says otherwise.
DEFAULT_POSITIONS = 60


class LessonError(ValueError):
    """A lesson file that cannot be used: ``path``, ``line`` (1-based; 0 where no file was read) and
    ``reason``."""

    def __init__(self, path: str | Path, line: int, reason: str) -> None:
        from dagaz_studio.board.problems import printable

        shown = printable(str(path))
        super().__init__(f"{shown}:{line}: {reason}" if line else f"{shown}: {reason}")
        self.path = str(path)
        self.line = line
        self.reason = reason


class AnswerError(ValueError):
    """An answer that does not read in its notation; ``message`` says where and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class LessonPosition:
    """A position (``fen``; ``None``: the board's initial one) and the ``square`` the piece stands on."""

    fen: str | None
    square: str


@dataclass(frozen=True)
class Lesson:
    """One lesson. ``board`` names a shipped board or a board file (made absolute); ``position`` is the
    exercise's position and square; ``example`` is a notation to step through on ``example_position``;
    ``solution`` is written in ``notation``; ``positions`` are further positions answers are compared
    on, and ``generated`` how many positions the comparison generates."""

    id: str
    path: str
    title: str
    text: str
    board: str
    position: LessonPosition
    example: str
    example_text: str
    example_position: LessonPosition
    prompt: str
    solution: str
    notation: str = "dagaz"
    hints: tuple[str, ...] = ()
    positions: tuple[LessonPosition, ...] = ()
    generated: int = DEFAULT_POSITIONS


@dataclass
class Marking:
    """An answer's moves against the solution's on one position, by target square: ``agree`` (both
    reach it), ``missing`` (only the solution), ``extra`` (only the answer). ``error`` when the answer
    does not read or run (nothing is marked then)."""

    fen: str | None
    square: str
    agree: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def right(self) -> bool:
        """Whether the targets all agree (the moves may still differ in what they capture)."""
        return self.error is None and not self.missing and not self.extra


@dataclass
class Verdict:
    """Whether an answer moves as the solution does. When not, ``fen`` and ``square`` give the
    simplest position found where they differ, ``only_answer`` and ``only_solution`` the moves one
    makes and the other does not, and ``marking`` that position's squares."""

    passed: bool
    positions: int
    fen: str | None = None
    square: str | None = None
    only_answer: list[str] = field(default_factory=list)
    only_solution: list[str] = field(default_factory=list)
    marking: Marking | None = None
    error: str | None = None
    #: With ``error``: whose run was stopped there, ``answer`` or ``solution``.
    which: str | None = None
    #: The player whose piece is put on ``square``: the side to move of ``fen``.
    player: str | None = None
    #: What reading the answer warned about (Betza that XBoard and Fairy-Stockfish read otherwise).
    warnings: list[str] = field(default_factory=list)
    #: What the counterexample holds that its FEN cannot say and the difference needs (which pieces
    #: have moved, the last move), in words; empty when the FEN, read again, shows the difference.
    unsaid: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- reading lessons


def course_directory() -> Path:
    """Where the shipped lessons are: installed beside the package, or in the source tree."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "_data" / "resources" / "lessons", package.parent / "resources" / "lessons"):
        if candidate.is_dir():
            return candidate
    return package.parent / "resources" / "lessons"


def course() -> list[Lesson]:
    """Every shipped lesson, in the course's order (their file names)."""
    return [read_lesson(path) for path in sorted(course_directory().glob("*.toml"))]


def find_lesson(reference: str) -> Lesson:
    """A shipped lesson by id (or its number, ``3`` for ``03-…``), or a lesson file by path."""
    path = Path(reference)
    # A name too long for the system, or one with a NUL in it, is no file: not a traceback. It is
    # quoted as a path is, whole up to a point, then by its start and end: the file's name still shows.
    shown = echoed(reference, long=True)
    if reference.endswith(".toml") or _asks(path.is_file):
        if not _asks(path.exists):
            raise LessonError(shown, 0, "no such lesson file")
        return read_lesson(path)
    shipped = sorted(course_directory().glob("*.toml"))
    for candidate in shipped:
        stem = candidate.stem
        number = stem.split("-")[0]
        if reference in (stem, stem.split("-", 1)[-1]) or (_number(reference) == _number(number) is not None):
            return read_lesson(candidate)
    numbers = sorted(number for p in shipped if (number := _number(p.stem.split("-")[0])) is not None)
    if _number(reference) is not None and numbers:
        raise LessonError(shown, 0, f"no lesson numbered {_number(reference)}: the course's lessons are numbered "
                                    f"{numbers[0]} to {numbers[-1]}")
    names = ", ".join(p.stem for p in shipped[:3])
    raise LessonError(shown, 0, f"no lesson by that name: give a lesson's id ({names}, …) or a .toml file")


def _number(text: str) -> int | None:
    """The number ``text`` writes, or ``None``: isdecimal, not isdigit (a superscript ² is a digit that
    int() does not read), and a few digits, not thousands (which int() refuses to read)."""
    return int(text) if text.isdecimal() and len(text) <= 9 else None


def _asks(question: Callable[[], bool]) -> bool:
    """What a question about a path answers, or ``False`` when the system cannot ask it of the name."""
    try:
        return question()
    except (OSError, ValueError):
        return False


#: The largest lesson file read: a lesson is a page of text and a few positions.
MAX_LESSON_BYTES = 200_000


def read_lesson(path: str | Path) -> Lesson:
    """The lesson a TOML file holds; raises :class:`LessonError` with the line and reason of a problem."""
    from dagaz_studio.board.text_file import TextFileError, read_text_file

    path = Path(path)
    try:
        text = read_text_file(path, MAX_LESSON_BYTES, what="lesson file")
    except TextFileError as error:
        raise LessonError(path, error.line, error.message) from None  # line 0: the file as a whole
    return parse_lesson(text, path)


def parse_lesson(text: str, path: str | Path = "<lesson>") -> Lesson:
    """The lesson ``text`` (TOML) describes; ``path`` names it in errors and anchors a relative board."""
    path = Path(path)
    try:
        data = toml_tables(text)
    except TomlTextError as error:
        raise LessonError(path, error.line, error.reason) from None

    def fail(table: str | None, key: str | None, reason: str) -> LessonError:
        return LessonError(path, key_line(text, table, key), reason)

    def string(table: str | None, values: dict, key: str, default: str | None = None) -> str:
        value = values.get(key, default)
        if value is None:
            raise fail(table, None, f"{f'[{table}]' if table else 'the lesson'} needs '{key}'")
        if not isinstance(value, str) or not value.strip():
            raise fail(table, key, f"'{key}' must be a text that is not empty")
        return shown(table, key, value).strip()

    def shown(table: str | None, key: str, value: str) -> str:
        if (obeyed := obeyed_character(value)) is not None:
            raise fail(table, key, f"'{key}' holds the control character {obeyed}: a lesson's texts are shown as written")
        return value

    def table_of(key: str) -> dict:
        value = data.get(key)
        if not isinstance(value, dict):
            raise fail(None, key, f"the lesson needs a [{key}] table")
        return value

    known = {"title", "text", "board", "fen", "square", "notation", "example", "exercise"}
    for key in data:
        if key not in known:
            raise fail(None, key, f"unknown key '{key}': a lesson has {', '.join(sorted(known))}")
    title = string(None, data, "title")
    body = string(None, data, "text")
    board_name = string(None, data, "board")
    notation = string(None, data, "notation", "dagaz")
    if notation not in LESSON_NOTATIONS:
        raise fail(None, "notation", f"notation {notation!r}: choose {', '.join(LESSON_NOTATIONS)}")
    board_name = lesson_board_path(path, board_name)
    fen = data.get("fen")
    if fen is not None and not isinstance(fen, str):
        raise fail(None, "fen", "'fen' must be a text")
    position = LessonPosition(fen, string(None, data, "square"))

    example = table_of("example")
    for key in example:
        if key not in ("notation", "text", "fen", "square"):
            raise fail("example", key, f"unknown key '{key}' in [example]: it has notation, text, fen, square")
    for key in ("fen", "square"):
        if key in example and not isinstance(example[key], str):
            raise fail("example", key, f"'{key}' in [example] must be a text")
    example_position = LessonPosition(example.get("fen", fen), example.get("square", position.square))
    exercise = table_of("exercise")
    for key in exercise:
        if key not in ("prompt", "solution", "hints", "positions", "generated"):
            raise fail("exercise", key, f"unknown key '{key}' in [exercise]: it has prompt, solution, hints, "
                       "positions, generated")
    hints = exercise.get("hints", [])
    if not isinstance(hints, list) or not all(isinstance(h, str) and h.strip() for h in hints):
        raise fail("exercise", "hints", "'hints' must be a list of texts")
    hints = [shown("exercise", "hints", hint) for hint in hints]
    extra = exercise.get("positions", [])
    # A misspelt key (FEN, Fen) would otherwise leave the board's initial position in its place.
    if not isinstance(extra, list) or not all(isinstance(p, dict) and isinstance(p.get("square"), str)
                                              and isinstance(p.get("fen", ""), str) and set(p) <= {"fen", "square"}
                                              for p in extra):
        raise fail("exercise", "positions", "'positions' must be a list of { fen = \"…\", square = \"…\" }")
    generated = exercise.get("generated", DEFAULT_POSITIONS)
    if not isinstance(generated, int) or isinstance(generated, bool) or not 0 <= generated <= 2000:
        raise fail("exercise", "generated", "'generated' must be a count from 0 to 2000")
    lesson = Lesson(
        id=path.stem, path=str(path), title=title, text=body, board=board_name, position=position,
        example=string("example", example, "notation"), example_text=string("example", example, "text"),
        example_position=example_position, prompt=string("exercise", exercise, "prompt"),
        solution=string("exercise", exercise, "solution"), notation=notation,
        hints=tuple(h.strip() for h in hints),
        positions=tuple(LessonPosition(p.get("fen"), p["square"]) for p in extra), generated=generated)
    _validate(lesson, text, fail)
    return lesson


def _validate(lesson: Lesson, text: str, fail: Any) -> None:
    """Refuse a lesson whose board, positions, squares or notations cannot be used, at their line."""
    from dagaz_studio.notation import NotationError
    from dagaz_studio.notation.parser import parse_notation

    try:
        board = lesson_board(lesson.board)
    except ValueError as error:
        raise fail(None, "board", f"board {lesson.board!r}: {str(error).splitlines()[0]}") from None
    checks = [(None, lesson.position), ("example", lesson.example_position)]
    checks += [("exercise", p) for p in lesson.positions]
    for table, place in checks:
        try:
            _position(board, place.fen)
        except FenError as error:  # with no FEN of the lesson's, the board's setup: said at the board
            table, key, said = ((table, "fen" if table != "exercise" else "positions", "bad position") if place.fen
                                is not None else (None, "board", "the board's setup does not fit"))
            raise fail(table, key, f"{said}: {error}") from None
        if not board.has_square(place.square):
            raise fail(table, "square" if table != "exercise" else "positions",
                       f"no square {place.square!r} on {board.name}")
    # Read against the board's rules, which know its piece types and zones: a solution naming what
    # the board lacks would otherwise be blamed on every answer checked.
    rules = _rules(lesson.board)
    try:
        example = rules.custom_kind(parse_notation(lesson.example), "Example")
    except NotationError as error:
        raise fail("example", "notation", f"the example does not read: {error.message}") from None
    # Its run is the film the lesson steps through: one that never ends would show only its stop.
    place = lesson.example_position
    try:
        _moves_at(rules, _position(board, place.fen), board.index(place.square), example)
    except RunawayNotation as error:
        raise fail("example", "notation", f"the example runs away on {place.square}: {error}") from None
    try:
        solution = rules.custom_kind(parse_notation(to_dagaz(lesson.solution, lesson.notation)), "Solution")
    except (NotationError, AnswerError) as error:
        message = getattr(error, "message", str(error)).splitlines()[0]
        raise fail("exercise", "solution", f"the solution does not read: {message}") from None
    for _table, place in checks:
        try:
            _moves_at(rules, _position(board, place.fen), board.index(place.square), solution)
        except RunawayNotation as error:
            raise fail("exercise", "solution", f"the solution runs away on {place.square}: {error}") from None


@lru_cache(maxsize=16)
def lesson_board(name: str) -> Board:
    """The board a lesson names (shipped name or file), read once."""
    from dagaz_studio.board import load_board

    return load_board(name)


#: The most typed pieces the rules of one board keep compiled before they are made afresh: each
#: answer typed is a piece kind of its own, and a student types many.
MOST_TYPED_KINDS = 300


@lru_cache(maxsize=16)
def _cached_rules(name: str, thread: int) -> Rules:
    return Rules(lesson_board(name))


def _rules(name: str) -> Rules:
    """The rules of the board ``name``, kept for this thread: the interpreter is not thread-safe, and
    the window marks answers on a worker while the command line (or a test) may mark on its own."""
    thread = threading.get_ident()
    rules = _cached_rules(name, thread)
    if len(rules.kinds) > len(rules.board.pieces) + MOST_TYPED_KINDS:
        _cached_rules.cache_clear()
        rules = _cached_rules(name, thread)
    return rules


def _position(board: Board, fen: str | None) -> Position:
    return Position.initial(board) if fen is None else Position.from_fen(board, fen)


def to_dagaz(text: str, notation: str, dialect: str = "xboard") -> str:
    """An answer in the Dagaz notation: as typed, or translated from Betza (read as ``dialect``: xboard
    or fsf, where XBoard and Fairy-Stockfish read it otherwise) or Parlett."""
    return _translated(text, notation, dialect)[0]


def _translated(text: str, notation: str, dialect: str = "xboard") -> tuple[str, list[str]]:
    """An answer in the Dagaz notation, and what its reading warned about."""
    if notation == "dagaz":
        return text, []
    from dagaz_studio.translation import TranslationError, translate

    try:
        translation = translate(text, notation, "dagaz", dialect)
    except TranslationError as error:
        raise AnswerError(f"bad {notation}: {str(error).splitlines()[0]}") from None
    return translation.text, list(translation.warnings)


# --------------------------------------------------------------------------- marking


def _kind(rules: Rules, dagaz: str, name: str) -> int:
    from dagaz_studio.notation import NotationError
    from dagaz_studio.notation.parser import parse_notation

    try:
        return rules.custom_kind(parse_notation(dagaz), name)
    except NotationError as error:
        raise AnswerError(error.render() if hasattr(error, "render") else str(error)) from None


def _answer_kind(lesson: Lesson, rules: Rules, answer: str, notation: str | None, dialect: str = "xboard") -> int:
    if not answer.strip():
        raise AnswerError("the answer is empty")
    from dagaz_studio.queries.notation_reading import MAX_NOTATION_CHARS

    if len(answer) > MAX_NOTATION_CHARS:
        raise AnswerError(f"the answer is {len(answer):,} characters long: at most {MAX_NOTATION_CHARS:,} are read")
    return _kind(rules, to_dagaz(answer, notation or lesson.notation, dialect), "Answer")


def _moves_at(rules: Rules, position: Position, square: int, kind: int) -> dict[tuple, Move]:
    """The moves of a piece of ``kind`` of the side to move put on ``square``, by what they do."""
    return {key: full_move(rules, position, square, kind, found)
            for key, found in piece_moves(rules, position, square, kind).items()}


def _targets(moves: dict[tuple, Move], board: Board) -> set[str]:
    return {board.squares[move.target] for move in moves.values()}


def solution_targets(lesson: Lesson, place: LessonPosition | None = None) -> list[str]:
    """The squares the solution's piece reaches on the exercise's position (or ``place``)."""
    rules = _rules(lesson.board)
    board = rules.board
    place = place or lesson.position
    kind = _kind(rules, to_dagaz(lesson.solution, lesson.notation), "Solution")
    moves = _moves_at(rules, _position(board, place.fen), board.index(place.square), kind)
    return sorted(_targets(moves, board), key=board.index)


def mark_answer(lesson: Lesson, answer: str, notation: str | None = None,
                place: LessonPosition | None = None, position: Position | None = None,
                dialect: str = "xboard") -> Marking:
    """The answer's targets against the solution's on the exercise's position (or ``place``): what the
    board shows as the student types. ``position``, when given, is the position itself (one may hold
    what ``place``'s FEN cannot say: which pieces have moved, the last move)."""
    place = place or lesson.position
    rules = _rules(lesson.board)
    board = rules.board
    marking = Marking(place.fen, place.square)
    try:
        solution = _kind(rules, to_dagaz(lesson.solution, lesson.notation), "Solution")
        kind = _answer_kind(lesson, rules, answer, notation, dialect)
        if position is None:
            position = _position(board, place.fen)
        square = board.index(place.square)
        wanted = _targets(_moves_at(rules, position, square, solution), board)
        given = _targets(_moves_at(rules, position, square, kind), board)
    except (AnswerError, RunawayNotation) as error:
        marking.error = getattr(error, "message", None) or str(error)
        return marking
    order = board.index
    marking.agree = sorted(wanted & given, key=order)
    marking.missing = sorted(wanted - given, key=order)
    marking.extra = sorted(given - wanted, key=order)
    return marking


def check_answer(lesson: Lesson, answer: str, notation: str | None = None,
                 generated: int | None = None, seed: int = 0, cancel: CancelFlag | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 dialect: str = "xboard") -> Verdict:
    """Whether ``answer`` moves as the lesson's solution: first on the lesson's own positions, then on
    ``generated`` positions of the comparison (default: the lesson's count). Raises
    :class:`AnswerError` when the answer does not read. ``dialect`` says how Betza is read (xboard or
    fsf, where XBoard and Fairy-Stockfish read it otherwise).

    ``cancel`` is looked at between positions (and squares): when it is set,
    :class:`~dagaz_studio.queries.compare.ComparisonCancelled` is raised. ``progress`` is told
    (positions done, positions in all) after each position."""
    verdict = _check_answer(lesson, answer, notation, generated, seed, cancel, progress, dialect)
    # A reading that warns may be why the answer moves otherwise (Betza's WW: a Wazir twice, or a rider).
    verdict.warnings = _translated(answer, notation or lesson.notation, dialect)[1]
    return verdict


def _check_answer(lesson: Lesson, answer: str, notation: str | None, generated: int | None, seed: int,
                  cancel: CancelFlag | None, progress: Callable[[int, int], None] | None,
                  dialect: str) -> Verdict:
    rules = _rules(lesson.board)
    board = rules.board
    _answer_kind(lesson, rules, answer, notation, dialect)  # refuses what does not read, before any work
    dagaz = to_dagaz(answer, notation or lesson.notation, dialect)
    solution = to_dagaz(lesson.solution, lesson.notation)
    answer_kind = _kind(rules, dagaz, "Answer")
    solution_kind = _kind(rules, solution, "Solution")
    places = (lesson.position, lesson.example_position) + lesson.positions
    count = lesson.generated if generated is None else generated
    total = len(places) + max(0, count)

    def done(positions: int) -> None:
        if progress is not None:
            progress(positions, total)

    for tried, place in enumerate(places, 1):
        stop_if_cancelled(cancel)
        position = _position(board, place.fen)
        square = board.index(place.square)
        which = "answer"
        try:
            a = _moves_at(rules, position, square, answer_kind)
            which = "solution"
            b = _moves_at(rules, position, square, solution_kind)
        except RunawayNotation as error:
            return Verdict(False, tried, position.fen(), place.square, error=str(error), which=which,
                           player=board.players[position.turn])
        if a.keys() != b.keys():
            return _counterexample(lesson, answer, notation, dialect, tried, position, square,
                                   (answer_kind, solution_kind), cancel)
        done(tried)
    if count <= 0:
        return Verdict(True, len(places))
    found = compare_pieces(rules, dagaz, solution, count, seed, cancel,
                           lambda compared: done(len(places) + compared))
    tried = len(places) + found.positions
    if found.error:
        return Verdict(False, tried, found.fen, found.square, error=found.error,
                       which="answer" if found.which == "A" else "solution",
                       player=None if found.position is None else board.players[found.position.turn])
    if not found.differ:
        return Verdict(True, tried)
    assert found.position is not None and found.square is not None
    return _counterexample(lesson, answer, notation, dialect, tried, found.position, board.index(found.square),
                           (answer_kind, solution_kind), cancel)


def _counterexample(lesson: Lesson, answer: str, notation: str | None, dialect: str, tried: int,
                    position: Position, square: int, kinds: tuple[int, int], cancel: CancelFlag | None) -> Verdict:
    """The verdict on a position where the answer and the solution differ on ``square``: shrunk, and
    shown as its FEN. A student checks it by reading that FEN again (the window's board, the ``moves``
    command), and a FEN does not say everything a position holds: which pieces have moved, the last
    move. So the position is read again from its FEN, and shrunk as read, whenever the difference
    survives that; otherwise it is kept as it is, and what its FEN leaves unsaid is said in words."""
    rules = _rules(lesson.board)
    board = rules.board
    unsaid: list[str] = []
    read = read_again(position)
    if read is not None and _differs(rules, read, square, kinds):
        position = _shrink(rules, read, square, kinds, cancel)
    else:
        unsaid = unsaid_by_fen(position, read, square)
    fen = position.fen()
    a = _moves_at(rules, position, square, kinds[0])
    b = _moves_at(rules, position, square, kinds[1])
    return Verdict(False, tried, fen, board.squares[square],
                   [describe_move(board, a[k]) for k in a if k not in b],
                   [describe_move(board, b[k]) for k in b if k not in a],
                   mark_answer(lesson, answer, notation, LessonPosition(fen, board.squares[square]), position,
                               dialect),
                   player=board.players[position.turn], unsaid=unsaid)


def _differs(rules: Rules, position: Position, square: int, kinds: tuple[int, int]) -> bool:
    try:
        return _moves_at(rules, position, square, kinds[0]).keys() != _moves_at(rules, position, square, kinds[1]).keys()
    except RunawayNotation:
        return False


def _shrink(rules: Rules, position: Position, square: int, kinds: tuple[int, int],
            cancel: CancelFlag | None = None) -> Position:
    """``position`` (as its FEN reads) with every other piece taken away that the difference on
    ``square`` does not need (the piece on ``square`` stays: whether it has moved may be the
    difference, as in castling)."""
    changed = True
    while changed:
        changed = False
        for other, piece in enumerate(position.cells):
            if piece is None or other == square:
                continue
            stop_if_cancelled(cancel)
            trial = position.copy()
            trial.cells[other] = None
            # As its FEN reads: taking a piece away may leave the FEN unable to say what another
            # still holds (a Rook's castling right needs its King), and the student sees the FEN.
            read = read_again(trial)
            if read is not None and _differs(rules, read, square, kinds):
                position, changed = read, True
    return position


def piece_on(lesson: Lesson, place: LessonPosition) -> Piece | None:
    """What stands on the place's square before the lesson's piece is put there."""
    board = lesson_board(lesson.board)
    return _position(board, place.fen).cells[board.index(place.square)]
