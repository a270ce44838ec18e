"""A highlight mark on a square, and text drawn as outlines (shared with the pieces and labels)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QWidget

from dagaz_studio.gui.board_view.outlines import outline
from dagaz_studio.gui.board_view.style import HIGHLIGHT_KINDS, HIGHLIGHT_QCOLOURS, UNIT, Z_HIGHLIGHTS, Z_SELECTED
from dagaz_studio.gui.lazy_qt import Qt

if TYPE_CHECKING:
    # Only named: importing it readies the class (its enums) before the first paint.
    from PySide6.QtWidgets import QStyleOptionGraphicsItem


class HighlightItem(QGraphicsItem):
    """One highlight mark on one square: a symbol drawn in the kind's colour with a dark outline."""

    def __init__(self, square: int, kind: str, centre: QPointF, points: bool, stop: bool = False) -> None:
        super().__init__()
        self.square = square
        self.kind = kind
        #: A chain of partial moves also lands here (drawn as a stop's outline around the mark).
        self.stop = stop and kind != "stop"
        self._round = points
        self.setPos(centre)
        self.setZValue(Z_SELECTED if kind == "selected" else Z_HIGHLIGHTS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(HIGHLIGHT_KINDS[kind] + ("; a chain also stops here (octagon)" if self.stop else ""))

    def boundingRect(self) -> QRectF:
        """The square the mark is drawn in, with room for its outline."""
        half = UNIT * 0.55
        return QRectF(-half, -half, 2 * half, 2 * half)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """Draw the kind's symbol; every symbol differs in shape, not only in colour."""
        colour = HIGHLIGHT_QCOLOURS[self.kind]
        outline = QPen(QColor(0, 0, 0, 170), UNIT * 0.02)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.stop:
            ring = UNIT * 0.27
            octagon = QPainterPath()
            octagon.addPolygon(QPolygonF([QPointF(ring * math.cos(a), ring * math.sin(a))
                                          for a in (math.pi / 8 + k * math.pi / 4 for k in range(9))]))
            self._stroke(painter, octagon, HIGHLIGHT_QCOLOURS["stop"], UNIT * 0.05)
        if self.kind == "move":
            painter.setPen(outline)
            painter.setBrush(colour)
            painter.drawEllipse(QPointF(0, 0), UNIT * 0.15, UNIT * 0.15)
        elif self.kind == "capture":
            self._stroke(painter, circle(UNIT * 0.44), colour, UNIT * 0.07)
        elif self.kind == "removed":
            arm = UNIT * 0.3
            cross = QPainterPath()
            cross.moveTo(-arm, -arm)
            cross.lineTo(arm, arm)
            cross.moveTo(-arm, arm)
            cross.lineTo(arm, -arm)
            self._stroke(painter, cross, colour, UNIT * 0.09)
        elif self.kind == "destroyed":
            # A burst round the piece, as a capture's ring is: eight rays pointing out, clear of the piece.
            burst = QPainterPath()
            for k in range(8):
                angle = k * math.pi / 4 + math.pi / 8
                burst.moveTo(UNIT * 0.3 * math.cos(angle), UNIT * 0.3 * math.sin(angle))
                burst.lineTo(UNIT * 0.47 * math.cos(angle), UNIT * 0.47 * math.sin(angle))
            self._stroke(painter, burst, colour, UNIT * 0.08)
        elif self.kind == "displaced":
            r = UNIT * 0.36
            diamond = QPainterPath()
            diamond.addPolygon(QPolygonF([QPointF(0, -r), QPointF(r, 0), QPointF(0, r), QPointF(-r, 0), QPointF(0, -r)]))
            self._stroke(painter, diamond, colour, UNIT * 0.06)
        elif self.kind == "stop":
            r = UNIT * 0.2
            corners = [QPointF(r * math.cos(a), r * math.sin(a)) for a in (math.pi / 8 + k * math.pi / 4 for k in range(8))]
            painter.setPen(outline)
            painter.setBrush(colour)
            painter.drawPolygon(QPolygonF(corners))
        else:  # selected
            half = UNIT * (0.47 if self._round else 0.46)
            frame = QPainterPath()
            if self._round:
                frame.addEllipse(QPointF(0, 0), half, half)
            else:
                frame.addRect(QRectF(-half, -half, 2 * half, 2 * half))
            fill = QColor(colour)
            fill.setAlpha(90)
            painter.fillPath(frame, fill)
            self._stroke(painter, frame, colour, UNIT * 0.06)

    @staticmethod
    def _stroke(painter: QPainter, path: QPainterPath, colour: QColor, width: float) -> None:
        # A dark edge under the coloured stroke keeps it readable on light and dark squares alike.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(0, 0, 0, 170), width + UNIT * 0.035, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawPath(path)
        painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawPath(path)


def circle(radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(0, 0), radius, radius)
    return path


def centred_text_path(text: str, font: QFont, centre: QPointF, on_line: bool = False) -> QPainterPath:
    """Text as a path centred on ``centre``.

    ``on_line`` centres on the font's line rather than the glyphs' ink, so that a row of labels such as
    ``a b c d`` shares one baseline whatever the letters' ascenders.
    """
    path, ink, line_middle = outline(text, font)
    if on_line:
        return path.translated(centre.x() - ink.center().x(), centre.y() + line_middle)
    return path.translated(centre - ink.center())
