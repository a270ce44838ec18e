"""The game rules of one board: compiled programs, running pieces, and attack questions."""

from __future__ import annotations

import sys
import threading
import weakref
from operator import itemgetter
from dataclasses import replace
from typing import AbstractSet, Any, Callable, NoReturn, Optional, Union

from dagaz_studio.board.model import DIRECTION_LETTERS, OPPOSITE, Board, PieceType
from dagaz_studio.engine.compiler import (
    Abort, Compiled, compile_probe, Found, MAX_WRITTEN, Record, RichRecord, Unsupported, compile_notation, new_work,
    poll,
)
from dagaz_studio.engine.position import LastMove, Piece, Position
from dagaz_studio.engine.runner import (
    MAX_REPETITION_DEPTH, AttackFound, Cont, Program, State, Stop, complete_move, finish_hand, move_key,
)
from dagaz_studio.engine.values import (
    COMPLETION_COST, DEFAULT_BUDGET, DEFAULT_TRACE_LIMIT, QUESTION_COST, CancelFlag, Move, RunawayNotation, RunResult,
    describe_move, quick_move,
)
from dagaz_studio.engine.collection import collector_paused
from dagaz_studio.notation.cancel import ReadingCancelled
from dagaz_studio.notation import records
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import (
    Alternatives, Check, CountCheck, DirectionCheck, Group, GroupStep, Handler, NavStep, Notation, Promote, Repeat,
    RunCheck, Sequence, Step,
)

#: A way to run a notation fast: its top-level parts in order, each compiled or (when the compiler
#: does not cover it) a runner program.
Plan = tuple["Compiled | Program", ...]

_UNKNOWN = object()
_first = itemgetter(0)
_new_tuple = tuple.__new__

#: Squares a traced run's sentence about a completed move names in each of its lists (stops, captures,
#: pieces displaced): a runaway's moves can hold thousands, and the sentences of thousands of moves
#: naming them all took seconds to write.
TRACED_SQUARES = 32
#: Moves built from a compiled run's light records between two looks at the cancel flag.
BUILD_BETWEEN_LOOKS = 256
#: Steps spent working out where a piece could ever capture from one square.
REACH_BUDGET = 1_000
#: Squares times piece kinds past which a board gets no table of where its pieces could capture each
#: square from (building it costs every kind's reach from every square): attack questions look for
#: the pieces on the board instead, as they do for typed pieces.
ATTACK_TABLE_LIMIT = 2_048
#: Squares looked at by an attack question that looks for pieces, per unit of work it is counted.
SCAN_SQUARES_PER_UNIT = 64

#: After this many attack questions about one square, times the board's squares and piece kinds,
#: its table of possible attackers is worked out; before, the pieces on the board are looked at.
#: The table costs a reach run for every kind from every square, a scan only a look at each square
#: (the pieces' own reach runs are kept), so the table pays only once a square is asked about often:
#: perft asks thousands of times, one position's legal moves a few dozen.
TABLE_AFTER = 1


