"""Boards drawn as their players know them beyond the usual cells: a surface in the board's own
colour (Othello's green baize, from ``draw: surface``) and pieces drawn as blocks filling their cell
(the Amazons' arrows, walls; ``draw: blocks``)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem

from dagaz_studio.board import Board

#: The block's colour: neutral, since a block stands for no player's army.
BLOCK_COLOUR = QColor("#5b4636")


def surface_colour(board: Board) -> QColor | None:
    """The colour the board file gives its cells (``draw: surface seagreen``), if Qt knows the name."""
    name = board.draw.surface
    if name is None or not QColor.isValidColorName(name):
        return None
    return QColor(name)


def is_block(board: Board, piece_name: str) -> bool:
    """Whether pieces of this type are drawn as blocks (``draw: blocks Arrow``)."""
    return piece_name in board.draw.blocks


def block_item(centre: QPointF, unit: float) -> QGraphicsItem:
    """A block filling most of its cell, lit from the upper left, with a dark edge."""
    half = unit * 0.43
    block = QGraphicsRectItem(QRectF(-half, -half, 2 * half, 2 * half))
    block.setPos(centre)
    from PySide6.QtGui import QLinearGradient  # readied here: most boards draw no block

    gradient = QLinearGradient(QPointF(-half, -half), QPointF(half, half))
    gradient.setColorAt(0.0, BLOCK_COLOUR.lighter(150))
    gradient.setColorAt(1.0, BLOCK_COLOUR.darker(130))
    block.setBrush(gradient)
    block.setPen(QPen(QColor("#1d1610"), unit * 0.03))
    return block
