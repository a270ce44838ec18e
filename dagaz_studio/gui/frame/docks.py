"""The window's docks: the panels made and docked around the board, and their arrangement for the
window's size (side columns, tabs on a small screen, one column of tabs in a very small window) as the
window is shown and resized."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Classes looked up when used: Qt readies each class at its first use, which the window's first paint
# (the board alone) puts off.
from PySide6 import QtWidgets
from PySide6.QtCore import QSize, QTimer

from dagaz_studio.gui.lazy_qt import Qt

if TYPE_CHECKING:
    from PySide6.QtGui import QResizeEvent
    from PySide6.QtWidgets import QDockWidget, QWidget


#: The main window (:class:`~dagaz_studio.gui.main_window.QtMainWindow`, which imports this module):
#: its docks, panels and actions are its attributes.
Window = Any


#: Below this width the window starts (and View ▸ Reset layout arranges it) with its panels in tabs.
COMPACT_WIDTH = 1100
#: Below this width every panel, the stepper too, is a tab of one column beside the board: two columns
#: of tabs and a stepper below would leave each panel and the board too little room to be used.
ONE_COLUMN_WIDTH = 760
#: The narrowest the one column is made, its tabs included: the stepper's counter and the panels'
#: fields stay whole beside the board's smallest size.
ONE_COLUMN_SIDE = 220
#: The same with the Lessons panel among its tabs, whose text, buttons and board want more room.
ONE_COLUMN_LESSONS_SIDE = 270
#: The ways :meth:`DockLayout.arrange` puts the docks, from the widest window to the narrowest.
WIDE, COMPACT, ONE_COLUMN = "wide", "compact", "one column"
#: The board never shrinks below this, whatever the panels around it ask.
MIN_BOARD_SIZE = QSize(240, 240)
#: The narrowest a column of docks beside the board is made, when the board needs the room.
SIDE_MIN = 180
#: The widest a column of docks beside the board is made when a layout is arranged.
SIDE_MAX = 340
#: In a window at least :data:`COMPACT_WIDTH` wide, the narrowest a column is arranged: the notation
#: editor and the position's FEN stay readable beside a wide board (Fanorona, a 3-D board's levels),
#: which gives up a little of its size for it.
SIDE_READABLE = 250
#: A window made smaller narrows the columns beside the board until the board is this wide.
BOARD_FLOOR = 320


def build_docks(window: Window) -> None:
    """Make the panels and dock them around the board: Moves and Notation on the left, Position
    (Board file, Help and Tests behind it) and Piece types (Game record behind it) on the right, the
    stepper below."""
    from dagaz_studio.gui.docks.board_text import QtBoardTextEditor
    from dagaz_studio.gui.docks.help import QtHelpBrowser
    from dagaz_studio.gui.docks.moves_panel import QtMovesPanel
    from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
    from dagaz_studio.gui.docks.piece_types import QtPieceTypes
    from dagaz_studio.gui.docks.play_field import QtPlayField
    from dagaz_studio.gui.docks.position_editor import QtPositionEditor
    from dagaz_studio.gui.docks.trace_player import QtTracePlayer

    window.position_editor = QtPositionEditor(window.document, window)
    window.position_dock = window.add_dock("Position", "positionDock", _scrolling(window.position_editor))
    window.moves_panel = QtMovesPanel(window)
    window.play_field = QtPlayField(window.moves_panel)
    window.moves_panel.layout().insertWidget(0, window.play_field)
    window.notation_editor = QtNotationEditor(window)
    window.trace_player = QtTracePlayer(window)
    # Scroll areas let the docks shrink with the window instead of setting its minimum height.
    left = Qt.DockWidgetArea.LeftDockWidgetArea
    window.moves_dock = window.add_dock("Moves", "movesDock", _scrolling(window.moves_panel), left)
    window.notation_dock = window.add_dock("Notation", "notationDock", _scrolling(window.notation_editor), left)
    # The side columns run the full height, so the player below the board does not add to them.
    window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
    window.trace_dock = window.add_dock("Step by step", "traceDock", _scrolling(window.trace_player),
                                        Qt.DockWidgetArea.BottomDockWidgetArea)
    window.trace_player.follow_width_of(window.trace_dock)
    window.resizeDocks([window.moves_dock], [340], Qt.Orientation.Horizontal)
    window.piece_types = QtPieceTypes(window.document, window)
    # Not in a scroll area: the list scrolls within itself and its buttons stay in sight below it.
    window.piece_types_dock = window.add_dock("Piece types", "pieceTypesDock", window.piece_types)
    window.board_text = QtBoardTextEditor(window.document, window)
    window.board_text_dock = window.add_dock("Board file", "boardTextDock", _scrolling(window.board_text))
    window.help_browser = QtHelpBrowser(window)
    window.help_dock = window.add_dock("Help", "helpDock", _scrolling(window.help_browser))
    from dagaz_studio.gui.docks.game_record import QtGameRecord

    window.game_record = QtGameRecord(window.document, window)
    window.record_dock = window.add_dock("Game record", "recordDock", _scrolling(window.game_record))
    window.tabifyDockWidget(window.piece_types_dock, window.record_dock)
    window.piece_types_dock.raise_()
    from dagaz_studio.gui.docks.tests_panel import add_tests_dock

    window.tests_panel, window.tests_dock = add_tests_dock(window, window.document, window.board_view)
    # Behind the position: the board file and the guides are read now and then, not all the time.
    window.tabifyDockWidget(window.position_dock, window.board_text_dock)
    window.tabifyDockWidget(window.board_text_dock, window.help_dock)
    window.tabifyDockWidget(window.help_dock, window.tests_dock)
    window.position_dock.raise_()
    window.board_view.setMinimumSize(MIN_BOARD_SIZE)


def smallest_window(window: Window) -> QSize:
    """The smallest size the window can be made: the board at its smallest beside the one column at its
    narrowest, under the menu bar and over the status bar. Smaller, Qt cut the column to 80 pixels."""
    separator = window.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, window)
    height = window.menuBar().sizeHint().height() + window.statusBar().sizeHint().height()
    return QSize(MIN_BOARD_SIZE.width() + separator + ONE_COLUMN_SIDE, MIN_BOARD_SIZE.height() + height)


def arrangement_kind(width: int) -> str:
    """The arrangement (:data:`WIDE`, :data:`COMPACT` or :data:`ONE_COLUMN`) for a window ``width`` wide."""
    return ONE_COLUMN if width < ONE_COLUMN_WIDTH else COMPACT if width < COMPACT_WIDTH else WIDE


class DockLayout:
    """Where the window's docks go and how wide they are, for the window's size (owned by the window).

    :meth:`arrange` puts every dock in its place; the window tells it when it is shown
    (:meth:`shown`), resized (:meth:`resized`) or given a saved layout (:meth:`restored`).
    """

    def __init__(self, window: Window) -> None:
        self._window = window
        # Arranged before the window was shown: arranged again for the size it is shown at.
        self._size_on_show = False
        #: The layout (``saveState``) the window had when it was made so narrow that its docks went
        #: into one column: given back when it is made wide enough again.
        self._before_one_column: Any = None

    def arrange(self, compact: bool | str, keep_closed: bool = False) -> None:
        """Put every dock in its place, shown and docked: Moves and Notation on the left, Position with
        the board file and help (and piece types) on the right, the stepper below; ``compact`` (or
        :data:`COMPACT`) puts the side panels in tabs and gives the stepper the full width, and
        :data:`ONE_COLUMN` makes every dock a tab of one column on the right, those closed left closed
        there if ``keep_closed``."""
        kind = compact if isinstance(compact, str) else COMPACT if compact else WIDE
        # Docks added one below another on the way ask for a window as tall as all of them: Qt makes it
        # so, and it stayed that tall once they were tabbed (a 371 pixel high window became 800 high).
        size = self._window.size()
        if kind == ONE_COLUMN:
            self._arrange_one_column(keep_closed)
            self._settle(size, whole_titles=True)
            return
        compact = kind == COMPACT
        window = self._window
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        places = [(window.moves_dock, left), (window.notation_dock, left), (window.position_dock, right),
                  (window.piece_types_dock, right), (window.board_text_dock, right), (window.help_dock, right),
                  (window.tests_dock, left if compact else right), (window.trace_dock, bottom), (window.record_dock, right)]
        for dock, _area in places:
            window.removeDockWidget(dock)
        for dock, area in places:
            window.addDockWidget(area, dock)
            dock.setFloating(False)
            dock.show()
        # Behind the position: the board file and the guides are read now and then, not all the time.
        window.tabifyDockWidget(window.position_dock, window.board_text_dock)
        window.tabifyDockWidget(window.board_text_dock, window.help_dock)
        if not compact:
            window.tabifyDockWidget(window.help_dock, window.tests_dock)
        corner = bottom if compact else None
        # Narrow columns hold their tabs on their outer edges, written upwards: four titles fit there
        # where a row of them across 180 pixels would be cut to a letter or two each.
        sides = Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
        window.setTabPosition(sides, QtWidgets.QTabWidget.TabPosition.South)
        if compact:
            window.setTabPosition(right, QtWidgets.QTabWidget.TabPosition.East)
        if compact:
            window.tabifyDockWidget(window.moves_dock, window.notation_dock)
            # The right column's tabs run down its edge and have no room for one more.
            window.tabifyDockWidget(window.notation_dock, window.tests_dock)
            window.tabifyDockWidget(window.help_dock, window.piece_types_dock)
        window.tabifyDockWidget(window.piece_types_dock, window.record_dock)
        window.piece_types_dock.raise_()
        window.setCorner(Qt.Corner.BottomLeftCorner, corner or left)
        window.setCorner(Qt.Corner.BottomRightCorner, corner or right)
        window.moves_dock.raise_()
        window.position_dock.raise_()
        # Sizes set now are saved with the state restored below, which keeps them.
        self.size_docks(arranging=True)
        self._settle(size)

    def _arrange_one_column(self, keep_closed: bool) -> None:
        """Every dock a tab of one column on the right of the board, the panels used most first, their
        tabs running down the column's outer edge; a dock closed stays so if ``keep_closed``, its place
        in the column kept for View to open it in."""
        window = self._window
        closed = [dock for dock in window.docks() if dock.isHidden()] if keep_closed else []
        right = Qt.DockWidgetArea.RightDockWidgetArea
        order = [window.moves_dock, window.notation_dock, window.trace_dock, window.position_dock,
                 window.piece_types_dock, window.record_dock, window.board_text_dock, window.help_dock,
                 window.tests_dock]
        lessons = self._open_lessons()
        if lessons is not None:
            order.insert(0, lessons)  # a course under way stays in front
        for dock in order:
            window.removeDockWidget(dock)
        window.addDockWidget(right, order[0])
        for first, then in zip(order, order[1:]):
            window.tabifyDockWidget(first, then)
        for dock in order:
            dock.setFloating(False)
            dock.setVisible(dock not in closed)
        window.setTabPosition(right, QtWidgets.QTabWidget.TabPosition.East)
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.setCorner(Qt.Corner.BottomRightCorner, right)
        front = next((dock for dock in order if dock not in closed), None)
        if front is not None:
            front.raise_()
        self.size_docks(arranging=True)

    def lessons_shown(self) -> None:
        """Help ▸ Lessons opened the Lessons dock: in the one column it is made the column's first tab
        and its front one, as when the column is made with a course under way; Qt put it last, the bar
        scrolled to it and cutting the title above it ("…cord")."""
        lessons = self._open_lessons()
        if lessons is not None and not lessons.isFloating() and self._in_one_column():
            self.arrange(ONE_COLUMN, keep_closed=True)

    def _open_lessons(self) -> QDockWidget | None:
        """The Lessons dock, where Help ▸ Lessons made it and it is open."""
        lessons = getattr(self._window, "lessons_dock", None)
        return lessons if lessons is not None and not lessons.isHidden() else None

    def _settle(self, size: QSize, whole_titles: bool = False) -> None:
        """Finish an arrangement: Qt's stale tab bars gone, the docks' sizes kept, the window ``size``
        again; ``whole_titles`` (one column's nine tabs) writes each tab's title whole, the tabs that
        do not fit reached with the bar's arrows, where Qt cuts every title down to its first letter."""
        window = self._window
        if window.size() != size:
            window.resize(size)
        # Rearranging leaves Qt's earlier tab bars on screen over the docks: hide them all and let
        # the layout show again the ones it uses.
        for bar in window.findChildren(QtWidgets.QTabBar):
            if bar.parent() is window:
                bar.hide()
        QtWidgets.QMainWindow.restoreState(window, window.saveState())
        # After the restore, which may make new bars.
        self._title_tabs(whole_titles)
        # Shown at another size than it was arranged for, it is arranged again for the size it has.
        self._size_on_show = not window.isVisible()

    def _title_tabs(self, whole: bool) -> None:
        """Write the tabs' titles whole (the tabs that do not fit reached with the bar's arrows) or cut
        at their ends."""
        for bar in self._window.findChildren(QtWidgets.QTabBar):
            if bar.parent() is self._window:
                bar.setElideMode(Qt.TextElideMode.ElideNone if whole else Qt.TextElideMode.ElideRight)

    def shown(self) -> None:
        """The window is shown: arrange the docks for the size it is shown at, if they were arranged
        before it had that size."""
        window = self._window
        if self._size_on_show:
            self._size_on_show = False
            # Shown at another size than it was arranged for: the layout for the size it has, now,
            # before the first paint (later it would hold the event loop up while the user works).
            kind = arrangement_kind(window.width())
            if self.arrangement() == self.arrangement_for(kind):
                self.size_docks(arranging=True)
            else:
                self.arrange(kind)
                if kind == ONE_COLUMN:
                    # Arranged in the show, before Qt laid out the new column: sized again once it has.
                    QTimer.singleShot(0, self.widen_docks)
        elif (arrangement_kind(window.width()) == ONE_COLUMN) != self._in_one_column():
            # A layout restored for another width than the window is shown at (its saved size not
            # given back: a smaller screen): the layout for the width, as a window resized across it gets,
            # sized again once Qt has laid it out.
            self._follow_width()
            QTimer.singleShot(0, self.widen_docks)

    def restored(self) -> None:
        """A saved layout was restored, with its own sizes: nothing to arrange when shown; a column of
        every dock restored has its titles whole, as :meth:`arrange` writes them."""
        self._size_on_show = False
        self._before_one_column = None
        # Qt keeps no tab bar's elide mode in a saved state: its bars come back cutting titles to a letter.
        self._title_tabs(self._in_one_column())

    def resized(self, event: QResizeEvent) -> None:
        """A smaller window takes its room from the docks beside the board before the board itself;
        a window made narrower or wider than :data:`COMPACT_WIDTH` changes to the layout for its
        size, unless the docks have been arranged otherwise by hand. Made narrower than
        :data:`ONE_COLUMN_WIDTH`, any layout becomes one column of tabs, and the layout it had comes
        back when the window is made wide enough again."""
        kind = arrangement_kind(event.size().width())
        if event.oldSize().width() > 0 and kind != arrangement_kind(event.oldSize().width()):
            # Once Qt has laid the docks out at the new size.
            QTimer.singleShot(0, self._follow_width)
        elif event.size().width() < event.oldSize().width() or event.size().height() < event.oldSize().height():
            QTimer.singleShot(0, self.size_docks)
        elif event.size().width() > event.oldSize().width() and event.oldSize().width() > 0:
            QTimer.singleShot(0, self.widen_docks)

    def _follow_width(self) -> None:
        """The layout for the window's width, where the docks are in one arranged by :meth:`arrange`
        (or the window went to or from one column)."""
        window = self._window
        kind = arrangement_kind(window.width())
        now = next((each for each in (WIDE, COMPACT) if self.arrangement() == self.arrangement_for(each)),
                   ONE_COLUMN if self._one_column_shown() else None)
        if kind == now:
            # Back across a width before the layout changed: the room is shared out as for any resize.
            self.size_docks()
            self.widen_docks()
            return
        if kind == ONE_COLUMN:
            # A layout of the user's own is kept to give back; an arranged one is arranged anew. Panels
            # closed stay closed in the column, as in any layout: View opens them there.
            self._before_one_column = self._whole_state() if now is None else None
            self.arrange(ONE_COLUMN, keep_closed=True)
        elif now == ONE_COLUMN:
            # Panels closed by their × in the column stay closed in the layout given back, and those
            # opened there from View stay open.
            closed = [dock for dock in window.docks() if dock.isHidden()]
            opened = [dock for dock in window.docks() if not dock.isHidden()]
            saved, self._before_one_column = self._before_one_column, None
            restored = saved is not None and self._restore_whole(saved)
            if not restored:
                self.arrange(kind)
            for dock in closed:
                dock.hide()
            for dock in opened:
                dock.show()
            if restored:
                self.widen_docks()
        elif now is not None:
            self.arrange(kind)

    def _one_column_shown(self) -> bool:
        """Whether the docks shown are the one column :meth:`arrange` makes, some of its panels closed
        by their × or none."""
        where = self.arrangement()
        shown = {name for name, place, _tabs in where if place != "closed"}
        lessons = self._open_lessons()
        tabs = shown | ({lessons.objectName()} if lessons is not None else set())
        right = str(Qt.DockWidgetArea.RightDockWidgetArea)
        return len(tabs) > 1 and all(place == "closed" or (place == right and together == tabs - {name})
                                     for name, place, together in where)

    def _whole_state(self) -> tuple[Any, list[Any], list[Any]]:
        """The layout as ``saveState`` keeps it, with what it leaves out: where each side's tabs run and
        which column has each bottom corner."""
        window = self._window
        sides = [Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea]
        corners = [Qt.Corner.BottomLeftCorner, Qt.Corner.BottomRightCorner]
        return (window.saveState(), [window.tabPosition(side) for side in sides],
                [window.corner(corner) for corner in corners])

    def _restore_whole(self, whole: tuple[Any, list[Any], list[Any]]) -> bool:
        """Give back a layout :meth:`_whole_state` kept; whether Qt took it."""
        window = self._window
        state, tabs, corners = whole
        for side, position in zip([Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea], tabs):
            window.setTabPosition(side, position)
        for corner, area in zip([Qt.Corner.BottomLeftCorner, Qt.Corner.BottomRightCorner], corners):
            window.setCorner(corner, area)
        return bool(QtWidgets.QMainWindow.restoreState(window, state))

    def arrangement(self) -> set[tuple[str, str, frozenset[str]]]:
        """Where each dock is: its name, its area (or floating, or closed), and the docks it shares tabs with."""
        window = self._window
        where = set()
        for dock in window.docks():
            place = "closed" if dock.isHidden() else "floating" if dock.isFloating() else str(window.dockWidgetArea(dock))
            where.add((dock.objectName(), place, frozenset(d.objectName() for d in window.tabifiedDockWidgets(dock))))
        return where

    def arrangement_for(self, compact: bool | str) -> set[tuple[str, str, frozenset[str]]]:
        """What :meth:`arrangement` says of the layout :meth:`arrange` makes (``compact`` as there)."""
        kind = compact if isinstance(compact, str) else COMPACT if compact else WIDE
        left, right = str(Qt.DockWidgetArea.LeftDockWidgetArea), str(Qt.DockWidgetArea.RightDockWidgetArea)
        if kind == ONE_COLUMN:
            names = {dock.objectName() for dock in self._window.docks()}
            lessons = self._open_lessons()
            tabs = names | ({lessons.objectName()} if lessons is not None else set())
            return {(name, right, frozenset(tabs - {name})) for name in names}
        compact = kind == COMPACT
        tabs = [["movesDock", "notationDock", "testsDock"],
                ["positionDock", "boardTextDock", "helpDock", "pieceTypesDock", "recordDock"]]
        if not compact:
            tabs = [["movesDock"], ["notationDock"], ["positionDock", "boardTextDock", "helpDock", "testsDock"],
                    ["pieceTypesDock", "recordDock"]]
        area = {"movesDock": left, "notationDock": left, "traceDock": str(Qt.DockWidgetArea.BottomDockWidgetArea)}
        if compact:
            area["testsDock"] = left
        where = {("traceDock", area["traceDock"], frozenset())}
        for group in tabs:
            for name in group:
                where.add((name, area.get(name, right), frozenset(group) - {name}))
        return where

    def size_docks(self, arranging: bool = False) -> None:
        """Give the board the room its shape asks for, taking it from the columns of docks beside it.

        When ``arranging`` a layout, the side columns share what the board leaves (each between
        :data:`SIDE_MIN` and :data:`SIDE_MAX` wide) and the stepper below takes the height it needs;
        otherwise (the window shrank) only columns wider than the board leaves room for are narrowed.
        """
        window = self._window
        view = window.board_view
        scene = view.sceneRect()
        aspect = scene.width() / scene.height() if view.board is not None and scene.height() > 0 else 1.0
        if not arranging and not self._in_one_column():
            columns = [dock for dock in (self._column(Qt.DockWidgetArea.LeftDockWidgetArea),
                                         self._column(Qt.DockWidgetArea.RightDockWidgetArea)) if dock is not None]
            widths = [dock.width() for dock in columns]
            # A board that lays itself out anew for its room (a 3-D board's levels) fits any width,
            # but not usefully below a floor.
            wanted = max(int(view.height() * aspect), BOARD_FLOOR)
            side = max(SIDE_MIN, min(SIDE_MAX, (view.width() + sum(widths) - wanted) // max(1, len(columns))))
            if columns and view.width() < wanted and any(width > side for width in widths):
                self._size_columns(columns, [min(width, side) for width in widths])
            return
        # Arranging: the docks' sizes are not laid out yet, so the board's room is worked out from
        # the window's.
        separator = window.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, window)
        height = window.height() - window.menuBar().sizeHint().height() - window.statusBar().sizeHint().height()
        player = window.trace_dock.widget()
        if (not window.trace_dock.isHidden() and not window.trace_dock.isFloating()
                and window.dockWidgetArea(window.trace_dock) == Qt.DockWidgetArea.BottomDockWidgetArea):
            inner = player.widget() if isinstance(player, QtWidgets.QScrollArea) else player
            # Laid out for the full width it is about to have, not for the narrow dock it was on the way.
            window.trace_player.lay_out_for(window.width())
            title = window.trace_dock.sizeHint().height() - player.sizeHint().height() + 4
            # A fifth of the window, within what the stepper needs at least and asks for at most.
            below = max(inner.minimumSizeHint().height() + title, min(inner.sizeHint().height() + title, window.height() // 5))
            window.resizeDocks([window.trace_dock], [below], Qt.Orientation.Vertical)
            height -= below + separator
        left_column = [window.moves_dock, window.notation_dock]
        if (all(not dock.isHidden() and not dock.isFloating() for dock in left_column)
                and window.notation_dock not in window.tabifiedDockWidgets(window.moves_dock)):
            # The notation editor, its reading and its tree want the height; the legend needs less.
            window.resizeDocks(left_column, [height * 2 // 5, height * 3 // 5], Qt.Orientation.Vertical)
        columns = [dock for dock in (window.moves_dock, window.position_dock) if not dock.isHidden()]
        one_column = self._in_one_column()
        front = self._column_front()
        if one_column and front is not None:
            columns = [front]
        if columns:
            room = window.width() - len(columns) * separator
            lessons = self._open_lessons() if one_column else None
            narrowest = ((ONE_COLUMN_SIDE if lessons is None else ONE_COLUMN_LESSONS_SIDE) if one_column
                         else SIDE_READABLE if window.width() >= COMPACT_WIDTH else SIDE_MIN)
            side = max(narrowest, min(SIDE_MAX, (room - int(height * aspect)) // len(columns)))
            side = min(side, max(narrowest if one_column else SIDE_MIN, (room - BOARD_FLOOR) // len(columns)))
            if one_column:
                side = max(ONE_COLUMN_SIDE, min(side, room - MIN_BOARD_SIZE.width()))
            self._size_columns(columns, [side] * len(columns))

    def widen_docks(self) -> None:
        """A window made wider gives columns a smaller window narrowed below :data:`SIDE_MIN` their room
        back, as far as the board leaves it: Qt gives all of it to the board, which cannot use the width
        its height does not match, and the panels stayed cut off at the side."""
        window = self._window
        if self._in_one_column():
            # One column is sized as when it was arranged: it has the board alone beside it.
            self.size_docks(arranging=True)
            return
        view = window.board_view
        columns = [dock for dock in (self._column(Qt.DockWidgetArea.LeftDockWidgetArea),
                                     self._column(Qt.DockWidgetArea.RightDockWidgetArea)) if dock is not None]
        widths = [self._column_width(dock) for dock in columns]
        narrow = [i for i, width in enumerate(widths) if width < SIDE_MIN]
        spare = view.width() - max(int(view.height() * self._aspect()), BOARD_FLOOR)
        # Up to SIDE_MIN from the board down to its floor, as an arranged layout would take it (a wide
        # board wants every pixel); beyond that only what the board's shape leaves unused.
        budget = max(spare, min(view.width() - BOARD_FLOOR, sum(SIDE_MIN - widths[i] for i in narrow)))
        if not narrow or budget <= 0:
            return
        side = max(SIDE_MIN, min(SIDE_MAX, (spare + sum(widths)) // len(columns)))
        needs = {i: side - widths[i] for i in narrow}
        share = min(1.0, budget / sum(needs.values()))
        wider = [width + int(needs[i] * share) if i in narrow else width for i, width in enumerate(widths)]
        if wider != widths:
            self._size_columns(columns, wider)

    def _in_one_column(self) -> bool:
        """Whether the panels beside the board are one column of tabs."""
        return self._column_front() is not None

    def _column_front(self) -> QDockWidget | None:
        """In the one column, a dock shown in it (its moves, notation or stepper, which no other layout
        tabs on the right, with other tabs): the column is known by it, whichever panels are closed."""
        window = self._window
        right = Qt.DockWidgetArea.RightDockWidgetArea
        # Tabs behind the one in front may count as hidden: the column is known by its tabs.
        for dock in (window.moves_dock, window.notation_dock, window.trace_dock):
            if (not dock.isHidden() and not dock.isFloating() and window.dockWidgetArea(dock) == right
                    and any(not other.isHidden() for other in window.tabifiedDockWidgets(dock))):
                return dock
        return None

    def _column_width(self, dock: QDockWidget) -> int:
        """The width of ``dock``'s column as Qt sizes it: the dock's, and its tabs' where they run down
        the column's side."""
        window = self._window
        place = dock.geometry()
        beside = [bar.width() for bar in window.findChildren(QtWidgets.QTabBar)
                  if bar.parent() is window and bar.isVisible() and bar.height() > bar.width()
                  and 0 <= max(bar.x() - place.right(), place.left() - bar.geometry().right()) <= 8]
        return dock.width() + max(beside, default=0)

    def _aspect(self) -> float:
        """The board's width over its height, as the view draws it (1 with no board)."""
        view = self._window.board_view
        scene = view.sceneRect()
        return scene.width() / scene.height() if view.board is not None and scene.height() > 0 else 1.0

    def _size_columns(self, columns: list[QDockWidget], widths: list[int]) -> None:
        """Make each column of docks ``widths`` wide. One column at a time: given the left and the
        right columns at once, Qt leaves both as they were once the docks have been tabbed."""
        window = self._window
        for dock, width in zip(columns, widths):
            window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)

    def _column(self, area: Qt.DockWidgetArea) -> QDockWidget | None:
        """A dock shown in the column at ``area`` (any one of its tabs), or ``None``."""
        window = self._window
        for dock in window.docks():
            if (window.dockWidgetArea(dock) == area and not dock.isFloating() and dock.isVisible()
                    and not dock.visibleRegion().isEmpty()):
                return dock
        return None


def _scrolling(widget: QWidget) -> QtWidgets.QScrollArea:
    area = QtWidgets.QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setFrameShape(QtWidgets.QScrollArea.Shape.NoFrame)
    return area
