"""Heaps and columns drawn on their squares (``kind: heap`` and ``kind: stack`` boards).

A heap is a pit holding its seeds, each type in its own colour, with the count written under it
(``4``, or each type's count for a mixed heap: ``2w 1r``). A column is drawn from the side: its
pieces as discs stacked upward, each rim in its side's colour, the top one in front with its letter,
and the column's height on a tag in the square's corner when it holds more than one piece.

What the view draws differently for a kind, it reads from the kind's :class:`KindDrawing` in
:data:`DRAWINGS`, keyed by the board's kind object (:mod:`dagaz_studio.board.kinds`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem

from dagaz_studio.board.kinds import DEFAULT, HEAP, STACK, BoardKind
from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.engine import Column, Heap
from dagaz_studio.gui.lazy_qt import Qt

#: What a square of a heap or stack board holds, as the view draws it: the board's kind and its
#: parts, ``((letter, count), …)`` of a heap in board order or ``((player, letter), …)`` of a
#: column from the top down.
Contents = tuple[BoardKind, tuple[tuple[int | str, int | str], ...]]
ContentsMap = Mapping[int, Contents]

#: Seed colours, one a piece type in board order.
SEED_COLOURS = ("#e9dcc0", "#b8271f", "#1f4fa8", "#23744a", "#e8c42a", "#6b3fa0")

#: At most this many seeds are drawn in a pit; the count says how many there are.
SEEDS_DRAWN = 24

#: How many discs of a column are drawn, and how far up each one stands (in grid units).
DISCS_DRAWN = 8
DISC_RISE = 0.12


def _text(text: str, centre: QPointF, size: float, colour: QColor, parent: QGraphicsItem) -> QGraphicsPathItem:
    font = QFont()
    font.setPixelSize(max(1, int(size)))
    font.setBold(True)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, text)
    bounds = path.boundingRect()
    path.translate(centre.x() - bounds.center().x(), centre.y() - bounds.center().y())
    item = QGraphicsPathItem(path, parent)
    item.setBrush(colour)
    item.setPen(QPen(QColor(0, 0, 0, 160), size * 0.05))
    return item


def heap_item(centre: QPointF, counts: Sequence[tuple[str, int]], unit: float) -> QGraphicsItem:
    """A pit with its seeds and their count."""
    radius = unit * 0.42
    pit = QGraphicsEllipseItem(QRectF(-radius, -radius, 2 * radius, 2 * radius))
    pit.setPos(centre)
    pit.setBrush(QColor("#6e4a2a"))
    pit.setPen(QPen(QColor("#2b2118"), unit * 0.03))
    seeds: list[int] = []
    for kind, (_letter, count) in enumerate(counts):
        seeds += [kind] * count
    shown = seeds[:SEEDS_DRAWN]
    seed = unit * 0.06
    for i, kind in enumerate(shown):
        # A sunflower spiral keeps any number of seeds spread evenly inside the pit.
        r = radius * 0.56 * math.sqrt((i + 0.5) / max(len(shown), 1))
        angle = i * 2.39996
        x, y = r * math.cos(angle), r * math.sin(angle) - unit * 0.09
        dot = QGraphicsEllipseItem(QRectF(x - seed, y - seed, 2 * seed, 2 * seed), pit)
        dot.setBrush(QColor(SEED_COLOURS[kind % len(SEED_COLOURS)]))
        dot.setPen(QPen(QColor("#2b2118"), unit * 0.01))
    held = [(letter, count) for letter, count in counts if count]
    label = str(sum(count for _, count in held)) if len(held) <= 1 else " ".join(f"{n}{letter}" for letter, n in held)
    _text(label, QPointF(0, radius * 0.62), unit * (0.2 if len(held) <= 1 else 0.15), QColor("#f7f4ec"), pit)
    pit.setToolTip(f"{sum(c for _, c in held)} pieces" + ("" if len(held) <= 1 else f": {label}"))
    return pit


def column_item(centre: QPointF, pieces: Sequence[tuple[int, str]], colour: Callable[[int], QColor],
                unit: float) -> QGraphicsItem:
    """A column seen from the side: its pieces as flat discs stacked upward, each one's rim showing
    its side's colour, the top piece in front with its letter. The height is a separate item
    (:func:`height_badge`), so that it can stand above the marks drawn over the board."""
    radius = unit * 0.36
    shown = list(pieces[:DISCS_DRAWN])
    flat = radius * 0.5  # half the height of a disc's face as seen from the side
    # Spread the discs over at most half a cell, however many there are, so every rim shows.
    rise = min(unit * DISC_RISE, unit * 0.42 / max(len(shown) - 1, 1))
    base = (len(shown) - 1) * rise / 2 + flat * 0.3
    root = QGraphicsEllipseItem(QRectF(0, 0, 0, 0))
    root.setPos(centre)
    root.setPen(QPen(Qt.PenStyle.NoPen))
    for depth in range(len(shown) - 1, -1, -1):  # the bottom piece first, the top one last (in front)
        player, letter = shown[depth]
        y = base - (len(shown) - 1 - depth) * rise
        face = colour(player)
        edge = QColor("#2b2118") if face.lightnessF() > 0.5 else QColor("#d9d2c3")
        # The disc's side: a band under its face, as thick as the rise, darker than the face.
        side = QPainterPath()
        side.addRoundedRect(QRectF(-radius, y, 2 * radius, rise + flat * 0.25), radius * 0.2, radius * 0.2)
        band = QGraphicsPathItem(side, root)
        band.setBrush(face.darker(125))
        band.setPen(QPen(edge, unit * 0.02))
        disc = QGraphicsEllipseItem(QRectF(-radius, y - flat, 2 * radius, 2 * flat), root)
        disc.setBrush(face)
        disc.setPen(QPen(edge, unit * 0.025))
        if depth == 0:
            ink = QColor("#2b2118") if face.lightnessF() > 0.55 else QColor("#f7f4ec")
            label = _text(letter.upper(), QPointF(0, y), unit * 0.3, ink, root)
            label.setPen(QPen(Qt.PenStyle.NoPen))
    root.setToolTip(" / ".join(letter for _, letter in pieces) + " (from the top down)")
    return root


def height_badge(centre: QPointF, height: int, unit: float) -> QGraphicsItem:
    """A column's height in the upper left corner of its square, light on a dark tag, so that it
    reads on light and dark squares and beside the marks of a selection or a move."""
    size = unit * 0.3
    width = size * (1.0 if height < 10 else 1.5)
    corner = QPointF(centre.x() - unit * 0.47, centre.y() - unit * 0.47)
    path = QPainterPath()
    path.addRoundedRect(QRectF(corner.x(), corner.y(), width, size), size * 0.25, size * 0.25)
    tag = QGraphicsPathItem(path)
    tag.setBrush(QColor("#1d1f24"))
    tag.setPen(QPen(QColor("#f7f4ec"), unit * 0.015))
    number = _text(str(height), QPointF(corner.x() + width / 2, corner.y() + size / 2), size * 0.8,
                   QColor("#f7f4ec"), tag)
    number.setPen(QPen(Qt.PenStyle.NoPen))
    tag.setToolTip(f"a column of {height}")
    return tag


def cells_contents(board: Board, kinds: Sequence[PieceType], cells: Mapping[int, object],
                   unknown: str = "*") -> dict[int, Contents]:
    """The heaps and columns among ``cells`` (square -> what it holds) as the board view draws them,
    their pieces' letters read from ``kinds`` (a kind not among them, a typed notation's piece, is
    lettered ``unknown``): see :func:`position_contents`."""
    board_kind = board.kind_type
    if board_kind.holds_pieces:
        return {}

    def letter(kind: int, player: int | None = None) -> str:
        known = kinds[kind].letter if 0 <= kind < len(kinds) else unknown
        return known if player is None else known.upper() if player == 0 else known.lower()

    out: dict[int, Contents] = {}
    for square, cell in cells.items():
        if isinstance(cell, Heap):
            out[square] = (board_kind, tuple((letter(k), n) for k, n in enumerate(cell.counts)))
        elif isinstance(cell, Column):
            out[square] = (board_kind, tuple((player, letter(kind, player)) for player, kind in cell.pieces))
    return out


def contents_item(centre: QPointF, contents: Contents, colour: Callable[[int], QColor],
                  unit: float) -> QGraphicsItem:
    """The item drawing a square's heap or column."""
    kind, parts = contents
    draw = drawing(kind).contents
    if draw is None:
        raise ValueError(f"a board of kind {kind.name} holds pieces, drawn as pieces")
    return draw(centre, parts, colour, unit)


