"""The notation's text field: its syntax colouring, the part the stepper is at and the error
underlined, pasting within the length limit, and the languages it may be typed in (Betza and
Parlett, translated into the Dagaz notation)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

from dagaz_studio.gui.docks.label_text import unbroken
from dagaz_studio.queries import MAX_NOTATION_CHARS

if TYPE_CHECKING:
    from dagaz_studio.notation import NotationError
    from dagaz_studio.notation.nodes import Span
    from dagaz_studio.notation.tokens import NotationToken
    from dagaz_studio.translation import Translation

#: The languages the editor reads: what the selector shows, and the translator's name for each.
LANGUAGES = (("Dagaz", "dagaz"), ("Betza", "betza"), ("Parlett", "parlett"))

#: Colour of each token category (see :data:`dagaz_studio.notation.tokens.CATEGORIES`).
TOKEN_COLOURS = {
    "direction": "#1f5fbf",
    "group": "#7a3fa0",
    "quantifier": "#b0307a",
    "bracket": "#6b6b6b",
    "check": "#1e7a3c",
    "action": "#c0392b",
    "reference": "#b36b00",
}
#: The same on the dark theme: lighter, to stand out from its dark background.
DARK_TOKEN_COLOURS = {
    "direction": "#7aa7ff",
    "group": "#c792ea",
    "quantifier": "#f07cb4",
    "bracket": "#a0a0a0",
    "check": "#6fd08c",
    "action": "#ff7b72",
    "reference": "#e0a040",
}
_BOLD = {"group", "quantifier", "action", "separator"}
#: Background of the part of the notation the trace player is at.
STEP_BACKGROUND = "#fff1a8"
#: Texts up to this length are read at once (well under a millisecond); longer ones on a worker.
READ_AT_ONCE_CHARS = 300


class NotationHighlighter(QSyntaxHighlighter):
    """Colours a notation document with the categories of :func:`notation_tokens`."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._formats: dict[str, QTextCharFormat] = {}
        self._dark: bool | None = None
        self._text: str | None = None
        self._tokens: list[NotationToken] = []
        #: Colour nothing: the text is in another notation than Dagaz's.
        self.plain = False

    def set_tokens(self, text: str, tokens: list[NotationToken]) -> None:
        """Colour ``text`` with ``tokens`` read elsewhere (a long text is read off the event loop)."""
        if text == self._text and tokens == self._tokens:
            return
        if text == self.document().toPlainText():
            self._text, self._tokens = text, tokens
            self.rehighlight()

    def _set_formats(self) -> None:
        """The tokens' formats for the theme the application has now (its palette's base)."""
        dark = QGuiApplication.palette().color(QPalette.ColorRole.Base).lightnessF() < 0.5
        if dark == self._dark:
            return
        self._dark = dark
        colours = DARK_TOKEN_COLOURS if dark else TOKEN_COLOURS
        for category in (*TOKEN_COLOURS, "separator"):
            fmt = QTextCharFormat()
            # A separator is drawn in the text's own colour, whatever the theme.
            if category in colours:
                fmt.setForeground(QColor(colours[category]))
            if category in _BOLD:
                fmt.setFontWeight(QFont.Weight.Bold)
            self._formats[category] = fmt

    def highlightBlock(self, text: str) -> None:
        """Colour one line, from the tokens of the whole notation (a token may depend on earlier lines)."""
        if self.plain:
            return
        self._set_formats()
        whole = self.document().toPlainText()
        if whole != self._text:
            # A long text waits for its tokens (set_tokens): reading it here would freeze typing.
            self._text = whole
            if whole and len(whole) <= READ_AT_ONCE_CHARS:
                from dagaz_studio.notation.tokens import notation_tokens  # Lark loads at the first colouring

                self._tokens = notation_tokens(whole)
            else:
                self._tokens = []
        start = self.currentBlock().position()
        end = start + len(text)
        for token in self._tokens:
            if token.end <= start or token.start >= end:
                continue
            begin = max(token.start, start)
            self.setFormat(begin - start, min(token.end, end) - begin, self._formats[token.category])


