"""A view that draws any board from its geometry and draw hints, with pieces and highlights.

Nothing here knows a game: squares come from :attr:`Board.column_of` / :attr:`Board.row_of`, lines
from the links of the directions named in ``draw.lines``, and pieces as the board's ``draw: symbols`` hint
asks (:func:`~dagaz_studio.gui.resources.piece_face`), else as their letters.

Scene geometry: every grid column and row is :data:`UNIT` scene units wide, and the centre of the
square in column ``c``, row ``r`` is ``((c + 0.5) * UNIT, (r + 0.5) * UNIT)`` on both kinds of
board, so cells and points share one coordinate system.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QRectF, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QFont,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

from dagaz_studio.board.model import DIAGONAL, Board
from dagaz_studio.gui.board_view import hands as tray
from dagaz_studio.gui.board_view import owners
from dagaz_studio.gui.board_view.edges import edge_labels, shows_files
from dagaz_studio.gui.board_view.ground import draw_ground
from dagaz_studio.gui.board_view.hands import HAND_GAP, HAND_WIDTH, OWNER_ROOM, HandPlacement, hand_items
from dagaz_studio.gui.board_view.highlight_item import HighlightItem, centred_text_path
from dagaz_studio.gui.board_view.kinds import Contents, ContentsMap, contents_item, drawing, height_badge
from dagaz_studio.gui.board_view.levels import LevelGrid, best_per_row, level_grid, level_origin
from dagaz_studio.gui.board_view.marks import check_item, stone_item
from dagaz_studio.gui.board_view.orientation import ZoomFlip
from dagaz_studio.gui.board_view.piece_items import can_draw, disc_item, glyph_item
from dagaz_studio.gui.board_view.pointer import PointerInput
from dagaz_studio.gui.board_view.style import (
    DEFAULT_HIGHLIGHT_COLOURS,
    DISC_FACE,
    HIGHLIGHT_KINDS,
    INK,
    UNIT,
    Z_BOARD,
    Z_HIGHLIGHTS,
    Z_LABELS,
    Z_PIECES,
    Z_SELECTED,
    Placement,
    highlight_colours,
    is_light,
    player_colour,
    set_highlight_colours,
)
from dagaz_studio.gui.board_view.surfaces import block_item, is_block
from dagaz_studio.gui.lazy_qt import fit_keeping_aspect, hide_scroll_bars, no_pen, solid_brush

if TYPE_CHECKING:  # the step-by-step overlay is loaded when a step is first shown, after the first paint
    from dagaz_studio.gui.board_view.trace_overlay import StepPieces, TraceStep
from dagaz_studio.gui.resources import piece_face

# Where the window's other parts have always found them.
__all__ = ["DEFAULT_HIGHLIGHT_COLOURS", "HIGHLIGHT_KINDS", "UNIT", "HighlightItem", "Placement", "QtBoardView",
           "highlight_colours", "player_colour", "set_highlight_colours"]

class QtBoardView(QGraphicsView):
    """Draws a :class:`Board`, a placement of pieces and highlight layers; reports clicked squares."""

    #: A square (or point) was clicked: its index.
    squareClicked = Signal(int)
    #: A piece was dragged from one square to another: origin, target.
    pieceDragged = Signal(int, int)
    #: A context menu was asked for on a square: the square, and where (global screen position).
    squareContextMenuRequested = Signal(int, QPoint)
    #: A piece in hand was clicked: its player and its name.
    handClicked = Signal(int, str)
    #: A hand was clicked where it holds no piece: whose hand it is.
    handTrayClicked = Signal(int)
    #: A context menu was asked for on a piece in hand: its player, its name, and where (global).
    handContextMenuRequested = Signal(int, str, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A viewport made here is known to Python from the start: the one Qt makes by itself would
        # be looked up among every widget class at its first use, readying them all (tens of ms
        # before the board's first paint).
        self.setViewport(QWidget())
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        # The whole board is always in view, so scroll bars would only steal room.
        hide_scroll_bars(self)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setBackgroundBrush(solid_brush(QColor("#3b3f45")))
        self.setMinimumSize(160, 160)
        self._board: Board | None = None
        self._square_items: dict[int, QGraphicsItem] = {}
        self._piece_items: dict[int, QGraphicsItem] = {}
        self._highlight_items: dict[int, HighlightItem] = {}
        self._line_items: list[QGraphicsLineItem] = []
        self._river_labels: list[QGraphicsItem] = []
        self._check: frozenset[int] = frozenset()
        self._check_items: dict[int, QGraphicsItem] = {}
        self._placement: dict[int, tuple[int, str, str]] = {}
        self._highlights: dict[int, str] = {}
        self._stops: frozenset[int] = frozenset()
        self._show_coordinates: bool | None = None
        # The trace player's step drawn over the board (see trace_overlay).
        self._trace_step: TraceStep | None = None
        self._trace_items: list[QGraphicsItem] = []
        # The pieces as the run has them at that step, drawn instead of the position's.
        self._step_pieces: StepPieces | None = None
        self._faded_items: dict[int, QGraphicsItem] = {}
        # Clicks and drags on squares and hands (pointer.py).
        self._pointer = PointerInput(self)
        # Pieces in hand, beside the board (see hands.py): what is held, and the items drawing it.
        self._hands: list[tuple[int, str, str, int]] = []
        # Heaps and columns drawn on heap and stack boards (see kinds.py), by square.
        self._contents: dict[int, Contents] = {}
        self._badges: list[QGraphicsItem] = []  # columns' heights, drawn over every mark
        self._hand_items: dict[tuple[int, str], QGraphicsItem] = {}
        self._hand_extras: list[QGraphicsItem] = []
        self._hand_selected: tuple[int, str] | None = None
        # Where a 3-D board's levels are drawn: side by side, or in rows in a narrow view.
        self._levels = LevelGrid(0, 0, 1, 1)
        #: Zoom and flip (orientation.py).
        self.orientation = ZoomFlip(self, self._fit, self._orientation_changed)

    # ------------------------------------------------------------------ public API

    @property
    def board(self) -> Board | None:
        """The board drawn, if any."""
        return self._board

    def set_board(self, board: Board, placement: Placement | None = None) -> None:
        """Draw ``board`` (replacing whatever was drawn) with an optional placement of pieces."""
        self._board = board
        self._placement = dict(placement or {})
        self._highlights = {}
        self._stops = frozenset()
        self._check = frozenset()
        self._step_pieces = None
        self._trace_step = None
        self.orientation.forget_zoom()
        self._rebuild()

    def set_placement(self, placement: Placement) -> None:
        """Replace the pieces drawn: square index -> (player index, piece name, piece letter)."""
        placement = dict(placement)
        if placement == self._placement and len(self._piece_items) == len(placement):
            return  # drawing pieces is the costliest part of a redraw: only when they changed
        self._placement = placement
        self._draw_pieces()

    def set_contents(self, contents: ContentsMap) -> None:
        """Heaps and columns (on heap and stack boards) to draw instead of single pieces, by square:
        see :mod:`dagaz_studio.gui.board_view.kinds`."""
        self._contents = dict(contents)
        self._draw_pieces()

    def set_hands(self, hands: HandPlacement) -> None:
        """Replace the pieces in hand drawn beside the board: (player, name, letter, count) for each
        kind held. A board with hands keeps room for them even when none are held."""
        self._hands = [entry for entry in hands if entry[3] != 0]  # -1: always in hand
        if self._hand_selected is not None and not any(
                (player, name) == self._hand_selected for player, name, _l, _c in self._hands):
            self._hand_selected = None
        self._draw_hands()

    def set_hand_selected(self, held: tuple[int, str] | None) -> None:
        """Frame the piece in hand (player, name) whose drops are shown; ``None``: none."""
        self._hand_selected = held
        self._draw_hands()

    def hand_items(self) -> dict[tuple[int, str], QGraphicsItem]:
        """The item drawing each kind held in hand, by (player, piece name)."""
        return dict(self._hand_items)

    def hand_owner_at(self, scene_pos: QPointF) -> int | None:
        """Whose hand the tray shows at a scene position, or ``None`` off it (see :func:`hand_owner`)."""
        board = self._board
        return None if board is None else tray.hand_owner(board, self._levels.width, UNIT, scene_pos, self.orientation.flipped)

    def hand_at(self, scene_pos: QPointF) -> tuple[int, str] | None:
        """The piece in hand (player, name) at a scene position, or ``None``."""
        return tray.held_at(self._hand_items, scene_pos, UNIT)

    def set_highlights(self, highlights: Mapping[int, str], stops: Iterable[int] = ()) -> None:
        """Replace the highlights: square index -> kind (a key of :data:`HIGHLIGHT_KINDS`).

        ``stops``: squares where a chain of partial moves lands; one marked as something else (a
        move may also end there) gets a stop's outline around its mark.
        """
        unknown = sorted({kind for kind in highlights.values() if kind not in HIGHLIGHT_KINDS})
        if unknown:
            raise ValueError(f"unknown highlight kind {unknown[0]!r}; expected one of {', '.join(HIGHLIGHT_KINDS)}")
        self._highlights = dict(highlights)
        self._stops = frozenset(stops)
        self._draw_highlights()

    def clear_highlights(self) -> None:
        """Remove every highlight."""
        self.set_highlights({})

    def set_check(self, squares: Iterable[int]) -> None:
        """Mark the royal pieces that are attacked (check) on these squares; empty: no mark."""
        self._check = frozenset(squares)
        self._draw_check()

    def check_items(self) -> dict[int, QGraphicsItem]:
        """The check mark under each attacked royal piece."""
        return dict(self._check_items)

    def river_label_items(self) -> list[QGraphicsItem]:
        """The river's names written on the board (``draw: river ROW ROW TEXT…``)."""
        return list(self._river_labels)

    def set_trace_step(self, step: TraceStep | None) -> None:
        """Draw one step of a run over the board: cursor, step arrow, piece in hand, captures so far
        (``None``: nothing)."""
        self._trace_step = step
        self._draw_trace_step()

    def set_step_pieces(self, pieces: StepPieces | None) -> None:
        """Draw the pieces as a run has them at one step (a lifted piece gone from its square, put
        pieces standing, captured ones faded, the chain's stops so far); ``None``: the position's."""
        if pieces is not None and pieces.placement == self._placement and not pieces.captured \
                and pieces.hand is None and not pieces.stops and pieces.contents == self._contents:
            pieces = None  # the run's board is the position's: nothing to draw differently
        if pieces == self._step_pieces:
            return
        self._step_pieces = pieces
        self._draw_pieces()
        self._draw_trace_step()

    @property
    def step_pieces(self) -> StepPieces | None:
        """The pieces of the run's step drawn instead of the position's, if any."""
        return self._step_pieces

    def faded_items(self) -> dict[int, QGraphicsItem]:
        """The faded pieces a run has captured so far, by square (while a step is drawn)."""
        return dict(self._faded_items)

    def trace_step_items(self) -> list[QGraphicsItem]:
        """The items drawing the trace step, if one is shown."""
        return list(self._trace_items)

    def set_show_coordinates(self, show: bool | None) -> None:
        """Show or hide coordinates; ``None`` follows the board's ``draw: coordinates`` hint."""
        self._show_coordinates = show
        if self._board is not None:
            self._rebuild()

    def square_items(self) -> dict[int, QGraphicsItem]:
        """The item standing for each square or point (a cell, or a point's node)."""
        return dict(self._square_items)

    def piece_items(self) -> dict[int, QGraphicsItem]:
        """The item drawing the piece on each occupied square."""
        return dict(self._piece_items)

    def highlight_items(self) -> dict[int, HighlightItem]:
        """The highlight mark on each highlighted square."""
        return dict(self._highlight_items)

    def line_items(self) -> list[QGraphicsLineItem]:
        """The line items of a points board (links, and the crossed rectangles' diagonals)."""
        return list(self._line_items)

    def square_centre(self, square: int) -> QPointF:
        """Where a square's centre (or a point) is in scene coordinates."""
        board = self._require_board()
        left, top = level_origin(self._levels, board, square)  # 3-D: where its level is drawn
        column, row = self.orientation.flip_cell(board, board.column_of[square], board.row_of[square])
        return QPointF((column + 0.5 + left) * UNIT, (row + 0.5 + top) * UNIT)

    def square_at(self, scene_pos: QPointF) -> int | None:
        """The square nearest to a scene position, or ``None`` if the position is off the board."""
        board = self._board
        if board is None or not board.squares:
            return None
        best, best_distance = None, math.inf
        for square in range(len(board.squares)):
            centre = self.square_centre(square)
            dx, dy = scene_pos.x() - centre.x(), scene_pos.y() - centre.y()
            distance = math.hypot(dx, dy) if self._points else max(abs(dx), abs(dy))
            if distance < best_distance:
                best, best_distance = square, distance
        # Half a unit reaches every spot of a cell, and the space between neighbouring points.
        return best if best_distance <= UNIT * 0.5 + 1e-6 else None

    # ------------------------------------------------------------------ Qt events

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Report a left click on a square as :attr:`squareClicked`; a press on a piece may start a drag."""
        if not self._pointer.pressed(event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Carry a pressed piece with the pointer once it has moved far enough to be a drag."""
        if not self._pointer.moved(event):
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """End a drag on a square: :attr:`pieceDragged`. The piece goes back until the position changes."""
        if not self._pointer.released(event):
            super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Report a context-menu request on a square or a piece in hand (see :class:`PointerInput`)."""
        if not self._pointer.context_menu(event):
            super().contextMenuEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the whole board in view at any size (a 3-D board's levels in rows if that shows them larger)."""
        super().resizeEvent(event)
        if self._board is not None and self._levels_per_row() != self._levels.per_row:
            self._rebuild()
        else:
            self._fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt's name
        """Ctrl+wheel zooms about the pointer (orientation.py); the wheel alone scrolls a zoomed board."""
        if not self.orientation.wheel(event):
            super().wheelEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the board once the view has its real size."""
        super().showEvent(event)
        self._fit()

    # ------------------------------------------------------------------ drawing

    @property
    def _points(self) -> bool:
        return self._board is not None and self._board.draw.style == "points"

    def _require_board(self) -> Board:
        if self._board is None:
            raise RuntimeError("no board is shown")
        return self._board

    def _fit(self) -> None:
        if self._board is not None:
            fit_keeping_aspect(self, self.sceneRect())
            self.orientation.apply_zoom()

    def _orientation_changed(self) -> None:
        if self._board is not None:
            self._rebuild()

    def _margin(self) -> float:
        """Grid units around the board: room for the coordinates when they are shown."""
        return 0.55 if self._coordinates_shown() or shows_files(self._require_board()) else 0.12

    def _levels_per_row(self) -> int:
        board = self._require_board()
        if board.has_hands:
            return 0  # the hands stand beside one row of levels
        return best_per_row(board, self.viewport().width(), self.viewport().height(), self._margin())

    def _coordinates_shown(self) -> bool:
        if self._show_coordinates is not None:
            return self._show_coordinates
        board = self._require_board()
        return board.draw.coordinates or drawing(board.kind_type).names_squares

    def _rebuild(self) -> None:
        board = self._require_board()
        scene = self.scene()
        scene.clear()
        self._square_items.clear()
        self._piece_items.clear()
        self._highlight_items.clear()
        self._faded_items.clear()
        self._badges.clear()
        self._line_items.clear()
        self._river_labels.clear()
        self._check_items.clear()
        self._hand_items.clear()
        self._hand_extras.clear()

        self._levels = level_grid(board, self._levels_per_row())
        board_rect = QRectF(0, 0, self._levels.width * UNIT, self._levels.height * UNIT)
        margin = UNIT * self._margin()
        outer = board_rect.adjusted(-margin, -margin, margin, margin)
        if board.has_hands:
            # Room for the hands' tray, and above and below it for whose hand is whose.
            room = OWNER_ROOM * UNIT
            outer = outer.united(board_rect.adjusted(0, -room, (HAND_GAP + HAND_WIDTH) * UNIT + margin, room))
        outer = outer.united(owners.room(board, board_rect, UNIT))
        ground = draw_ground(scene, board, self._levels, board_rect, self.square_centre, self.orientation)
        self._square_items.update(ground.squares)
        self._line_items.extend(ground.lines)
        self._river_labels.extend(ground.river_labels)
        self._draw_coordinates(board, board_rect)
        scene.setSceneRect(outer)
        self._draw_pieces()
        self._draw_hands()
        self._draw_check()
        self._draw_highlights()
        self._trace_items.clear()  # scene.clear() above deleted them
        self._draw_trace_step()
        self._fit()

    def _draw_coordinates(self, board: Board, board_rect: QRectF) -> None:
        """The labels along the edges (edges.py): coordinates when shown, WXF files where moves are so named."""
        font = QFont()
        font.setPixelSize(int(UNIT * 0.26))
        brush = solid_brush(QColor("#e8e2d6"))
        for label in edge_labels(board, self._levels, self.orientation.flipped, self._coordinates_shown()):
            self._add_label(label.text, font, QPointF(label.x * UNIT, label.y * UNIT), brush)

    def _add_label(self, text: str, font: QFont, centre: QPointF, brush: QBrush) -> None:
        label = QGraphicsPathItem(centred_text_path(text, font, centre, on_line=True))
        label.setBrush(brush)
        label.setPen(no_pen())
        label.setZValue(Z_LABELS)
        self.scene().addItem(label)

    def _draw_pieces(self) -> None:
        for item in list(self._piece_items.values()) + list(self._faded_items.values()) + self._badges:
            if item.scene() is self.scene():
                self.scene().removeItem(item)
        self._badges.clear()
        self._piece_items.clear()
        self._faded_items.clear()
        if self._board is None:
            return
        step = self._step_pieces
        placement = step.placement if step is not None else self._placement
        for square, (player, name, letter) in sorted(placement.items()):
            if not 0 <= square < len(self._board.squares):
                continue
            contents = (self._contents if step is None else step.contents).get(square)
            item = self._piece_item(square, player, name, letter, contents)
            if contents is not None and drawing(contents[0]).counts_height and len(contents[1]) > 1:
                self._badges.append(height_badge(self.square_centre(square), len(contents[1]), UNIT))
                self._badges[-1].setZValue(Z_HIGHLIGHTS + 1)
                self.scene().addItem(self._badges[-1])
            item.setZValue(Z_PIECES)
            item.setData(0, square)
            if contents is None:
                players = self._board.players
                # A neutral piece, or a heap at a step of a run, is nobody's (player -1): index -1
                # would name the last player.
                owner = players[player] if 0 <= player < len(players) else "nobody's"
                item.setToolTip(f"{name} ({owner})")
            self.scene().addItem(item)
            self._piece_items[square] = item
        if step is None:
            return
        for square, (player, name, letter) in sorted(step.captured.items()):
            if not 0 <= square < len(self._board.squares) or square in placement:
                continue
            item = self._piece_item(square, player, name, letter, step.contents.get(square))
            item.setZValue(Z_PIECES)
            item.setOpacity(0.3)
            item.setToolTip(f"{name}: captured at this step of the run")
            self.scene().addItem(item)
            self._faded_items[square] = item

    def _piece_item(self, square: int, player: int, name: str, letter: str,
                    contents: Contents | None = None) -> QGraphicsItem:
        if contents is not None:  # a heap or a column
            return contents_item(self.square_centre(square), contents, lambda p: player_colour(self._require_board(), p), UNIT)
        return self._piece_item_at(self.square_centre(square), player, name, letter)

    def _piece_item_at(self, centre: QPointF, player: int, name: str, letter: str) -> QGraphicsItem:
        board = self._require_board()
        if is_block(board, name):
            return block_item(centre, UNIT)
        colour = player_colour(board, player)
        face = piece_face(board, name, letter, player)
        if face.kind == "glyph":
            return glyph_item(face.forms, centre, colour)
        radius = UNIT * self._disc_radius()
        if face.kind == "stone":
            return stone_item(centre, colour, radius, UNIT)
        if face.kind == "character" and can_draw(face.text):
            return disc_item(face.text, centre, face=DISC_FACE, ink=colour, ring=colour, radius=radius)
        ink = INK if is_light(colour) else QColor("#f7f4ec")
        return disc_item(letter.upper(), centre, face=colour, ink=ink, ring=INK, radius=radius)

    def _disc_radius(self) -> float:
        """Disc size in units: smaller where diagonal lines meet, so that the links stay in sight."""
        board = self._require_board()
        if not self._points:
            return 0.42
        diagonal_lines = any(letter in DIAGONAL for letter in board.draw.lines)
        return 0.32 if diagonal_lines else 0.4

    def _draw_hands(self) -> None:
        scene = self.scene()
        for item in [*self._hand_items.values(), *self._hand_extras]:
            if item.scene() is scene:
                scene.removeItem(item)
        self._hand_items.clear()
        self._hand_extras.clear()
        board = self._board
        if board is not None and owners.shows_owners(board):  # a heap board's rows' owners and stores
            stores = [sum(n for p, _name, _l, n in self._hands if p == player and n > 0)
                      for player in range(len(board.players))] if owners.has_stores(board) else []
            board_rect = QRectF(0, 0, self._levels.width * UNIT, self._levels.height * UNIT)
            self._hand_extras = owners.owner_items(board, stores, board_rect, self.square_centre, UNIT, self.orientation.flipped)
            for item in self._hand_extras:
                item.setZValue(Z_LABELS)
                scene.addItem(item)
        if board is None or not board.has_hands:
            return
        self._hand_items, self._hand_extras = hand_items(
            board, self._hands, self._hand_selected, self._levels.width, UNIT, self._piece_item_at,
            (Z_BOARD, Z_PIECES, Z_LABELS + 10, Z_SELECTED), self.orientation.flipped)
        for item in [*self._hand_extras, *self._hand_items.values()]:
            scene.addItem(item)

    def _draw_highlights(self) -> None:
        for item in self._highlight_items.values():
            self.scene().removeItem(item)
        self._highlight_items.clear()
        if self._board is None:
            return
        for square, kind in sorted(self._highlights.items()):
            if not 0 <= square < len(self._board.squares):
                continue
            item = HighlightItem(square, kind, self.square_centre(square), self._points, square in self._stops)
            self.scene().addItem(item)
            self._highlight_items[square] = item


    def _draw_check(self) -> None:
        for item in self._check_items.values():
            self.scene().removeItem(item)
        self._check_items.clear()
        if self._board is None:
            return
        for square in sorted(self._check):
            if 0 <= square < len(self._board.squares):
                item = check_item(self.square_centre(square), UNIT * 0.5)
                item.setZValue(Z_SELECTED)
                self.scene().addItem(item)
                self._check_items[square] = item

    def _draw_trace_step(self) -> None:
        for item in self._trace_items:
            self.scene().removeItem(item)
        self._trace_items.clear()
        if self._board is None or (self._step_pieces is None and self._trace_step is None):
            return
        from dagaz_studio.gui.board_view.trace_overlay import Z_TRACE, trace_step_items

        items: list[QGraphicsItem] = []
        step = self._step_pieces
        cursor = self._trace_step.cursor if self._trace_step is not None else None
        if step is not None:
            for square in step.stops:
                if 0 <= square < len(self._board.squares):
                    stop = HighlightItem(square, "stop", self.square_centre(square), self._points)
                    stop.setZValue(Z_TRACE - 1)
                    stop.setToolTip("the chain lands here before going on")
                    items.append(stop)
            if step.hand is not None and cursor is not None and 0 <= cursor < len(self._board.squares):
                # The piece in hand rides on the cursor's corner, small: the square may hold another.
                player, name, letter = step.hand
                carried = self._piece_item(cursor, player, name, letter)
                carried.setTransformOriginPoint(carried.boundingRect().center())
                carried.setScale(0.5)
                # On the corner away from the "in hand" label (above the cursor on the bottom row).
                bottom = self._board.row_of[cursor] == max(self._board.row_of)
                carried.setPos(carried.pos() + QPointF(-UNIT * 0.3, UNIT * (0.3 if bottom else -0.3)))
                carried.setOpacity(0.85)
                carried.setZValue(Z_TRACE + 1)
                carried.setToolTip(f"in hand: {name}")
                items.append(carried)
        if self._trace_step is not None:
            items.extend(trace_step_items(self, self._trace_step, UNIT))
        for item in items:
            self.scene().addItem(item)
            self._trace_items.append(item)
