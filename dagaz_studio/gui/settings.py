"""Where the window keeps what it remembers between runs, and the keys it uses."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

ORGANIZATION = "DagazStudio"
APPLICATION = "dagaz-studio"

LAST_BOARD_KEY = "boards/last"
RECENT_BOARDS_KEY = "boards/recent"
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
#: Whether the Lessons panel was open: made only when asked for, it must be there again before the
#: saved layout is restored, which leaves out a dock that does not exist.
LESSONS_OPEN_KEY = "window/lessons-open"
#: The position last shown, as FEN, with the board it belongs to.
POSITION_FEN_KEY = "position/fen"
POSITION_BOARD_KEY = "position/board"
#: Where earlier versions kept the typed notation, for every board at once; dropped at start.
NOTATION_TEXT_KEY = "notation/text"
#: The notation to try, per board file: ``notation-try/<hash of the board's path>`` -> a short text.
TRY_GROUP = "notation-try"
#: How Xiangqi moves are named in the window: ``wxf`` (CF+7), ``wxf-prefix`` (FC+7) or ``wxf-signs`` (C++7).
XIANGQI_NAMES_KEY = "names/xiangqi-style"
#: Highlight colours: ``colours/<kind>`` -> ``#rrggbb``.
COLOURS_GROUP = "colours"
#: How many recent boards File ▸ Open Recent lists.
MAX_RECENT = 8


def check_settings() -> str | None:
    """Make sure the settings file can be used; returns a sentence for the user when it could not be read.

    A file that is unreadable or not in the settings format is moved aside (``.unreadable`` added to
    its name, for the curious) and the window starts with the defaults.
    """
    store = settings()
    store.allKeys()  # the file is read on first use; only then is its status known
    status = store.status()
    if status == QSettings.Status.NoError:
        return None
    path = Path(store.fileName())
    del store
    aside = path.with_name(path.name + ".unreadable")
    try:
        os.replace(path, aside)
    except OSError:
        return f"The settings file {path} could not be read: starting with the defaults."
    return f"The settings file could not be read: starting with the defaults (the old file is kept as {aside})."


def settings() -> QSettings:
    """The application's settings, kept in an INI file in the user's configuration folder."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)
