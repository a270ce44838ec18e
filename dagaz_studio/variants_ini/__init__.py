"""Fairy-Stockfish's variants.ini: importing its sections as Dagaz Studio board files."""

from dagaz_studio.variants_ini.importing import import_file
from dagaz_studio.variants_ini.ini import IniError, Section, read_ini
from dagaz_studio.variants_ini.variant import Imported, import_variant

__all__ = ["IniError", "Imported", "Section", "import_file", "import_variant", "read_ini"]
