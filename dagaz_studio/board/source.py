"""Where things are written in a board file: below the model and the piece tests, which both say
where what they hold was defined."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SourcePosition:
    """Where something was defined in a board file (1-based line and column)."""

    line: int
    column: int
