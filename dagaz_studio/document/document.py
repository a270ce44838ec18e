"""The open board and the position being edited, with undo: the window's document, without Qt.

:class:`Document` owns the board (and its file's text), the :class:`Position` shown on the board, and
a :class:`~dagaz_studio.document.history.History` of every edit. Views read ``document.position`` and
redraw on :attr:`Document.position_changed`; they never edit it themselves.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from dagaz_studio.board import Board, resolve_board, shipped_boards
from dagaz_studio.board.cache import parse_board_cached
from dagaz_studio.board.placement import NEUTRAL, setup_placement
from dagaz_studio.board.shipped import read_board_text
from dagaz_studio.document.board_changes import describe_board_changes
from dagaz_studio.document.events import Event
from dagaz_studio.document.history import Change, History
from dagaz_studio.document.positions import assign, check_holding, held, initial_position, placed, put, read_fen, same
from dagaz_studio.document.record import GameRecord
from dagaz_studio.engine import Piece, Position

if TYPE_CHECKING:
    # Editing and playing load the engine's rules when first asked: opening a board and drawing it
    # need only the position (the window paints its board before the rest is loaded).
    from dagaz_studio.engine import Move, Rules

#: The pieces as a board draws them: square -> (player, piece name, piece letter).
Placement = dict[int, tuple[int, str, str]]
#: An edit of a copy of the position, recorded for undo.
_Edit = Callable[[Position], None]
#: What a change to the board file's text puts in place: the text, its board, the position, and the
#: piece types of the board it replaces renamed (old name -> new).
BoardState = tuple[str, Board, Position, Mapping[str, str]]


class Document:
    """The open board, its file's text, and the position being edited.

    ``board`` and ``position`` are ``None`` only until the first board is opened. ``position`` is
    edited in place by the methods below, which emit
    :attr:`position_changed` after every change; a new board (:meth:`open_board`,
    :meth:`set_piece_notation`…) emits :attr:`board_changed` first. Every edit is a command in
    :attr:`history`, undone and redone there. Readers on another thread must work on
    ``position.copy()``.
    """

    def __init__(self) -> None:
        self.board: Board | None = None
        self.board_path: Path | None = None
        self.board_text: str = ""
        self.position: Position | None = None
        #: Every edit since the board was opened, to undo and redo.
        self.history = History()
        #: A different board (or the same board with a changed piece notation) is now open.
        self.board_changed: Event[()] = Event()
        #: The position changed (an edit, an undo or redo, a new board).
        self.position_changed: Event[()] = Event()
        #: The board file's text now differs (``True``) or no longer differs from the saved file.
        self.dirty_changed: Event[bool] = Event()
        #: How many boards have been opened: a :attr:`board_changed` that leaves it as it was is the
        #: same board changed (edited, or saved under another name), not another board.
        self.openings = 0
        self._saved_text: str | None = ""
        self._dirty = False
        self._rules: Rules | None = None
        #: The board the last change of the same board replaced, and its piece types renamed (old
        #: name -> new): what :meth:`carry_fen` carries from. ``None`` after another board opens.
        self._replaced: tuple[Board, Mapping[str, str]] | None = None
        #: The piece types the last change of the board renamed (old name -> new): a draft of a
        #: notation, a selection, follow them. Empty after any other change.
        self.renamed: Mapping[str, str] = {}

    # ------------------------------------------------------------------ the board

    @property
    def board_dirty(self) -> bool:
        """Whether the board's text has changes not saved to its file."""
        return self._dirty

    def open_board(self, path_or_name: str | Path) -> None:
        """Open a board file (or a shipped board by name) on its initial position.

        Raises :class:`~dagaz_studio.board.BoardReadError` or :class:`~dagaz_studio.board.BoardFileError`
        (both ``ValueError``, with a message for the user) and leaves the document as it was.
        """
        path = resolve_board(path_or_name)
        text = read_board_text(path)
        # A board opened before comes from the cache of parsed boards: no parsing, no Lark, at start.
        board = parse_board_cached(text, str(path))
        self.open_text(text, path, board)

    def open_text(self, text: str, path: Path | None = None, board: Board | None = None,
                  position: Position | None = None) -> None:
        """Open a board from a board file's text (``path``: where it is saved, if anywhere).

        ``board`` is the text's board if already loaded (or a board built without a file, with
        ``text`` empty); ``position`` replaces its initial position. Raises
        :class:`~dagaz_studio.board.BoardFileError` when the text is not a valid board.
        """
        if board is None:
            board = parse_board_cached(text, str(path) if path is not None else "<board>")
        self.board = board
        self.board_path = path
        self.board_text = text
        self._saved_text = text if path is not None else ""
        self.position = position if position is not None else initial_position(board)
        self._replaced, self.renamed = None, {}
        self.openings += 1
        self.history.clear()
        self._update_dirty()
        self.board_changed.emit()
        self.position_changed.emit()

    def open_placed(self, board: Board, placement: Mapping[int, tuple[int, str, str]] | None = None) -> None:
        """Open ``board``, built without a board file, with the pieces ``placement`` puts on it
        (square -> (player, piece name, letter); a piece the board does not have, or off the board,
        is left out). The pieces count as moved: they stand where no setup put them."""
        kinds = {name: index for index, name in enumerate(board.pieces)}
        position = Position(board, [None] * len(board.squares))
        for square, (player, name, _letter) in (placement or {}).items():
            if name in kinds and 0 <= square < len(board.squares):
                position.cells[square] = Piece(player, kinds[name], True)
        self.open_text("", None, board, position)

    def set_piece_notation(self, piece_name: str, text: str) -> None:
        """Change the notation of a piece type, in the board and in the board file's text (undoable).

        The board is rebuilt from the edited text, so that it is checked as a file is. Raises
        :class:`~dagaz_studio.board.BoardFileError` (bad notation) or
        :class:`~dagaz_studio.board.writer.BoardWriteError` and changes nothing.
        """
        board = self._require_board()
        from dagaz_studio.board.writer import replace_piece_notation

        new_text = replace_piece_notation(self.board_text, piece_name, text)
        if new_text == self.board_text:
            return
        new_board = parse_board(new_text, self._filename())
        self.history.push(Change(f"Change the {piece_name}'s notation", self._use_board_text,
                                 (self.board_text, board), (new_text, new_board)))

    def set_board_text(self, text: str, description: str, renames: Mapping[str, str] | None = None) -> None:
        """Replace the board file's whole text (undoable, as ``description``): a piece type added,
        renamed or deleted, or the text edited by hand. The position is carried over by square and
        piece name (``renames``: old piece name -> new; when not given, a name gone whose letter a new
        name took counts as renamed, as an edit by hand renames a type). Raises
        :class:`~dagaz_studio.board.BoardFileError` and changes nothing when the text does not load.
        """
        self._require_board()
        if text == self.board_text:
            return
        board = parse_board(text, self._filename())
        from dagaz_studio.engine import carry_position

        renames = dict(renames if renames is not None else _renamed_by_letter(self._require_board(), board))
        self._push_board_edit(description, (text, board, carry_position(self._require_position(), board, renames), renames))

    def use_position_as_setup(self) -> None:
        """Make the position the board's initial one: the board file's ``setup:`` line says it (undoable).
        Raises ``ValueError`` (:class:`~dagaz_studio.board.BoardFileError`) and changes nothing when
        the board file cannot hold it."""
        from dagaz_studio.board.writer import BoardWriteError, replace_setup

        if not self.board_text:
            raise BoardWriteError("this board was built without a board file: it has no setup line to say the position")
        text = replace_setup(self.board_text, self.fen())
        if text != self.board_text:
            board = parse_board(text, self._filename())
            # The position is now the board's initial one, read back as the file will be read.
            self._push_board_edit("Use this position as the setup", (text, board, initial_position(board), {}))

    def unsaved_changes(self) -> list[str]:
        """What differs from the saved file, in words: some of ``"piece types"``, ``"piece
        notations"``, ``"other lines"``; ``["unsaved"]`` for a board never saved, ``["on disk"]`` when
        the file changed on disk. Empty when nothing differs."""
        if self.board is None or self.board_text == self._saved_text:
            return []
        if self._saved_text is None:
            return ["on disk"]
        if not self._saved_text:
            return ["unsaved"]
        try:
            saved = parse_board(self._saved_text, self._filename())
        except ValueError:
            return ["other lines"]
        return describe_board_changes(saved, self.board)

    def forget_saved_text(self) -> None:
        """The file on disk no longer holds what was opened (changed or deleted elsewhere): the board
        counts as changed, so that Save and closing treat it as unsaved."""
        self._saved_text = None  # matches no text
        self._update_dirty()

    @property
    def saved_text(self) -> str | None:
        """The board file's text as last opened or saved (what the file on disk should hold), or
        ``None`` once the file is known to hold something else."""
        return self._saved_text

    @property
    def read_only(self) -> bool:
        """Whether the board file must not be written over: a board shipped with the application, or
        a file the user may not write. Save then asks where to save a copy."""
        path = self.board_path
        if path is None:
            return False
        resolved = path.resolve()
        if any(resolved == shipped.resolve() for shipped in shipped_boards().values()):
            return True
        return path.exists() and not os.access(path, os.W_OK)

    def save_board(self, path: str | Path | None = None) -> Path:
        """Write the board file's text to ``path`` (default: where it came from), whole or not at all;
        returns the path. The position set up in the window is not part of the board file.

        Raises :class:`~dagaz_studio.board.writer.SaveError` when the file cannot be written (the
        previous file is then unchanged), and ``ValueError`` when there is no path or the file is a
        read-only one (:attr:`read_only`) and no other path is given.
        """
        self._require_board()
        target = Path(path) if path is not None else self.board_path
        if target is None:
            raise ValueError("the board has no file yet: choose where to save it")
        if path is None and self.read_only:
            raise ValueError(f"{target.name} is read-only (a shipped board): save a copy elsewhere")
        from dagaz_studio.board.writer import write_atomically

        write_atomically(target, self.board_text)
        if target != self.board_path:
            self.board_path = target
            # Problems are reported against the file's new name from now on.
            self.board = parse_board(self.board_text, str(target))
            self._require_position().board = self.board
            self._replaced, self.renamed = None, {}  # the same pieces: positions carry as they are
            self.board_changed.emit()
            self.position_changed.emit()
        self._saved_text = self.board_text
        self._update_dirty()
        return target

    # ------------------------------------------------------------------ position edits (undoable)

    def place(self, square: int, player: int, kind: int | str, moved: bool | None = None) -> None:
        """Put a piece of ``player`` (index) and ``kind`` (index or name) on ``square``.

        ``moved`` defaults to what a FEN would say: unmoved where the board's setup has that piece.
        """
        position = self._require_position()
        kind_index = self._kind_index(kind)
        if position.kinds[kind_index].neutral or position.board.kind_type.holds_heaps:
            player = NEUTRAL  # an arrow, a wall or a heap's piece is nobody's, whichever side it is placed for
        elif not 0 <= player < len(position.board.players):
            raise ValueError(f"no player {player}")
        self._check_square(square)
        if moved is None:
            moved = not self._starts_here(square, player, kind_index)
        piece = placed(position, square, Piece(player, kind_index, moved))
        if position.cells[square] == piece:
            return
        name = position.kinds[kind_index].name
        owner = "a neutral" if player == NEUTRAL else position.board.players[player]
        what = (f"Add a {name} to {position.board.squares[square]}" if position.board.kind_type.holds_heaps
                else f"Place {owner} {name} on {position.board.squares[square]}")
        self._edit(what, lambda p: put(p, square, piece))

    def remove(self, square: int) -> None:
        """Take away the piece on ``square`` (nothing happens on an empty square)."""
        position = self._require_position()
        self._check_square(square)
        cell = position.cells[square]
        if cell is not None:
            self._edit(f"Remove the {held(cell)} on {position.board.squares[square]}", lambda p: put(p, square, None))

    def add_to_hand(self, player: int, kind: int | str) -> None:
        """Put one piece of ``kind`` (index or name) in ``player``'s hand, one undoable step. Raises
        ``ValueError`` saying why on a board without hands, for a type a FEN's hand cannot list (a
        promoted one, a royal one without drops, a neutral one) and for a type always held."""
        self._change_hand(player, kind, 1)

    def take_from_hand(self, player: int, kind: int | str) -> None:
        """Take one piece of ``kind`` (index or name) out of ``player``'s hand, one undoable step.
        Raises ``ValueError`` when the hand holds none (or holds it always)."""
        self._change_hand(player, kind, -1)

    def move_piece(self, origin: int, target: int) -> None:
        """Carry the piece on ``origin`` to ``target``, replacing what stands there (adding to a heap)."""
        from dagaz_studio.document.positions import carried
        position = self._require_position()
        self._check_square(origin)
        self._check_square(target)
        piece = position.cells[origin]
        if piece is None or origin == target:
            return
        moved_piece = piece._replace(moved=not self._starts_here(target, piece.player, piece.kind))
        names = position.board.squares

        def change(p: Position) -> None:
            put(p, origin, None)
            put(p, target, carried(p, target, moved_piece))

        self._edit(f"Move {names[origin]} to {names[target]}", change)

    def set_turn(self, player: int) -> None:
        """Give the move to ``player`` (index)."""
        position = self._require_position()
        if not 0 <= player < len(position.board.players):
            raise ValueError(f"no player {player}")
        if position.turn == player:
            return

        def change(p: Position) -> None:
            p.turn = player
            # The last move was the opponent's; with another side to move it no longer means anything.
            p.last_move = None

        self._edit(f"{position.board.players[player]} to move", change)

    def set_moved(self, square: int, moved: bool) -> None:
        """Mark the piece on ``square`` as having moved (or not): unmoved pieces may castle, double-step…"""
        position = self._require_position()
        self._check_square(square)
        piece = position.cells[square]
        if piece is None or piece.moved == moved:
            return
        what = "moved" if moved else "unmoved"
        marked = piece._replace(moved=moved)
        self._edit(f"Mark {position.board.squares[square]} {what}", lambda p: put(p, square, marked))

    def set_fen(self, fen: str, description: str = "Set up from FEN") -> None:
        """Set up the position a FEN (or a draughts PDN FEN) describes (undoable, as ``description``).
        Raises :class:`FenError` (a PDN FEN: PdnError) and keeps the position if it does not fit."""
        position = self._require_position()
        new = read_fen(position.board, fen)
        if same(new, position):
            return
        self._edit(description, lambda p: assign(p, new))

    def resume(self, fen: str) -> None:
        """Set up the position left last time (a FEN): coming back to where one left off is no edit to
        undo, so the history starts here. Raises :class:`FenError` and keeps the position if it does
        not fit."""
        self.set_fen(fen)
        self.history.clear()

    def reset(self) -> None:
        """Go back to the board's initial position."""
        position = self._require_position()
        new = initial_position(position.board)
        if same(new, position):
            return
        self._edit("Initial position", lambda p: assign(p, new))

    def clear(self) -> None:
        """Take every piece off the board (the side to move stays)."""
        position = self._require_position()
        empty = Position(position.board, [None] * len(position.cells), position.turn)
        if same(empty, position):
            return
        self._edit("Clear the board", lambda p: assign(p, empty))

    def play_move(self, move: Move, name: str, on: Position | None = None) -> None:
        """Make ``move`` (a legal move the core found, named ``name``) as one undoable step.

        ``on`` is the position the move was found in: a move fits only the position it was made
        for, so if the document's position is no longer equal to it, ``ValueError`` is raised and
        nothing changes.
        """
        position = self._require_position()
        if on is not None and not same(on, position):
            raise ValueError(f"the position changed since {name} was found: try again")

        from dagaz_studio.engine import make_move

        def change(p: Position) -> None:
            make_move(p, move)

        self._edit(f"Play {name}", change)

    # ------------------------------------------------------------------ reading

    def fen(self) -> str:
        """The position as FEN (empty without a board)."""
        if self.position is None:
            return ""
        from dagaz_studio.engine import fen as position_fen

        try:
            return position_fen(self._rules_of_position(), self.position)
        except ValueError:  # a runaway notation: the en-passant square cannot be judged
            return self.position.fen(en_passant="-")

    def carry_fen(self, fen: str) -> str:
        """``fen``, a position of the board the last edit of the board replaced, as the open board
        writes it: its piece types renamed or re-lettered as the edit did (a game record follows the
        edit so). A position the edit would lose pieces of (their type or square gone), or that the
        replaced board does not read, is returned as it was: it no longer fits, and says so when read."""
        from dagaz_studio.engine import carry_position
        from dagaz_studio.engine import fen as position_fen

        if self._replaced is None or self.position is None:
            return fen
        board, renames = self._replaced
        try:
            old = Position.from_fen(board, fen)
        except ValueError:  # FenError
            return fen
        new = carry_position(old, self._require_board(), renames)
        if _pieces(new) != _pieces(old):
            return fen
        try:
            return position_fen(self._rules_of_position(), new)
        except ValueError:  # a runaway notation: the en-passant square cannot be judged
            return new.fen(en_passant="-")

    def carry_record(self, record: GameRecord) -> GameRecord:
        """``record`` as the open board writes it: each position carried as :meth:`carry_fen` carries
        it, each move named again where the edit changed a letter its name used (``2. Hf3``). A new
        record: the one given stays whole for an undo."""
        carried = record.carried(self.carry_fen)
        if self._replaced is not None and self.position is not None:
            from dagaz_studio.document.renaming import renamed_moves

            old_board, renames = self._replaced
            carried.moves = renamed_moves(record, carried, old_board, self._rules_of_position(), renames)
        return carried

    def game_over(self) -> str:
        """Why the board's ``end`` statements have ended the game, or ``""`` while it goes on."""
        if self.position is None:
            return ""
        from dagaz_studio.engine import over_by_board

        try:
            over = over_by_board(self._rules_of_position(), self.position)
        except ValueError:  # a runaway notation in an end statement
            return ""
        return over.reason if over is not None else ""

    def at_initial_position(self) -> bool:
        """Whether the position is the board's initial one."""
        position = self.position
        return position is None or same(initial_position(position.board), position)

    def placement(self) -> Placement:
        """The pieces on the board: square -> (player, piece name, piece letter)."""
        position = self.position
        if position is None:
            return {}
        kinds = position.kinds
        return {square: (piece.player, kinds[piece.kind].name, kinds[piece.kind].letter)
                for square, piece in enumerate(position.cells)
                if piece is not None and 0 <= piece.kind < len(kinds)}

    # ------------------------------------------------------------------ private

    def _edit(self, text: str, change: _Edit) -> None:
        position = self._require_position()
        before = position.copy()
        after = position.copy()
        change(after)
        self.history.push(Change(text, self._use_position, before, after))

    def _change_hand(self, player: int, kind: int | str, by: int) -> None:
        position = self._require_position()
        kind_index = self._kind_index(kind)
        check_holding(position, player, kind_index, taking=by < 0)
        name, owner = position.kinds[kind_index].name, position.board.players[player]

        def change(p: Position) -> None:
            p.hands[player][kind_index] += by

        self._edit(f"Add a {name} to {owner}'s hand" if by > 0 else f"Take a {name} from {owner}'s hand", change)

    def _push_board_edit(self, text: str, after: BoardState) -> None:
        # Undone, the edit renames the types back.
        back = {new: old for old, new in after[3].items()}
        before = (self.board_text, self._require_board(), self._require_position().copy(), back)
        self.history.push(Change(text, self._use_board_and_position, before, after))

    def _use_position(self, snapshot: Position) -> None:
        """Make ``position`` equal to ``snapshot``, keeping the same object and the open board."""
        position = self._require_position()
        assign(position, snapshot)
        # The snapshot's board may be an earlier load of the same text (a board saved elsewhere
        # since is read again under its new name): the position stays on the document's board.
        position.board = self._require_board()
        self.position_changed.emit()

    def _use_board_text(self, state: tuple[str, Board]) -> None:
        text, board = state
        self._replaced, self.renamed = None, {}  # a notation changed: the pieces, and so the FENs, are as they were
        self.board_text = text
        self.board = self._under_file_name(text, board)
        # Piece kinds are indexed in file order, which a notation change does not touch.
        self._require_position().board = self.board
        self._update_dirty()
        self.board_changed.emit()
        self.position_changed.emit()

    def _use_board_and_position(self, state: BoardState) -> None:
        text, board, position, renames = state
        replaced = self._require_board()
        self._replaced = None if _writes_alike(replaced, board, renames) else (replaced, renames)
        self.renamed = {old: new for old, new in renames.items() if old != new}
        self.board_text = text
        self.board = self._under_file_name(text, board)
        assign(self._require_position(), position.copy())
        self._require_position().board = self.board
        self._update_dirty()
        self.board_changed.emit()
        self.position_changed.emit()

    def _under_file_name(self, text: str, board: Board) -> Board:
        """``board`` (the board of ``text``), or the same read again under the file's name when it was
        read under another: the file was saved elsewhere since, and its problems are reported against
        its new name."""
        path = self.board_path
        if path is None or board.source == str(path):
            return board
        return parse_board_cached(text, str(path))

    def _update_dirty(self) -> None:
        dirty = self.board is not None and self.board_text != self._saved_text
        if dirty != self._dirty:
            self._dirty = dirty
            self.dirty_changed.emit(dirty)

    def _rules_of_position(self) -> Rules:
        """The rules of the position's board, made again when the board object changes (a new board,
        an edited notation)."""
        from dagaz_studio.engine import Rules

        position = self._require_position()
        if self._rules is None or self._rules.board is not position.board:
            self._rules = Rules(position.board)
        return self._rules

    def _filename(self) -> str:
        return str(self.board_path) if self.board_path is not None else "<board>"

    def _require_board(self) -> Board:
        if self.board is None:
            raise RuntimeError("no board is open")
        return self.board

    def _require_position(self) -> Position:
        if self.position is None:
            raise RuntimeError("no board is open")
        return self.position

    def _check_square(self, square: int) -> None:
        if not 0 <= square < len(self._require_board().squares):
            raise ValueError(f"no square {square}")

    def _kind_index(self, kind: int | str) -> int:
        names = list(self._require_board().pieces)
        if isinstance(kind, str):
            if kind not in names:
                raise ValueError(f"no piece named {kind!r}")
            return names.index(kind)
        if not 0 <= kind < len(names):
            raise ValueError(f"no piece kind {kind}")
        return kind

    def _starts_here(self, square: int, player: int, kind: int) -> bool:
        """Whether the board's setup puts this piece on this square (so that it counts as unmoved)."""
        board = self._require_board()
        start = setup_placement(board).get(square)
        return start is not None and start[0] == player and start[1].name == list(board.pieces)[kind]


