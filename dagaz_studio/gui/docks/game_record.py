"""The Game record dock: the moves played in the window, named as the board names them, to step
through (first, back, forward, last, or a click on a move) and to copy as PGN-like text.

The record itself is :class:`dagaz_studio.document.record.GameRecord` (no Qt). The dock follows the
document: a move played (the "Play move" field, a double-clicked listed move) is added at the current
place; an undo or redo, or any change that lands on a position of the record, moves the place there;
going to a place sets the document's position from its FEN (one undoable step, named for the move
gone to). A piece type renamed or re-lettered is carried into the record's positions and its moves' names (and back by
its undo). Any other edit leaves the record as it was, and the next move played starts a new record
from the edited position. An undo or redo that lands off the record brings back the record as it was
at that step of the history (the moves a move played from an earlier place replaced, the record a new
one replaced), so that the board and the record agree again. The record is kept in the settings, with
the board it belongs to, after every change.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.document.record import GameRecord, RecordError
from dagaz_studio.engine import FenError
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.settings import settings

#: The record last shown, as JSON, and the board file it belongs to.
RECORD_KEY = "record/data"
RECORD_BOARD_KEY = "record/board"
#: What the record says while the board shows a position it does not hold.
OFF_RECORD = "The board shows a position off the record: the next move played starts a new one."
#: Longest kept record read back, in characters (a larger one is not the window's).
MAX_KEPT = 2_000_000


class QtGameRecord(QWidget):
    """The game record: a list of the moves played, buttons to step through them, "Copy as text"."""

    #: The record's text was put on the clipboard.
    copied = Signal(str)

    def __init__(self, document: QtDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.record: GameRecord | None = None
        self._seen = ""  # the document's position at the last change, as FEN
        self._before = ""  # and the one before it: where a move just played was made
        self._board_path: Path | None = None
        self._opening = -1  # the document's count of boards opened, at the last board change
        self._going = False
        self._filling = False
        #: The record at each step of the document's history: the id of the command last done there ->
        #: (that command, the record, how many of its moves it had). A record's moves are only ever
        #: added to in place (a record that loses moves is copied first), so the count says them.
        self._steps: dict[int, tuple[object, GameRecord | None, int]] = {}
        self.list = QListWidget()
        self.list.setObjectName("gameRecordList")
        self.list.setToolTip("The moves played; click one (or use the arrow keys) to see the position after it")
        self.list.currentRowChanged.connect(self._row_chosen)
        self.first_button = self._button("|◀", "First: the position the record starts from", self.first)
        self.back_button = self._button("◀", "Back one move", self.back)
        self.forward_button = self._button("▶", "Forward one move", self.forward)
        self.last_button = self._button("▶|", "Last: the position after the last move", self.last)
        self.copy_button = QPushButton("Copy as text")
        self.copy_button.setToolTip("Copy the record as PGN-like text: its starting FEN and the numbered moves")
        self.copy_button.clicked.connect(self.copy_text)
        self.note = QLabel()
        self.note.setWordWrap(True)
        # Narrow: the dock shares a column with others, and must fit its width without scrolling.
        row = QHBoxLayout()
        row.setSpacing(2)
        for button in (self.first_button, self.back_button, self.forward_button, self.last_button):
            row.addWidget(button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        # Qt's default margins made the four buttons wider than a column of 640×480's: the last one cut.
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list, 1)
        layout.addLayout(row)
        layout.addWidget(self.copy_button)
        layout.addWidget(self.note)
        document.boardChanged.connect(self._on_board_changed)
        document.positionChanged.connect(self._on_position_changed)
        document.undo_stack.indexChanged.connect(self._on_history_changed)
        self._show()

    def _button(self, text: str, tip: str, slot: Callable[[], None]) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip.split(":")[0])
        button.clicked.connect(slot)
        return button

    # ------------------------------------------------------------------ stepping

    def go(self, place: int) -> None:
        """Show the position at ``place`` of the record (0: its start)."""
        record = self.record
        if record is None or self.document.position is None:
            return
        was = record.current
        fen = record.go(place)
        self._going = True
        try:
            self.document.set_fen(fen, f"Go to {record.labels()[place - 1]}" if place > 0 else "Go to the start")
        except FenError as error:  # the board changed under a kept record
            record.go(was)  # the board stays where it was, and so does the record
            self._show()
            self.note.setText(f"That position no longer fits the board: {error}")
            return
        finally:
            self._going = False
        self._show()
        self._keep()

    @Slot()
    def first(self) -> None:
        """The record's first position."""
        self.go(0)

    @Slot()
    def back(self) -> None:
        """One move back."""
        if self.record is not None:
            self.go(self.record.current - 1)

    @Slot()
    def forward(self) -> None:
        """One move forward."""
        if self.record is not None:
            self.go(self.record.current + 1)

    @Slot()
    def last(self) -> None:
        """The position after the last move."""
        if self.record is not None:
            self.go(len(self.record.moves))

    @Slot()
    def copy_text(self) -> str:
        """Put the record's text on the clipboard; returns it."""
        if self.record is None:
            return ""
        text = self.record.as_text()
        QGuiApplication.clipboard().setText(text)
        self.note.setText("Copied the record as text.")
        self.copied.emit(text)
        return text

    # ------------------------------------------------------------------ following the document

    @Slot(str)
    def move_played(self, name: str) -> None:
        """A move named ``name`` was just played on the document: record it at the current place."""
        board, position = self.document.board, self.document.position
        if board is None or position is None:
            return
        record = self.record
        turn, number = self._turn_of(self._before)
        if record is None or record.fen != self._before:
            # Played from a position off the record: a new game starts there.
            record = self.record = GameRecord(self._before, len(board.players), turn, board=board.name,
                                              first_number=number)
        elif record.current < len(record.moves):
            # The moves after the place are replaced: the record as it was stays whole for an undo.
            record = self.record = record.copy()
        record.play(name, self._seen, turn)
        self.note.setText("")
        self._show()
        self._keep()

    def _turn_of(self, fen: str) -> tuple[int, int]:
        """The side to move in ``fen`` and its move number (the document's when it cannot be read)."""
        from dagaz_studio.engine import Position

        board, position = self.document.board, self.document.position
        try:
            if board is not None:
                read = Position.from_fen(board, fen)
                return read.turn, read.fullmove_number
        except FenError:
            pass
        return (position.turn, position.fullmove_number) if position is not None else (0, 1)

    @Slot()
    def _on_board_changed(self) -> None:
        path = self.document.board_path
        opening, self._opening = self._opening, self.document.openings
        if self.record is not None and (path == self._board_path or opening == self._opening):
            # The same board, edited or saved under another name: the record goes on, kept as the new
            # file's, its positions written as the edited board writes them (a type renamed or re-lettered).
            self.record = self.document.carry_record(self.record)
            self._seen, self._before = self.document.carry_fen(self._seen), self.document.carry_fen(self._before)
            self._board_path = path
            self._keep()
            return
        self._board_path = path
        self.record = self._kept(path)
        self._seen = self._before = ""
        self._remember()

    @Slot()
    def _on_position_changed(self) -> None:
        if self.document.position is None:
            return
        self._before, self._seen = self._seen, self.document.fen()
        record = self.record
        if record is not None and not self._going and record.fen != self._seen:
            place = record.find(self._seen)
            if place is not None:  # an undo, a redo, or a position the record holds
                record.go(place)
                self._keep()
        self._show()

    @Slot()
    def _on_history_changed(self) -> None:
        history = self.document.undo_stack.history
        kept = {id(command) for command in history.commands} | {id(None)}
        self._steps = {key: step for key, step in self._steps.items() if key in kept}
        step = self._steps.get(id(history.last_done))
        record = self.record
        off = record is None or record.fen != self._seen
        if off and self._seen and step is not None and step[1] is not None:
            # An undo or redo onto a position the record no longer holds: the record of that step again.
            restored = step[1].copy()
            del restored.moves[step[2]:]
            place = restored.find(self._seen)
            if place is not None:
                restored.go(place)
                self.record = restored
                self.note.setText("")
                self._show()
                self._keep()
                return
        self._remember()

    def _remember(self) -> None:
        """Keep the record as the one of the history's present step."""
        done = self.document.undo_stack.history.last_done
        record = self.record
        self._steps[id(done)] = (done, record, len(record.moves) if record is not None else 0)

    @Slot(int)
    def _row_chosen(self, row: int) -> None:
        if self.record is not None and row >= 0 and row != self.record.current and not self._filling:
            self.go(row)

    # ------------------------------------------------------------------ showing and keeping

    def _show(self) -> None:
        record = self.record
        self._filling = True
        try:
            self.list.clear()
            if record is not None:
                self.list.addItem(QListWidgetItem("Start"))
                for label in record.labels():
                    self.list.addItem(QListWidgetItem(label))
                off = record.fen != self._seen and bool(self._seen)
                if not off:
                    self.list.setCurrentRow(record.current)
                    if self.note.text() == OFF_RECORD:  # back on the record (an undo, a step)
                        self.note.setText("")
                else:
                    self.list.setCurrentRow(-1)
                    self.note.setText(OFF_RECORD)
        finally:
            self._filling = False
        place = record.current if record is not None else 0
        count = len(record.moves) if record is not None else 0
        self.first_button.setEnabled(place > 0)
        self.back_button.setEnabled(place > 0)
        self.forward_button.setEnabled(place < count)
        self.last_button.setEnabled(place < count)
        self.copy_button.setEnabled(record is not None)
        if record is None:
            self.note.setText("Moves played (the Play move field, or a double-clicked move in the list) are "
                              "recorded here.")

    def _keep(self) -> None:
        self._remember()
        if self.record is None or self._board_path is None:
            return
        store = settings()
        store.setValue(RECORD_BOARD_KEY, str(self._board_path.resolve()))
        store.setValue(RECORD_KEY, json.dumps(self.record.to_data(), ensure_ascii=False))
        store.sync()

    @staticmethod
    def _kept(path: Path | None) -> GameRecord | None:
        """The record kept for the board file at ``path``, if any and readable."""
        if path is None:
            return None
        store = settings()
        board, data = store.value(RECORD_BOARD_KEY), store.value(RECORD_KEY)
        if board != str(path.resolve()) or not isinstance(data, str) or len(data) > MAX_KEPT:
            return None
        try:
            return GameRecord.from_data(json.loads(data))
        except (RecordError, ValueError, RecursionError):
            # RecursionError: JSON nested thousands deep, which only damaged settings hold.
            return None

