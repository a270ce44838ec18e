"""The window's files and memory: open, recent boards, save, export, dropped files, closing with
unsaved changes, and what is remembered between runs (layout, board, position, colours)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QFileSystemWatcher, QObject, Signal, Slot
from PySide6.QtGui import QAction, QColor, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from dagaz_studio.board.shipped import read_board_text
from dagaz_studio.board.writer import SaveError, atomic_path
from dagaz_studio.engine import FenError
from dagaz_studio.gui.board_view import export
from dagaz_studio.gui.board_view.view import HIGHLIGHT_KINDS, QtBoardView, highlight_colours, set_highlight_colours
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.files.new_board import boards_folder
from dagaz_studio.gui.files.save_path import with_suffix_asked
from dagaz_studio.gui.settings import (
    COLOURS_GROUP,
    GEOMETRY_KEY,
    LAST_BOARD_KEY,
    LESSONS_OPEN_KEY,
    MAX_RECENT,
    POSITION_BOARD_KEY,
    POSITION_FEN_KEY,
    RECENT_BOARDS_KEY,
    STATE_KEY,
    settings,
)

BOARD_FILTER = "Board files (*.board);;All files (*)"
#: A remembered FEN longer than this is not a FEN of any board the window opens: it is dropped unread.
MAX_REMEMBERED_FEN = 10_000


class QtFileActions(QObject):
    """File and Edit menu actions for a window's document and board view, and the window's memory.

    Installs itself as an event filter on the window: dropped board files open, and closing asks
    first when the board file has unsaved changes.
    """

    #: A board file was opened (from the recent list, a drop, or :meth:`open_path`): its path.
    boardOpened = Signal(str)

    def __init__(self, window: QMainWindow, document: QtDocument, view: QtBoardView, app_title: str) -> None:
        super().__init__(window)
        self._window = window
        self._document = document
        self._view = view
        self._title = app_title
        #: Asked first whenever the board is about to go: whether to go on (edits kept elsewhere).
        self.ask_unapplied: Callable[[], bool] | None = None
        #: Before saving: applies the edits made in the panels and not applied yet (so that what is
        #: saved is what they show); whether to go on saving.
        self.apply_pending: Callable[[], bool] | None = None
        #: Whether there are such edits: Save is offered for them as for a changed board.
        self.has_pending: Callable[[], bool] | None = None
        # The window hands its drag, drop and close events here (an event filter would be called
        # from Qt for every event the window gets, each call taking the interpreter lock).
        window.setAcceptDrops(True)

        self.recent_menu = QMenu("Open &Recent", window)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.save_action = self._action("&Save board", self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action("Save board &as…", self.save_as, QKeySequence.StandardKey.SaveAs)
        self.export_png_action = self._action("Export &PNG…", self.export_png)
        self.export_svg_action = self._action("Export S&VG…", self.export_svg)
        self.copy_image_action = self._action("&Copy image", self.copy_image, QKeySequence("Ctrl+Shift+C"))
        document.dirtyChanged.connect(self.update_actions)
        document.boardChanged.connect(self.update_actions)
        #: Watches the open board file: changed or deleted by another program, the user is told.
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._on_file_changed)
        document.boardChanged.connect(self._watch)
        self._asking = False
        #: The position whose setup the user chose not to save (not asked about again).
        self._setup_declined: str | None = None
        self.update_actions()

    # ------------------------------------------------------------------ files

    def open_path(self, path: str, ask: bool = True) -> bool:
        """Open a board file, asking first about unsaved changes (``ask=False``: they were asked about
        already); a failure is explained in a message box."""
        if ask and not self.maybe_save():
            return False
        try:
            self._document.open_board(path)
        except ValueError as error:  # BoardReadError, BoardFileError: messages meant for the user
            QMessageBox.warning(self._window, self._title, f"Could not open {Path(path).name}:\n\n{error}")
            return False
        self.remember(str(path))
        self.boardOpened.emit(str(path))
        return True

    def maybe_save(self) -> bool:
        """If the board file has unsaved changes, ask: Save, Discard or Cancel. Returns whether to go on."""
        if self.ask_unapplied is not None and not self.ask_unapplied():
            return False
        if not self._document.board_dirty:
            return True
        name = self._document.board_path.name if self._document.board_path else "the board"
        answer = QMessageBox.question(
            self._window, self._title,
            f"{unsaved_question(self._document.unsaved_changes(), name)}\n\nSave the board file?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    @Slot()
    def choose_file(self) -> None:
        """File ▸ Open: choose a board file."""
        path, _ = QFileDialog.getOpenFileName(self._window, "Open board", str(self.start_folder()), BOARD_FILTER)
        if path:
            self.open_path(path)

    def start_folder(self) -> Path:
        """Where file dialogs start: the open board's folder when it is the user's own file, otherwise
        (a shipped board, no file) the documents folder, or home when there is none."""
        path = self._document.board_path
        if path is not None and not self._document.read_only and path.parent.is_dir():
            return path.parent
        return boards_folder()

    @Slot()
    def save(self) -> bool:
        """File ▸ Save board: write the board file (asks where if it has none). Returns success."""
        if self._document.board is None or not self._applied_pending():
            return False
        if self._document.board_path is None or self._document.read_only:
            # A shipped board stays as installed: its changes go to a copy of the user's own.
            return self._choose_and_save()
        return self.ask_about_setup() and self._save_to(None)

    def _applied_pending(self) -> bool:
        return self.apply_pending is None or self.apply_pending()

    def ask_about_setup(self) -> bool:
        """Before saving: when the position is not the board's setup, offer to make it the setup (the
        file does not hold the position otherwise). Returns whether to go on saving."""
        document = self._document
        if document.position is None or document.at_initial_position():
            return True
        fen = document.fen()
        if fen == self._setup_declined:
            return True
        answer = QMessageBox.question(
            self._window, self._title,
            "The position on the board is not the board's setup: the board file keeps its own setup, and "
            "the pieces set up here are not saved in it.\n\nUse this position as the setup?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Cancel:
            return False
        if answer == QMessageBox.StandardButton.No:
            self._setup_declined = fen  # not asked again for this position
            return True
        try:
            document.use_position_as_setup()
        except ValueError as error:  # BoardFileError, BoardWriteError: for the user to read
            QMessageBox.warning(self._window, self._title, f"The position cannot be the setup:\n\n{error}")
            return False
        return True

    @Slot()
    def save_as(self) -> bool:
        """File ▸ Save board as: write the board file somewhere else. Returns success."""
        if self._document.board is None or not self._applied_pending():
            return False
        return self._choose_and_save()

    def _choose_and_save(self) -> bool:
        assert self._document.board is not None
        path = self._document.board_path
        name = path.name if path is not None else f"{self._document.board.name}.board"
        start = str(path) if path is not None and not self._document.read_only else str(boards_folder() / name)
        title = "Save a copy of the shipped board as" if self._document.read_only else "Save board as"
        chosen, _ = QFileDialog.getSaveFileName(self._window, title, start, BOARD_FILTER)
        if not chosen:
            return False
        return self.ask_about_setup() and self._save_to(chosen)

    def recent_boards(self, gone: bool = False) -> list[str]:
        """The recently opened board files, newest first, that still exist (``gone``: those too)."""
        value = settings().value(RECENT_BOARDS_KEY, [])
        paths = [value] if isinstance(value, str) else list(value or []) if isinstance(value, (list, tuple)) else []
        return [p for p in paths if isinstance(p, str) and (gone or Path(p).is_file())]

    def forget(self, path: str) -> None:
        """Take a board file off the recent list."""
        store = settings()
        store.setValue(RECENT_BOARDS_KEY, [p for p in self.recent_boards(gone=True) if p != path])
        store.sync()

    def remember(self, path: str) -> None:
        """Remember a board file as the last one used and first among the recent ones."""
        resolved = str(Path(path).resolve())
        recent = [resolved] + [p for p in self.recent_boards(gone=True) if p != resolved]
        store = settings()
        store.setValue(LAST_BOARD_KEY, resolved)
        store.setValue(RECENT_BOARDS_KEY, recent[:MAX_RECENT])
        store.sync()

    # ------------------------------------------------------------------ export

    @Slot()
    def export_png(self) -> None:
        """File ▸ Export PNG."""
        self._export("PNG images (*.png)", ".png", export.save_png)

    @Slot()
    def export_svg(self) -> None:
        """File ▸ Export SVG."""
        self._export("SVG drawings (*.svg)", ".svg", export.save_svg)

    @Slot()
    def copy_image(self) -> None:
        """Edit ▸ Copy image: the board with its highlights, to the clipboard."""
        if self._view.board is not None:
            export.copy_image(self._view)
            self._window.statusBar().showMessage("Board image copied", 3000)

    # ------------------------------------------------------------------ memory

    def save_state(self) -> None:
        """Remember the window's geometry and docks, the board, the position and highlight colours."""
        store = settings()
        store.setValue(GEOMETRY_KEY, self._window.saveGeometry())
        store.setValue(STATE_KEY, self._window.saveState())
        lessons = getattr(self._window, "lessons_dock", None)  # made by the first Help ▸ Lessons
        store.setValue(LESSONS_OPEN_KEY, lessons is not None and not lessons.isHidden())
        if self._document.position is not None and self._document.board_path is not None:
            store.setValue(POSITION_FEN_KEY, self._document.fen())
            store.setValue(POSITION_BOARD_KEY, str(self._document.board_path.resolve()))
        store.beginGroup(COLOURS_GROUP)
        for kind, colour in highlight_colours().items():
            store.setValue(kind, colour)
        store.endGroup()
        store.sync()

    def restore_state(self) -> list[str]:
        """Restore what :meth:`save_state` remembered: layout, colours, and the position if it is this board's.

        Returns sentences for the user: what was restored that changes what they see (the position),
        and what could not be restored and was dropped. Nothing remembered can stop the window opening.
        """
        notes: list[str] = []
        store = settings()
        store.beginGroup(COLOURS_GROUP)
        colours = {kind: store.value(kind) for kind in HIGHLIGHT_KINDS if store.contains(kind)}
        store.endGroup()
        good = {kind: value for kind, value in colours.items() if isinstance(value, str) and QColor(value).isValid()}
        set_highlight_colours(good)
        dropped = []
        if len(good) != len(colours):
            dropped.append("highlight colours")
        geometry, state = store.value(GEOMETRY_KEY), store.value(STATE_KEY)
        if geometry is not None and not (isinstance(geometry, QByteArray) and self._window.restoreGeometry(geometry)):
            dropped.append("window size")
        if store.value(LESSONS_OPEN_KEY) in (True, "true") and isinstance(state, QByteArray):
            self._window.show_lessons()  # placed where it was by the layout restored next
        if state is not None and not (isinstance(state, QByteArray) and self._window.restoreState(state)):
            dropped.append("dock layout")
        fen, board = store.value(POSITION_FEN_KEY), store.value(POSITION_BOARD_KEY)
        path = self._document.board_path
        if path is not None and board == str(path.resolve()) and fen is not None:
            try:
                if not isinstance(fen, str) or len(fen) > MAX_REMEMBERED_FEN:
                    raise FenError("not a FEN", "")
                self._document.resume(fen)
            except FenError as error:
                # The board file changed since: its initial position stays, and the user is told why
                # the position they left is not there, not merely that something was not restored.
                where = f" ({error.field})" if error.field else ""
                notes.append(f"The position left last time was not restored: the board no longer reads its "
                             f"FEN{where}: {error.message}.")
            else:
                if not self._document.at_initial_position():
                    notes.append("The position left last time is back (\"Initial position\" in the Position "
                                 "dock starts over).")
        if dropped:
            notes.append(f"Could not be restored from the last run, so left as new: {', '.join(dropped)}.")
        return notes

    # ------------------------------------------------------------------ events

    def drag_entered(self, event: QDragEnterEvent) -> bool:
        """Accept a drag that carries a board file; whether it was taken."""
        if _dropped_file(event) is None:
            return False
        event.acceptProposedAction()
        return True

    def dropped(self, event: QDropEvent) -> bool:
        """Open the board file dropped on the window; whether there was one."""
        path = _dropped_file(event)
        if path is None:
            return False
        event.acceptProposedAction()
        self.open_path(path)
        return True

    def may_close(self) -> bool:
        """Ask about unsaved changes before the window closes; when it may, remember its state."""
        if not self.maybe_save():
            return False
        self.save_state()
        return True

    # ------------------------------------------------------------------ private

    def _action(self, text: str, slot, shortcut=None) -> QAction:  # type: ignore[no-untyped-def]
        action = QAction(text, self._window)
        if isinstance(shortcut, QKeySequence.StandardKey):
            # All the platform's keys for it, not only the first.
            action.setShortcuts(shortcut)
        elif shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        return action

    @Slot()
    def update_actions(self) -> None:
        """Offer Save when there is something to save: the board changed, or edits wait in the panels."""
        has_board = self._document.board is not None
        pending = has_board and self.has_pending is not None and self.has_pending()
        self.save_action.setEnabled(self._document.board_dirty or pending)
        shipped = self._document.read_only
        self.save_action.setText("&Save board as a copy…" if shipped else "&Save board")
        self.save_action.setStatusTip("A shipped board is read-only: its changes are saved to a copy"
                                      if shipped else "Save the board file (piece types, notations and "
                                      "the setup; the position set up in the window only when made the setup)")
        for action in (self.save_as_action, self.export_png_action, self.export_svg_action, self.copy_image_action):
            action.setEnabled(has_board)
        self._window.setWindowModified(self._document.board_dirty)

    @Slot()
    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_boards(gone=True)
        for path in recent:
            if Path(path).is_file():
                action = self.recent_menu.addAction(Path(path).name)
                action.setToolTip(path)
                action.triggered.connect(lambda _checked=False, p=path: self._open_recent(p))
            else:
                # A board that has gone is listed as such (not silently dropped); choosing it takes it off.
                action = self.recent_menu.addAction(f"{Path(path).name} — not found")
                action.setToolTip(f"{path} is no longer there; choose it to take it off the list")
                action.triggered.connect(lambda _checked=False, p=path: self.forget(p))
            action.setData(path)
        if not recent:
            self.recent_menu.addAction("No recent boards").setEnabled(False)

    @Slot()
    def _watch(self) -> None:
        watched = self.watcher.files()
        if watched:
            self.watcher.removePaths(watched)
        path = self._document.board_path
        if path is not None and path.exists():
            self.watcher.addPath(str(path))

    @Slot(str)
    def _on_file_changed(self, changed: str) -> None:
        """The open board file changed on disk (or went): offer to reload it, or say it is gone."""
        path = self._document.board_path
        if path is None or Path(changed) != path or self._asking:
            return
        if not path.exists():
            self._window.statusBar().showMessage(
                f"{path.name} was deleted or moved by another program; File ▸ Save board writes it again.")
            self._document.forget_saved_text()
            return
        self.watcher.addPath(str(path))  # a file replaced by a rename is no longer watched
        try:
            on_disk = read_board_text(path)
        except ValueError:
            return
        if on_disk == self._document.saved_text:
            return  # our own save, or a change that changed nothing
        lost = " Your unsaved changes to it would be lost." if self._document.board_dirty else ""
        self._asking = True
        try:
            answer = QMessageBox.question(
                self._window, self._title, f"{path.name} was changed by another program.{lost}\n\nReload it?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        finally:
            self._asking = False
        if answer != QMessageBox.StandardButton.Yes:
            self._document.forget_saved_text()
            return
        try:
            self._document.open_board(path)
        except ValueError as error:
            QMessageBox.warning(self._window, self._title, f"Could not reload {path.name}:\n\n{error}")
            return
        self._window.statusBar().showMessage(f"Reloaded {path.name}", 5000)

    def _open_recent(self, path: str) -> None:
        if not Path(path).is_file():  # gone since the menu opened
            self.forget(path)
            self._window.statusBar().showMessage(f"{Path(path).name} is no longer there: taken off the recent list", 8000)
            return
        self.open_path(path)

    def _save_to(self, path: str | None) -> bool:
        try:
            saved = self._document.save_board(path)
        except (OSError, ValueError) as error:  # SaveError (a full disk …) is a ValueError
            # The board's text stays in the window, unsaved, so nothing typed is lost.
            QMessageBox.warning(self._window, self._title, f"Could not save the board:\n\n{error}")
            return False
        self.remember(str(saved))
        self._watch()
        self._window.statusBar().showMessage(f"Saved {saved}", 3000)
        return True

    def _export(self, file_filter: str, suffix: str, write) -> None:  # type: ignore[no-untyped-def]
        if self._view.board is None:
            return
        start = str(self.start_folder() / f"{self._view.board.name}{suffix}")
        title = f"Export {suffix[1:].upper()}"
        chosen, _ = QFileDialog.getSaveFileName(self._window, title, start, file_filter)
        path = with_suffix_asked(self._window, title, chosen, suffix) if chosen else None
        if path is None:
            return
        try:
            with atomic_path(path) as partial:
                write(self._view, partial)
        except (OSError, SaveError) as error:
            QMessageBox.warning(self._window, self._title, f"Could not export the board:\n\n{error}")
            return
        self._window.statusBar().showMessage(f"Exported {path}", 3000)


def unsaved_question(changes: list[str], name: str) -> str:
    """The sentence asking about unsaved changes, worded by what changed (see
    :meth:`QtDocument.unsaved_changes`)."""
    if changes == ["unsaved"]:
        return f"{name} has never been saved."
    if changes == ["on disk"]:
        return f"{name} has changed on disk since it was opened."
    if changes == ["other lines"]:
        return f"The text of {name} has changed."
    listed = changes[0] if len(changes) == 1 else ", ".join(changes[:-1]) + " and " + changes[-1]
    return f"The {listed} of {name} have changed."


def _dropped_file(event: QDropEvent) -> str | None:
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            return url.toLocalFile()
    return None
