"""Clicks and drags on a board view: a left click on a square, a piece in hand or a hand, a piece
carried from one square to another, and a context menu asked for, told to the view's signals."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPoint, QPointF, SignalInstance
from PySide6.QtGui import QContextMenuEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsItem

from dagaz_studio.gui.board_view.style import Z_HIGHLIGHTS, Z_PIECES
from dagaz_studio.gui.lazy_qt import Qt


class PointedView(Protocol):
    """What the pointer asks of the board view it serves (the view owns it, so the pointer knows the
    view by these alone)."""

    squareClicked: SignalInstance
    pieceDragged: SignalInstance
    handClicked: SignalInstance
    handTrayClicked: SignalInstance
    squareContextMenuRequested: SignalInstance
    handContextMenuRequested: SignalInstance

    def square_at(self, scene_pos: QPointF) -> int | None: ...
    def hand_at(self, scene_pos: QPointF) -> tuple[int, str] | None: ...
    def hand_owner_at(self, scene_pos: QPointF) -> int | None: ...
    def piece_items(self) -> dict[int, QGraphicsItem]: ...
    def square_centre(self, square: int) -> QPointF: ...
    def mapToScene(self, point: QPoint) -> QPointF: ...  # noqa: N802 - Qt's name


class PointerInput:
    """The mouse on a board view (owned by it): the view hands each press, move and release here, and
    lets Qt have those that come back ``False``."""

    def __init__(self, view: PointedView) -> None:
        self._view = view
        # A press on a piece may become a drag: where it began, and the square once the drag started.
        self._press: tuple[int, QPointF] | None = None
        self._dragging: int | None = None

    def pressed(self, event: QMouseEvent) -> bool:
        """A left click on a square: ``squareClicked`` (and a drag may start); on a piece in hand:
        ``handClicked``; elsewhere on a hand: ``handTrayClicked``. Returns whether the event was taken."""
        view = self._view
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        square = view.square_at(view.mapToScene(event.position().toPoint()))
        if square is not None:
            self._press = (square, event.position()) if square in view.piece_items() else None
            self._dragging = None
            view.squareClicked.emit(square)
            event.accept()
            return True
        held = view.hand_at(view.mapToScene(event.position().toPoint()))
        if held is not None:
            view.handClicked.emit(*held)
            event.accept()
            return True
        owner = view.hand_owner_at(view.mapToScene(event.position().toPoint()))
        if owner is not None:
            view.handTrayClicked.emit(owner)
            event.accept()
            return True
        return False

    def moved(self, event: QMouseEvent) -> bool:
        """Carry a pressed piece with the pointer once it has moved far enough to be a drag."""
        view = self._view
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return False
        origin, start = self._press
        if self._dragging is None:
            if (event.position() - start).manhattanLength() < QApplication.startDragDistance():
                return True
            self._dragging = origin
        item = view.piece_items().get(origin)
        if item is not None:
            item.setZValue(Z_HIGHLIGHTS + 1)
            offset = view.mapToScene(event.position().toPoint()) - view.square_centre(origin)
            item.setTransform(item.transform().fromTranslate(offset.x(), offset.y()))
        event.accept()
        return True

    def released(self, event: QMouseEvent) -> bool:
        """End a drag on a square: ``pieceDragged``. The piece goes back until the position changes."""
        view = self._view
        if event.button() != Qt.MouseButton.LeftButton or self._dragging is None:
            self._press = None
            return False
        origin = self._dragging
        self._press, self._dragging = None, None
        item = view.piece_items().get(origin)
        if item is not None:
            item.setTransform(item.transform().fromTranslate(0, 0))
            item.setZValue(Z_PIECES)
        target = view.square_at(view.mapToScene(event.position().toPoint()))
        if target is not None and target != origin:
            view.pieceDragged.emit(origin, target)
        event.accept()
        return True

    def context_menu(self, event: QContextMenuEvent) -> bool:
        """A context menu asked for on a square: ``squareContextMenuRequested``; on a piece in hand:
        ``handContextMenuRequested``. Returns whether the event was taken."""
        view = self._view
        at = view.mapToScene(event.pos())
        square = view.square_at(at)
        if square is not None:
            view.squareContextMenuRequested.emit(square, event.globalPos())
        else:
            held = view.hand_at(at)
            if held is None:
                return False
            view.handContextMenuRequested.emit(*held, event.globalPos())
        event.accept()
        return True
