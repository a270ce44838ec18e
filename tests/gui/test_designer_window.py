"""Designing in the window: New board, piece types, the board file's text and help, from the menus."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from dagaz_studio.board import parse_board, shipped_boards
from dagaz_studio.gui import app
from dagaz_studio.gui.docks.help import QtWelcomeDialog
from dagaz_studio.gui.files.new_board import QtNewBoardDialog
from dagaz_studio.gui.settings import settings


@pytest.fixture
def window(qtbot, tmp_path):
    path = tmp_path / "xiangqi.board"
    shutil.copy(shipped_boards()["xiangqi"], path)
    window = app.create_window(str(path))
    qtbot.addWidget(window)
    window.show()
    yield window
    window.shutdown()


def test_file_new_board_writes_the_file_and_opens_it_in_the_window(window, tmp_path, monkeypatch):
    def fill_in(dialog: QtNewBoardDialog) -> int:
        dialog.name_field.setText("hexapawn")
        dialog.columns_box.setValue(3)
        dialog.rows_box.setValue(3)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QtNewBoardDialog, "exec", fill_in)
    target = tmp_path / "hexapawn.board"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    assert window.new_board_action.shortcut() == QKeySequence(QKeySequence.StandardKey.New)
    window.new_board_action.trigger()
    assert target.is_file()
    assert window.board.name == "hexapawn" and len(window.board_view.square_items()) == 9
    assert window.document.board_path == target
    assert window.board_text.text() == target.read_text(encoding="utf-8")
    assert window.piece_types.list.count() == 0


def test_file_new_board_asks_about_the_open_boards_changes_once_and_first(window, tmp_path, monkeypatch):
    """Cancelled at the question about the open board's changes, nothing is written; answered
    Discard, the question is not asked again when the new board opens."""
    monkeypatch.setattr(QtNewBoardDialog, "exec", lambda dialog: dialog.name_field.setText("hexapawn")
                        or QDialog.DialogCode.Accepted)
    target = tmp_path / "hexapawn.board"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    window.document.set_piece_notation("Horse", "N")
    answers, asked = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard], []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *rest: asked.append(text)
                        or answers.pop(0))
    window.new_board_action.trigger()
    assert not target.exists() and window.board.name == "xiangqi" and len(asked) == 1
    window.new_board_action.trigger()
    assert target.is_file() and window.board.name == "hexapawn" and len(asked) == 2


def test_a_piece_type_made_in_the_dock_is_drawn_when_placed_and_saved_with_the_board(window):
    window.piece_types.apply_new("Leaper", "L", False, "(X)\\1")
    kind = list(window.board.pieces).index("Leaper")
    window.position_editor.tool_buttons[f"place:1:{kind}"].click()
    e5 = window.board.index("e5")
    window.board_view.squareClicked.emit(e5)
    assert e5 in window.board_view.piece_items()
    assert window.isWindowModified()
    window.files.save_action.trigger()
    assert parse_board(window.document.board_path.read_text(encoding="utf-8")).pieces["Leaper"].notation_text == "(X)\\1"
    assert not window.isWindowModified()


def test_the_board_file_dock_applies_and_saves_on_save(window):
    text = window.board_text.text().replace("players: Red Black", "players: Red Black\nzone centre: d4-f7")
    window.board_text.text_edit.setPlainText(text)
    window.board_text.save_button.click()
    assert "centre" in window.board.zones
    assert window.document.board_path.read_text(encoding="utf-8") == text
    assert not window.isWindowModified()


def test_help_shows_the_guides_in_the_window(window):
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles[-1] == "&Help"
    notation = next(a for a in window.help_menu.actions() if a.text() == "&Notation guide")
    notation.trigger()
    assert window.help_dock.isVisible() and window.help_browser.current_guide() == "notation"
    boards = next(a for a in window.help_menu.actions() if a.text() == "&Board-file guide")
    boards.trigger()
    assert window.help_browser.current_guide() == "boards"
    assert window.help_browser.search("symmetry") > 0


def test_the_welcome_shows_on_the_first_start_only(window, qtbot):
    window.show_welcome()
    dialogs = [w for w in window.findChildren(QtWelcomeDialog) if w.isVisible()]
    assert len(dialogs) == 1
    dialogs[0].close()
    qtbot.waitUntil(lambda: not any(w.isVisible() for w in window.findChildren(QtWelcomeDialog)))
    assert settings().value("help/welcome-dismissed") in (True, "true")
    window.show_welcome()
    assert not any(w.isVisible() for w in window.findChildren(QtWelcomeDialog))
    window.show_welcome(force=True)
    assert any(w.isVisible() for w in window.findChildren(QtWelcomeDialog))


def test_opening_another_board_asks_about_board_file_edits_not_applied(window, monkeypatch):
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard]
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or answers.pop(0))
    window.board_text.text_edit.setPlainText(window.board_text.text() + "rule: compulsory-capture\n")
    assert not window.files.open_path("chess")
    assert window.board.name == "xiangqi" and "not applied" in asked[0]
    assert window.files.open_path("chess")
    assert window.board.name == "chess" and window.board_text.text() == window.document.board_text


@pytest.mark.parametrize("edit, words", [
    ("notation", "The piece notations of xiangqi.board have changed."),
    ("piece", "The piece types of xiangqi.board have changed."),
    ("text", "The text of xiangqi.board has changed."),
    ("both", "The piece types and other lines of xiangqi.board have changed."),
])
def test_the_save_question_says_what_changed(window, monkeypatch, edit, words):
    from dagaz_studio.board.piece_edits import add_piece

    document = window.document
    text = document.board_text
    if edit == "notation":
        document.set_piece_notation("Chariot", "(+)")
    if edit in ("piece", "both"):
        text = add_piece(text, document.board, "Wazir", "W", "+")
    if edit in ("text", "both"):
        text += "\n# a comment and a rule\nrule: compulsory-capture\n"
    if edit != "notation":
        document.set_board_text(text, "edit")
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.StandardButton.Discard)
    assert window.files.maybe_save()
    assert asked and asked[0].startswith(words)


def test_save_cancelled_at_the_question_about_a_line_changed_twice_says_nothing_more(window, monkeypatch):
    """The Board file panel's edit and a notation applied since change the same line: saving asks
    which to keep, and Cancel goes back to editing, the file unsaved and no warning of problems."""
    path = window.document.board_path
    saved = path.read_text(encoding="utf-8")
    horse = next(line for line in window.board_text.text().splitlines() if line.startswith("piece Horse"))
    window.board_text.text_edit.setPlainText(window.board_text.text().replace(horse, horse.split(":")[0] + ": N"))
    window.document.set_piece_notation("Horse", "(X)\\1")
    asked, warned = [], []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.StandardButton.Cancel)
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warned.append(args[2]))
    window.files.save_action.trigger()
    assert len(asked) == 1 and "changed since you began editing here" in asked[0]
    assert warned == [] and path.read_text(encoding="utf-8") == saved
