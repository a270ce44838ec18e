"""Reading a variants.ini file: sections, their parents and their options, with line numbers.

A line that cannot be read spoils only its own section (kept in :attr:`Section.problems`, refused
when imported); lines before the first section, and the limits on the file as a whole, are the
file's problems (:attr:`IniText.problems`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dagaz_studio.variants_ini.as_read import as_read

_SECTION = re.compile(r"^\[(?P<name>[^\]:]+)(?::(?P<parent>[^\]]*))?\](?P<rest>.*)$", re.DOTALL)

#: The most sections a variants.ini may hold (Fairy-Stockfish's example has 143): importing each
#: takes milliseconds, so ten thousand tiny sections in a small file would take minutes.
MAX_SECTIONS = 1_000
#: The longest option value read, in characters (the example's longest is under 100): a value is
#: handed to the Betza reader and the FEN reader, whose time grows with it.
MAX_VALUE_LENGTH = 1_000


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
    """One variant section: its name, parent (or None) and options in file order; ``problems``:
    its lines that could not be read, which refuse it."""

    name: str
    parent: str | None
    line: int
    options: dict[str, str] = field(default_factory=dict)
    option_lines: dict[str, int] = field(default_factory=dict)
    problems: list[IniError] = field(default_factory=list)


@dataclass
class IniText:
    """A variants.ini text read: its sections by name, in file order, and the problems of no
    section (lines before the first one)."""

    sections: dict[str, Section]
    problems: list[IniError]


def parse_ini(text: str) -> IniText:
    """The sections of a variants.ini text and its problems.

    Comments are lines starting with ``#`` or ``;`` (a ``#`` after a value is the value's, as
    :mod:`~dagaz_studio.variants_ini.as_read` reads it); ``key = value`` lines belong to the section above them.
    Raises :class:`IniError` only for what spoils the whole file: no section at all, or more than
    :data:`MAX_SECTIONS`.
    """
    sections: dict[str, Section] = {}
    problems: list[IniError] = []
    current: Section | None = None
    # Lines end only at a line feed, as Fairy-Stockfish's std::getline reads them (variant.cpp's
    # parse_istream, which drops one \r before it): a lone \r, a form feed, a vertical tab or U+2028
    # in a comment is still the comment, and numbers no line of its own.
    for number, raw in enumerate(text.split("\n"), start=1):
        whole = raw.removesuffix("\r")
        line = whole.strip()
        if not line or line[0] in "#;":
            continue
        # Fairy-Stockfish starts a section, and ends a name at '=', only where the line starts so.
        indented = whole[:1].isspace()
        match = None if indented else _SECTION.match(line)
        if match:
            name = match.group("name").strip()
            parent = match.group("parent")
            rest = match.group("rest").strip()
            if name not in sections and len(sections) == MAX_SECTIONS:
                raise IniError(f"more than {MAX_SECTIONS:,} sections: a variants.ini has at most {MAX_SECTIONS:,}",
                               number)
            # [name:] has no parent, as Fairy-Stockfish reads it.
            current = Section(name, parent.strip() or None if parent else None, number)
            earlier = sections.get(name)
            if earlier is not None:
                # variant.cpp adds a variant only under a name not yet taken: the first is played.
                problems.append(IniError(f"a second section [{name}], which Fairy-Stockfish ignores (it warns "
                                         f"\"Variant '{name}' already exists.\"), playing the first, at line "
                                         f"{earlier.line}: rename one of them", number, name))
            else:
                sections[name] = current
            if rest and rest[0] not in "#;":
                current.problems.append(IniError(f"text after the section's name, which Fairy-Stockfish does not "
                                                 f"read: {_shown(rest)}", number, name))
            continue
        if line[0] == "[" and indented and current is not None:
            current.problems.append(IniError(f"an indented section line {_shown(line)}, which Fairy-Stockfish does not "
                                             "read as a section: the lines below it are this section's; start the "
                                             "line with '['", number, current.name))
            continue
        if line[0] == "[" and not indented:
            # Fairy-Stockfish starts a section at any line opening with '[': the lines below are not the
            # section's above, and belong to none that can be imported.
            problems.append(IniError("a section's line that is not [NAME] or [NAME:PARENT]: " + _shown(line), number))
            current = Section("", None, number)
            continue
        if current is None:
            problems.append(IniError("a line before any [section]: " + _shown(line), number))
            continue
        if "=" not in line:
            current.problems.append(IniError(f"not a 'key = value' line: {_shown(line)}", number, current.name))
            continue
        key, after = whole.split("=", 1)
        if not key.strip():
            # Fairy-Stockfish skips such a line: a name lost by mistake would pass unseen.
            current.problems.append(IniError(f"no option name before '=': {_shown(line)}", number, current.name))
            continue
        if key.rstrip(" ") != key.strip():
            current.problems.append(IniError(f"option {key.strip()}: a name Fairy-Stockfish reads with the blanks "
                                             f"around it ({key.rstrip(' ')!r}), none of its options: it warns "
                                             "\"Invalid option\" and plays without it; start the line with the "
                                             "name, and follow it with spaces only", number, current.name))
            continue
        if not after.strip(" \t\v\f"):
            current.problems.append(IniError(f"option {key.strip()}: no value, which Fairy-Stockfish skips, playing "
                                             "as if the line were not there: write its value", number,
                                             current.name))
            continue
        # Fairy-Stockfish keeps all after the '=' but the blanks before it: a '#' there, or blanks at
        # the end, are the value's, read as each option reads them (variants_ini/as_read.py).
        value, misread = as_read(key.strip(), after.lstrip(" \t\v\f"))
        if "\r" in line:
            current.problems.append(IniError(f"option {key.strip()!r}: a carriage return inside its line "
                                             f"{_shown(line)}, where Fairy-Stockfish ends no line: end the "
                                             "line with a line feed", number, current.name))
            continue
        if misread:
            current.problems.append(IniError(f"option {key.strip()}: {misread}", number, current.name))
            continue
        if len(value) > MAX_VALUE_LENGTH:
            current.problems.append(IniError(f"option {key.strip()}: a value of {len(value):,} characters; values "
                                             f"have at most {MAX_VALUE_LENGTH:,}", number, current.name))
            continue
        current.options[key.strip()] = value
        current.option_lines[key.strip()] = number
    if not sections:
        raise IniError("no [section] in the file: nothing to import")
    return IniText(sections, problems)


def _shown(line: str) -> str:
    """A line as a message quotes it: a long one cut short."""
    return repr(line if len(line) <= 60 else line[:60] + "…")


def read_ini(text: str) -> dict[str, Section]:
    """The sections of a variants.ini text, by name, in file order (see :func:`parse_ini`)."""
    return parse_ini(text).sections
