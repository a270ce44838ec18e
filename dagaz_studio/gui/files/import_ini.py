"""File ▸ Import Fairy-Stockfish variants…: a variants.ini's sections as board files.

The file is imported on a worker (:func:`~dagaz_studio.queries.import_ini.answer_import`). The
dialog lists every section: those that import are ticked, those refused are greyed with the reason
(what is missing). Import writes the ticked ones into the chosen folder, each file atomically, and
opens the one selected (or the first).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board.writer import SaveError
from dagaz_studio.gui.files.new_board import boards_folder
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.queries.import_ini import ImportAnswer, ImportQuery, answer_import, import_failed
from dagaz_studio.variants_ini.files import board_paths, write_boards
from dagaz_studio.variants_ini.variant import Imported


class QtImportDialog(QDialog):
    """The sections of one variants.ini; :attr:`boardImported` gives the board file to open."""

    boardImported = Signal(str)

    def __init__(self, ini: Path, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.ini = Path(ini)
        self.setWindowTitle(f"Import Fairy-Stockfish variants: {self.ini.name}")
        self.resize(640, 520)
        self.summary = QLabel(f"Reading {self.ini.name}…", self)
        self.summary.setWordWrap(True)
        self.sections = QListWidget(self)
        self.sections.setObjectName("sections")
        self.sections.itemChanged.connect(self._update_buttons)
        self.sections.itemActivated.connect(self._import_activated)
        self.folder = QLineEdit(str(folder if folder is not None else boards_folder() / self.ini.stem), self)
        self.folder.setToolTip("The folder the board files are written into (made if missing)")
        choose = QPushButton("Choose…", self)
        choose.clicked.connect(self._choose_folder)
        folder_row = QHBoxLayout()
        folder_row.addWidget(QLabel("Save into:", self))
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(choose)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.import_button = self.buttons.addButton("Import and open", QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setEnabled(False)
        self.buttons.accepted.connect(self.import_ticked)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.sections, 1)
        layout.addLayout(folder_row)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.imported: dict[str, Imported] = {}
        self.loaded = False
        self.loader = QtMoveRunner(self, answer=answer_import, failure=import_failed)
        self.loader.replyReady.connect(self._show_sections)
        self.loader.request(ImportQuery(self.ini), debounce=False)

    # ------------------------------------------------------------------ the answer

    @Slot(object)
    def _show_sections(self, answer: ImportAnswer) -> None:
        self.loader.shutdown()  # one answer is all the dialog asks for: no thread outlives it
        self.loaded = True
        if answer.error:
            self.summary.setText(f"{self.ini.name} cannot be imported: {answer.error}")
            return
        self.sections.blockSignals(True)
        for variant in answer.imported:
            self.imported[variant.name] = variant
            item = QListWidgetItem(variant.name)
            item.setData(Qt.ItemDataRole.UserRole, variant.name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            ignored = f"\nIgnored (they only tune an engine): {', '.join(variant.ignored)}" if variant.ignored else ""
            item.setToolTip(f"Imports and plays as Fairy-Stockfish does{ignored}")
            self.sections.addItem(item)
        for section, reason in answer.refused:
            item = QListWidgetItem(f"{section}: refused, {reason}")
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)  # shown, not selectable or tickable
            item.setForeground(self.palette().placeholderText())
            item.setToolTip(reason)
            self.sections.addItem(item)
        self.sections.blockSignals(False)
        total = len(answer.imported) + len(answer.refused)
        self.summary.setText(f"{len(answer.imported)} of {total} sections of {self.ini.name} import; "
                             f"{len(answer.refused)} are refused, each with what is missing. "
                             f"Tick the variants to write as board files.")
        if answer.imported:
            self.sections.setCurrentRow(0)
        self._update_buttons()

    def ticked(self) -> list[Imported]:
        """The variants ticked for import, in the file's order."""
        out = []
        for row in range(self.sections.count()):
            item = self.sections.item(row)
            name = item.data(Qt.ItemDataRole.UserRole)
            if name is not None and item.checkState() == Qt.CheckState.Checked:
                out.append(self.imported[name])
        return out

    @Slot()
    def _update_buttons(self) -> None:
        self.import_button.setEnabled(bool(self.ticked()))

    @Slot()
    def _choose_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Save the board files into", self.folder.text())
        if chosen:
            self.folder.setText(chosen)

    # ------------------------------------------------------------------ writing

    @Slot(QListWidgetItem)
    def _import_activated(self, item: QListWidgetItem) -> None:
        if item.data(Qt.ItemDataRole.UserRole) is not None:
            self.sections.setCurrentItem(item)
            self.import_ticked()

    @Slot()
    def import_ticked(self) -> None:
        """Write the ticked variants; open the current one if ticked, else the first. A folder that
        cannot be written is said in the dialog, which stays open."""
        variants = self.ticked()
        if not variants:
            return
        folder = Path(self.folder.text()).expanduser()
        planned = zip(variants, board_paths(variants, folder))
        if not self._may_replace([path for variant, path in planned if _holds_other_than(path, variant.text)]):
            return
        try:
            written = write_boards(variants, folder)
        except (SaveError, OSError) as error:
            self.problem.setText(f"Nothing more was written: {error}")
            return
        current = self.sections.currentItem()
        chosen = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        names = [variant.name for variant in variants]
        index = names.index(chosen) if chosen in names else 0
        self.accept()
        self.boardImported.emit(str(written[index]))

    def _may_replace(self, there: list[Path]) -> bool:
        """Whether board files already in the folder with another text (edited since an earlier import,
        perhaps) may be written over: asked, naming them."""
        if not there:
            return True
        names = ", ".join(path.name for path in there[:5]) + (f" and {len(there) - 5} more" if len(there) > 5 else "")
        answer = QMessageBox.question(
            self, "Import", f"{len(there)} of these board files are already in {there[0].parent}, each with "
            f"another text: {names}.\n\nReplace them with the imported ones?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def done(self, result: int) -> None:
        """Closing stops the worker."""
        self.loader.shutdown()
        super().done(result)


def _holds_other_than(path: Path, text: str) -> bool:
    """Whether something is at ``path`` other than a file holding ``text`` (what an import would write)."""
    if not path.exists() and not path.is_symlink():
        return False
    try:
        return not path.is_file() or path.read_bytes() != text.encode("utf-8")
    except OSError:
        return True