def _heap_contents(centre: QPointF, parts: Sequence[tuple[int | str, int | str]], _colour: Callable[[int], QColor],
                   unit: float) -> QGraphicsItem:
    return heap_item(centre, [(str(letter), int(count)) for letter, count in parts], unit)


def _column_contents(centre: QPointF, parts: Sequence[tuple[int | str, int | str]], colour: Callable[[int], QColor],
                     unit: float) -> QGraphicsItem:
    return column_item(centre, [(int(player), str(letter)) for player, letter in parts], colour, unit)


@dataclass(frozen=True)
class KindDrawing:
    """What the view draws differently on a board of a kind."""

    #: The item drawing a square's contents (the centre, its parts, a player's colour, the unit);
    #: ``None`` for a kind whose squares hold single pieces, drawn as pieces.
    contents: Callable[[QPointF, Sequence[tuple[int | str, int | str]], Callable[[int], QColor], float],
                       QGraphicsItem] | None = None
    #: A square holding more than one piece shows how many on a tag (:func:`height_badge`).
    counts_height: bool = False
    #: The coordinates are always drawn: a heap board's pits are named in its moves (a1-f1) but
    #: hold no letters to read them by.
    names_squares: bool = False
    #: The rows' owners (``draw: owners``) and the players' stores are drawn beside the board.
    shows_owners: bool = False


#: Each board kind's drawing; a kind not listed is drawn as the default board is.
DRAWINGS: dict[BoardKind, KindDrawing] = {
    DEFAULT: KindDrawing(),
    HEAP: KindDrawing(_heap_contents, names_squares=True, shows_owners=True),
    STACK: KindDrawing(_column_contents, counts_height=True),
}


def drawing(kind: BoardKind) -> KindDrawing:
    """How the view draws a board of ``kind``."""
    return DRAWINGS.get(kind, DRAWINGS[DEFAULT])
