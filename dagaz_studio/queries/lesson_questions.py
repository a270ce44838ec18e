"""What the Lessons panel asks while a student works: the answer's squares as it is typed, the check of
an answer, the worked example's film. Each is rule work, so the window asks a worker
(:class:`~dagaz_studio.gui.worker.runner.QtMoveRunner`) and shows only the latest answer.

Plain Python, no Qt: :func:`answer_lesson` answers a :class:`LessonQuery`, looking at a cancel flag
between positions and reporting a check's progress through a callable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dagaz_studio.engine import CancelFlag
from dagaz_studio.notation.cancel import ReadingCancelled, cancellable
from dagaz_studio.queries.compare import ComparisonCancelled
from dagaz_studio.queries.lessons import (
    AnswerError,
    Lesson,
    Marking,
    Verdict,
    check_answer,
    lesson_board,
    mark_answer,
    solution_targets,
)

__all__ = ["CHECK", "EXAMPLE", "MARK", "LessonAnswer", "LessonQuery", "answer_lesson"]

#: The answer's squares on the exercise's position (the solution's alone when nothing is typed).
MARK = "mark"
#: The answer checked by its moves on many positions.
CHECK = "check"
#: The worked example's run, step by step.
EXAMPLE = "example"
#: Seconds between two reports of a check's progress: the window redraws its bar no oftener.
PROGRESS_EVERY = 0.05

#: Told (the query's serial, positions done, positions in all) as a check goes.
Progress = Callable[[int, int, int], None]


@dataclass(frozen=True)
class LessonQuery:
    """One question about ``lesson``: ``what`` is :data:`MARK`, :data:`CHECK` or :data:`EXAMPLE`;
    ``answer`` is the text typed; ``progress`` hears how a check goes; ``serial``: the asker's number."""

    lesson: Lesson
    what: str
    answer: str = ""
    progress: Progress | None = None
    serial: int = 0


@dataclass
class LessonAnswer:
    """The reply: the answer's ``marking`` on the exercise's position (or, with nothing typed, the
    solution's ``targets``); a check's ``verdict``; the example's ``film``; ``error`` when the answer or
    the example cannot be read or run; ``cancelled`` when the asker gave up on it."""

    query: LessonQuery
    marking: Marking | None = None
    targets: list[str] | None = None
    verdict: Verdict | None = None
    film: Any = None
    error: str | None = None
    cancelled: bool = False

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def lesson_failed(query: LessonQuery, message: str) -> LessonAnswer:
    """The reply to a question whose answering failed unexpectedly."""
    return LessonAnswer(query, error=message)


def answer_lesson(_rules: object, query: LessonQuery, cancel: CancelFlag | None = None) -> LessonAnswer:
    """Answer ``query`` (the lessons keep their own rules per board; ``_rules`` is not used). Stops
    early, with ``cancelled`` set, when ``cancel`` is set."""
    reply = LessonAnswer(query)
    lesson = query.lesson
    try:
        with cancellable(cancel):
            if query.what == MARK:
                if query.answer.strip():
                    reply.marking = mark_answer(lesson, query.answer)
                else:
                    reply.targets = _targets(lesson)
            elif query.what == CHECK:
                reply.verdict = check_answer(lesson, query.answer, cancel=cancel, progress=_reporter(query))
                if reply.verdict.passed:
                    reply.marking = mark_answer(lesson, query.answer)
            elif query.what == EXAMPLE:
                reply.film = _film(lesson)
            else:
                raise ValueError(f"no lesson question {query.what!r}")
    except AnswerError as error:
        reply.error = error.message
    except (ComparisonCancelled, ReadingCancelled):
        reply.cancelled = True
    return reply


def _targets(lesson: Lesson) -> list[str]:
    try:
        return solution_targets(lesson)
    except (AnswerError, ValueError):
        return []


def _film(lesson: Lesson) -> Any:
    from dagaz_studio.engine import Position, Rules
    from dagaz_studio.queries.trace_frames import FilmError, film_of_run

    board = lesson_board(lesson.board)
    place = lesson.example_position
    position = Position.initial(board) if place.fen is None else Position.from_fen(board, place.fen)
    try:
        return film_of_run(Rules(board), position, board.index(place.square), lesson.example)
    except (FilmError, ValueError) as error:
        raise AnswerError(str(error)) from None


def _reporter(query: LessonQuery) -> Callable[[int, int], None] | None:
    """Passes a check's progress on to the query's listener, at most every :data:`PROGRESS_EVERY`
    seconds (and always at the start and the end): a report per position would flood the window."""
    listener = query.progress
    if listener is None:
        return None
    last = [0.0]

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if done in (1, total) or now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            listener(query.serial, done, total)

    return report
