"""The notation last tried on each board, kept for the next run when it is short."""

from __future__ import annotations

import hashlib

from dagaz_studio.board.model import Board
from dagaz_studio.gui.settings import TRY_GROUP, settings

#: A notation to try is remembered with its board only up to this length.
REMEMBERED_CHARS = 2000


def board_key(board: Board | None) -> str:
    """What a notation to try belongs to: the board file, or the board's name when it has none."""
    if board is None:
        return ""
    return str(board.source) if board.source else f"board:{board.name}"


def _settings_key(board_key: str) -> str:
    return hashlib.sha1(board_key.encode("utf-8")).hexdigest()[:16]


def remembered_try_text(board_key: str) -> tuple[str, bool]:
    """The notation tried on this board last time, and whether one was dropped (too long, not text)."""
    store = settings()
    store.beginGroup(TRY_GROUP)
    key = _settings_key(board_key)
    value = store.value(key)
    good = isinstance(value, str) and len(value) <= REMEMBERED_CHARS
    if value is not None and not good:
        store.remove(key)
    store.endGroup()
    return (value if good else ""), value is not None and not good


def remember_try_text(board_key: str, text: str) -> str:
    """Keep ``text`` as the notation tried on the board ``board_key`` names; returns a note for the
    user when it is too long to keep (only what the user types is kept, and only when short: the
    settings stay small)."""
    store = settings()
    store.beginGroup(TRY_GROUP)
    try:
        if len(text) <= REMEMBERED_CHARS:
            store.setValue(_settings_key(board_key), text)
            return ""
        store.remove(_settings_key(board_key))
        return f"A notation over {REMEMBERED_CHARS:,} characters is not remembered for the next run."
    finally:
        store.endGroup()
