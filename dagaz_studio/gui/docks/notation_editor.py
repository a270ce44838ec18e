"""The notation editor: syntax colouring, errors as you type, the notation's reading, piece selector.

The editor edits one of two things, chosen in its selector:

- **a typed notation**, which the window applies to the selected square (a piece of the side to move
  moving by that notation stands there, in a copy of the position), remembered between runs;
- **a piece type's notation**, applied to the board with *Apply* (through the document, undoably).

Colouring and errors come from the core (:mod:`dagaz_studio.notation`); this module only draws them.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QSignalBlocker, Qt, Signal, Slot
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board.model import Board
from dagaz_studio.gui.settings import NOTATION_TEXT_KEY, settings
from dagaz_studio.notation import NotationError, describe, format_tree, parse_notation
from dagaz_studio.notation.nodes import Span
from dagaz_studio.translation import TranslationError, translate
from dagaz_studio.notation.nodes import Span
from dagaz_studio.notation.tokens import notation_tokens

#: Colour of each token category (see :data:`dagaz_studio.notation.tokens.CATEGORIES`).
TOKEN_COLOURS = {
    "direction": "#1f5fbf",
    "group": "#7a3fa0",
    "quantifier": "#b0307a",
    "bracket": "#6b6b6b",
    "check": "#1e7a3c",
    "action": "#c0392b",
    "reference": "#b36b00",
    "separator": "#222222",
}
_BOLD = {"group", "quantifier", "action", "separator"}
#: Background of the part of the notation the trace player is at.
STEP_BACKGROUND = "#fff1a8"
TYPED = "typed notation"


class NotationHighlighter(QSyntaxHighlighter):
    """Colours a notation document with the categories of :func:`notation_tokens`."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._formats: dict[str, QTextCharFormat] = {}
        for category, colour in TOKEN_COLOURS.items():
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(colour))
            if category in _BOLD:
                fmt.setFontWeight(QFont.Weight.Bold)
            self._formats[category] = fmt
        self._text: Optional[str] = None
        self._tokens: list = []

    def highlightBlock(self, text: str) -> None:
        """Colour one line, from the tokens of the whole notation (a token may depend on earlier lines)."""
        whole = self.document().toPlainText()
        if whole != self._text:
            self._text, self._tokens = whole, notation_tokens(whole)
        start = self.currentBlock().position()
        end = start + len(text)
        for token in self._tokens:
            if token.end <= start or token.start >= end:
                continue
            begin = max(token.start, start)
            self.setFormat(begin - start, min(token.end, end) - begin, self._formats[token.category])


