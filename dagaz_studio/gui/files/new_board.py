"""File ▸ New board: a grid, its directions, players and symmetry, written as a board file and opened.

The dialog only gathers choices; :func:`dagaz_studio.board.create.new_board_text` writes the file's
text, and the board opens from the saved file like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board.create import MAX_COLUMNS, MAX_ROWS, NewBoard, NewBoardError, new_board_text
from dagaz_studio.gui.field_length import hold_at_most, too_long
from dagaz_studio.gui.files.save_path import with_suffix_asked

_DIRECTIONS = (("both", "Orthogonal and diagonal (8)"), ("orthogonal", "Orthogonal (N E S W)"),
               ("diagonal", "Diagonal (4)"))
_SYMMETRIES = (("mirror", "Mirrored: the second player plays down the board (chess)"),
               ("turn", "Half turn: every direction reversed for the second player"),
               ("none", "None: both players share the board's directions"))
_STYLES = (("cells", "Cells: pieces stand in squares"), ("points", "Points: pieces stand where lines cross"))


class QtNewBoardDialog(QDialog):
    """The choices a new board is made from; :meth:`spec` and :meth:`text` give the result.

    OK is enabled only while the choices make a board file; the reason is shown otherwise.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New board")
        self.name_field = hold_at_most(QLineEdit("my-game"))
        self.name_field.setToolTip("A word of letters, digits, '_' and '-': the board's name and its file's name")
        self.columns_box = QSpinBox()
        self.columns_box.setRange(1, MAX_COLUMNS)
        self.columns_box.setValue(8)
        self.rows_box = QSpinBox()
        self.rows_box.setRange(1, MAX_ROWS)
        self.rows_box.setValue(8)
        size = QHBoxLayout()
        size.addWidget(self.columns_box)
        size.addWidget(QLabel("columns  ×"))
        size.addWidget(self.rows_box)
        size.addWidget(QLabel("rows"))
        size.addStretch(1)
        self.directions_box = self._choices(_DIRECTIONS)
        self.first_player = hold_at_most(QLineEdit("White"))
        self.second_player = hold_at_most(QLineEdit("Black"))
        self.second_player.setPlaceholderText("none: a one-player board")
        players = QHBoxLayout()
        players.addWidget(self.first_player)
        players.addWidget(QLabel("then"))
        players.addWidget(self.second_player)
        self.symmetry_box = self._choices(_SYMMETRIES)
        self.style_box = self._choices(_STYLES)
        self.checkered_box = QCheckBox("Checkered cells")
        self.checkered_box.setChecked(True)
        self.coordinates_box = QCheckBox("Label columns and rows")
        self.coordinates_box.setChecked(True)
        form = QFormLayout()
        form.addRow("&Name:", self.name_field)
        form.addRow("Grid:", size)
        form.addRow("&Directions:", self.directions_box)
        form.addRow("Players:", players)
        form.addRow("&Symmetry:", self.symmetry_box)
        form.addRow("D&rawn as:", self.style_box)
        form.addRow("", self.checkered_box)
        form.addRow("", self.coordinates_box)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #c0392b;")
        hint = QLabel("Pieces come next: add piece types in the Piece types panel, then place them.")
        hint.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create…")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(hint)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        for field in (self.name_field, self.first_player, self.second_player):
            field.textChanged.connect(self._validate)
        for box in (self.columns_box, self.rows_box):
            box.valueChanged.connect(self._validate)
        for combo in (self.directions_box, self.symmetry_box, self.style_box):
            combo.currentIndexChanged.connect(self._validate)
        self._validate()

    def spec(self) -> NewBoard:
        """The choices as they stand (not necessarily valid: see :meth:`text`)."""
        players = tuple(name for name in (self.first_player.text().strip(), self.second_player.text().strip()) if name)
        return NewBoard(
            name=self.name_field.text().strip(), columns=self.columns_box.value(), rows=self.rows_box.value(),
            directions=self.directions_box.currentData(), players=players,
            symmetry=self.symmetry_box.currentData(), style=self.style_box.currentData(),
            checkered=self.checkered_box.isChecked(), coordinates=self.coordinates_box.isChecked())

    def text(self) -> str:
        """The new board file's text. Raises :class:`NewBoardError` for choices that make none."""
        return new_board_text(self.spec())

    @staticmethod
    def _choices(choices: tuple[tuple[str, str], ...]) -> QComboBox:
        combo = QComboBox()
        for value, label in choices:
            combo.addItem(label, value)
        return combo

    @Slot()
    def _validate(self) -> None:
        points = self.style_box.currentData() == "points"
        self.checkered_box.setEnabled(not points)
        self.symmetry_box.setEnabled(bool(self.second_player.text().strip()))
        fields = ((self.name_field, "The name"), (self.first_player, "The first player's name"),
                  (self.second_player, "The second player's name"))
        refused = [why for field, what in fields if (why := too_long(field, what)) is not None]
        try:
            if refused:
                raise NewBoardError("name", refused[0])
            self.text()
        except NewBoardError as error:
            self.error_label.setText(str(error))
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return
        self.error_label.clear()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)


def boards_folder() -> Path:
    """Where new boards are saved by default: the user's documents folder (home if there is none)."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    # A documents folder that does not exist would make a file dialog start where the app was launched.
    return Path(documents) if documents and Path(documents).is_dir() else Path.home()


def create_new_board(parent: QWidget | None, open_file: Callable[[str], bool],
                     ask_path: Callable[[str], str] | None = None,
                     may_go: Callable[[], bool] | None = None) -> Path | None:
    """Run the New board dialog, save the board file where the user chooses and open it.

    ``ask_path`` gets a suggested path and returns the chosen one ("" to cancel); by default a
    Save dialog. ``may_go`` is asked once the path is chosen, before anything is written, whether
    the open board may go (its unsaved changes answered for). Returns the file written, or ``None``
    if the user cancelled or it could not be written.
    """
    dialog = QtNewBoardDialog(parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        spec, text = dialog.spec(), dialog.text()
    finally:
        dialog.deleteLater()
    suggested = str(boards_folder() / f"{spec.name}.board")
    if ask_path is None:
        def ask_path(start: str) -> str:
            chosen, _ = QFileDialog.getSaveFileName(parent, "Save the new board", start,
                                                    "Board files (*.board);;All files (*)")
            return chosen
    chosen = ask_path(suggested)
    if not chosen:
        return None
    path = Path(chosen) if Path(chosen).suffix else with_suffix_asked(parent, "New board", chosen, ".board")
    if path is None:
        return None
    if may_go is not None and not may_go():
        return None
    from dagaz_studio.board.writer import write_atomically

    try:
        write_atomically(path, text)
    except ValueError as error:  # SaveError: a full disk, a folder or a FIFO chosen …
        QMessageBox.warning(parent, "New board", f"Could not write the new board:\n\n{error}")
        return None
    open_file(str(path))
    return path


__all__ = ["QtNewBoardDialog", "boards_folder", "create_new_board"]
