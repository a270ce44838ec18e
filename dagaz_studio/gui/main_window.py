"""The main window: the board view, the docks around it, menus and a status bar."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from PySide6.QtCore import QCoreApplication, QPoint, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QWidget

# The panels' classes are looked up when the panels are built: Qt readies each class at its first
# use, which a window painting its board first puts off.
from PySide6 import QtGui, QtWidgets

from dagaz_studio.board.model import Board
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.gui.board_view.view import Placement, QtBoardView
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.settings import settings

if TYPE_CHECKING:
    # The panels are imported when they are built: a window started with ``panels_later`` paints
    # its board before any of them (and the engine and Lark behind them) is loaded.
    from dagaz_studio.gui.docks.board_text import QtBoardTextEditor
    from dagaz_studio.gui.docks.help import QtHelpBrowser
    from dagaz_studio.gui.docks.moves_panel import QtMovesPanel
    from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
    from dagaz_studio.gui.docks.game_record import QtGameRecord
    from dagaz_studio.gui.docks.piece_types import QtPieceTypes
    from dagaz_studio.gui.docks.play_field import QtPlayField
    from dagaz_studio.gui.docks.position_editor import QtPositionEditor
    from dagaz_studio.gui.docks.tests_panel import QtTestsPanel
    from dagaz_studio.gui.docks.trace_player import QtTracePlayer
    from dagaz_studio.gui.explorer.explorer import QtMoveExplorer
    from dagaz_studio.gui.explorer.move_play import QtMovePlay
    from dagaz_studio.gui.files.file_actions import QtFileActions
    from dagaz_studio.gui.files.recovery import Recovered, Recovery
    from dagaz_studio.gui.worker.runner import QtMoveRunner
    from dagaz_studio.queries import CheckAnswer

APP_TITLE = "Dagaz Studio"
#: Below this width the window starts (and View ▸ Reset layout arranges it) with its panels in tabs.
COMPACT_WIDTH = 1100
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
#: The room the guides are shown in: their tables and code columns read whole.
GUIDE_SIZE = QSize(900, 720)
#: Milliseconds after a change before unsaved edits are written to the recovery file.
AUTOSAVE_MS = 1000

#: Loads a board file: returns the board and its initial placement, or raises with a readable message.
BoardLoader = Callable[[str], tuple[Board, Placement]]


class QtMainWindow(QMainWindow):
    """The Dagaz Studio window: the board in the middle, docks around it, menus and a status bar.

    Docks (each listed in View so that a closed one can be reopened): Position and Piece types (on
    the right; Board file and Help tabbed behind them), Moves and Notation (left), Step by step
    (below the board).
    """

    #: A board was opened from a file: its path (the application remembers it).
    boardFileOpened = Signal(str)
    #: Start-up is complete: the panels are built and the remembered state is back.
    startedUp = Signal()

    document: QtDocument
    board_view: QtBoardView
    files: QtFileActions
    position_editor: QtPositionEditor
    moves_panel: QtMovesPanel
    play_field: QtPlayField
    notation_editor: QtNotationEditor
    trace_player: QtTracePlayer
    move_explorer: QtMoveExplorer
    move_play: QtMovePlay
    position_dock: QtWidgets.QDockWidget
    moves_dock: QtWidgets.QDockWidget
    notation_dock: QtWidgets.QDockWidget
    trace_dock: QtWidgets.QDockWidget
    piece_types: QtPieceTypes
    board_text: QtBoardTextEditor
    help_browser: QtHelpBrowser
    piece_types_dock: QtWidgets.QDockWidget
    board_text_dock: QtWidgets.QDockWidget
    help_dock: QtWidgets.QDockWidget
    tests_panel: QtTestsPanel
    tests_dock: QtWidgets.QDockWidget
    game_record: QtGameRecord
    record_dock: QtWidgets.QDockWidget
    help_menu: QtWidgets.QMenu
    new_board_action: QtGui.QAction
    file_menu: QtWidgets.QMenu
    edit_menu: QtWidgets.QMenu
    view_menu: QtWidgets.QMenu
    xiangqi_names_menu: QtWidgets.QMenu
    open_action: QtGui.QAction
    import_action: QtGui.QAction
    quit_action: QtGui.QAction
    undo_action: QtGui.QAction
    redo_action: QtGui.QAction
    recovery: Recovery

    def __init__(self, loader: Optional[BoardLoader] = None, parent: Optional[QWidget] = None, *,
                 panels_later: bool = False) -> None:
        """``panels_later``: build only the board and the frame now, the panels, menus and workers
        when :meth:`build_panels` is called (the application calls it once the board has painted)."""
        super().__init__(parent)
        self._loader = loader
        self._size_on_show = False
        #: Whether the panels, menus and workers are built (see :meth:`build_panels`).
        self.panels_built = False
        self._recovering: Optional[Path] = None
        self._check_runner: Optional[QtMoveRunner] = None
        #: The open board and the position being edited; the view shows ``document.position``.
        self.document = QtDocument(self)
        self.board_view = QtBoardView(self)
        self.setCentralWidget(self.board_view)
        self.board_view.setMinimumSize(MIN_BOARD_SIZE)
        self.document.boardChanged.connect(self._on_board_changed)
        self.document.positionChanged.connect(self._on_position_changed)
        # Made here rather than by statusBar(), for the same reason as the board view's viewport.
        self.setStatusBar(QtWidgets.QStatusBar(self))
        self.statusBar().showMessage("No board")
        self.setWindowTitle(APP_TITLE)
        self.resize(self._first_size())
        if not panels_later:
            self.build_panels()

    def build_panels(self) -> None:
        """Build the docks, menus and workers around the board, and bring them up to the open board."""
        if self.panels_built:
            return
        from dagaz_studio.gui.files.file_actions import QtFileActions
        from dagaz_studio.gui.files.recovery import Recovery
        from dagaz_studio.gui.explorer.explorer import QtMoveExplorer
        from dagaz_studio.gui.explorer.move_play import QtMovePlay
        from dagaz_studio.gui.worker.runner import QtMoveRunner
        from dagaz_studio.queries import CheckAnswer, answer_check

        self.panels_built = True
        #: Asks on a worker of its own which royal pieces stand attacked, after every position change.
        self._check_runner = QtMoveRunner(self, answer=answer_check, failure=lambda query, _message: CheckAnswer(query))
        self._check_runner.replyReady.connect(self._show_check)
        self.files = QtFileActions(self, self.document, self.board_view, APP_TITLE)
        self.files.boardOpened.connect(self.boardFileOpened)
        self._build_docks()
        #: Moves on the board, the notation editor, the trace player and the legend.
        self.move_explorer = QtMoveExplorer(self.document, self.board_view, self.notation_editor,
                                            self.trace_player, self.moves_panel, self)
        #: Moves by name: the "Play move" field, double-click to play, View ▸ Xiangqi move names.
        self.move_play = QtMovePlay(self.document, self.move_explorer, self.play_field, self)
        self.tests_panel.attach(self.move_explorer, self.notation_editor, self.board_text, self.board_text_dock)
        self._connect()
        self._build_menus()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        self.notation_editor.set_board(self.document.board)
        self.files.ask_unapplied = self._ask_about_unapplied_edits
        #: Unsaved edits kept in a recovery file a moment after each change (see :meth:`autosave`).
        self.recovery = Recovery()
        self._recovering = None
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        for signal in (self.document.boardChanged, self.document.dirtyChanged, self.document.positionChanged,
                       self.notation_editor.notationChanged, self.notation_editor.notationInvalid):
            signal.connect(self._autosave_timer.start)
        self.arrange_docks(compact=self.width() < COMPACT_WIDTH)
        if self.document.board is not None:
            # The board opened before the panels were there: they catch up as if it opened now.
            self.document.boardChanged.emit()
            self.document.positionChanged.emit()

    def docks(self) -> list[QtWidgets.QDockWidget]:
        """Every dock of the window, in the order View lists them."""
        return [self.moves_dock, self.notation_dock, self.position_dock, self.piece_types_dock,
                self.board_text_dock, self.trace_dock, self.help_dock, self.tests_dock, self.record_dock]

    def shutdown(self) -> None:
        """Stop the worker threads (on close; they start again by themselves when asked)."""
        if not self.panels_built:
            return
        self.move_explorer.shutdown()
        self.move_play.shutdown()
        self._check_runner.shutdown()
        self.notation_editor.shutdown()
        lessons = getattr(self, "lessons_panel", None)
        if lessons is not None:
            lessons.shutdown()
        self.tests_panel.shutdown()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt's name
        """Take a drag that carries a board file."""
        if not (self.panels_built and self.files.drag_entered(event)):
            super().dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt's name
        """Open a dropped board file."""
        if not (self.panels_built and self.files.dropped(event)):
            super().dropEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """Ask about unsaved changes; a closed window runs nothing: stop the worker threads; nothing is
        left to recover."""
        if self.panels_built and not self.files.may_close():
            event.ignore()
            return
        self.shutdown()
        if not self.panels_built:
            super().closeEvent(event)
            return
        self._autosave_timer.stop()
        if self._recovering is not None:
            self.recovery.remove(self._recovering)
            self._recovering = None
        super().closeEvent(event)

    @Slot()
    def autosave(self) -> None:
        """Keep the open board's unsaved edits in its recovery file, or remove the file when there are none."""
        path = self.document.board_path
        if self._recovering is not None and self._recovering != path:
            # The user answered for the last board's changes when it was closed.
            self.recovery.remove(self._recovering)
            self._recovering = None
        if path is None:
            return
        drafts = self.notation_editor.unapplied()
        dirty = self.document.board_dirty
        if not dirty and not drafts:
            self.recovery.remove(path)
            self._recovering = None
            return
        from dagaz_studio.gui.files.recovery import Recovered

        problem = self.recovery.write(Recovered(path, self.document.board_text if dirty else None, drafts,
                                                self.document.fen()))
        if problem is not None:
            self.statusBar().showMessage(f"Unsaved changes could not be kept for recovery: {problem}", 10000)
        self._recovering = path

    def offer_recovery(self) -> list[str]:
        """After a run that did not close, offer each board's unsaved changes back; returns what happened."""
        notes: list[str] = []
        for state in self.recovery.pending():
            name = state.board_path.name
            what = []
            if state.board_text is not None:
                what.append("the board file's text")
            if state.drafts:
                what.append(f"the notation of {', '.join(state.drafts)} (not applied)")
            answer = QtWidgets.QMessageBox.question(
                self, APP_TITLE,
                f"Dagaz Studio did not close normally last time. {name} has changes that were not saved: "
                f"{' and '.join(what) or 'the position'}.\n\nRestore them?",
                QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.No, QtWidgets.QMessageBox.StandardButton.Yes)
            if answer != QtWidgets.QMessageBox.StandardButton.Yes:
                self.recovery.remove(state.board_path)
                continue
            if not state.board_path.is_file() or not self._restore(state):
                notes.append(f"The unsaved changes to {name} could not be restored: the board file is gone or "
                             "no longer loads.")
                self.recovery.remove(state.board_path)
                continue
            notes.append(f"Restored the unsaved changes to {name}; save them with File ▸ Save board.")
            self._recovering = state.board_path
        return notes

    def _restore(self, state: Recovered) -> bool:
        current = self.document.board_path
        if current is None or current.resolve() != state.board_path.resolve():
            try:
                self.document.open_board(state.board_path)
            except ValueError:
                return False
            self.files.remember(str(state.board_path))
            self.boardFileOpened.emit(str(state.board_path))
        try:
            if state.board_text is not None:
                self.document.set_board_text(state.board_text, "Restore unsaved changes")
            if state.fen:
                self.document.set_fen(state.fen)
        except ValueError:  # BoardFileError, FenError: the file changed since
            return False
        self.notation_editor.restore_drafts(state.drafts)
        return True

    @staticmethod
    def _first_size() -> QSize:
        """The size before any layout is remembered: room for the board and the docks around it.

        The docks need about 1280 x 900 to show their lists and the legend without scrolling; on a
        smaller screen the window takes most of what there is.
        """
        wanted = QSize(1280, 900)
        screen = QGuiApplication.primaryScreen()
        if screen is None:
            return wanted
        available = screen.availableGeometry().size()
        return QSize(min(wanted.width(), int(available.width() * 0.95)),
                     min(wanted.height(), int(available.height() * 0.92)))

    @property
    def board(self) -> Optional[Board]:
        """The board shown, if any."""
        return self.board_view.board

    def open_board(self, board: Board, placement: Optional[Placement] = None) -> None:
        """Show ``board``, built without a board file, with an optional placement of pieces."""
        kinds = {name: index for index, name in enumerate(board.pieces)}
        position = Position(board, [None] * len(board.squares))
        for square, (player, name, _letter) in (placement or {}).items():
            if name in kinds and 0 <= square < len(board.squares):
                position.cells[square] = Piece(player, kinds[name], True)
        self.document.open_text("", None, board, position)

    def add_dock(self, title: str, object_name: str, widget: QWidget,
                 area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea) -> QtWidgets.QDockWidget:
        """Dock ``widget`` beside the board; ``object_name`` lets the layout be saved and restored."""
        dock = QtWidgets.QDockWidget(title, self)
        dock.setObjectName(object_name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def open_file(self, path: str) -> bool:
        """Load and show a board file; on failure say why in a message box. Returns success.

        Unsaved changes to the open board file are asked about first.
        """
        if self._loader is None:
            return self.files.open_path(path)
        try:
            board, placement = self._loader(path)
        except Exception as error:  # the loader's errors are for the user to read, whatever their type
            QtWidgets.QMessageBox.warning(self, APP_TITLE, f"Could not open {Path(path).name}:\n\n{error}")
            return False
        self.open_board(board, placement)
        self.boardFileOpened.emit(path)
        return True

    # ------------------------------------------------------------------ private

    def _ask_about_unapplied_edits(self) -> bool:
        """Before the board goes (closing, another board): Save, Discard or Cancel edited notations."""
        if not self.board_text.ask_unapplied():
            return False
        broken = self.notation_editor.broken_drafts()
        if broken:
            # A notation with an error is never applied: keep editing it, or let it go.
            problems = "\n".join(f"{name}: {message}" for name, message in broken.items())
            box = QtWidgets.QMessageBox(
                QtWidgets.QMessageBox.Icon.Warning, APP_TITLE,
                f"The notation of {', '.join(broken)} has an error and cannot be applied:\n\n{problems}\n\n"
                "Keep editing it, or discard the edit?",
                QtWidgets.QMessageBox.StandardButton.Discard | QtWidgets.QMessageBox.StandardButton.Cancel, self)
            keep = box.button(QtWidgets.QMessageBox.StandardButton.Cancel)
            keep.setText("Keep editing")
            box.setDefaultButton(keep)
            if box.exec() != QtWidgets.QMessageBox.StandardButton.Discard:
                self.notation_editor.edit_draft(next(iter(broken)))
                self.notation_dock.show()
                self.notation_dock.raise_()
                return False
            self.notation_editor.discard_unapplied(list(broken))
        drafts = self.notation_editor.unapplied()
        if not drafts:
            return True
        names = ", ".join(drafts)
        answer = QtWidgets.QMessageBox.question(
            self, APP_TITLE,
            f"The notation of {names} has been edited but not applied.\n\nApply it and save the board file?",
            QtWidgets.QMessageBox.StandardButton.Save | QtWidgets.QMessageBox.StandardButton.Discard | QtWidgets.QMessageBox.StandardButton.Cancel,
            QtWidgets.QMessageBox.StandardButton.Save,
        )
        if answer == QtWidgets.QMessageBox.StandardButton.Discard:
            self.notation_editor.discard_unapplied()
            return True
        if answer != QtWidgets.QMessageBox.StandardButton.Save:
            return False
        problem = self.notation_editor.apply_unapplied()
        if problem is not None:
            QtWidgets.QMessageBox.warning(self, APP_TITLE, problem)
            return False
        return self.files.save()

    def _build_docks(self) -> None:
        from dagaz_studio.gui.docks.board_text import QtBoardTextEditor
        from dagaz_studio.gui.docks.help import QtHelpBrowser
        from dagaz_studio.gui.docks.moves_panel import QtMovesPanel
        from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
        from dagaz_studio.gui.docks.piece_types import QtPieceTypes
        from dagaz_studio.gui.docks.play_field import QtPlayField
        from dagaz_studio.gui.docks.position_editor import QtPositionEditor
        from dagaz_studio.gui.docks.trace_player import QtTracePlayer

        self.position_editor = QtPositionEditor(self.document, self)
        self.position_dock = self.add_dock("Position", "positionDock", _scrolling(self.position_editor))
        self.moves_panel = QtMovesPanel(self)
        self.play_field = QtPlayField(self.moves_panel)
        self.moves_panel.layout().insertWidget(0, self.play_field)
        self.notation_editor = QtNotationEditor(self)
        self.trace_player = QtTracePlayer(self)
        # Scroll areas let the docks shrink with the window instead of setting its minimum height.
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self.moves_dock = self.add_dock("Moves", "movesDock", _scrolling(self.moves_panel), left)
        self.notation_dock = self.add_dock("Notation", "notationDock", _scrolling(self.notation_editor), left)
        # The side columns run the full height, so the player below the board does not add to them.
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.trace_dock = self.add_dock("Step by step", "traceDock", _scrolling(self.trace_player),
                                        Qt.DockWidgetArea.BottomDockWidgetArea)
        self.resizeDocks([self.moves_dock], [340], Qt.Orientation.Horizontal)
        self.piece_types = QtPieceTypes(self.document, self)
        # Not in a scroll area: the list scrolls within itself and its buttons stay in sight below it.
        self.piece_types_dock = self.add_dock("Piece types", "pieceTypesDock", self.piece_types)
        self.board_text = QtBoardTextEditor(self.document, self)
        self.board_text_dock = self.add_dock("Board file", "boardTextDock", _scrolling(self.board_text))
        self.help_browser = QtHelpBrowser(self)
        self.help_dock = self.add_dock("Help", "helpDock", _scrolling(self.help_browser))
        from dagaz_studio.gui.docks.game_record import QtGameRecord

        self.game_record = QtGameRecord(self.document, self)
        self.record_dock = self.add_dock("Game record", "recordDock", _scrolling(self.game_record))
        self.tabifyDockWidget(self.piece_types_dock, self.record_dock)
        self.piece_types_dock.raise_()
        from dagaz_studio.gui.docks.tests_panel import add_tests_dock

        self.tests_panel, self.tests_dock = add_tests_dock(self, self.document, self.board_view)
        # Behind the position: the board file and the guides are read now and then, not all the time.
        self.tabifyDockWidget(self.position_dock, self.board_text_dock)
        self.tabifyDockWidget(self.board_text_dock, self.help_dock)
        self.tabifyDockWidget(self.help_dock, self.tests_dock)
        self.position_dock.raise_()
        self.board_view.setMinimumSize(MIN_BOARD_SIZE)

    def reset_layout(self) -> None:
        """View ▸ Reset layout: every dock back where it starts, shown, arranged for the window's size."""
        self.arrange_docks(compact=self.width() < COMPACT_WIDTH)

    def compact_layout(self) -> None:
        """A layout for small screens (800 x 600): the side panels in tabs, the stepper the full width."""
        self.arrange_docks(compact=True)

    def arrange_docks(self, compact: bool) -> None:
        """Put every dock in its place, shown and docked: Moves and Notation on the left, Position with
        the board file and help (and piece types) on the right, the stepper below; ``compact`` puts the
        side panels in tabs and gives the stepper the full width."""
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        places = [(self.moves_dock, left), (self.notation_dock, left), (self.position_dock, right),
                  (self.piece_types_dock, right), (self.board_text_dock, right), (self.help_dock, right),
                  (self.tests_dock, left if compact else right), (self.trace_dock, bottom), (self.record_dock, right)]
        for dock, _area in places:
            self.removeDockWidget(dock)
        for dock, area in places:
            self.addDockWidget(area, dock)
            dock.setFloating(False)
            dock.show()
        # Behind the position: the board file and the guides are read now and then, not all the time.
        self.tabifyDockWidget(self.position_dock, self.board_text_dock)
        self.tabifyDockWidget(self.board_text_dock, self.help_dock)
        if not compact:
            self.tabifyDockWidget(self.help_dock, self.tests_dock)
        corner = bottom if compact else None
        # Narrow columns hold their tabs on their outer edges, written upwards: four titles fit there
        # where a row of them across 180 pixels would be cut to a letter or two each.
        sides = Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
        self.setTabPosition(sides, QtWidgets.QTabWidget.TabPosition.South)
        if compact:
            self.setTabPosition(right, QtWidgets.QTabWidget.TabPosition.East)
        if compact:
            self.tabifyDockWidget(self.moves_dock, self.notation_dock)
            # The right column's tabs run down its edge and have no room for one more.
            self.tabifyDockWidget(self.notation_dock, self.tests_dock)
            self.tabifyDockWidget(self.help_dock, self.piece_types_dock)
        self.tabifyDockWidget(self.piece_types_dock, self.record_dock)
        self.piece_types_dock.raise_()
        self.setCorner(Qt.Corner.BottomLeftCorner, corner or left)
        self.setCorner(Qt.Corner.BottomRightCorner, corner or right)
        self.moves_dock.raise_()
        self.position_dock.raise_()
        # Sizes set now are saved with the state restored below, which keeps them.
        self._size_docks(arranging=True)
        # Rearranging leaves Qt's earlier tab bars on screen over the docks: hide them all and let
        # the layout show again the ones it uses.
        for bar in self.findChildren(QtWidgets.QTabBar):
            if bar.parent() is self:
                bar.hide()
        QMainWindow.restoreState(self, self.saveState())
        # Shown at another size than it was arranged for, it is arranged again for the size it has.
        self._size_on_show = not self.isVisible()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        """Arrange the docks for the size the window is shown at, if they were arranged before."""
        super().showEvent(event)
        if self._size_on_show and self.panels_built:
            self._size_on_show = False
            # Shown at another size than it was arranged for: the layout for the size it has, now,
            # before the first paint (later it would hold the event loop up while the user works).
            compact = self.width() < COMPACT_WIDTH
            if self._arrangement() == self._arrangement_for(compact):
                self._size_docks(arranging=True)
            else:
                self.arrange_docks(compact)

    def restoreState(self, state, version: int = 0) -> bool:  # noqa: N802 - Qt's name
        """Restore a saved layout (see QMainWindow), which keeps its own sizes."""
        self._size_on_show = False
        return super().restoreState(state, version)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        """A smaller window takes its room from the docks beside the board before the board itself;
        a window made narrower or wider than :data:`COMPACT_WIDTH` changes to the layout for its
        size, unless the docks have been arranged otherwise by hand."""
        super().resizeEvent(event)
        if not self.isVisible() or not self.panels_built:
            return
        compact = event.size().width() < COMPACT_WIDTH
        if compact != (event.oldSize().width() < COMPACT_WIDTH) and self._arrangement() == self._arrangement_for(not compact):
            # Once Qt has laid the docks out at the new size.
            QTimer.singleShot(0, lambda: self.arrange_docks(compact=self.width() < COMPACT_WIDTH))
        elif event.size().width() < event.oldSize().width() or event.size().height() < event.oldSize().height():
            QTimer.singleShot(0, self._size_docks)

    def _arrangement(self) -> set[tuple[str, str, frozenset[str]]]:
        """Where each dock is: its name, its area (or floating, or closed), and the docks it shares tabs with."""
        where = set()
        for dock in self.docks():
            place = "closed" if dock.isHidden() else "floating" if dock.isFloating() else str(self.dockWidgetArea(dock))
            where.add((dock.objectName(), place, frozenset(d.objectName() for d in self.tabifiedDockWidgets(dock))))
        return where

    def _arrangement_for(self, compact: bool) -> set[tuple[str, str, frozenset[str]]]:
        """What :meth:`_arrangement` says of the layout :meth:`arrange_docks` makes."""
        left, right = str(Qt.DockWidgetArea.LeftDockWidgetArea), str(Qt.DockWidgetArea.RightDockWidgetArea)
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

    def _size_docks(self, arranging: bool = False) -> None:
        """Give the board the room its shape asks for, taking it from the columns of docks beside it.

        When ``arranging`` a layout, the side columns share what the board leaves (each between
        :data:`SIDE_MIN` and :data:`SIDE_MAX` wide) and the stepper below takes the height it needs;
        otherwise (the window shrank) only columns wider than the board leaves room for are narrowed.
        """
        view = self.board_view
        scene = view.sceneRect()
        aspect = scene.width() / scene.height() if view.board is not None and scene.height() > 0 else 1.0
        if not arranging:
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
        separator = self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, self)
        height = self.height() - self.menuBar().sizeHint().height() - self.statusBar().sizeHint().height()
        player = self.trace_dock.widget()
        if not self.trace_dock.isHidden() and not self.trace_dock.isFloating():
            inner = player.widget() if isinstance(player, QtWidgets.QScrollArea) else player
            title = self.trace_dock.sizeHint().height() - player.sizeHint().height() + 4
            # A fifth of the window, within what the stepper needs at least and asks for at most.
            below = max(inner.minimumSizeHint().height() + title, min(inner.sizeHint().height() + title, self.height() // 5))
            self.resizeDocks([self.trace_dock], [below], Qt.Orientation.Vertical)
            height -= below + separator
        left_column = [self.moves_dock, self.notation_dock]
        if (all(not dock.isHidden() and not dock.isFloating() for dock in left_column)
                and self.notation_dock not in self.tabifiedDockWidgets(self.moves_dock)):
            # The notation editor, its reading and its tree want the height; the legend needs less.
            self.resizeDocks(left_column, [height * 2 // 5, height * 3 // 5], Qt.Orientation.Vertical)
        columns = [dock for dock in (self.moves_dock, self.position_dock) if not dock.isHidden()]
        if columns:
            room = self.width() - len(columns) * separator
            narrowest = SIDE_READABLE if self.width() >= COMPACT_WIDTH else SIDE_MIN
            side = max(narrowest, min(SIDE_MAX, (room - int(height * aspect)) // len(columns)))
            side = min(side, max(SIDE_MIN, (room - BOARD_FLOOR) // len(columns)))
            self._size_columns(columns, [side] * len(columns))

    def _size_columns(self, columns: list[QtWidgets.QDockWidget], widths: list[int]) -> None:
        """Make each column of docks ``widths`` wide. One column at a time: given the left and the
        right columns at once, Qt leaves both as they were once the docks have been tabbed."""
        for dock, width in zip(columns, widths):
            self.resizeDocks([dock], [width], Qt.Orientation.Horizontal)

    def _column(self, area: Qt.DockWidgetArea) -> Optional[QtWidgets.QDockWidget]:
        """A dock shown in the column at ``area`` (any one of its tabs), or ``None``."""
        for dock in self.docks():
            if (self.dockWidgetArea(dock) == area and not dock.isFloating() and dock.isVisible()
                    and not dock.visibleRegion().isEmpty()):
                return dock
        return None

    def _connect(self) -> None:
        view = self.board_view
        view.squareClicked.connect(self._on_square_clicked)
        view.squareClicked.connect(self.position_editor.square_clicked)
        view.squareClicked.connect(self.move_explorer.square_clicked)
        view.handClicked.connect(self.move_explorer.hand_clicked)
        view.pieceDragged.connect(self.position_editor.piece_dragged)
        view.squareContextMenuRequested.connect(self._show_square_menu)
        self.document.boardChanged.connect(self._on_board_changed)
        self.document.positionChanged.connect(self._on_position_changed)
        self.move_play.played.connect(self._on_played)
        self.move_play.played.connect(self.game_record.move_played)
        # Left and Right step the trace wherever the focus is; text fields keep their own arrows
        # (they claim the keys before shortcuts see them).
        for key, step in ((Qt.Key.Key_Left, self.trace_player.step_back),
                          (Qt.Key.Key_Right, self.trace_player.step_forward)):
            shortcut = QtGui.QShortcut(QtGui.QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(step)
        self.board_text.saveRequested.connect(self.files.save)

    def _on_played(self, name: str) -> None:
        over = self.document.game_over()
        if over:
            self.statusBar().showMessage(f"Played {name} — game over: {over}")
        else:
            self.statusBar().showMessage(f"Played {name}", 5000)

    def _build_menus(self) -> None:
        from dagaz_studio.gui.docks.position_editor import undo_actions
        from dagaz_studio.gui.explorer.move_play import xiangqi_style_menu
        from dagaz_studio.gui.files.new_board import create_new_board

        self.file_menu = file_menu = self.menuBar().addMenu("&File")
        self.open_action = QtGui.QAction("&Open…", self)
        self.open_action.setShortcuts(QtGui.QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self._choose_file)
        self.new_board_action = QtGui.QAction("&New board…", self)
        self.new_board_action.setShortcuts(QtGui.QKeySequence.StandardKey.New)
        self.new_board_action.setToolTip("Make a board: grid, directions, players and symmetry")
        self.new_board_action.triggered.connect(lambda: create_new_board(self, self.files.open_path))
        self.open_game_action = QtGui.QAction("Open a &game…", self)
        self.open_game_action.setShortcut(QtGui.QKeySequence("Ctrl+Shift+O"))
        self.open_game_action.setToolTip("The games that come with Dagaz Studio, by family, with a picture each")
        self.open_game_action.triggered.connect(self._choose_game)
        file_menu.addAction(self.new_board_action)
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.open_game_action)
        file_menu.addMenu(self.files.recent_menu)
        self.import_action = QtGui.QAction("&Import Fairy-Stockfish variants…", self)
        self.import_action.setToolTip("A variants.ini's sections as board files: those that import, and why the "
                                      "others cannot")
        self.import_action.triggered.connect(self._import_variants)
        file_menu.addAction(self.import_action)
        file_menu.addSeparator()
        file_menu.addAction(self.files.save_action)
        file_menu.addAction(self.files.save_as_action)
        file_menu.addSeparator()
        file_menu.addAction(self.files.export_png_action)
        file_menu.addAction(self.files.export_svg_action)
        file_menu.addSeparator()
        self.quit_action = QtGui.QAction("&Quit", self)
        self.quit_action.setShortcuts(QtGui.QKeySequence.StandardKey.Quit)
        self.quit_action.setMenuRole(QtGui.QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)
        self.edit_menu = self.menuBar().addMenu("&Edit")
        self.undo_action, self.redo_action = undo_actions(self.document, self)
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.edit_menu.addSeparator()
        self.setup_action = self.edit_menu.addAction("Use this position as the &setup",
                                                     self.position_editor.use_as_setup)
        self.setup_action.setToolTip(self.position_editor.setup_button.toolTip())
        self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.files.copy_image_action)
        self.view_menu = self.menuBar().addMenu("&View")
        for dock in self.docks():
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addSeparator()
        self.reset_layout_action = self.view_menu.addAction("&Reset layout", self.reset_layout)
        self.reset_layout_action.setToolTip("Every panel back in its place and shown")
        self.view_menu.addSeparator()
        from dagaz_studio.gui.board_view.orientation import orientation_actions

        #: Zoom in, Zoom out, Fit board, Flip board (board_view/orientation.py).
        self.orientation_actions = orientation_actions(self.board_view.orientation, self)
        self.view_menu.addActions(list(self.orientation_actions.values()))
        self.view_menu.addSeparator()
        from dagaz_studio.gui.theme import QtTheme, refresh_legend, theme_menu

        #: Light, dark or the system's, and the highlight palette (theme.py).
        self.theme = QtTheme(self)
        self.theme.changed.connect(lambda _dark: (self.board_view.viewport().update(),
                                                  refresh_legend(self.moves_panel.legend)))
        self.theme.apply()
        self.theme_menu = theme_menu(self.theme, self)
        self.view_menu.addMenu(self.theme_menu)
        self.xiangqi_names_menu = xiangqi_style_menu(self.move_play, self)
        self.view_menu.addMenu(self.xiangqi_names_menu)
        self._build_help_menu()

    def _build_help_menu(self) -> None:
        from dagaz_studio.gui.docks.help import QtShortcutsDialog, show_about

        self.help_menu = self.menuBar().addMenu("&Help")
        for key, title, shortcut in (("notation", "&Notation guide", QtGui.QKeySequence.StandardKey.HelpContents),
                                     ("boards", "&Board-file guide", None)):
            action = self.help_menu.addAction(title)
            if shortcut is not None:
                action.setShortcuts(shortcut)
            action.triggered.connect(lambda _checked=False, k=key: self.show_guide(k))
        from dagaz_studio.gui.docks.lessons import add_lessons_action

        add_lessons_action(self, self.help_menu)
        self.help_menu.addSeparator()
        self.help_menu.addAction("&Keyboard shortcuts", lambda: QtShortcutsDialog(self.menuBar(), self).exec())
        self.help_menu.addAction("&Welcome", lambda: self.show_welcome(force=True))
        about = self.help_menu.addAction("&About Dagaz Studio", lambda: show_about(self))
        about.setMenuRole(QtGui.QAction.MenuRole.AboutRole)

    def show_guide(self, key: str) -> None:
        """Show a guide (``notation``, ``boards``…) in the Help panel, in a window of its own: in a
        column beside the board its tables and code would be cut. Docking it again is kept."""
        self.help_browser.show_guide(key)
        dock = self.help_dock
        if dock.isHidden() or not dock.isFloating() and dock.width() < GUIDE_SIZE.width() * 3 // 4:
            screen = self.screen().availableGeometry()
            size = QSize(min(GUIDE_SIZE.width(), int(screen.width() * 0.9)),
                         min(GUIDE_SIZE.height(), int(screen.height() * 0.9)))
            dock.setFloating(True)
            dock.resize(size)
            centre = self.geometry().center()
            dock.move(centre.x() - size.width() // 2, centre.y() - size.height() // 2)
        dock.show()
        dock.raise_()

    def show_welcome(self, force: bool = False) -> None:
        """The welcome: on the first start (``force``: whenever asked, from Help ▸ Welcome)."""
        from dagaz_studio.gui.docks.help import show_welcome

        show_welcome(self, settings(), self.show_guide, force)

    @Slot(int, QPoint)
    def _show_square_menu(self, square: int, global_pos: QPoint) -> None:
        menu = self.position_editor.square_menu(square) or QtWidgets.QMenu(self)
        if not menu.isEmpty():
            menu.addSeparator()
        self.move_explorer.square_actions(square, menu)
        self.tests_panel.square_actions(square, menu)
        menu.exec(global_pos)
        menu.deleteLater()

    @Slot()
    def _choose_game(self) -> None:
        from dagaz_studio.gui.files.gallery import QtGameGallery  # built only when asked for

        gallery = QtGameGallery(self)
        gallery.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        gallery.gameChosen.connect(self.open_file)
        gallery.open()

    @Slot()
    def _import_variants(self) -> None:
        from dagaz_studio.gui.files.import_ini import QtImportDialog  # built only when asked for

        path, _ = QtWidgets.QFileDialog.getOpenFileName(self, "Import Fairy-Stockfish variants", str(self.files.start_folder()),
                                              "Fairy-Stockfish variants (*.ini);;All files (*)")
        if not path:
            return
        dialog = QtImportDialog(Path(path), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.boardImported.connect(self.open_file)
        dialog.open()

    @Slot()
    def _choose_file(self) -> None:
        start = str(self.files.start_folder())
        path, _ = QtWidgets.QFileDialog.getOpenFileName(self, "Open board", start, "Board files (*.board);;All files (*)")
        if path:
            self.open_file(path)

    @Slot()
    def _on_board_changed(self) -> None:
        board = self.document.board
        if board is None:
            return
        self.board_view.set_contents(self.document.view_contents())
        self.board_view.set_board(board, self.document.view_placement())
        self.board_view.set_hands(self.document.view_hands())
        # The file open, by its name (a saved copy is not the original), and the game it holds.
        path = self.document.board_path
        named = f"{path.name}[*] — {board.name}" if path is not None else f"{board.name}[*]"
        self.setWindowTitle(f"{named} — {APP_TITLE}")
        self.setWindowModified(self.document.board_dirty)
        self.statusBar().showMessage(self._summary(board))

    @Slot()
    def _on_position_changed(self) -> None:
        self.board_view.set_contents(self.document.view_contents())
        self.board_view.set_placement(self.document.view_placement())
        self.board_view.set_hands(self.document.view_hands())
        # Which royal pieces stand attacked is the worker's question: the marks follow its answer.
        self.board_view.set_check(())
        position = self.document.position
        if position is not None:
            # Debounced: a burst of changes asks once, and at start the window paints first.
            if self._check_runner is not None:
                from dagaz_studio.queries import CheckQuery

                self._check_runner.request(CheckQuery(position.board, position.copy()), debounce=True)

    @Slot(object)
    def _show_check(self, answer: CheckAnswer) -> None:
        if answer.query.board is self.document.board:
            self.board_view.set_check(answer.squares)

    @Slot(int)
    def _on_square_clicked(self, square: int) -> None:
        board = self.board
        if board is not None:
            self.statusBar().showMessage(f"{board.squares[square]}    {self._summary(board)}")

    @staticmethod
    def _summary(board: Board) -> str:
        style = "points" if board.draw.style == "points" else "squares"
        kinds = len(board.pieces)
        return f"{board.name}: {len(board.squares)} {style}, {kinds} piece type{'' if kinds == 1 else 's'}, players {' '.join(board.players)}"


def _scrolling(widget: QWidget) -> QtWidgets.QScrollArea:
    area = QtWidgets.QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setFrameShape(QtWidgets.QScrollArea.Shape.NoFrame)
    return area
