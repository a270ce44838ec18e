"""The Dagaz move notation: grammar, parse tree, errors and plain-English reading.

Each name is imported when first asked for: a command that reads its boards from the cache
(:mod:`dagaz_studio.board.cache`) never parses a notation (nor imports Lark), and a window paints
its board before it reads any notation, or needs the parse tree's types.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dagaz_studio.notation.english import describe
    from dagaz_studio.notation.errors import NotationError
    from dagaz_studio.notation.nodes import Notation
    from dagaz_studio.notation.parser import parse_notation
    from dagaz_studio.notation.text import format_tree, to_notation

__all__ = ["NotationError", "Notation", "describe", "format_tree", "parse_notation", "to_notation"]


def __getattr__(name: str) -> Any:
    if name == "NotationError":
        from dagaz_studio.notation.errors import NotationError

        return NotationError
    if name == "Notation":
        from dagaz_studio.notation.nodes import Notation

        return Notation
    if name == "parse_notation":
        from dagaz_studio.notation.parser import parse_notation

        return parse_notation
    if name == "describe":
        from dagaz_studio.notation.english import describe

        return describe
    if name in ("format_tree", "to_notation"):
        from dagaz_studio.notation import text

        return getattr(text, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
