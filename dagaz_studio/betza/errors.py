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
        shown, caret = text_around(self.text, self.start, self.end)
        return "\n".join([shown, caret, f"{self.column}: {self.message}"])
