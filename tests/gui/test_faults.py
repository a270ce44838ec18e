"""The window meets faults calmly: a recent board that has gone, a board file changed or deleted on
disk while open, an unreadable settings file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui import app
from dagaz_studio.gui.settings import settings


def open_window(qtbot, path=None):
    window = app.create_window(path)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def boards(tmp_path):
    folder = tmp_path / "boards"
    folder.mkdir()
    for name in ("chess", "xiangqi"):
        shutil.copy(shipped_boards()[name], folder / f"{name}.board")
    return folder


def test_a_recent_board_that_has_gone_is_shown_as_such_and_can_be_taken_off(qtbot, boards) -> None:
    window = open_window(qtbot, str(boards / "xiangqi.board"))
    assert window.open_file(str(boards / "chess.board"))
    (boards / "xiangqi.board").unlink()
    window.files.recent_menu.aboutToShow.emit()
    texts = [action.text() for action in window.files.recent_menu.actions()]
    assert texts == ["chess.board", "xiangqi.board — not found"]
    window.files.recent_menu.actions()[1].trigger()
    assert window.files.recent_boards(gone=True) == [str((boards / "chess.board").resolve())]


def test_the_last_board_gone_opens_the_default_and_says_so(qtbot, boards) -> None:
    window = open_window(qtbot, str(boards / "xiangqi.board"))
    assert window.close()
    (boards / "xiangqi.board").unlink()
    again = open_window(qtbot)
    assert again.board.name == "chess"
    assert "no longer there" in again.statusBar().currentMessage()


def test_a_board_file_changed_on_disk_is_offered_for_reloading(qtbot, monkeypatch, boards) -> None:
    path = boards / "chess.board"
    window = open_window(qtbot, str(path))
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *rest: asked.append(text) or QMessageBox.StandardButton.Yes)
    path.write_text(path.read_text(encoding="utf-8").replace("piece Rook R: (+)([p]\\1)*", "piece Rook R: (+)"),
                    encoding="utf-8")
    qtbot.waitUntil(lambda: window.board.pieces["Rook"].notation_text == "(+)", timeout=20000)
    assert asked and "changed by another program" in asked[0]
    # The window's own save does not ask.
    window.document.set_piece_notation("Rook", "(+)[p]")
    assert window.files.save()
    qtbot.wait(300)
    assert len(asked) == 1


def test_a_board_file_deleted_on_disk_is_said_and_counts_as_unsaved(qtbot, boards) -> None:
    path = boards / "chess.board"
    window = open_window(qtbot, str(path))
    path.unlink()
    qtbot.waitUntil(lambda: "deleted or moved" in window.statusBar().currentMessage(), timeout=20000)
    assert window.document.board_dirty and window.files.save_action.isEnabled()
    assert window.files.save() and path.is_file()


def test_an_unreadable_settings_file_starts_with_defaults_and_says_so(qtbot) -> None:
    file = Path(settings().fileName())
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_bytes(bytes(range(256)) * 4)
    window = open_window(qtbot)
    assert window.board.name == "chess"
    assert "settings file could not be read" in window.statusBar().currentMessage()
    assert file.with_name(file.name + ".unreadable").is_file()
    assert settings().status() == settings().status().NoError
