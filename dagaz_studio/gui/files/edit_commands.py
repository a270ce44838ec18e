"""The document's undoable steps: a position edit, a piece's notation changed, the board file's text
replaced. Each holds the states before and after and is given how to put one of them in place."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from dagaz_studio.board import Board
from dagaz_studio.engine import Position


class PositionCommand(QUndoCommand):
    """A position edit: the position before and after; ``restore`` makes the document's position
    equal to one of them."""

    def __init__(self, restore: Callable[[Position], None], before: Position, after: Position, text: str) -> None:
        super().__init__(text)
        self._restore = restore
        self._before = before
        self._after = after

    def redo(self) -> None:
        """Apply the edit."""
        self._restore(self._after)

    def undo(self) -> None:
        """Put the position back as it was."""
        self._restore(self._before)


class BoardTextCommand(QUndoCommand):
    """A change to the board file's text (a piece's notation): the text and board before and after;
    ``use`` makes the document's text and board those given."""

    def __init__(self, use: Callable[[str, Board], None], old_text: str, old_board: Board | None, new_text: str,
                 new_board: Board, text: str) -> None:
        super().__init__(text)
        self._use = use
        self._old = (old_text, old_board)
        self._new = (new_text, new_board)

    def redo(self) -> None:
        """Use the new text."""
        self._use(*self._new)

    def undo(self) -> None:
        """Go back to the old text."""
        text, board = self._old
        assert board is not None
        self._use(text, board)


class BoardEditCommand(QUndoCommand):
    """A change to the board file's text that may change the piece types or the grid: the text,
    board and position before and after; ``use`` makes the document's those given."""

    def __init__(self, use: Callable[[str, Board, Position], None], before: tuple[str, Board, Position],
                 after: tuple[str, Board, Position], text: str) -> None:
        super().__init__(text)
        self._use = use
        self._before = before
        self._after = after

    def redo(self) -> None:
        """Use the new text, board and position."""
        self._use(*self._after)

    def undo(self) -> None:
        """Go back to the old text, board and position."""
        self._use(*self._before)
