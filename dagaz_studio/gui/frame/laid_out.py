"""The window is painted only once its panels are laid out for what they say.

Qt lays a panel out again a turn of the event loop after its text changes, one widget level per turn,
and a paint may come between: a status grown to more lines was painted in the height of the old one,
its lines cut off, or a label shown beside it took room the layout had not yet made. Laying out what
is pending before each paint shows every text in the room its layout gives it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QWidget


class LaidOutBeforePaint(QObject):
    """Lays out what is pending in the window ``window`` before it is painted (an event filter on it,
    which sees its requests to paint before they are served)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Before a paint of the window, the layouts it asked for."""
        if event.type() == QEvent.Type.UpdateRequest:
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        return False
