"""Reading a variants.ini file and writing its imported variants as board files, all or nothing each.

The command line's ``import`` and the window's File ▸ Import share these, so both refuse the same
files with the same messages and neither leaves a half-written board behind.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Union

from dagaz_studio.board.writer import write_atomically
from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.variant import Imported

#: The largest variants.ini read, in bytes. Fairy-Stockfish's own example, with over a hundred
#: sections, is under 100 KB; a larger file is refused before any of it is read.
MAX_INI_BYTES = 2_000_000


def read_ini_file(path: Union[str, Path]) -> str:
    """The text of a variants.ini file; raises :class:`IniError` saying why it cannot be read."""
    source = Path(path)
    try:
        size = source.stat().st_size
        if size > MAX_INI_BYTES:
            raise IniError(f"{source} holds {size:,} bytes; a variants.ini is read up to {MAX_INI_BYTES:,}")
        return source.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise IniError(f"{source} is not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise IniError(f"cannot read {source}: {error.strerror or error}") from None


def board_file_name(variant: str) -> str:
    """The file a variant is written to: its name with anything a path could misread (``/``, a
    leading dot) replaced, so a section named ``[../x]`` still lands inside the chosen folder."""
    safe = re.sub(r"[^A-Za-z0-9_+\-.]", "_", variant).lstrip(".") or "variant"
    return f"{safe}.board"


def write_boards(variants: list[Imported], folder: Union[str, Path]) -> list[Path]:
    """Write each variant as ``NAME.board`` in ``folder`` (made if missing), each file atomically.

    Raises :class:`~dagaz_studio.board.writer.SaveError` (or ``OSError`` for the folder) when one
    cannot be written; the files already written stay, and none is left half-written.
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for variant in variants:
        path = out / board_file_name(variant.name)
        write_atomically(path, variant.text)
        written.append(path)
    return written
