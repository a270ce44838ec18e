"""The board file's text, editable in the window: zones, players and draw hints need no other editor.

The text is checked by the board loader as it is typed (after a short pause); every problem is
underlined at its line and column and listed below the text. Apply (or saving the board) makes the
document use the text, undoably; a text that does not load is never applied.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal, Slot
from PySide6.QtGui import QColor, QFontDatabase, QKeyEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board import Board, BoardFileError, Problem
from dagaz_studio.board.cache import parse_board_cached
from dagaz_studio.document.text_merge import merge_lines
from dagaz_studio.gui.docks.flow_layout import FlowLayout
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.lazy_qt import Qt

#: How long typing must pause before the text is checked again.
CHECK_DELAY_MS = 250
#: Texts longer than this are not checked as they are typed (a board file is a few kilobytes).
MAX_CHECKED_CHARS = 200_000
_ERROR_COLOUR = QColor("#c0392b")
# Where a word a problem points at ends: white space or the notation's punctuation.
_WORD_ENDS = set(",;()[]>")


class _TextEdit(QPlainTextEdit):
    """A plain text editor that reports Ctrl+Return (which the editor would otherwise take as a newline)."""

    applyRequested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+Return and Ctrl+Enter apply; every other key edits as usual."""
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            self.applyRequested.emit()
            return
        super().keyPressEvent(event)


