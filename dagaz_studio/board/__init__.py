"""Boards: the board graph, zones, symmetries, pieces, and the board-file loader."""

from dagaz_studio.board.loader import (
    BoardFileError,
    BoardReadError,
    Problem,
    load_board,
    parse_board,
    resolve_board,
    shipped_boards,
    shipped_family,
)
from dagaz_studio.board.model import Board, DrawHints, PieceType, SourcePosition, Zone
from dagaz_studio.board.placement import PlacementError, parse_hand, parse_placement

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
    "shipped_boards",
    "shipped_family",
]