class Rules:
    """The interpreter for one board: compiled programs, attacks, and running pieces.

    One ``Rules`` object serves any number of positions of its board; it is safe to use from one
    thread at a time (give each worker thread its own).
    """

    def __init__(self, board: Board, handlers: Optional[dict[int, Callable[[Position, int, int], bool]]] = None) -> None:
        self.board = board
        self.kinds = list(board.pieces.values())
        #: How many of :attr:`kinds` are the board's own; typed kinds (:meth:`custom_kind`) follow.
        self.board_kinds = len(self.kinds)
        self.kind_names = [piece.name for piece in self.kinds]
        self.kind_index = {name: i for i, name in enumerate(self.kind_names)}
        self.dir_letters = list(board.directions.keys())
        self.dir_index = {letter: i for i, letter in enumerate(self.dir_letters)}
        self.neighbours = [tuple(board.directions[letter]) for letter in self.dir_letters]
        self.opposite: list[Optional[int]] = [self.dir_index.get(OPPOSITE[letter]) for letter in self.dir_letters]
        self.handlers = handlers or {}
        self.royal_kinds = frozenset(i for i, piece in enumerate(self.kinds) if piece.royal)
        #: The kinds whose last piece lost loses the game (``extinction``).
        self.extinction_kinds = frozenset(i for i, piece in enumerate(self.kinds) if piece.extinction)
        #: Whether positions keep each player's moves in a row by one piece (``[u0-2]``).
        self.counts_runs = board.counts_runs
        self._custom: dict[str, int] = {}
        self._programs: dict[tuple, Program] = {}
        # Where the board's own pieces could capture from each square, and what could capture each
        # square, are the same for every interpreter of the board: worked out once, kept with it
        # (unless handlers, which an interpreter brings with it, take part). Typed kinds keep theirs here.
        share = _board_share(board) if not self.handlers else _BoardShare()
        self._reach: dict[tuple[int, int, int], frozenset[int]] = share.reach
        self._typed_reach: dict[tuple[int, int, int], frozenset[int]] = {}
        self._attackers: dict[tuple[int, int], list[tuple[int, frozenset[int]]]] = share.attackers
        players = len(board.players)
        #: Per player, the other players (whose pieces ``[a]`` asks about), and the stand-in piece of
        #: that player put on an empty square an attack question asks about.
        self._others = [tuple(p for p in range(players) if p != me) for me in range(players)]
        self._blanks = [Piece(p, -1, True) for p in range(max(1, players))]
        self._asked: dict[tuple[int, int], int] = {}
        #: The players whose pieces' reach is worked out from every square (one table was built).
        self._tabled: set[int] = share.tabled
        self._plans: dict[tuple[str, int, str], Optional[Plan]] = {}
        self._footprints: dict[tuple[int, int, int], Optional[frozenset[int]]] = share.footprints
        #: The code written for each notation (:func:`compile_notation`): the same for every interpreter
        #: of the board, each of which loads it with itself as ``R``. Its constants (tables, the first
        #: steps' rays a pruned question works out as it goes) are shared with it.
        self.written: dict[tuple, tuple[tuple[str, dict[str, Any]], bool, int]] = share.written
        self._typed_footprints: dict[tuple[int, int, int], Optional[frozenset[int]]] = {}
        self._kind_programs: dict[tuple[int, int], Program] = {}
        #: Per player, each kind's :meth:`light_maker`.
        self._record_makers: list[dict[int, Any]] = [{} for _ in range(max(1, players))]
        #: Per kind, what its light records may hold (:meth:`record_shape`).
        self._record_shapes: dict[int, tuple[bool, bool]] = {}
        #: Per kind, whether its notation asks whether a piece has moved (``[m]``, ``[M]``).
        self._moved_readers: dict[int, bool] = {}
        self._unsteady: dict[tuple[int, int, bool, frozenset[int]], list[tuple[int, frozenset[int]]]] = {}
        #: Whether attack questions look for the pieces on the board rather than in tables.
        self.scans = len(board.squares) * max(1, self.board_kinds) > ATTACK_TABLE_LIMIT
        self._attack_fns: dict[tuple[int, int], Any] = {}
        self._probe_fns: dict[tuple[int, int], Any] = {}
        #: The reach programs of :meth:`step_rays`, by step node (kept beside it), direction and player.
        self._ray_programs: dict[tuple[int, str, int], tuple[Any, Program]] = {}
        #: Whether runs without a trace take the compiled fast path (the runner alone when False).
        self.fast = True
        #: The cancel flag of the run (or question) under way: working out what a piece could ever
        #: reach, for its attack questions, looks at it too (a board's tables take a while to build).
        self.asking: Optional[CancelFlag] = None
        #: Whether the attack question looking for candidates is asked by a run with a budget: it then
        #: never works out a table of every kind's reach from every square (see :meth:`candidates`).
        self.budgeted = False
        self._setup_counts: Optional[list[list[int]]] = None

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
            try:
                self.program(notation, 0, piece)
                if len(self.board.players) > 1:
                    self.program(notation, 1, piece)
            except (NotationError, ReadingCancelled):
                del self._custom[notation.text]
                self.kinds.pop()
                self.kind_names.pop()
                raise
        return kind

    def setup_count(self, player: int, kind: int) -> int:
        """How many pieces of ``kind`` the board's setup gives ``player``, on the board and in hand
        (what a promotion to a lost piece, ``[+?Name]``, counts against)."""
        counts = self._setup_counts
        if counts is None:
            counts = self._setup_counts = [[0] * self.board_kinds for _ in self.board.players]
            if self.board.setup and self.board.kind == "default":
                start = Position.initial(self.board)
                for piece in start.cells:
                    if piece is not None and 0 <= piece.player < len(counts):
                        counts[piece.player][piece.kind] += 1
                for player_, hand in enumerate(start.hands):
                    for kind_, held in enumerate(hand[: self.board_kinds]):
                        counts[player_][kind_] += held
        return counts[player][kind] if kind < self.board_kinds and player < len(counts) else 0

    def kind_program(self, kind: int, player: int) -> Program:
        """The compiled move of a board piece type for a player."""
        program = self._kind_programs.get((kind, player))
        if program is None:
            piece = self.kinds[kind]
            program = self._kind_programs[(kind, player)] = self.program(piece.notation, player, piece)
        return program

    # ---------------------------------------------------------------- running

    def run(self, position: Position, square: int, program: Optional[Program] = None, *,
            trace: bool = False, budget: int = DEFAULT_BUDGET, cancel: Optional[CancelFlag] = None,
            trace_limit: int = DEFAULT_TRACE_LIMIT) -> RunResult:
        """Run the piece on ``square`` (by its own notation, or by ``program``) and collect its moves.

        The piece must belong to the side to move for its moves to be generated, as the default
        board's implicit prefix ``[f]^`` asks. The position is unchanged afterwards.
        """
        saved, self.asking = self.asking, cancel
        try:
            with collector_paused():
                return self._run(position, square, program, trace, budget, cancel, trace_limit)
        finally:
            self.asking = saved

    def _run(self, position: Position, square: int, program: Optional[Program], trace: bool, budget: int,
             cancel: Optional[CancelFlag], trace_limit: int) -> RunResult:
        piece = position.cells[square]
        if program is None:
            if piece is None:
                return RunResult()
            # A heap belongs to nobody (player -1): it moves by its notation for the side to move.
            program = self.kind_program(piece.kind, piece.player if piece.player >= 0 else position.turn)
        if not trace and self.fast:
            if self.board.kind == "default":
                fast = self._run_fast(position, square, program, budget, cancel)
            else:
                # Heap and stack boards have their own compiled path (engine/kind_compiler.py).
                from dagaz_studio.engine.kind_compiler import run_kind_fast
                fast = run_kind_fast(self, position, square, program, budget, cancel)
            if fast is not None:
                return fast
        return self._run_program(position, square, program, trace=trace, budget=budget, cancel=cancel,
                                 trace_limit=trace_limit)

    def _run_program(self, position: Position, square: int, program: Program, *, trace: bool, budget: int,
                     cancel: Optional[CancelFlag], trace_limit: int = DEFAULT_TRACE_LIMIT,
                     drop: Optional[Piece] = None) -> RunResult:
        """The runner's way: every step interpreted, explained when ``trace`` is asked for.

        With ``drop``, that piece is taken from its player's hand and the run starts on ``square``
        with it held, as a drop notation runs."""
        piece = drop if drop is not None else position.cells[square]
        me = position.turn
        result = RunResult()
        st = State(self, position, me, program.slots, program.notation.group_count)
        st.budget = budget
        st.cancel = cancel
        st.piece_kind = piece.kind if piece is not None else 0
        if trace:
            st.trace = result.trace
            st.trace_limit = trace_limit
        seen: dict[tuple, int] = {}

        finish = program.kind_actions.finish_hand if program.kind_actions is not None else finish_hand

        def collect(state: State) -> None:
            finish(state, None, record)

        def record(state: State) -> None:
            # Completing a move costs in proportion to its chain of partial moves, its captures and the
            # other pieces it displaced: count it, so that a runaway chain (or relay of lifted pieces)
            # stops as soon in time as any other runaway notation.
            state.spend(COMPLETION_COST + len(state.stops) + len(state.captures) + len(state.also))
            key = move_key(state)
            if not key[6] and not state.labels and not state.null:  # no changes, and not a null move ([n])
                if state.trace is not None:
                    state.emit("fail", "the piece is back where it started and nothing changed: not a move",
                               None, key[1], False)
                return
            index = seen.get(key)
            if index is not None:
                if state.trace is not None:
                    said = describe_move(self.board, result.moves[index], TRACED_SQUARES)
                    state.emit("move", f"the same move as before: {said}", None, key[1], True, index)
                return
            move = complete_move(state, key)
            seen[key] = len(result.moves)
            result.moves.append(move)
            if state.trace is not None:
                said = describe_move(self.board, move, TRACED_SQUARES)
                state.emit("move", f"move completed: {said}", None, move.target, True, len(result.moves) - 1)

        st.on_complete = collect
        self._start(st, square, program.entry, result, drop)
        result.work = st.work
        result.trace_truncated = st.truncated
        if drop is not None:
            result.moves = [replace(move, dropped=True) for move in result.moves]
        return result

    def _start(self, st: State, square: int, entry: Cont, result: RunResult, drop: Optional[Piece] = None) -> None:
        piece = st.cells[square]
        st.cursor = square
        st.mover_sq = square
        st.partial_start = square
        st.origin = square
        if drop is not None:
            # A drop: the piece comes from the hand, the run begins with it held over ``square``.
            st.hand.append((drop, square))
            st.mover_in_hand = True
            if st.trace is not None:
                st.emit("start", f"start on {st.name(square)} with {st.describe(drop)} from the hand", None, square)
            self._enter(st, entry, result)
            return
        if st.trace is not None:
            st.emit("start", f"start on {st.name(square)}", None, square)
        if self.board.kind == "heap":
            from dagaz_studio.engine.heap_actions import start_heap

            if start_heap(st, square):
                self._enter(st, entry, result)
            return
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
        self._enter(st, entry, result)

    def _enter(self, st: State, entry: Cont, result: RunResult) -> None:
        """Run ``entry`` on the prepared state, restoring the board whatever happens."""
        _deep_enough()
        try:
            entry(st)
        except Stop as stop:
            result.stopped = stop.reason
            if st.trace is not None or st.truncated:
                # Said even when the trace is full: why the run ended is the last thing it shows.
                st.trace = result.trace
                st.trace_limit = len(result.trace) + 1
                st.emit("stopped", stop.reason, None, st.cursor, False)
        except RecursionError:
            result.stopped = f"stopped after {st.work:,} steps: the notation nests too deeply"
        finally:
            # Whatever happened, leave the board as it was.
            for touched_square, original in st.touched.items():
                st.cells[touched_square] = original

    # ---------------------------------------------------------------- drops

    def drop_program(self, kind: int, player: int) -> Optional[Program]:
        """The drop notation of a board piece type for a player, or ``None`` when it is not dropped."""
        key = (-1 - kind, player)
        program = self._kind_programs.get(key)
        if program is None:
            piece = self.kinds[kind]
            notation = self.board.drops.get(piece.name)
            if notation is None:
                return None
            program = self._kind_programs[key] = self.program(notation, player, piece)
        return program

    def run_drop(self, position: Position, kind: int, square: int, *, trace: bool = False,
                 budget: int = DEFAULT_BUDGET, cancel: Optional[CancelFlag] = None,
                 trace_limit: int = DEFAULT_TRACE_LIMIT) -> RunResult:
        """Drop a piece of ``kind`` from the hand of the side to move, its drop notation starting on
        ``square`` (whether the hand holds one is the caller's question)."""
        program = self.drop_program(kind, position.turn)
        if program is None:
            return RunResult()
        return self._run_program(position, square, program, trace=trace, budget=budget, cancel=cancel,
                                 trace_limit=trace_limit, drop=Piece(position.turn, kind, True))

    # ---------------------------------------------------------------- the compiled fast path

    def plan(self, program: Program, cancel: Optional[CancelFlag] = None) -> Optional[Plan]:
        """How to run ``program``'s notation fast (cached), or ``None`` when no part of it compiles.

        Writing the code of a long notation takes a while: ``cancel`` is looked at meanwhile, and
        :class:`~dagaz_studio.notation.cancel.ReadingCancelled` raised (nothing kept) when it is set."""
        key = (program.notation.text, program.player, program.piece_name)
        if key in self._plans:
            return self._plans[key]
        with collector_paused():
            plan = self._make_plan(program, cancel)
        self._plans[key] = plan
        return plan

    def _make_plan(self, program: Program, cancel: Optional[CancelFlag]) -> Optional[Plan]:
        notation = program.notation
        plan: Optional[Plan] = None
        allowance = [MAX_WRITTEN]  # for the whole and its parts together
        try:
            whole = compile_notation(self, notation, program.player, allowance=allowance, cancel=cancel)
        except (Unsupported, RecursionError, SyntaxError, MemoryError):
            whole = None  # too deep or too long for Python to compile, or not covered
        if whole is not None:
            plan = (whole,)
        if isinstance(notation.body, Alternatives) and (whole is None or whole.rich) and allowance[0] >= 0:
            # Part by part: the parts that compile run compiled (the others through the runner), and
            # a part that neither lifts nor puts gives light records even when another part does.
            parts: list[Compiled | Program] = []
            for option in notation.body.options:
                try:
                    parts.append(compile_notation(self, notation, program.player, option, allowance, cancel))
                except (Unsupported, RecursionError, SyntaxError, MemoryError):
                    if allowance[0] < 0:
                        break  # too much to write: the runner takes the whole, already built
                    part = Notation(notation.text, option, notation.group_count)
                    parts.append(Program(self, part, program.player, program.piece, cancel=cancel))
            compiled = [part for part in parts if isinstance(part, Compiled)]
            if allowance[0] >= 0 and (whole is None and compiled or any(not part.rich for part in compiled)):
                plan = tuple(parts)
        return plan

    def _run_fast(self, position: Position, square: int, program: Program, budget: int,
                  cancel: Optional[CancelFlag]) -> Optional[RunResult]:
        """The moves by the compiled path, or ``None`` to leave the run to the runner (which then
        stops it and says why: budget spent, nested too deeply, cancelled)."""
        cells = position.cells
        piece = cells[square]
        if piece is None or piece.player != position.turn:
            return RunResult()
        try:
            plan = self.plan(program, cancel)
        except ReadingCancelled:
            return RunResult(stopped="cancelled")
        if plan is None:
            return None
        work = new_work(budget, cancel)
        records: list[Record] = []
        seen: set[tuple] = set()
        if len(plan) == 1:
            try:
                plan[0].moves(cells, square, piece, records, seen, work, position)  # type: ignore[union-attr]
            except Abort as stop:
                if stop.kind == "rerun":
                    return None
                if stop.kind == "cancelled":
                    # Already cancelled: the flag is not looked at again (the run stopped at its first
                    # look), and a long run's tens of thousands of moves are not all built: only as
                    # many as are built between two looks (a cancelled run's moves are what it had
                    # found by then, and it must end now).
                    found, _ = self._built_moves(position, square, piece, records[:BUILD_BETWEEN_LOOKS], None)
                    return RunResult(moves=found, stopped="cancelled", work=work[0])
                found, cancelled = self._built_moves(position, square, piece, records, cancel)
                return RunResult(moves=found, stopped="cancelled" if cancelled else self._stop_reason(stop, work),
                                 work=work[0])
            except RecursionError:
                return None
            if work[0] > budget:
                return None
            found, cancelled = self._built_moves(position, square, piece, records, cancel)
            return RunResult(moves=found, stopped="cancelled" if cancelled else None, work=work[0])
        moves: list[Move] = []
        keys: set[tuple] = set()

        def keep(move: Move) -> None:
            key = move.key()
            if key not in keys:
                keys.add(key)
                moves.append(move)
        try:
            work[0] += 1  # the top-level ';'
            for part in plan:
                if isinstance(part, Compiled):
                    records.clear()
                    part.moves(cells, square, piece, records, seen, work, position)
                    for record in records:
                        keep(self.record_move(position, square, piece, record))
                    continue
                result = self._run_program(position, square, part, trace=False,
                                           budget=max(0, budget - work[0]), cancel=cancel)
                work[0] += result.work
                if result.stopped:
                    return None
                for move in result.moves:
                    keep(move)
        except (Abort, RecursionError):
            return None
        if work[0] > budget:
            return None
        return RunResult(moves=moves, work=work[0])

    @staticmethod
    def _stop_reason(stop: Abort, work: list, start: int = 0) -> str:
        """What the runner says when it stops where the compiled run stopped."""
        if stop.message is not None:
            return stop.message
        if stop.kind == "budget":
            return f"stopped after {work[2] - start:,} steps — the notation may repeat without end"
        if stop.kind == "depth":
            return (f"stopped after {work[0] - start:,} steps: repetitions nested more than "
                    f"{MAX_REPETITION_DEPTH:,} deep — the notation may repeat without end")
        return "cancelled"

    def _built_moves(self, position: Position, origin: int, piece: Piece, records: list[Record],
                     cancel: Optional[CancelFlag]) -> tuple[list[Move], bool]:
        """The full moves of a compiled run's records, and whether building them was cancelled: a
        runaway may leave tens of thousands, which take a while, so the flag is looked at meanwhile."""
        moves: list[Move] = []
        record_move = self.record_move
        for start in range(0, len(records), BUILD_BETWEEN_LOOKS):
            if start and cancel is not None and cancel.is_set():
                return moves, True
            moves.extend([record_move(position, origin, piece, r) for r in records[start:start + BUILD_BETWEEN_LOOKS]])
        return moves, False

    def record_move(self, position: Position, origin: int, piece: Piece,
                    record: Union[Record, RichRecord, Move]) -> Move:
        """The full :class:`Move` of a light record made by ``piece`` from ``origin``."""
        if isinstance(record, Move):
            return record  # kept whole by a notation that lifts or puts
        if len(record) > 4:
            return self.rich_move(position, origin, piece, record)  # type: ignore[arg-type]
        target, captures, promoted, direction = record  # type: ignore[misc]
        kind = piece.kind if promoted is None else promoted
        placed = Piece(piece.player, kind, True if target != origin else piece.moved)
        cells = position.cells
        # What the move changes, square by square: the start emptied, each captured piece taken
        # (captured squares held pieces, and the start was empty while the notation ran, so both
        # always change), the piece put down on the target (unless that changes nothing).
        changes: list[tuple[int, Optional[Piece]]] = [(square, None) for square in captures if square != target]
        if origin != target:
            changes.append((origin, None))
        if placed != (piece if target == origin else cells[target]):
            changes.append((target, placed))
        changes.sort(key=_first)
        return quick_move(
            self.kind_names[piece[1]], piece[0], origin, target, captures, (target,),
            None if promoted is None else self.kind_names[promoted], (), tuple(changes),
            _new_tuple(LastMove, (origin, target, None if direction is None else self.dir_letters[direction])),
        )

    def light_maker(self, kind: int, player: int) -> Any:
        """How the light path (perft) lists the moves of a piece kind for a player (cached): the
        compiled ``moves`` function of a notation compiled whole that neither lifts nor puts, a
        tuple of compiled parts (those that lift or put give whole moves), or ``None`` (the piece
        runs as :meth:`run` runs it)."""
        makers = self._record_makers[player]
        maker = makers.get(kind, _UNKNOWN)
        if maker is _UNKNOWN:
            plan = self.plan(self.kind_program(kind, player)) if self.fast else None
            if plan is None or not all(isinstance(part, Compiled) for part in plan):
                maker = None
            elif len(plan) == 1 and not plan[0].rich:  # type: ignore[union-attr]
                maker = plan[0].moves  # type: ignore[union-attr]
            else:
                maker = plan
            makers[kind] = maker
        return maker

    def record_shape(self, kind: int) -> tuple[bool, bool]:
        """Whether the light records of a piece kind's moves may capture elsewhere than where it lands
        (its notation takes pieces by ``[x]``, ``[d]`` or ``[w]``), and whether they may promote it
        to a royal kind (cached): perft skips looking at what they cannot hold."""
        shape = self._record_shapes.get(kind)
        if shape is None:
            notation = self.kinds[kind].notation
            royal = {self.kind_names[index] for index in self.royal_kinds}
            crowning = False
            stack: list[object] = [notation.body]
            while stack and not crowning:
                node = stack.pop()
                crowning = isinstance(node, Promote) and not royal.isdisjoint(node.choices)
                for name in ("items", "options", "path"):
                    stack.extend(getattr(node, name, ()))
                body = getattr(node, "body", None)
                if body is not None:
                    stack.append(body)
            shape = self._record_shapes[kind] = (_reads_checks(notation, "xdw"), crowning)
        return shape

    def record_shapes(self) -> dict[int, tuple[bool, bool]]:
        """Each kind's :meth:`record_shape` worked out so far, by kind (read it, do not change it)."""
        return self._record_shapes

    def light_makers(self, player: int) -> dict[int, Any]:
        """Each kind's :meth:`light_maker` for ``player`` worked out so far, by kind (read it, do not
        change it): the light path looks them up once per piece on every position."""
        return self._record_makers[player]

    def light_entries(self, position: Position, origin: int, piece: Piece, parts: tuple[Compiled, ...],
                      work: list) -> Optional[list[Union[Record, Move]]]:
        """The moves of a notation compiled in parts, as :meth:`run` lists them: light records from
        the parts that neither lift nor put, whole moves from the others; ``None`` when a part did
        not end within the work's budget."""
        cells = position.cells
        out: list[Any] = []
        seen: set[Any] = set()
        work[0] += 1  # the top-level ';'
        for part in parts:
            part.moves(cells, origin, piece, out, seen, work, position)
        if work[0] > work[2]:
            return None
        if len(parts) == 1:
            return out
        # Parts may find the same move: keep the first, as run() does. A light record's move is told
        # apart from another's by its target, captures, promotion (and a rich record's stops and
        # displaced pieces); from a move built whole only by building it too.
        keys: set[Any] = set()
        kept = []
        whole = any(isinstance(entry, Move) for entry in out)
        for entry in out:
            if isinstance(entry, Move):
                key: Any = entry.key()
            elif whole:
                key = self.record_move(position, origin, piece, entry).key()
            elif len(entry) > 4:
                key = (entry[0], entry[1], entry[2], entry[4], entry[6])
            else:
                key = entry[:3]
            if key not in keys:
                keys.add(key)
                kept.append(entry)
        return kept

    def attack_fn(self, kind: int, player: int) -> Any:
        """The compiled attack question of a piece kind for a player when its notation compiles
        whole, else ``None`` (cached; while :attr:`fast` is off, always ``None``)."""
        if not self.fast:
            return None
        key = (kind, player)
        attacks = self._attack_fns.get(key, _UNKNOWN)
        if attacks is _UNKNOWN:
            plan = self.plan(self.kind_program(kind, player))
            attacks = plan[0].attacks if plan is not None and len(plan) == 1 else None  # type: ignore[union-attr]
            self._attack_fns[key] = attacks
        return attacks

    def probe_fn(self, kind: int, player: int) -> Any:
        """The pruned attack question (:func:`compile_probe`) of a piece kind whose notation compiles
        whole, else ``None`` (cached)."""
        key = (kind, player)
        probe = self._probe_fns.get(key, _UNKNOWN)
        if probe is _UNKNOWN:
            probe = None
            if self.attack_fn(kind, player) is not None:
                try:
                    probe = compile_probe(self, self.kind_program(kind, player).notation, player)
                except (Unsupported, RecursionError, SyntaxError, MemoryError):
                    probe = self.attack_fn(kind, player)
            if self.fast:
                self._probe_fns[key] = probe
        return probe

    def step_rays(self, notation: Notation, player: int, step: tuple[Step, tuple[int, ...]],
                  origin: int) -> tuple[tuple[int, tuple[Optional[int], ...], frozenset[int]], ...]:
        """For a first step of ``notation`` from ``origin``: each of its directions, that direction's
        neighbour table, and where the piece could ever capture when that step goes that way (its
        reach with the step restricted to the one direction)."""
        node, directions = step
        player_name = self.board.players[player]
        out = []
        for direction in directions:
            letter = next((plain for plain in DIRECTION_LETTERS
                           if self.board.player_direction(player_name, plain) == self.dir_letters[direction]), None)
            if letter is None:
                reach: frozenset[int] = frozenset(range(len(self.board.squares)))
            else:
                # The same for every square the piece stands on: made once per step and direction.
                key = (id(node), letter, player)
                known = self._ray_programs.get(key)
                if known is None or known[0] is not node:
                    body = _replaced(notation.body, node, Step((letter,), node.span, node.wrap))
                    known = self._ray_programs[key] = (node, Program(
                        self, Notation(notation.text, body, notation.group_count), player, None, reach_mode=True))
                reach = self._reach_run(known[1], player, origin)[0]
            out.append((direction, self.neighbours[direction], reach))
        return tuple(out)

    def _ask(self, position: Position, origin: int, square: int, by: int, work: list, probe: bool = False) -> bool:
        """Could the piece on ``origin`` capture on ``square``? Compiled where it can be; raises
        :class:`Abort` when the question must be left to the runner. With ``probe``, the pruned
        question answers (perft's, which reports no stops)."""
        cells = position.cells
        piece = cells[origin]
        assert piece is not None
        if probe:
            attacks = self._probe_fns.get((piece[1], by), _UNKNOWN)
            if attacks is _UNKNOWN:
                attacks = self.probe_fn(piece[1], by)
        else:
            attacks = self._attack_fns.get((piece[1], by), _UNKNOWN)
            if attacks is _UNKNOWN:
                attacks = self.attack_fn(piece[1], by)
        start = work[0]
        if attacks is not None:
            # The usual case, spelt out: one compiled question.
            try:
                attacks(cells, origin, piece, square, work, position)
            except Found:
                return True
            except Abort as stop:
                if stop.kind in ("cancelled", "rerun") or stop.message is not None:
                    raise
                reason = self._stop_reason(stop, work, 0 if stop.kind == "budget" else start)
                raise Abort("stop", f"{reason} (asking whether the {self.kind_names[piece.kind]} on "
                                    f"{self.board.squares[origin]} attacks {self.board.squares[square]})")
            return False
        program = self.kind_program(piece.kind, by)
        plan = self.plan(program) or (program,)
        if len(plan) > 1:
            work[0] += 1  # the top-level ';'
        for part in plan:
            if isinstance(part, Compiled):
                try:
                    part.attacks(cells, origin, piece, square, work, position)
                except Found:
                    return True
                except Abort as stop:
                    if stop.kind in ("cancelled", "rerun") or stop.message is not None:
                        raise
                    # As the runner says it, then what was being asked. The budget is the run's,
                    # shared with its questions: the count said is the run's, not the question's.
                    reason = self._stop_reason(stop, work, 0 if stop.kind == "budget" else start)
                    raise Abort("stop", f"{reason} (asking whether the {self.kind_names[piece.kind]} on "
                                        f"{self.board.squares[origin]} attacks {self.board.squares[square]})")
            else:
                found, spent, stopped = self._ask_program(position, origin, square, by, part,
                                                          max(0, work[2] - work[0]), work[3])
                work[0] += spent
                if stopped:
                    self._question_stopped(stopped, work, piece, origin, square, whole=len(plan) == 1)
                if found:
                    return True
        if work[0] > work[2]:
            self._question_stopped("", work, piece, origin, square)
        return False

    def _question_stopped(self, stopped: str, work: list, piece: Piece, origin: int, square: int,
                          whole: bool = True) -> NoReturn:
        """Stop a compiled run whose attack question did not end (``stopped`` says why) as the runner
        stops it (:meth:`_captures_on`): left to the runner, a runaway ran twice over.

        The question run in ``whole`` or not, its budget is the run's; another reason, said of one
        part of the asking piece's notation, is left to the runner to say of the whole."""
        if stopped == "cancelled":
            raise Abort("cancelled")
        if work[0] > work[2]:
            stopped = f"stopped after {work[2]:,} steps — the notation may repeat without end"
        elif not whole:
            raise Abort("rerun")
        raise Abort("stop", f"{stopped} (asking whether the {self.kind_names[piece.kind]} on "
                            f"{self.board.squares[origin]} attacks {self.board.squares[square]})")

    def attack_reads(self, position: Position, origin: int, square: int,
                     by: int) -> Optional[tuple[bool, frozenset[int]]]:
        """Whether the piece on ``origin`` attacks ``square`` now, and every square its compiled run read
        to find out; ``None`` when its notation is not compiled whole or the run did not end.

        The answer depends on nothing else (its notation reading no history): after a move that changes
        none of those squares, it is the same.
        """
        piece = position.cells[origin]
        assert piece is not None
        probe = self.probe_fn(piece.kind, by)
        if probe is None:
            return None
        cells = _ReadingCells(position.cells)
        work = new_work(DEFAULT_BUDGET, None)
        try:
            probe(cells, origin, piece, square, work, position)
        except Found:
            return True, frozenset(cells.read)
        except (Abort, RecursionError):
            return None
        return False, frozenset(cells.read)

    def rich_light(self, position: Position, origin: int, piece: Piece, me: int, touched: dict,
                   visited: list, captures: list, also: list, target: int, direction: Optional[int],
                   promoted: Optional[int], out: list, seen: set, stops: Any = (),
                   start: Optional[int] = None) -> None:
        """A move completed by compiled code that lifts or puts pieces, kept as a :data:`RichRecord` when
        its changes are exactly those the record stands for (:func:`rich_effects`), else built whole
        (:meth:`rich_record`). Compared square by square with what the run did, so the record is
        never wrong: it only saves building the move (and perft making it) in full."""
        record = (target, tuple(captures), promoted, direction, tuple(stops), origin if start is None else start,
                  tuple(also))
        key = (target, record[1], promoted, record[4], record[6])
        if key in seen:
            return
        cells = position.cells
        exact = changed = False
        if all(touched.get(square) is not None for square, _ in also):
            after = rich_effects(origin, piece, record, touched.__getitem__)
            exact = all(square in touched for square in after)
            if exact:
                for square, was in touched.items():
                    now, expected = cells[square], after.get(square, was)
                    if now is not expected and now != expected:
                        exact = False
                        break
                    if expected is not was and expected != was:
                        changed = True
        if not (exact and changed):
            self.rich_record(position, origin, piece, me, touched, visited, captures, also, target, direction,
                             promoted, out, seen, stops, start)
            return
        seen.add(key)
        out.append(record)

    def rich_move(self, position: Position, origin: int, piece: Piece, record: RichRecord) -> Move:
        """The full :class:`Move` of a rich light record: the same move :meth:`rich_record` builds."""
        target, captures, promoted, direction, stops, start, also = record
        cells = position.cells
        after = rich_effects(origin, piece, record, cells.__getitem__)
        changes = [(square, now) for square, now in after.items() if (was := cells[square]) is not now and was != now]
        changes.sort(key=_first)
        return quick_move(
            self.kind_names[piece[1]], piece[0], origin, target, captures, (*stops, target),
            None if promoted is None else self.kind_names[promoted], also, tuple(changes),
            _new_tuple(LastMove, (start, target, None if direction is None else self.dir_letters[direction])),
        )

    def rich_record(self, position: Position, origin: int, piece: Piece, me: int, touched: dict,
                    visited: list, captures: list, also: list, target: int, direction: Optional[int],
                    promoted: Optional[int], out: list, seen: set, stops: Any = (),
                    start: Optional[int] = None) -> None:
        """A move completed by compiled code that lifts or puts pieces: built whole, as the runner does.

        ``stops``: where its earlier partial moves ended; ``start``: where its last partial move began
        (its origin when it has one partial move)."""
        cells = position.cells
        # Most squares touched hold again the very piece they held: told apart without comparing.
        changed = [(square, now) for square, was in touched.items()
                   if (now := cells[square]) is not was and now != was]
        self.keep_whole(changed, origin, piece, me, visited, captures, also, target, direction, promoted, out,
                        seen, stops, start)

    def keep_whole(self, changed: list, origin: int, piece: Piece, me: int, visited: list, captures: list,
                   also: list, target: int, direction: Optional[int], promoted: Optional[int], out: list,
                   seen: set, stops: Any = (), start: Optional[int] = None, created: tuple[int, ...] = ()) -> None:
        """Keep, built whole, the move compiled code completed with the squares it ``changed`` (square and
        what it holds now, in any order), unless it changed nothing or was found before; ``created``:
        the squares where it made pieces, in the order it made them."""
        if not changed:
            return  # the piece is back where it started and nothing changed: not a move
        changed.sort(key=_first)
        changes = tuple(changed)
        first = visited[0] if visited else target
        stopped = (*stops, target)
        promotion = None if promoted is None else self.kind_names[promoted]
        # The key first (Move.key()): a move found again is not built again.
        key = (first, target, tuple(captures), stopped, promotion, tuple(also), changes, False)
        if key in seen:
            return
        seen.add(key)
        out.append(quick_move(
            self.kind_names[piece[1]], me, first, target, key[2], stopped, promotion, key[5], changes,
            _new_tuple(LastMove, (origin if start is None else start, target,
                                  None if direction is None else self.dir_letters[direction])),
            created=created,
        ))

    def fast_threat(self, position: Position, me: int, square: int, by_enemy: bool, hand: Optional[Piece],
                    work: list, lifted: int = -1) -> bool:
        """``[a]``/``[s]`` asked by a compiled run: :meth:`square_attacked`, sharing the run's work.

        ``lifted``: the square of the moving piece when the board is as the run found it, but for that
        piece lifted (else -1). Then, in bulk work (``work`` with a fifth item, a dict), the answer is
        kept there for the position: the King asks about the squares beside it once for its steps and
        again for castling. (Bulk work reports no stops, so the work an answer kept saves is not counted.)
        """
        if lifted >= 0 and len(work) > 4:
            known = work[4]
            key = (lifted, square, by_enemy, hand)
            answer = known.get(key)
            if answer is None:
                answer = known[key] = self._fast_threat(position, me, square, by_enemy, hand, work)
            return answer  # type: ignore[no-any-return]
        return self._fast_threat(position, me, square, by_enemy, hand, work)

    def _fast_threat(self, position: Position, me: int, square: int, by_enemy: bool, hand: Optional[Piece],
                     work: list) -> bool:
        cells = position.cells
        occupant = cells[square]
        if by_enemy:
            sides: tuple[int, ...] = self._others[me]
            stand_in = None if occupant is not None and occupant[0] == me else (
                hand if hand is not None else self._blanks[me])
        else:
            sides = (me,)
            stand_in = None if occupant is not None and occupant[0] != me else (
                self._blanks[(me + 1) % len(self._blanks)])
        saved_turn = position.turn
        if stand_in is not None:
            cells[square] = stand_in
        try:
            if self.scans or len(self.kinds) > self.board_kinds:
                return self._threat_by_candidates(position, square, sides, work, self.scan_cost())
            probe = len(work) > 4
            tables = self._attackers
            for side in sides:
                position.turn = side
                table = tables.get((square, side))
                if table is None:
                    if self._threat_by_candidates(position, square, (side,), work, 0):
                        return True
                    continue
                # The usual case in bulk work, spelt out: each possible attacker asked as it is found.
                for origin, kinds in table:
                    piece = cells[origin]
                    if piece is not None and piece[0] == side and piece[1] in kinds:
                        work[0] += QUESTION_COST  # as the runner counts it: asking each piece is work
                        if work[0] >= work[1]:
                            poll(work)
                        if self._ask(position, origin, square, side, work, probe):
                            return True
            return False
        finally:
            position.turn = saved_turn
            cells[square] = occupant

    def _threat_by_candidates(self, position: Position, square: int, sides: tuple[int, ...], work: list,
                              scan: int) -> bool:
        """:meth:`fast_threat` by :meth:`candidates` (typed pieces, boards without tables, or a square
        whose table is not worked out yet); the stand-in is already on the square."""
        cells = position.cells
        probe = len(work) > 4
        for side in sides:
            position.turn = side
            if scan:
                work[0] += scan
                if work[0] >= work[1]:
                    poll(work)
            # Bulk work (perft, legality) has no budget to stop at: it builds the tables.
            saved, self.budgeted = self.budgeted, not probe
            try:
                candidates = self.candidates(cells, square, side)
            except Stop:
                raise Abort("cancelled") from None  # while the reach of the pieces was worked out
            finally:
                self.budgeted = saved
            for origin in candidates:
                work[0] += QUESTION_COST  # as the runner counts it: asking each piece is work
                if work[0] >= work[1]:
                    poll(work)
                if self._ask(position, origin, square, side, work, probe):
                    return True
        return False

    # ---------------------------------------------------------------- attacks

    def reach(self, kind: int, player: int, square: int) -> frozenset[int]:
        """Squares where a piece of this kind and player, standing on ``square``, could ever capture.

        Computed once with every check assumed to pass: a superset of its real captures, used to
        skip pieces that cannot possibly attack a square.
        """
        key = (kind, player, square)
        board_kind = kind < self.board_kinds
        cached = (self._reach if board_kind else self._typed_reach).get(key)
        if cached is not None:
            return cached
        piece = self.kinds[kind]
        program = self.program(piece.notation, player, piece, reach_mode=True)
        result, footprint = self._reach_run(program, player, square)
        # The footprint first: whoever finds the reach finds the footprint too.
        (self._footprints if board_kind else self._typed_footprints)[key] = (
            None if _reads_history(piece.notation) else frozenset(footprint))
        (self._reach if board_kind else self._typed_reach)[key] = result
        return result

    def _reach_run(self, program: Program, player: int, square: int) -> tuple[frozenset[int], frozenset[int]]:
        """Run ``program`` (compiled in reach mode) from ``square``: where it could capture, and the
        squares it could step on or look at."""
        empty = Position(self.board, [None] * len(self.board.squares), player)
        st = State(self, empty, player, program.slots, program.notation.group_count)
        found: set[int] = set()
        st.reach = found
        footprint: set[int] = {square}
        st.footprint = footprint
        # Small: real pieces reach everything they can in a few dozen steps, and a notation that
        # does not end with every check passing is simply taken to reach every square.
        st.budget = REACH_BUDGET
        st.cursor = st.mover_sq = st.partial_start = square
        flag = self.asking
        if flag is not None and flag.is_set():
            raise Stop("cancelled")  # worked out for a run that was given up: nothing is kept
        st.cancel = flag

        def done(state: State) -> None:
            found.add(state.cursor)
        st.on_complete = done
        # As deep as a runner's run may nest (a compiled run does not raise the limit): otherwise
        # the reach would depend on which runs the process made before.
        _deep_enough()
        try:
            program.entry(st)
        except Stop as stop:
            if stop.reason == "cancelled":
                raise
            found.update(range(len(self.board.squares)))
            footprint.update(range(len(self.board.squares)))
        except RecursionError:
            found.update(range(len(self.board.squares)))
            footprint.update(range(len(self.board.squares)))
        return frozenset(found), frozenset(footprint)

    def footprint(self, kind: int, player: int, square: int) -> Optional[frozenset[int]]:
        """Every square whose content could matter to what this piece, standing on ``square``,
        captures — where its run could step or look, with every check passing — or ``None`` when
        the answer also depends on the game's history (``[l]``, ``[t]``, ``[o]``, ``\\0``, handlers).

        A move that changes none of these squares cannot change whether this piece attacks.
        """
        key = (kind, player, square)
        prints = self._footprints if kind < self.board_kinds else self._typed_footprints
        if key not in prints:
            self.reach(kind, player, square)
        return prints[key]

    def answers_alike(self, kind: int, player: int, origin: int, differ: AbstractSet[int], moved: bool) -> bool:
        """Whether a piece of ``kind`` and ``player`` standing on ``origin`` gives the same answer to
        every attack question on two boards that differ only on the squares ``differ`` and, with
        ``moved``, in whether some piece has moved: its run reads none of those squares (they are
        outside its :meth:`footprint`), nor the game's history, nor (with ``moved``) ``[m]``/``[M]``."""
        footprint = self.footprint(kind, player, origin)
        if footprint is None or not footprint.isdisjoint(differ):
            return False
        if not moved:
            return True
        reads = self._moved_readers.get(kind)
        if reads is None:
            reads = self._moved_readers[kind] = _reads_checks(self.kinds[kind].notation, "mM")
        return not reads

    def unsteady_attackers(self, square: int, player: int, moved: bool,
                           differ: frozenset[int] = frozenset()) -> Optional[list[tuple[int, frozenset[int]]]]:
        """Where a piece of ``player`` that could capture on ``square`` stands, and of which kinds, when
        its answer may differ between two boards that differ only on the squares ``differ``, in the
        game's history and (with ``moved``) in whether the piece asked about has moved
        (:meth:`answers_alike`): (origin, kinds) pairs, from the square's attack table, leaving out the
        squares of ``differ`` (a piece standing there on one board is not there on the other). ``None``
        where attack questions do not use tables (a board too large for them, typed pieces) or the
        square's is not worked out yet."""
        if self.scans or len(self.kinds) > self.board_kinds:
            return None
        key = (square, player, moved, differ)
        known = self._unsteady.get(key)
        if known is None:
            table = self._attackers.get((square, player))
            if table is None:
                return None
            known = self._unsteady[key] = [
                (origin, unsteady) for origin, kinds in table
                if origin not in differ and (unsteady := frozenset(
                    kind for kind in kinds if not self.answers_alike(kind, player, origin, differ, moved)))]
        return known

    def scan_cost(self) -> int:
        """The units of work one attack question counts for looking over the board for pieces (on a
        board too large for attack tables, or for typed pieces): on a large board it takes time."""
        if self.scans or len(self.kinds) > self.board_kinds:
            return len(self.board.squares) // SCAN_SQUARES_PER_UNIT
        return 0

    def candidates(self, cells: list[Optional[Piece]], square: int, player: int) -> list[int]:
        """The squares of the pieces of ``player`` that could ever capture on ``square`` (by their
        reach), in the order attack questions ask them: the board's pieces, then typed ones."""
        if self.scans:
            # Too large for tables (every kind's reach from every square): always look at the pieces.
            return self._scan_candidates(cells, square, player)
        attackers = self._attackers.get((square, player))
        if attackers is None:
            key = (square, player)
            asked = self._asked[key] = self._asked.get(key, 0) + 1
            if player not in self._tabled and (
                    asked < TABLE_AFTER * len(self.board.squares) * self.board_kinds or self.budgeted):
                # Asked rarely (one position, as a command asks): look at the pieces standing on the
                # board rather than work out, for every kind and square, what could capture here.
                # Never inside a run with a budget: the table costs every kind's reach from every
                # square (on a draughts board, more than a whole budget), the pieces standing a
                # reach run each at most.
                return self._scan_candidates(cells, square, player)
            attackers = self.attackers(square, player)
        out = [origin for origin, kinds in attackers
               if (piece := cells[origin]) is not None and piece[0] == player and piece[1] in kinds]
        if len(self.kinds) > self.board_kinds:
            # Typed pieces have no attack tables (typing a notation must stay cheap): look for them.
            for origin, piece in enumerate(cells):
                if (piece is not None and piece.kind >= self.board_kinds and piece.player == player
                        and origin != square and square in self.reach(piece.kind, player, origin)):
                    out.append(origin)
        return out

    def _scan_candidates(self, cells: list[Optional[Piece]], square: int, player: int) -> list[int]:
        """:meth:`candidates`, by the reach of each piece of ``player`` on the board."""
        board_kinds = self.board_kinds
        out: list[int] = []
        typed: list[int] = []
        for origin, piece in enumerate(cells):
            if piece is None or piece[0] != player or origin == square:
                continue
            kind = piece[1]
            reach = self._reach.get((kind, player, origin))
            if reach is None:
                reach = self.reach(kind, player, origin)
            if square in reach:
                (out if kind < board_kinds else typed).append(origin)
        return out + typed

    def warm(self) -> None:
        """Compile now the notation of every board piece kind for every player (its moves, its attack
        question and perft's), as runs would one by one: a process that hands work to forked workers
        does it once for all of them. Nothing on heap and stack boards, which compile their own way."""
        if not self.fast or self.board.kind != "default":
            return
        for player in range(len(self.board.players)):
            for kind in range(self.board_kinds):
                try:
                    self.light_maker(kind, player)
                    self.probe_fn(kind, player)
                except NotationError:
                    pass  # the run that meets it says so

    def build_attack_tables(self) -> None:
        """Work out now, for every square and player, where a piece could capture it from (the tables
        bulk work builds as it goes): a process that hands work to forked workers builds them once
        for all of them. Nothing on a board too large for tables."""
        if self.scans:
            return
        for player in range(len(self.board.players)):
            for square in range(len(self.board.squares)):
                self.attackers(square, player)

    def attackers(self, square: int, player: int) -> list[tuple[int, frozenset[int]]]:
        """Where a piece of ``player`` could ever capture on ``square`` from: (origin, kinds) pairs."""
        key = (square, player)
        cached = self._attackers.get(key)
        if cached is None:
            by_origin: dict[int, set[int]] = {}
            # Only the board's own pieces attack: a typed piece stands alone, on the mover's side.
            for kind in range(self.board_kinds):
                for origin in range(len(self.board.squares)):
                    if origin != square and square in self.reach(kind, player, origin):
                        by_origin.setdefault(origin, set()).add(kind)
            cached = [(origin, frozenset(kinds)) for origin, kinds in sorted(by_origin.items())]
            self._attackers[key] = cached
            # Every kind's reach from every square is now worked out for this player: the table of
            # any other square costs only looking them up, less than a few looks over the board.
            self._tabled.add(player)
        return cached

    def capturable(self, position: Position, square: int, by: int, stand_in: Optional[Piece] = None,
                   within: Optional[State] = None, cancel: Optional[CancelFlag] = None, probe: bool = False) -> bool:
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
        saved = self.asking
        if within is None and cancel is not None:
            self.asking = cancel
        saved_budgeted = self.budgeted
        try:
            if within is not None:
                within.spend(self.scan_cost())
                self.budgeted = True
            try:
                candidates = self.candidates(cells, square, by)
            except Stop:
                if within is not None:
                    raise
                raise RunawayNotation(f"cancelled (asking which pieces could attack {self.board.squares[square]})") \
                    from None
            finally:
                self.budgeted = saved_budgeted
            for origin in candidates:
                if within is not None:
                    within.spend(QUESTION_COST)  # asking each piece is work, whatever its notation does
                if self.fast:
                    if within is not None:
                        work = new_work(max(0, within.budget - within.work), within.cancel)
                    else:
                        work = new_work(DEFAULT_BUDGET, cancel)
                    try:
                        found = self._ask(position, origin, square, by, work, probe)
                    except Abort as stop:
                        if stop.kind == "cancelled":
                            # Cancelled is cancelled: asking again would only delay the stop.
                            if within is not None:
                                within.work += work[0]
                            self._give_up("cancelled", position, origin, square, within)
                        # Otherwise the runner asks again, and says why the question did not end.
                    except RecursionError:
                        pass
                    else:
                        if within is not None:
                            within.work += work[0]
                        if found:
                            return True
                        continue
                if self._captures_on(position, origin, square, by, within, cancel):
                    return True
            return False
        finally:
            self.asking = saved
            cells[square] = original

    def _captures_on(self, position: Position, origin: int, square: int, by: int,
                     within: Optional[State], cancel: Optional[CancelFlag]) -> bool:
        piece = position.cells[origin]
        assert piece is not None
        program = self.kind_program(piece.kind, by)
        if within is not None:
            found, spent, stopped = self._ask_program(position, origin, square, by, program,
                                                      max(0, within.budget - within.work), within.cancel)
            within.work += spent
            if stopped and stopped != "cancelled" and within.work > within.budget:
                # The question ran out of what was left of the run's budget: say the run's count.
                stopped = f"stopped after {within.budget:,} steps — the notation may repeat without end"
        else:
            found, spent, stopped = self._ask_program(position, origin, square, by, program, DEFAULT_BUDGET, cancel)
        if found:
            return True
        if stopped:
            self._give_up(stopped, position, origin, square, within)
        return False

    def _give_up(self, stopped: str, position: Position, origin: int, square: int, within: Optional[State]) -> None:
        """Never answer "not attacked" for a question that was not finished: stop the run that asked
        (``within``), or raise :class:`RunawayNotation`, saying why."""
        piece = position.cells[origin]
        name = self.kind_names[piece.kind] if piece is not None else "piece"
        what = f"{stopped} (asking whether the {name} on {self.board.squares[origin]} attacks {self.board.squares[square]})"
        if within is not None:
            raise Stop(stopped if stopped == "cancelled" else what)
        raise RunawayNotation(what)

    def _ask_program(self, position: Position, origin: int, square: int, by: int, program: Program,
                     budget: int, cancel: Optional[CancelFlag]) -> tuple[bool, int, Optional[str]]:
        """The runner's attack question: (found, work spent, why it stopped or ``None``)."""
        piece = position.cells[origin]
        assert piece is not None
        st = State(self, position, by, program.slots, program.notation.group_count)
        st.attack_mode = True
        st.piece_kind = piece.kind
        st.budget = budget
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
            return True, st.work, None
        return False, st.work, result.stopped

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


