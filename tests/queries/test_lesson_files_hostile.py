"""Whatever a lesson file holds — any value for any key, bytes that are no text, texts a terminal would
obey, a board named by a path the system cannot follow — it is a lesson or a :class:`LessonError`
saying the file and line, never another exception."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dagaz_studio.cli import main
from dagaz_studio.queries.lessons import LessonError, course_directory, parse_lesson, read_lesson

ONE_STEP = (course_directory() / "01-one-step.toml").read_text(encoding="utf-8")

#: Each key's line as the shipped lesson writes it (``table.key``; the top level's keys bare).
KEYS = ["title", "board", "fen", "square", "text", "notation", "example.notation", "example.text", "example.fen",
        "example.square", "exercise.prompt", "exercise.solution", "exercise.hints", "exercise.positions",
        "exercise.generated"]

#: Words that are nearly right: look-alike letters, odd spaces, runaway notations, absurd counts.
HOSTILE_WORDS = ["d4", "z9", "а4", "d\u200b4", "d4\u00a0", "D4", "", " ", "chess", "chess.board", "../chess.board",
                 "/dev/null.board", "no\x00such.board", "E", "((E)*)*", "(X)*", "E[=Nope]", "W" * 5000,
                 "(" * 300 + "E" + ")" * 300, "8/8/8/8/3K4/8/8/8 w - - 0 1", "8/" * 3000, "9" * 400,
                 "title", "\x1b[2J", "\udcff", "\ufeff", "\r", "\\", '"', "'''", "[exercise]"]

_VALUE = st.recursive(
    st.one_of(st.sampled_from(HOSTILE_WORDS), st.text(max_size=12), st.integers(), st.booleans(),
              st.floats(allow_nan=True), st.just(10**30)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["fen", "square", "FEN", "x"]),
                                                                          inner, max_size=2)),
    max_leaves=6)


def _toml(value: object) -> str:
    """``value`` written as a TOML value (a JSON string escapes as a TOML basic string does; a lone
    surrogate so escaped is a TOML error, which is the point)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if value != value else "inf" if value == float("inf") else "-inf" if value == float("-inf") else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(_toml, value)) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{json.dumps(key)} = {_toml(item)}" for key, item in value.items()) + "}"


def _with(key: str, value: object, text: str = ONE_STEP) -> str:
    """The lesson ``text`` with ``key`` set to ``value`` (replaced where it is written, else added to its table)."""
    table, _, name = key.rpartition(".")
    lines = text.split("\n")
    current = ""
    for number, line in enumerate(lines):
        if line.startswith("["):
            current = line.strip("[]")
        elif current == table and line.startswith(f"{name} = "):
            end = number + 1
            # A value over several lines (text, hints) is replaced whole, up to its closing line.
            closing = '"""' if line.endswith('"""') and line.count('"""') == 1 else "]" if line.endswith("[") else None
            if closing is not None:
                end = lines.index(closing, number + 1) + 1
            return "\n".join(lines[:number] + [f"{name} = {_toml(value)}"] + lines[end:])
    header = lines.index(f"[{table}]") + 1 if table else 0
    return "\n".join(lines[:header] + [f"{name} = {_toml(value)}"] + lines[header:])


def _refused_well(text: str, path: Path) -> None:
    try:
        parse_lesson(text, path)
    except LessonError as error:
        assert error.path == str(path) and error.reason.strip()
        assert 1 <= error.line <= len(text.split("\n")), error
        assert "\n" not in str(error), error


@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KEYS), _VALUE)
def test_any_value_for_any_key_is_a_lesson_or_a_lesson_error_at_a_line(key: str, value: object) -> None:
    _refused_well(_with(key, value), Path("/nowhere/hostile.toml"))


@settings(max_examples=80, deadline=None, database=None)
@given(st.lists(st.tuples(st.sampled_from(KEYS), _VALUE), min_size=2, max_size=4))
def test_several_hostile_values_at_once_are_refused_at_a_line(changes: list[tuple[str, object]]) -> None:
    text = ONE_STEP
    for key, value in changes:
        text = _with(key, value, text)
    _refused_well(text, Path("/nowhere/hostile.toml"))