class NotationTextEdit(QPlainTextEdit):
    """The notation's text field: a paste that would pass the length limit is refused, not inserted
    (laying out a hundred kilobytes on one line alone would hold the window up)."""

    #: A paste was refused: the length the text would have had.
    pasteRefused = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notationText")
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSizeF(max(font.pointSizeF(), 11.0))
        self.setFont(font)
        self.setPlaceholderText("Type a notation, e.g. (+)([p]\\1)*  — it applies to the chosen square")
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setMinimumHeight(60)
        self.setMaximumHeight(110)

    def insertFromMimeData(self, source: QMimeData) -> None:  # noqa: N802 - Qt's name
        """Insert the pasted text unless the notation would grow past the limit; without the unseen
        breaks a panel's message puts in a notation it shows (a lesson's solution copied from it)."""
        if source.hasText():
            text = unbroken(source.text())
            cursor = self.textCursor()
            selected = cursor.selectionEnd() - cursor.selectionStart()
            length = self.document().characterCount() - 1 - selected + len(text)
            if length > MAX_NOTATION_CHARS:
                self.pasteRefused.emit(length)
                return
            if text != source.text():
                self.insertPlainText(text)
                return
        super().insertFromMimeData(source)

    def mark(self, step: Span | None, error: NotationError | None) -> None:
        """Mark the part of the notation the stepper is at (``step``), and underline ``error``'s."""
        selections = []
        length = len(self.toPlainText())
        if step is not None and step.end <= length:
            selection = QTextEdit.ExtraSelection()
            selection.format.setBackground(QColor(STEP_BACKGROUND))
            # Dark on the light mark on either theme (the dark theme's text is light).
            selection.format.setForeground(QColor("#000000"))
            selection.format.setProperty(QTextFormat.Property.FullWidthSelection, False)
            cursor = QTextCursor(self.document())
            cursor.setPosition(step.start)
            cursor.setPosition(max(step.end, step.start + 1), QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selections.append(selection)
        if error is not None and length:
            selection = QTextEdit.ExtraSelection()
            selection.format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            selection.format.setUnderlineColor(QColor("#d0021b"))
            selection.format.setToolTip(error.message)
            start = min(error.span.start, length - 1)
            end = min(max(error.span.end, start + 1), length)
            cursor = QTextCursor(self.document())
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selections.append(selection)
        self.setExtraSelections(selections)

    def error_selection(self) -> tuple[int, int] | None:
        """Where the wave underline is drawn (start, end), if anywhere."""
        for selection in self.extraSelections():
            if selection.format.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline:
                return selection.cursor.selectionStart(), selection.cursor.selectionEnd()
        return None

    def step_selection(self) -> tuple[int, int] | None:
        """Where the trace player's step is marked (start, end), if anywhere."""
        for selection in self.extraSelections():
            if selection.format.underlineStyle() != QTextCharFormat.UnderlineStyle.WaveUnderline:
                return selection.cursor.selectionStart(), selection.cursor.selectionEnd()
        return None


def translated(dagaz: str | None, target: str) -> str | None:
    """A Dagaz notation said in ``target``, or ``None`` where that notation cannot say it."""
    if not dagaz or not dagaz.strip():
        return None
    # The translators load when a language other than Dagaz is first used, not at start-up.
    from dagaz_studio.translation import TranslationError, translate

    try:
        return translate(dagaz, "dagaz", target).text
    except TranslationError:
        return None


def untold(piece: str, language: str, kept: str) -> str:
    """Why a piece type's notation stays in the language ``kept`` when ``language`` is chosen: that
    language cannot say it (both by their names in :data:`LANGUAGES`)."""
    labels = {name: label for label, name in LANGUAGES}
    return f"The {piece}'s notation cannot be said in {labels[language]}: it stays in {labels[kept]}."


def read_typed(text: str, source: str, label: str) -> tuple[Translation, str]:
    """A text typed in ``source`` (``betza``, ``parlett``; ``label`` as the selector names it): its
    Dagaz translation and its reading in words. Raises :class:`~dagaz_studio.translation.TranslationError`."""
    from dagaz_studio.translation import TranslationError, translate

    if not text.strip():
        raise TranslationError(f"type a piece in {label}", text, 0, 0)
    if len(text) > MAX_NOTATION_CHARS:
        raise TranslationError(f"at most {MAX_NOTATION_CHARS:,} characters are read", text, 0, len(text))
    return translate(text, source, "dagaz"), translate(text, source, "english").text
