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

from dataclasses import dataclass, field
from typing import NamedTuple, Optional

from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.board.placement import PlacementError, parse_hand, parse_placement


#: The longest FEN read, in characters: refused before any of it is read. Room for a full board at
#: the limit of squares (docs/boards.md) with every square written.
MAX_FEN_LENGTH = 32_768

#: The fields of a FEN, in order; a FEN may stop after any of them.
FEN_FIELDS = ("placement", "side to move", "castling rights", "en-passant square", "halfmove clock", "move number")

#: The largest clock or move number read: more digits than this are no real game's.
MAX_COUNTER = 999_999_999


class Piece(NamedTuple):
    """A piece on the board: its player (index), its kind (index into the board's pieces), and
    whether it has moved."""

    player: int
    kind: int
    moved: bool = False


class LastMove(NamedTuple):
    """The previous partial move: where its piece started and ended, and its last direction
    (a board direction letter, or ``None``)."""

    origin: int
    target: int
    direction: Optional[str]


class FenError(ValueError):
    """A FEN that does not fit the board: which field, and what is wrong with it."""

    def __init__(self, message: str, fen: str, field: str = "") -> None:
        self.message = message
        self.fen = fen
        self.field = field
        where = f" ({field})" if field else ""
        super().__init__(f"bad FEN{where}: {message}: {fen!r}")


