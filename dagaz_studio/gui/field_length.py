"""One-line fields that never cut a text without a word.

A ``QLineEdit`` holds at most so many characters (32,767 unless told) and drops the rest of a longer
paste silently: a FEN, a notation or a move's name cut so may still read, as something the user did
not write (a notation followed by pages of spaces and then more, say). A field set up here holds one
character more than its reader reads, so that a text cut to fit is always one too long: the reader
refuses it by :func:`too_long` and says why, rather than reading the part that fitted.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

#: The unseen break the panels' messages put in long runs, where a line may wrap.
UNSEEN_BREAK = "\u200b"
#: What a field holds unless told: Qt's own limit, one more than what is read.
DEFAULT_MOST = 32_766


def hold_at_most(field: QLineEdit, most: int = DEFAULT_MOST) -> QLineEdit:
    """Let ``field`` hold ``most`` characters and one more, the one that shows a longer text was cut."""
    field.setMaxLength(most + 1)
    return field


def too_long(field: QLineEdit, what: str) -> str | None:
    """Why ``field``'s text is not read, if it is too long: it fills the field, so it may have been cut
    (see :func:`hold_at_most`); ``None`` for a text that may be read."""
    most = field.maxLength() - 1
    if len(field.text()) <= most:
        return None
    return f"{what} is longer than {most:,} characters, the most read here: it was cut to fit and is not read"


def without_unseen_breaks(field: QLineEdit) -> QLineEdit:
    """Drop from ``field``'s text, as it is typed or pasted, the unseen breaks the panels' messages put in
    long runs (see :func:`~dagaz_studio.gui.docks.label_text.wrappable`): a FEN or a lesson's solution
    copied from a message brings them along, and the reader refused it for a character nobody sees."""

    def drop(text: str) -> None:
        clean = text.replace(UNSEEN_BREAK, "")
        if clean != text:
            at = len(text[:field.cursorPosition()].replace(UNSEEN_BREAK, ""))
            field.setText(clean)
            field.setCursorPosition(at)

    field.textEdited.connect(drop)
    return field
