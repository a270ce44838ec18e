"""The main window: the board view, the docks around it, menus and a status bar."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

# The panels' classes are looked up when the panels are built: Qt readies each class at its first
# use, which a window painting its board first puts off.
from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication, QPoint, QSize, Signal, Slot
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from dagaz_studio.board.model import Board
from dagaz_studio.gui.board_view.outlines import keep_outlines
from dagaz_studio.gui.board_view.view import Placement, QtBoardView
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.frame.docks import MIN_BOARD_SIZE, DockLayout, arrangement_kind
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.settings import settings

if TYPE_CHECKING:
    # The panels are imported when they are built: a window started with ``panels_later`` paints
    # its board before any of them (and the engine and Lark behind them) is loaded.
    from dagaz_studio.gui.docks.board_text import QtBoardTextEditor
    from dagaz_studio.gui.docks.game_record import QtGameRecord
    from dagaz_studio.gui.docks.help import QtHelpBrowser
    from dagaz_studio.gui.docks.moves_panel import QtMovesPanel
    from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
    from dagaz_studio.gui.docks.piece_types import QtPieceTypes
    from dagaz_studio.gui.docks.play_field import QtPlayField
    from dagaz_studio.gui.docks.position_editor import QtPositionEditor
    from dagaz_studio.gui.docks.tests_panel import QtTestsPanel
    from dagaz_studio.gui.docks.trace_player import QtTracePlayer
    from dagaz_studio.gui.explorer.explorer import QtMoveExplorer
    from dagaz_studio.gui.explorer.move_play import QtMovePlay
    from dagaz_studio.gui.files.file_actions import QtFileActions
    from dagaz_studio.gui.files.recovery import Recovery
    from dagaz_studio.gui.frame.autosave import QtAutosave
    from dagaz_studio.gui.worker.runner import QtMoveRunner
    from dagaz_studio.queries import CheckAnswer

APP_TITLE = "Dagaz Studio"
#: The room the guides are shown in: their tables and code columns read whole.
GUIDE_SIZE = QSize(900, 720)

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
    autosave: QtAutosave

    def __init__(self, loader: BoardLoader | None = None, parent: QWidget | None = None, *,
                 panels_later: bool = False) -> None:
        """``panels_later``: build only the board and the frame now, the panels, menus and workers
        when :meth:`build_panels` is called (the application calls it once the board has painted)."""
        super().__init__(parent)
        self._loader = loader
        #: Where the docks go, for the window's size (frame/docks.py).
        self.layout_of_docks = DockLayout(self)
        #: Whether the panels, menus and workers are built (see :meth:`build_panels`).
        self.panels_built = False
        self._check_runner: QtMoveRunner | None = None
        #: The move just played, while the position is the one it made.
        self._played: str | None = None
        #: Whether the status bar says the game is over: said of one position, cleared when it changes.
        self._over_said = False
        #: The open board and the position being edited; the view shows ``document.position``.
        self.document = QtDocument(self)
        self.board_view = QtBoardView(self)
        self.setCentralWidget(self.board_view)
        self.board_view.setMinimumSize(MIN_BOARD_SIZE)
        self.document.boardChanged.connect(self._on_board_changed)
        self.document.positionChanged.connect(self._on_position_changed)
        #: What the status bar says of the open board; the bar itself comes with the panels (a
        #: window's first status bar costs Qt a few milliseconds the board's first paint need not wait).
        self._board_summary = "No board"
        self.setWindowTitle(APP_TITLE)
        self.resize(self._first_size())
        if not panels_later:
            self.build_panels()

    def build_panels(self) -> None:
        """Build the docks, menus and workers around the board, and bring them up to the open board."""
        if self.panels_built:
            return
        from dagaz_studio.gui.explorer.explorer import QtMoveExplorer
        from dagaz_studio.gui.explorer.move_play import QtMovePlay
        from dagaz_studio.gui.files.file_actions import QtFileActions
        from dagaz_studio.gui.frame.autosave import QtAutosave
        from dagaz_studio.gui.frame.unapplied import apply_before_saving, ask_about_unapplied_edits, has_unapplied_edits
        from dagaz_studio.gui.worker.runner import QtMoveRunner
        from dagaz_studio.queries import CheckAnswer, answer_check

        self.panels_built = True
        # Made here rather than by statusBar(), for the same reason as the board view's viewport.
        self.setStatusBar(QtWidgets.QStatusBar(self))
        self.statusBar().showMessage(self._board_summary)
        #: Asks on a worker of its own which royal pieces stand attacked, after every position change.
        self._check_runner = QtMoveRunner(self, answer=answer_check, failure=lambda query, message: CheckAnswer(query, error=message))
        self._check_runner.replyReady.connect(self._show_check)
        self.files = QtFileActions(self, self.document, self.board_view, APP_TITLE)
        self.files.boardOpened.connect(self.boardFileOpened)
        from dagaz_studio.gui.frame.docks import build_docks
        from dagaz_studio.gui.frame.menus import build_menus

        build_docks(self)
        #: Moves on the board, the notation editor, the trace player and the legend.
        self.move_explorer = QtMoveExplorer(self.document, self.board_view, self.notation_editor,
                                            self.trace_player, self.moves_panel, self)
        #: Moves by name: the "Play move" field, double-click to play, View ▸ Xiangqi move names.
        self.move_play = QtMovePlay(self.document, self.move_explorer, self.play_field, self)
        self.tests_panel.attach(self.move_explorer, self.notation_editor, self.board_text, self.board_text_dock)
        self._connect()
        build_menus(self)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        self.notation_editor.set_board(self.document.board)
        self.files.ask_unapplied = lambda: ask_about_unapplied_edits(
            self, APP_TITLE, self.board_text, self.notation_editor, self.notation_dock, self.files.save)
        self.files.apply_pending = lambda: apply_before_saving(
            self, APP_TITLE, self.board_text, self.board_text_dock, self.notation_editor, self.notation_dock)
        self.files.has_pending = lambda: has_unapplied_edits(self.board_text, self.notation_editor)
        for edited in (self.board_text.text_edit.textChanged, self.notation_editor.notationChanged,
                       self.notation_editor.notationInvalid, self.notation_editor.targetChanged):
            edited.connect(self.files.update_actions)
        #: Unsaved edits kept in a recovery file a moment after each change.
        self.autosave = QtAutosave(self, APP_TITLE, self.document, self.notation_editor,
                                   self._opened_to_restore, lambda message: self.statusBar().showMessage(message, 10000),
                                   self.board_text)
        from dagaz_studio.gui.frame.docks import smallest_window

        self.setMinimumSize(smallest_window(self))
        self.layout_of_docks.arrange(arrangement_kind(self.width()))
        if self.document.board is not None:
            # The board opened before the panels were there: they catch up as if it opened now.
            self.document.boardChanged.emit()
            self.document.positionChanged.emit()
        # The text the board was drawn with, for the next start's first paint (outlines.py).
        keep_outlines()

    def docks(self) -> list[QtWidgets.QDockWidget]:
        """Every dock of the window, in the order View lists them."""
        return [self.moves_dock, self.notation_dock, self.position_dock, self.piece_types_dock,
                self.board_text_dock, self.trace_dock, self.help_dock, self.tests_dock, self.record_dock]

    def shutdown(self) -> None:
        """Stop the worker threads (on close; they start again by themselves when asked), and keep
        the text drawn since the start for the next (outlines.py)."""
        if not self.panels_built:
            return
        keep_outlines()
        self.move_explorer.shutdown()
        self.move_play.shutdown()
        self._check_runner.shutdown()
        self.notation_editor.shutdown()
        lessons = getattr(self, "lessons_panel", None)
        if lessons is not None:
            lessons.shutdown()
        exporter = getattr(self, "fsf_exporter", None)  # made by the first File ▸ Export for Fairy-Stockfish…
        if exporter is not None:
            exporter.shutdown()
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
        self.autosave.closed()
        super().closeEvent(event)

    @property
    def recovery(self) -> Recovery:
        """The recovery files of unsaved edits (see :class:`~dagaz_studio.gui.frame.autosave.QtAutosave`)."""
        return self.autosave.recovery

    def offer_recovery(self) -> list[str]:
        """After a run that did not close, offer each board's unsaved changes back; returns what happened."""
        return self.autosave.offer()

    def _opened_to_restore(self, path: str) -> None:
        self.files.remember(path)
        self.boardFileOpened.emit(path)

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
    def board(self) -> Board | None:
        """The board shown, if any."""
        return self.board_view.board

    def open_board(self, board: Board, placement: Placement | None = None) -> None:
        """Show ``board``, built without a board file, with an optional placement of pieces."""
        self.document.open_placed(board, placement)

    def add_dock(self, title: str, object_name: str, widget: QWidget,
                 area: Qt.DockWidgetArea | None = None) -> QtWidgets.QDockWidget:
        """Dock ``widget`` beside the board (on the right unless ``area`` says otherwise);
        ``object_name`` lets the layout be saved and restored."""
        if area is None:
            area = Qt.DockWidgetArea.RightDockWidgetArea
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

    # ------------------------------------------------------------------ the docks' layout

    def reset_layout(self) -> None:
        """View ▸ Reset layout: every dock back where it starts, shown, arranged for the window's size."""
        self.layout_of_docks.arrange(arrangement_kind(self.width()))

    def show_lessons(self) -> QtWidgets.QDockWidget:
        """Help ▸ Lessons: the Lessons dock, made on first use, shown and raised."""
        from dagaz_studio.gui.docks.lessons import show_lessons

        dock = show_lessons(self)
        if self.panels_built:
            self.layout_of_docks.lessons_shown()
        return dock

    def compact_layout(self) -> None:
        """A layout for small screens (800 x 600): the side panels in tabs, the stepper the full width."""
        self.arrange_docks(compact=True)

    def arrange_docks(self, compact: bool) -> None:
        """Put every dock in its place, shown and docked (see :meth:`DockLayout.arrange`)."""
        self.layout_of_docks.arrange(compact)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        """Arrange the docks for the size the window is shown at, if they were arranged before."""
        super().showEvent(event)
        if self.panels_built:
            self.layout_of_docks.shown()

    def restoreState(self, state, version: int = 0) -> bool:  # noqa: N802 - Qt's name
        """Restore a saved layout (see QMainWindow), which keeps its own sizes."""
        taken = super().restoreState(state, version)
        self.layout_of_docks.restored()
        return taken

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        """A smaller window takes its room from the docks beside the board before the board itself, and
        a window made narrower or wider may change layout (:meth:`DockLayout.resized`)."""
        super().resizeEvent(event)
        if self.isVisible() and self.panels_built:
            self.layout_of_docks.resized(event)

    # ------------------------------------------------------------------ private

    def _connect(self) -> None:
        view = self.board_view
        view.squareClicked.connect(self._on_square_clicked)
        view.squareClicked.connect(self.position_editor.square_clicked)
        view.squareClicked.connect(self.move_explorer.square_clicked)
        view.handClicked.connect(self.move_explorer.hand_clicked)
        view.handClicked.connect(self.position_editor.hand_clicked)
        view.handTrayClicked.connect(self.position_editor.hand_tray_clicked)
        view.handContextMenuRequested.connect(self.position_editor.show_hand_menu)
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
        # Said again with the game's end once the worker has judged the position (see _show_check).
        self._played = name
        over = self.document.game_over()
        if over:
            self._say_over(name, over)
        else:
            self.statusBar().showMessage(f"Played {name}", 5000)

    def _say_over(self, name: str, over: str) -> None:
        self.statusBar().showMessage(f"Played {name} — game over: {over}")
        self._over_said = True

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
    def choose_game(self) -> None:
        """File ▸ Open a game…: the shipped games by family, each with a picture."""
        from dagaz_studio.gui.files.gallery import QtGameGallery  # built only when asked for

        gallery = QtGameGallery(self)
        gallery.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        gallery.gameChosen.connect(self.open_file)
        gallery.open()

    @Slot()
    def import_variants(self) -> None:
        """File ▸ Import Fairy-Stockfish variants…: a variants.ini's sections as board files."""
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
    def choose_file(self) -> None:
        """File ▸ Open…: a board file chosen in a file dialog."""
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
        self._board_summary = self._summary(board)
        if self.panels_built:
            self.statusBar().showMessage(self._board_summary)

    @Slot()
    def _on_position_changed(self) -> None:
        self.board_view.set_contents(self.document.view_contents())
        self.board_view.set_placement(self.document.view_placement())
        self.board_view.set_hands(self.document.view_hands())
        # Which royal pieces stand attacked is the worker's question: the marks follow its answer.
        self.board_view.set_check(())
        self._played = None  # the move played, if this change is one, is named after it (_on_played)
        if self._over_said:
            self.statusBar().clearMessage()
            self._over_said = False
        position = self.document.position
        # Debounced: a burst of changes asks once, and at start the window paints first.
        if position is not None and self._check_runner is not None:
            from dagaz_studio.queries import CheckQuery

            self._check_runner.request(CheckQuery(position.board, position.copy()), debounce=True)

    @Slot(object)
    def _show_check(self, answer: CheckAnswer) -> None:
        if answer.query.board is self.document.board:
            self.board_view.set_check(answer.squares)
            if answer.over and self._played is not None:
                self._say_over(self._played, answer.over)
            if answer.error:
                self.statusBar().showMessage(f"Could not tell which royal pieces are attacked: {answer.error}")

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

