"""Importing a whole variants.ini: each section on its own, imported or refused with its line.

A section that cannot be imported, for any reason its text gives, is refused alone; its
neighbours are imported as if it were not there. A refusal names the line of the option it
concerns, or else the section's own line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dagaz_studio.variants_ini.inheritance import resolve
from dagaz_studio.variants_ini.ini import IniError, Section, parse_ini
from dagaz_studio.variants_ini.options import CUSTOM, PREDEFINED
from dagaz_studio.variants_ini.variant import Imported, import_variant

#: The most characters of pieces' Betza one file may have translated, each different value counted
#: once (Fairy-Stockfish's example asks for under 700): translating takes about a tenth of a
#: millisecond a character, so a file of long values in many sections would take minutes.
MAX_PIECE_TEXT = 20_000

#: A check of an imported board's text (its name second); it raises ValueError saying what is wrong.
BoardCheck = Callable[[str, str], None]


def import_file(text: str, names: list[str] | None = None,
                check: BoardCheck | None = None) -> tuple[list[Imported], list[IniError]]:
    """Every section of a variants.ini text (or those named) imported, and the refusals, in file order.

    ``check``, when given, is asked about each imported board's text; a board it finds wrong is
    refused with its reason. Importing everything, the lines before the first section are refused
    too. Raises :class:`IniError` only for what spoils the whole text (no section, too many).
    """
    read = parse_ini(text)
    sections = read.sections
    wanted = names if names else list(sections)
    done: list[Imported] = []
    refused: list[IniError] = [] if names else list(read.problems)
    pieces_seen: dict[str, int] = {}
    for name in wanted:
        section = sections.get(name)
        if section is None:
            refused.append(IniError("no such section", section=name))
            continue
        if section.problems:
            first, more = section.problems[0], len(section.problems) - 1
            also = f" (and {more} more line{'s' if more > 1 else ''} like it)" if more else ""
            refused.append(IniError(first.message + also, first.line, name))
            continue
        try:
            _spend(name, sections, pieces_seen)
            variant = import_variant(name, sections)
            if check is not None:
                try:
                    check(variant.text, name)
                except ValueError as error:
                    raise IniError(f"the board it makes does not load: {error}", section=name) from None
            done.append(variant)
        except IniError as error:
            refused.append(_placed(error, section, sections))
        except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError) as error:
            # A value no check above foresaw: this section is refused, and the file's others still import.
            refused.append(IniError(f"cannot be imported ({type(error).__name__}: {error})", section.line, name))
    return done, refused


def _spend(name: str, sections: dict[str, Section], seen: dict[str, int]) -> None:
    """Count the section's piece values not met before against :data:`MAX_PIECE_TEXT` (``seen``:
    the values met, and under ``""`` their length in all); refuse the section if they would pass it."""
    options, _ = resolve(name, sections)
    new = {value for key, value in options.items() if (key in PREDEFINED or CUSTOM.match(key)) and value not in seen}
    spent = seen.get("", 0) + sum(map(len, new))
    if spent > MAX_PIECE_TEXT:
        raise IniError(f"its pieces would take the file's pieces past {MAX_PIECE_TEXT:,} characters of Betza, "
                       f"the most one variants.ini may have translated", section=name)
    seen.update(dict.fromkeys(new, 0))
    seen[""] = spent


def _placed(error: IniError, section: Section, sections: dict[str, Section]) -> IniError:
    """The refusal at a line: the option's it names (in this section or a parent in the file), else
    the section's own; of two options refused together, the later one's, where they first meet."""
    if error.line:
        return error
    line = section.line
    named = re.search(r"\b(?:options? (\w+)(?: and (\w+))?|piece (\w+))", error.message)
    if named:
        try:
            _, lines = resolve(section.name, sections)
        except IniError:
            lines = {}
        # An option a built-in parent gives has no line (0): the section's own line stands for it.
        line = max((lines[key] for key in named.groups() if lines.get(key)), default=line)
    return IniError(error.message, line, error.section or section.name)
