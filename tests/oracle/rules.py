"""The interpreter of a board that runs every notation step by step, by the runner
(:mod:`tests.oracle.runner`): the differential tests' reference for the engine's written code.

:class:`OracleRules` is the engine's :class:`~dagaz_studio.engine.rules.Rules` with its runs, drops,
attack questions and reach mode answered by the runner, and none of bulk work's shortcuts
(:meth:`~OracleRules.bulk_moves`, :meth:`~OracleRules.bulk_perft`): legal moves and perft go square by
square through :meth:`OracleRules.run`, by full moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dagaz_studio.board.model import Board
from dagaz_studio.engine.completion import keep_move
from dagaz_studio.engine.emitter import deep_enough
from dagaz_studio.engine.light_path import light_perft
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.program import Program
from dagaz_studio.engine.reach_code import REACH_BUDGET
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import (
    COMPLETION_COST,
    DEFAULT_BUDGET,
    DEFAULT_TRACE_LIMIT,
    QUESTION_COST,
    CancelFlag,
    Move,
    RunawayNotation,
    RunResult,
)
from dagaz_studio.notation.collection import collector_paused
from tests.oracle.hand_end import finish_hand
from tests.oracle.run_state import AttackFound, State, Stop
from tests.oracle.runner import MoveKey, RunnerProgram

__all__ = ["OracleRules"]


class OracleRules(Rules):
    """An interpreter of one board that runs every notation through the runner."""

    def __init__(self, board: Board, handlers: dict[int, Callable[[Position, int, int], bool]] | None = None) -> None:
        super().__init__(board, handlers)
        #: Each program's closures, by the program's identity (kept beside it).
        self._closures: dict[int, tuple[Program, RunnerProgram]] = {}

    def bulk_moves(self, position: Position, cancel: CancelFlag | None = None) -> list[Move] | None:
        """None: every square is run by :meth:`run`, one by one."""
        return None

    def bulk_perft(self, position: Position, depth: int) -> int | None:
        """Perft by the legal moves in full at every ply, never by light records."""
        with collector_paused():
            if depth > 2:
                self.build_attack_tables()
            return light_perft(self, position, depth, False)

    def runner_program(self, program: Program) -> RunnerProgram:
        """``program`` compiled into the runner's closures (cached)."""
        known = self._closures.get(id(program))
        if known is None or known[0] is not program:
            known = self._closures[id(program)] = (program, RunnerProgram(
                self, program.notation, program.player, program.piece, program.reach_mode))
        return known[1]

    def program(self, notation: Any, player: int, piece: Any = None, reach_mode: bool = False) -> Program:
        """As the engine's, and compiled into the runner's closures at once (whose errors are its own)."""
        program = super().program(notation, player, piece, reach_mode)
        self.runner_program(program)
        return program

    def _run(self, position: Position, square: int, program: Program | None, trace: bool, budget: int,
             cancel: CancelFlag | None, trace_limit: int) -> RunResult:
        piece = position.cells[square]
        if program is None:
            if piece is None:
                return RunResult()
            program = self.kind_program(piece.kind, piece.player if piece.player >= 0 else position.turn)
        return self._run_program(position, square, program, trace=trace, budget=budget, cancel=cancel,
                                 trace_limit=trace_limit)

    def run_drop(self, position: Position, kind: int, square: int, *, trace: bool = False,
                 budget: int = DEFAULT_BUDGET, cancel: CancelFlag | None = None,
                 trace_limit: int = DEFAULT_TRACE_LIMIT) -> RunResult:
        program = self.drop_program(kind, position.turn)
        if program is None:
            return RunResult()
        return self._run_program(position, square, program, trace=trace, budget=budget, cancel=cancel,
                                 trace_limit=trace_limit, drop=Piece(position.turn, kind, True))

    def _run_program(self, position: Position, square: int, held: Program, *, trace: bool, budget: int,
                     cancel: CancelFlag | None, trace_limit: int = DEFAULT_TRACE_LIMIT,
                     drop: Piece | None = None) -> RunResult:
        """The runner's way: every step interpreted, explained when ``trace`` is asked for.

        With ``drop``, that piece is taken from its player's hand and the run starts on ``square``
        with it held, as a drop notation runs."""
        program = self.runner_program(held)
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
        seen: dict[MoveKey, int] = {}

        finish = program.kind_actions.finish_hand if program.kind_actions is not None else finish_hand

        def collect(state: State) -> None:
            finish(state, None, record)

        def record(state: State) -> None:
            # Completing a move costs in proportion to its chain of partial moves, its captures and the
            # other pieces it displaced: count it, so that a runaway chain (or relay of lifted pieces)
            # stops as soon in time as any other runaway notation.
            state.spend(COMPLETION_COST + len(state.stops) + len(state.captures) + len(state.also))
            keep_move(state, seen, result, state.mover_sq, state.mover_dir, state.partial_start, state.promotion,
                      state.again, state.null, state.labels)

        st.on_complete = collect
        st.origin, st.mover_in_hand = square, True  # lifted (or held, dropped) as the run begins
        st.mover_sq = st.partial_start = square
        self._start(st, square, program.entry, result, drop)
        result.work = st.work
        result.trace_truncated = st.truncated
        if drop is not None:
            result.moves = [replace(move, dropped=True) for move in result.moves]
        return result

    def reach_run(self, program: Program, square: int) -> tuple[frozenset[int], frozenset[int]]:
        """Run ``program`` (compiled in reach mode, for its player) from ``square``: where it could
        capture, and the squares it could step on or look at."""
        player = program.player
        empty = Position(self.board, [None] * len(self.board.squares), player)
        program = self.runner_program(program)
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
        deep_enough()
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

    def capturable(self, position: Position, square: int, by: int, stand_in: Piece | None = None,
                   within: State | None = None, cancel: CancelFlag | None = None, probe: bool = False) -> bool:
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
                if self._captures_on(position, origin, square, by, within, cancel):
                    return True
            return False
        finally:
            self.asking = saved
            cells[square] = original

    def _captures_on(self, position: Position, origin: int, square: int, by: int,
                     within: State | None, cancel: CancelFlag | None) -> bool:
        piece = position.cells[origin]
        assert piece is not None
        program = self.runner_program(self.kind_program(piece.kind, by))
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
            self._runner_gives_up(stopped, position, origin, square, within)
        return False

    def _runner_gives_up(self, stopped: str, position: Position, origin: int, square: int, within: State | None) -> None:
        """Never answer "not attacked" for a question that was not finished: stop the run that asked
        (``within``), or raise :class:`RunawayNotation`, saying why."""
        piece = position.cells[origin]
        name = self.kind_names[piece.kind] if piece is not None else "piece"
        what = f"{stopped} (asking whether the {name} on {self.board.squares[origin]} attacks {self.board.squares[square]})"
        if within is not None:
            raise Stop(stopped if stopped == "cancelled" else what)
        raise RunawayNotation(what)

    def _ask_program(self, position: Position, origin: int, square: int, by: int, program: RunnerProgram,
                     budget: int, cancel: CancelFlag | None) -> tuple[bool, int, str | None]:
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
        st.origin, st.mover_in_hand = origin, True  # lifted as the run begins
        st.mover_sq = st.partial_start = origin
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
