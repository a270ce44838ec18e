"""Scrolling a panel's column so that a message just said shows: a panel in a short window scrolls,
and a message below the fold (a check's verdict) would be said to nobody."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QTimer
from PySide6.QtWidgets import QScrollArea, QWidget

#: Pixels kept clear above or below the widget scrolled to.
MARGIN = 4


def scroller_of(widget: QWidget) -> QScrollArea | None:
    """The scroll area ``widget`` stands in, if any."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    return parent


def bring_into_view(widget: QWidget) -> None:
    """Scroll the column ``widget`` stands in, once the column is laid out again, so that ``widget``
    shows whole where it fits, or its top where it does not."""
    area = scroller_of(widget)
    if area is not None:
        QTimer.singleShot(0, widget, lambda: _show(area, widget))


def _show(area: QScrollArea, widget: QWidget) -> None:
    inner = area.widget()
    if inner is None or not widget.isVisible():
        return
    # The text just set changes the widget's height, and the column's: lay them out first, or the place
    # scrolled to would be where the widget stood before.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    # Up and down only: the column's text wraps to its width, and a sideways scroll (which
    # ensureWidgetVisible makes for a widget wider than the column) cut every line's start off.
    top = widget.mapTo(inner, QPoint(0, 0)).y()
    bottom = top + widget.height()
    bar, shown = area.verticalScrollBar(), area.viewport().height()
    if widget.height() + 2 * MARGIN > shown or top < bar.value():
        bar.setValue(top - MARGIN)  # taller than the column shows: its top, where reading starts
    elif bottom > bar.value() + shown:
        bar.setValue(bottom - shown + MARGIN)
