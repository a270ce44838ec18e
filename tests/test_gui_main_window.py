"""The main window shows a board, names it in the title and reports clicked squares."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from dagaz_studio.gui.qt_main_window import QtMainWindow
from gui_boards import chess_like, xiangqi_like


@pytest.fixture
def window(qtbot):
    def loader(path):
        if path.endswith("xiangqi.board"):
            return xiangqi_like(), {0: (1, "Chariot", "R")}
        raise ValueError(f"{path}:1:1: a statement it does not understand")

    widget = QtMainWindow(loader=loader)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_open_board_shows_it_with_its_name(window):
    board = chess_like()
    window.open_board(board, {board.index("e1"): (0, "King", "K")})
    assert window.board is board
    assert window.board_view.board is board
    assert "chess" in window.windowTitle()
    assert list(window.board_view.piece_items()) == [board.index("e1")]
    assert "64 squares" in window.statusBar().currentMessage()


def test_open_file_uses_the_loader_and_announces_the_path(qtbot, window):
    with qtbot.waitSignal(window.boardFileOpened) as blocker:
        assert window.open_file("/boards/xiangqi.board")
    assert blocker.args == ["/boards/xiangqi.board"]
    assert window.board.name == "xiangqi"
    assert "xiangqi" in window.windowTitle()
    assert list(window.board_view.piece_items()) == [0]


def test_open_file_that_fails_says_why_and_keeps_the_board(window, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    board = chess_like()
    window.open_board(board)
    assert not window.open_file("/boards/broken.board")
    assert window.board is board
    assert len(shown) == 1 and "broken.board" in shown[0] and "does not understand" in shown[0]


def test_clicked_square_is_named_in_the_status_bar(qtbot, window):
    board = chess_like()
    window.open_board(board)
    view = window.board_view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(view.square_centre(board.index("f3"))))
    assert window.statusBar().currentMessage().startswith("f3")


def test_file_menu_has_open_and_quit(qtbot, window):
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles == ["&File"]
    assert window.open_action.isEnabled()
    window.quit_action.trigger()
    qtbot.waitUntil(lambda: not window.isVisible())
