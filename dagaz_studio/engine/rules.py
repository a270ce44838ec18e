"""The game rules of one board: compiled programs, running pieces, and attack questions."""

from __future__ import annotations

import sys
from typing import Callable, Optional

from dagaz_studio.board.model import OPPOSITE, Board, PieceType
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.runner import (
    AttackFound, Cont, Program, State, Stop, complete_move, finish_hand,
)
from dagaz_studio.engine.values import (
    DEFAULT_BUDGET, DEFAULT_TRACE_LIMIT, CancelFlag, RunawayNotation, RunResult, describe_move,
)
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import Notation

#: Steps spent working out where a piece could ever capture from one square.
REACH_BUDGET = 1_000


class Rules:
    """The interpreter for one board: compiled programs, attacks, and running pieces.

    One ``Rules`` object serves any number of positions of its board; it is safe to use from one
    thread at a time (give each worker thread its own).
    """

    def __init__(self, board: Board, handlers: Optional[dict[int, Callable[[Position, int, int], bool]]] = None) -> None:
        self.board = board
        self.kinds = list(board.pieces.values())
        self.kind_names = [piece.name for piece in self.kinds]
        self.kind_index = {name: i for i, name in enumerate(self.kind_names)}
        self.dir_letters = list(board.directions.keys())
        self.dir_index = {letter: i for i, letter in enumerate(self.dir_letters)}
        self.neighbours = [tuple(board.directions[letter]) for letter in self.dir_letters]
        self.opposite: list[Optional[int]] = [self.dir_index.get(OPPOSITE[letter]) for letter in self.dir_letters]
        self.handlers = handlers or {}
        self.royal_kinds = frozenset(i for i, piece in enumerate(self.kinds) if piece.royal)
        self._custom: dict[str, int] = {}
        self._programs: dict[tuple, Program] = {}
        self._reach: dict[tuple[int, int, int], frozenset[int]] = {}
        self._attackers: dict[tuple[int, int], list[tuple[int, frozenset[int]]]] = {}

    # ---------------------------------------------------------------- programs

    def program(self, notation: Notation, player: int, piece: Optional[PieceType] = None,
                reach_mode: bool = False) -> Program:
        """The notation compiled for ``player`` (cached); raises NotationError for unknown names."""
        key = (notation.text, player, piece.name if piece else None, reach_mode)
        program = self._programs.get(key)
        if program is None:
            program = Program(self, notation, player, piece, reach_mode)
            self._programs[key] = program
        return program

    def custom_kind(self, notation: Notation, name: str = "Piece") -> int:
        """A piece kind defined only by ``notation`` (a typed notation, not one of the board's pieces).

        Its index follows the board's kinds; pieces of this kind can stand in positions of this
        board that are used with these rules. Raises NotationError for names the board lacks.
        """
        kind = self._custom.get(notation.text)
        if kind is None:
            piece = PieceType(name, "?", False, notation.text, notation)
            kind = len(self.kinds)
            self.kinds.append(piece)
            self.kind_names.append(name)
            self._custom[notation.text] = kind
            self._attackers.clear()
            try:
                self.program(notation, 0, piece)
                if len(self.board.players) > 1:
                    self.program(notation, 1, piece)
            except NotationError:
                del self._custom[notation.text]
                self.kinds.pop()
                self.kind_names.pop()
                raise
        return kind

    def kind_program(self, kind: int, player: int) -> Program:
        """The compiled move of a board piece type for a player."""
        piece = self.kinds[kind]
        return self.program(piece.notation, player, piece)

    # ---------------------------------------------------------------- running

    def run(self, position: Position, square: int, program: Optional[Program] = None, *,
            trace: bool = False, budget: int = DEFAULT_BUDGET, cancel: Optional[CancelFlag] = None,
            trace_limit: int = DEFAULT_TRACE_LIMIT) -> RunResult:
        """Run the piece on ``square`` (by its own notation, or by ``program``) and collect its moves.

        The piece must belong to the side to move for its moves to be generated, as the default
        board's implicit prefix ``[f]^`` asks. The position is unchanged afterwards.
        """
        piece = position.cells[square]
        me = position.turn
        if program is None:
            if piece is None:
                return RunResult()
            program = self.kind_program(piece.kind, piece.player)
        result = RunResult()
        st = State(self, position, me, program.slots, program.notation.group_count)
        st.budget = budget
        st.cancel = cancel
        st.piece_kind = piece.kind if piece is not None else 0
        if trace:
            st.trace = result.trace
            st.trace_limit = trace_limit
        seen: dict[tuple, int] = {}

        def collect(state: State) -> None:
            finish_hand(state, None, record)

        def record(state: State) -> None:
            move = complete_move(state)
            if move is None:
                return
            if not move.changes and not move.labels:
                if state.trace is not None:
                    state.emit("fail", "the piece is back where it started and nothing changed: not a move",
                               None, move.target, False)
                return
            key = move.key()
            if key in seen:
                if state.trace is not None:
                    state.emit("move", f"the same move as before: {describe_move(self.board, move)}", None,
                               move.target, True, seen[key])
                return
            seen[key] = len(result.moves)
            result.moves.append(move)
            if state.trace is not None:
                state.emit("move", f"move completed: {describe_move(self.board, move)}", None, move.target, True,
                           len(result.moves) - 1)

        st.on_complete = collect
        self._start(st, square, program.entry, result)
        result.work = st.work
        result.trace_truncated = st.truncated
        return result

    def _start(self, st: State, square: int, entry: Cont, result: RunResult) -> None:
        piece = st.cells[square]
        st.cursor = square
        st.mover_sq = square
        st.partial_start = square
        if st.trace is not None:
            st.emit("start", f"start on {st.name(square)}", None, square)
        if piece is None or piece.player != st.me:
            if st.trace is not None:
                st.emit("check", f"[f] failed on {st.name(square)}: {st.who(square)} — a player moves only his own pieces",
                        None, square, False)
            return
        st.touched[square] = piece
        st.cells[square] = None
        st.hand.append((piece, square))
        st.mover_in_hand = True
        st.visited.append(square)
        if st.trace is not None:
            st.emit("lift", f"lift {st.describe(piece)} from {st.name(square)}", None, square)
        limit = sys.getrecursionlimit()
        if limit < 60_000:
            sys.setrecursionlimit(60_000)
        try:
            entry(st)
        except Stop as stop:
            result.stopped = stop.reason
            if st.trace is not None:
                st.trace_limit += 1
                st.emit("stopped", stop.reason, None, st.cursor, False)
        except RecursionError:
            result.stopped = f"stopped after {st.work:,} steps: the notation nests too deeply"
        finally:
            # Whatever happened, leave the board as it was.
            for touched_square, original in st.touched.items():
                st.cells[touched_square] = original

    # ---------------------------------------------------------------- attacks

    def reach(self, kind: int, player: int, square: int) -> frozenset[int]:
        """Squares where a piece of this kind and player, standing on ``square``, could ever capture.

        Computed once with every check assumed to pass: a superset of its real captures, used to
        skip pieces that cannot possibly attack a square.
        """
        key = (kind, player, square)
        cached = self._reach.get(key)
        if cached is not None:
            return cached
        piece = self.kinds[kind]
        program = self.program(piece.notation, player, piece, reach_mode=True)
        empty = Position(self.board, [None] * len(self.board.squares), player)
        st = State(self, empty, player, program.slots, program.notation.group_count)
        found: set[int] = set()
        st.reach = found
        # Small: real pieces reach everything they can in a few dozen steps, and a notation that
        # does not end with every check passing is simply taken to reach every square.
        st.budget = REACH_BUDGET
        st.cursor = st.mover_sq = st.partial_start = square

        def done(state: State) -> None:
            found.add(state.cursor)
        st.on_complete = done
        try:
            program.entry(st)
        except (Stop, RecursionError):
            found.update(range(len(self.board.squares)))
        result = frozenset(found)
        self._reach[key] = result
        return result

    def attackers(self, square: int, player: int) -> list[tuple[int, frozenset[int]]]:
        """Where a piece of ``player`` could ever capture on ``square`` from: (origin, kinds) pairs."""
        key = (square, player)
        cached = self._attackers.get(key)
        if cached is None:
            by_origin: dict[int, set[int]] = {}
            for kind in range(len(self.kinds)):
                for origin in range(len(self.board.squares)):
                    if origin != square and square in self.reach(kind, player, origin):
                        by_origin.setdefault(origin, set()).add(kind)
            cached = [(origin, frozenset(kinds)) for origin, kinds in sorted(by_origin.items())]
            self._attackers[key] = cached
        return cached

    def capturable(self, position: Position, square: int, by: int, stand_in: Optional[Piece] = None,
                   within: Optional[State] = None, cancel: Optional[CancelFlag] = None) -> bool:
        """Whether a piece of player ``by``, moving by its notation, could capture on ``square``.

        ``stand_in`` is put on the square for the question (the piece that would stand there); the
        position is unchanged afterwards. Asked from inside a run (``within``), the question spends
        that run's budget and obeys its cancel flag, and a runaway stops that run; asked on its own,
        a runaway raises :class:`RunawayNotation`.
        """
        cells = position.cells
        original = cells[square]
        if stand_in is not None:
            cells[square] = stand_in
        try:
            for origin, kinds in self.attackers(square, by):
                piece = cells[origin]
                if piece is None or piece.player != by or piece.kind not in kinds:
                    continue
                if self._captures_on(position, origin, square, by, within, cancel):
                    return True
            return False
        finally:
            cells[square] = original

    def _captures_on(self, position: Position, origin: int, square: int, by: int,
                     within: Optional[State], cancel: Optional[CancelFlag]) -> bool:
        piece = position.cells[origin]
        assert piece is not None
        program = self.kind_program(piece.kind, by)
        st = State(self, position, by, program.slots, program.notation.group_count)
        st.attack_mode = True
        st.piece_kind = piece.kind
        if within is not None:
            st.budget = max(0, within.budget - within.work)
            st.cancel = within.cancel
        else:
            st.cancel = cancel

        def done(state: State) -> None:
            finish_hand(state, None, found)

        def found(state: State) -> None:
            if square in state.captures:
                raise AttackFound
        st.on_complete = done
        result = RunResult()
        try:
            self._start(st, origin, program.entry, result)
        except AttackFound:
            # _start restores the board in its finally clause before the exception leaves it.
            return True
        finally:
            if within is not None:
                within.work += st.work
        if result.stopped:
            # Never answer "not attacked" for a question that was not finished.
            what = f"{result.stopped} (asking whether the {self.kind_names[piece.kind]} on " \
                   f"{self.board.squares[origin]} attacks {self.board.squares[square]})"
            if within is not None:
                raise Stop(result.stopped if result.stopped == "cancelled" else what)
            raise RunawayNotation(what)
        return False

    def square_attacked(self, st: State, square: int, by_enemy: bool) -> bool:
        """``[a]``/``[s]``: could the other side (or our side) capture a piece standing on ``square``?"""
        me = st.me
        players = len(self.board.players)
        sides = [p for p in range(players) if p != me] if by_enemy else [me]
        occupant = st.cells[square]
        if by_enemy:
            if occupant is not None and occupant.player == me:
                stand_in = None
            elif st.hand:
                stand_in = st.hand[-1][0]
            else:
                stand_in = Piece(me, -1, True)
        else:
            enemy = (me + 1) % players
            stand_in = None if (occupant is not None and occupant.player != me) else Piece(enemy, -1, True)
        saved_turn = st.position.turn
        try:
            for side in sides:
                st.position.turn = side
                if self.capturable(st.position, square, side, stand_in, within=st):
                    return True
            return False
        finally:
            st.position.turn = saved_turn
