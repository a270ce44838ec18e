"""A position as the board view draws it: the pieces on squares, the heaps and columns, the
pieces in hand. (Kept apart from the picture's export, which the window's first paint does not need.)"""

from __future__ import annotations

from dagaz_studio.engine import Column, Heap, Position
from dagaz_studio.gui.board_view.hands import HandPlacement
from dagaz_studio.gui.board_view.kinds import Contents
from dagaz_studio.gui.board_view.view import Placement


def position_placement(position: Position) -> Placement:
    """The pieces of a position as the board view draws them; a typed piece shows as ``*``."""
    kinds = position.kinds
    placement = {}
    for square, piece in enumerate(position.cells):
        if piece is None:
            continue
        if 0 <= piece.kind < len(kinds):
            placement[square] = (piece.player, kinds[piece.kind].name, kinds[piece.kind].letter)
        else:
            placement[square] = (piece.player, "Piece", "*")
    return placement


def position_contents(position: Position) -> dict[int, Contents]:
    """Heaps and columns as the board view draws them (heap and stack boards only): square ->
    (the board's kind, ``((letter, count), …)``) or (the kind, ``((player, letter), …)`` from the top)."""
    board_kind = position.board.kind_type
    if board_kind.holds_pieces:
        return {}
    kinds = position.kinds
    out: dict[int, Contents] = {}
    cells: list[object] = list(position.cells)
    for square, cell in enumerate(cells):
        if isinstance(cell, Heap):
            out[square] = (board_kind, tuple((kinds[k].letter, n) for k, n in enumerate(cell.counts)))
        elif isinstance(cell, Column):
            out[square] = (board_kind, tuple((player, kinds[kind].letter.upper() if player == 0
                                              else kinds[kind].letter.lower()) for player, kind in cell.pieces))
    return out


def position_hands(position: Position) -> HandPlacement:
    """The pieces in hand of a position as the board view draws them: (player, piece name, letter,
    count), the count -1 for a piece always in hand (``unlimited`` and among the board's drops)."""
    kinds = position.kinds
    drops = position.board.drops
    return [(player, kinds[kind].name, kinds[kind].letter, -1 if always else count)
            for player, hand in enumerate(position.hands) for kind, count in enumerate(hand)
            if kind < len(kinds)
            for always in [kinds[kind].unlimited and kinds[kind].name in drops]
            if count > 0 or always]
