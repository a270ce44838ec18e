"""The document's history of edits as the Edit menu and the Position panel's buttons use it: Qt
signals and actions over the model's :class:`~dagaz_studio.document.History`, the one place edits are
kept (the calls and signals are named as Qt's undo stack names them)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal, SignalInstance, Slot
from PySide6.QtGui import QAction

from dagaz_studio.document import History


class QtUndoHistory(QObject):
    """Undo and redo of a :class:`History`, with the signals an undo stack gives: each is emitted
    after every change to the history."""

    canUndoChanged = Signal(bool)
    canRedoChanged = Signal(bool)
    undoTextChanged = Signal(str)
    redoTextChanged = Signal(str)
    indexChanged = Signal(int)

    def __init__(self, history: History, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.history = history
        history.changed.connect(self._relay)

    @Slot()
    def undo(self) -> None:
        """Undo the last edit done."""
        self.history.undo()

    @Slot()
    def redo(self) -> None:
        """Redo the last edit undone."""
        self.history.redo()

    def clear(self) -> None:
        """Forget every edit: what is in place now cannot be undone."""
        self.history.clear()

    def count(self) -> int:
        """How many edits are kept, undone ones included."""
        return self.history.count

    def index(self) -> int:
        """How many of them are done."""
        return self.history.index

    def canUndo(self) -> bool:  # noqa: N802 - the name an undo stack gives it
        """Whether there is an edit to undo."""
        return self.history.can_undo

    def canRedo(self) -> bool:  # noqa: N802
        """Whether there is an edit to redo."""
        return self.history.can_redo

    def undoText(self) -> str:  # noqa: N802
        """The edit Undo would undo, in words."""
        return self.history.undo_text

    def redoText(self) -> str:  # noqa: N802
        """The edit Redo would redo, in words."""
        return self.history.redo_text

    def createUndoAction(self, parent: QObject, prefix: str = "&Undo") -> QAction:  # noqa: N802
        """An action that undoes, named ``prefix`` and the edit, enabled when there is one to undo."""
        return self._action(parent, prefix, self.undo, self.canUndo, self.undoText,
                            self.canUndoChanged, self.undoTextChanged)

    def createRedoAction(self, parent: QObject, prefix: str = "&Redo") -> QAction:  # noqa: N802
        """An action that redoes, named ``prefix`` and the edit, enabled when there is one to redo."""
        return self._action(parent, prefix, self.redo, self.canRedo, self.redoText,
                            self.canRedoChanged, self.redoTextChanged)

    @staticmethod
    def _action(parent: QObject, prefix: str, slot: Callable[[], None], enabled: Callable[[], bool],
                text: Callable[[], str], enabled_changed: SignalInstance, text_changed: SignalInstance) -> QAction:
        action = QAction(parent)

        def update() -> None:
            action.setEnabled(enabled())
            action.setText(f"{prefix} {text()}" if text() else prefix)

        update()
        action.triggered.connect(slot)
        enabled_changed.connect(update)
        text_changed.connect(update)
        return action

    @Slot()
    def _relay(self) -> None:
        history = self.history
        self.indexChanged.emit(history.index)
        self.canUndoChanged.emit(history.can_undo)
        self.undoTextChanged.emit(history.undo_text)
        self.canRedoChanged.emit(history.can_redo)
        self.redoTextChanged.emit(history.redo_text)
