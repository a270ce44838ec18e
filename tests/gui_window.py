"""The real window in tests: open it on a board, click squares, type notations, wait for the moves."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui import app


def open_window(qtbot, name: str, size: tuple[int, int] = (1200, 900)):
    """The window on a shipped board (by name) or a board file, shown and exposed."""
    boards = shipped_boards()
    window = app.create_window(str(boards[name]) if name in boards else name)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def click(qtbot, window, square: str) -> None:
    """Click the square named ``square`` on the board view."""
    view = window.board_view
    point = view.mapFromScene(view.square_centre(window.board.index(square)))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def click_and_wait(qtbot, window, square: str):
    """Click ``square`` and wait for the moves shown for it; returns the reply."""
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=10000) as blocker:
        click(qtbot, window, square)
    return blocker.args[0]


def type_and_wait(qtbot, window, text: str):
    """Type ``text`` over the notation editor's text, key by key, and wait for its moves; returns the reply."""
    editor = window.notation_editor
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=10000) as blocker:
        editor.text_edit.setFocus()
        editor.text_edit.selectAll()
        qtbot.keyClicks(editor.text_edit, text)
    return blocker.args[0]
