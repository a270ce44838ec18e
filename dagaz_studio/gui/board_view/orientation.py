"""Zooming the board view and turning the board half round.

The view fits the whole board by default; a zoom is a factor over that fit (Ctrl+wheel, Ctrl++ and
Ctrl+-, "Fit board" back to 1); a zoomed board scrolls with the wheel (Shift+wheel sideways). Flipping
draws every square at the place of the one opposite it (the board as the other side sees it): the
scene is laid out anew, so that pieces and labels stay upright.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGraphicsView, QWidget

from dagaz_studio.gui.lazy_qt import Qt

if TYPE_CHECKING:
    # Only named here: the actions' classes are readied by Qt at their first use, after the first paint.
    from PySide6.QtGui import QAction, QWheelEvent

    from dagaz_studio.board.model import Board

#: How much one zoom step (a wheel notch, Ctrl++) enlarges the board.
ZOOM_STEP = 1.25
#: The zoom's range, as factors over the fit.
ZOOM_MIN, ZOOM_MAX = 1.0, 8.0


class ZoomFlip:
    """Zoom and flip of a :class:`QGraphicsView` that draws a board, owned by the view.

    ``fit`` fits the whole scene in the view (and then calls :meth:`apply_zoom`); ``rebuild`` lays
    the scene out anew once the board is flipped. The view places each square by :meth:`flip_cell`
    and hands its wheel events to :meth:`wheel`.
    """

    def __init__(self, view: QGraphicsView, fit: Callable[[], None], rebuild: Callable[[], None]) -> None:
        self._view = view
        self._fit = fit
        self._rebuild = rebuild
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

    def forget_zoom(self) -> None:
        """Another board opens whole (without fitting now: the view lays it out itself); a flip is kept."""
        self._zoom = 1.0

    def apply_zoom(self) -> None:
        """After the view fitted its scene: enlarge by the zoom. The scroll bars stay hidden (showing
        them would resize the view and fit it again); the wheel and Shift+wheel still scroll."""
        if self._zoom > 1.0:
            self._view.scale(self._zoom, self._zoom)

    def _refit(self) -> None:
        view = self._view
        centre = view.mapToScene(view.viewport().rect().center())
        self._fit()
        view.centerOn(centre)

    def wheel(self, event: QWheelEvent) -> bool:
        """Ctrl+wheel zooms about the pointer (``True``: the event is taken); the view scrolls a
        zoomed board by the wheel alone itself."""
        if not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            return False
        notches = event.angleDelta().y() / 120
        if notches:
            view = self._view
            under = view.mapToScene(event.position().toPoint())
            self.set_zoom(self._zoom * ZOOM_STEP ** notches)
            # The point under the pointer stays under it.
            shift = view.mapToScene(event.position().toPoint()) - under
            view.centerOn(view.mapToScene(view.viewport().rect().center()) - shift)
        event.accept()
        return True

    # ------------------------------------------------------------------ flip

    @property
    def flipped(self) -> bool:
        """Whether the board is drawn half turned round (as the other side sees it)."""
        return self._flipped

    def set_flipped(self, flipped: bool) -> None:
        """Draw the board half turned round (``True``) or as its file draws it."""
        if flipped != self._flipped:
            self._flipped = flipped
            self._rebuild()

    def flip_cell(self, board: Board, column: float, row: float) -> tuple[float, float]:
        """Where the cell at ``column``, ``row`` (of one level) is drawn: itself, or the opposite one."""
        if not self._flipped:
            return column, row
        return len(board.column_names) - 1 - column, len(board.row_names) - 1 - row


def orientation_actions(orientation: ZoomFlip, parent: QWidget) -> dict[str, QAction]:
    """View menu actions: Zoom in (Ctrl++), Zoom out (Ctrl+-), Fit board (Ctrl+0), Flip board (checkable)."""
    from PySide6.QtGui import QAction, QKeySequence

    actions: dict[str, QAction] = {}
    for key, text, shortcut, tip, slot in (
            ("zoom_in", "Zoom &in", QKeySequence.StandardKey.ZoomIn, "Show the board larger (Ctrl+wheel)",
             orientation.zoom_in),
            ("zoom_out", "Zoom &out", QKeySequence.StandardKey.ZoomOut, "Show the board smaller, down to the whole "
             "board", orientation.zoom_out),
            ("fit", "&Fit board", QKeySequence("Ctrl+0"), "The whole board in view", orientation.fit_board)):
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
    flip.toggled.connect(orientation.set_flipped)
    actions["flip"] = flip
    return actions
