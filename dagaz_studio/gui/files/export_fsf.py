"""File ▸ Export for Fairy-Stockfish…: the open board as a variants.ini section, saved or copied.

The export plays random games to check the section (:func:`~dagaz_studio.queries.fsf_export.export_board`),
which takes seconds, so it runs on a worker of the window's own while a dialog says so; cancelling
the dialog, or closing the window, stops it within a move of the games. The board
exported is the one open, with its edits whether saved or not. The dialog shows the section, to save
as a ``.ini`` file (written atomically: a file that cannot be written is said, the section staying
in the dialog) or to copy; a board the export refuses is shown with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board import Board
from dagaz_studio.board.writer import SaveError, write_atomically
from dagaz_studio.engine import CancelFlag
from dagaz_studio.gui.files.save_path import with_suffix_asked
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.variants_ini import IniError

TITLE = "Export for Fairy-Stockfish"
INI_FILTER = "Fairy-Stockfish variants (*.ini);;All files (*)"


@dataclass(frozen=True)
class ExportQuery:
    """The board to export; ``serial``: the asker's number. (Not named ``board``: the worker would
    build the interpreter's rules for it, which the export does not use.)"""

    exported: Board
    serial: int = 0


@dataclass(frozen=True)
class ExportAnswer:
    """The section made of :class:`ExportQuery`'s board (``text``), why the export refuses the board
    (``refusal``), why it failed unexpectedly (``error``), or that it was ``cancelled``."""

    query: ExportQuery
    text: str = ""
    refusal: str = ""
    error: str = ""
    cancelled: bool = False

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def answer_export(_rules: object, query: ExportQuery, cancel: CancelFlag | None = None) -> ExportAnswer:
    """Export the query's board, stopping once ``cancel`` is set; a board the export cannot say is an
    answer with the reason."""
    from dagaz_studio.queries.fsf_export import ExportCancelled, export_board

    try:
        return ExportAnswer(query, text=export_board(query.exported, cancel))
    except IniError as error:
        return ExportAnswer(query, refusal=error.message)
    except ExportCancelled:
        return ExportAnswer(query, cancelled=True)


def export_failed(query: ExportQuery, message: str) -> ExportAnswer:
    """The answer of an export that failed unexpectedly."""
    return ExportAnswer(query, error=message)


