"""Reading variants.ini option values: booleans, numbers, files, regions and start positions.

A value that is not what its option takes is refused with :class:`IniError` naming the option,
never left to fail further on.
"""

from __future__ import annotations

import re
import unicodedata

from dagaz_studio.variants_ini.ini import IniError

#: A board's name (board.lark's WORD), which a section's name becomes.
_BOARD_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]*")


def shown(value: str, most: int = 80) -> str:
    """A value as a message quotes it: a long one cut short."""
    return value if len(value) <= most else value[:most] + "…"


def board_name(section: str) -> str:
    """The name of the board a section makes: the section's own, its letters' accents left out
    (``[oké]`` makes the board ``oke``), as a board file names a board in letters a to z, digits,
    '_' and '-'. Raises :class:`IniError` for a name that does not become one."""
    # Fairy-Stockfish takes any section name; a board's name is also its file's, safe on every system.
    name = "".join(char for char in unicodedata.normalize("NFKD", section) if not unicodedata.combining(char))
    if not _BOARD_NAME.fullmatch(name):
        raise IniError(f"the name {shown(section)!r} cannot name a board: a board's name is the letters a to z "
                       "(an accent left out), digits, '_' and '-'", section=section)
    return name


def is_true(value: str) -> bool:
    """A true/false option's value as Fairy-Stockfish's parser.cpp reads it: on only where it says
    ``true``, written so; "1", "yes" or "True" leave it off there, and so here."""
    return value.strip() == "true"


def file_index(value: str, option: str = "", section: str = "") -> int:
    """A file as Fairy-Stockfish writes it: a small letter (``h``) or a number from 1 (``8``)."""
    value = value.strip()
    if re.fullmatch(r"[0-9]{1,3}", value):
        return int(value) - 1
    if re.fullmatch(r"[a-z]", value):
        return ord(value) - ord("a")
    if re.fullmatch(r"[A-Z]", value):
        # parser.cpp counts a file letter from 'a': a capital is a file before the first, none it plays.
        raise IniError(f"option {option} = {value}: a file is a small letter; Fairy-Stockfish reads {value} as "
                       "no file of the board", section=section)
    raise IniError(f"option {option} = {shown(value)}: not a file (a letter, or a number from 1)", section=section)


def whole_number(options: dict[str, str], option: str, default: str, section: str) -> int:
    """A whole number option's value; a value that is not one is refused, naming the option."""
    value = options.get(option, default).strip()
    if not re.fullmatch(r"-?[0-9]{1,6}", value):
        # Fairy-Stockfish reads ints: a longer number is none it plays.
        longer = " of at most six digits" if re.fullmatch(r"-?[0-9]+", value) else ""
        raise IniError(f"option {option} = {shown(value)}: not a whole number{longer}", section=section)
    return int(value)


def rank_number(options: dict[str, str], option: str, default: str, section: str, ranks: int) -> int:
    """A rank's number (from 1, each side counting from its own), refused unless the board has it."""
    rank = whole_number(options, option, default, section)
    if not 1 <= rank <= ranks:
        raise IniError(f"option {option} = {rank}: not a rank of the board (1 to {ranks})", section=section)
    return rank


Square = tuple[int, int]  # (file index from 0, rank from 1)


def read_region(value: str, name: str, section: str, files: int, ranks: int) -> set[Square]:
    """The squares of a region as Fairy-Stockfish writes it: ``*N`` a rank, ``a*`` a file, ``e4`` a
    square (its letter in either case), ``-`` none; squares off the board are left out, as Fairy-Stockfish masks them."""
    out: set[Square] = set()
    for word in value.split():
        if word == "-":
            break
        if re.fullmatch(r"\*\d+", word):
            out |= {(f, int(word[1:])) for f in range(files)}
        # parser.cpp reads a region's file letter in either case (A1 is a1).
        elif re.fullmatch(r"[A-Za-z]\*", word):
            out |= {(ord(word[0].lower()) - ord("a"), r) for r in range(1, ranks + 1)}
        elif re.fullmatch(r"[A-Za-z]\d+", word):
            out.add((ord(word[0].lower()) - ord("a"), int(word[1:])))
        else:
            raise IniError(f"option {name} = {shown(value)}: {shown(word)!r} is not a rank (*N), a file (a*) or a square",
                           section=section)
    return {(f, r) for f, r in out if 0 <= f < files and 1 <= r <= ranks}


def squares_text(squares: set[Square], files: int) -> str:
    """Squares for a zone line: whole ranks as ``a8-h8``, other squares by name."""
    words = []
    for rank in sorted({r for _, r in squares}):
        row = {f for f, r in squares if r == rank}
        if len(row) == files:
            words.append(f"a{rank}-{chr(ord('a') + files - 1)}{rank}")
        else:
            words += [f"{chr(ord('a') + f)}{rank}" for f in sorted(row)]
    return " ".join(words)


def setup_fields(fen: str) -> list[str]:
    """A start FEN's fields as the board file's setup takes them: check counters (``3+3``) left out,
    castling and en-passant fields put in where Fairy-Stockfish's FEN leaves them out."""
    fields = [f for f in fen.split() if not re.fullmatch(r"\d+\+\d+", f)]
    if len(fields) > 2 and fields[2].isdigit():
        fields[2:2] = ["-", "-"]
    if len(fields) > 3 and fields[3].isdigit():
        # No en-passant field (``w - 0 1``): Fairy-Stockfish reads the counter there as no square.
        fields[3:3] = ["-"]
    if len(fields) == 2:
        fields += ["-", "-"]
    if len(fields) == 4:
        fields += ["0", "1"]
    return fields


def shift_groups(notation: str, by: int = 1) -> str:
    """The notation with its group references renumbered, for wrapping it in a new first group."""
    return re.sub(r"([\\~])([1-9])", lambda m: m.group(1) + str(int(m.group(2)) + by), notation)