class QtNotationEditor(QWidget):
    """The notation editor with its selector, error line and reading."""

    #: The notation to apply to the selected square: a text, or ``None`` for the pieces' own.
    notationChanged = Signal(object)
    #: The text is not valid notation: the message (the last valid notation stays applied).
    notationInvalid = Signal(str)
    #: A piece type's notation was applied to the board: piece name, text.
    pieceNotationApplied = Signal(str, str)

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self._board: Optional[Board] = None
        self._typed_text = ""
        self._error: Optional[NotationError] = None
        self._step_span: Optional[Span] = None
        self._loading = False

        self.target = QComboBox()
        self.target.setToolTip("Edit a notation typed for the selected square, or one piece type's notation")
        self.target.currentIndexChanged.connect(self._on_target_changed)
        # Long entries must not widen the dock: the combo shrinks and elides instead.
        self.target.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.target.setMinimumContentsLength(8)
        # The language typed: Dagaz itself, or Betza or Parlett translated into it as it is typed.
        self.language = QComboBox()
        self.language.setToolTip("The notation you type in: Dagaz, or Betza / Parlett, translated into Dagaz")
        for label, key in (("Dagaz", "dagaz"), ("Betza", "betza"), ("Betza (Fairy-Stockfish)", "betza-fsf"),
                           ("Parlett", "parlett")):
            self.language.addItem(label, key)
        self.language.currentIndexChanged.connect(self._on_text_changed)
        self._translated: Optional[str] = None
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Give this piece type the notation typed here (undo with Edit ▸ Undo)")
        self.apply_button.clicked.connect(self.apply_to_piece)
        self.revert_button = QPushButton("Revert")
        self.revert_button.setToolTip("Go back to the piece type's notation on the board")
        self.revert_button.clicked.connect(self._revert)

        self.text_edit = QPlainTextEdit()
        self.text_edit.setObjectName("notationText")
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSizeF(max(font.pointSizeF(), 11.0))
        self.text_edit.setFont(font)
        self.text_edit.setPlaceholderText("Type a notation, e.g. (+)([p]\\1)*  — it applies to the selected square")
        self.text_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text_edit.setMinimumHeight(60)
        self.text_edit.setMaximumHeight(110)
        self.highlighter = NotationHighlighter(self.text_edit.document())
        self.text_edit.textChanged.connect(self._on_text_changed)

        self.error_label = QLabel()
        self.error_label.setObjectName("notationError")
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.setStyleSheet("color: #b00020;")

        self.words = QPlainTextEdit()
        self.words.setReadOnly(True)
        self.tree = QPlainTextEdit()
        self.tree.setReadOnly(True)
        self.tree.setFont(font)
        self.reading = QTabWidget()
        self.reading.addTab(self.words, "In words")
        self.reading.addTab(self.tree, "Parse tree")

        top = QHBoxLayout()
        top.addWidget(QLabel("Notation of"))
        top.addWidget(self.target, 1)
        top.addWidget(self.language)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.text_edit)
        layout.addWidget(self.error_label)
        layout.addLayout(buttons)
        layout.addWidget(self.reading, 1)
        self._fill_targets()

    # ------------------------------------------------------------------ public API

    @property
    def piece(self) -> Optional[str]:
        """The piece type being edited, or ``None`` when editing the typed notation."""
        data = self.target.currentData()
        return data if isinstance(data, str) and data != TYPED else None

    @property
    def error(self) -> Optional[NotationError]:
        """The problem with the text, if it is not valid notation."""
        return self._error

    def text(self) -> str:
        """The text in the editor."""
        return self.text_edit.toPlainText()

    def set_text(self, text: str) -> None:
        """Replace the text (as if typed)."""
        self.text_edit.setPlainText(text)

    def set_board(self, board: Optional[Board]) -> None:
        """Offer the pieces of ``board`` in the selector; a piece being edited stays selected if it still exists."""
        keep = self.piece
        self._board = board
        self._fill_targets(keep)

    def select_piece(self, name: Optional[str]) -> None:
        """Edit piece type ``name``'s notation (``None``: the typed notation)."""
        index = self.target.findData(name if name is not None else TYPED)
        if index >= 0:
            self.target.setCurrentIndex(index)

    def current_notation(self) -> Optional[str]:
        """What :attr:`notationChanged` last said or would say now: the text to apply, or ``None``."""
        text = self.text()
        if not text.strip() or self._error is not None:
            return None
        if self.piece is not None and self._board is not None and text == self._board.pieces[self.piece].notation_text:
            return None
        return self._translated if self._translated is not None else text

    def set_step_span(self, span: Optional[Span]) -> None:
        """Mark the part of the notation the trace player is at (``None``: nothing)."""
        # A trace's spans are in the Dagaz notation, not in the Betza or Parlett typed.
        self._step_span = span if self._translated is None else None
        self._update_marks()

    def set_external_error(self, message: Optional[str]) -> None:
        """Show a problem found when running the notation (an unknown piece name …), or clear it."""
        if self._error is None:
            self.error_label.setText(message or "")

    @Slot()
    def apply_to_piece(self) -> None:
        """Give the selected piece type the notation in the editor."""
        piece = self.piece
        if piece is None or self._error is not None:
            return
        self.pieceNotationApplied.emit(piece, self._translated if self._translated is not None else self.text())

    # ------------------------------------------------------------------ private

    def _fill_targets(self, keep: Optional[str] = None) -> None:
        blocker = QSignalBlocker(self.target)
        self.target.clear()
        self.target.addItem("Typed notation (the selected square)", TYPED)
        if self._board is not None:
            for name, piece in self._board.pieces.items():
                self.target.addItem(f"{name} ({piece.letter})", name)
        index = self.target.findData(keep) if keep is not None else 0
        self.target.setCurrentIndex(max(index, 0))
        del blocker
        self._on_target_changed()

    @Slot()
    def _on_target_changed(self) -> None:
        piece = self.piece
        self.apply_button.setVisible(piece is not None)
        self.revert_button.setVisible(piece is not None)
        if piece is not None and self._board is not None:
            self._load(self._board.pieces[piece].notation_text)
        else:
            self._load(self._typed_text)

    @Slot()
    def _revert(self) -> None:
        if self.piece is not None and self._board is not None:
            self._load(self._board.pieces[self.piece].notation_text)

    def _load(self, text: str) -> None:
        self._loading = True
        try:
            if text != self.text():
                self.text_edit.setPlainText(text)
            else:
                self._on_text_changed()
        finally:
            self._loading = False

    @Slot()
    def _on_text_changed(self) -> None:
        text = self.text()
        if self.piece is None:
            self._typed_text = text
            if not self._loading:
                self._remember(text)
        self._step_span = None
        self._error = None
        self._translated = None
        notation = None
        language = self.language.currentData()
        if text.strip() and language not in (None, "dagaz"):
            source, dialect = ("betza", "fsf") if language == "betza-fsf" else (language, "xboard")
            try:
                self._translated = translate(text, source, "dagaz", dialect).text
            except TranslationError as error:
                self._error = NotationError(error.message, text, Span(error.start, max(error.end, error.start + 1)))
        if text.strip() and self._error is None:
            try:
                notation = parse_notation(self._translated if self._translated is not None else text)
            except NotationError as error:
                self._error = error
        if self._error is not None:
            self.error_label.setText(f"{self._error.line}:{self._error.column}: {self._error.message}")
        else:
            self.error_label.setText("")
        if notation is not None:
            said = f"In the Dagaz notation: {self._translated}\n\n" if self._translated is not None else ""
            self.words.setPlainText(said + describe(notation))
            self.tree.setPlainText(format_tree(notation))
        else:
            # Never leave the reading of an earlier text beside a text that cannot be read.
            # The message only: a caret line would not line up in this pane's proportional font.
            unread = "" if self._error is None else (
                f"This notation cannot be read yet: {self._error.line}:{self._error.column}: {self._error.message}")
            self.words.setPlainText(unread)
            self.tree.setPlainText(unread)
        self.apply_button.setEnabled(self._error is None and bool(text.strip()))
        self._update_marks()
        if self._error is not None:
            self.notationInvalid.emit(self._error.message)
        else:
            self.notationChanged.emit(self.current_notation())

    def _remember(self, text: str) -> None:
        # Only what the user types is remembered, so that opening a window never overwrites it.
        settings().setValue(NOTATION_TEXT_KEY, text)

    def restore_typed_text(self) -> None:
        """Load the typed notation remembered from the last session."""
        value = settings().value(NOTATION_TEXT_KEY)
        if isinstance(value, str):
            self._typed_text = value
            if self.piece is None:
                self._load(value)

    def _update_marks(self) -> None:
        selections = []
        length = len(self.text())
        if self._step_span is not None and self._step_span.end <= length:
            selection = QTextEdit.ExtraSelection()
            selection.format.setBackground(QColor(STEP_BACKGROUND))
            selection.format.setProperty(QTextFormat.Property.FullWidthSelection, False)
            cursor = QTextCursor(self.text_edit.document())
            cursor.setPosition(self._step_span.start)
            cursor.setPosition(max(self._step_span.end, self._step_span.start + 1), QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selections.append(selection)
        if self._error is not None and length:
            selection = QTextEdit.ExtraSelection()
            selection.format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            selection.format.setUnderlineColor(QColor("#d0021b"))
            selection.format.setToolTip(self._error.message)
            start = min(self._error.span.start, length - 1)
            end = min(max(self._error.span.end, start + 1), length)
            cursor = QTextCursor(self.text_edit.document())
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selections.append(selection)
        self.text_edit.setExtraSelections(selections)

    def error_selection(self) -> Optional[tuple[int, int]]:
        """Where the wave underline is drawn (start, end), if anywhere."""
        for selection in self.text_edit.extraSelections():
            if selection.format.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline:
                return selection.cursor.selectionStart(), selection.cursor.selectionEnd()
        return None

    def step_selection(self) -> Optional[tuple[int, int]]:
        """Where the trace player's step is marked (start, end), if anywhere."""
        for selection in self.text_edit.extraSelections():
            if selection.format.underlineStyle() != QTextCharFormat.UnderlineStyle.WaveUnderline:
                return selection.cursor.selectionStart(), selection.cursor.selectionEnd()
        return None
