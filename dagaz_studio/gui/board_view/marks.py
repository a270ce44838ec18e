"""What the board view draws beyond squares and lettered pieces: plain stones, the river's names,
and the mark under a royal piece that is attacked (check).

Each function returns scene items in the view's coordinates (``unit`` scene units per column and
row); the view adds them to its scene and owns them.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem

from dagaz_studio.gui.lazy_qt import Qt

#: The colour of the mark under an attacked royal piece.
CHECK_COLOUR = QColor("#d62728")
_RIVER_INK = QColor("#6b5635")


def stone_item(centre: QPointF, colour: QColor, radius: float, unit: float) -> QGraphicsItem:
    """A plain stone in ``colour``: lit from the upper left, with a thin edge, and no letter."""
    # Imported here: Qt readies a class (its enums) at its first use, which the first paint puts off.
    from PySide6.QtGui import QRadialGradient

    light = colour.lightnessF() > 0.55
    gradient = QRadialGradient(QPointF(-radius * 0.35, -radius * 0.35), radius * 1.4)
    gradient.setColorAt(0.0, colour.lighter(125) if light else colour.lighter(260))
    gradient.setColorAt(0.6, colour)
    gradient.setColorAt(1.0, colour.darker(125 if light else 110))
    stone = QGraphicsEllipseItem(QRectF(-radius, -radius, 2 * radius, 2 * radius))
    stone.setPos(centre)
    stone.setBrush(QBrush(gradient))
    edge = QColor("#2b2118") if light else QColor("#000000")
    stone.setPen(QPen(edge, unit * 0.02))
    return stone


def river_label_items(labels: tuple[str, ...], band: QRectF, unit: float) -> list[QGraphicsItem]:
    """The river's names, spread evenly along ``band`` (the river's rectangle), left to right.

    A name the installed fonts cannot draw is left out rather than drawn as empty boxes.
    """
    items: list[QGraphicsItem] = []
    if not labels:
        return items
    step = band.width() / len(labels)
    for index, text in enumerate(labels):
        font = _label_font(text, unit)
        if font is None:
            continue
        path = QPainterPath()
        path.addText(0, 0, font, text)
        bounds = path.boundingRect()
        centre = QPointF(band.left() + (index + 0.5) * step, band.center().y())
        path.translate(centre.x() - bounds.center().x(), centre.y() - bounds.center().y())
        item = QGraphicsPathItem(path)
        item.setBrush(_RIVER_INK)
        item.setPen(QPen(Qt.PenStyle.NoPen))
        item.setToolTip(text)
        item.setData(0, text)
        items.append(item)
    return items


def check_item(centre: QPointF, radius: float) -> QGraphicsItem:
    """The mark under an attacked royal piece: a red glow fading outwards, with a red ring."""
    from PySide6.QtGui import QRadialGradient

    gradient = QRadialGradient(QPointF(0, 0), radius)
    inner = QColor(CHECK_COLOUR)
    inner.setAlpha(230)
    outer = QColor(CHECK_COLOUR)
    outer.setAlpha(0)
    gradient.setColorAt(0.0, inner)
    gradient.setColorAt(0.55, inner)
    gradient.setColorAt(1.0, outer)
    glow = QGraphicsEllipseItem(QRectF(-radius, -radius, 2 * radius, 2 * radius))
    glow.setPos(centre)
    glow.setBrush(QBrush(gradient))
    glow.setPen(QPen(Qt.PenStyle.NoPen))
    glow.setToolTip("Check: this royal piece is attacked")
    glow.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return glow


def _label_font(text: str, unit: float) -> QFont | None:
    if text.isascii():
        font = QFont()
    else:
        from PySide6.QtGui import QFontDatabase  # as QRadialGradient above

        families = QFontDatabase.families(QFontDatabase.WritingSystem.TraditionalChinese) or \
            QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
        font = QFont(families[0]) if families else QFont()
    font.setPixelSize(int(unit * 0.42))
    metrics = QFontMetrics(font)
    if not all(metrics.inFontUcs4(ord(character)) for character in text if not character.isspace()):
        return None
    return font
