"""TOML a user wrote (a lesson file) read into its tables, or the line and reason it cannot be: a
syntax error as :mod:`tomllib` words it, with its column; arrays or tables nested too deeply for
:mod:`tomllib`, which reads them by recursion and runs out of stack a few hundred levels down."""

from __future__ import annotations

import re
import tomllib
from typing import Any

#: How deep brackets and braces stand where nesting is said to be too deep: a lesson nests two.
DEEP = 100


class TomlTextError(ValueError):
    """TOML that cannot be read: its ``line`` (1-based) and the ``reason``."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def toml_tables(text: str) -> dict[str, Any]:
    """The tables and values of ``text``; raises :class:`TomlTextError` where it is no TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        line = int(found.group(1)) if found else 1
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error)) or "not TOML"
        if found:
            reason += f" (column {found.group(2)})"
        raise TomlTextError(line, reason) from None
    except RecursionError:
        raise TomlTextError(_deep_line(text), "arrays or tables nested too deeply") from None


def _deep_line(text: str) -> int:
    """The line where ``text``'s brackets and braces first stand :data:`DEEP` deep (counted quoted or
    not: said only of text too deep for :mod:`tomllib`), or 1."""
    depth = 0
    for number, line in enumerate(text.split("\n"), 1):
        for character in line:
            depth += 1 if character in "[{" else -1 if character in "]}" else 0
            if depth >= DEEP:
                return number
    return 1
