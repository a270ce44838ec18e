"""What the board view draws with: its scale, the highlight kinds and their colours, the players'
colours, the board's colours and the stacking order of its layers."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtGui import QColor

from dagaz_studio.board.model import Board

#: Scene units per grid column and row.
UNIT = 100.0

#: A placement as the view draws it: square index -> (player index, piece name, piece letter).
Placement = Mapping[int, tuple[int, str, str]]

#: Highlight kinds and what each means; each is drawn with its own colour and its own symbol.
HIGHLIGHT_KINDS: dict[str, str] = {
    "move": "the piece can move here (dot)",
    "capture": "the piece can capture here (ring)",
    "removed": "a piece is removed from here (cross)",
    "destroyed": "a piece is destroyed here, not captured: an explosion (burst)",
    "displaced": "a piece is pushed or moved away from here (diamond)",
    "stop": "the move stops here (octagon)",
    "selected": "the selected square (frame)",
}

# Okabe–Ito colours: told apart by most colour-blind readers, and each kind has a shape too.
#: The colour each highlight kind is drawn in now (see :func:`set_highlight_colours`).
HIGHLIGHT_QCOLOURS = {
    "move": QColor("#009E73"),
    "capture": QColor("#D55E00"),
    "removed": QColor("#CC79A7"),
    "destroyed": QColor("#56B4E9"),
    "displaced": QColor("#E69F00"),
    "stop": QColor("#0072B2"),
    "selected": QColor("#F0E442"),
}
#: The colours highlights are drawn in unless changed with :func:`set_highlight_colours`.
DEFAULT_HIGHLIGHT_COLOURS: dict[str, str] = {kind: colour.name() for kind, colour in HIGHLIGHT_QCOLOURS.items()}


def highlight_colours() -> dict[str, str]:
    """The colour of each highlight kind, as ``#rrggbb``."""
    return {kind: colour.name() for kind, colour in HIGHLIGHT_QCOLOURS.items()}


def set_highlight_colours(colours: Mapping[str, str]) -> None:
    """Change highlight colours (kind -> colour name); unknown kinds and invalid colours are ignored.

    Every view draws with the new colours from its next redraw.
    """
    for kind, name in colours.items():
        if kind in HIGHLIGHT_QCOLOURS and QColor.isValidColorName(str(name)):
            HIGHLIGHT_QCOLOURS[kind] = QColor(str(name))

# Stacking order of the layers.
Z_BOARD, Z_LINES, Z_LABELS, Z_NODES, Z_SELECTED, Z_PIECES, Z_HIGHLIGHTS = range(7)

# Friendlier shades for players named after a colour; other names fall back to Qt's colour names.
_PLAYER_SHADES = {
    "white": "#f7f4ec",
    "black": "#262626",
    "red": "#b8271f",
    "blue": "#1f4fa8",
    "green": "#23744a",
    "yellow": "#e8c42a",
}
_FALLBACK_PLAYER_COLOURS = ("#f7f4ec", "#262626", "#b8271f", "#1f4fa8", "#23744a", "#e8c42a")

LIGHT_CELL = QColor("#f0d9b5")
DARK_CELL = QColor("#b58863")
PLAIN_CELL = QColor("#e9d3ad")
POINTS_BOARD = QColor("#e8c68e")
RIVER = QColor("#d7bd8a")
INK = QColor("#2b2118")
DISC_FACE = QColor("#f6e7c6")


def player_colour(board: Board, player: int) -> QColor:
    """The colour a player's pieces are drawn in: the player's name if it names a colour."""
    name = board.players[player].lower() if 0 <= player < len(board.players) else ""
    if name in _PLAYER_SHADES:
        return QColor(_PLAYER_SHADES[name])
    if name and QColor.isValidColorName(name):
        return QColor(name)
    return QColor(_FALLBACK_PLAYER_COLOURS[player % len(_FALLBACK_PLAYER_COLOURS)])


def is_light(colour: QColor) -> bool:
    return colour.lightnessF() > 0.55
