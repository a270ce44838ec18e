"""The main window shows a board, names it in the title and reports clicked squares."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMessageBox

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui.main_window import QtMainWindow
from tests.helpers.gui_boards import chess_like


@pytest.fixture
def window(qtbot):
    widget = QtMainWindow()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_open_board_shows_it_with_its_name(window):
    board = chess_like()
    window.open_board(board)
    assert window.board is board
    assert window.board_view.board is board
    assert window.document.board is board
    assert "chess" in window.windowTitle()
    assert "64 squares" in window.statusBar().currentMessage()


def test_open_file_opens_the_document_and_announces_the_path(qtbot, window):
    path = str(shipped_boards()["xiangqi"])
    with qtbot.waitSignal(window.boardFileOpened) as blocker:
        assert window.open_file(path)
    assert blocker.args == [path]
    assert window.board.name == "xiangqi"
    assert window.document.board is window.board
    assert "xiangqi" in window.windowTitle()
    assert len(window.board_view.piece_items()) == 32


def test_open_file_that_fails_says_why_and_keeps_the_board(window, monkeypatch, tmp_path):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    broken = tmp_path / "broken.board"
    broken.write_text("name: broken\ngrid: a-b x 2-1\nwhat is this\n", encoding="utf-8")
    board = chess_like()
    window.open_board(board)
    assert not window.open_file(str(broken))
    assert window.board is board
    assert len(shown) == 1 and "broken.board" in shown[0] and "broken.board:3:" in shown[0]


def test_clicked_square_is_named_in_the_status_bar(qtbot, window):
    board = chess_like()
    window.open_board(board)
    view = window.board_view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(view.square_centre(board.index("f3"))))
    assert window.statusBar().currentMessage().startswith("f3")


def test_file_menu_has_open_and_quit(qtbot, window):
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles[:2] == ["&File", "&Edit"]
    assert window.open_action.isEnabled()
    window.quit_action.trigger()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20000)


def test_view_lists_every_dock_so_a_closed_one_can_be_reopened(qtbot, window):
    docks = window.findChildren(QDockWidget)
    assert sorted(d.objectName() for d in docks) == sorted(d.objectName() for d in window.docks())
    toggles = {a for a in window.view_menu.actions()}
    for dock in docks:
        assert dock.toggleViewAction() in toggles
        dock.close()
        assert not dock.isVisible()
        dock.toggleViewAction().trigger()
        assert dock.isVisible()
