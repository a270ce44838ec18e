"""Positions: what stands where, who moves, what the checks need to know, and FEN.

FEN is read as usual for chess and Xiangqi and generalised to any grid board: rows from the top of
the grid, pieces by their letters (the first player upper case, the second lower case), digits for
runs of empty squares, then the side to move (``w`` for the first player, ``b`` for the second, or
the first letter of a player's name), castling rights, the en-passant square, the halfmove clock and
the move number. Trailing fields may be left out; each field given is checked, and what is not a field
(a seventh one, a negative clock, a digit other than 0-9) is refused with the field named. A board
whose notation counts moves in a row (``[u0-2]``) takes a seventh field, the runs under way
(:mod:`dagaz_studio.engine.runs`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from dagaz_studio.board.kinds import HEAP, STACK, BoardKind
from dagaz_studio.board.model import Board
from dagaz_studio.board.placement import PlacementError, format_placement, parse_hand, parse_placement, player_letter
from dagaz_studio.board.problems import echoed, quoted
from dagaz_studio.engine.castling import (
    apply_castling_rights,
    castling_field,
    mark_unmoved_from_setup,
    read_castling_and_gates,
)
from dagaz_studio.engine.fen_forms import (
    check_counter_field,
    hand_field,
    holdings_in_brackets,
    read_en_passant_squares,
    split_check_counters,
)
from dagaz_studio.engine.heaps import has_stores, heap_fen, read_heap_fen
from dagaz_studio.engine.runs import read_runs_field, runs_field
from dagaz_studio.engine.stacks import read_stack_fen, stack_fen
from dagaz_studio.engine.state import FenError as FenError
from dagaz_studio.engine.state import LastMove as LastMove
from dagaz_studio.engine.state import Piece as Piece
from dagaz_studio.engine.state import PositionState

#: The longest FEN read, in characters: refused before any of it is read. Room for a full board at
#: the limit of squares (docs/boards.md) with every square written.
MAX_FEN_LENGTH = 32_768

#: The fields of a FEN, in order; a FEN may stop after any of them.
FEN_FIELDS = ("placement", "side to move", "castling rights", "en-passant square", "halfmove clock", "move number")

#: The largest clock or move number read: more digits than this are no real game's.
MAX_COUNTER = 999_999_999


@dataclass
class Position(PositionState):
    """A position on a board (its fields: :class:`~dagaz_studio.engine.state.PositionState`), read from
    and written as FEN."""

    def __post_init__(self) -> None:
        if self.checks_remaining is None:
            counted = next((ending.count for ending in self.board.ends if ending.kind == "checks"), 0)
            if counted:
                # A board that counts checks starts each player with all of them to give.
                self.checks_remaining = (counted, counted)
        if not self.hands and (self.board.has_hands or has_stores(self.board)):
            kinds = len(self.board.pieces)
            self.hands = [[0] * kinds for _ in self.board.players]

    # ------------------------------------------------------------------ construction

    @classmethod
    def initial(cls, board: Board) -> Position:
        """The board's initial position (its ``setup``); an empty board if it has none."""
        if board.setup:
            return cls.from_fen(board, board.setup)
        return cls(board, [None] * len(board.squares))

    @classmethod
    def from_fen(cls, board: Board, fen: str) -> Position:
        """Read a FEN for this board; raises :class:`FenError` when it does not fit.

        Fields after the placement may be left out: the first player moves, pieces on their setup
        squares count as unmoved (so keep their castling rights), no en-passant square, clocks 0 and 1.
        """
        if len(fen) > MAX_FEN_LENGTH:
            raise FenError(f"{len(fen):,} characters, more than the {MAX_FEN_LENGTH:,} a FEN may have", fen)
        fields = fen.split()
        if not fields:
            raise FenError("empty FEN", fen)
        fields, checks = split_check_counters(fields)
        runs = fields.pop() if len(fields) == len(FEN_FIELDS) + 1 and board.counts_runs else None
        if len(fields) > len(FEN_FIELDS):
            raise FenError(f"{len(fields)} fields, expected at most {len(FEN_FIELDS)} ({', '.join(FEN_FIELDS)}); "
                           f"the extra field is {quoted(fields[len(FEN_FIELDS)])}", fen, "extra field")
        form = _KIND_FENS.get(board.kind_type)
        if form is not None:  # a heap or stack board: its kind's placement form (docs/boards.md) and fields
            position = cls(board, [None] * len(board.squares), 0)
            try:
                form[0](position, fields, fen)
            except PlacementError as error:
                raise FenError(str(error), fen, "placement") from None
            # Read after the placement, as on a board of pieces: the first field wrong is said first.
            position.turn = _read_turn(board, fields[1] if len(fields) > 1 else "w", fen)
        else:
            position = cls._read_fields(board, fields, fen)
        if checks is not None:
            position.checks_remaining = checks
        if runs is not None:  # the moves in a row under way (:mod:`dagaz_studio.engine.runs`)
            try:
                position.runs = read_runs_field(board, runs)
            except ValueError as error:
                raise FenError(str(error), fen, "moves in a row") from None
        return position

    @classmethod
    def _read_fields(cls, board: Board, fields: list[str], fen: str) -> Position:
        """A position of a board of pieces from the FEN's fields, checks and runs set apart."""
        kind_index = {name: i for i, name in enumerate(board.pieces)}
        fields[0] = holdings_in_brackets(board, fields[0])
        try:
            placement = parse_placement(board, fields[0])
        except PlacementError as error:
            raise FenError(str(error), fen, "placement") from None
        cells: list[Piece | None] = [None] * len(board.squares)
        for square, (player, piece_type) in placement.items():
            cells[square] = Piece(player, kind_index[piece_type.name], True)
        turn = _read_turn(board, fields[1] if len(fields) > 1 else "w", fen)
        position = cls(board, cells, turn)
        if board.has_hands or "[" in fields[0]:
            try:
                held = parse_hand(board, fields[0])
            except PlacementError as error:
                raise FenError(str(error), fen, "hand") from None
            for player, piece_type in held:
                if player < len(position.hands):
                    position.hands[player][kind_index[piece_type.name]] += 1
            position.hand_order = tuple(dict.fromkeys((player, kind_index[piece_type.name]) for player, piece_type in held))
        if len(fields) in (4, 5) and fields[2].isascii() and fields[2].isdigit():
            # Fairy-Stockfish writes shogi's FEN without castling and en-passant fields ("[-] w 0 1"):
            # a number where castling rights would be starts the clocks.
            fields = fields[:2] + ["-", "-"] + fields[2:]
        mark_unmoved_from_setup(position)
        if len(fields) > 2 and board.gate is not None:
            read_castling_and_gates(position, fields[2], fen)
        elif len(fields) > 2:
            apply_castling_rights(position, fields[2], fen)
            position.castling_by_column = bool(set(fields[2]) - set("KQkq-"))
        # A number there is Fairy-Stockfish's counting limit (Makruk's and its cousins' counting rule),
        # written in the en-passant field while a count runs: no square was passed.
        if len(fields) > 3 and fields[3] != "-" and not (fields[3].isascii() and fields[3].isdigit()):
            position.last_move = _read_en_passant(board, fields[3], turn, fen, position.cells)
            if board.squares[position.last_move.target] in _SQUARES.findall(fields[3]):
                position.landing_named = position.last_move
        if len(fields) > 4:
            position.halfmove_clock = _read_counter(fields[4], fen, "halfmove clock", 0)
        if len(fields) > 5:
            position.fullmove_number = _read_counter(fields[5], fen, "move number", 1)
        return position

    # ------------------------------------------------------------------ output

    def fen(self, en_passant: str | None = None) -> str:
        """This position as FEN (castling rights from unmoved royal pieces and their partners).

        ``en_passant`` is written for the en-passant square when given (``-`` for none), else the squares
        :meth:`en_passant_square` names; :func:`dagaz_studio.engine.game.fen` gives it, from whether a
        move of the side to move can use it.
        """
        board = self.board
        side = _side_letter(board, self.turn)
        form = _KIND_FENS.get(board.kind_type)
        if form is not None:
            return form[1](self, side)
        kinds = self.kinds

        def letter_on(square: int) -> str | None:
            piece = self.cells[square]
            return None if piece is None else player_letter(kinds[piece.kind].letter if piece.kind < len(kinds) else "?",
                                                            piece.player)
        written = " ".join([
            format_placement(board, letter_on) + hand_field(self), side, castling_field(self),
            (self.en_passant_square() if en_passant is None else en_passant) + check_counter_field(self),
            str(self.halfmove_clock), str(self.fullmove_number),
        ])
        return written + runs_field(self)

    def en_passant_square(self, any_line: bool = False) -> str:
        """The squares the last move passed over, FEN style, or ``-``.

        A move two or more squares straight forward (its player's ``N``) names the squares it passed,
        as a FEN is read; with ``any_line``, a move of two or more squares along any other line names
        the squares it passed and the one it landed on, as Fairy-Stockfish writes a Berolina pawn's
        diagonal double step (``c5d6``). A draughts jump or a knight's leap names none.
        """
        last, board = self.last_move, self.board
        if last is None or last.direction is None:
            return "-"
        mover = (self.turn - 1) % len(board.players)
        moved = self.cells[last.target]
        if moved is not None and moved.player != mover:
            return "-"  # the side to move made the last move (a position set up so): no one may take en passant
        line = [last.origin]  # a step of two or more squares along one line
        while len(line) <= len(board.squares) and (step := board.neighbour(line[-1], last.direction)) is not None:
            line.append(step)
            if step == last.target:
                break
        ahead = last.direction == board.player_direction(board.players[mover], "N")
        named = self.landing_named is last  # as the FEN read named it (:attr:`landing_named`)
        if line[-1] != last.target or len(line) < 3 or not (any_line or ahead or named) or _left_filled(self.cells, line[:-1]):
            return "-"
        # Straight ahead the squares passed, else those and the one landed on; bottom row first, as
        # Fairy-Stockfish counts squares.
        squares = line[1:-1] if ahead and not named else line[1:]
        height = len(board.row_names)
        squares.sort(key=lambda s: (height - board.row_of[s], board.column_of[s]))
        return "".join(board.squares[s] for s in squares)

    def copy(self) -> Position:
        """An independent copy (every field as it is, the cells and the hands copied)."""
        return replace(self, cells=list(self.cells), hands=[list(hand) for hand in self.hands])

    def piece_name(self, square: int) -> str | None:
        """The type name of the piece on ``square``, or ``None``."""
        piece = self.cells[square]
        if piece is None:
            return None
        kinds = self.kinds
        return kinds[piece.kind].name if 0 <= piece.kind < len(kinds) else "piece"


