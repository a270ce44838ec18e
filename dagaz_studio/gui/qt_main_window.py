"""The main window: a board view with a File menu and a status bar."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QWidget

from dagaz_studio.board.model import Board
from dagaz_studio.gui.qt_board_view import Placement, QtBoardView

APP_TITLE = "Dagaz Studio"

#: Loads a board file: returns the board and its initial placement, or raises with a readable message.
BoardLoader = Callable[[str], tuple[Board, Placement]]


class QtMainWindow(QMainWindow):
    """The Dagaz Studio window: one board view for now, the base the full window grows from."""

    #: A board was opened from a file: its path (the application remembers it).
    boardFileOpened = Signal(str)

    def __init__(self, loader: Optional[BoardLoader] = None, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self._loader = loader
        self.board_view = QtBoardView(self)
        self.setCentralWidget(self.board_view)
        self.board_view.squareClicked.connect(self._on_square_clicked)
        self._build_menus()
        self.statusBar().showMessage("No board")
        self.setWindowTitle(APP_TITLE)
        self.resize(760, 820)

    @property
    def board(self) -> Optional[Board]:
        """The board shown, if any."""
        return self.board_view.board

    def open_board(self, board: Board, placement: Optional[Placement] = None) -> None:
        """Show ``board`` with an optional placement of pieces."""
        self.board_view.set_board(board, placement)
        self.setWindowTitle(f"{board.name} — {APP_TITLE}")
        self.statusBar().showMessage(self._summary(board))

    def open_file(self, path: str) -> bool:
        """Load and show a board file; on failure say why in a message box. Returns success."""
        if self._loader is None:
            return False
        try:
            board, placement = self._loader(path)
        except Exception as error:  # the loader's errors are for the user to read, whatever their type
            QMessageBox.warning(self, APP_TITLE, f"Could not open {Path(path).name}:\n\n{error}")
            return False
        self.open_board(board, placement)
        self.boardFileOpened.emit(path)
        return True

    # ------------------------------------------------------------------ private

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction("&Open…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self._choose_file)
        self.open_action.setEnabled(self._loader is not None)
        file_menu.addAction(self.open_action)
        file_menu.addSeparator()
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)

    @Slot()
    def _choose_file(self) -> None:
        start = ""
        board = self.board
        if board is not None and board.source:
            start = str(Path(board.source).parent)
        path, _ = QFileDialog.getOpenFileName(self, "Open board", start, "Board files (*.board);;All files (*)")
        if path:
            self.open_file(path)

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