#: How deep the runner's calls may nest: its continuations take a few calls per part of a notation,
#: and a run's budget bounds how many parts it goes through.
RUNNER_RECURSION_LIMIT = 60_000


def _deep_enough() -> None:
    """Raise Python's recursion limit to :data:`RUNNER_RECURSION_LIMIT` before the runner runs."""
    if sys.getrecursionlimit() < RUNNER_RECURSION_LIMIT:
        sys.setrecursionlimit(RUNNER_RECURSION_LIMIT)


class _BoardShare:
    """What every interpreter of one board works out alike: where each of the board's own piece kinds
    could capture from each square (and the squares that could matter to it), the tables of what
    could capture each square, and the players whose tables are all built."""

    __slots__ = ("reach", "footprints", "attackers", "tabled", "written")

    def __init__(self) -> None:
        self.written: dict[tuple, tuple[tuple[str, dict[str, Any]], bool, int]] = {}
        self.reach: dict[tuple[int, int, int], frozenset[int]] = {}
        self.footprints: dict[tuple[int, int, int], Optional[frozenset[int]]] = {}
        self.attackers: dict[tuple[int, int], list[tuple[int, frozenset[int]]]] = {}
        self.tabled: set[int] = set()


#: The share of each board in use, by the board's id (a board is not hashable); dropped with the board.
_SHARES: dict[int, tuple["weakref.ref[Board]", _BoardShare]] = {}
#: Re-entrant: a board dropped by the cycle collector is forgotten (:func:`_forget_share`) on whatever
#: thread the collector runs, also while that thread holds the lock, in the middle of making a share.
_SHARES_LOCK = threading.RLock()


