"""Text drawn as outlines on the board (piece symbols, coordinates, letters on discs), kept between
starts.

Shaping text needs Qt's font database, which a process readies the first time a font is measured:
about 4 ms (fontconfig's files are read), as long as the rest of drawing a chess board. A board's
first paint mostly draws text an earlier start drew, so the outlines made are kept in the user's
cache folder (signed, as everything kept there: :mod:`dagaz_studio.notation.user_cache`) and read
back at the first text drawn; only text not seen before readies the font database. The font chosen
for a role (chess symbols, Chinese characters) is kept the same way. A kept file that is missing,
damaged, too big or made by another version of Qt is ignored, and read as data only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QRectF, qVersion
from PySide6.QtGui import QFont, QFontMetricsF, QPainterPath

from dagaz_studio.notation.user_cache import cache_directory, keep, read_kept

#: The kept file's layout; a file of another layout (or Qt version) is not read.
FORMAT = 2
#: The most outlines kept (a board shows a few dozen; every board of the gallery a few hundred).
MAX_KEPT = 1024
_FILE = "outlines.qds"


class Outline(NamedTuple):
    """A text's outline, drawn from the origin on its baseline, and what placing it asks."""

    path: QPainterPath
    #: The glyphs' bounding rectangle (their ink), for centring them.
    ink: QRectF
    #: Half the font's ascent less its descent: centres a row of labels on one line.
    line_middle: float


_outlines: dict[tuple[str, str], Outline] = {}
_families: dict[str, str] = {}
_state = {"read": False, "changed": False}


def outline(text: str, font: QFont) -> Outline:
    """The outline of ``text`` in ``font``: kept from before, or made now (and kept)."""
    _read_once()
    key = (text, font.key())
    found = _outlines.get(key)
    if found is None:
        path = QPainterPath()
        path.addText(0, 0, font, text)
        metrics = QFontMetricsF(font)
        if len(_outlines) >= MAX_KEPT:
            _outlines.clear()
        found = _outlines[key] = Outline(path, path.boundingRect(), (metrics.ascent() - metrics.descent()) / 2)
        _state["changed"] = True
    return found


def family(role: str, choose: Callable[[], str | None], fallback: Callable[[], str]) -> str:
    """The font family for ``role`` (``"glyphs"`` …): kept from before, or ``choose()`` now (and
    kept). Where ``choose`` finds none of the fonts it looks for, ``fallback()`` is used and not
    kept, so that a font installed later is found at the next start."""
    _read_once()
    found = _families.get(role)
    if found is None:
        chosen = choose()
        if chosen is None:
            return fallback()
        found = _families[role] = chosen
        _state["changed"] = True
    return found


def keep_outlines() -> bool:
    """Keep the outlines and families made since they were read; whether anything was written."""
    if not _state["changed"]:
        return False
    folder = cache_directory()
    if folder is None:
        return False
    data = QByteArray()
    stream = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    stream.writeInt32(FORMAT)
    stream.writeQString(qVersion())
    stream.writeInt32(len(_families))
    for role, name in _families.items():
        stream.writeQString(role)
        stream.writeQString(name)
    stream.writeInt32(len(_outlines))
    for (text, font_key), (path, _ink, line_middle) in _outlines.items():
        stream.writeQString(text)
        stream.writeQString(font_key)
        stream << path  # its ink is worked out again on reading: streaming a rectangle costs more
        stream.writeDouble(line_middle)
    _state["changed"] = False
    return keep(folder / _FILE, bytes(data.data()))


def _read_once() -> None:
    if _state["read"]:
        return
    _state["read"] = True
    folder = cache_directory()
    raw = read_kept(folder / _FILE) if folder is not None else None
    if raw:
        families, outlines = _parse(raw)
        _families.update(families)
        _outlines.update(outlines)


def _parse(raw: bytes) -> tuple[dict[str, str], dict[tuple[str, str], Outline]]:
    """What a kept file holds; nothing at all where any part of it does not read."""
    data = QByteArray(raw)  # held here: the stream reads from it and does not keep it alive
    stream = QDataStream(data, QIODevice.OpenModeFlag.ReadOnly)
    if stream.readInt32() != FORMAT or stream.readQString() != qVersion():
        return {}, {}
    families: dict[str, str] = {}
    count = stream.readInt32()
    if not 0 <= count <= MAX_KEPT:
        return {}, {}
    for _ in range(count):
        role = stream.readQString()
        families[role] = stream.readQString()
    outlines: dict[tuple[str, str], Outline] = {}
    count = stream.readInt32()
    if not 0 <= count <= MAX_KEPT:
        return {}, {}
    for _ in range(count):
        text, font_key = stream.readQString(), stream.readQString()
        path = QPainterPath()
        stream >> path
        outlines[(text, font_key)] = Outline(path, path.boundingRect(), stream.readDouble())
    if stream.status() != QDataStream.Status.Ok or not stream.atEnd():
        return {}, {}
    return families, outlines
