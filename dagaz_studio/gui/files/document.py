"""The open board and the position being edited, as the window's Qt parts see them.

:class:`QtDocument` owns a :class:`~dagaz_studio.document.Document` (the board, its file's text, the
position, the history of edits: every rule about them) and relays its events as Qt signals; its undo
history is given to the Edit menu as :attr:`QtDocument.undo_stack`. Views and the worker read
``document.position`` and redraw or rerun on :attr:`QtDocument.positionChanged`; they never edit it
themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from dagaz_studio.board import Board
from dagaz_studio.document import Document, Placement
from dagaz_studio.document.record import GameRecord
from dagaz_studio.engine import Position
from dagaz_studio.gui.board_view.position_view import position_contents, position_hands
from dagaz_studio.gui.files.undo_history import QtUndoHistory

if TYPE_CHECKING:
    from dagaz_studio.engine import Move
    from dagaz_studio.gui.board_view.kinds import Contents


class QtDocument(QObject):
    """The window's document: :attr:`model` (a :class:`~dagaz_studio.document.Document`) with its
    events as signals. What it reads and does is the model's (see there); ``board`` and ``position``
    are ``None`` only until the first board is opened. Readers on another thread must work on
    ``position.copy()``.
    """

    #: A different board (or the same board with a changed piece notation) is now open.
    boardChanged = Signal()
    #: The position changed (an edit, an undo or redo, a new board).
    positionChanged = Signal()
    #: The board file's text now differs (``True``) or no longer differs from the saved file.
    dirtyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None, model: Document | None = None) -> None:
        super().__init__(parent)
        self.model = model if model is not None else Document()
        #: The model's history of edits, for Edit ▸ Undo and Redo and the Position panel's buttons.
        self.undo_stack = QtUndoHistory(self.model.history, self)
        self.model.board_changed.connect(self.boardChanged.emit)
        self.model.position_changed.connect(self.positionChanged.emit)
        self.model.dirty_changed.connect(self.dirtyChanged.emit)

    # ------------------------------------------------------------------ what the model holds

    @property
    def board(self) -> Board | None:
        """The open board."""
        return self.model.board

    @property
    def openings(self) -> int:
        """See :attr:`Document.openings`."""
        return self.model.openings

    @property
    def board_path(self) -> Path | None:
        """Where the board file is saved, if anywhere."""
        return self.model.board_path

    @property
    def renamed(self) -> Mapping[str, str]:
        """See :attr:`Document.renamed`."""
        return self.model.renamed

    @property
    def board_text(self) -> str:
        """The board file's text, as edited."""
        return self.model.board_text

    @property
    def position(self) -> Position | None:
        """The position being edited (one object, edited in place)."""
        return self.model.position

    @property
    def board_dirty(self) -> bool:
        """Whether the board's text has changes not saved to its file."""
        return self.model.board_dirty

    @property
    def saved_text(self) -> str | None:
        """The board file's text as last opened or saved (see :attr:`Document.saved_text`)."""
        return self.model.saved_text

    @property
    def read_only(self) -> bool:
        """Whether the board file must not be written over (see :attr:`Document.read_only`)."""
        return self.model.read_only

    # ------------------------------------------------------------------ the model's work

    def open_board(self, path_or_name: str | Path) -> None:
        """See :meth:`Document.open_board`."""
        self.model.open_board(path_or_name)

    def open_text(self, text: str, path: Path | None = None, board: Board | None = None,
                  position: Position | None = None) -> None:
        """See :meth:`Document.open_text`."""
        self.model.open_text(text, path, board, position)

    def open_placed(self, board: Board, placement: Mapping[int, tuple[int, str, str]] | None = None) -> None:
        """See :meth:`Document.open_placed`."""
        self.model.open_placed(board, placement)

    def set_piece_notation(self, piece_name: str, text: str) -> None:
        """See :meth:`Document.set_piece_notation`."""
        self.model.set_piece_notation(piece_name, text)

    def set_board_text(self, text: str, description: str, renames: Mapping[str, str] | None = None) -> None:
        """See :meth:`Document.set_board_text`."""
        self.model.set_board_text(text, description, renames)

    def use_position_as_setup(self) -> None:
        """See :meth:`Document.use_position_as_setup`."""
        self.model.use_position_as_setup()

    def unsaved_changes(self) -> list[str]:
        """See :meth:`Document.unsaved_changes`."""
        return self.model.unsaved_changes()

    def forget_saved_text(self) -> None:
        """See :meth:`Document.forget_saved_text`."""
        self.model.forget_saved_text()

    def save_board(self, path: str | Path | None = None) -> Path:
        """See :meth:`Document.save_board`."""
        return self.model.save_board(path)

    def place(self, square: int, player: int, kind: int | str, moved: bool | None = None) -> None:
        """See :meth:`Document.place`."""
        self.model.place(square, player, kind, moved)

    def remove(self, square: int) -> None:
        """See :meth:`Document.remove`."""
        self.model.remove(square)

    def add_to_hand(self, player: int, kind: int | str) -> None:
        """See :meth:`Document.add_to_hand`."""
        self.model.add_to_hand(player, kind)

    def take_from_hand(self, player: int, kind: int | str) -> None:
        """See :meth:`Document.take_from_hand`."""
        self.model.take_from_hand(player, kind)

    def move_piece(self, origin: int, target: int) -> None:
        """See :meth:`Document.move_piece`."""
        self.model.move_piece(origin, target)

    def set_turn(self, player: int) -> None:
        """See :meth:`Document.set_turn`."""
        self.model.set_turn(player)

    def set_moved(self, square: int, moved: bool) -> None:
        """See :meth:`Document.set_moved`."""
        self.model.set_moved(square, moved)

    def set_fen(self, fen: str, description: str = "Set up from FEN") -> None:
        """See :meth:`Document.set_fen`."""
        self.model.set_fen(fen, description)

    def resume(self, fen: str) -> None:
        """See :meth:`Document.resume`."""
        self.model.resume(fen)

    def reset(self) -> None:
        """See :meth:`Document.reset`."""
        self.model.reset()

    def clear(self) -> None:
        """See :meth:`Document.clear`."""
        self.model.clear()

    def play_move(self, move: Move, name: str, on: Position | None = None) -> None:
        """See :meth:`Document.play_move`."""
        self.model.play_move(move, name, on)

    def fen(self) -> str:
        """See :meth:`Document.fen`."""
        return self.model.fen()

    def carry_fen(self, fen: str) -> str:
        """See :meth:`Document.carry_fen`."""
        return self.model.carry_fen(fen)

    def carry_record(self, record: GameRecord) -> GameRecord:
        """See :meth:`Document.carry_record`."""
        return self.model.carry_record(record)

    def game_over(self) -> str:
        """See :meth:`Document.game_over`."""
        return self.model.game_over()

    def at_initial_position(self) -> bool:
        """See :meth:`Document.at_initial_position`."""
        return self.model.at_initial_position()

    # ------------------------------------------------------------------ as the board view draws it

    def view_placement(self) -> Placement:
        """The pieces as the board view draws them: square -> (player, piece name, piece letter)."""
        return self.model.placement()

    def view_contents(self) -> dict[int, Contents]:
        """Heaps and columns as the board view draws them (heap and stack boards only): square ->
        (the board's kind, its heap's or column's parts), as :func:`position_contents` gives them."""
        position = self.model.position
        return {} if position is None else position_contents(position)

    def view_hands(self) -> list[tuple[int, str, str, int]]:
        """The pieces in hand as the board view draws them: (player, piece name, letter, count), the
        count -1 for a piece always in hand (``unlimited``)."""
        position = self.model.position
        return [] if position is None else list(position_hands(position))
