"""The notation editor: syntax colouring, errors as you type, the notation's reading, piece selector.

The editor edits one of two things, chosen in its "Notation of" selector:

- **a piece type's notation**: selecting a piece on the board chooses its type. Edits are kept per
  type until applied with *Apply* (through the document, undoably) or dropped with *Revert*; while
  kept, the selected piece of that type moves by them on the board (a preview);
- **a notation to try**, on a square chosen on the board (clicking an empty square chooses trying):
  a piece of the side to move, moving by that notation, stands there in a copy of the position. The
  text belongs to its board and is remembered with it between runs when it is short.

Colouring, errors and the reading come from the core (:mod:`dagaz_studio.queries`); short texts are
read at once, longer ones on a worker thread, and texts over the limit are refused with a message.

A language selector reads the text as the Dagaz notation, Betza (XBetza) or Parlett. A Betza or
Parlett text is translated by :func:`dagaz_studio.translation.translate`; its Dagaz translation is
shown under the text and is what the board runs and what *Apply* gives the piece type, and the
reading in words is the piece's, in plain English. Switching the language translates the text.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from PySide6.QtCore import QEvent, QSignalBlocker, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board.model import Board
from dagaz_studio.engine import Rules
from dagaz_studio.gui.docks.flow_layout import FlowLayout
from dagaz_studio.gui.docks.notation_text import (
    LANGUAGES,
    READ_AT_ONCE_CHARS,
    NotationHighlighter,
    NotationTextEdit,
    read_typed,
    translated,
    untold,
)
from dagaz_studio.gui.docks.tried_notations import board_key, remember_try_text, remembered_try_text
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.worker.runner import QtMoveRunner, read_failed
from dagaz_studio.notation import NotationError
from dagaz_studio.notation.nodes import Span
from dagaz_studio.queries import MAX_NOTATION_CHARS, NotationQuery, NotationReading, read_notation, too_long

TYPED = "typed notation"
#: Why a draft read on the worker cannot be applied until its reading is done: no error of its own.
STILL_READING = "the notation is still being read"


class QtNotationEditor(QWidget):
    """The notation editor with its selector, error line and reading."""

    #: The notation to apply to the selected square: a text, or ``None`` for the pieces' own.
    notationChanged = Signal(object)
    #: The text is not valid notation (or is still being read): the message.
    notationInvalid = Signal(str)
    #: A piece type's notation was applied to the board: piece name, text.
    pieceNotationApplied = Signal(str, str)
    #: The selector changed: the piece type edited, or ``None`` for trying a notation.
    targetChanged = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._board: Board | None = None
        self._board_key = ""
        self._rules: Rules | None = None
        #: The notation to try, per board (its key).
        self._try_texts: dict[str, str] = {}
        #: Unapplied edits of the open board's piece types.
        self._drafts: dict[str, str] = {}
        #: Drafts that are not valid notation (their text is kept as typed): the language they are
        #: written in and the problem. They are never applied.
        self._broken: dict[str, tuple[str, str]] = {}
        self._try_square: str | None = None
        self._error: NotationError | None = None
        self._reading_pending = False
        self._step_span: Span | None = None
        self._loading = False
        #: The Dagaz translation of a Betza or Parlett text (None: the text is Dagaz, or has none).
        self._translation: str | None = None
        self._language = "dagaz"
        self.note = ""
        self._notes: list[str] = []
        #: Whether the last paste (or :meth:`set_text`) was refused for its length.
        self.refused = False
        self.reader = QtMoveRunner(self, answer=read_notation, failure=read_failed)
        self.reader.replyReady.connect(self._show_reading)

        self.target = QComboBox()
        self.target.setToolTip("Edit one piece type's notation (click a piece), or try a notation on a square "
                               "(click an empty square)")
        self.target.currentIndexChanged.connect(self._on_target_changed)
        # Long entries must not widen the dock: the combo shrinks and elides instead.
        self.target.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.target.setMinimumContentsLength(8)
        self.language = QComboBox()
        for label, name in LANGUAGES:
            self.language.addItem(label, name)
        self.language.setToolTip("The notation the text is written in; Betza and Parlett are translated "
                                 "into the Dagaz notation, which the board runs")
        self.language.currentIndexChanged.connect(self._on_language_changed)
        self.translation_label = QLabel()
        self.translation_label.setObjectName("notationTranslation")
        self.translation_label.setWordWrap(True)
        self.translation_label.setTextFormat(Qt.TextFormat.PlainText)
        self.translation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.translation_label.setVisible(False)
        # A long translation without a space to break at would widen the panel past the window:
        # clipped instead, it still copies whole (breaks put into it would be copied too).
        self.translation_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Give this piece type the notation typed here (undo with Edit ▸ Undo)")
        self.apply_button.clicked.connect(self.apply_to_piece)
        self.revert_button = QPushButton("Revert")
        self.revert_button.setToolTip("Go back to the piece type's notation on the board")
        self.revert_button.clicked.connect(self._revert)

        self.text_edit = NotationTextEdit()
        self.text_edit.pasteRefused.connect(self._refuse_length)
        font = self.text_edit.font()
        self.highlighter = NotationHighlighter(self.text_edit.document())
        self.text_edit.textChanged.connect(self._on_text_changed)

        self.error_label = QLabel()
        self.error_label.setObjectName("notationError")
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.setStyleSheet("color: #b00020;")
        self.error_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

        self.words = QPlainTextEdit()
        self.words.setReadOnly(True)
        self.tree = QPlainTextEdit()
        self.tree.setReadOnly(True)
        self.tree.setFont(font)
        self.reading = QTabWidget()
        self.reading.addTab(self.words, "In words")
        self.reading.addTab(self.tree, "Parse tree")

        # Both rows wrap in a narrow dock rather than widen it.
        top = FlowLayout()
        top.addWidget(QLabel("Notation of"))
        self.target.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        top.addWidget(self.target)
        top.addWidget(self.language)
        buttons = FlowLayout()
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.text_edit)
        layout.addWidget(self.translation_label)
        layout.addWidget(self.error_label)
        layout.addLayout(buttons)
        layout.addWidget(self.reading, 1)
        self._fill_targets()

    # ------------------------------------------------------------------ public API

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """Colour the notation again for a new theme (its colours are the theme's)."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) and hasattr(self, "highlighter"):
            # New formats, the same text: no edit to read and run again (which would start the run
            # being stepped through over from its first step).
            with QSignalBlocker(self.text_edit):
                self.highlighter.rehighlight()

    @property
    def board(self) -> Board | None:
        """The board whose piece types the editor offers."""
        return self._board

    @property
    def piece(self) -> str | None:
        """The piece type being edited, or ``None`` when trying a notation."""
        data = self.target.currentData()
        return data if isinstance(data, str) and data != TYPED else None

    @property
    def trying(self) -> bool:
        """Whether the editor holds a notation to try (not a piece type's)."""
        return self.piece is None

    @property
    def error(self) -> NotationError | None:
        """The problem with the text, if it is not valid notation."""
        return self._error

    @property
    def reading_pending(self) -> bool:
        """Whether a long text is still being read."""
        return self._reading_pending

    def text(self) -> str:
        """The text in the editor."""
        return self.text_edit.toPlainText()

    @property
    def source_language(self) -> str:
        """The notation the text is read in: ``dagaz``, ``betza`` or ``parlett``."""
        return str(self.language.currentData())

    def set_language(self, name: str) -> None:
        """Read the text as ``dagaz``, ``betza`` or ``parlett`` (translating the text there if it can)."""
        index = self.language.findData(name)
        if index >= 0:
            self.language.setCurrentIndex(index)

    def dagaz_text(self) -> str | None:
        """The text in the Dagaz notation: itself, or its translation (``None`` if it has none)."""
        return self.text() if self.source_language == "dagaz" else self._translation

    def set_text(self, text: str) -> None:
        """Replace the text (as if typed); a text over the length limit is refused with a message."""
        if len(text) > MAX_NOTATION_CHARS:
            self._refuse_length(len(text))
            return
        self.text_edit.setPlainText(text)

    def set_board(self, board: Board | None, renames: Mapping[str, str] | None = None) -> None:
        """Offer the pieces of ``board`` in the selector; a piece being edited stays selected if it still exists
        (``renames``: the piece types the change renamed, old name -> new, whose selection and drafts follow).

        Another board file brings its own notation to try and drops the unapplied edits (the window
        asks about them first).
        """
        renames = renames or {}
        keep = renames.get(self.piece or "", self.piece)
        key = board_key(board)
        if key != self._board_key:
            # Another board: a type of the same name there is not the piece that was selected.
            keep = None
            self._drafts.clear()
            self._board_key = key
            if key and key not in self._try_texts:
                text, dropped = remembered_try_text(key)
                self._try_texts[key] = text
                if dropped:
                    self._notes.append(f"The notation tried last time on {board.name if board else 'this board'} "
                                       "was too long to bring back.")
        self._board = board
        self._rules = Rules(board) if board is not None else None
        self._drafts = {renames.get(name, name): text for name, text in self._drafts.items()}
        self._drafts = {name: text for name, text in self._drafts.items()
                        if board is not None and name in board.pieces and text != board.pieces[name].notation_text}
        self._broken = {renames.get(name, name): why for name, why in self._broken.items()
                        if renames.get(name, name) in self._drafts}
        self._fill_targets(keep)

    def take_notes(self) -> list[str]:
        """What the editor could not bring back from the last run, for the status bar (once)."""
        notes, self._notes = self._notes, []
        return notes

    def select_piece(self, name: str | None) -> None:
        """Edit piece type ``name``'s notation (``None``: the notation to try)."""
        index = self.target.findData(name if name is not None else TYPED)
        if index >= 0:
            self.target.setCurrentIndex(index)

    def set_try_square(self, name: str | None) -> None:
        """Name the square a notation is tried on in the selector (``None``: none chosen yet)."""
        self._try_square = name
        self.target.setItemText(0, _try_label(name))

    def current_notation(self) -> str | None:
        """What :attr:`notationChanged` last said or would say now: the text to apply, or ``None``."""
        text = self.dagaz_text() or ""
        if not text.strip() or self._error is not None or self._reading_pending:
            return None
        if self.piece is not None and self._board is not None and text == self._board.pieces[self.piece].notation_text:
            return None
        return text

    def draft(self, piece: str) -> str | None:
        """The unapplied edit of ``piece``'s notation, if any."""
        return self._drafts.get(piece)

    def unapplied(self) -> dict[str, str]:
        """Every piece type with an unapplied edit, and its text."""
        return dict(self._drafts)

    def broken_drafts(self) -> dict[str, str]:
        """The unapplied edits that are not valid notation: piece type and the problem."""
        return {name: message for name, (_language, message) in self._broken.items()}

    def edit_draft(self, piece: str) -> None:
        """Show ``piece``'s draft in the editor, the cursor in its text, to go on editing it."""
        self.select_piece(piece)
        self.text_edit.setFocus()

    def restore_drafts(self, drafts: dict[str, str]) -> None:
        """Take back edits kept from a run that did not close (those of piece types the board has)."""
        board = self._board
        if board is None:
            return
        for name, text in drafts.items():
            if name in board.pieces and text != board.pieces[name].notation_text and len(text) <= MAX_NOTATION_CHARS:
                self._drafts[name] = text
        if self.piece in drafts:
            self._on_target_changed()

    def discard_unapplied(self, pieces: list[str] | None = None) -> None:
        """Drop the unapplied edits of ``pieces`` (default: every one); the editor shows the applied
        notation again."""
        for name in list(self._drafts) if pieces is None else pieces:
            self._drafts.pop(name, None)
            self._broken.pop(name, None)
        if self.piece is not None and self.piece not in self._drafts:
            self._revert()

    def apply_unapplied(self, leave: Collection[str] = ()) -> str | None:
        """Apply every unapplied edit but those of the piece types in ``leave`` (kept as they are);
        returns why not when one of them is not valid notation."""
        drafts = {name: text for name, text in self._drafts.items() if name not in leave}
        for name, message in self.broken_drafts().items():
            if name not in leave:
                return f"The {name}'s notation has an error: {message}"
        for name, text in drafts.items():
            reading = read_notation(self._rules, NotationQuery(text, self._board))
            if reading.error is not None:
                return f"The {name}'s notation has an error: {reading.error}"
        for name, text in drafts.items():
            self._drafts.pop(name, None)
            self.pieceNotationApplied.emit(name, text)
        return None

    def set_step_span(self, span: Span | None) -> None:
        """Mark the part of the notation the trace player is at (``None``: nothing).

        A Betza or Parlett text is not the notation that runs: its steps are not marked in it.
        """
        self._step_span = span if self.source_language == "dagaz" else None
        self._update_marks()

    def set_external_error(self, message: str | None) -> None:
        """Show a problem found when running the notation, or clear it."""
        if self._error is None and not self._reading_pending:
            self.error_label.setText(message or "")

    @Slot()
    def apply_to_piece(self) -> None:
        """Give the selected piece type the notation in the editor."""
        piece = self.piece
        text = self.dagaz_text()
        if piece is None or self._error is not None or self._reading_pending or text is None:
            return
        self._drafts.pop(piece, None)
        self._broken.pop(piece, None)
        self.pieceNotationApplied.emit(piece, text)

    def shutdown(self) -> None:
        """Stop the reading thread (the window calls this when it closes)."""
        self.reader.shutdown()

    # ------------------------------------------------------------------ private

    def _fill_targets(self, keep: str | None = None) -> None:
        with QSignalBlocker(self.target):
            self.target.clear()
            self.target.addItem(_try_label(self._try_square), TYPED)
            if self._board is not None:
                for name, piece in self._board.pieces.items():
                    self.target.addItem(f"{name} ({piece.letter})", name)
            index = self.target.findData(keep) if keep is not None else 0
            self.target.setCurrentIndex(max(index, 0))
        self._on_target_changed()

    @Slot()
    def _on_target_changed(self) -> None:
        piece = self.piece
        self.apply_button.setVisible(piece is not None)
        self.revert_button.setVisible(piece is not None)
        if piece is not None and self._board is not None and piece in self._broken:
            # Shown as typed, in its own language: it has no translation to show.
            self._set_language_quietly(self._broken[piece][0])
            self._load(self._drafts[piece], translate=False)
        elif piece is not None and self._board is not None:
            self._load(self._drafts.get(piece, self._board.pieces[piece].notation_text))
        else:
            self._load(self._try_texts.get(self._board_key, ""))
        self.targetChanged.emit(piece)

    @Slot()
    def _revert(self) -> None:
        if self.piece is not None and self._board is not None:
            self._drafts.pop(self.piece, None)
            self._broken.pop(self.piece, None)
            self._load(self._board.pieces[self.piece].notation_text)

    def _set_language_quietly(self, name: str) -> None:
        """Read the text in ``name`` from now on, translating nothing."""
        with QSignalBlocker(self.language):
            self.language.setCurrentIndex(max(self.language.findData(name), 0))
        self._language = self.source_language
        self.highlighter.plain = self._language != "dagaz"
        self.translation_label.setVisible(self._language != "dagaz")

    def _load(self, text: str, translate: bool = True) -> None:
        if translate and self.source_language != "dagaz" and text.strip():
            # The piece's notation said in the language chosen; where it cannot be, back to Dagaz.
            said = translated(text, self.source_language)
            if said is None:
                self._set_language_quietly("dagaz")
            else:
                text = said
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
        self.refused = False
        piece = self.piece
        if self.source_language != "dagaz":
            self._read_translation(text)
            return
        if piece is None:
            self._try_texts[self._board_key] = text
            if not self._loading:
                self._remember(text)
        elif self._board is not None and piece in self._board.pieces:
            if text == self._board.pieces[piece].notation_text:
                self._drafts.pop(piece, None)
            else:
                self._drafts[piece] = text
            # Until it is read, the text counts as one with an error: it is never applied unread.
            self._broken.pop(piece, None)
            if piece in self._drafts:
                self._broken[piece] = ("dagaz", STILL_READING)
        self._step_span = None
        query = NotationQuery(text, self._board)
        if too_long(text) is None and len(text) > READ_AT_ONCE_CHARS:
            # Reading a long text takes long: the worker reads it, and a newer text cancels it.
            self._reading_pending = True
            self._error = None
            self.error_label.setText("Reading the notation…")
            self.apply_button.setEnabled(False)
            self.reader.request(query)
            self.notationInvalid.emit("the notation is being read")
            return
        self.reader.cancel()
        self._show_reading(read_notation(self._rules, query))

    @Slot(object)
    def _show_reading(self, reading: NotationReading) -> None:
        if reading.query.text != self.text() or reading.query.board is not self._board:
            return  # an answer about an earlier text, or the same text on an earlier board
        self._reading_pending = False
        self._error = reading.error
        text = reading.query.text
        if len(text) > READ_AT_ONCE_CHARS:
            # Colouring a long text's tokens changes formats, not the text: no edit to read again.
            with QSignalBlocker(self.text_edit):
                self.highlighter.set_tokens(text, reading.tokens)
        piece = self.piece
        if piece is not None and self.source_language == "dagaz":
            self._broken.pop(piece, None)
            if self._error is not None and piece in self._drafts:
                self._broken[piece] = ("dagaz", f"{self._error.line}:{self._error.column}: {self._error.message}")
        if self._error is not None:
            self.error_label.setText(f"{self._error.line}:{self._error.column}: {self._error.message}")
            # Never leave the reading of an earlier text beside a text that cannot be read.
            # The message only: a caret line would not line up in this pane's proportional font.
            unread = f"This notation cannot be read yet: {self._error.line}:{self._error.column}: {self._error.message}"
            self.words.setPlainText(unread)
            self.tree.setPlainText(unread)
        else:
            self.error_label.setText("")
            self.words.setPlainText(reading.words)
            self.tree.setPlainText(reading.tree)
        self.apply_button.setEnabled(self._error is None and bool(text.strip()))
        self._update_marks()
        if self._error is not None:
            self.notationInvalid.emit(self._error.message)
        else:
            self.notationChanged.emit(self.current_notation())

    @Slot()
    def _on_language_changed(self) -> None:
        """Read the text in the language chosen, translated there when the text says a piece."""
        previous, target = self._language, self.source_language
        self._set_language_quietly(target)
        new_text: str | None = None
        if previous != target and self._error is None and not self._reading_pending:
            dagaz = self.text() if previous == "dagaz" else self._translation
            new_text = dagaz if target == "dagaz" else translated(dagaz, target)
            if new_text is None and self.piece is not None and dagaz and dagaz.strip():
                self._set_language_quietly(previous)  # read in the other, it would be an edit with an error
                return self.error_label.setText(untold(self.piece, target, previous))
        self._translation = None
        if new_text is not None and new_text != self.text():
            self.text_edit.setPlainText(new_text)
        else:
            with QSignalBlocker(self.text_edit):  # colouring changes no text: it is read once, below
                self.highlighter.rehighlight()
            self._on_text_changed()

    def _read_translation(self, text: str) -> None:
        """Read a Betza or Parlett text: its Dagaz translation runs, its English reading is shown."""
        from dagaz_studio.translation import TranslationError

        self.reader.cancel()
        self._reading_pending = False
        self._step_span = None
        language = self.language.currentText()
        try:
            dagaz, words = read_typed(text, self.source_language, language)
        except TranslationError as error:
            self._translation = None
            piece = self.piece
            if piece is not None and self._board is not None and piece in self._board.pieces:
                # Kept as typed, and marked: the last reading that translated is not this text.
                self._drafts[piece] = text
                self._broken[piece] = (self.source_language, f"{error.column}: {error.message}" if error.text else error.message)
            self._error = NotationError(error.message, text, Span(error.start, max(error.end, error.start + 1)))
            self.translation_label.setText("Dagaz: —")
            self.error_label.setText(f"{error.column}: {error.message}" if error.text else error.message)
            unread = f"This {language} text cannot be read yet: {error.message}"
            self.words.setPlainText(unread)
            self.tree.setPlainText(unread)
            self.apply_button.setEnabled(False)
            self._update_marks()
            self.notationInvalid.emit(error.message)
            return
        self._translation = dagaz.text
        piece = self.piece
        if piece is not None and self._board is not None and piece in self._board.pieces:
            # Edits are kept in the Dagaz notation, which the board runs and the file holds.
            self._broken.pop(piece, None)
            own = self._board.pieces[piece].notation_text
            # The piece's own notation said in this language is no edit, though its translation
            # back may be written otherwise (in another order).
            if dagaz.text == own or text == translated(own, self.source_language):
                self._drafts.pop(piece, None)
            else:
                self._drafts[piece] = dagaz.text
        reading = read_notation(self._rules, NotationQuery(dagaz.text, self._board))
        self._error = None
        self.translation_label.setText(f"Dagaz: {dagaz.text}")
        notes = "".join(f"\n\nNote: {warning}" for warning in dagaz.warnings)
        self.error_label.setText(f"{reading.error.message}" if reading.error is not None else "")
        self.words.setPlainText(words + notes)
        self.tree.setPlainText(reading.tree if reading.error is None else "")
        self.apply_button.setEnabled(reading.error is None)
        self._update_marks()
        if reading.error is not None:
            # The translation names a piece or zone this board lacks: the board cannot run it.
            self._error = NotationError(reading.error.message, text, Span(0, len(text)))
            if piece is not None and piece in self._drafts:
                self._drafts[piece] = text
                self._broken[piece] = (self.source_language, reading.error.message)
            self.notationInvalid.emit(reading.error.message)
        else:
            self.notationChanged.emit(self.current_notation())

    @Slot(int)
    def _refuse_length(self, length: int) -> None:
        self.error_label.setText(f"Not pasted: that would make the notation {length:,} characters long; "
                                 f"a notation has at most {MAX_NOTATION_CHARS:,}.")
        self.refused = True

    def _remember(self, text: str) -> None:
        if self._board_key:
            self.note = remember_try_text(self._board_key, text)

    def _update_marks(self) -> None:
        self.text_edit.mark(self._step_span, self._error)

    def error_selection(self) -> tuple[int, int] | None:
        """Where the wave underline is drawn (start, end), if anywhere."""
        return self.text_edit.error_selection()

    def step_selection(self) -> tuple[int, int] | None:
        """Where the trace player's step is marked (start, end), if anywhere."""
        return self.text_edit.step_selection()

def _try_label(square: str | None) -> str:
    return f"Try a notation on {square}" if square else "Try a notation (click a square)"