@dataclass
class Position:
    """A position on a board. ``cells`` holds a :class:`Piece` or ``None`` for every square index.

    ``labels`` records which labelled kinds of move each player has made (``[o]``); ``last_move`` is
    the previous partial move (``[l]``, ``[t]``, ``\\0``).
    """

    board: Board
    cells: list[Optional[Piece]]
    turn: int = 0
    last_move: Optional[LastMove] = None
    labels: frozenset[tuple[int, str]] = frozenset()
    halfmove_clock: int = 0
    fullmove_number: int = 1
    #: The pieces each player holds in hand, on a board with hands: ``hands[player][kind]`` counts
    #: them (kinds as :attr:`Piece.kind`). Empty on a board without hands.
    hands: list[list[int]] = field(default_factory=list)
    #: Each player's run of moves in a row by one piece, as (square, count), on a board whose notation
    #: asks (``[u0-2]``, :mod:`dagaz_studio.engine.runs`); empty when none is under way.
    runs: tuple[tuple[int, int], ...] = ()
    #: How many passes in a row have just been made (``end passes``, ``end facing``). No FEN says it:
    #: a position read from one has none behind it, as in Fairy-Stockfish.
    passes: int = 0

    def __post_init__(self) -> None:
        if not self.hands and (self.board.has_hands or _has_stores(self.board)):
            kinds = len(self.board.pieces)
            self.hands = [[0] * kinds for _ in self.board.players]

    # ------------------------------------------------------------------ construction

    @property
    def kinds(self) -> list[PieceType]:
        """The board's piece types, indexed as :attr:`Piece.kind`."""
        return list(self.board.pieces.values())

    @classmethod
    def initial(cls, board: Board) -> "Position":
        """The board's initial position (its ``setup``); an empty board if it has none."""
        if board.setup:
            return cls.from_fen(board, board.setup)
        return cls(board, [None] * len(board.squares))

    @classmethod
    def from_fen(cls, board: Board, fen: str) -> "Position":
        """Read a FEN for this board; raises :class:`FenError` when it does not fit.

        Fields after the placement may be left out: the first player moves, pieces on their setup
        squares count as unmoved (so keep their castling rights), no en-passant square, clocks 0 and 1.
        """
        if len(fen) > MAX_FEN_LENGTH:
            raise FenError(f"{len(fen):,} characters, more than the {MAX_FEN_LENGTH:,} a FEN may have",
                           fen[:40] + "…")
        fields = fen.split()
        if not fields:
            raise FenError("empty FEN", fen)
        if len(fields) == len(FEN_FIELDS) + 1 and board.counts_runs:
            return cls._with_runs(board, fields, fen)
        if len(fields) > len(FEN_FIELDS):
            raise FenError(f"{len(fields)} fields, expected at most {len(FEN_FIELDS)} ({', '.join(FEN_FIELDS)}); "
                           f"the extra field is {fields[len(FEN_FIELDS)]!r}", fen, "extra field")
        if board.kind == "heap":
            return cls._from_heap_fen(board, fields, fen)
        if board.kind == "stack":
            return cls._from_stack_fen(board, fields, fen)
        kinds = list(board.pieces.values())
        kind_index = {piece.name: i for i, piece in enumerate(kinds)}
        try:
            placement = parse_placement(board, fields[0])
        except PlacementError as error:
            raise FenError(str(error), fen, "placement") from None
        cells: list[Optional[Piece]] = [None] * len(board.squares)
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
        if len(fields) in (4, 5) and fields[2].isascii() and fields[2].isdigit():
            # Fairy-Stockfish writes shogi's FEN without castling and en-passant fields ("[-] w 0 1"):
            # a number where castling rights would be starts the clocks.
            fields = fields[:2] + ["-", "-"] + fields[2:]
        position._mark_unmoved_from_setup()
        if len(fields) > 2:
            position._apply_castling_rights(fields[2], fen)
        if len(fields) > 3 and fields[3] != "-":
            position.last_move = _read_en_passant(board, fields[3], turn, fen)
        if len(fields) > 4:
            position.halfmove_clock = _read_counter(fields[4], fen, "halfmove clock", 0)
        if len(fields) > 5:
            position.fullmove_number = _read_counter(fields[5], fen, "move number", 1)
        return position

    @classmethod
    def _with_runs(cls, board: Board, fields: list[str], fen: str) -> "Position":
        """A FEN whose seventh field gives the moves in a row under way (:mod:`dagaz_studio.engine.runs`)."""
        from dagaz_studio.engine.runs import read_runs_field

        position = cls.from_fen(board, " ".join(fields[:-1]))
        try:
            position.runs = read_runs_field(board, fields[-1])
        except ValueError as error:
            raise FenError(str(error), fen, "moves in a row") from None
        return position

    @classmethod
    def _from_heap_fen(cls, board: Board, fields: list[str], fen: str) -> "Position":
        """A heap board's position (docs/boards.md, heaps): its own placement form and stores."""
        from dagaz_studio.engine.heaps import read_heap_fen

        position = cls(board, [None] * len(board.squares), _read_turn(board, fields[1] if len(fields) > 1 else "w", fen))
        read_heap_fen(position, fields, fen)
        return position

    @classmethod
    def _from_stack_fen(cls, board: Board, fields: list[str], fen: str) -> "Position":
        """A stack board's position (docs/boards.md, stacks): columns from the top down."""
        from dagaz_studio.engine.stacks import read_stack_fen

        position = cls(board, [None] * len(board.squares), _read_turn(board, fields[1] if len(fields) > 1 else "w", fen))
        read_stack_fen(position, fields, fen)
        return position

    def _mark_unmoved_from_setup(self) -> None:
        # Without history, a piece standing where the board's setup puts the same piece is taken
        # as never moved (a pawn on its starting row may still make its double step).
        setup = setup_placement(self.board)
        if not setup:
            return
        names = [piece.name for piece in self.kinds]
        for square, piece in enumerate(self.cells):
            if piece is None:
                continue
            start = setup.get(square)
            if start is not None and start[0] == piece.player and start[1].name == names[piece.kind]:
                self.cells[square] = piece._replace(moved=False)

    def _apply_castling_rights(self, field: str, fen: str) -> None:
        # FEN castling rights say which royal pieces (or pieces flagged ``castles``) and which of their
        # partners have not moved. A royal piece is unmoved iff its player keeps a right. K/Q (or a file letter) name the
        # outermost piece of the royal's row on that side, which is then unmoved; a right that is
        # missing marks as moved the piece on the square where the setup has that outermost piece.
        if field == "-":
            rights: set[str] = set()
        else:
            rights = set(field)
            if any(not (c.isascii() and c.isalpha()) for c in rights):
                raise FenError(f"castling rights {field!r}: expected '-' or letters (KQkq, or column letters)",
                               fen, "castling rights")
            if len(rights) < len(field):
                raise FenError(f"castling rights {field!r} name a right twice", fen, "castling rights")
        kinds = self.kinds
        board = self.board
        for player in range(min(2, len(board.players))):
            player_rights = {c for c in rights if (c.isupper() if player == 0 else c.islower())}
            royal_squares = [s for s, p in enumerate(self.cells)
                             if p is not None and p.player == player and _castles(kinds[p.kind])]
            for square in royal_squares:
                self.cells[square] = self.cells[square]._replace(moved=not player_rights)  # type: ignore[union-attr]
            for c in player_rights:
                found = False
                for square in royal_squares:
                    east, west = self._row_partners(square, player)
                    if c.lower() == "k":
                        chosen = east[-1:]
                    elif c.lower() == "q":
                        chosen = west[:1]
                    else:
                        chosen = [s for s in east + west if board.column_names[board.column_of[s]] == c.lower()]
                    for s in chosen:
                        self.cells[s] = self.cells[s]._replace(moved=False)  # type: ignore[union-attr]
                        found = True
                if not found:
                    raise FenError(f"castling right {c!r} names no piece", fen, "castling rights")
            for side in "kq":
                if any(c.lower() == side for c in player_rights):
                    continue
                for s in self._setup_corner(player, side):
                    piece = self.cells[s]
                    if piece is not None and piece.player == player:
                        self.cells[s] = piece._replace(moved=True)

    def _row_partners(self, square: int, player: int) -> tuple[list[int], list[int]]:
        """The player's non-royal pieces in ``square``'s row: those east of it and those west, by column."""
        board, kinds = self.board, self.kinds
        row, column = board.row_of[square], board.column_of[square]
        partners = sorted(
            (s for s, p in enumerate(self.cells)
             if p is not None and p.player == player and s != square and board.row_of[s] == row
             and not (p.kind < len(kinds) and _castles(kinds[p.kind]))),
            key=lambda s: board.column_of[s],
        )
        return ([s for s in partners if board.column_of[s] > column],
                [s for s in partners if board.column_of[s] < column])

    def _setup_corner(self, player: int, side: str) -> list[int]:
        """Where the board's setup puts the outermost piece of the player's royal row on a side."""
        setup = setup_placement(self.board)
        board = self.board
        out = []
        for square, (owner, piece_type) in setup.items():
            if owner != player or not _castles(piece_type):
                continue
            row, column = board.row_of[square], board.column_of[square]
            same_row = sorted((s for s, (o, t) in setup.items() if o == player and board.row_of[s] == row
                               and not _castles(t)), key=lambda s: board.column_of[s])
            if side == "k":
                out += [s for s in same_row if board.column_of[s] > column][-1:]
            else:
                out += [s for s in same_row if board.column_of[s] < column][:1]
        return out

    # ------------------------------------------------------------------ output

    def fen(self, en_passant: bool = True) -> str:
        """This position as FEN (castling rights from unmoved royal pieces and their partners).

        ``en_passant=False`` writes ``-`` for the en-passant square; :func:`dagaz_studio.engine.game.fen`
        decides it from whether a move of the side to move can use it.
        """
        board = self.board
        if board.kind == "heap":
            from dagaz_studio.engine.heaps import heap_fen

            return heap_fen(self)
        if board.kind == "stack":
            from dagaz_studio.engine.stacks import stack_fen

            return stack_fen(self)
        kinds = self.kinds
        levels = board.level_of or (0,) * len(board.squares)
        grid = {(board.column_of[s], board.row_of[s], levels[s]): s for s in range(len(board.squares))}
        rows = []
        for z, r in ((z, r) for z in range(len(board.level_names) or 1) for r in range(len(board.row_names))):
            out, empty = [], 0
            for c in range(len(board.column_names)):
                s = grid.get((c, r, z))
                piece = None if s is None else self.cells[s]
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    out.append(str(empty))
                    empty = 0
                letter = kinds[piece.kind].letter if piece.kind < len(kinds) else "?"
                out.append(letter if piece.player < 0 else letter.upper() if piece.player == 0 else letter.lower())
            if empty:
                out.append(str(empty))
            rows.append("".join(out))
        side = "w" if self.turn == 0 else "b"
        written = " ".join([
            _join_rows(rows, len(board.row_names), bool(board.level_names)) + self.hand_field(), side, self._castling_field(), self.en_passant_square() if en_passant else "-",
            str(self.halfmove_clock), str(self.fullmove_number),
        ])
        return written + self._runs_field()

    def _runs_field(self) -> str:
        """The FEN's seventh field, moves in a row, with its space, when a run is under way; else ""."""
        if not self.runs:
            return ""
        from dagaz_studio.engine.runs import runs_field

        field = runs_field(self)
        return "" if field is None else " " + field

    def hand_field(self) -> str:
        """The pieces in hand as FEN writes them after the placement (``[Bp]``, ``[]`` when none are
        held, as Fairy-Stockfish writes every position it reaches), or ``""`` on a board without hands."""
        if not self.board.has_hands:
            return ""
        kinds = self.kinds
        letters = [(kinds[kind].letter.upper() if player == 0 else kinds[kind].letter.lower()) * count
                   for player, hand in enumerate(self.hands) for kind, count in enumerate(hand) if count > 0]
        return "[" + "".join(letters) + "]"

    def _castling_field(self) -> str:
        # A right remains while the royal piece and the piece on its setup corner are both unmoved.
        kinds = self.kinds
        letters = []
        for player in (0, 1):
            royal_unmoved = any(p is not None and p.player == player and p.kind < len(kinds) and _castles(kinds[p.kind])
                                and not p.moved
                                for p in self.cells)
            if not royal_unmoved:
                continue
            for side in "kq":
                corner = self._setup_corner(player, side)
                if any((p := self.cells[s]) is not None and p.player == player and not p.moved for s in corner):
                    letters.append(side.upper() if player == 0 else side)
        return "".join(letters) or "-"

    def en_passant_square(self) -> str:
        """The square the last move passed over, FEN style, or ``-``.

        Only a two-square move straight forward (its player's ``N``) leaves a square behind it that can
        be named, as a FEN is read: a diagonal double step, a draughts jump or a sideways slide leaves none.
        """
        last = self.last_move
        if last is None or last.direction is None:
            return "-"
        board = self.board
        mover = board.players[(self.turn - 1) % len(board.players)]
        if last.direction != board.player_direction(mover, "N"):
            return "-"
        passed = board.neighbour(last.origin, last.direction)
        if passed is None or board.neighbour(passed, last.direction) != last.target:
            return "-"
        return board.squares[passed]

    def copy(self) -> "Position":
        """An independent copy."""
        return Position(self.board, list(self.cells), self.turn, self.last_move, self.labels,
                        self.halfmove_clock, self.fullmove_number, [list(hand) for hand in self.hands], self.runs,
                        self.passes)

    def piece_name(self, square: int) -> Optional[str]:
        """The type name of the piece on ``square``, or ``None``."""
        piece = self.cells[square]
        if piece is None:
            return None
        kinds = self.kinds
        return kinds[piece.kind].name if 0 <= piece.kind < len(kinds) else "piece"



