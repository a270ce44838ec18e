"""Boards: the board graph, zones, symmetries, pieces, and the board-file loader.

The loader (and with it Lark) is imported when first asked for: a board read from the cache
(:mod:`dagaz_studio.board.cache`) needs only the model.
"""

from typing import TYPE_CHECKING, Any

from dagaz_studio.board.model import Board, DrawHints, PieceType, Zone
from dagaz_studio.board.placement import PlacementError, parse_hand, parse_placement
from dagaz_studio.board.problems import BoardFileError, BoardReadError, Problem
from dagaz_studio.board.shipped import load_board, resolve_board, shipped_board, shipped_boards, shipped_family
from dagaz_studio.board.source import SourcePosition

if TYPE_CHECKING:
    from dagaz_studio.board.loader import parse_board

__all__ = [
    "Board",
    "BoardFileError",
    "BoardReadError",
    "DrawHints",
    "PieceType",
    "PlacementError",
    "Problem",
    "SourcePosition",
    "Zone",
    "load_board",
    "parse_board",
    "parse_hand",
    "parse_placement",
    "resolve_board",
    "shipped_board",
    "shipped_boards",
    "shipped_family",
]


def __getattr__(name: str) -> Any:
    if name == "parse_board":
        from dagaz_studio.board.loader import parse_board

        return parse_board
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