def _board_share(board: Board) -> _BoardShare:
    """The share of ``board`` (made at its first interpreter). Interpreters on several threads may
    use it at once: each entry is a whole value, worked out alike by whoever comes first."""
    with _SHARES_LOCK:
        known = _SHARES.get(id(board))
        if known is not None and known[0]() is board:
            return known[1]
        share = _BoardShare()
        _SHARES[id(board)] = (weakref.ref(board), share)
        weakref.finalize(board, _forget_share, id(board), share)
        return share


def _forget_share(key: int, share: _BoardShare) -> None:
    with _SHARES_LOCK:
        known = _SHARES.get(key)
        if known is not None and known[1] is share:
            del _SHARES[key]


def rich_effects(origin: int, piece: Piece, record: RichRecord,
                 before: Callable[[int], Optional[Piece]]) -> dict[int, Optional[Piece]]:
    """What a rich light record's move leaves on each square it changes, by square, given the content of
    a square ``before`` the move: its captures and its origin emptied, each displaced piece taken from
    where it stood and put down (marked moved unless put back), and the moving piece put down on its
    target, promoted if it was, marked moved unless it never left its square."""
    target, captures, promoted, _, stops, _, also = record
    after: dict[int, Optional[Piece]] = dict.fromkeys(captures)
    after[origin] = None
    for source, destination in also:
        displaced = before(source)
        after[source] = None
        if displaced is not None:
            after[destination] = displaced if displaced[2] or destination == source else _new_tuple(
                Piece, (displaced[0], displaced[1], True))
    after[target] = _new_tuple(Piece, (piece[0], piece[1] if promoted is None else promoted,
                                       True if target != origin or stops else piece[2]))
    return after


