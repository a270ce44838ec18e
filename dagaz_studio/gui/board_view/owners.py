"""Whose rows and stores are whose on a heap board: beside each player's row of pits (``draw:
owners``), the player's name and the seeds in the player's store (the pieces a move took off the
board, kept in the position's hands), as the store stands at the end of a mancala board."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsSimpleTextItem

from dagaz_studio.board.model import Board
from dagaz_studio.engine import has_stores
from dagaz_studio.gui.board_view.kinds import drawing
from dagaz_studio.gui.lazy_qt import Qt

#: How far right of the board the stores stand, and how wide they are, in grid units.
STORE_GAP = 0.7
STORE_WIDTH = 1.6


def shows_owners(board: Board) -> bool:
    """Whether the view draws rows' owners or stores beside this board."""
    return drawing(board.kind_type).shows_owners and (bool(board.draw.owners) or has_stores(board))


def room(board: Board, board_rect: QRectF, unit: float) -> QRectF:
    """The board's rectangle widened by the stores' column, when the board has one."""
    if not shows_owners(board):
        return board_rect
    return board_rect.adjusted(0, 0, (STORE_GAP + STORE_WIDTH) * unit + unit * 0.12, 0)


def _row_centre(board: Board, player: str, centre: Callable[[int], QPointF]) -> float | None:
    squares = [s for s in range(len(board.squares)) if board.owner(s) == player]
    if not squares:
        return None
    return sum(centre(s).y() for s in squares) / len(squares)


def owner_items(board: Board, stores: Sequence[int], board_rect: QRectF, centre: Callable[[int], QPointF],
                unit: float, flipped: bool = False) -> list[QGraphicsItem]:
    """For each player, a box right of the board beside the player's row: the name and, where the
    board keeps stores, the count in the store. ``stores``: each player's store (empty: none kept);
    ``centre``: a square's centre as drawn (so that a flipped view keeps names by their rows)."""
    if not shows_owners(board):
        return []
    items: list[QGraphicsItem] = []
    players = board.players[:2]
    height = min(board_rect.height() / max(len(players), 1), unit * 1.2)
    for index, player in enumerate(players):
        y = _row_centre(board, player, centre)
        if y is None:  # no rows owned: the first player's store at the bottom, as hands stand
            bottom = (index == 0) != flipped
            y = board_rect.bottom() - height / 2 if bottom else board_rect.top() + height / 2
        box = QGraphicsRectItem(QRectF(board_rect.right() + STORE_GAP * unit, y - height / 2 + unit * 0.05,
                                       STORE_WIDTH * unit, height - unit * 0.1))
        box.setBrush(QColor("#4a4f57"))
        box.setPen(QPen(QColor("#2b2118"), unit * 0.02))
        name = _text(player, unit * 0.24, box)
        lines: list[QGraphicsSimpleTextItem] = [name]
        if stores:
            held = stores[index] if index < len(stores) else 0
            lines.append(_text(str(held), unit * 0.42, box))
            box.setToolTip(f"{player}'s row and store: {held} captured")
        else:
            box.setToolTip(f"{player}'s row")
        _stack(lines, box.rect())
        items.append(box)
    return items


def _text(text: str, size: float, parent: QGraphicsItem) -> QGraphicsSimpleTextItem:
    font = QFont()
    font.setPixelSize(max(1, int(size)))
    font.setBold(True)
    item = QGraphicsSimpleTextItem(text, parent)
    item.setFont(font)
    item.setBrush(QColor("#f7f4ec"))
    item.setPen(QPen(Qt.PenStyle.NoPen))
    return item


def _stack(lines: Sequence[QGraphicsSimpleTextItem], rect: QRectF) -> None:
    """Centre ``lines`` one under the other in ``rect``, each shrunk to its width when too wide."""
    heights = [line.boundingRect().height() for line in lines]
    y = rect.center().y() - sum(heights) / 2
    for line, height in zip(lines, heights):
        width = line.boundingRect().width()
        scale = min(1.0, rect.width() * 0.9 / width) if width else 1.0
        line.setScale(scale)
        line.setPos(rect.center().x() - width * scale / 2, y + height * (1 - scale) / 2)
        y += height
