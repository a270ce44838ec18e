"""Marks the Tests panel draws over the board: a failing test's squares (expected and found, missing,
extra) and two definitions' squares (A only, B only, both). Every kind has a shape of its own, so
they are told apart without their colours; a square whose piece is taken (``xe4``) has a ring
round its mark as well.

The marks are kept as data and drawn again whenever the board view lays its scene out anew (it does
so when it is resized or given another board).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from dagaz_studio.gui.board_view.style import UNIT, Z_HIGHLIGHTS
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.lazy_qt import Qt

if TYPE_CHECKING:
    from dagaz_studio.queries.moves import MovesAnswer


class SelectedPiece(Protocol):
    """What the panels need of the window's move explorer (which this layer does not import): the
    last run shown for the selected square, and the signal that says a new one is shown."""

    reply: MovesAnswer | None
    replyShown: Any

#: Each kind of mark: its colour and what it means (the legend and the tooltips say it).
MARK_KINDS: dict[str, tuple[str, str]] = {
    "agree": ("#2e8b57", "expected and found (filled disc)"),
    "missing": ("#e67e22", "expected, not found (dashed ring)"),
    "extra": ("#c0392b", "found, not expected (cross)"),
    "a": ("#1f77b4", "only A (triangle up)"),
    "b": ("#9467bd", "only B (triangle down)"),
    "both": ("#555555", "A and B (square)"),
}


class QtMarkItem(QGraphicsItem):
    """One mark on one square."""

    def __init__(self, kind: str, taken: bool, centre: QPointF, tooltip: str) -> None:
        super().__init__()
        self.kind, self.taken = kind, taken
        self.setPos(centre)
        self.setZValue(Z_HIGHLIGHTS + 1)
        self.setToolTip(tooltip)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        """The square the mark is drawn in."""
        return QRectF(-UNIT * 0.5, -UNIT * 0.5, UNIT, UNIT)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """The kind's shape, with a dark edge that keeps it readable on any square."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(MARK_KINDS[self.kind][0])
        path = QPainterPath()
        filled = True
        if self.kind == "agree":
            path.addEllipse(QPointF(0, 0), UNIT * 0.17, UNIT * 0.17)
        elif self.kind == "missing":
            path.addEllipse(QPointF(0, 0), UNIT * 0.24, UNIT * 0.24)
            filled = False
        elif self.kind == "extra":
            arm = UNIT * 0.22
            path.moveTo(-arm, -arm)
            path.lineTo(arm, arm)
            path.moveTo(-arm, arm)
            path.lineTo(arm, -arm)
            filled = False
        elif self.kind in ("a", "b"):
            r = UNIT * 0.24
            turn = -math.pi / 2 if self.kind == "a" else math.pi / 2
            path.addPolygon(QPolygonF([QPointF(r * math.cos(turn + k * 2 * math.pi / 3),
                                               r * math.sin(turn + k * 2 * math.pi / 3)) for k in range(4)]))
        else:
            half = UNIT * 0.15
            path.addRect(QRectF(-half, -half, 2 * half, 2 * half))
        edge = QPen(QColor(0, 0, 0, 190), UNIT * 0.03)
        if filled:
            painter.setPen(edge)
            painter.setBrush(colour)
            painter.drawPath(path)
        else:
            dash = Qt.PenStyle.DashLine if self.kind == "missing" else Qt.PenStyle.SolidLine
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(0, 0, 0, 190), UNIT * 0.1, dash, Qt.PenCapStyle.RoundCap))
            painter.drawPath(path)
            painter.setPen(QPen(colour, UNIT * 0.065, dash, Qt.PenCapStyle.RoundCap))
            painter.drawPath(path)
        if self.taken:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(0, 0, 0, 190), UNIT * 0.06))
            painter.drawEllipse(QPointF(0, 0), UNIT * 0.42, UNIT * 0.42)
            painter.setPen(QPen(colour, UNIT * 0.035))
            painter.drawEllipse(QPointF(0, 0), UNIT * 0.42, UNIT * 0.42)


class QtBoardMarks(QObject):
    """The marks over one board view: ``set_marks({"e4": "agree", "xd5": "extra"})``."""

    def __init__(self, view: QtBoardView) -> None:
        super().__init__(view)
        self.view = view
        self.marks: dict[str, str] = {}
        self._items: list[QtMarkItem] = []
        view.installEventFilter(self)

    def set_marks(self, marks: dict[str, str]) -> None:
        """Show these marks (square name, ``x`` before it where a piece is taken -> kind); ``{}``: none."""
        self.marks = dict(marks)
        self._draw()

    def items(self) -> list[QtMarkItem]:
        """The marks drawn now."""
        return [item for item in self._items if shiboken6.isValid(item)]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """After the view lays its scene out anew, draw the marks again."""
        if watched is self.view and event.type() in (QEvent.Type.Resize, QEvent.Type.Show) and self.marks:
            QTimer.singleShot(0, self._draw)
        return False

    def _draw(self) -> None:
        for item in self._items:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self._items = []
        board = self.view.board
        if board is None:
            return
        from dagaz_studio.queries.piece_tests import mark_square

        for mark, kind in self.marks.items():
            name, taken = mark_square(board, mark)
            if not board.has_square(name):
                continue
            what = MARK_KINDS[kind][1]
            item = QtMarkItem(kind, taken, self.view.square_centre(board.index(name)),
                              f"{mark}: {what}{'; takes the piece there (ring)' if taken else ''}")
            self.view.scene().addItem(item)
            self._items.append(item)
