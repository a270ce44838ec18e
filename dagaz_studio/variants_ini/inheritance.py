"""Resolving a variants.ini section's inheritance: its parents in the same file, else a built-in template."""

from __future__ import annotations

import functools
from importlib import resources

from dagaz_studio.variants_ini.ini import IniError, Section, read_ini
from dagaz_studio.variants_ini.options import CUSTOM, PREDEFINED

#: The longest chain of parents a section may have (Fairy-Stockfish's built-in variants go three
#: deep): a longer one is refused, at its section's line, before it is followed.
MAX_INHERITANCE = 50


@functools.lru_cache(maxsize=1)
def templates() -> dict[str, Section]:
    """The built-in variants this importer knows, as sections (read once: do not change them).

    They are kept in several files of ``templates/``, by family; a section inherits from one in any
    of them, and no name is defined twice (raises :class:`IniError` naming the files).
    """
    folder = resources.files("dagaz_studio.variants_ini").joinpath("templates")
    sections: dict[str, Section] = {}
    where: dict[str, str] = {}
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if not entry.name.endswith(".ini"):
            continue
        for name, section in read_ini(entry.read_text(encoding="utf-8")).items():
            if name in sections:
                raise IniError(f"the built-in variant [{name}] is defined in both {where[name]} and {entry.name}")
            sections[name] = section
            where[name] = entry.name
    return sections


def resolve(name: str, sections: dict[str, Section]) -> tuple[dict[str, str], dict[str, int]]:
    """A section's options after inheritance (child over parent), and the lines of the file's own.

    Raises :class:`IniError` for a chain of parents that loops, is longer than
    :data:`MAX_INHERITANCE`, or reaches a section refused for a line it could not read.
    """
    builtin = templates()
    if name in builtin and name in sections:
        # variant.cpp (VariantMap::parse_istream) adds a section only under a name not yet taken.
        raise IniError(f"is named as Fairy-Stockfish's built-in variant [{name}], which it keeps, ignoring this "
                       f"section (it warns \"Variant '{name}' already exists.\"): sections inheriting from "
                       f"[{name}] get the built-in; rename this one to use it", sections[name].line, name)
    chain: list[Section] = []
    own_lines: list[bool] = []  # whether each of the chain is the file's (its lines are the file's)
    seen: set[str] = set()
    current: str | None = name
    from_file = True
    while current is not None:
        if current in seen:
            raise IniError(f"inherits from itself through {current!r}", section=name)
        seen.add(current)
        if len(seen) > MAX_INHERITANCE + 1:
            raise IniError(f"more than {MAX_INHERITANCE} parents, one above another: a section has at most "
                           f"{MAX_INHERITANCE}", section=name)
        # A section named as a built-in variant is not read (above): its name is the built-in's.
        section = sections.get(current) if from_file and current not in builtin else None
        below = chain[-1] if chain and section is not None and section.line > chain[-1].line else None
        if below is not None:
            # Fairy-Stockfish reads a file's sections in order: a parent not yet read is its
            # built-in variant of that name, or none.
            section = None
            if current not in builtin:
                child = "" if below.name == name else f" (through [{below.name}])"
                raise IniError(f"inherits{child} from [{current}], which is defined below it, at line "
                               f"{sections[current].line}: Fairy-Stockfish reads a parent only from the "
                               f"sections above", section=name)
        if section is not None and section.problems and section.name != name:
            raise IniError(f"inherits from [{section.name}], which is refused: {section.problems[0]}", section=name)
        if section is None:
            section = builtin.get(current)
            from_file = False
            if section is None:
                raise IniError(f"inherits from [{current}], which is neither a section above it nor a built-in variant "
                               f"(Fairy-Stockfish warns \"Variant template '{current}' does not exist.\"): there is no template of that name",
                               section=name)
        chain.append(section)
        own_lines.append(from_file)
        current = section.parent
        if section.parent is None and section.name != "chess" and not from_file:
            current = None
    options: dict[str, str] = {}
    lines: dict[str, int] = {}
    base = builtin["fairy"] if chain[-1].name not in builtin else None
    if base is not None:
        options["__default__"] = "true"
        # A section without a parent starts with no pieces, and so nothing to promote to (parser.cpp's
        # reset_pieces), unless it says.
        options["promotionPieceTypes"] = "-"
    for section, in_file in zip(reversed(chain), reversed(own_lines)):
        own = dict(section.options)
        if "promotedPieceType" in own and "promotedPieceType" in options:
            # Fairy-Stockfish adds a section's promotions to the ones it inherits (parser.cpp).
            pairs = dict(pair.partition(":")[::2] for pair in options["promotedPieceType"].split())
            pairs.update(dict(pair.partition(":")[::2] for pair in own["promotedPieceType"].split()))
            own["promotedPieceType"] = " ".join(f"{source}:{target}" for source, target in pairs.items())
        _take_letters(own, options, in_file)
        options.update(own)
        lines.update(section.option_lines if in_file else {k: 0 for k in section.option_lines})
    return options, lines


#: Fairy-Stockfish's promotion choices where no section gives them (chess's).
_PROMOTIONS = {"promotionPieceTypes": "nbrq", "promotionPieceTypesWhite": None, "promotionPieceTypesBlack": None}


def _take_letters(own: dict[str, str], inherited: dict[str, str], in_file: bool = True) -> None:
    """A section's pieces as Fairy-Stockfish adds them, one type after another in its order
    (parser.cpp, variant.h's add_piece): a piece given a letter some piece holds removes that one
    (itself too, ``knight = n``, in the file's own sections: a built-in variant's pieces are as its
    template writes them), and a piece removed leaves the promotion choices, which follow the pieces
    they name to their new letters, unless the section gives them anew."""
    pieces = [key for key in inherited if key in PREDEFINED or CUSTOM.match(key)]
    held = {key: inherited[key][0].lower() for key in pieces if inherited[key][:1].isalpha()}
    promotions = {option: {key for key, letter in held.items() if letter in inherited.get(option, default).lower()}
                  for option, default in _PROMOTIONS.items() if inherited.get(option, default) is not None}
    changed = False
    for key in sorted((k for k in own if k in _ORDER), key=_ORDER.index):
        value = own[key]
        letter = value[:1].lower() if value[:1].isalpha() else ""
        displaced = [k for k, held_letter in held.items() if held_letter == letter and (k != key or in_file)]
        displaced += [key] if not letter and key in held else []
        changed = changed or bool(displaced) or key in held and held[key] != letter
        for gone in displaced:
            del held[gone]
            for keys in promotions.values():
                keys.discard(gone)
            if gone != key:
                # One the section gives later is added back then; one it gave before is gone.
                if gone not in own:
                    inherited[gone] = "-"
                elif gone in _ORDER and _ORDER.index(gone) < _ORDER.index(key):
                    own[gone] = "-"
        if letter:
            held[key] = letter
    for option, keys in promotions.items():
        if changed and option not in own:
            inherited[option] = "".join(sorted(held[key] for key in keys if key in held)) or "-"


#: The order in which Fairy-Stockfish adds a section's pieces: its piece types' (types.h).
_ORDER = ([key for key in PREDEFINED if key not in ("king", "dragon")] + [f"customPiece{n}" for n in range(1, 26)]
          + ["king"])
