"""The error raised for Betza or Parlett text that cannot be read or written."""

from __future__ import annotations

from dagaz_studio.notation.errors import text_around


class TranslationError(ValueError):
    """Text in one notation that cannot be read, or a piece a target notation cannot say.

    ``start``/``end`` are 0-based offsets of the offending part in ``text`` (both 0 when the
    problem is with the piece as a whole); ``column`` is 1-based.
    """

    def __init__(self, message: str, text: str = "", start: int = 0, end: int = 0) -> None:
        self.message = message
        self.text = text
        self.start = start
        self.end = max(end, start)
        self.column = start + 1
        where = f"{self.column}: " if text else ""
        super().__init__(where + message)

    def render(self) -> str:
        """The text, a caret under the offending part, and the message."""
        if not self.text:
            return self.message
        shown, caret = text_around(visible(self.text), self.start, self.end)
        return "\n".join([shown, caret, f"{self.column}: {self.message}"])


def visible(text: str) -> str:
    """``text`` with each character a terminal would obey or that shows nothing (an escape, a line
    break, a zero-width space) as one visible mark: its control picture (␛, ␊) or �. One mark a
    character keeps the caret under its column, and a pasted escape sequence cannot recolour or
    clear the terminal the error is printed on."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else chr(0x2400 + ord(char)) if ord(char) < 0x20 else
                   "\u2421" if char == "\x7f" else "\ufffd" for char in text)