class QtBoardTextEditor(QWidget):
    """The open board file's text with its problems underlined; Apply makes the board use it."""

    #: The text was applied to the document.
    applied = Signal()
    #: Save was pressed and the text applied: the board file should now be saved.
    saveRequested = Signal()

    def __init__(self, document: QtDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.problems: list[Problem] = []
        self.text_edit = _TextEdit()
        self.text_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text_edit.setTabChangesFocus(False)
        self.text_edit.setToolTip("The board file (see Help ▸ Board-file guide). Ctrl+Return applies it to the board.")
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.problem_list = QListWidget()
        self.problem_list.setToolTip("Click a problem to go to it")
        self.problem_list.itemActivated.connect(self._go_to_problem)
        self.problem_list.itemClicked.connect(self._go_to_problem)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Use this text for the board (Ctrl+Return); File ▸ Save applies it too")
        self.apply_button.clicked.connect(self.apply)
        self.revert_button = QPushButton("Revert")
        self.revert_button.setToolTip("Throw away the edits made here since the last Apply")
        self.revert_button.clicked.connect(self.revert)
        # The buttons wrap onto more lines in a narrow dock rather than widen it.
        buttons = FlowLayout()
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.apply_button)
        self.save_button = QPushButton("Save")
        self.save_button.setToolTip("Apply this text and save the board file")
        self.save_button.clicked.connect(self.save)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text_edit, 3)
        layout.addWidget(self.status_label)
        layout.addLayout(buttons)
        layout.addWidget(self.problem_list, 1)
        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.check)
        self.text_edit.textChanged.connect(self._on_text_changed)
        self.text_edit.applyRequested.connect(self.apply)
        self._loading = False
        #: The text last taken from the board: edits here are what differs from it.
        self._loaded_text = ""
        self._loaded_path: object = None
        document.boardChanged.connect(self._on_board_changed)
        self._on_board_changed()

    # ------------------------------------------------------------------ public

    def text(self) -> str:
        """The text as edited."""
        return self.text_edit.toPlainText()

    def has_unapplied_changes(self) -> bool:
        """Whether the text here differs from the board's."""
        return self.document.board is not None and self.text() != self.document.board_text

    @Slot()
    def check(self) -> list[Problem]:
        """Check the text now; underline and list its problems. Returns them (empty: it loads)."""
        self._check_timer.stop()
        text = self.text()
        if len(text) > MAX_CHECKED_CHARS:
            self._show_problems([], f"Too long to check as you type ({len(text):,} characters); Apply checks it.")
            return []
        try:
            board = parse_board_cached(text, self._filename())
        except BoardFileError as error:
            self._show_problems(error.problems)
            return self.problems
        self._show_test_problems(board)
        return []

    @Slot()
    def apply(self) -> bool:
        """Make the board use the text (undoable). Returns whether it could: a text with problems
        stays here, its problems shown, and the board is left as it was."""
        if self.document.board is None or not self.has_unapplied_changes():
            return True
        text = self._with_board_changes()
        if text is None:
            return False
        try:
            self.document.set_board_text(text, "Edit the board file")
        except BoardFileError as error:
            self._show_problems(error.problems)
            return False
        if self.document.board is not None:
            self._show_test_problems(self.document.board)
        self._update_buttons()
        self.applied.emit()
        return True

    def _with_board_changes(self) -> str | None:
        """The text to apply: the text here with the changes the board took since it was loaded here
        (a notation applied in the Notation panel, a piece type renamed, an undo), so that applying
        does not undo them. Where both changed the same lines the user is asked; ``None``: cancelled."""
        board_text = self.document.board_text
        if self._loaded_text == board_text:
            return self.text()
        merged = merge_lines(self._loaded_text, self.text(), board_text)
        if merged.text is not None:
            self._take_in(merged.text)
            return merged.text
        answer = QMessageBox.question(
            self, "Board file",
            f"The board changed since you began editing here, at line {merged.clash_line} of the text you "
            "began with, which you changed too (a notation applied in the Notation panel, say).\n\n"
            "Apply your text? The board's change there is undone (Edit ▸ Undo brings it back).",
            QMessageBox.StandardButton.Apply | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return self.text() if answer == QMessageBox.StandardButton.Apply else None

    def _take_in(self, text: str) -> None:
        """Show ``text`` (the edits here with the board's since), the board's text as the one edited from."""
        position = self.text_edit.textCursor().position()
        # Replaced as one edit, which the text's own undo (Ctrl+Z) takes back.
        whole = QTextCursor(self.text_edit.document())
        whole.select(QTextCursor.SelectionType.Document)
        self._loading = True
        try:
            whole.insertText(text)
        finally:
            self._loading = False
        cursor = self.text_edit.textCursor()
        cursor.setPosition(min(position, len(self.text())))
        self.text_edit.setTextCursor(cursor)
        self._loaded_text = self.document.board_text

    @Slot()
    def save(self) -> bool:
        """Apply the text and, if it loads, ask for the board file to be saved (:attr:`saveRequested`)."""
        if not self.apply():
            return False
        self.saveRequested.emit()
        return True

    def ask_unapplied(self) -> bool:
        """If the text here has edits not applied, ask: Apply, Discard or Cancel. Returns whether to
        go on (to close the window or open another board); a text that does not load is not applied."""
        if not self.has_unapplied_changes():
            return True
        answer = QMessageBox.question(
            self, "Board file",
            "The board file's text has edits not applied to the board.\n\nApply them?",
            QMessageBox.StandardButton.Apply | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Apply,
        )
        if answer == QMessageBox.StandardButton.Apply:
            return self.apply()
        if answer == QMessageBox.StandardButton.Discard:
            self.revert()
            return True
        return False

    def restore_text(self, text: str) -> None:
        """Show ``text`` as edits not applied (kept from a run that did not close), checked as typed."""
        if self.document.board is not None and not self.text_edit.isReadOnly():
            self.text_edit.setPlainText(text)

    @Slot()
    def revert(self) -> None:
        """Show the board's text again, dropping the edits here."""
        self._load(self.document.board_text)

    # ------------------------------------------------------------------ private

    def _filename(self) -> str:
        return str(self.document.board_path) if self.document.board_path is not None else "<board>"

    def _load(self, text: str) -> None:
        self._loaded_text = text
        self._loaded_path = self.document.board_path
        self._loading = True
        try:
            self.text_edit.setPlainText(text)
        finally:
            self._loading = False
        if self.document.board is not None and text == self.document.board_text:
            self._show_test_problems(self.document.board)
        else:
            self._show_problems([])
        self._update_buttons()

    @Slot()
    def _on_board_changed(self) -> None:
        board_text = self.document.board_text
        if self.text() == board_text:
            self._loaded_text = board_text
            self._update_buttons()
            return
        if self.text() != self._loaded_text and self.document.board_path == self._loaded_path:
            # The board changed under edits not yet applied (a notation saved elsewhere): keep them.
            self.status_label.setText("The board changed since you began editing here: Apply keeps "
                                      "your edits and the board's changes, Revert shows the board's.")
            self._update_buttons()
            return
        self._load(board_text)
        self.text_edit.setReadOnly(self.document.board is not None and not board_text)
        if self.document.board is not None and not board_text:
            self.status_label.setText("This board was not made from a board file.")

    @Slot()
    def _on_text_changed(self) -> None:
        if self._loading:
            return
        self._update_buttons()
        self._check_timer.start()

    def _update_buttons(self) -> None:
        changed = self.has_unapplied_changes()
        self.apply_button.setEnabled(changed)
        self.revert_button.setEnabled(changed)
        if not changed and not self.problems:
            self.status_label.setText("")

    def _show_problems(self, problems: list[Problem], note: str = "") -> None:
        self.problems = list(problems)
        self.problem_list.clear()
        selections = []
        for problem in self.problems:
            item = QListWidgetItem(f"{problem.line}:{problem.column}: {problem.message}")
            item.setData(Qt.ItemDataRole.UserRole, (problem.line, problem.column))
            item.setForeground(_ERROR_COLOUR)
            self.problem_list.addItem(item)
            selection = QTextEdit.ExtraSelection()
            selection.format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            selection.format.setUnderlineColor(_ERROR_COLOUR)
            selection.format.setToolTip(problem.message)
            selection.cursor = self._word_at(problem.line, problem.column)
            selections.append(selection)
        self.text_edit.setExtraSelections(selections)
        if note:
            self.status_label.setText(note)
        elif self.problems:
            count = len(self.problems)
            self.status_label.setText(f"{count} problem{'' if count == 1 else 's'}: the board keeps its last good text.")
        elif self.has_unapplied_changes():
            self.status_label.setText("No problems: Apply to use this text.")
        else:
            self.status_label.setText("")

    def _show_test_problems(self, board: Board) -> None:
        """Underline the problems of the tests that cannot be read: the board loads without them."""
        problems = [problem for test in board.tests for problem in test.problems]
        count = sum(not test.readable for test in board.tests)
        then = " Apply to use this text." if self.has_unapplied_changes() else ""
        self._show_problems(problems, f"{count} test{' cannot' if count == 1 else 's cannot'} be read and will not "
                                      f"run; the board loads without {'it' if count == 1 else 'them'}.{then}"
                            if problems else "")

    def _word_at(self, line: int, column: int) -> QTextCursor:
        """A cursor over the word at a problem's place (one character at least, the line's end if past it)."""
        block = self.text_edit.document().findBlockByNumber(max(line - 1, 0))
        cursor = QTextCursor(block)
        text = block.text()
        start = min(max(column - 1, 0), len(text))
        end = start
        while end < len(text) and not text[end].isspace() and (end == start or text[end] not in _WORD_ENDS):
            end += 1
        if end == start:
            # Past the end of the line or on a blank: underline one character before it.
            start = max(start - 1, 0)
            end = max(end, min(start + 1, len(text)))
        cursor.setPosition(block.position() + start)
        cursor.setPosition(block.position() + end, QTextCursor.MoveMode.KeepAnchor)
        return cursor

    @Slot(QListWidgetItem)
    def _go_to_problem(self, item: QListWidgetItem) -> None:
        line, column = item.data(Qt.ItemDataRole.UserRole)
        cursor = self._word_at(line, column)
        cursor.setPosition(cursor.selectionStart())
        self.text_edit.setTextCursor(cursor)
        self.text_edit.setFocus()
