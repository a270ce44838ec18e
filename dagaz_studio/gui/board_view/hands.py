"""Pieces in hand, drawn beside the board: where each player's pieces go and their counts.

The hands stand in a column right of the board, the second player's from the top down and the
first player's from the bottom up, as they sit at the table, each player's name at their end. Each kind held is one piece with its
count beside it; the view draws the piece as it draws pieces on the board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem, QGraphicsSimpleTextItem

from dagaz_studio.board.model import Board
from dagaz_studio.gui.lazy_qt import Qt

#: The pieces held, as the view draws them: (player index, piece name, piece letter, count).
HandPlacement = Sequence[tuple[int, str, str, int]]

#: How far right of the board the hands' column begins, and how wide it is, in grid units.
HAND_GAP = 0.7
HAND_WIDTH = 1.5


def hand_centres(hands: HandPlacement, columns: float, rows: int, unit: float, flipped: bool = False) -> list[QPointF]:
    """Where each held kind's piece is drawn, in the order of ``hands``; ``flipped``: the board is
    drawn half turned round, so the first player's hand is at the top."""
    x = (columns + HAND_GAP + 0.55) * unit
    step = hand_step(hands, rows)
    placed = {0: 0, 1: 0}
    out = []
    for player, _name, _letter, _count in hands:
        slot = placed.setdefault(player, 0)
        placed[player] = slot + 1
        y = (rows - (0.5 + slot) * step) * unit if (player == 0) != flipped else (0.5 + slot) * step * unit
        out.append(QPointF(x, y))
    return out


def hand_owner(board: Board, columns: float, unit: float, scene_pos: QPointF, flipped: bool = False) -> int | None:
    """Whose hand the tray beside a board ``columns`` units wide shows at a scene position: the first
    player's half is the bottom one, unless the board is drawn turned round; ``None`` off the tray or
    on a board without hands."""
    if not board.has_hands:
        return None
    left, height = (columns + HAND_GAP) * unit, len(board.row_names) * unit
    if not (left <= scene_pos.x() <= left + HAND_WIDTH * unit and 0 <= scene_pos.y() <= height):
        return None
    return 0 if (scene_pos.y() > height / 2) != flipped else 1


def held_at(items: dict[tuple[int, str], QGraphicsItem], scene_pos: QPointF, unit: float) -> tuple[int, str] | None:
    """The piece in hand (player, name) whose item of :func:`hand_items` stands at a scene position."""
    for key, item in items.items():
        centre, half = item.data(1), item.data(2)
        if not isinstance(half, float):
            half = unit * 0.5
        if isinstance(centre, QPointF) and max(abs(scene_pos.x() - centre.x()), abs(scene_pos.y() - centre.y())) <= half:
            return key
    return None


def hand_step(hands: HandPlacement, rows: int) -> float:
    """How far apart held pieces stand, in squares: one, or less when more kinds are held than the tray
    has squares (placement chess starts with ten), so that none hides another; they shrink alike."""
    return min(1.0, rows / len(hands)) if hands else 1.0


def count_item(count: int, centre: QPointF, unit: float) -> QGraphicsItem:
    """The count of a held kind, written right of its piece (``×2``; ``×∞`` for -1, always held)."""
    font = QFont()
    font.setPixelSize(int(unit * 0.32))
    font.setBold(True)
    path = QPainterPath()
    path.addText(QPointF(centre.x() + unit * 0.44, centre.y() + unit * 0.38), font,
                 "×∞" if count < 0 else f"×{count}")
    item = QGraphicsPathItem(path)
    item.setBrush(QColor("#f7f4ec"))
    item.setPen(QPen(Qt.PenStyle.NoPen))
    return item


def hand_frame(columns: float, rows: int, unit: float) -> QGraphicsItem:
    """The tray the hands stand in."""
    rect = QRectF((columns + HAND_GAP) * unit, 0, HAND_WIDTH * unit, rows * unit)
    tray = QGraphicsRectItem(rect)
    tray.setBrush(QColor("#4a4f57"))
    tray.setPen(QPen(QColor("#2b2118"), unit * 0.02))
    return tray


