"""Piece types as a designer makes them: a list of the board's types with New, Edit and Delete.

Every change is a change to the board file's text, written by :mod:`dagaz_studio.board.piece_edits`
and applied through the document (undoable, read back by the loader), so the palette, the position
and File ▸ Save see a new type exactly as they see one written by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board import BoardFileError
from dagaz_studio.board.piece_edits import add_piece, delete_piece, update_piece
from dagaz_studio.board.problems import MAX_PIECE_NAME
from dagaz_studio.board.source import file_lines
from dagaz_studio.gui.docks.flow_layout import FlowLayout
from dagaz_studio.gui.docks.label_text import wrappable
from dagaz_studio.gui.field_length import hold_at_most, too_long
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.lazy_qt import Qt

#: Applies a dialog's values; raises ``ValueError`` with a message for the user when they cannot be.
Apply = Callable[[str, str, bool, str], None]


def _in_the_notation(error: BoardFileError, text: str, name: str) -> str:
    """The loader's problems with a new piece, placed in the notation the designer typed (its column)
    rather than in a file the designer may never have seen."""
    head = re.compile(r"piece\s+" + re.escape(name) + r"\s.*?:\s*")
    lines = file_lines(text)
    found = next(((number + 1, match.end()) for number, line in enumerate(lines)
                  if (match := head.match(line)) is not None), None)
    messages = []
    for problem in error.problems:
        if found is not None and problem.line == found[0] and problem.column > found[1]:
            messages.append(f"notation, column {problem.column - found[1]}: {problem.message}")
        else:
            messages.append(f"line {problem.line}, column {problem.column}: {problem.message}")
    return "\n".join(messages)


class QtPieceTypeDialog(QDialog):
    """Name, letter, royal flag and (for a new type) notation of a piece type.

    OK calls ``apply(name, letter, royal, notation)``; a ``ValueError`` it raises is shown in the
    dialog, which stays open so that the designer can correct it.
    """

    def __init__(self, apply: Apply, title: str, name: str = "", letter: str = "", royal: bool = False,
                 notation: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._apply = apply
        form = QFormLayout()
        self.name_field = hold_at_most(QLineEdit(name), MAX_PIECE_NAME)
        self.name_field.setPlaceholderText("e.g. Wazir")
        self.name_field.setToolTip("The name notations use: [=Wazir], [+Wazir]")
        self.letter_field = QLineEdit(letter)
        self.letter_field.setMaxLength(1)
        self.letter_field.setPlaceholderText("W")
        self.letter_field.setToolTip("Its letter in positions (FEN): upper case for the first player, lower case for the second")
        self.royal_box = QCheckBox("Royal: the game is lost with it; no move may leave it attacked")
        self.royal_box.setChecked(royal)
        form.addRow("&Name:", self.name_field)
        form.addRow("&Letter:", self.letter_field)
        form.addRow("", self.royal_box)
        self.notation_field: QPlainTextEdit | None = None
        if notation is not None:
            self.notation_field = QPlainTextEdit(notation)
            self.notation_field.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
            self.notation_field.setPlaceholderText("+   (one orthogonal step: a Wazir)")
            self.notation_field.setTabChangesFocus(True)
            self.notation_field.setFixedHeight(self.notation_field.fontMetrics().lineSpacing() * 4 + 12)
            form.addRow("N&otation:", self.notation_field)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #c0392b;")
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._on_ok)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(420)

    @Slot()
    def _on_ok(self) -> None:
        notation = self.notation_field.toPlainText() if self.notation_field is not None else ""
        refused = too_long(self.name_field, "The name")
        if refused is not None:
            self.error_label.setText(refused)
            return
        try:
            self._apply(self.name_field.text().strip(), self.letter_field.text().strip(),
                        self.royal_box.isChecked(), notation)
        except ValueError as error:
            # A name pasted whole into the message must not set the dialog's width.
            self.error_label.setText(wrappable(str(error)))
            return
        self.accept()


class QtPieceTypes(QWidget):
    """The board's piece types with New, Edit (name, letter, royal) and Delete.

    Dialogs are opened by :meth:`new_type`, :meth:`edit_type` and :meth:`delete_type`; tests call the
    ``apply_*`` methods they use directly.
    """

    #: A piece type was added, changed or deleted: its (new) name.
    typesChanged = Signal(str)

    def __init__(self, document: QtDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.list = QListWidget()
        # A few rows at least; the list, not the panel, scrolls through the rest.
        self.list.setMinimumHeight(self.list.fontMetrics().height() * 3 + 8)
        self.list.setToolTip("The board's piece types; double-click one to rename it or change its letter")
        self.list.itemDoubleClicked.connect(lambda _item: self.edit_type())
        self.list.currentRowChanged.connect(lambda _row: self._update_buttons())
        self.new_button = QPushButton("New…")
        self.new_button.setToolTip("Add a piece type: name, letter, royal or not, and its move in the notation")
        self.edit_button = QPushButton("Edit…")
        self.edit_button.setToolTip("Rename the selected piece type, change its letter or whether it is royal")
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete the selected piece type and its pieces on the board")
        self.new_button.clicked.connect(self.new_type)
        self.edit_button.clicked.connect(self.edit_type)
        self.delete_button.clicked.connect(self.delete_type)
        buttons = FlowLayout()
        for button in (self.new_button, self.edit_button, self.delete_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        document.boardChanged.connect(self._on_board_changed)
        self._on_board_changed()

    # ------------------------------------------------------------------ applying (no dialogs)

    def apply_new(self, name: str, letter: str, royal: bool, notation: str) -> None:
        """Add a piece type (undoable). Raises ``ValueError`` with the reason it cannot be added."""
        board = self._board()
        text = add_piece(self.document.board_text, board, name, letter, notation, royal)
        try:
            self.document.set_board_text(text, f"New piece type {name}")
        except BoardFileError as error:
            raise ValueError(_in_the_notation(error, text, name)) from error
        self._select(name)
        self.typesChanged.emit(name)

    def apply_edit(self, old_name: str, name: str, letter: str, royal: bool) -> None:
        """Rename a piece type, change its letter or royal flag (undoable); its pieces stay on the board."""
        board = self._board()
        text = update_piece(self.document.board_text, board, old_name, name, letter, royal)
        what = f"Rename {old_name} to {name}" if name != old_name else f"Change the {name}"
        self.document.set_board_text(text, what, {old_name: name})
        self._select(name)
        self.typesChanged.emit(name)

    def apply_delete(self, name: str) -> None:
        """Delete a piece type and its pieces (undoable). Raises ``ValueError`` if a notation names it."""
        board = self._board()
        self.document.set_board_text(delete_piece(self.document.board_text, board, name), f"Delete piece type {name}")
        self.typesChanged.emit(name)

    # ------------------------------------------------------------------ dialogs

    def selected(self) -> str | None:
        """The name of the selected piece type, if any."""
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    @Slot()
    def new_type(self) -> None:
        """Ask for a new piece type and add it."""
        if not self._editable():
            return
        board = self._board()
        suggestion = next((letter for letter in "WXYZABCDEFGHIJKLMNOPQRSTUV" if board.piece_by_letter(letter) is None), "")
        dialog = QtPieceTypeDialog(lambda name, letter, royal, notation: self.apply_new(name, letter, royal, notation),
                                   "New piece type", "", suggestion, False, "", self)
        dialog.exec()
        dialog.deleteLater()

    @Slot()
    def edit_type(self) -> None:
        """Ask for the selected piece type's new name, letter and royal flag."""
        name = self.selected()
        if name is None or not self._editable():
            return
        piece = self._board().pieces[name]
        dialog = QtPieceTypeDialog(lambda new, letter, royal, _notation: self.apply_edit(name, new, letter, royal),
                                   f"Edit piece type {name}", piece.name, piece.letter, piece.royal, None, self)
        dialog.exec()
        dialog.deleteLater()

    @Slot()
    def delete_type(self) -> None:
        """Delete the selected piece type, after asking."""
        name = self.selected()
        if name is None or not self._editable():
            return
        answer = QMessageBox.question(self, "Delete piece type",
                                      f"Delete the piece type {name} and its pieces on the board?")
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            self.apply_delete(name)
        except ValueError as error:
            QMessageBox.warning(self, "Delete piece type", str(error))

    # ------------------------------------------------------------------ private

    def _board(self):  # type: ignore[no-untyped-def]
        if self.document.board is None:
            raise ValueError("no board is open")
        return self.document.board

    def _editable(self) -> bool:
        """Piece types live in the board file's text; a board made without one cannot be edited."""
        if self.document.board is None:
            return False
        if not self.document.board_text:
            QMessageBox.information(self, "Piece types", "This board has no board file text to change.")
            return False
        return True

    def _select(self, name: str) -> None:
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == name:
                self.list.setCurrentRow(row)

    def _update_buttons(self) -> None:
        has_board = self.document.board is not None
        self.new_button.setEnabled(has_board)
        self.edit_button.setEnabled(has_board and self.selected() is not None)
        self.delete_button.setEnabled(has_board and self.selected() is not None)

    @Slot()
    def _on_board_changed(self) -> None:
        current = self.selected()
        self.list.clear()
        board = self.document.board
        if board is not None:
            for piece in board.pieces.values():
                flags = " · royal" if piece.royal else ""
                item = QListWidgetItem(f"{piece.name} ({piece.letter}){flags}")
                item.setData(Qt.ItemDataRole.UserRole, piece.name)
                item.setToolTip(piece.notation_text)
                self.list.addItem(item)
        if current is not None:
            # A type renamed (or its rename undone) stays selected under its new name.
            self._select(self.document.renamed.get(current, current))
        self._update_buttons()
