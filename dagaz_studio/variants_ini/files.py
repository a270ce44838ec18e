"""Reading a variants.ini file and writing its imported variants as board files, all or nothing each.

The command line's ``import`` and the window's File ▸ Import share these, so both refuse the same
files with the same messages and neither leaves a half-written board behind.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from dagaz_studio.board.text_file import TextFileError, read_text_file
from dagaz_studio.board.writer import write_atomically
from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.variant import Imported

#: The largest variants.ini read, in bytes. Fairy-Stockfish's own example, with over a hundred
#: sections, is under 100 KB; reading a larger file stops there.
MAX_INI_BYTES = 2_000_000
#: The longest line of a variants.ini, in characters (the example's longest, a comment, has 247).
MAX_INI_LINE = 10_000


def read_ini_file(path: str | Path) -> str:
    """The text of a variants.ini file, read as every file is (:mod:`dagaz_studio.board.text_file`):
    raises :class:`IniError` saying why it cannot be read (a device, a FIFO, too long, not UTF-8). A lone
    ``\\r`` is kept: Fairy-Stockfish ends a line at a line feed only (:func:`~dagaz_studio.variants_ini.ini.parse_ini`)."""
    try:
        return read_text_file(path, MAX_INI_BYTES, MAX_INI_LINE, what="variants.ini", lone_cr_ends_line=False)
    except TextFileError as error:
        raise IniError(str(error)) from None


#: The longest file name written, before ``.board`` (file systems allow 255 bytes).
MAX_FILE_STEM = 100


def board_file_name(variant: str) -> str:
    """The file a variant is written to: its name with anything a path could misread (``/``, a
    leading dot) replaced, so a section named ``[../x]`` still lands inside the chosen folder; a
    name too long for a file system is cut short, with a mark of the whole name to keep it apart."""
    safe = re.sub(r"[^A-Za-z0-9_+\-.]", "_", variant).lstrip(".") or "variant"
    if len(safe) > MAX_FILE_STEM:
        safe = safe[:MAX_FILE_STEM - 9] + "-" + hashlib.sha256(variant.encode("utf-8")).hexdigest()[:8]
    return f"{safe}.board"


def write_boards(variants: list[Imported], folder: str | Path) -> list[Path]:
    """Write each variant as ``NAME.board`` in ``folder`` (made if missing), each file atomically.

    Two variants whose names make the same file name (``a/b`` and ``a_b``, or ``Chess`` and
    ``chess`` where case is not told apart) are both written: the later as ``NAME-2.board``.
    Raises :class:`~dagaz_studio.board.writer.SaveError` (or ``OSError`` for the folder) when one
    cannot be written; the files already written stay, and none is left half-written.
    """
    Path(folder).mkdir(parents=True, exist_ok=True)
    written = []
    for variant, path in zip(variants, board_paths(variants, folder)):
        write_atomically(path, variant.text)
        written.append(path)
    return written


def board_paths(variants: list[Imported], folder: str | Path) -> list[Path]:
    """The file each variant is written to by :func:`write_boards` (to see beforehand which are there)."""
    paths = []
    taken: set[str] = set()
    for variant in variants:
        name = board_file_name(variant.name)
        count = 1
        while name.lower() in taken:
            count += 1
            name = f"{board_file_name(variant.name)[:-len('.board')]}-{count}.board"
        taken.add(name.lower())
        paths.append(Path(folder) / name)
    return paths
