"""File ▸ Import Fairy-Stockfish variants: a variants.ini read and every section imported, on a worker.

Importing Fairy-Stockfish's example file (over a hundred sections) takes about half a second, so
the window asks for it on a worker and lists the sections when the answer comes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from dagaz_studio.engine import CancelFlag
from dagaz_studio.variants_ini import IniError, import_file
from dagaz_studio.variants_ini.files import read_ini_file
from dagaz_studio.variants_ini.variant import Imported


def board_loads(text: str, name: str) -> None:
    """Load an imported board's text as a board file is loaded, its initial position included;
    raises ValueError saying why it does not."""
    from dagaz_studio.board.loader import parse_board
    from dagaz_studio.engine import Position

    Position.initial(parse_board(text, f"[{name}]"))


def import_checked(text: str, names: list[str] | None = None) -> tuple[list[Imported], list[IniError]]:
    """:func:`~dagaz_studio.variants_ini.import_file`, each board kept only if it loads
    (:func:`board_loads`): what the command line and the window import."""
    return import_file(text, names, check=board_loads)


@dataclass(frozen=True)
class ImportQuery:
    """The variants.ini file to import; ``serial``: the asker's number."""

    path: Path
    serial: int = 0


@dataclass
class ImportAnswer:
    """The variants imported from :class:`ImportQuery`'s file, those refused with the reason, or why
    the file could not be read (``error``)."""

    query: ImportQuery
    imported: list[Imported] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    error: str = ""

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def answer_import(_rules: object, query: ImportQuery, cancel: CancelFlag | None = None) -> ImportAnswer:
    """Import every section of the query's file; an unreadable file is an answer with its error."""
    try:
        imported, refused = import_checked(read_ini_file(query.path))
    except IniError as error:
        return ImportAnswer(query, error=str(error))
    return ImportAnswer(query, imported, [(error.section or f"line {error.line}", f"line {error.line}: {error.message}")
                                          for error in refused])


def import_failed(query: ImportQuery, message: str) -> ImportAnswer:
    """The answer when importing failed unexpectedly."""
    return ImportAnswer(query, error=message)
