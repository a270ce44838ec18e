"""``dagaz-studio lesson list|show|check``: the course "Teach the notation" on the command line."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from dagaz_studio.commands.common import CommandError, json_line, report, whole_number

EXIT_RIGHT = 0
EXIT_WRONG = 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``lesson`` subcommand and its three actions."""
    parser = subparsers.add_parser(
        "lesson",
        help="the course: list lessons, show one, check an answer",
        description="Lessons that teach the Dagaz notation, each with a worked example and an exercise "
        "(docs/lessons.md). An answer is marked by how it moves: it passes when it makes the solution's "
        "moves on the lesson's positions and on generated ones.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True,
                                    parser_class=type(parser))
    listing = actions.add_parser("list", help="the lessons of the course")
    listing.add_argument("--json", action="store_true", help="as one JSON array")
    show = actions.add_parser("show", help="a lesson's text, board, position, exercise, hints and solution")
    show.add_argument("lesson", metavar="ID", help="a lesson's id or number, or a lesson file (.toml)")
    show.add_argument("--json", action="store_true", help="as one JSON object")
    check = actions.add_parser("check", help="mark an answer: exit 0 when right, 1 with where it differs, 2 on "
                               "bad input or an answer that runs away")
    check.add_argument("lesson", metavar="ID", help="a lesson's id or number, or a lesson file (.toml)")
    # The answer as the word after the lesson, as one would say it; --answer as well, for scripts that
    # name it (and for an answer that begins with '-': --answer=TEXT).
    check.add_argument("answer_word", nargs="?", metavar="ANSWER",
                       help="the piece's move, as the student writes it (in quotes: the shell reads \\ ( ) * |)")
    check.add_argument("--answer", metavar="TEXT", help="the answer, given by name instead")
    check.add_argument("--notation", choices=("dagaz", "betza", "parlett"),
                       help="the answer's notation (default: the lesson's)")
    check.add_argument("--dialect", choices=("xboard", "fsf"), default="xboard",
                       help="with betza: whose reading where XBoard and Fairy-Stockfish differ (default xboard)")
    check.add_argument("--positions", type=whole_number, metavar="N",
                       help="how many generated positions to compare on (default: the lesson's)")
    check.add_argument("--json", action="store_true", help="the verdict as one JSON object")


def _shown(lesson: Any) -> dict:
    from dagaz_studio.queries.lessons import solution_targets

    place = lambda p: {"fen": p.fen, "square": p.square}  # noqa: E731
    return {
        "id": lesson.id, "title": lesson.title, "text": lesson.text, "board": lesson.board,
        "position": place(lesson.position),
        "example": {"notation": lesson.example, "text": lesson.example_text, **place(lesson.example_position)},
        "exercise": {"prompt": lesson.prompt, "targets": solution_targets(lesson),
                     "positions": [place(p) for p in lesson.positions]},
        "hints": list(lesson.hints), "solution": lesson.solution, "notation": lesson.notation,
    }


def _answer(args: argparse.Namespace) -> str:
    """The answer to check, given as the word after the lesson or by ``--answer``: once, not twice."""
    from dagaz_studio.board.problems import quoted

    if args.answer_word is not None and args.answer is not None:
        raise CommandError(f"the answer is given twice, {quoted(args.answer_word)} and --answer {quoted(args.answer)}: "
                           "give it once")
    if args.answer_word is None and args.answer is None:
        raise CommandError("no answer: give it after the lesson, as in dagaz-studio lesson check 6 'N' "
                           "(or by --answer TEXT)")
    return args.answer_word if args.answer_word is not None else args.answer


