"""The course: every lesson reads, its solution passes its own check, answers are marked by moves."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dagaz_studio.cli import main
from dagaz_studio.queries.lessons import (
    ComparisonCancelled,
    LessonError,
    check_answer,
    course,
    course_directory,
    find_lesson,
    mark_answer,
    parse_lesson,
    read_lesson,
)
from tests.helpers.paths import REPO

LESSONS = course()
#: Generated positions per check in these tests: the lesson's own positions come first anyway.
FEW = 6


def _top_alternatives(text: str) -> list[str]:
    """The alternatives of a notation's top level (split at ; outside parentheses, brackets, braces)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == ";" and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _moves(board: str, fen: str, square: str, notation: str, capsys: pytest.CaptureFixture[str]) -> set:
    """What a typed piece does there, as the ``moves`` command (not the comparison) reports it."""
    capsys.readouterr()
    assert main(["moves", board, "--fen", fen, "--at", square, "--piece", notation, "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    return {(m["to"], tuple(m["captures"]), tuple(m["stops"]), m["promotion"], tuple(map(tuple, m["also"])))
            for m in moves}


def test_the_course_has_the_lessons_it_promises() -> None:
    assert len(LESSONS) >= 16
    words = " ".join(lesson.title + " " + lesson.text for lesson in LESSONS).lower()
    for topic in ("step", "repeat", "[p]", "group", "alternative", "[e]", "cannon", "leg", "zone", "promot",
                  "castl", "en passant", "&", "heap", "column", "betza", "fanorona"):
        assert topic in words, topic
    for lesson in LESSONS:
        assert lesson.hints and lesson.prompt and lesson.example_text


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_each_solution_passes_its_own_check_and_marks_its_squares(lesson) -> None:
    verdict = check_answer(lesson, lesson.solution, generated=FEW)
    assert verdict.passed, verdict
    marking = mark_answer(lesson, lesson.solution)
    assert marking.error is None and marking.agree and not marking.missing and not marking.extra


@pytest.mark.parametrize("lesson_id, wrong", [
    ("06-groups", "(+)([p]\\1)*"),                 # a Rook for a Bishop
    ("10-lame-leapers", "N,OM;E,OT;S TR;W,RM"),    # a Knight: its leg is never blocked
    ("09-hoppers", "(+)([p]\\1)*[p];(+)([p]\\1)*[e]"),  # a Rook that does not hop
    ("13-castling", "*[FA];[MA](E[pA]){2}|E[f,=Rook,M]^W{2}"),  # no queen-side castling
    ("16-fanorona-capture", "(*)[p]|(\\1[ex])*"),  # approach only, and not the whole line
    ("18-heaps", "[@pits](E|)++"),                 # sows into its own pit on a lap
])
def test_a_wrong_answer_fails_where_the_moves_command_sees_them_differ(lesson_id, wrong, capsys) -> None:
    lesson = find_lesson(lesson_id)
    verdict = check_answer(lesson, wrong, generated=FEW)
    assert not verdict.passed and verdict.fen and verdict.square and verdict.error is None
    assert verdict.only_answer or verdict.only_solution
    # The counterexample really separates them, by another road than the comparison's.
    answer = _moves(lesson.board, verdict.fen, verdict.square, wrong, capsys)
    solution = _moves(lesson.board, verdict.fen, verdict.square, lesson.solution, capsys)
    assert answer != solution
    # Shrunk: no more pieces than the lesson's own position holds.
    placement = lambda fen: sum(c.isalpha() for c in (fen or "").split(" ")[0])  # noqa: E731
    if lesson.position.fen is not None:
        assert placement(verdict.fen) <= placement(lesson.position.fen)
    marking = verdict.marking
    assert marking is not None
    assert set(marking.missing) == {m[0] for m in solution} - {m[0] for m in answer}
    assert set(marking.extra) == {m[0] for m in answer} - {m[0] for m in solution}


def test_a_wrong_answer_found_only_on_generated_positions_is_shrunk() -> None:
    # On the lesson's own position (a Pawn in the way) a Knight and the Dabbaba... differ at once; a
    # Wazir-twice without a check differs from the Dabbaba nowhere, a jumping one only on another board.
    lesson = find_lesson("04-repetition")
    verdict = check_answer(lesson, "E{1,2};W{1,2};N{1,2}", generated=20)
    assert not verdict.passed and verdict.only_answer and not verdict.only_solution


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_answer_spelt_otherwise_but_moving_alike_passes(data) -> None:
    lesson = data.draw(st.sampled_from([lesson for lesson in LESSONS
                                        if lesson.notation == "dagaz" and ";" in lesson.solution]))
    alternatives = _top_alternatives(lesson.solution)
    order = data.draw(st.permutations(alternatives))
    repeated = data.draw(st.sampled_from(alternatives))
    answer = ";".join(list(order) + [repeated])
    assert check_answer(lesson, answer, generated=FEW).passed, answer


def test_a_direction_set_in_another_order_passes() -> None:
    assert check_answer(find_lesson("02"), "WEN", generated=FEW).passed
    assert check_answer(find_lesson("03"), "W,W;S,S;E,E;N,N;N,N", generated=FEW).passed


def test_betza_answers_are_read_as_betza() -> None:
    lesson = find_lesson("21-betza-writing")
    assert lesson.notation == "betza"
    assert check_answer(lesson, "cpRmR", generated=FEW).passed
    assert not check_answer(lesson, "R", generated=FEW).passed
    assert check_answer(lesson, "(+)([p]\\1)*[p];(+)([p]\\1)*[P]\\1([p]\\1)*[e]", "dagaz", generated=FEW).passed


def test_marking_shows_agree_missing_and_extra() -> None:
    lesson = find_lesson("06-groups")  # the Bishop on d4, its Pawn on b4, an enemy on d6
    marking = mark_answer(lesson, "(X)([p]\\1)*;N")
    assert marking.extra == ["d5"] and not marking.missing and "c5" in marking.agree
    marking = mark_answer(lesson, "O")
    assert marking.agree == ["e5"] and "c3" in marking.missing
    assert mark_answer(lesson, "(X").error


def test_a_lesson_file_from_disk_works_like_a_shipped_one(tmp_path: Path, capsys) -> None:
    copy = tmp_path / "mine.toml"
    shutil.copy(course_directory() / "06-groups.toml", copy)
    assert read_lesson(copy).solution == find_lesson("06-groups").solution
    assert main(["lesson", "check", str(copy), "--answer", "(X)([p]\\1)*", "--positions", "4"]) == 0
    assert main(["lesson", "check", str(copy), "--answer", "(+)([p]\\1)*", "--positions", "4"]) == 1
    out = capsys.readouterr().out
    assert "fen: " in out and "missing: " in out


def test_a_lesson_on_a_board_file_beside_it(tmp_path: Path) -> None:
    board = REPO / "boards" / "chess" / "chess.board"
    shutil.copy(board, tmp_path / "mine.board")
    text = (course_directory() / "01-one-step.toml").read_text(encoding="utf-8")
    (tmp_path / "lesson.toml").write_text(text.replace('board = "chess"', 'board = "mine.board"'), encoding="utf-8")
    lesson = read_lesson(tmp_path / "lesson.toml")
    assert check_answer(lesson, "E", generated=2).passed


#: A lesson whose example table is written at the top level, as TOML allows.
_DOTTED = """title = "T"
board = "chess"
square = "d4"
{example}
text = "x"

[exercise]
prompt = "p"
solution = "E"
"""


@pytest.mark.parametrize("change, at, reason", [
    (lambda t: t.replace('title = "One step"', 'title = "One step'), 'title =', "column"),
    (lambda t: t.replace('square = "d4"', 'square = "z9"'), 'square =', "no square 'z9'"),
    (lambda t: t.replace('fen = "8/8/8/8/3K4/8/8/8 w - - 0 1"', 'fen = "8/8/8 w"'), 'fen =', "bad position"),
    (lambda t: t.replace('solution = "E"', 'solution = "E)"'), 'solution =', "the solution does not read"),
    (lambda t: t.replace('notation = "N"', 'notation = "N["'), 'notation =', "the example does not read"),
    (lambda t: t.replace('board = "chess"', 'board = "no-such-board"'), 'board =', "board 'no-such-board'"),
    (lambda t: t.replace('title = "One step"', 'titel = "One step"'), 'titel =', "unknown key 'titel'"),
    # A line separator in a string is no line's end: the key is on the line an editor shows.
    (lambda t: t.replace('title = "One step"', 'title = "One\u2028step"\ntitel = 1'), 'titel =', "unknown key 'titel'"),
    # tomllib reads nesting by recursion: a file nested deeper than the recursion limit (60,000 once
    # a run has raised it) within a lesson's 200,000 bytes ended in a traceback.
    (lambda t: t.replace('[exercise]', '[exercise]\ndeep = ' + '[' * 90_000 + ']' * 90_000), 'deep =',
     "nested too deeply"),
    (lambda t: t.replace('[exercise]', '[exercise]\ndeep = ' + '{a=' * 45_000 + '1' + '}' * 45_000), 'deep =',
     "nested too deeply"),
    (lambda t: t.replace('[exercise]', '[exercise]\ngenerated = -1'), 'generated =', "'generated'"),
    (lambda t: t.replace('[exercise]', '[exercise]\nhints = 3', 1).replace('hints = [', 'prompt2 = ['), 'prompt2 =',
     "unknown key 'prompt2'"),
    (lambda t: t.replace('notation = "N"', 'notation = "N"\nfen = 5'), 'fen = 5', "'fen' in [example] must be a text"),
    (lambda t: t.replace('notation = "N"', 'notation = "N"\nsquare = 5'), 'square = 5', "'square' in [example]"),
    (lambda t: t.replace('[exercise]', '[exercise]\npositions = [ { fen = 3, square = "d4" } ]'), 'positions =',
     "'positions' must be a list"),
    (lambda t: t.replace('[exercise]', '[exercise]\npositions = [ { FEN = "8/8/8/8/8/8/8/8 w - - 0 1", square = "d4" } ]'),
     'positions =', "'positions' must be a list"),
    # Names the board lacks, and a solution that never ends: not blamed on each answer checked.
    (lambda t: t.replace('solution = "E"', 'solution = "E[=Nope]"'), 'solution =', "unknown piece type 'Nope'"),
    (lambda t: t.replace('solution = "E"', 'solution = "E[@nowhere]"'), 'solution =', "unknown zone 'nowhere'"),
    (lambda t: t.replace('notation = "N"', 'notation = "N[=Nope]"'), 'notation =', "the example does not read"),
    (lambda t: t.replace('solution = "E"', 'solution = "(X)*"'), 'solution =', "the solution runs away on d4"),
    (lambda t: t.replace('notation = "N"', 'notation = "((+)*)*"'), 'notation =', "the example runs away on d4"),
    # Said at the key however TOML lets it be written: quoted, or under a header with a comment.
    (lambda t: t.replace('square = "d4"', '"square" = "z9"'), '"square" =', "no square 'z9' on chess"),
    (lambda t: t.replace('square = "d4"', "'square'= \"z9\""), "'square'=", "no square 'z9' on chess"),
    (lambda t: t.replace('[exercise]', '[exercise]  # the task').replace('solution = "E"', 'solution = "E[=Nope]"'),
     'solution =', "unknown piece type 'Nope'"),
    (lambda t: t.replace('[example]', '[ "example" ]').replace('notation = "N"', 'notation = "N[=Nope]"'),
     'notation =', "the example does not read"),
    (lambda _: _DOTTED.format(example='example.notation = "N"\nexample.text = "t"\nexample.square = "z9"'),
     'example.square =', "no square 'z9' on chess"),
    (lambda _: _DOTTED.format(example='example = { notation = "N[=Nope]", text = "t" }'), 'example = {',
     "the example does not read"),
])
def test_a_malformed_lesson_is_refused_with_its_line_and_reason(change, at, reason, tmp_path, capsys) -> None:
    text = (course_directory() / "01-one-step.toml").read_text(encoding="utf-8")
    broken = change(text)
    assert broken != text
    line = next(number for number, words in enumerate(broken.split("\n"), 1) if words.startswith(at))
    with pytest.raises(LessonError) as caught:
        parse_lesson(broken, tmp_path / "broken.toml")
    assert caught.value.line == line and reason in caught.value.reason, caught.value
    (tmp_path / "broken.toml").write_text(broken, encoding="utf-8")
    assert main(["lesson", "show", str(tmp_path / "broken.toml")]) == 2
    error = capsys.readouterr().err
    assert f"broken.toml:{line}: " in error and len(error.strip().splitlines()) == 1


def test_the_command_lists_shows_and_checks(capsys) -> None:
    assert main(["lesson", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [entry["id"] for entry in listed] == [lesson.id for lesson in LESSONS]
    assert main(["lesson", "show", "09-hoppers", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["solution"] == find_lesson("09").solution and shown["notation"] == "dagaz"
    assert shown["hints"] and shown["text"] and shown["position"]["square"] == "e4"
    # The target squares are the Xiangqi board's own Cannon's, as the moves command lists them.
    assert main(["moves", "xiangqi", "--fen", shown["position"]["fen"], "--at", "e4", "--json"]) == 0
    cannon = {move["to"] for move in json.loads(capsys.readouterr().out)["moves"]}
    assert set(shown["exercise"]["targets"]) == cannon
    assert main(["lesson", "check", "9", "--answer", "mRcpR", "--notation", "betza", "--positions", "4"]) == 0
    assert main(["lesson", "check", "9", "--answer", "R", "--notation", "betza", "--positions", "4", "--json"]) == 1
    verdict = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert not verdict["passed"] and verdict["fen"] and verdict["only_answer"]
    assert main(["lesson", "check", "9", "--answer", "(+"]) == 2
    assert main(["lesson", "check", "no-such-lesson", "--answer", "N"]) == 2
    assert main(["lesson", "check", "9", "--answer", "fX", "--notation", "betza"]) == 2
    assert main(["lesson", "check", "9", "--answer", ""]) == 2


def test_random_wrong_answers_fail_somewhere_that_separates_them(capsys) -> None:
    # A solution with one alternative dropped moves otherwise (the lessons' alternatives each add moves).
    rng = random.Random(3)
    lesson = find_lesson("07-alternatives")
    alternatives = _top_alternatives(lesson.solution)
    dropped = alternatives.pop(rng.randrange(len(alternatives)))
    verdict = check_answer(lesson, ";".join(alternatives), generated=FEW)
    assert not verdict.passed and not verdict.only_answer and verdict.only_solution, dropped


def test_many_answers_typed_do_not_pile_up_in_the_rules(monkeypatch) -> None:
    from dagaz_studio.queries import lessons

    monkeypatch.setattr(lessons, "MOST_TYPED_KINDS", 10)
    lesson = find_lesson("01")
    for count in range(30):
        mark_answer(lesson, "E" + ",E" * (count % 7) + ";W" * (count // 7 + 1))
    rules = lessons._rules(lesson.board)
    assert len(rules.kinds) <= len(rules.board.pieces) + 10 + 2
    assert mark_answer(lesson, "E").right


class _SetAfter:
    """A cancel flag that sets itself at its ``looks``-th look."""

    def __init__(self, looks: int) -> None:
        self.looks, self.seen = looks, 0

    def is_set(self) -> bool:
        self.seen += 1
        return self.seen >= self.looks


def test_a_check_reports_its_progress_and_stops_soon_after_it_is_cancelled() -> None:
    lesson = find_lesson("06-groups")
    reports: list[tuple[int, int]] = []
    verdict = check_answer(lesson, lesson.solution, generated=FEW, progress=lambda *r: reports.append(r))
    places = 2 + len(lesson.positions)
    assert verdict.passed and reports[-1] == (places + FEW, places + FEW) == (verdict.positions,) * 2
    done = [done for done, _ in reports]
    # The lesson's own positions one by one, the generated ones as the search finishes each block.
    assert done[:places] == list(range(1, places + 1)) and done == sorted(set(done))

    # Cancelled while it compares: it stops at that look, and no position is reported once it is set.
    counter = _SetAfter(looks=10**9)
    check_answer(lesson, lesson.solution, generated=FEW, cancel=counter)
    flag = _SetAfter(looks=counter.seen - 2)  # set just before the check would have ended
    looks_at_reports: list[int] = []
    with pytest.raises(ComparisonCancelled):
        check_answer(lesson, lesson.solution, generated=FEW, cancel=flag,
                     progress=lambda *_r: looks_at_reports.append(flag.seen))
    assert flag.looks <= flag.seen <= flag.looks + 2 and looks_at_reports and max(looks_at_reports) < flag.looks
    assert len(looks_at_reports) < places + FEW
    # Cancelled before it starts: not one position.
    reports.clear()
    with pytest.raises(ComparisonCancelled):
        check_answer(lesson, "(+)([p]\\1)*", cancel=_SetAfter(1), progress=lambda *r: reports.append(r))
    assert reports == []


def test_the_panels_questions_are_answered_without_qt_and_a_cancelled_one_says_so() -> None:
    import threading

    from dagaz_studio.queries.lesson_questions import CHECK, EXAMPLE, MARK, LessonQuery, answer_lesson

    lesson = find_lesson("06-groups")
    targets = answer_lesson(None, LessonQuery(lesson, MARK)).targets
    # The Bishop on d4 takes the enemy on f6 and goes no further, and stops before its own Pawn on b2.
    assert targets is not None and {"f6", "g1", "a7"} <= set(targets) and not {"g7", "b2", "a1"} & set(targets)
    assert targets == mark_answer(lesson, lesson.solution).agree
    assert answer_lesson(None, LessonQuery(lesson, MARK, "O")).marking == mark_answer(lesson, "O")
    assert answer_lesson(None, LessonQuery(lesson, CHECK, "(X")).error
    assert answer_lesson(None, LessonQuery(lesson, EXAMPLE)).film.frames
    heard: list[tuple[int, int, int]] = []
    cancel = threading.Event()
    cancel.set()
    reply = answer_lesson(None, LessonQuery(lesson, CHECK, lesson.solution, lambda *r: heard.append(r), 7), cancel)
    assert reply.cancelled and reply.verdict is None and reply.serial == 7 and heard == []


def test_a_lesson_file_that_is_no_regular_file_is_refused_by_what_it_is(tmp_path: Path) -> None:
    # A FIFO would block a reader, a device would feed it without end: each is named, never read.
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    device = tmp_path / "zero.toml"
    device.symlink_to("/dev/zero")
    for path, kind in ((fifo, "FIFO"), (device, "character device")):
        with pytest.raises(LessonError, match=kind):
            find_lesson(str(path))
    huge = tmp_path / "huge.toml"
    huge.write_text('title = "x"\n' + "# padding\n" * 100_000, encoding="utf-8")
    with pytest.raises(LessonError, match="at most"):
        find_lesson(str(huge))


def test_a_counterexample_its_fen_shows_says_nothing_unsaid(capsys) -> None:
    # The double step asks only "not moved" of a piece standing for a Rook that has not moved: the
    # search keeps a position whose FEN says so (its King and castling right), not one that needs
    # the words.
    lesson = find_lesson("20-betza-reading")
    wrong = "N[p];OM[e];[M]N,N[p]"
    verdict = check_answer(lesson, wrong, generated=20)
    assert not verdict.passed and verdict.fen and verdict.square and not verdict.unsaid
    answer = _moves(lesson.board, verdict.fen, verdict.square, wrong, capsys)
    solution = _moves(lesson.board, verdict.fen, verdict.square, lesson.solution, capsys)
    # The FEN read again shows the difference the verdict lists.
    assert answer != solution
    assert {move.split("-")[-1][:2] for move in verdict.only_answer} == {move[0] for move in answer - solution}
    assert {move.split("-")[-1][:2] for move in verdict.only_solution} == {move[0] for move in solution - answer}


@pytest.mark.parametrize("lesson_id, wrong, unsaid", [
    # En passant asked neither the taken piece's type nor where it came from: after a one-square
    # step, which no FEN's en-passant field says.
    ("14-en-passant", "N[p];OM[e];[(te,x)>E]O;[(te,x)>W]M", "the last move was g2-g3"),
])
def test_a_counterexample_says_what_its_fen_cannot(lesson_id, wrong, unsaid, capsys) -> None:
    lesson = find_lesson(lesson_id)
    verdict = check_answer(lesson, wrong, generated=20)
    assert not verdict.passed and verdict.fen and verdict.square and verdict.only_answer
    # Its FEN read again shows no difference, so the verdict says what else the position holds...
    answer = _moves(lesson.board, verdict.fen, verdict.square, wrong, capsys)
    solution = _moves(lesson.board, verdict.fen, verdict.square, lesson.solution, capsys)
    assert answer == solution
    assert verdict.unsaid == [unsaid]
    # ...and marks the squares where the moves listed go, not those of the FEN read again.
    marking = verdict.marking
    assert marking is not None and not marking.right
    assert set(marking.extra) == {move.split("-")[-1][:2] for move in verdict.only_answer}
    assert main(["lesson", "check", lesson_id, "--answer", wrong, "--positions", "20"]) == 1
    assert f"unsaid by the fen: {unsaid}" in capsys.readouterr().out


def test_a_counterexample_is_shrunk_only_as_far_as_its_fen_still_shows_it(tmp_path: Path, capsys) -> None:
    # The Rook on a1 has not moved while its King keeps the right to castle with it: taking the King
    # away keeps the difference in the position, but not in its FEN, which is what the student sees.
    text = (course_directory() / "06-groups.toml").read_text(encoding="utf-8")
    text = text.replace('fen = "8/8/5p2/8/3B4/8/1P6/8 w - - 0 1"', 'fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"')
    text = text.replace('square = "d4"\ntext', 'square = "a1"\ntext', 1)
    (tmp_path / "rook.toml").write_text(text, encoding="utf-8")
    lesson = read_lesson(tmp_path / "rook.toml")
    assert lesson.position.square == "a1"
    wrong = lesson.solution + ";[M]N"
    verdict = check_answer(lesson, wrong, generated=0)
    assert not verdict.passed and not verdict.unsaid and verdict.player == "White"
    assert verdict.fen is not None and verdict.fen.startswith("8/8/8/8/8/8/8/R3K3 w Q")
    answer = _moves(lesson.board, verdict.fen, verdict.square, wrong, capsys)
    solution = _moves(lesson.board, verdict.fen, verdict.square, lesson.solution, capsys)
    assert answer != solution


@pytest.mark.parametrize("wrong", [
    "*[FA];[MA](E[pA]){2}|E[f,=Rook,M]^W{2};[MA](W[pA]){2}|W[pA]W[f,=Rook,M]^E{3}",  # b1 may be attacked
    "*[FA];[M](E[pA]){2}|E[f,=Rook,M]^W{2};[MA](W[pA]){2}|W[p]W[f,=Rook,M]^E{3}",   # castles out of check
])
def test_castling_answers_wrong_where_the_hints_say_fail_on_the_lessons_own_positions(wrong) -> None:
    lesson = find_lesson("13-castling")
    verdict = check_answer(lesson, wrong, generated=0)
    assert not verdict.passed and verdict.positions <= 2 + len(lesson.positions)


def test_a_betza_answer_read_otherwise_by_the_dialects_is_warned_of_and_read_as_asked(capsys) -> None:
    # Classic Betza's WW is the Rook; XBoard reads it as a Wazir twice. The student is told, and
    # may ask for the other reading, as moves and compare allow.
    lesson = find_lesson("21-betza-writing")
    verdict = check_answer(lesson, "mWWcpWW", generated=FEW)
    assert not verdict.passed and any("WW" in warning for warning in verdict.warnings)
    assert check_answer(lesson, "mWWcpWW", generated=FEW, dialect="fsf").passed
    assert check_answer(lesson, "mRcpR", generated=FEW).warnings == []
    assert main(["lesson", "check", "21", "--answer", "mWWcpWW", "--positions", "4"]) == 1
    assert "warning: WW:" in capsys.readouterr().err
    assert main(["lesson", "check", "21", "--answer", "mWWcpWW", "--positions", "4", "--dialect", "fsf"]) == 0


@pytest.mark.parametrize("reference", ["²", "9" * 5000, "9" * 5000 + ".toml", "a/" * 3000 + "x.toml", "x" * 300])
def test_a_lesson_reference_that_names_no_lesson_is_refused_shortly(reference, capsys) -> None:
    # A superscript digit int() cannot read, a number of thousands of digits, a name too long for
    # the system: each is no lesson, said on one short line.
    with pytest.raises(LessonError):
        find_lesson(reference)
    assert main(["lesson", "show", reference]) == 2
    error = capsys.readouterr().err
    assert len(error.strip().splitlines()) == 1 and len(error) < 400
    # What was given is no file with lines: no "file:line:" in front of the message.
    assert ":1:" not in error


def test_a_lesson_is_found_by_its_number_written_any_way() -> None:
    assert find_lesson("6").id == find_lesson("0006").id == find_lesson("٦").id == "06-groups"


def test_a_lesson_number_past_the_course_says_how_its_lessons_are_numbered() -> None:
    numbers = [int(path.stem.split("-")[0]) for path in course_directory().glob("*.toml")]
    with pytest.raises(LessonError) as caught:
        find_lesson(str(max(numbers) + 1))
    assert f"numbered {min(numbers)} to {max(numbers)}" in str(caught.value)


def test_a_runaway_answer_ends_as_compare_ends_on_one(tmp_path, capsys) -> None:
    """An answer that runs away is neither right nor where it differs: exit 2, as compare and moves end
    on a runaway, with where it ran; a solution that runs away only on a generated position is named."""
    assert main(["lesson", "check", "6", "--answer", "((+)[A]){30}", "--positions", "4"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (error,) = captured.err.strip().splitlines()
    assert error.startswith("dagaz-studio: error: the answer on d4 of ") and ": stopped after " in error
    assert main(["lesson", "check", "6", "--answer", "((+)[A]){30}", "--positions", "4", "--json"]) == 2
    verdict = json.loads(capsys.readouterr().out)
    assert not verdict["passed"] and verdict["runaway"] == "answer" and verdict["error"].startswith("stopped after")
    # A solution that asks about attacks only runs away once a generated position holds an enemy piece.
    text = (course_directory() / "01-one-step.toml").read_text(encoding="utf-8")
    path = tmp_path / "lesson.toml"
    path.write_text(text.replace('solution = "E"', 'solution = "E;(+)[e]((+)[A]){30}"'), encoding="utf-8")
    assert main(["lesson", "check", str(path), "--answer", "E", "--positions", "40"]) == 2
    assert "dagaz-studio: error: the solution on " in capsys.readouterr().err


@pytest.mark.parametrize("lesson, answer, put", [
    ("18", "E", "the heap standing there, or one piece on an empty square, moved by South, the side to move"),
    ("19", "X[p]", "a column of one piece of White, the side to move, put there"),
    ("6", "(+)([p]\\1)*", "a piece of White, the side to move, put there"),
])
def test_what_stands_on_the_square_is_said_as_compare_says_it(lesson, answer, put, capsys) -> None:
    # On Oware it said "a piece of South … put there" of a pit whose four seeds are sown.
    assert main(["lesson", "check", lesson, "--answer", answer, "--positions", "4"]) == 1
    square = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("square: "))
    assert square.endswith(f" ({put})")


def test_a_lesson_file_that_cannot_be_read_as_a_whole_is_said_without_a_line(tmp_path, capsys) -> None:
    # A directory is wrong as a whole: no line 1 of it is to blame.
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    assert main(["lesson", "show", str(folder)]) == 2
    err = capsys.readouterr().err
    assert f"{folder}: " in err and f"{folder}:1:" not in err, err


def test_the_answer_is_the_word_after_the_lesson_or_named_once(capsys) -> None:
    # As a student types it: the answer right after the lesson, options before or after it.
    assert main(["lesson", "check", "09", "(+)([p]\\1)*[p]", "--positions", "4"]) == 1
    assert "missing: e10" in capsys.readouterr().out
    assert main(["lesson", "check", "--positions", "4", "9", "mRcpR", "--notation", "betza"]) == 0
    assert main(["lesson", "check", "9", "--positions", "4", "--answer", "mRcpR", "--notation", "betza"]) == 0
    capsys.readouterr()
    assert main(["lesson", "check", "9", "W", "--answer", "N"]) == 2
    assert "given twice, 'W' and --answer 'N'" in capsys.readouterr().err
    assert main(["lesson", "check", "9"]) == 2
    assert "no answer" in capsys.readouterr().err