_SQUARES = re.compile(r"[a-z]+\d+", re.ASCII)


#: How a kind's FEN fields fill a position (cells, stores; the side to move is read, and a
#: :class:`PlacementError` said as the placement's), and how it is written (given the side to move as
#: FEN writes it).
KindFen = tuple[Callable[[Position, list[str], str], None], Callable[[Position, str], str]]
#: The FEN forms of the kinds whose squares hold more than a piece (the others write letters), by kind.
_KIND_FENS: dict[BoardKind, KindFen] = {HEAP: (read_heap_fen, heap_fen), STACK: (read_stack_fen, stack_fen)}


def _side_letter(board: Board, turn: int) -> str:
    """The side to move as a FEN writes it: ``w`` for the first player, ``b`` for the second of two,
    and a later player of more by the first letter of its name, lower case (as :func:`_read_turn` reads it)."""
    if turn == 0:
        return "w"
    return "b" if len(board.players) == 2 else board.players[turn][:1].lower()


def _read_turn(board: Board, field: str, fen: str) -> int:
    if field == "w":
        return 0
    if field == "b" and len(board.players) == 2:
        return 1  # FEN's letters for the second player whatever the players are called (Cho and Han)
    for i, player in enumerate(board.players):
        if field.lower() == player[:1].lower() and field.islower():
            return i
    letters = ["w"] + ["b"] * (len(board.players) == 2) + [player[:1].lower() for player in board.players[1:]]
    expected = " or ".join(f"'{letter}'" for letter in dict.fromkeys(letters))
    raise FenError(f"side to move '{echoed(field)}': expected {expected}", fen, "side to move")


