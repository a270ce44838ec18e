"""The problems a board file can have, and the errors that report them: apart from the statements'
parser, so that code that only reports them (or reads boards from the cache) does not import Lark."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dagaz_studio.notation.errors import printable as notation_printable

#: The longest board file read, in characters (a board at the limit of squares, with notes, is far
#: shorter): a longer one is refused before it is read.
MAX_BOARD_FILE = 1_000_000
#: The longest name a piece type may have: room for any game's (the longest shipped has 21 letters),
#: short enough to read where its name is said (the palette, the move list, why a move failed).
MAX_PIECE_NAME = 64
#: The most characters of a word a problem quotes back.
MAX_ECHOED = 40
#: The most characters of a long text quoted back (a path, a FEN): longer than a word, its end says
#: as much as its start (a path's names the file).
MAX_LONG_ECHOED = 200


def echoed(word: object, long: bool = False) -> str:
    """``word`` as a problem quotes it: whole, or its first :data:`MAX_ECHOED` characters and '…'.
    A pasted page or a runaway word is not echoed back whole: its start says which word it is, and
    the line it is said on stays readable. A ``long`` text (a path, a FEN) is quoted whole up to
    :data:`MAX_LONG_ECHOED` characters, else by its start and its end. A character that shows nothing,
    or that a terminal would obey (a NUL, an escape, a zero-width space), is written as its escape
    (``\\x1b``)."""
    text = str(word)
    if long:
        half = MAX_LONG_ECHOED // 2
        shown = text if len(text) <= MAX_LONG_ECHOED else text[:half] + "…" + text[-half:]
    else:
        shown = text if len(text) <= MAX_ECHOED else text[:MAX_ECHOED] + "…"
    return printable(shown)


def quoted(word: object, long: bool = False) -> str:
    """``word`` :func:`echoed` between quotes, as a message quotes what was typed: a backslash stays
    one backslash (``repr`` would double it, and the escape of a character echoed too), and a word
    holding a single quote is put between double quotes."""
    shown = echoed(word, long)
    mark = '"' if "'" in shown and '"' not in shown else "'"
    return f"{mark}{shown}{mark}"


def printable(text: str) -> str:
    """``text`` whole, each character that shows nothing or that a terminal would obey (a line break,
    an escape) written as its escape (``\\n``, ``\\x1b``): a path said in a message stays one line."""
    # One escape for the whole program: a byte of a name that is not UTF-8 (a Latin-1 file name) is
    # said as the byte (\xff) here as in the notation's errors.
    return notation_printable(text)




@dataclass(frozen=True)
class Problem:
    """One problem in a board file: where (1-based line and column) and what."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{printable(self.file)}:{self.line}:{self.column}: {self.message}"


class BoardFileError(ValueError):
    """A board file that cannot be loaded; ``problems`` lists everything found wrong, in file order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: list[Problem] = sorted(problems, key=lambda p: (p.line, p.column))
        super().__init__("\n".join(str(p) for p in self.problems))


class BoardReadError(ValueError):
    """A board that cannot be found or read at all (no such file or shipped board, unreadable file).

    ``shipped``: the shipped boards' names, when the message ends by listing them (a name that answers
    to nothing); ``brief`` is then the message without the list, for a caller that says several such
    errors and the list once."""

    def __init__(self, message: str, shipped: Sequence[str] = ()) -> None:
        self.brief = message
        self.shipped = list(shipped)
        super().__init__(f"{message} (shipped boards: {', '.join(shipped)})" if shipped else message)
