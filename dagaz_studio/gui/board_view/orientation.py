"""Zooming the board view and turning the board half round.

The view fits the whole board by default; a zoom is a factor over that fit (Ctrl+wheel, Ctrl++ and
Ctrl+-, "Fit board" back to 1); a zoomed board scrolls with the wheel (Shift+wheel sideways). Flipping
draws every square at the place of the one opposite it (the board as the other side sees it): the
scene is laid out anew, so that pieces and labels stay upright.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board

#: How much one zoom step (a wheel notch, Ctrl++) enlarges the board.
ZOOM_STEP = 1.25
#: The zoom's range, as factors over the fit.
ZOOM_MIN, ZOOM_MAX = 1.0, 8.0


class ZoomFlip:
    """Zoom and flip for a :class:`QGraphicsView` that draws a board (mixed into the board view).

    The view calls :meth:`_init_orientation` when made, :meth:`_apply_zoom` after fitting the scene,
    :meth:`flip_cell` to place a square, and rebuilds its scene in :meth:`_orientation_changed`.
    """

    _zoom: float
    _flipped: bool

    def _init_orientation(self) -> None:
        self._zoom = 1.0
        self._flipped = False

    # ------------------------------------------------------------------ zoom

    @property
    def zoom(self) -> float:
        """The zoom over the fit of the whole board (1: the whole board in view)."""
        return self._zoom

    def set_zoom(self, zoom: float) -> None:
        """Zoom to ``zoom`` times the fit (kept within :data:`ZOOM_MIN` and :data:`ZOOM_MAX`)."""
        zoom = max(ZOOM_MIN, min(ZOOM_MAX, zoom))
        if abs(zoom - self._zoom) < 1e-9:
            return
        self._zoom = zoom
        self._refit()

    def zoom_in(self) -> None:
        """One step larger."""
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        """One step smaller (never smaller than the whole board)."""
        self.set_zoom(self._zoom / ZOOM_STEP)

    def fit_board(self) -> None:
        """The whole board in view again."""
        self.set_zoom(1.0)

    def _apply_zoom(self) -> None:
        """After the view fitted its scene: enlarge by the zoom. The scroll bars stay hidden (showing
        them would resize the view and fit it again); the wheel and Shift+wheel still scroll."""
        if self._zoom > 1.0:
            self._view().scale(self._zoom, self._zoom)

    def _refit(self) -> None:
        view = self._view()
        centre = view.mapToScene(view.viewport().rect().center())
        fit: Optional[Callable[[], None]] = getattr(self, "_fit", None)
        if fit is not None:
            fit()
        view.centerOn(centre)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt's name
        """Ctrl+wheel zooms about the pointer; the wheel alone scrolls a zoomed board."""
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            notches = event.angleDelta().y() / 120
            if notches:
                view = self._view()
                under = view.mapToScene(event.position().toPoint())
                self.set_zoom(self._zoom * ZOOM_STEP ** notches)
                # The point under the pointer stays under it.
                shift = view.mapToScene(event.position().toPoint()) - under
                view.centerOn(view.mapToScene(view.viewport().rect().center()) - shift)
            event.accept()
            return
        QGraphicsView.wheelEvent(self._view(), event)

    # ------------------------------------------------------------------ flip

    @property
    def flipped(self) -> bool:
        """Whether the board is drawn half turned round (as the other side sees it)."""
        return self._flipped

    def set_flipped(self, flipped: bool) -> None:
        """Draw the board half turned round (``True``) or as its file draws it."""
        if flipped != self._flipped:
            self._flipped = flipped
            self._orientation_changed()

    def flip_cell(self, board: "Board", column: float, row: float) -> tuple[float, float]:
        """Where the cell at ``column``, ``row`` (of one level) is drawn: itself, or the opposite one."""
        if not self._flipped:
            return column, row
        return len(board.column_names) - 1 - column, len(board.row_names) - 1 - row

    def _orientation_changed(self) -> None:
        raise NotImplementedError

    def _view(self) -> QGraphicsView:
        assert isinstance(self, QGraphicsView)
        return self


def orientation_actions(view: ZoomFlip, parent: QWidget) -> dict[str, QAction]:
    """View menu actions: Zoom in (Ctrl++), Zoom out (Ctrl+-), Fit board (Ctrl+0), Flip board (checkable)."""
    actions: dict[str, QAction] = {}
    for key, text, shortcut, tip, slot in (
            ("zoom_in", "Zoom &in", QKeySequence.StandardKey.ZoomIn, "Show the board larger (Ctrl+wheel)", view.zoom_in),
            ("zoom_out", "Zoom &out", QKeySequence.StandardKey.ZoomOut, "Show the board smaller, down to the whole "
             "board", view.zoom_out),
            ("fit", "&Fit board", QKeySequence("Ctrl+0"), "The whole board in view", view.fit_board)):
        action = QAction(text, parent)
        if isinstance(shortcut, QKeySequence):
            action.setShortcut(shortcut)
        else:  # every key the platform has for it (Ctrl++ and Ctrl+= …)
            action.setShortcuts(shortcut)
        action.setToolTip(tip)
        action.triggered.connect(slot)
        actions[key] = action
    flip = QAction("F&lip board", parent)
    flip.setCheckable(True)
    flip.setToolTip("Turn the board half round: see it as the other side does")
    flip.toggled.connect(view.set_flipped)
    actions["flip"] = flip
    return actions
