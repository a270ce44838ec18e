"""Layouts for panels that scroll: their word-wrapped text always keeps the height of its lines.

Given less height than its widgets need at its width, a Qt layout squeezes them, and a word-wrapped
label squeezed below its lines draws them over its neighbours'. A panel in a scroll area is given too
little for a while whenever its text grows: a label shown (the offer to run longer) lays the panel
out at once at the height it had, and the scroll area hears of the growth a turn of the event loop
later, after the squeezed panel was painted. These layouts lay their widgets out at the height they
need instead; what does not fit for that moment runs past the panel's foot, out of sight until the
scroll area makes the panel taller.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QGridLayout, QLayout, QVBoxLayout


def unsqueezed(layout: QLayout, rect: QRect) -> QRect:
    """``rect`` made as tall as ``layout`` needs at its width, if it is shorter."""
    needed = layout.heightForWidth(rect.width()) if layout.hasHeightForWidth() else layout.minimumSize().height()
    if rect.height() >= needed:
        return rect
    return QRect(rect.x(), rect.y(), rect.width(), needed)


class QtColumnLayout(QVBoxLayout):
    """A column of widgets that never squeezes them below the height they need at their width."""

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt's name
        """Lay the widgets out in ``rect``, made taller where they need more."""
        super().setGeometry(unsqueezed(self, rect))


class QtRowsLayout(QGridLayout):
    """A grid whose rows never squeeze their widgets below the height they need at their width."""

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt's name
        """Lay the widgets out in ``rect``, made taller where they need more."""
        super().setGeometry(unsqueezed(self, rect))