def _replaced(node: Any, old: Any, new: Any) -> Any:
    """The tree ``node`` with the node ``old`` (itself, not an equal one) replaced by ``new``."""
    if node is old:
        return new
    if isinstance(node, Sequence):
        return records.replace(node, items=tuple(_replaced(item, old, new) for item in node.items))
    if isinstance(node, Alternatives):
        return records.replace(node, options=tuple(_replaced(option, old, new) for option in node.options))
    if isinstance(node, (Group, Repeat)):
        return records.replace(node, body=_replaced(node.body, old, new))
    return node


def _reads_history(notation: Notation) -> bool:
    """Whether the notation asks about more than the board: the previous move, labels, handlers."""
    return _reads_checks(notation, "lLtToO", history=True)


def _reads_checks(notation: Notation, letters: str, history: bool = False) -> bool:
    """Whether the notation has a check of one of ``letters`` (with ``history``, or anything else that
    reads the game's history: handlers, runs of moves, counts of a type, group 0)."""
    stack: list[object] = [notation.body]
    while stack:
        node = stack.pop()
        if isinstance(node, Check) and node.letter in letters:
            return True
        if history and (isinstance(node, (Handler, RunCheck)) or (isinstance(node, CountCheck) and node.piece is not None)
                        or (isinstance(node, (GroupStep, DirectionCheck, NavStep)) and node.group == 0)):
            return True
        for name in ("items", "options", "path"):
            stack.extend(getattr(node, name, ()))
        body = getattr(node, "body", None)
        if body is not None:
            stack.append(body)
    return False


_list_item = list.__getitem__


class _ReadingCells(list):  # type: ignore[type-arg]
    """A copy of a position's cells that remembers which squares were read."""

    def __init__(self, cells: list[Optional[Piece]]) -> None:
        super().__init__(cells)
        self.read: set[int] = set()

    def __getitem__(self, square):  # type: ignore[no-untyped-def, override]
        self.read.add(square)
        return _list_item(self, square)