def _castles(piece_type: PieceType) -> bool:
    """Whether FEN's castling rights name the pieces of this piece's row: a royal piece, or one
    flagged ``castles`` (a King that is not royal)."""
    return piece_type.royal or piece_type.castles


def _join_rows(rows: list[str], height: int, levels: bool) -> str:
    """Rows joined by '/', and on a 3-D board each level's rows joined to the next by '|'."""
    if not levels:
        return "/".join(rows)
    return "|".join("/".join(rows[i:i + height]) for i in range(0, len(rows), height))


def _has_stores(board: Board) -> bool:
    return board.kind == "heap" and "captures-to-hand" in board.rules


def setup_placement(board: Board) -> dict[int, tuple[int, PieceType]]:
    """The pieces of the board's setup (empty without one, or with one that does not fit):
    :attr:`Board.setup_placement`, worked out once per board."""
    return board.setup_placement


def _read_turn(board: Board, field: str, fen: str) -> int:
    if field == "w":
        return 0
    if field == "b" and len(board.players) == 2:
        return 1  # FEN's letters for the second player whatever the players are called (Cho and Han)
    for i, player in enumerate(board.players):
        if field.lower() == player[:1].lower() and field.islower():
            return i
    letters = ["w"] + [player[:1].lower() for player in board.players[1:]]
    expected = " or ".join(f"'{letter}'" for letter in dict.fromkeys(letters))
    raise FenError(f"side to move {field!r}: expected {expected}", fen, "side to move")


