"""File ▸ New board: the dialog's choices become a board file, saved and opened like any other."""

from __future__ import annotations

import os
import stat
import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMessageBox

from dagaz_studio.board import parse_board
from dagaz_studio.gui.docks.position_editor import QtPositionEditor
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.files.new_board import QtNewBoardDialog, create_new_board


def test_the_dialog_refuses_a_bad_name_with_the_reason_and_accepts_a_good_one(qtbot):
    dialog = QtNewBoardDialog()
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    dialog.name_field.setText("my game")
    assert not ok.isEnabled() and "beginning with a letter" in dialog.error_label.text()
    dialog.name_field.setText("shogi-like")
    dialog.second_player.setText("White")
    assert not ok.isEnabled() and "two different names" in dialog.error_label.text()
    dialog.second_player.setText("Gote")
    dialog.first_player.setText("Sente")
    assert ok.isEnabled() and dialog.error_label.text() == ""
    dialog.columns_box.setValue(9)
    dialog.rows_box.setValue(9)
    dialog.directions_box.setCurrentIndex(dialog.directions_box.findData("orthogonal"))
    dialog.symmetry_box.setCurrentIndex(dialog.symmetry_box.findData("turn"))
    board = parse_board(dialog.text())
    assert (board.name, len(board.squares), board.players) == ("shogi-like", 81, ("Sente", "Gote"))
    assert set(board.directions) == set("NESW") and board.player_direction("Gote", "E") == "W"
    dialog.second_player.clear()
    assert not dialog.symmetry_box.isEnabled() and parse_board(dialog.text()).players == ("Sente",)


@pytest.mark.parametrize("pasted", ["my game " + "x" * 100_000, "x" * 100_000], ids=["malformed", "too long"])
def test_a_runaway_name_pasted_is_refused_in_a_sentence_within_the_dialogs_width(qtbot, pasted):
    """Neither echoed whole (the dialog as wide as the name) nor cut to fit the field and accepted."""
    dialog = QtNewBoardDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    width = dialog.width()
    QApplication.clipboard().setText(pasted)
    dialog.name_field.setFocus()
    dialog.name_field.selectAll()
    qtbot.keyClick(dialog.name_field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert 0 < len(dialog.error_label.text()) < 200
    QApplication.processEvents()  # the layout follows the label at the next turn of the event loop
    assert dialog.width() == width


def test_points_boards_draw_lines_and_are_not_checkered(qtbot):
    dialog = QtNewBoardDialog()
    qtbot.addWidget(dialog)
    dialog.style_box.setCurrentIndex(dialog.style_box.findData("points"))
    assert not dialog.checkered_box.isEnabled()
    board = parse_board(dialog.text())
    assert board.draw.style == "points" and set(board.draw.lines) == set("NESWOTRM") and not board.draw.checkered


def test_a_new_board_is_written_where_chosen_and_opened_with_an_empty_palette(qtbot, tmp_path, monkeypatch):
    document = QtDocument()
    editor = QtPositionEditor(document)
    qtbot.addWidget(editor)

    def fill_in(dialog: QtNewBoardDialog) -> int:
        dialog.name_field.setText("tiny")
        dialog.columns_box.setValue(5)
        dialog.rows_box.setValue(4)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QtNewBoardDialog, "exec", fill_in)
    asked = []
    target = tmp_path / "games" / "tiny"
    target.parent.mkdir()

    def ask_path(suggested: str) -> str:
        asked.append(suggested)
        return str(target)

    def open_file(path: str) -> bool:
        document.open_board(path)
        return True

    written = create_new_board(editor, open_file, ask_path)
    assert asked[0].endswith("tiny.board")
    assert written == target.with_suffix(".board") and written.is_file()
    assert document.board_path == written and not document.board_dirty
    assert (document.board.name, len(document.board.squares)) == ("tiny", 20)
    assert document.fen().startswith("5/5/5/5 w")
    assert [tool for tool in editor.tool_buttons if tool.startswith("place:")] == []


def test_cancelling_the_save_writes_nothing(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QtNewBoardDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    opened = []
    assert create_new_board(None, opened.append, lambda suggested: "") is None
    assert opened == [] and list(tmp_path.rglob("*.board")) == []


def _tiny(dialog: QtNewBoardDialog) -> int:
    dialog.name_field.setText("tiny")
    return QDialog.DialogCode.Accepted


def test_a_name_without_suffix_does_not_write_over_a_board_of_that_name_unasked(qtbot, tmp_path, monkeypatch):
    """The save dialog confirmed 'tiny', which is free; 'tiny.board', which is written, is not."""
    monkeypatch.setattr(QtNewBoardDialog, "exec", _tiny)
    mine = tmp_path / "tiny.board"
    mine.write_text("my own board\n", encoding="utf-8")
    asked, opened = [], []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *rest: asked.append(text)
                        or QMessageBox.StandardButton.No)
    assert create_new_board(None, opened.append, lambda suggested: str(tmp_path / "tiny")) is None
    assert mine.read_text(encoding="utf-8") == "my own board\n" and opened == []
    assert asked and "tiny.board already exists" in asked[0]


def test_the_open_board_is_asked_about_before_the_new_one_is_written(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QtNewBoardDialog, "exec", _tiny)
    opened = []
    assert create_new_board(None, opened.append, lambda suggested: str(tmp_path / "tiny.board"),
                            may_go=lambda: False) is None
    assert opened == [] and not (tmp_path / "tiny.board").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_chosen_for_the_new_board_is_refused_not_waited_on(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QtNewBoardDialog, "exec", _tiny)
    fifo = tmp_path / "tiny.board"
    os.mkfifo(fifo)
    readers: list[int] = []
    # Were the FIFO opened for writing, this reader would let it through after a while (no test hangs).
    late_reader = threading.Timer(5, lambda: readers.append(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)))
    late_reader.start()
    warnings, opened = [], []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warnings.append(text))
    try:
        assert create_new_board(None, opened.append, lambda suggested: str(fifo)) is None
    finally:
        late_reader.cancel()
        late_reader.join()
        for descriptor in readers:
            os.close(descriptor)
    assert opened == [] and warnings and "not a regular file" in warnings[0]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
