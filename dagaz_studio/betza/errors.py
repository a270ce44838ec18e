"""The error raised for Betza or Parlett text that cannot be read or written."""

from __future__ import annotations


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
        # A long text is shown around the part, so that a hostile one does not fill the screen.
        left = max(0, self.start - 40) if len(self.text) > 100 else 0
        right = min(len(self.text), left + 100)
        shown = ("…" if left else "") + self.text[left:right] + ("…" if right < len(self.text) else "")
        start = self.start - left + (1 if left else 0)
        width = max(1, min(self.end, right) - self.start)
        return "\n".join([shown, " " * start + "^" + "~" * (width - 1), f"{self.column}: {self.message}"])
