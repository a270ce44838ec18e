"""Pieces as graphics items: chess-like glyphs in their side's colour, and lettered discs."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem

from dagaz_studio.gui.board_view.highlight_item import centred_text_path
from dagaz_studio.gui.board_view.outlines import family
from dagaz_studio.gui.board_view.style import INK, UNIT, is_light
from dagaz_studio.gui.lazy_qt import Qt, no_pen, pen, solid_brush


def glyph_item(forms: tuple[str, str], centre: QPointF, colour: QColor) -> QGraphicsItem:
    """A chess-like piece drawn from its symbol's two forms (outlined, solid) in its side's colour."""
    outlined, solid = forms
    font = QFont(glyph_family())
    font.setPixelSize(int(UNIT * 0.82))
    body = QGraphicsPathItem(centred_text_path(solid, font, centre))
    body.setBrush(solid_brush(colour))
    if is_light(colour):
        body.setPen(no_pen())
        # The outlined form on top gives a light piece its contour and inner lines.
        detail = QGraphicsPathItem(centred_text_path(outlined, font, centre), body)
        detail.setBrush(solid_brush(INK))
        detail.setPen(no_pen())
    else:
        # A thin light edge keeps a dark piece visible on a dark square.
        body.setPen(pen(QColor(255, 255, 255, 120), UNIT * 0.012))
    return body

def disc_item(text: str, centre: QPointF, face: QColor, ink: QColor, ring: QColor, radius: float) -> QGraphicsItem:
    """A disc lettered with ``text``, as Xiangqi and shogi pieces and unknown pieces are drawn."""
    disc = QGraphicsEllipseItem(QRectF(-radius, -radius, 2 * radius, 2 * radius))
    disc.setPos(centre)
    disc.setBrush(face)
    disc.setPen(QPen(ring, UNIT * 0.04))
    inner = QGraphicsEllipseItem(QRectF(-radius * 0.8, -radius * 0.8, radius * 1.6, radius * 1.6), disc)
    inner.setBrush(Qt.BrushStyle.NoBrush)
    inner.setPen(QPen(ring, UNIT * 0.015))
    font = QFont(cjk_family() if not text.isascii() else QFont().family())
    font.setPixelSize(int(UNIT * (0.46 if not text.isascii() else 0.4)))
    font.setBold(True)
    label = QGraphicsPathItem(centred_text_path(text, font, QPointF(0, 0)), disc)
    label.setBrush(ink)
    label.setPen(no_pen())
    return disc


def glyph_family() -> str:
    """The font chess symbols are drawn in (chosen once, and kept between starts: outlines.py)."""
    return family("glyphs", _choose_glyph_family, lambda: QFont().family())


def _choose_glyph_family() -> str | None:
    from PySide6.QtGui import QFontDatabase  # readied only when no kept choice is found (outlines.py)

    # Chess symbols are missing from many default UI fonts; prefer fonts known to carry them.
    families = set(QFontDatabase.families())
    for name in ("DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols2", "Arial Unicode MS", "FreeSerif"):
        if name in families:
            return name
    return None


def cjk_family() -> str:
    """The font Chinese and Japanese letters on discs are drawn in (chosen once, and kept)."""
    return family("cjk", _choose_cjk_family, lambda: QFont().family())


def _choose_cjk_family() -> str | None:
    from PySide6.QtGui import QFontDatabase

    families = QFontDatabase.families(QFontDatabase.WritingSystem.TraditionalChinese)
    return families[0] if families else None


def can_draw(text: str) -> bool:
    """Whether the font discs are lettered in has every character of ``text`` (else: the letter)."""
    if text.isascii():
        return True
    metrics = QFontMetrics(QFont(cjk_family()))
    return all(metrics.inFontUcs4(ord(character)) for character in text)
