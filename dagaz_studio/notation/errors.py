"""The error raised for bad notation."""

from __future__ import annotations

import unicodedata

from dagaz_studio.notation.nodes import Span

#: The most characters of a text an error message shows: a longer text is shown around its fault,
#: so that a pasted page still gets a message of a few short lines.
SHOWN_CHARACTERS = 100


def escaped(char: str) -> str:
    r"""``char`` as a message writes it: itself where it shows, else its escape (``\x1b``, ``\u200b``).
    A byte of an argument or a file name that is not UTF-8 is held by Python as a surrogate
    (``\udcff``): it is written as the byte (``\xff``), as the user would write it."""
    if char.isprintable():
        return char
    if "\udc80" <= char <= "\udcff":
        return f"\\x{ord(char) - 0xDC00:02x}"
    return char.encode("unicode_escape").decode("ascii")


def printable(text: str) -> str:
    """``text`` with each character that shows nothing, or that a terminal would obey, :func:`escaped`."""
    return text if text.isprintable() else "".join(escaped(char) for char in text)


def shown_character(char: str) -> str:
    """A character as a message quotes it: in quotes where it can be seen, by its code and name where
    it cannot (a control character, a zero-width space), or the message would quote nothing; a byte
    that is not UTF-8 as that byte (``'\\xff'``)."""
    if "\udc80" <= char <= "\udcff":
        return f"'{escaped(char)}' (a byte that is not UTF-8)"
    if char.isprintable() and not char.isspace() and unicodedata.category(char) != "Cf":
        return f"'{char}'"
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def text_around(text: str, start: int, end: int) -> tuple[str, str]:
    """``text`` cut to at most :data:`SHOWN_CHARACTERS` around ``start``..``end`` (an ellipsis where it
    was cut), and the caret line that marks that part under it."""
    left = max(0, start - 40) if len(text) > SHOWN_CHARACTERS else 0
    right = min(len(text), left + SHOWN_CHARACTERS)
    # A character that shows nothing or that a terminal obeys (an escape, a tab) is shown as its
    # escape, and the caret moved along by the characters that takes.
    parts = [escaped(char) for char in text[left:right]]
    shown = ("…" if left else "") + "".join(parts) + ("…" if right < len(text) else "")
    before = sum(len(part) for part in parts[:max(0, start - left)])
    width = max(1, sum(len(part) for part in parts[max(0, start - left):max(0, min(end, right) - left)]))
    return shown, " " * (before + (1 if left else 0)) + "^" + "~" * (width - 1)

#: The longest notation read, in characters, wherever it comes from (a board file, the command line,
#: the window); a longer text is refused before any of it is parsed. Real pieces need a few hundred;
#: at the limit, reading stays well under a tenth of a second, so the window can read as one types.
MAX_NOTATION_LENGTH = 4_000


def line_and_column(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of a 0-based character offset in ``text``."""
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    line_start = text.rfind("\n", 0, offset) + 1
    return line, offset - line_start + 1


class NotationError(ValueError):
    """Bad notation: what is wrong, and where.

    ``line`` and ``column`` are 1-based; ``span`` covers the offending text (0-based offsets into
    ``text``); ``expected`` names what could have come there instead, in words a person reads
    (``"a direction"``, ``"')'"``), possibly empty.
    """

    def __init__(self, message: str, text: str, span: Span, expected: tuple[str, ...] = ()) -> None:
        self.message = message
        self.text = text
        self.span = span
        self.expected = tuple(expected)
        self.line, self.column = line_and_column(text, span.start)
        super().__init__(f"{self.line}:{self.column}: {message}")

    @property
    def offset(self) -> int:
        """The 0-based offset where the problem starts."""
        return self.span.start

    def render(self, expected: bool = True) -> str:
        """The offending line of notation, a caret under the column, and the message.

        >>> print(NotationError("unknown check 'q'", "[q]", Span(1, 2)).render())
        [q]
         ^
        1:2: unknown check 'q'
        """
        lines = self.text.split("\n") or [""]
        source_line = lines[self.line - 1] if self.line - 1 < len(lines) else ""
        width = max(1, min(self.span.end, self.span.start + len(source_line)) - self.span.start)
        if "\n" in self.span.slice(self.text):
            width = 1
        source_line, caret = text_around(source_line, self.column - 1, self.column - 1 + width)
        # The message quotes what was typed (a name, a count), which may hold a byte that is not UTF-8.
        message = "\n".join(printable(line) for line in self.message.split("\n"))
        out = [source_line, caret, f"{self.line}:{self.column}: {message}"]
        if expected and self.expected:
            out.append("expected: " + ", ".join(self.expected))
        return "\n".join(out)

    def with_offset(self, text: str, offset: int) -> NotationError:
        """The same error, placed inside a larger ``text`` where the notation starts at ``offset``."""
        shifted = Span(self.span.start + offset, self.span.end + offset)
        return NotationError(self.message, text, shifted, self.expected)

