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
from dataclasses import dataclass, field
from typing import NamedTuple

from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.board.placement import PlacementError, parse_hand, parse_placement, setup_placement
from dagaz_studio.engine.fen_forms import (
    COLUMN_RIGHTS_RULE,
    SHUFFLED_RULE,
    check_counter_field,
    column_rights_field,
    hand_field,
    holdings_in_brackets,
    passed_squares,
    read_column_rights,
    read_en_passant_squares,
    split_check_counters,
)

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
    direction: str | None


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
    cells: list[Piece | None]
    turn: int = 0
    last_move: LastMove | None = None
    labels: frozenset[tuple[int, str]] = frozenset()
    halfmove_clock: int = 0
    fullmove_number: int = 1
    #: The pieces each player holds in hand, on a board with hands: ``hands[player][kind]`` counts
    #: them (kinds as :attr:`Piece.kind`). Empty on a board without hands.
    hands: list[list[int]] = field(default_factory=list)
    #: Each player's run of moves in a row by one piece, as (square, count), on a board whose notation
    #: asks (``[u0-2]``, :mod:`dagaz_studio.engine.runs`); empty when none is under way.
    runs: tuple[tuple[int, int], ...] = ()
    #: The checks each of the two players has still to give, where the FEN gives them (``3+3``;
    #: :mod:`dagaz_studio.engine.fen_forms`), written back as read; ``None`` without.
    checks_remaining: tuple[int, int] | None = None
    #: How many passes in a row have just been made (``end passes``, ``end facing``). No FEN says it:
    #: a position read from one has none behind it, as in Fairy-Stockfish.
    passes: int = 0
    #: The player whose last move may have given a check not counted yet in ``checks_remaining``
    #: (``end checks``: counted when the game is next asked about); -1 when none is.
    checks_pending: int = -1
    #: The (player, kind) pairs in the order the hand field of the FEN the position was read from
    #: lists them, written back in that order (Fairy-Stockfish lists a hand by its own order of piece
    #: types); others follow in the board's order. Not a part of the position: positions equal but
    #: for it are equal.
    hand_order: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    #: The FEN read named castling rights by their partners' columns (Shredder-FEN, ``JAja``) on a
    #: board with shuffled starts, where the setup's rights are otherwise written ``KQkq``: written
    #: back so. Not a part of the position either.
    castling_by_column: bool = field(default=False, compare=False)
    #: The last move read from a FEN whose en-passant field named the square it landed on too, as
    #: Fairy-Stockfish names it after the double step of a piece other than its own pawn (``h3h4``):
    #: written back so while it is the last move (the same object: a later move is another).
    landing_named: LastMove | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.checks_remaining is None:
            counted = next((ending.count for ending in self.board.ends if ending.kind == "checks"), 0)
            if counted:
                # A board that counts checks starts each player with all of them to give.
                self.checks_remaining = (counted, counted)
        if not self.hands and (self.board.has_hands or _has_stores(self.board)):
            kinds = len(self.board.pieces)
            self.hands = [[0] * kinds for _ in self.board.players]

    # ------------------------------------------------------------------ construction

    @property
    def kinds(self) -> list[PieceType]:
        """The board's piece types, indexed as :attr:`Piece.kind`."""
        return list(self.board.pieces.values())

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
            raise FenError(f"{len(fen):,} characters, more than the {MAX_FEN_LENGTH:,} a FEN may have",
                           fen[:40] + "…")
        fields = fen.split()
        if not fields:
            raise FenError("empty FEN", fen)
        fields, checks = split_check_counters(fields)
        if checks is not None:
            counted = cls.from_fen(board, " ".join(fields))
            counted.checks_remaining = checks
            return counted
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
        position._mark_unmoved_from_setup()
        if len(fields) > 2 and board.gate is not None:
            from dagaz_studio.engine.gates import read_castling_and_gates

            read_castling_and_gates(position, fields[2], fen)
        elif len(fields) > 2:
            position._apply_castling_rights(fields[2], fen)
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

    @classmethod
    def _with_runs(cls, board: Board, fields: list[str], fen: str) -> Position:
        """A FEN whose seventh field gives the moves in a row under way (:mod:`dagaz_studio.engine.runs`)."""
        from dagaz_studio.engine.runs import read_runs_field

        position = cls.from_fen(board, " ".join(fields[:-1]))
        try:
            position.runs = read_runs_field(board, fields[-1])
        except ValueError as error:
            raise FenError(str(error), fen, "moves in a row") from None
        return position

    @classmethod
    def _from_heap_fen(cls, board: Board, fields: list[str], fen: str) -> Position:
        """A heap board's position (docs/boards.md, heaps): its own placement form and stores."""
        from dagaz_studio.engine.heaps import read_heap_fen

        position = cls(board, [None] * len(board.squares), _read_turn(board, fields[1] if len(fields) > 1 else "w", fen))
        read_heap_fen(position, fields, fen)
        return position

    @classmethod
    def _from_stack_fen(cls, board: Board, fields: list[str], fen: str) -> Position:
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
        # partners have not moved. A royal piece is unmoved iff its player keeps a right. K/Q name the
        # outermost partner on that side of the royal's row (X-FEN), a column letter the partner on
        # that column (Shredder-FEN); those are unmoved, and the other partners that could castle
        # (on the setup's corners, or any of their kind on a board with shuffled starts) have moved.
        if field == "-":
            rights: set[str] = set()
        else:
            rights = set(field)
            if any(not (c.isascii() and c.isalpha()) for c in rights):
                raise FenError(f"castling rights {field!r}: expected '-' or letters (KQkq, or column letters)",
                               fen, "castling rights")
            if len(rights) < len(field):
                raise FenError(f"castling rights {field!r} name a right twice", fen, "castling rights")
        if COLUMN_RIGHTS_RULE in self.board.rules:
            read_column_rights(self, field, fen)
            return
        kinds = self.kinds
        board = self.board
        shuffled = SHUFFLED_RULE in board.rules
        for player in range(min(2, len(board.players))):
            player_rights = {c for c in rights if (c.isupper() if player == 0 else c.islower())}
            royal_squares = [s for s, p in enumerate(self.cells)
                             if p is not None and p.player == player and _castles(board, kinds[p.kind])]
            for square in royal_squares:
                self.cells[square] = self.cells[square]._replace(moved=not player_rights)  # type: ignore[union-attr]
            corners = {side: self._setup_corner(player, side) for side in "kq"}
            partner_kinds = self._partner_kinds(player)
            chosen: set[int] = set()
            limits = self._home_partner_columns(player, partner_kinds)
            for c in sorted(player_rights):
                found = False
                for square in royal_squares:
                    east, west = self._row_partners(square, player, partner_kinds)
                    if c.lower() == "k":
                        picked = [s for s in east if board.column_of[s] <= limits[0]][-1:]
                    elif c.lower() == "q":
                        picked = [s for s in west if board.column_of[s] >= limits[1]][:1]
                    else:
                        picked = [s for s in east + west if board.column_names[board.column_of[s]] == c.lower()]
                    chosen.update(picked)
                    found = found or bool(picked)
                if not found:
                    raise FenError(f"castling right {c!r} names no piece", fen, "castling rights")
            if not shuffled and player_rights and setup_placement(board):
                self._refuse_shuffled(player, field, royal_squares, chosen, fen)
            for s in chosen:
                self.cells[s] = self.cells[s]._replace(moved=False)  # type: ignore[union-attr]
            rows = {board.row_of[s] for s in royal_squares}
            others = [s for side in "kq" for s in corners[side]] + [
                s for s, p in enumerate(self.cells) if p is not None and p.player == player
                and partner_kinds is not None and p.kind in partner_kinds and board.row_of[s] in rows]
            for s in others:
                piece = self.cells[s]
                if s not in chosen and piece is not None and piece.player == player:
                    self.cells[s] = piece._replace(moved=True)

    def _refuse_shuffled(self, player: int, field: str, royal_squares: list[int], chosen: set[int], fen: str) -> None:
        """Raise :class:`FenError` for castling rights that only a shuffled start (Chess960) gives: a
        royal piece or a partner on a square where the setup puts no piece of its kind and side."""
        board = self.board
        setup = setup_placement(board)
        names = [piece.name for piece in self.kinds]
        for square in sorted(royal_squares) + sorted(chosen):
            piece, home = self.cells[square], setup.get(square)
            # A piece dropped unmoved on its zone (drop-unmoved) keeps its rights wherever the setup has it.
            dropped = board.drop_unmoved.get(names[piece.kind]) if piece is not None else None
            if dropped is not None and square in board.zones[dropped].squares_for(board.players[player]):
                continue
            if piece is not None and (home is None or home[0] != player or home[1].name != names[piece.kind]):
                raise FenError(f"castling rights {field!r} castle with the piece on {board.squares[square]}, where the "
                               "setup puts none of its kind: a shuffled start (Fischer random, 960), which this board does "
                               f"not allow ('rule: {SHUFFLED_RULE}' in a board file allows it)", fen, "castling rights")

    def _partner_kinds(self, player: int) -> set[int] | None:
        """The kinds a castling piece castles with: those its notation names (``=Rook`` in chess's King),
        or, where it names none, those the setup puts on the player's castling corners."""
        names = [piece.name for piece in self.kinds]
        named = {names.index(name) for name in self.board.castling_partners if name in names}
        if named:
            return named
        setup = setup_placement(self.board)
        found = {names.index(setup[s][1].name) for side in "kq" for s in self._setup_corner(player, side)
                 if setup[s][1].name in names}
        return found or None  # no setup to tell: any piece of the row

    def _row_partners(self, square: int, player: int,
                      partner_kinds: set[int] | None = None) -> tuple[list[int], list[int]]:
        """The player's non-royal pieces in ``square``'s row (only those of ``partner_kinds`` if given):
        those east of it and those west, by column."""
        board, kinds = self.board, self.kinds
        row, column = board.row_of[square], board.column_of[square]
        partners = sorted(
            (s for s, p in enumerate(self.cells)
             if p is not None and p.player == player and s != square and board.row_of[s] == row
             and not (p.kind < len(kinds) and _castles(board, kinds[p.kind]))
             and (partner_kinds is None or p.kind in partner_kinds)),
            key=lambda s: board.column_of[s],
        )
        return ([s for s in partners if board.column_of[s] > column],
                [s for s in partners if board.column_of[s] < column])

    def _home_partner_columns(self, player: int, partner_kinds: set[int] | None) -> tuple[int, int]:
        """The columns ``K`` and ``Q`` look inwards from for their partner: the outermost partners the
        setup puts east and west of the player's castling piece (Shako's Rooks, inside its cannons),
        as Fairy-Stockfish reads them; the board's edges without a setup to tell."""
        board = self.board
        names = [piece.name for piece in self.kinds]
        setup = setup_placement(board)
        for square, (owner, piece_type) in setup.items():
            if owner != player or not _castles(board, piece_type):
                continue
            row, column = board.row_of[square], board.column_of[square]
            columns = [board.column_of[s] for s, (o, t) in setup.items() if o == player and board.row_of[s] == row
                       and not _castles(board, t) and (partner_kinds is None or names.index(t.name) in partner_kinds)]
            east, west = [c for c in columns if c > column], [c for c in columns if c < column]
            return (max(east) if east else len(board.column_names)), (min(west) if west else -1)
        return len(board.column_names), -1

    def _setup_corner(self, player: int, side: str) -> list[int]:
        """Where the board's setup puts the outermost piece of the player's royal row on a side."""
        setup = setup_placement(self.board)
        board = self.board
        out = []
        for square, (owner, piece_type) in setup.items():
            if owner != player or not _castles(board, piece_type):
                continue
            row, column = board.row_of[square], board.column_of[square]
            same_row = sorted((s for s, (o, t) in setup.items() if o == player and board.row_of[s] == row
                               and not _castles(board, t)), key=lambda s: board.column_of[s])
            if side == "k":
                out += [s for s in same_row if board.column_of[s] > column][-1:]
            else:
                out += [s for s in same_row if board.column_of[s] < column][:1]
        return out

    # ------------------------------------------------------------------ output

    def fen(self, en_passant: bool = True, any_line: bool = False) -> str:
        """This position as FEN (castling rights from unmoved royal pieces and their partners).

        ``en_passant=False`` writes ``-`` for the en-passant square; :func:`dagaz_studio.engine.game.fen`
        decides it from whether a move of the side to move can use it, and then, with ``any_line``,
        names the squares of a double step along any line (:meth:`en_passant_square`).
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
            _join_rows(rows, len(board.row_names), bool(board.level_names)) + self.hand_field(), side, self._castling_field(),
            (self.en_passant_square(any_line) if en_passant else "-") + check_counter_field(self),
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
        held, as Fairy-Stockfish writes every position it reaches), or ``""`` on a board without hands,
        or whose hands never change and hold nothing. A hand read from a FEN is written back in the
        order read."""
        return hand_field(self)

    def _castling_field(self) -> str:
        """The castling rights: for each unmoved royal piece, each unmoved partner in its row, the
        outermost on each side. ``KQkq``, or on a board with shuffled starts, unless every right is
        one of the setup's (the royal piece and its partner where the setup puts pieces of their kinds),
        each right by its partner's column, east side first (Shredder-FEN, as Fairy-Stockfish writes
        Chess960 positions)."""
        kinds, board = self.kinds, self.board
        if COLUMN_RIGHTS_RULE in board.rules:
            return column_rights_field(self)
        rights: list[tuple[int, str, int]] = []
        standard = SHUFFLED_RULE not in board.rules
        for player in (0, 1):
            royals = [s for s, p in enumerate(self.cells) if p is not None and p.player == player
                      and p.kind < len(kinds) and _castles(board, kinds[p.kind]) and not p.moved]
            partner_kinds = self._partner_kinds(player)
            for royal in royals:
                east, west = self._row_partners(royal, player, partner_kinds)
                unmoved = [s for s in east + west if not self.cells[s].moved]  # type: ignore[union-attr]
                for side, outermost in (("k", [s for s in east if s in unmoved][-1:]),
                                        ("q", [s for s in west if s in unmoved][:1])):
                    rights.extend((player, side, square) for square in outermost)
        standard = standard or not self.castling_by_column and all(
            self._at_home(square, player) for player, _, square in rights) and all(
            self._at_home(s, p.player) for s, p in enumerate(self.cells) if p is not None and p.kind < len(kinds)
            and _castles(board, kinds[p.kind]) and not p.moved)
        letters = []
        for player, side, square in rights:
            letter = side if standard else board.column_names[board.column_of[square]]
            letters.append(letter.upper() if player == 0 else letter.lower())
        if board.gate is not None:
            from dagaz_studio.engine.gates import gate_letters

            letters = sorted(letters + gate_letters(self, rights, standard), key=str.islower)
        return "".join(dict.fromkeys(letters)) or "-"

    def _at_home(self, square: int, player: int) -> bool:
        """Whether the setup puts a piece of the player's of the same kind as the one on ``square`` there."""
        home, piece = setup_placement(self.board).get(square), self.cells[square]
        return (home is not None and piece is not None and home[0] == player
                and home[1].name == self.kinds[piece.kind].name)

    def en_passant_square(self, any_line: bool = False) -> str:
        """The squares the last move passed over, FEN style, or ``-``.

        A move two or more squares straight forward (its player's ``N``) names the squares it passed,
        as a FEN is read; with ``any_line``, a move of two or more squares along any other line names
        the squares it passed and the one it landed on, as Fairy-Stockfish writes a Berolina pawn's
        diagonal double step (``c5d6``). A draughts jump or a knight's leap names none.
        """
        squares = passed_squares(self)
        last = self.last_move
        if not squares or last is None:
            return "-"
        board = self.board
        moved = self.cells[last.target]
        if moved is not None and moved.player != (self.turn - 1) % len(board.players):
            return "-"  # the side to move made the last move (a position set up so): no one may take en passant
        mover = board.players[(self.turn - 1) % len(board.players)]
        if not any_line and self.landing_named is not last and last.direction != board.player_direction(mover, "N"):
            return "-"
        return "".join(board.squares[s] for s in squares)

    def copy(self) -> Position:
        """An independent copy."""
        return Position(self.board, list(self.cells), self.turn, self.last_move, self.labels,
                        self.halfmove_clock, self.fullmove_number, [list(hand) for hand in self.hands], self.runs,
                        self.checks_remaining, self.passes, self.checks_pending, self.hand_order,
                        self.castling_by_column, self.landing_named)

    def piece_name(self, square: int) -> str | None:
        """The type name of the piece on ``square``, or ``None``."""
        piece = self.cells[square]
        if piece is None:
            return None
        kinds = self.kinds
        return kinds[piece.kind].name if 0 <= piece.kind < len(kinds) else "piece"



