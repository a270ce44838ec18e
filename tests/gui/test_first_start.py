"""The README's first start, as a user makes it: the window opens on a board, File ▸ New board…
(Ctrl+N), a piece type from the Piece types panel's New…, pieces placed from the palette, File ▸ Save
board (Ctrl+S), and the application started again on the board it had last.

Every step is a key press or a click on the widget a user would use, dialogs included; the saved
file is read back by the board loader, not by the window."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QFileDialog, QLineEdit, QMessageBox, QWidget

from dagaz_studio.board import parse_board
from dagaz_studio.board.placement import setup_placement
from dagaz_studio.gui import app
from dagaz_studio.gui.docks.piece_types import QtPieceTypeDialog
from dagaz_studio.gui.files.new_board import QtNewBoardDialog
from tests.helpers.gui_window import click

CTRL = Qt.KeyboardModifier.ControlModifier


class _WhenShown:
    """Answers the next modal dialog of a class once it is up: the step that opens it waits in the
    dialog's own event loop, so the answer has to come from that loop. An answer that fails closes
    the dialog (the test would wait for it for ever) and is raised by :meth:`check`."""

    #: The answers not given yet.
    waiting: list[_WhenShown] = []

    def __init__(self, kind: type, answer: Callable[[QWidget], None]) -> None:
        self.kind, self.answer, self.answered = kind, answer, False
        self.error: BaseException | None = None
        _WhenShown.waiting.append(self)
        self.timer = QTimer()
        self.timer.timeout.connect(self._poll)
        self.timer.start(20)

    def _poll(self) -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, self.kind) and dialog.isVisible():
            self.timer.stop()
            _WhenShown.waiting.remove(self)
            try:
                self.answer(dialog)
            except BaseException as error:  # noqa: BLE001 - raised again by check()
                self.error = error
                if isinstance(dialog, QDialog):
                    dialog.reject()
            else:
                self.answered = True

    def check(self) -> None:
        """Raise what went wrong in the answer, or fail if the dialog never came up."""
        self.timer.stop()
        if self in _WhenShown.waiting:
            _WhenShown.waiting.remove(self)
        if self.error is not None:
            raise self.error
        assert self.answered, f"no {self.kind.__name__} came up"


@pytest.fixture(autouse=True)
def _no_answer_left_waiting():
    """An answer not given (a failed test) stops polling: it must not answer a later test's dialog."""
    yield
    for waiting in _WhenShown.waiting:
        waiting.timer.stop()
    _WhenShown.waiting.clear()


