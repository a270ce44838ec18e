"""Reading a variants.ini file: sections, their parents and their options, with line numbers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_SECTION = re.compile(r"^\[(?P<name>[^\]:]+)(?::(?P<parent>[^\]]+))?\]\s*$")


class IniError(ValueError):
    """A variants.ini text that cannot be read, or a variant that cannot be imported.

    ``line`` is 1-based (0 when the problem concerns no line).
    """

    def __init__(self, message: str, line: int = 0, section: str = "") -> None:
        self.message = message
        self.line = line
        self.section = section
        where = f"line {line}: " if line else ""
        super().__init__(f"{where}[{section}] {message}" if section else where + message)


@dataclass
class Section:
    """One variant section: its name, parent (or None) and options in file order."""

    name: str
    parent: str | None
    line: int
    options: dict[str, str] = field(default_factory=dict)
    option_lines: dict[str, int] = field(default_factory=dict)


def read_ini(text: str) -> dict[str, Section]:
    """The sections of a variants.ini text, by name, in file order.

    Comments start with ``#`` or ``;``; ``key = value`` lines belong to the section above them.
    """
    sections: dict[str, Section] = {}
    current: Section | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        match = _SECTION.match(line)
        if match:
            name = match.group("name").strip()
            parent = match.group("parent")
            current = Section(name, parent.strip() if parent else None, number)
            sections[name] = current
            continue
        if "=" not in line:
            raise IniError(f"not a 'key = value' line: {line!r}", number)
        if current is None:
            raise IniError("an option before any [section]", number)
        key, value = line.split("=", 1)
        value = value.split("#", 1)[0].strip()
        current.options[key.strip()] = value
        current.option_lines[key.strip()] = number
    return sections
