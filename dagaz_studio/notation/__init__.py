"""The Dagaz move notation: grammar, parse tree, errors and plain-English reading."""

from dagaz_studio.notation.english import describe, format_tree, to_notation
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import Notation
from dagaz_studio.notation.parser import parse_notation

__all__ = ["NotationError", "Notation", "describe", "format_tree", "parse_notation", "to_notation"]
