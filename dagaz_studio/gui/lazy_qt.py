"""Qt's namespace of enums (``Qt.AlignmentFlag``, ``Qt.Key`` …), built the first time it is used.

PySide6 builds every enum of Qt's namespace (about ninety, ``Qt.Key`` alone with hundreds of members)
the first time the name ``Qt`` is taken from ``PySide6.QtCore``: about 10 ms, an eighth of the
window's start. The board's first paint needs none of them, so the window's modules take ``Qt`` from
here (a test holds them to it), and the parts that run before that paint use the few helpers below
instead. The namespace is then built once the board is on screen, when the panels come.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QGraphicsSimpleTextItem, QGraphicsView

if TYPE_CHECKING:
    from PySide6.QtCore import Qt
else:

    class _Namespace:
        """Stands for ``PySide6.QtCore.Qt``: the first attribute asked for builds the real namespace,
        and each one read is kept, so later reads cost what the real one's do."""

        def __getattr__(self, name: str) -> Any:
            from PySide6 import QtCore

            value = getattr(QtCore.Qt, name)
            setattr(self, name, value)
            return value

        def __repr__(self) -> str:
            return "Qt (built on first use)"

    Qt = _Namespace()

__all__ = ["Qt", "fit_keeping_aspect", "hide_scroll_bars", "no_pen", "pen", "solid_brush"]


@cache
def no_pen() -> QPen:
    """A pen that draws nothing (``Qt.PenStyle.NoPen``). A simple text item's pen is that pen from
    the start, so it is taken from one rather than built from the namespace's enum."""
    return QGraphicsSimpleTextItem().pen()


def hide_scroll_bars(area: QAbstractScrollArea) -> None:
    """Never show ``area``'s scroll bars (``Qt.ScrollBarPolicy.ScrollBarAlwaysOff``), set through
    Qt's property system, which takes the policy's number."""
    always_off = 1
    area.setProperty("horizontalScrollBarPolicy", always_off)
    area.setProperty("verticalScrollBarPolicy", always_off)


def fit_keeping_aspect(view: QGraphicsView, rect: QRectF) -> None:
    """``view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)``: the same scaling (Qt's two-pixel
    margin, the rectangle centred), without the namespace's enum."""
    unity = view.transform().mapRect(QRectF(0, 0, 1, 1))
    if unity.isEmpty():
        return
    view.scale(1 / unity.width(), 1 / unity.height())
    margin = 2
    room = view.viewport().rect().adjusted(margin, margin, -margin, -margin)
    mapped = view.transform().mapRect(rect)
    if room.isEmpty() or mapped.isEmpty():
        return
    ratio = min(room.width() / mapped.width(), room.height() / mapped.height())
    view.scale(ratio, ratio)
    view.centerOn(rect.center())


def solid_brush(colour: QColor) -> QBrush:
    """A solid brush of ``colour`` (``QBrush(colour)``, whose choice among QBrush's constructors
    builds the namespace): a new pen's brush is solid, and takes the pen's colour."""
    return pen(colour).brush()


def pen(colour: QColor, width: float | None = None) -> QPen:
    """A solid pen of ``colour``, ``width`` wide (``QPen(colour, width)``), made without the namespace."""
    made = QPen()
    made.setColor(colour)
    if width is not None:
        made.setWidthF(width)
    return made
