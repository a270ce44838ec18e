"""TOML a user wrote (a lesson file) read into its tables, or the line and reason it cannot be: a
syntax error as :mod:`tomllib` words it, with its column; arrays or tables nested too deeply for
:mod:`tomllib`, which reads them by recursion and runs out of stack a few hundred levels down."""

from __future__ import annotations

import re
import tomllib
import unicodedata
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
    except ValueError:
        # Python's int() refuses a decimal number of more than 4,300 digits, which TOML allows.
        digits = re.search(r"[0-9_]{4000,}", text)
        line = text.count("\n", 0, digits.start()) + 1 if digits else 1
        raise TomlTextError(line, "a number of thousands of digits: too long to read") from None


#: A table's header as a line writes it: ``[name]``, spaces and quotes about the name allowed, a comment after.
_HEADER = re.compile(r"""\[\s*(["']?)([^\[\]"']*)\1\s*\]\s*(#.*)?""")


def key_line(text: str, table: str | None, key: str | None) -> int:
    """The line where ``key`` is set in ``table`` (``None``: the top level), else the table's header;
    the key found bare or quoted, under a header however spaced, quoted or commented."""
    current: str | None = None
    header = 1
    written = None if key is None else re.compile(rf"""(["']?){re.escape(key)}\1\s*=""")
    # A table may also be written at the top level: its keys dotted (example.square = …), or inline.
    dotted = None if table is None else re.compile(rf"""{re.escape(table)}\s*(\.\s*(\S+?)\s*)?=""")
    # TOML's lines end at a line feed alone (a line separator, U+2028, is a character of a string).
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        named = _HEADER.fullmatch(stripped)
        if named is not None:
            current = named.group(2).strip()
            if current == table:
                header = number
            continue
        if current == table and written is not None and written.match(stripped):
            return number
        found = dotted.match(stripped) if current is None and dotted is not None else None
        if found is not None and (key is None or found.group(2) is None or found.group(2).strip("\"'") == key):
            return number
    return header


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


def obeyed_character(text: str) -> str | None:
    """The first character of ``text`` that a terminal obeys rather than shows (an escape, a carriage
    return, a bell; C0 and C1 controls and DEL), as its escape (``\\x1b``), or ``None``. A tab and a
    line feed are a text's own. A lesson's texts are printed as written, so one such character could
    clear the terminal or retitle its window."""
    found = next((character for character in text if unicodedata.category(character) == "Cc"
                  and character not in "\t\n"), None)
    return None if found is None else ascii(found)[1:-1]
