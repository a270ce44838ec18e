"""The game rules of one board: programs, running pieces, and attack questions.

:class:`Rules` is made of parts, one module each, over the state every part reads and writes
(:class:`~dagaz_studio.engine.rules_state.RulesState`, with what interpreters of one board share):
this module runs notations — by their compiled code, and by their traced code where a run is traced
or must say exactly where it stopped —; :mod:`~dagaz_studio.engine.light_records` turns what compiled
code finds into moves;
:mod:`~dagaz_studio.engine.attacks` answers attack questions; :mod:`~dagaz_studio.engine.reach` works
out reach sets and the tables of possible attackers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

from dagaz_studio.board.model import PieceType
from dagaz_studio.engine import trace_words as words
from dagaz_studio.engine.attacks import AttackQuestions
from dagaz_studio.engine.compiler import Abort, compile_function, compile_notation, new_work
from dagaz_studio.engine.counts import pieces_held
from dagaz_studio.engine.emitter import MAX_WRITTEN, CodeTooLarge, deep_enough
from dagaz_studio.engine.heaps import Heap, push_heap
from dagaz_studio.engine.kind_words import lifted, no_heap
from dagaz_studio.engine.light_records import LightRecords
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.program import UNMADE, Program
from dagaz_studio.engine.reach import ReachTables
from dagaz_studio.engine.records import Record
from dagaz_studio.engine.rules_state import Plan, reads_checks
from dagaz_studio.engine.run_state import State, Stop
from dagaz_studio.engine.values import DEFAULT_BUDGET, DEFAULT_TRACE_LIMIT, CancelFlag, Move, RunResult
from dagaz_studio.notation.cancel import ReadingCancelled
from dagaz_studio.notation.collection import collector_paused  # offered by the engine too
from dagaz_studio.notation.nodes import Notation, ways

__all__ = ["Rules", "collector_paused"]

#: Moves built from a compiled run's light records between two looks at the cancel flag.
BUILD_BETWEEN_LOOKS = 256


class Rules(LightRecords, AttackQuestions, ReachTables):
    """The interpreter for one board: compiled programs, attacks, and running pieces.

    One ``Rules`` object serves any number of positions of its board; it is safe to use from one
    thread at a time (give each worker thread its own).
    """

    def custom_kind(self, notation: Notation, name: str = "Piece") -> int:
        """A piece kind defined only by ``notation`` (a typed notation, not one of the board's pieces).

        Its index follows the board's kinds, one per text and ``name``; pieces of this kind can stand in
        positions of this board used with these rules. Raises NotationError for names the board lacks.
        """
        kind = self._custom.get((notation.text, name))
        if kind is None:
            piece = PieceType(name, "?", False, notation.text, notation)
            # Its programs first: a notation naming what the board lacks leaves no kind behind.
            for player in range(min(2, len(self.board.players))):
                self.program(notation, player, piece)
            kind = self._custom[notation.text, name] = len(self.kinds)
            self.kinds.append(piece)
            self.kind_names.append(name)
        return kind

    def setup_count(self, player: int, kind: int) -> int:
        """How many pieces of ``kind`` the board's setup gives ``player``, on the board and in hand
        (what a promotion to a lost piece, ``[+?Name]``, counts against)."""
        counts = self._setup_counts
        if counts is None:
            start = Position.initial(self.board) if self.board.setup else None
            counts = self._setup_counts = [
                [0 if start is None else pieces_held(start.cells, start.hands, player_, kind_)
                 for kind_ in range(self.board_kinds)] for player_ in range(len(self.board.players))]
        return counts[player][kind] if kind < self.board_kinds and player < len(counts) else 0

    def run(self, position: Position, square: int, program: Program | None = None, *,
            trace: bool = False, budget: int = DEFAULT_BUDGET, cancel: CancelFlag | None = None,
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

    def _run(self, position: Position, square: int, program: Program | None, trace: bool, budget: int,
             cancel: CancelFlag | None, trace_limit: int) -> RunResult:
        piece = position.cells[square]
        if program is None:
            if piece is None:
                return RunResult()
            # A heap belongs to nobody (player -1): it moves by its notation for the side to move.
            program = self.kind_program(piece.kind, piece.player if piece.player >= 0 else position.turn)
        if not trace:
            if self.board.kind_type.holds_pieces:
                fast = self._run_fast(position, square, program, budget, cancel)
            else:
                # Heap and stack boards have their own compiled path (engine/kind_compiler.py).
                from dagaz_studio.engine.kind_compiler import run_kind_fast
                fast = run_kind_fast(self, position, square, program, budget, cancel)
            if fast is not None:
                return fast
        # Traced, or left by the compiled path (a run that stops, which the traced code stops where
        # every step is counted and says why): the traced code, its trace kept only when asked for.
        return self._run_traced(position, square, program, budget, cancel, trace_limit, trace=trace)

    def _run_traced(self, position: Position, square: int, program: Program, budget: int, cancel: CancelFlag | None,
                    trace_limit: int, drop: Piece | None = None, *, trace: bool = True) -> RunResult:
        """A run by the traced code the code writer wrote for it (:mod:`~dagaz_studio.engine.trace_code`;
        on heap and stack boards :mod:`~dagaz_studio.engine.kind_trace`), its events kept with ``trace``;
        with ``drop``, that piece dropped from the hand, starting over ``square``. It counts every step
        as it goes: a run that spends its budget stops at the very step past it and says where."""
        from dagaz_studio.engine.trace_code import TracedState

        try:
            code = self.traced_run_code(program, cancel)
        except ReadingCancelled:
            return RunResult(stopped="cancelled")  # writing the code took long enough to be cancelled
        piece = drop or position.cells[square]
        result = RunResult()
        # An empty square has no piece to run: the run only says so (its kind is never read).
        st = TracedState(self, position, piece or Piece(position.turn, 0, False), result)
        if drop is not None:
            st.under = (position.cells[square],)
        st.trace_limit = trace_limit
        st.trace = result.trace if trace else None
        work = new_work(budget, cancel)

        def entry(state: Any) -> None:
            held = list(state.hand)  # the piece (or the heap's pieces) lifted
            try:
                code(state.cells, square, piece, state, None, work, position)
            except (Abort, RecursionError) as stop:
                # Said where the run stopped, its state unwound to the start (but for the depth it
                # counted past the limit, which it does not count back).
                state.at(square, None, 1 if isinstance(stop, Abort) and stop.kind == "depth" else 0)
                state.hand, state.captures, state.work = held, [], work[0]
                raise Stop(self._stop_reason(stop, work)) from None
        self._start(st, square, entry, result, drop)
        result.work = work[0]
        result.trace_truncated = st.truncated
        return result

    def traced_run_code(self, program: Program, cancel: CancelFlag | None = None) -> Callable[..., None]:
        """The traced code of ``program`` (cached; :mod:`~dagaz_studio.engine.trace_code`, on heap and
        stack boards :mod:`~dagaz_studio.engine.kind_trace`); raises
        :class:`~dagaz_studio.engine.emitter.CodeTooLarge` for a notation past the writer's limits."""
        if program.traced is UNMADE:
            from dagaz_studio.engine.trace_code import TraceHooks, TraceWriter

            kind = self.board.kind_type
            writer: type[TraceHooks] = TraceWriter
            if not kind.holds_pieces:
                from dagaz_studio.engine.kind_trace import HeapTraceWriter, StackTraceWriter
                writer = HeapTraceWriter if kind.holds_heaps else StackTraceWriter
            try:
                program.traced = writer.code(self, program.notation, program.player, cancel, program.piece_name)
            except (RecursionError, SyntaxError, MemoryError):
                program.traced = None
        code: Callable[..., None] | None = program.traced
        if code is None:
            raise CodeTooLarge(program.notation, "too large")
        return code

    def _start(self, st: State, square: int, entry: Callable[[State], None], result: RunResult,
               drop: Piece | None = None) -> None:
        """The implicit beginning of a run (the piece on ``square`` lifted, or a heap board's heap, or
        the dropped piece held over it), then ``entry``, restoring the board whatever happens."""
        piece = st.cells[square]
        st.cursor = square
        if drop is not None:
            # A drop: the piece comes from the hand, the run begins with it held over ``square``.
            st.hand.append((drop, square))
        if st.trace is not None:
            words.start(st, square, drop)
        if drop is None:
            # A heap belongs to nobody: the run lifts it, whole, whichever side moves.
            heaps = self.board.kind_type.holds_heaps
            if not (isinstance(piece, Heap) if heaps else piece is not None and piece.player == st.me):
                if st.trace is not None:
                    (no_heap if heaps else words.not_own)(st, square)
                return
            st.touched[square] = piece
            st.cells[square] = None
            st.visited.append(square)
            if isinstance(piece, Heap):
                push_heap(st.hand, piece, square)
                lifted(st, None, piece, square)
            elif piece is not None:
                st.hand.append((piece, square))
                if st.trace is not None:
                    words.lift(st, None, piece, square)
        deep_enough()
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

    def drop_program(self, kind: int, player: int) -> Program | None:
        """The drop notation of a board piece type for a player, or ``None`` when it is not dropped."""
        piece = self.kinds[kind]
        notation = self.board.drops.get(piece.name)
        return None if notation is None else self.program(notation, player, piece)

    def run_drop(self, position: Position, kind: int, square: int, *, trace: bool = False,
                 budget: int = DEFAULT_BUDGET, cancel: CancelFlag | None = None,
                 trace_limit: int = DEFAULT_TRACE_LIMIT) -> RunResult:
        """Drop a piece of ``kind`` from the hand of the side to move, its drop notation starting on
        ``square`` (whether the hand holds one is the caller's question)."""
        program = self.drop_program(kind, position.turn)
        if program is None:
            return RunResult()
        piece = Piece(position.turn, kind, True)
        result = self._drop_fast(position, square, program, piece, budget, cancel) \
            if not trace and self.board.kind_type.holds_pieces else None
        if result is None:
            result = self._run_traced(position, square, program, budget, cancel, trace_limit, piece, trace=trace)
        result.moves = [replace(move, dropped=True) for move in result.moves]
        return result

    def bulk_moves(self, position: Position, cancel: CancelFlag | None = None) -> list[Move] | None:
        """Every move of the side to move in one go, where compiled code lists a whole board's (heap and
        stack boards: :func:`~dagaz_studio.engine.kind_compiler.kind_moves`); ``None``: each square is run."""
        if self.board.kind_type.holds_pieces:
            return None
        from dagaz_studio.engine.kind_compiler import kind_moves
        return kind_moves(self, position, cancel)

    def bulk_perft(self, position: Position, depth: int) -> int | None:
        """Perft of a heap or stack board by its compiled code's light records (``kind_compiler.kind_perft``);
        ``None``: by :func:`~dagaz_studio.engine.light_path.light_perft`."""
        if self.board.kind_type.holds_pieces or self.board.ends:
            return None
        from dagaz_studio.engine.kind_compiler import kind_perft
        return kind_perft(self, position, depth)

    def _drop_fast(self, position: Position, square: int, program: Program, piece: Piece, budget: int,
                   cancel: CancelFlag | None) -> RunResult | None:
        """A drop by its compiled code, or ``None`` to leave it to the traced code (a notation past the
        size limits; a run that spends its budget, nests too deeply or is cancelled, which the traced
        code stops and explains)."""
        drop = self.compiled_drop(program)
        if drop is None:
            return None
        work = new_work(budget, cancel)
        moves: list[Move] = []
        try:
            drop(position.cells, square, piece, moves, set(), work, position)
        except (Abort, RecursionError):
            return None
        if work[0] > budget:
            return None
        return RunResult(moves=moves, work=work[0])

    def compiled_drop(self, program: Program) -> Callable[..., None] | None:
        """The compiled drop of ``program`` (cached), or ``None`` past the writer's limits."""
        if program.drop is UNMADE:
            try:
                program.drop = compile_function(self, program.notation, program.player, "drop", program.piece_name)
            except (RecursionError, SyntaxError, MemoryError):
                program.drop = None
        return cast("Callable[..., None] | None", program.drop)

    def plan(self, program: Program, cancel: CancelFlag | None = None) -> Plan | None:
        """How to run ``program``'s notation fast (cached), or ``None`` when no part of it compiles.

        Writing the code of a long notation takes a while: ``cancel`` is looked at meanwhile, and
        :class:`~dagaz_studio.notation.cancel.ReadingCancelled` raised (nothing kept) when it is set."""
        if not self.board.kind_type.holds_pieces:
            return None  # the default board's code takes no heap or column: its attack questions too
        if program.plan is UNMADE:
            with collector_paused():
                program.plan = self._make_plan(program, cancel)
        return cast("Plan | None", program.plan)

    def _make_plan(self, program: Program, cancel: CancelFlag | None) -> Plan | None:
        notation = program.notation
        allowance = [MAX_WRITTEN]  # for the whole and its parts together
        try:
            whole = compile_notation(self, notation, program.player, allowance=allowance, cancel=cancel,
                                     piece_name=program.piece_name)
            options = ways(notation.body)
            if not whole.rich or not options:
                return (whole,)
            # A part that neither lifts nor puts gives light records even when another part does: the
            # parts are run one by one, their moves merged in order.
            parts = tuple(compile_notation(self, notation, program.player, option, allowance, cancel, program.piece_name)
                          for option in options)
        except (RecursionError, SyntaxError, MemoryError) as error:
            raise CodeTooLarge(notation, "too large") from error
        return parts if any(not part.rich for part in parts) else (whole,)

    def _run_fast(self, position: Position, square: int, program: Program, budget: int,
                  cancel: CancelFlag | None) -> RunResult | None:
        """The moves by the compiled path, or ``None`` to leave the run to the traced code (which then
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
        if len(plan) > 1:
            try:
                entries = self.light_entries(position, square, piece, plan, work)  # each move once, in the order found
            except (Abort, RecursionError):
                return None
            if entries is None:
                return None
            return RunResult(moves=[self.record_move(position, square, piece, entry) for entry in entries], work=work[0])
        records: list[Record] = []
        stopped = None
        try:
            plan[0].moves(cells, square, piece, records, set(), work, position)
        except Abort as stop:
            # A run that spent its budget or nested too deeply where the notation asks attack questions,
            # whose work compiled code counts only between its looks at the budget, is left to the traced
            # code to stop: counting each step, it may stop inside a question, and says which.
            if stop.kind in ("budget", "depth") and reads_checks(program.notation, "aAsS"):
                return None
            if stop.kind == "cancelled":
                # Already cancelled: the flag is not looked at again (the run stopped at its first
                # look), and a long run's tens of thousands of moves are not all built: only as
                # many as are built between two looks (a cancelled run's moves are what it had
                # found by then, and it must end now).
                records, cancel = records[:BUILD_BETWEEN_LOOKS], None
            stopped = self._stop_reason(stop, work)
        except RecursionError:
            return None
        else:
            if work[0] > budget:
                return None
        # A runaway may leave tens of thousands of records, which take a while to build: the flag is
        # looked at meanwhile.
        moves: list[Move] = []
        record_move = self.record_move
        for start in range(0, len(records), BUILD_BETWEEN_LOOKS):
            if start and cancel is not None and cancel.is_set():
                stopped = "cancelled"
                break
            moves.extend([record_move(position, square, piece, r) for r in records[start:start + BUILD_BETWEEN_LOOKS]])
        return RunResult(moves=moves, stopped=stopped, work=work[0])
