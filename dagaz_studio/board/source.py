"""Where things are written in a board file: below the model and the piece tests, which both say
where what they hold was defined."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class SourcePosition:
    """Where something was defined in a board file (1-based line and column)."""

    line: int
    column: int


#: A line of a board file with its ending: a line ends at a line feed, a carriage return or both, as
#: Python's text files and the window's editor read lines; not at the form feed, the vertical tab or
#: U+2028 that ``str.splitlines`` also breaks at, which would make a comment's rest a statement and
#: count lines that no editor shows.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def file_lines(text: str, keepends: bool = False) -> list[str]:
    """The lines of a board file's ``text``, as ``str.splitlines`` gives them but broken only where a
    text file's lines end (their endings kept with ``keepends``: joined, they give ``text`` back)."""
    lines = _LINE.findall(text)
    return lines if keepends else [line.rstrip("\r\n") for line in lines]
