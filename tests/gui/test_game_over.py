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


def test_the_status_bar_says_a_move_that_leaves_no_legal_move_or_fills_a_store_ended_the_game(qtbot) -> None:
    """Not only a board's ``end`` statements end a game: a side left without a legal move (checkmate, a
    mancala side with empty pits) or a store holding more than half of the seeds does too, and the
    status bar says so once the worker has judged the position."""
    from tests.helpers.gui_window import open_window

    def play(window, name: str) -> None:
        field = window.play_field.field
        field.setFocus()
        field.selectAll()
        qtbot.keyClicks(field, name)
        with qtbot.waitSignal(window.move_play.played, timeout=20000):
            qtbot.keyClick(field, Qt.Key.Key_Return)

    window = open_window(qtbot, "kalah")
    window.document.set_fen("10,0,0,0,0,0,3,0/0,0,0,0,0,1,0,20 w")
    play(window, "f1-h1")  # the last seed in an empty pit of South's takes the three opposite
    qtbot.waitUntil(lambda: "game over" in window.statusBar().currentMessage(), timeout=20000)
    assert window.statusBar().currentMessage() == "Played f1-h1 — game over: North has no legal move"
    window = open_window(qtbot, "oware")
    window.document.set_fen("0,0,0,0,2,2/0,0,0,0,0,1 w 23 20")
    play(window, "f1-f2")
    qtbot.waitUntil(lambda: "game over" in window.statusBar().currentMessage(), timeout=20000)
    assert window.statusBar().currentMessage() == (
        "Played f1xf2 — game over: South's store holds more than half of the pieces")
    window = open_window(qtbot, "chess")
    for name in ("f3", "e5", "g4", "Qh4"):
        play(window, name)
    qtbot.waitUntil(lambda: "game over" in window.statusBar().currentMessage(), timeout=20000)
    # Undone, the game goes on: a later answer for the mated position says nothing.
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: not window._check_runner.running, timeout=20000)
    assert "game over" not in window.statusBar().currentMessage()