def _read_en_passant(board: Board, field: str, turn: int, fen: str) -> LastMove:
    # The en-passant square is the one the opponent's last move passed over, going forward.
    if not board.has_square(field):
        raise FenError(f"en-passant square {field!r} is not on the board", fen, "en-passant square")
    mover = board.players[(turn - 1) % len(board.players)]
    forward = board.player_direction(mover, "N")
    backward = board.player_direction(mover, "S")
    passed = board.index(field)
    origin = board.neighbour(passed, backward)
    target = board.neighbour(passed, forward)
    if origin is None or target is None:
        raise FenError(f"en-passant square {field!r} has no square on each side", fen, "en-passant square")
    return LastMove(origin, target, forward)


def _read_counter(field: str, fen: str, what: str, minimum: int) -> int:
    # ASCII digits only: int() also takes signs, '_' separators and other scripts' digits.
    if not (field.isascii() and field.isdigit()):
        raise FenError(f"{what} {field!r}: expected a whole number from {minimum}, in digits 0-9", fen, what)
    if len(field.lstrip("0")) > len(str(MAX_COUNTER)) or int(field) > MAX_COUNTER:
        raise FenError(f"{what} {field!r}: expected at most {MAX_COUNTER:,}", fen, what)
    value = int(field)
    if value < minimum:
        raise FenError(f"{what} {field!r}: expected a whole number from {minimum}", fen, what)
    return value
