"""The Dagaz move notation: grammar, parse tree, errors and plain-English reading."""

from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import Notation
from dagaz_studio.notation.parser import parse_notation

__all__ = ["NotationError", "Notation", "parse_notation"]
