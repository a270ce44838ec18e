"""The board's ground, under its pieces: cells (checkered or plain, each level framed), or points
joined by the lines of the directions ``draw.lines`` names, a river across them and its labels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsLineItem, QGraphicsRectItem, QGraphicsScene

from dagaz_studio.board.model import Board
from dagaz_studio.gui.board_view.levels import LevelGrid
from dagaz_studio.gui.board_view.marks import river_label_items
from dagaz_studio.gui.board_view.orientation import ZoomFlip
from dagaz_studio.gui.board_view.style import (
    DARK_CELL,
    INK,
    LIGHT_CELL,
    PLAIN_CELL,
    POINTS_BOARD,
    RIVER,
    UNIT,
    Z_BOARD,
    Z_LABELS,
    Z_LINES,
    Z_NODES,
)
from dagaz_studio.gui.board_view.surfaces import surface_colour
from dagaz_studio.gui.lazy_qt import Qt, no_pen, pen, solid_brush


@dataclass
class Ground:
    """The items drawn: each square's cell or point (by square), the lines, the river's labels."""

    squares: dict[int, QGraphicsItem] = field(default_factory=dict)
    lines: list[QGraphicsLineItem] = field(default_factory=list)
    river_labels: list[QGraphicsItem] = field(default_factory=list)


def draw_ground(scene: QGraphicsScene, board: Board, levels: LevelGrid, board_rect: QRectF,
                centre_of: Callable[[int], QPointF], orientation: ZoomFlip) -> Ground:
    """Draw ``board``'s cells or points into ``scene`` (``centre_of`` places a square, as the view
    draws it: flipped or not, on its level); returns the items drawn."""
    ground = Ground()
    if board.draw.style == "points":
        _points(scene, board, board_rect, centre_of, orientation, ground)
    else:
        _cells(scene, board, levels, centre_of, ground)
    return ground


def _cells(scene: QGraphicsScene, board: Board, levels: LevelGrid, centre_of: Callable[[int], QPointF], ground: Ground) -> None:
    for level in range(levels.levels):
        left, top = levels.origin(level)
        level_rect = QRectF(left * UNIT, top * UNIT, len(board.column_names) * UNIT, len(board.row_names) * UNIT)
        frame = scene.addRect(level_rect.adjusted(-UNIT * 0.04, -UNIT * 0.04, UNIT * 0.04, UNIT * 0.04),
                              no_pen(), solid_brush(INK))
        frame.setZValue(Z_BOARD)
    surface = surface_colour(board)
    dark_cell, light_cell, plain_cell = (solid_brush(colour) for colour in (DARK_CELL, LIGHT_CELL, surface or PLAIN_CELL))
    for square, (column, row) in enumerate(zip(board.column_of, board.row_of)):
        if board.draw.checkered:
            # The bottom-left cell is dark, as on a chess board, whatever the grid's size.
            dark = (column + (len(board.row_names) - 1 - row)) % 2 == 0
            brush = dark_cell if dark else light_cell
            cell_pen = no_pen()
        else:
            brush = plain_cell
            cell_pen = pen(INK, UNIT * (0.025 if surface else 0.015))
        centre = centre_of(square)
        cell = QGraphicsRectItem(QRectF(centre.x() - UNIT / 2, centre.y() - UNIT / 2, UNIT, UNIT))
        cell.setBrush(brush)
        cell.setPen(cell_pen)
        cell.setZValue(Z_NODES)
        cell.setData(0, square)
        cell.setToolTip(board.squares[square])
        scene.addItem(cell)
        ground.squares[square] = cell

def _points(scene: QGraphicsScene, board: Board, board_rect: QRectF, centre_of: Callable[[int], QPointF],
            orientation: ZoomFlip, ground: Ground) -> None:
    background = scene.addRect(board_rect, no_pen(), POINTS_BOARD)
    background.setZValue(Z_BOARD)
    line_pen = QPen(INK, UNIT * 0.025, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)

    river = board.draw.river
    if river is not None:
        top, bottom = min(river), max(river)
        if orientation.flipped:
            top, bottom = len(board.row_names) - 1 - bottom, len(board.row_names) - 1 - top
        band = QRectF(board_rect.left(), (top + 0.5) * UNIT, board_rect.width(), (bottom - top) * UNIT)
        water = scene.addRect(band.adjusted(UNIT * 0.5, UNIT * 0.04, -UNIT * 0.5, -UNIT * 0.04), no_pen(), RIVER)
        water.setZValue(Z_BOARD)
        for label in river_label_items(board.draw.river_labels, band, UNIT):
            label.setZValue(Z_LABELS)
            scene.addItem(label)
            ground.river_labels.append(label)
    edge_columns = {min(board.column_of, default=0), max(board.column_of, default=0)}

    drawn: set[frozenset[int]] = set()
    for letter in board.draw.lines:
        table = board.directions.get(letter)
        if table is None:
            continue
        for square, neighbour in enumerate(table):
            if neighbour is None or neighbour == square:
                continue
            link = frozenset((square, neighbour))
            if link in drawn:
                continue
            drawn.add(link)
            if river is not None and _crosses_river(board, square, neighbour, river, edge_columns):
                continue
            _add_line(scene, centre_of(square), centre_of(neighbour), line_pen, ground)

    for column0, row0, column1, row1 in board.draw.diagonals:
        cells = [orientation.flip_cell(board, c, r) for c, r in ((column0, row0), (column1, row1), (column0, row1), (column1, row0))]
        corners = [QPointF((c + 0.5) * UNIT, (r + 0.5) * UNIT) for c, r in cells]
        _add_line(scene, corners[0], corners[1], line_pen, ground)
        _add_line(scene, corners[2], corners[3], line_pen, ground)

    # Points are where pieces stand and where clicks land; drawn small so the lines read first.
    radius = UNIT * 0.05
    for square in range(len(board.squares)):
        centre = centre_of(square)
        node = QGraphicsEllipseItem(QRectF(-radius, -radius, 2 * radius, 2 * radius))
        node.setPos(centre)
        node.setBrush(INK)
        node.setPen(no_pen())
        node.setZValue(Z_NODES)
        node.setData(0, square)
        node.setToolTip(board.squares[square])
        scene.addItem(node)
        ground.squares[square] = node

def _crosses_river(board: Board, a: int, b: int, river: tuple[int, int], edge_columns: set[int]) -> bool:
    top, bottom = min(river), max(river)
    rows = sorted((board.row_of[a], board.row_of[b]))
    if not (rows[0] <= top and rows[1] >= bottom):
        return False
    # Only the board's side lines bridge the river.
    return not (board.column_of[a] == board.column_of[b] and board.column_of[a] in edge_columns)

def _add_line(scene: QGraphicsScene, start: QPointF, end: QPointF, pen: QPen, ground: Ground) -> None:
    line = scene.addLine(start.x(), start.y(), end.x(), end.y(), pen)
    line.setZValue(Z_LINES)
    ground.lines.append(line)