@settings(max_examples=60, deadline=None, database=None)
@given(st.binary(max_size=300), st.integers(0, len(ONE_STEP.encode())))
def test_any_bytes_in_a_lesson_file_are_read_or_refused_by_a_lesson_error(tmp_path_factory: pytest.TempPathFactory,
                                                                         noise: bytes, at: int) -> None:
    path = tmp_path_factory.mktemp("bytes") / "noisy.toml"
    data = ONE_STEP.encode()
    path.write_bytes(data[:at] + noise + data[at:])
    try:
        read_lesson(path)
    except LessonError as error:
        assert error.path == str(path) and error.line >= 0


def _line(text: str, key: str) -> int:
    """The line where ``key`` (``table.key``) is set, found after its table's header."""
    table, _, name = key.rpartition(".")
    lines = text.split("\n")
    after = lines.index(f"[{table}]") if table else 0
    return next(number for number, words in enumerate(lines, 1) if number > after and words.startswith(f"{name} = "))


@pytest.mark.parametrize("key, value", [
    ("title", "One \x1b[2J\x1b]0;owned\x07step"),
    ("text", "A walk.\rOverwritten"),
    ("exercise.prompt", "Write \x9b31m it"),
    ("example.text", "N\x00"),
])
def test_a_lesson_text_a_terminal_would_obey_is_refused_at_its_line(key: str, value: str, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # lesson show prints the texts as written: an escape in them would clear or retitle the terminal.
    text = _with(key, value)
    path = tmp_path / "escapes.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        read_lesson(path)
    assert caught.value.line == _line(text, key)
    assert "control character" in caught.value.reason
    assert main(["lesson", "show", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "\x1b" not in err and "\x9b" not in err


def test_a_hint_a_terminal_would_obey_is_refused_at_the_hints() -> None:
    text = _with("exercise.hints", ["fine", "then \x1b[2J"])
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "hints.toml")
    assert caught.value.line == _line(text, "exercise.hints") and "control character" in caught.value.reason


def test_tabs_and_line_breaks_in_a_lesson_text_are_kept() -> None:
    lesson = parse_lesson(_with("text", "One\tstep.\n\nThen another."), "plain.toml")
    assert lesson.text == "One\tstep.\n\nThen another."


@pytest.mark.parametrize("board", ["no\x00such.board", "loop.board"])
def test_a_board_file_the_system_cannot_follow_is_refused_at_the_board(board: str, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # A NUL in the name, a link that leads back to itself: said as the lesson's problem, not a traceback.
    os.symlink(tmp_path / "loop.board", tmp_path / "loop.board")
    text = _with("board", board)
    path = tmp_path / "odd-board.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        read_lesson(path)
    assert caught.value.line == _line(text, "board")
    assert main(["lesson", "show", str(path)]) == 2
    assert f"odd-board.toml:{caught.value.line}: " in capsys.readouterr().err


def test_a_board_setup_that_does_not_fit_is_said_at_the_board(tmp_path: Path) -> None:
    # With no FEN of its own the lesson stands on the board's setup: a setup the board refuses is
    # said at the lesson's board line, as the board's, not at line 1 as a FEN of the lesson's.
    (tmp_path / "odd.board").write_text("odd\ngrid: a-c x 3-1\nN = (0, -1)\nE = (1, 0)\npiece King K royal: N\n"
                                        "setup: 2k/3/K2 w - e9 0 1\n", encoding="utf-8")
    text = ONE_STEP.replace('board = "chess"', 'board = "odd.board"').replace('fen = "8/8/8/8/3K4/8/8/8 w - - 0 1"\n', "")
    text = text.replace('square = "d4"', 'square = "b2"')
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, tmp_path / "setup.toml")
    assert caught.value.line == _line(text, "board") and "the board's setup does not fit" in caught.value.reason


def test_a_number_of_thousands_of_digits_is_refused_at_its_line(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    # Python reads no decimal number of more than 4,300 digits: TOML's own reader raises, not a TOML error.
    text = ONE_STEP.replace("[exercise]", "[exercise]\ngenerated = " + "9" * 5000)
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "digits.toml")
    assert caught.value.line == _line(text, "exercise.generated") and "thousands of digits" in caught.value.reason
    path = tmp_path / "digits.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["lesson", "show", str(path)]) == 2
    assert "digits.toml:" in capsys.readouterr().err