def _renamed_by_letter(old: Board, new: Board) -> dict[str, str]:
    """The piece types an edit of the text by hand renamed: a name gone whose letter a new name took."""
    came = {piece.letter.upper(): name for name, piece in new.pieces.items() if name not in old.pieces}
    return {name: came[piece.letter.upper()] for name, piece in old.pieces.items()
            if name not in new.pieces and piece.letter.upper() in came}


def _writes_alike(old: Board, new: Board, renames: Mapping[str, str]) -> bool:
    """Whether every position of ``old`` is written alike on ``new``: the same squares and sides, and
    each type (after ``renames``) with the same letter. Carrying a long record then costs nothing."""
    letters = [(piece.letter, new.pieces.get(renames.get(name, name))) for name, piece in old.pieces.items()]
    return (old.squares == new.squares and old.players == new.players
            and all(piece is not None and piece.letter == letter for letter, piece in letters))


def _pieces(position: Position) -> int:
    """How many pieces stand on the board and are held in hand."""
    return sum(piece is not None for piece in position.cells) + sum(sum(hand) for hand in position.hands)


def parse_board(text: str, filename: str) -> Board:
    """The board of an edited text, parsed afresh (the loader, and Lark, load at the first edit)."""
    from dagaz_studio.board.loader import parse_board as parse

    return parse(text, filename)