class QtFsfExportDialog(QDialog):
    """One export: busy until :meth:`show_answer`, then the section with Save as and Copy, or the
    refusal. :attr:`answer` is the answer shown (``None`` while the export runs)."""

    def __init__(self, board_name: str, start_folder: Path, parent: QWidget | None = None,
                 unapplied: bool = False) -> None:
        super().__init__(parent)
        self.board_name = board_name
        self.start_folder = start_folder
        self.answer: ExportAnswer | None = None
        self.setWindowTitle(f"{TITLE}: {board_name}")
        self.resize(640, 480)
        self.summary = QLabel(f"Exporting {board_name}: playing random games to check that the section "
                              "plays as the board does…", self)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note = QLabel("Edits not yet applied in the Board file and Notation panels are not part of the "
                           "export: apply them and export again to include them.", self)
        self.note.setWordWrap(True)
        self.note.setVisible(unapplied)
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)  # no steps to count: it moves while the export runs
        self.section = QPlainTextEdit(self)
        self.section.setObjectName("section")
        self.section.setReadOnly(True)
        self.section.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.section.setPlaceholderText("The section shows here once it is checked.")
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Cancel while the export runs (it stops the export), Close once it has answered.
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip("Stop the export (Esc)")
        self.save_button = self.buttons.addButton("Save as .ini…", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button = self.buttons.addButton("Copy", QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button.setToolTip("Write the section to a variants.ini file of its own")
        self.copy_button.setToolTip("Copy the section, to paste into a variants.ini")
        for button in (self.save_button, self.copy_button):
            button.setEnabled(False)
        self.save_button.clicked.connect(self.save_as)
        self.copy_button.clicked.connect(self.copy)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.note)
        layout.addWidget(self.busy)
        layout.addWidget(self.section, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

    def show_answer(self, answer: ExportAnswer) -> None:
        """The section, with Save as and Copy; or why there is none."""
        self.answer = answer
        self.busy.hide()
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Close)
        if answer.text:
            self.summary.setText(f"{self.board_name} as a Fairy-Stockfish variants.ini section, checked to play "
                                 "as the board does on random games. Save it as a file, or copy it into your "
                                 "variants.ini.")
            self.section.setPlainText(answer.text)
            for button in (self.save_button, self.copy_button):
                button.setEnabled(True)
            self.save_button.setDefault(True)
            return
        if answer.refusal:
            # The reason names the board as the command line says it; here the sentence already has.
            reason = answer.refusal.removeprefix(f"board {self.board_name}: ")
            self.summary.setText(f"{self.board_name} cannot be exported for Fairy-Stockfish: {reason}.")
        else:
            self.summary.setText(f"{self.board_name} could not be exported: {answer.error}")
        # Nothing to show but the reason: the dialog shrinks to it, with nothing to save or copy.
        self.section.hide()
        for button in (self.save_button, self.copy_button):
            button.hide()
        self.problem.hide()  # nothing can be saved, so nothing will be said there
        self.layout().activate()
        # The reason wraps at the dialog's width: its height at that width, not at the size hint's.
        fitting = self.heightForWidth(self.width())
        self.resize(self.width(), fitting if fitting > 0 else self.sizeHint().height())

    @Slot()
    def copy(self) -> None:
        """Copy the section to the clipboard."""
        if self.answer is not None and self.answer.text:
            QGuiApplication.clipboard().setText(self.answer.text)
            self.problem.setStyleSheet("")
            self.problem.setText("Copied the section to the clipboard.")

    @Slot()
    def save_as(self) -> bool:
        """Ask for a file and write the section to it; returns whether it was written. A file that
        cannot be written is said in the dialog, which keeps the section."""
        if self.answer is None or not self.answer.text:
            return False
        start = str(self.start_folder / f"{self.board_name}.ini")
        chosen, _ = QFileDialog.getSaveFileName(self, "Save the variants.ini section as", start, INI_FILTER)
        path = with_suffix_asked(self, TITLE, chosen, ".ini") if chosen else None
        if path is None:
            return False
        try:
            write_atomically(path, self.answer.text)
        except (OSError, SaveError) as error:  # a full disk, a folder that cannot be written …
            reason = error.reason if isinstance(error, SaveError) else error.strerror or str(error)
            self.problem.setStyleSheet("color: #b00020")
            self.problem.setText(f"The section was not saved to {path}: {reason}. It is still here to save "
                                 "elsewhere or copy.")
            return False
        self.problem.setStyleSheet("")
        self.problem.setText(f"Saved the section to {path}.")
        return True


class QtFsfExporter(QObject):
    """The window's exports: one worker, a dialog per export. Call :meth:`shutdown` as the window closes."""

    def __init__(self, window: Any, start_folder: Callable[[], Path]) -> None:
        super().__init__(window)
        self._window = window
        self._start_folder = start_folder
        self.runner = QtMoveRunner(self, answer=answer_export, failure=export_failed)
        self.runner.replyReady.connect(self._answered)
        #: The dialog waiting for the export's answer (``None`` once it has it, or is closed).
        self.dialog: QtFsfExportDialog | None = None

    def export(self, board: Board, unapplied: bool = False) -> QtFsfExportDialog:
        """Start exporting ``board`` and show the dialog that waits for it."""
        if self.dialog is not None:
            self.dialog.close()
        dialog = QtFsfExportDialog(board.name, self._start_folder(), self._window, unapplied)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(lambda _result: self._closed(dialog))
        self.dialog = dialog
        self.runner.request(ExportQuery(board))
        dialog.open()
        return dialog

    def _closed(self, dialog: QtFsfExportDialog) -> None:
        if self.dialog is dialog:
            # No one waits for the answer: the export stops, and whatever it answers is dropped.
            self.runner.cancel()
            self.dialog = None

    @Slot(object)
    def _answered(self, answer: ExportAnswer) -> None:
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.show_answer(answer)

    def shutdown(self) -> None:
        """Stop the worker, cancelling an export under way (which stops within a move of its games)."""
        self.runner.shutdown()


def export_for_fairy_stockfish(window: Any) -> QtFsfExportDialog | None:
    """File ▸ Export for Fairy-Stockfish…: export the window's open board, as edited."""
    board = window.document.board
    if board is None:
        return None
    exporter = getattr(window, "fsf_exporter", None)
    if exporter is None:
        exporter = window.fsf_exporter = QtFsfExporter(window, window.files.start_folder)
    has_pending = window.files.has_pending
    return exporter.export(board, unapplied=has_pending is not None and has_pending())
