"""A position as the board view draws it: the pieces on squares, the heaps and columns, the
pieces in hand. (Kept apart from the picture's export, which the window's first paint does not need.)"""

from __future__ import annotations

from dagaz_studio.engine import Position
from dagaz_studio.gui.board_view.hands import HandPlacement
from dagaz_studio.gui.board_view.kinds import Contents, cells_contents
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
    return cells_contents(position.board, position.kinds, dict(enumerate(position.cells)))


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
