"""The trace step drawn over the board: the cursor, the step being taken, the piece in hand, the
captures so far, and whether the check on a square passed.

:class:`QtBoardView` keeps one :class:`TraceStep` (``set_trace_step``) and asks
:func:`trace_step_items` for its items whenever it redraws; the marks are drawn in black and white
(with shapes: corner brackets, an arrow, hatching, ✔/✘) so that they never read as move highlights.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from dagaz_studio.board.model import Board
from dagaz_studio.gui.board_view.kinds import Contents, cells_contents
from dagaz_studio.gui.lazy_qt import Qt

if TYPE_CHECKING:
    from dagaz_studio.engine import Piece, StepBoard, TraceEvent


class SquareGeometry(Protocol):
    """Where a board view draws its squares (the view passes itself)."""

    @property
    def board(self) -> Board | None:
        """The board shown, if any."""

    def square_centre(self, square: int) -> QPointF:
        """The centre of ``square`` in scene coordinates."""

#: Above the move highlights and a dragged piece.
Z_TRACE = 20


@dataclass(frozen=True)
class TraceStep:
    """What one trace event shows on the board.

    ``cursor``: where the run is; ``target``: where a step goes from the cursor (an arrow);
    ``checked``: a square a check looked at, with ``ok`` telling whether it passed; ``hand``: the
    pieces in hand; ``captures``: the squares captured so far.
    """

    cursor: int | None
    target: int | None = None
    checked: int | None = None
    ok: bool = True
    hand: tuple[str, ...] = ()
    captures: tuple[int, ...] = ()

    @classmethod
    def from_event(cls, event: TraceEvent) -> TraceStep:
        """The step an interpreter trace event shows (a step's event is recorded before it moves)."""
        target = event.square if event.kind == "step" else None
        checked = event.square if event.kind in ("check", "capture", "lift", "put", "promote") else None
        return cls(event.cursor, target, checked, event.ok, event.hand, event.captures)


#: A piece as the view draws it: (player index, piece name, piece letter).
DrawnPiece = tuple[int, str, str]


@dataclass(frozen=True)
class StepPieces:
    """The pieces as a run has them at one step, for the view to draw instead of the position's.

    ``placement``: square -> piece standing there; ``captured``: pieces taken so far (drawn faded
    where their square is now empty); ``hand``: the piece on top of the hand, drawn small at the
    cursor; ``stops``: landing points of the partial moves so far (drawn as a chain's stops);
    ``contents``: on a heap or stack board, the heap or column standing, or taken, on each of those
    squares, drawn as such rather than as its first piece.
    """

    placement: dict[int, DrawnPiece]
    captured: dict[int, DrawnPiece]
    hand: DrawnPiece | None = None
    stops: tuple[int, ...] = ()
    contents: dict[int, Contents] = field(default_factory=dict)

    @classmethod
    def at_step(cls, at: StepBoard, board: Board, unknown: str, stands_for: int | None = None) -> StepPieces:
        """The pieces of the board ``at`` a run's step, each drawn as its kind on ``board``: a kind the
        board does not have (a typed notation's piece) as the kind ``stands_for``, else named ``unknown``."""
        kinds = list(board.pieces.values())

        def drawn(piece: Piece) -> DrawnPiece:
            kind = piece.kind if 0 <= piece.kind < len(kinds) else stands_for
            if kind is not None and 0 <= kind < len(kinds):
                return piece.player, kinds[kind].name, kinds[kind].letter
            return piece.player, unknown, "?"

        # A typed piece in a column is lettered as the piece it stands for, or as the typed piece.
        typed = kinds[stands_for].letter if stands_for is not None and 0 <= stands_for < len(kinds) else "?"
        placement = {square: drawn(piece) for square, piece in enumerate(at.cells) if piece is not None}
        captured = {square: drawn(piece) for square, piece in at.captured}
        # A square emptied shows what was taken from it; one still holding a column, what is left.
        held = {**dict(at.captured), **{square: at.cells[square] for square in placement}}
        return cls(placement=placement, captured=captured, hand=drawn(at.hand[-1][0]) if at.hand else None,
                   stops=at.stops, contents=cells_contents(board, kinds, held, typed))


def held_words(hand: Sequence[str]) -> str:
    """The pieces in hand, bottom first, a run of one type counted: ``Seed ×20``, ``King, Rook``."""
    runs: list[tuple[str, int]] = []
    for name in hand:
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    return ", ".join(name if count == 1 else f"{name} ×{count}" for name, count in runs)


def _item(path: QPainterPath, pen: QPen, brush: QBrush | QColor | Qt.BrushStyle = Qt.BrushStyle.NoBrush) -> QGraphicsPathItem:
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setBrush(brush)
    item.setZValue(Z_TRACE)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return item


def trace_step_items(view: SquareGeometry, step: TraceStep, unit: float) -> list[QGraphicsItem]:
    """The items drawing ``step`` on ``view``'s board, in scene coordinates (not yet added)."""
    board = view.board
    if board is None:
        return []
    squares = range(len(board.squares))
    items: list[QGraphicsItem] = []

    for square in step.captures:
        if square in squares:
            centre = view.square_centre(square)
            path = QPainterPath()
            path.addRect(QRectF(centre.x() - unit * 0.45, centre.y() - unit * 0.45, unit * 0.9, unit * 0.9))
            hatch = QBrush(QColor(0, 0, 0, 150), Qt.BrushStyle.BDiagPattern)
            item = _item(path, QPen(QColor(0, 0, 0, 160), unit * 0.02, Qt.PenStyle.DashLine), hatch)
            item.setToolTip(f"captured so far: {board.squares[square]}")
            items.append(item)

    if step.cursor is not None and step.cursor in squares:
        centre = view.square_centre(step.cursor)
        # Corner brackets: a shape no move highlight uses, so the cursor never hides a capture ring.
        brackets = QPainterPath()
        reach, arm = unit * 0.48, unit * 0.17
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            corner = QPointF(centre.x() + sx * reach, centre.y() + sy * reach)
            brackets.moveTo(corner.x() - sx * arm, corner.y())
            brackets.lineTo(corner)
            brackets.lineTo(corner.x(), corner.y() - sy * arm)
        square_cap = Qt.PenCapStyle.SquareCap
        items.append(_item(brackets, QPen(QColor("white"), unit * 0.1, Qt.PenStyle.SolidLine, square_cap)))
        items.append(_item(brackets, QPen(QColor("black"), unit * 0.055, Qt.PenStyle.SolidLine, square_cap)))
        items[-1].setToolTip(f"the run is on {board.squares[step.cursor]}")
        if step.target is not None and step.target in squares:
            items.extend(_arrow(centre, view.square_centre(step.target), unit))
        if step.hand:
            # Below the cursor, or above it on the bottom row, so the label stays on the board.
            bottom = board.row_of[step.cursor] == max(board.row_of)
            below = QPointF(centre.x(), centre.y() + (-0.62 if bottom else 0.62) * unit)
            items.extend(_label("in hand: " + held_words(step.hand), below, unit))

    if step.checked is not None and step.checked in squares:
        corner = view.square_centre(step.checked) + QPointF(unit * 0.3, -unit * 0.3)
        badge = QPainterPath()
        badge.addEllipse(corner, unit * 0.16, unit * 0.16)
        items.append(_item(badge, QPen(QColor("black"), unit * 0.02), QColor("#ffffff") if step.ok else QColor("#111111")))
        mark = QPainterPath()
        if step.ok:  # a tick
            mark.moveTo(corner + QPointF(-unit * 0.08, 0))
            mark.lineTo(corner + QPointF(-unit * 0.02, unit * 0.07))
            mark.lineTo(corner + QPointF(unit * 0.09, -unit * 0.08))
            items.append(_item(mark, QPen(QColor("black"), unit * 0.04, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)))
        else:  # a cross
            arm = unit * 0.07
            mark.moveTo(corner + QPointF(-arm, -arm))
            mark.lineTo(corner + QPointF(arm, arm))
            mark.moveTo(corner + QPointF(-arm, arm))
            mark.lineTo(corner + QPointF(arm, -arm))
            items.append(_item(mark, QPen(QColor("white"), unit * 0.04, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)))
        items[-1].setToolTip("the check passed here" if step.ok else "the check failed here")
    return items


def _arrow(start: QPointF, end: QPointF, unit: float) -> list[QGraphicsItem]:
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return []
    ux, uy = dx / length, dy / length
    tail = QPointF(start.x() + ux * unit * 0.3, start.y() + uy * unit * 0.3)
    tip = QPointF(end.x() - ux * unit * 0.12, end.y() - uy * unit * 0.12)
    base = QPointF(tip.x() - ux * unit * 0.22, tip.y() - uy * unit * 0.22)
    left = QPointF(base.x() - uy * unit * 0.13, base.y() + ux * unit * 0.13)
    right = QPointF(base.x() + uy * unit * 0.13, base.y() - ux * unit * 0.13)
    shaft = QPainterPath()
    shaft.moveTo(tail)
    shaft.lineTo(base)
    head = QPainterPath()
    head.addPolygon(QPolygonF([tip, left, right, tip]))
    round_cap = Qt.PenCapStyle.RoundCap
    return [
        _item(shaft, QPen(QColor("white"), unit * 0.11, Qt.PenStyle.SolidLine, round_cap)),
        _item(head, QPen(QColor("white"), unit * 0.05), QColor("white")),
        _item(shaft, QPen(QColor("black"), unit * 0.06, Qt.PenStyle.SolidLine, round_cap)),
        _item(head, QPen(Qt.PenStyle.NoPen), QColor("black")),
    ]


def _label(text: str, centre: QPointF, unit: float) -> list[QGraphicsItem]:
    font = QFont()
    font.setPixelSize(int(unit * 0.2))
    font.setBold(True)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    bounds = path.boundingRect()
    path.translate(centre - bounds.center())
    box = QPainterPath()
    box.addRoundedRect(path.boundingRect().adjusted(-unit * 0.06, -unit * 0.05, unit * 0.06, unit * 0.05), unit * 0.05, unit * 0.05)
    return [_item(box, QPen(QColor("black"), unit * 0.015), QColor(255, 255, 255, 230)),
            _item(path, QPen(Qt.PenStyle.NoPen), QColor("black"))]