def _activate(qtbot, window: QWidget) -> None:
    """Make ``window`` the active one, as the window manager does when a dialog over it closes (the
    offscreen platform leaves no window active): shortcuts go to the active window only."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def _retype(field: QWidget, text: str) -> None:
    """Select what a field holds and type ``text`` over it, key by key."""
    field.setFocus()
    QTest.keyClick(field, Qt.Key.Key_A, CTRL)
    QTest.keyClicks(field, text)


def _press(buttons: QDialogButtonBox, which: QDialogButtonBox.StandardButton = QDialogButtonBox.StandardButton.Ok
           ) -> None:
    button = buttons.button(which)
    assert button.isVisible() and button.isEnabled()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def _take_the_suggested_name(name: str) -> Callable[[QWidget], None]:
    def answer(dialog: QWidget) -> None:
        field = dialog.findChild(QLineEdit, "fileNameEdit")
        assert field.text() == name
        QTest.keyClick(field, Qt.Key.Key_Return)

    return answer


def _asked_for_real(monkeypatch) -> list[str]:
    """While a :class:`_WhenShown` waits for a message box, questions are shown as boxes that wait for
    a key, as the static ``question`` shows them; otherwise they are answered unseen, as the shared
    set-up answers them (closing the window at the end of a failed test must not wait)."""
    asked: list[str] = []
    unseen = QMessageBox.question

    def question(parent, title, text, buttons=QMessageBox.StandardButton.Ok,
                 default=QMessageBox.StandardButton.NoButton):
        if not any(waiting.kind is QMessageBox for waiting in _WhenShown.waiting):
            return unseen(parent, title, text, buttons, default)
        box = QMessageBox(QMessageBox.Icon.Question, title, text, buttons, parent)
        box.setDefaultButton(default)
        asked.append(text)
        QDialog.exec(box)  # the box's own exec is answered unseen by the shared set-up
        return box.standardButton(box.clickedButton())

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_the_readme_first_start_new_board_pieces_save_and_start_again(qtbot, tmp_path, monkeypatch):
    asked = _asked_for_real(monkeypatch)
    # The first start: the default board.
    window = app.create_window(None)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    _activate(qtbot, window)
    assert window.board.name == "chess"
    # The user's documents folder, where a new board is saved unless the user chooses otherwise.
    target = tmp_path / "documents" / "hexapawn.board"
    target.parent.mkdir()
    config = Path(os.environ["XDG_CONFIG_HOME"])
    (config / "user-dirs.dirs").write_text(f'XDG_DOCUMENTS_DIR="{target.parent}"\n', encoding="utf-8")

    # 1. File ▸ New board… (Ctrl+N): a name and a 3 × 3 grid, saved where suggested.
    def fill_in(dialog: QWidget) -> None:
        assert isinstance(dialog, QtNewBoardDialog)
        _retype(dialog.name_field, "hexapawn")
        _retype(dialog.columns_box, "3")
        _retype(dialog.rows_box, "3")
        saving.append(_WhenShown(QFileDialog, _take_the_suggested_name(target.name)))
        _press(dialog.buttons)

    saving: list[_WhenShown] = []
    new_board = _WhenShown(QtNewBoardDialog, fill_in)
    QTest.keyClick(window, Qt.Key.Key_N, CTRL)
    new_board.check()
    assert saving
    saving[0].check()
    assert target.is_file() and window.document.board_path == target
    assert window.board.name == "hexapawn" and len(window.board.squares) == 9 and not window.board.pieces

    # 2. A piece type: New… in the Piece types panel; its name, letter and move in the notation.
    def describe(dialog: QWidget) -> None:
        assert isinstance(dialog, QtPieceTypeDialog)
        _retype(dialog.name_field, "Leaper")
        _retype(dialog.letter_field, "L")
        _retype(dialog.notation_field, "(X)\\1")
        _press(dialog.buttons)

    new_piece = _WhenShown(QtPieceTypeDialog, describe)
    assert window.piece_types.new_button.isVisible()
    QTest.mouseClick(window.piece_types.new_button, Qt.MouseButton.LeftButton)
    new_piece.check()
    assert list(window.board.pieces) == ["Leaper"]

    # Placed from the Position palette: two of the first player's, one of the second's.
    palette = window.position_editor.tool_buttons
    for tool, squares in (("place:0:0", ("a1", "c1")), ("place:1:0", ("b3",))):
        qtbot.waitUntil(palette[tool].isVisible)  # shown once the panel has laid out its new buttons
        QTest.mouseClick(palette[tool], Qt.MouseButton.LeftButton)
        for square in squares:
            click(qtbot, window, square)
    placed = {window.board.squares[s]: (p.player, p.kind) for s, p in enumerate(window.document.position.cells) if p}
    assert placed == {"a1": (0, 0), "c1": (0, 0), "b3": (1, 0)}
    assert window.isWindowModified()

    # 3. File ▸ Save board (Ctrl+S): the pieces are not the board's setup yet, which Save offers
    # to make them (Enter takes the offer).
    def take_the_offer(box: QWidget) -> None:
        QTest.keyClick(box, Qt.Key.Key_Return)

    offer = _WhenShown(QMessageBox, take_the_offer)
    _activate(qtbot, window)
    QTest.keyClick(window, Qt.Key.Key_S, CTRL)
    offer.check()
    assert "setup" in asked[-1]
    assert not window.isWindowModified()
    saved = parse_board(target.read_text(encoding="utf-8"), str(target))
    assert saved.pieces["Leaper"].notation_text == "(X)\\1" and saved.pieces["Leaper"].letter == "L"
    assert {saved.squares[s]: (player, piece.name) for s, (player, piece) in setup_placement(saved).items()} == {
        "a1": (0, "Leaper"), "c1": (0, "Leaper"), "b3": (1, "Leaper")}

    # File ▸ Quit, from the keyboard (Alt+F, Q: the platform may have no quitting shortcut), and
    # start again: the window opens on the board used last, as saved.
    _activate(qtbot, window)
    QTest.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(window.file_menu.isVisible)
    QTest.keyClick(window.file_menu, Qt.Key.Key_Q)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20000)
    again = app.create_window(None)
    qtbot.addWidget(again)
    again.show()
    try:
        assert again.document.board_path == target and not again.isWindowModified()
        assert [again.piece_types.list.item(i).text() for i in range(again.piece_types.list.count())][0].startswith("Leaper")
        reopened = {again.board.squares[s]: p.player for s, p in enumerate(again.document.position.cells) if p}
        assert reopened == {"a1": 0, "c1": 0, "b3": 1}
        assert again.document.at_initial_position()
    finally:
        again.shutdown()
