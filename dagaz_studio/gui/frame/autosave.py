"""Unsaved edits kept for recovery: written a moment after each change, offered back after a run
that did not close, removed once nothing is left to recover."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from dagaz_studio.document.recovery import Keeper
from dagaz_studio.gui.files.recovery import Recovered, Recovery

if TYPE_CHECKING:
    from dagaz_studio.gui.docks.board_text import QtBoardTextEditor
    from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
    from dagaz_studio.gui.files.document import QtDocument

#: Milliseconds after a change before unsaved edits are written to the recovery file.
AUTOSAVE_MS = 1000


class QtAutosave(QObject):
    """Keeps the open board's unsaved edits (its text, notations and the Board file panel's text not
    applied, the position) in its recovery file (:class:`Recovery`) a moment after each change, and
    offers them back at start.

    ``opened`` is told of a board file opened to restore its edits; ``say`` shows a passing note.
    """

    def __init__(self, parent: QWidget, title: str, document: QtDocument, notation_editor: QtNotationEditor,
                 opened: Callable[[str], None], say: Callable[[str], None],
                 board_text: QtBoardTextEditor | None = None) -> None:
        super().__init__(parent)
        self._parent = parent
        self._title = title
        self._document = document
        self._notation_editor = notation_editor
        self._board_text = board_text
        self._opened = opened
        self._say = say
        self.recovery = Recovery()
        #: What to keep and when, and how to bring it back (Qt-free).
        self._keeper = Keeper(self.recovery)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(AUTOSAVE_MS)
        self._timer.timeout.connect(self.autosave)
        for signal in (document.boardChanged, document.dirtyChanged, document.positionChanged,
                       notation_editor.notationChanged, notation_editor.notationInvalid):
            signal.connect(self._timer.start)
        if board_text is not None:
            board_text.text_edit.textChanged.connect(self._timer.start)

    @Slot()
    def autosave(self) -> None:
        """Keep the open board's unsaved edits in its recovery file, or remove the file when there are none."""
        panel = self._board_text
        panel_text = panel.text() if panel is not None and panel.has_unapplied_changes() else None
        problem = self._keeper.keep(self._document.model, self._notation_editor.unapplied(), panel_text)
        if problem is not None:
            self._say(f"Unsaved changes could not be kept for recovery: {problem}")

    def closed(self) -> None:
        """The window closed, its changes answered for: nothing is left to recover."""
        self._timer.stop()
        self._keeper.closed()

    def offer(self) -> list[str]:
        """After a run that did not close, offer each board's unsaved changes back; returns what happened."""
        panel = self._board_text
        return self._keeper.offer(self._document.model, self._ask, lambda path: self._opened(str(path)),
                                  self._notation_editor.restore_drafts,
                                  panel.restore_text if panel is not None else None)

    def _ask(self, state: Recovered) -> bool:
        what = []
        if state.board_text is not None:
            what.append("the board file's text")
        if state.drafts:
            what.append(f"the notation of {', '.join(state.drafts)} (not applied)")
        if state.panel_text is not None:
            what.append("the Board file panel's text (not applied)")
        answer = QMessageBox.question(
            self._parent, self._title,
            f"Dagaz Studio did not close normally last time. {state.board_path.name} has changes that were not "
            f"saved: {' and '.join(what) or 'the position'}.\n\nRestore them?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes
