"""Crash-safe edits: a window killed with unsaved changes offers them back at the next start."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

import dagaz_studio
from dagaz_studio.board import shipped_boards
from dagaz_studio.gui import app
from dagaz_studio.gui.files.recovery import Recovery, recovery_folder

EDIT_AND_WAIT = textwrap.dedent("""
    import sys, time
    from PySide6.QtWidgets import QApplication
    application = QApplication([])
    from dagaz_studio.gui import app
    window = app.create_window(sys.argv[1])
    window.show()
    window.document.set_piece_notation("Rook", "(+)")
    editor = window.notation_editor
    editor.select_piece("Knight")
    editor.set_text("N")
    while not window.recovery.pending():
        application.processEvents()
        time.sleep(0.05)
    print("kept", flush=True)
    while True:
        application.processEvents()
        time.sleep(0.05)
""")


@pytest.fixture
def own_board(tmp_path):
    folder = tmp_path / "boards"
    folder.mkdir()
    path = folder / "chess.board"
    shutil.copy(shipped_boards()["chess"], path)
    return path


def kill_while_editing(board: Path, script: str = EDIT_AND_WAIT) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(Path(dagaz_studio.__file__).parent.parent))
    process = subprocess.Popen([sys.executable, "-c", script, str(board)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stdout.readline()
        assert line.strip() == "kept", process.stderr.read()
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(30)


def open_window(qtbot, path: str):
    window = app.create_window(path)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_killed_window_s_edits_are_offered_back(qtbot, monkeypatch, own_board) -> None:
    before = own_board.read_text(encoding="utf-8")
    kill_while_editing(own_board)
    assert own_board.read_text(encoding="utf-8") == before  # nothing was saved to the file itself
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *rest: asked.append(text) or QMessageBox.StandardButton.Yes)
    window = open_window(qtbot, str(shipped_boards()["xiangqi"]))
    assert asked and "chess.board" in asked[0] and "Knight" in asked[0]
    assert window.document.board_path == own_board
    assert window.board.pieces["Rook"].notation_text == "(+)" and window.document.board_dirty
    assert window.notation_editor.unapplied() == {"Knight": "N"}
    assert "Restored the unsaved changes to chess.board" in window.statusBar().currentMessage()
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Discard)
    assert window.close()
    assert Recovery().pending() == []  # closed normally: nothing left to recover


def test_declining_recovery_forgets_it(qtbot, monkeypatch, own_board) -> None:
    kill_while_editing(own_board)
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.No)
    window = open_window(qtbot, str(own_board))
    assert not window.document.board_dirty and window.notation_editor.unapplied() == {}
    assert Recovery().pending() == []


def test_edits_are_kept_a_moment_after_each_change_and_dropped_once_saved(qtbot, own_board) -> None:
    window = open_window(qtbot, str(own_board))
    window.document.set_piece_notation("Rook", "(+)")
    qtbot.waitUntil(lambda: Recovery().pending() != [], timeout=20000)
    assert recovery_folder().is_dir() and str(recovery_folder()).startswith(os.environ["XDG_DATA_HOME"])
    assert window.files.save()
    qtbot.waitUntil(lambda: Recovery().pending() == [], timeout=20000)


def test_a_corrupt_recovery_file_is_dropped(qtbot, own_board) -> None:
    folder = recovery_folder()
    folder.mkdir(parents=True)
    (folder / "0000000000000000.json").write_text("{not json", encoding="utf-8")
    window = open_window(qtbot, str(own_board))
    assert not window.document.board_dirty
    assert not any(folder.iterdir())


TYPE_IN_THE_PANEL_AND_WAIT = textwrap.dedent("""
    import os, sys, time
    # Qt's warnings while it waits would fill the pipe nobody reads until the end.
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    from PySide6.QtWidgets import QApplication
    application = QApplication([])
    from dagaz_studio.gui import app
    window = app.create_window(sys.argv[1])
    window.show()
    panel = window.board_text
    panel.text_edit.setPlainText(panel.text() + "zone centre: d4-e5  # typed, not applied\\n")
    deadline = time.monotonic() + 20
    while not window.recovery.pending() and time.monotonic() < deadline:
        application.processEvents()
        time.sleep(0.05)
    print("kept" if window.recovery.pending() else "nothing kept", flush=True)
    while True:
        application.processEvents()
        time.sleep(0.05)
""")


def test_the_board_file_panel_s_text_not_applied_is_offered_back_not_applied(qtbot, monkeypatch, own_board) -> None:
    """Typed in the Board file panel and never applied, the text is kept too, and comes back as it was
    left: in the panel, to apply or revert (the board itself unchanged)."""
    before = own_board.read_text(encoding="utf-8")
    kill_while_editing(own_board, TYPE_IN_THE_PANEL_AND_WAIT)
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *rest: asked.append(text) or QMessageBox.StandardButton.Yes)
    window = open_window(qtbot, str(own_board))
    assert asked and "Board file panel" in asked[0]
    panel = window.board_text
    assert panel.text() == before + "zone centre: d4-e5  # typed, not applied\n"
    assert panel.has_unapplied_changes() and not window.document.board_dirty
    panel.revert()
    qtbot.waitUntil(lambda: Recovery().pending() == [], timeout=5000)
