"""The position set up in the window becomes the board's setup only when asked, undoably; saving a
board whose position is not its setup says so and offers to make it the setup."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.board.placement import setup_placement
from dagaz_studio.gui import app


@pytest.fixture
def window(qtbot, tmp_path):
    path = tmp_path / "chess.board"
    shutil.copy(shipped_boards()["chess"], path)
    widget = app.create_window(str(path))
    qtbot.addWidget(widget)
    widget.show()
    with qtbot.waitActive(widget):
        widget.activateWindow()
    return widget


def click(qtbot, window, square: str) -> None:
    view = window.board_view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.mapFromScene(view.square_centre(window.board.index(square))))


def place(qtbot, window, player: int, piece: str, square: str) -> None:
    editor = window.position_editor
    kind = list(window.board.pieces).index(piece)
    qtbot.mouseClick(editor.tool_buttons[f"place:{player}:{kind}"], Qt.MouseButton.LeftButton)
    click(qtbot, window, square)


def saved_setup(window) -> dict[int, tuple[int, str]]:
    """The setup the file on disk holds, read by the loader: square -> (player, piece name)."""
    board = load_board(str(window.document.board_path))
    return {square: (player, kind.name) for square, (player, kind) in setup_placement(board).items()}


def shown(window) -> dict[int, tuple[int, str]]:
    return {square: (player, name) for square, (player, name, _letter) in window.document.view_placement().items()}


def test_placed_pieces_become_the_setup_when_asked_and_undo_takes_it_back(qtbot, window, monkeypatch) -> None:
    editor = window.position_editor
    original = saved_setup(window)
    assert not editor.setup_note.isVisible() and not editor.setup_button.isEnabled()
    qtbot.mouseClick(editor.clear_button, Qt.MouseButton.LeftButton)
    place(qtbot, window, 0, "King", "e4")
    place(qtbot, window, 1, "King", "e8")
    place(qtbot, window, 0, "Rook", "a1")
    assert editor.setup_note.isVisible() and "not the board's setup" in editor.setup_note.text()
    qtbot.mouseClick(editor.setup_button, Qt.MouseButton.LeftButton)
    assert window.document.board_dirty and not editor.setup_note.isVisible()
    assert window.document.undo_stack.undoText() == "Use this position as the setup"
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.document.board_dirty
    assert saved_setup(window) == shown(window) and len(shown(window)) == 3
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.board_dirty and editor.setup_note.isVisible()
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *rest: asked.append(text) or QMessageBox.StandardButton.No)
    qtbot.keyClick(window.board_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    # Saved back as it was, the file's own setup kept: the position on the board is not it, and saying so.
    assert saved_setup(window) == original and len(asked) == 1 and "not the board's setup" in asked[0]


@pytest.mark.parametrize("answer", [QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No])
def test_saving_a_position_that_is_not_the_setup_asks(qtbot, window, monkeypatch, answer) -> None:
    original = saved_setup(window)
    place(qtbot, window, 0, "Queen", "e4")
    window.document.set_piece_notation("Knight", "N")  # something to save
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *rest: asked.append(text) or answer)
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 1 and "not the board's setup" in asked[0]
    assert not window.document.board_dirty
    assert saved_setup(window) == (shown(window) if answer == QMessageBox.StandardButton.Yes else original)
    window.document.set_piece_notation("Knight", "N|(NN)")
    qtbot.keyClick(window.board_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 1  # asked once for a position
