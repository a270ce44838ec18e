"""Unsaved edits kept for recovery: written a moment after each change, offered back after a run
that did not close, removed once nothing is left to recover."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from dagaz_studio.gui.files.recovery import Recovered, Recovery

if TYPE_CHECKING:
    from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
    from dagaz_studio.gui.files.document import QtDocument

#: Milliseconds after a change before unsaved edits are written to the recovery file.
AUTOSAVE_MS = 1000


class QtAutosave(QObject):
    """Keeps the open board's unsaved edits (its text, notations not applied, the position) in its
    recovery file (:class:`Recovery`) a moment after each change, and offers them back at start.

    ``opened`` is told of a board file opened to restore its edits; ``say`` shows a passing note.
    """

    def __init__(self, parent: QWidget, title: str, document: QtDocument, notation_editor: QtNotationEditor,
                 opened: Callable[[str], None], say: Callable[[str], None]) -> None:
        super().__init__(parent)
        self._parent = parent
        self._title = title
        self._document = document
        self._notation_editor = notation_editor
        self._opened = opened
        self._say = say
        self.recovery = Recovery()
        #: The board whose recovery file holds edits of this run.
        self._recovering: Path | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(AUTOSAVE_MS)
        self._timer.timeout.connect(self.autosave)
        for signal in (document.boardChanged, document.dirtyChanged, document.positionChanged,
                       notation_editor.notationChanged, notation_editor.notationInvalid):
            signal.connect(self._timer.start)

    @Slot()
    def autosave(self) -> None:
        """Keep the open board's unsaved edits in its recovery file, or remove the file when there are none."""
        path = self._document.board_path
        if self._recovering is not None and self._recovering != path:
            # The user answered for the last board's changes when it was closed.
            self.recovery.remove(self._recovering)
            self._recovering = None
        if path is None:
            return
        drafts = self._notation_editor.unapplied()
        dirty = self._document.board_dirty
        if not dirty and not drafts:
            self.recovery.remove(path)
            self._recovering = None
            return
        problem = self.recovery.write(Recovered(path, self._document.board_text if dirty else None, drafts,
                                                self._document.fen()))
        if problem is not None:
            self._say(f"Unsaved changes could not be kept for recovery: {problem}")
        self._recovering = path

    def closed(self) -> None:
        """The window closed, its changes answered for: nothing is left to recover."""
        self._timer.stop()
        if self._recovering is not None:
            self.recovery.remove(self._recovering)
            self._recovering = None

    def offer(self) -> list[str]:
        """After a run that did not close, offer each board's unsaved changes back; returns what happened."""
        notes: list[str] = []
        for state in self.recovery.pending():
            name = state.board_path.name
            what = []
            if state.board_text is not None:
                what.append("the board file's text")
            if state.drafts:
                what.append(f"the notation of {', '.join(state.drafts)} (not applied)")
            answer = QMessageBox.question(
                self._parent, self._title,
                f"Dagaz Studio did not close normally last time. {name} has changes that were not saved: "
                f"{' and '.join(what) or 'the position'}.\n\nRestore them?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
            if answer != QMessageBox.StandardButton.Yes:
                self.recovery.remove(state.board_path)
                continue
            if not state.board_path.is_file() or not self._restore(state):
                notes.append(f"The unsaved changes to {name} could not be restored: the board file is gone or "
                             "no longer loads.")
                self.recovery.remove(state.board_path)
                continue
            notes.append(f"Restored the unsaved changes to {name}; save them with File ▸ Save board.")
            self._recovering = state.board_path
        return notes

    def _restore(self, state: Recovered) -> bool:
        document = self._document
        current = document.board_path
        if current is None or current.resolve() != state.board_path.resolve():
            try:
                document.open_board(state.board_path)
            except ValueError:
                return False
            self._opened(str(state.board_path))
        try:
            if state.board_text is not None:
                document.set_board_text(state.board_text, "Restore unsaved changes")
            if state.fen:
                document.set_fen(state.fen)
        except ValueError:  # BoardFileError, FenError: the file changed since
            return False
        self._notation_editor.restore_drafts(state.drafts)
        return True
