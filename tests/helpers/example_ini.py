"""The example variants.ini Fairy-Stockfish ships (tests/data/fairy-stockfish/variants.ini), which
several test modules compare with Fairy-Stockfish: its text, its sections imported and each imported
board's interpreter, each made once a test session."""

from __future__ import annotations

from functools import cache

from dagaz_studio.board import parse_board
from dagaz_studio.engine import Rules
from dagaz_studio.variants_ini import IniError, import_file
from dagaz_studio.variants_ini.importing import Imported
from tests.helpers.paths import DATA

EXAMPLE = DATA / "fairy-stockfish" / "variants.ini"


@cache
def example_text() -> str:
    """The example file's text."""
    return EXAMPLE.read_text(encoding="utf-8")


@cache
def example_import() -> tuple[tuple[Imported, ...], tuple[IniError, ...]]:
    """Every section of the example imported: the boards it makes, and the sections refused."""
    imported, refused = import_file(example_text())
    return tuple(imported), tuple(refused)


@cache
def example_rules(name: str) -> Rules:
    """The interpreter of the board imported from the example's section ``name``, the board read
    as a board file named after it is; raises ValueError where it does not load."""
    variant = next(variant for variant in example_import()[0] if variant.name == name)
    return Rules(parse_board(variant.text, f"{name}.board"))
