"""A lesson's board path is the lesson folder's, with ``.board`` or not; a shipped name is the shipped board."""

from __future__ import annotations

from pathlib import Path

import pytest

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.cli import main
from dagaz_studio.queries.lessons import course_directory, lesson_board, read_lesson


def _board_named(name: str) -> str:
    """Chess under another name, told apart by it."""
    text = Path(shipped_boards()["chess"]).read_text(encoding="utf-8")
    assert "\nchess\n" in text
    return text.replace("\nchess\n", f"\nname: {name}\n", 1)


def _lesson(folder: Path, board: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = (course_directory() / "01-one-step.toml").read_text(encoding="utf-8")
    assert 'board = "chess"' in text
    path = folder / "lesson.toml"
    path.write_text(text.replace('board = "chess"', f'board = "{board}"'), encoding="utf-8")
    return path


@pytest.mark.parametrize("board", ["myboard", "sub/myboard", "myboard.board"])
def test_a_relative_board_is_read_beside_the_lesson_not_in_the_working_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], board: str) -> None:
    lesson = _lesson(tmp_path / "course", board)
    (lesson.parent / board).parent.mkdir(parents=True, exist_ok=True)
    (lesson.parent / board).write_text(_board_named("Beside"), encoding="utf-8")
    # The same path from where the command runs holds another board: it must not be the one read.
    working = tmp_path / "elsewhere"
    (working / board).parent.mkdir(parents=True, exist_ok=True)
    (working / board).write_text(_board_named("Elsewhere"), encoding="utf-8")
    monkeypatch.chdir(working)
    assert lesson_board(read_lesson(lesson).board).name == "Beside"
    (working / board).unlink()
    assert lesson_board(read_lesson(Path("..") / "course" / "lesson.toml").board).name == "Beside"
    assert main(["lesson", "check", str(lesson), "--answer", "E", "--positions", "2"]) == 0, capsys.readouterr().err


def test_a_shipped_boards_name_is_the_shipped_board_whatever_the_working_folder_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Loaded afresh (lesson_board keeps a board by its name): which file the name finds from here.
    lesson = _lesson(tmp_path / "course", "chess")
    monkeypatch.chdir(tmp_path)
    assert read_lesson(lesson).board == "chess"
    (tmp_path / "chess").write_text(_board_named("Elsewhere"), encoding="utf-8")
    assert load_board(read_lesson(lesson).board).name == "chess"
    # An alias is a shipped name too.
    assert load_board(read_lesson(_lesson(tmp_path / "other", "normal")).board).name == "chess"


def test_a_misspelt_shipped_name_is_answered_with_the_names_near_it(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    lesson = _lesson(tmp_path, "chesss")
    assert main(["lesson", "check", str(lesson), "--answer", "E"]) == 2
    assert "did you mean chess" in capsys.readouterr().err