_SQUARES = re.compile(r"[a-z]+\d+", re.ASCII)


def _castles(board: Board, piece_type: PieceType) -> bool:
    """Whether FEN's castling rights name the pieces of this piece's row: a royal piece, or one
    flagged ``castles`` (a King that is not royal), that castles (:attr:`Board.castling_kinds`)."""
    return piece_type.name in board.castling_kinds


def _join_rows(rows: list[str], height: int, levels: bool) -> str:
    """Rows joined by '/', and on a 3-D board each level's rows joined to the next by '|'."""
    if not levels:
        return "/".join(rows)
    return "|".join("/".join(rows[i:i + height]) for i in range(0, len(rows), height))


def _has_stores(board: Board) -> bool:
    return board.kind == "heap" and "captures-to-hand" in board.rules


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


def _read_en_passant(board: Board, field: str, turn: int, fen: str, cells: list[Piece | None]) -> LastMove:
    # The en-passant square is the one the opponent's last move passed over, going forward; several
    # squares (Fairy-Stockfish's "c5d6") are a line the last move went along (engine/fen_forms.py).
    names = _SQUARES.findall(field)
    if len(names) > 1 and "".join(names) == field and all(board.has_square(name) for name in names):
        last = read_en_passant_squares(board, [board.index(name) for name in names], cells, turn)
        if last is None:
            raise FenError(f"en-passant squares {field!r} are not the squares a piece of the player who moved last "
                           "has just passed, in a line, and the one it landed on", fen, "en-passant square")
        return last
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
