"""Starting the window: the application object, the board to open, and what is remembered."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from dagaz_studio.board import BoardReadError, resolve_board, shipped_board
from dagaz_studio.gui.main_window import QtMainWindow
from dagaz_studio.gui.settings import (
    APPLICATION,
    GEOMETRY_KEY,
    LAST_BOARD_KEY,
    NOTATION_TEXT_KEY,
    ORGANIZATION,
    check_settings,
    settings,
)

__all__ = ["APPLICATION", "ORGANIZATION", "BoardOpenError", "create_window", "open_window", "run", "settings"]

DEFAULT_BOARD = "chess"
#: Milliseconds after which the window closes by itself (smoke tests; 0 or unset: never).
QUIT_AFTER_ENV = "DAGAZ_STUDIO_QUIT_AFTER_MS"


class BoardOpenError(Exception):
    """A board file that cannot be opened; the message is meant for the user."""


def resolve_board_path(name_or_path: str) -> str:
    """A board file path from a path or the name of a shipped board (``chess``)."""
    try:
        return str(resolve_board(name_or_path))
    except BoardReadError as error:
        raise BoardOpenError(str(error)) from error


def default_board_path() -> str | None:
    """The board to open when none is named: the last one used if it still exists, else chess."""
    last = settings().value(LAST_BOARD_KEY)
    if isinstance(last, str) and Path(last).is_file():
        return last
    found = shipped_board(DEFAULT_BOARD)
    return str(found) if found is not None else None


def remember_board(path: str) -> None:
    """Remember a board file as the last one used."""
    store = settings()
    store.setValue(LAST_BOARD_KEY, str(Path(path).resolve()))
    store.sync()


def create_window(board_path: str | None) -> QtMainWindow:
    """The main window showing ``board_path`` (or the default board); the path must load.

    The window comes back as it was left: layout, highlight colours, and the position if it was
    on the same board.
    """
    window, path, notes = _open_frame(board_path, panels_later=False)
    _finish_start(window, path, notes)
    return window


def open_window(board_path: str | None) -> QtMainWindow:
    """:func:`create_window` as the application starts it: the window is shown with its board at
    once, and its panels, menus and remembered state follow as soon as the board has painted."""
    window, path, notes = _open_frame(board_path, panels_later=True)
    geometry = settings().value(GEOMETRY_KEY)
    if isinstance(geometry, QByteArray):
        window.restoreGeometry(geometry)  # the size it had, from the first paint on
    _PaintedOnce(window.board_view.viewport(), lambda: _finish_start(window, path, notes))
    window.show()
    return window


class _PaintedOnce(QObject):
    """Calls ``then`` from the event loop once ``widget`` has painted for the first time."""

    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """After the first paint event, call ``then`` once the event loop comes back."""
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
        return False


def _open_frame(board_path: str | None, panels_later: bool) -> tuple[QtMainWindow, str | None, list[str]]:
    unreadable = check_settings()
    # Earlier versions kept one typed notation for every board, of any size: it is not read any more.
    settings().remove(NOTATION_TEXT_KEY)
    window = QtMainWindow(panels_later=panels_later)
    window.boardFileOpened.connect(remember_board)
    notes = [unreadable] if unreadable else []
    last = settings().value(LAST_BOARD_KEY)
    if board_path is None and isinstance(last, str) and not Path(last).is_file():
        notes.append(f"The board used last time, {last}, is no longer there.")
    path = board_path if board_path is not None else default_board_path()
    if path is not None:
        try:
            window.document.open_board(path)
        except ValueError as error:  # BoardReadError, BoardFileError
            if board_path is not None:
                raise BoardOpenError(str(error)) from error
            # A remembered board that no longer loads should not keep the window from opening.
            notes.append(f"Could not open {path}: {error}")
            path = None
    return window, path, notes


def _finish_start(window: QtMainWindow, path: str | None, notes: list[str]) -> None:
    """The panels, then what is remembered: the recent boards, the layout, the position, recovery."""
    window.build_panels()
    if path is not None:
        window.files.remember(path)
    notes += window.files.restore_state()
    notes += window.notation_editor.take_notes()
    notes += window.offer_recovery()
    if notes:
        window.statusBar().showMessage(" ".join(notes))
        window.play_field.show_note(" ".join(notes))
    window.startedUp.emit()


def run(board_path: str | None = None, *, quit_after_ms: int | None = None) -> int:
    """Open the window on ``board_path`` (or the default board) and run until it closes.

    ``quit_after_ms`` closes the window after that many milliseconds (default: the
    ``DAGAZ_STUDIO_QUIT_AFTER_MS`` environment variable, or never).

    ``board_path`` may also name a shipped board. Raises :class:`BoardOpenError`, before any window
    is shown, when it does not load, and :class:`~dagaz_studio.gui.display_check.DisplayLibrariesError`
    when the X11 libraries Qt needs are missing.
    """
    if board_path is not None:
        board_path = resolve_board_path(board_path)
    if QApplication.instance() is None:
        # Qt aborts the process when its platform's libraries are missing: say which, before it tries.
        from dagaz_studio.gui.display_check import check_display_libraries

        check_display_libraries()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    window = open_window(board_path)

    def started() -> None:
        # The first start's welcome, once the window is complete.
        QTimer.singleShot(0, window.show_welcome)
        # What start-up built (modules, widgets, the board) lives as long as the window: kept out of
        # the garbage collector's passes, which then look only at what is new and stay short while typing.
        QTimer.singleShot(0, gc.freeze)

    window.startedUp.connect(started)
    quit_after = _quit_after_ms() if quit_after_ms is None else quit_after_ms
    if quit_after:
        QTimer.singleShot(quit_after, window.close)
    return int(app.exec())


def _quit_after_ms() -> int:
    value = os.environ.get(QUIT_AFTER_ENV, "")
    try:
        return max(0, int(value))
    except ValueError:
        return 0
