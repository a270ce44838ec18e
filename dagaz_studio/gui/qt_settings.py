"""Where the window keeps what it remembers between runs, and the keys it uses."""

from __future__ import annotations

from PySide6.QtCore import QSettings

ORGANIZATION = "DagazStudio"
APPLICATION = "dagaz-studio"

LAST_BOARD_KEY = "boards/last"
RECENT_BOARDS_KEY = "boards/recent"
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
#: The position last shown, as FEN, with the board it belongs to.
POSITION_FEN_KEY = "position/fen"
POSITION_BOARD_KEY = "position/board"
#: The notation typed in the notation editor.
NOTATION_TEXT_KEY = "notation/text"
#: Highlight colours: ``colours/<kind>`` -> ``#rrggbb``.
COLOURS_GROUP = "colours"
#: How many recent boards File ▸ Open Recent lists.
MAX_RECENT = 8


def settings() -> QSettings:
    """The application's settings, kept in an INI file in the user's configuration folder."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)