def run(args: argparse.Namespace) -> int:
    """List, show or check; 0 when right, 1 when an answer is wrong, 2 on bad input or a run that
    runs away (as ``compare`` and ``moves`` end on one)."""
    from dagaz_studio.queries.lessons import AnswerError, LessonError, check_answer, course, find_lesson

    try:
        if args.action == "list":
            lessons = course()
            if args.json:
                print(json_line([{"id": lesson.id, "title": lesson.title, "board": lesson.board,
                                   "notation": lesson.notation} for lesson in lessons]))
            else:
                for lesson in lessons:
                    print(f"{lesson.id:24} {lesson.title}")
            return 0
        lesson = find_lesson(args.lesson)
        if args.action == "show":
            shown = _shown(lesson)
            if args.json:
                print(json_line(shown))
                return 0
            where = shown["position"]
            print(f"{lesson.title} ({lesson.id}; board {lesson.board})\n")
            print(lesson.text + "\n")
            print(f"position: {where['fen'] or 'the initial one'}, the piece on {where['square']}")
            print(f"example: {lesson.example}\n  {lesson.example_text}")
            place = lesson.example_position
            fen = f" --fen {shlex.quote(place.fen)}" if place.fen else ""
            print(f"  step through it: dagaz-studio render {shlex.quote(lesson.board)}{fen} --at {place.square} "
                  f"--piece {shlex.quote(lesson.example)} --trace --out example.png")
            print(f"exercise: {lesson.prompt}")
            print("  its squares: " + " ".join(shown["exercise"]["targets"]))
            for number, hint in enumerate(lesson.hints, 1):
                print(f"hint {number}: {hint}")
            print(f"solution ({lesson.notation}): {lesson.solution}")
            return 0
        answer = _answer(args)
        if args.positions is not None and not 0 <= args.positions <= 2000:
            raise CommandError("--positions: give from 0 to 2000")
        try:
            verdict = check_answer(lesson, answer, args.notation, args.positions, dialect=args.dialect)
        except AnswerError as error:
            raise CommandError("bad answer:\n" + error.message) from None
    except LessonError as error:
        return report(CommandError(str(error)))
    except CommandError as error:
        return report(error)
    for warning in verdict.warnings:
        print(f"dagaz-studio: warning: {warning}", file=sys.stderr)
    runaway = None
    if verdict.error:
        # Neither right nor where it differs: its moves are not known there. Said as compare says it.
        runaway = CommandError(f"the {verdict.which or 'answer'} on {verdict.square} of {verdict.fen}: {verdict.error}")
    if args.json:
        marking = verdict.marking
        print(json_line({
            "passed": verdict.passed, "positions": verdict.positions, "fen": verdict.fen, "square": verdict.square,
            "only_answer": verdict.only_answer, "only_solution": verdict.only_solution, "error": verdict.error,
            "agree": marking.agree if marking else [], "missing": marking.missing if marking else [],
            "extra": marking.extra if marking else [], "player": verdict.player, "unsaid": verdict.unsaid,
            "runaway": verdict.which}))
    elif runaway is not None:
        return report(runaway)
    elif verdict.passed:
        print(f"right: it moves as the solution on {verdict.positions} positions")
    else:
        print(f"not yet: it moves otherwise than the solution (position {verdict.positions} tried)")
        print(f"fen: {verdict.fen}")
        from dagaz_studio.commands.compare import put_there
        from dagaz_studio.queries.lessons import lesson_board

        # On a heap board the heap there is sown, on a stack board a column is put: said as compare says it.
        print(f"square: {verdict.square} ({put_there(lesson_board(lesson.board), verdict.player)})")
        for unsaid in verdict.unsaid:
            print(f"unsaid by the fen: {unsaid}")
        if verdict.marking is not None:
            print("missing: " + (" ".join(verdict.marking.missing) or "-"))
            print("extra: " + (" ".join(verdict.marking.extra) or "-"))
        print("only the answer: " + (" ".join(verdict.only_answer) or "-"))
        print("only the solution: " + (" ".join(verdict.only_solution) or "-"))
    if runaway is not None:
        return report(runaway)
    return EXIT_RIGHT if verdict.passed else EXIT_WRONG
