"""The window says when a move ends the game by the board's own rules (its ``end`` statements)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui import app


def test_the_status_bar_says_two_passes_in_a_row_ended_the_game(qtbot) -> None:
    window = app.create_window(str(shipped_boards()["janggi"]))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    field = window.play_field.field
    for name in ("e2e2", "e9e9"):
        field.setFocus()
        field.selectAll()
        qtbot.keyClicks(field, name)
        with qtbot.waitSignal(window.move_play.played, timeout=20000):
            qtbot.keyClick(field, Qt.Key.Key_Return)
    assert window.statusBar().currentMessage() == "Played e9e9 — game over: 2 passes in a row"
    window.document.undo_stack.undo()
    assert window.document.game_over() == ""