#: The room above and below the hands' tray, in grid units, for the name of whose hand each end is.
OWNER_ROOM = 0.45


def owner_labels(board: Board, columns: float, rows: int, unit: float, flipped: bool = False) -> list[QGraphicsItem]:
    """Whose hand is whose: each player's name at the end of the tray where their pieces gather (the
    first player's at the bottom, unless the board is drawn turned round)."""
    font = QFont()
    font.setPixelSize(int(unit * 0.28))
    font.setBold(True)
    labels: list[QGraphicsItem] = []
    left = (columns + HAND_GAP) * unit
    for player, name in enumerate(board.players[:2]):
        label = QGraphicsSimpleTextItem(name)
        label.setFont(font)
        label.setBrush(QColor("#f7f4ec"))
        label.setToolTip(f"{name}'s pieces in hand")
        box = label.boundingRect()
        # Shrunk to the tray's width when a long name would pass it.
        scale = min(1.0, HAND_WIDTH * unit / max(box.width(), 1.0))
        label.setScale(scale)
        at_bottom = (player == 0) != flipped
        y = rows * unit + unit * 0.06 if at_bottom else -unit * 0.06 - box.height() * scale
        label.setPos(left + (HAND_WIDTH * unit - box.width() * scale) / 2, y)
        label.setData(0, f"hand-owner:{player}")
        labels.append(label)
    return labels


def selected_frame(centre: QPointF, unit: float) -> QGraphicsItem:
    """The frame around the held piece whose drops are shown."""
    half = unit * 0.48
    frame = QGraphicsRectItem(QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half))
    frame.setBrush(Qt.BrushStyle.NoBrush)
    frame.setPen(QPen(QColor("#F0E442"), unit * 0.06))
    return frame


def hand_items(board: Board, hands: HandPlacement, selected: tuple[int, str] | None, width: float, unit: float,
               piece_item: Callable[[QPointF, int, str, str], QGraphicsItem],
               layers: tuple[float, float, float, float],
               flipped: bool = False) -> tuple[dict[tuple[int, str], QGraphicsItem], list[QGraphicsItem]]:
    """The items drawing the hands beside a board ``width`` units wide: each held kind's piece by
    (player, name), its centre in the item's data 1 (for hit tests), and the rest (the tray, counts,
    the selected frame). ``piece_item`` draws a piece as the board does; ``layers`` are the z values
    of the tray, the pieces, the counts and the frame; ``flipped`` as for :func:`hand_centres`."""
    tray_z, piece_z, count_z, frame_z = layers
    rows = len(board.row_names)
    tray = hand_frame(width, rows, unit)
    tray.setZValue(tray_z)
    extras: list[QGraphicsItem] = [tray]
    for label in owner_labels(board, width, rows, unit, flipped):
        label.setZValue(count_z)
        extras.append(label)
    pieces: dict[tuple[int, str], QGraphicsItem] = {}
    step = hand_step(hands, rows)
    for (player, name, letter, count), centre in zip(hands, hand_centres(hands, width, rows, unit, flipped)):
        item = piece_item(centre, player, name, letter)
        item.setZValue(piece_z)
        item.setData(1, centre)
        item.setData(2, unit * step / 2)  # how far from the centre a click still takes it
        if step < 1:
            item.setTransformOriginPoint(item.mapFromScene(centre))
            item.setScale(step)
        owner = board.players[player] if player < len(board.players) else str(player)
        held = "always" if count < 0 else str(count)
        item.setToolTip(f"{name} in {owner}'s hand ({held}): click to see its drops, right-click to add or take one")
        pieces[(player, name)] = item
        if count > 1 or count < 0:
            label = count_item(count, centre, unit * step)
            label.setZValue(count_z)
            extras.append(label)
        if selected == (player, name):
            frame = selected_frame(centre, unit * step)
            frame.setZValue(frame_z)
            extras.append(frame)
    return pieces, extras