def _read_en_passant(board: Board, field: str, turn: int, fen: str, cells: list[Piece | None]) -> LastMove:
    # The en-passant square is the one the opponent's last move passed over, going forward; several
    # squares (Fairy-Stockfish's "c5d6") are a line the last move went along (engine/fen_forms.py).
    names = _SQUARES.findall(field)
    if len(names) > 1 and "".join(names) == field and all(board.has_square(name) for name in names):
        last = read_en_passant_squares(board, [board.index(name) for name in names], cells, turn)
        if last is None:
            raise FenError(f"en-passant squares '{echoed(field)}' are not the squares a piece of the player who moved last "
                           "has just passed, in a line, and the one it landed on", fen, "en-passant square")
        return last
    if not board.has_square(field):
        raise FenError(f"en-passant square '{echoed(field)}' is not on the board", fen, "en-passant square")
    mover = board.players[(turn - 1) % len(board.players)]
    forward = board.player_direction(mover, "N")
    backward = board.player_direction(mover, "S")
    passed = board.index(field)
    origin = board.neighbour(passed, backward)
    target = board.neighbour(passed, forward)
    if origin is None or target is None:
        raise FenError(f"en-passant square '{echoed(field)}' has no square on each side", fen, "en-passant square")
    # Fairy-Stockfish ignores such a field, python-chess calls it invalid; read, it would let a piece
    # landing on a piece there take the one beyond too. (The square behind is not asked: a Berolina
    # pawn's diagonal step began elsewhere.)
    if _left_filled(cells, [passed]):
        raise FenError(f"en-passant square '{echoed(field)}': a piece stands on it, which the last move passed",
                       fen, "en-passant square")
    # A longer step's field names only the squares passed that an enemy attacks (Fairy-Stockfish's
    # "d3" after d2-d5): the piece stands beyond the empty squares passed.
    beyond: int | None = target
    while beyond is not None and cells[beyond] is None:
        beyond = board.neighbour(beyond, forward)
    if beyond is not None and (piece := cells[beyond]) is not None and piece.player == board.players.index(mover):
        target = beyond
    return LastMove(origin, target, forward)


def _left_filled(cells: list[Piece | None], squares: list[int]) -> bool:
    """Whether a player's piece stands on one of the squares a move began on and passed, which it left
    empty (a neutral wall or Duck may stand there since): no en-passant square names them."""
    return any((piece := cells[square]) is not None and piece.player >= 0 for square in squares)


def _read_counter(field: str, fen: str, what: str, minimum: int) -> int:
    # ASCII digits only: int() also takes signs, '_' separators and other scripts' digits.
    if not (field.isascii() and field.isdigit()):
        raise FenError(f"{what} '{echoed(field)}': expected a whole number from {minimum}, in digits 0-9", fen, what)
    if len(field.lstrip("0")) > len(str(MAX_COUNTER)) or int(field) > MAX_COUNTER:
        raise FenError(f"{what} '{echoed(field)}': expected at most {MAX_COUNTER:,}", fen, what)
    value = int(field)
    if value < minimum:
        raise FenError(f"{what} '{echoed(field)}': expected a whole number from {minimum}", fen, what)
    return value
