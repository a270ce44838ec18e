"""Attack questions: could a piece capture on a square, is a square threatened (a part of
:class:`~dagaz_studio.engine.rules.Rules`)."""

from __future__ import annotations

from collections.abc import Container, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Any, NoReturn, cast

from dagaz_studio.board.model import DIRECTION_LETTERS
from dagaz_studio.engine.compiler import Abort, Found, compile_function, new_work, poll
from dagaz_studio.engine.emitter import deep_enough
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.program import Program
from dagaz_studio.engine.quick_shapes import quick_probe
from dagaz_studio.engine.read_memo import Learning, ReadingCells
from dagaz_studio.engine.rules_state import RulesState
from dagaz_studio.engine.run_state import Stop

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules
from dagaz_studio.engine.values import (
    DEFAULT_BUDGET,
    QUESTION_COST,
    CancelFlag,
    RunawayNotation,
    RunResult,
    ThreatAnswers,
    Work,
)
from dagaz_studio.notation.nodes import Notation, Step, replaced

_UNKNOWN = object()


class AttackQuestions(RulesState):
    """Attack questions, asked of a notation's compiled code (stopping at the first capture found),
    and on heap and stack boards of its traced code, the trace off."""

    def probe_fn(self, kind: int, player: int, pruned: bool = True) -> Any:
        """The attack question of a piece kind for a player when its notation compiles whole, else
        ``None`` (cached): pruned (:func:`compile_function`, or quick, :func:`quick_probe`, where it can
        be), which reports no stops, or the compiled one, which says them."""
        table = self._probe_fns if pruned else self._attack_fns
        question = table.get((kind, player), _UNKNOWN)
        if question is _UNKNOWN:
            program = self.kind_program(kind, player)
            plan = self.plan(program)
            question = plan[0].attacks if plan is not None and len(plan) == 1 else None
            if pruned and question is not None:
                # Where the pruned question cannot be written, the compiled one answers.
                with suppress(RecursionError, SyntaxError, MemoryError):
                    question = compile_function(cast("CodeRules", self), program.notation, player, "probe",
                                                program.piece_name)
                question = quick_probe(self, program.notation, player, question) or question
            table[kind, player] = question
        return question

    def step_rays(self, notation: Notation, player: int, step: tuple[Step, tuple[int, ...]],
                  origin: int) -> tuple[tuple[int, tuple[int | None, ...], frozenset[int]], ...]:
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
                    body = replaced(notation.body, node, Step((letter,), node.span, node.wrap))
                    known = self._ray_programs[key] = (node, Program(
                        self, Notation(notation.text, body, notation.group_count), player, None, reach_mode=True))
                reach = self.reach_run(known[1], origin)[0]
            out.append((direction, self.neighbours[direction], reach))
        return tuple(out)

    def _ask(self, position: Position, origin: int, square: int, by: int, work: Work, probe: bool = False) -> bool:
        """Could the piece on ``origin`` capture on ``square``? Raises :class:`Abort` when the question
        stops (said, with what was being asked). With ``probe``, the pruned question answers (perft's,
        which reports no stops)."""
        cells = position.cells
        piece = cells[origin]
        assert piece is not None
        attacks = (self._probe_fns if probe else self._attack_fns).get((piece[1], by), _UNKNOWN)
        if attacks is _UNKNOWN:
            attacks = self.probe_fn(piece[1], by, probe)
        start = work[0]
        try:
            if attacks is not None:
                # The usual case: one compiled question.
                attacks(cells, origin, piece, square, work, position)
            else:
                program = self.kind_program(piece.kind, by)
                plan = self.plan(program)
                if plan is None:
                    # Heap and stack boards (and a notation past the size limits): the traced code asks.
                    return self._ask_traced(position, origin, piece, square, program, work)
                if len(plan) > 1:
                    work[0] += 1  # the top-level ';'
                for part in plan:
                    part.attacks(cells, origin, piece, square, work, position)
                if work[0] > work[2]:
                    raise Abort("budget")
        except Found:
            return True
        except Abort as stop:
            self._compiled_question_stopped(stop, work, start, piece, origin, square)
        return False

    def _ask_traced(self, position: Position, origin: int, piece: Piece, square: int, program: Program,
                    work: Work) -> bool:
        """:meth:`_ask` by the traced code of ``program``, the trace off: each move it completes is
        asked whether it captured on ``square`` (raising :class:`Found`, which :meth:`_ask` catches)."""
        from dagaz_studio.engine.trace_code import TracedState

        code = self.traced_run_code(program)
        st = TracedState(self, position, piece, RunResult())
        st.me, st.asked = program.player, square

        def entry(state: Any) -> None:
            code(state.cells, origin, piece, state, None, work, position)
        self._start(st, origin, entry, RunResult())
        return False

    def _compiled_question_stopped(self, stop: Abort, work: Work, start: int, piece: Piece, origin: int,
                                   square: int) -> NoReturn:
        """Pass on ``stop``, raised by an attack question that began at work ``start``: as it is when
        cancelled or already said; otherwise said as a run says it, then what was being asked. The budget is the run's, shared with its questions: the count said is the run's,
        not the question's."""
        if stop.kind == "cancelled" or stop.message is not None:
            raise stop
        reason = self._stop_reason(stop, work, 0 if stop.kind == "budget" else start)
        raise Abort("stop", f"{reason} (asking whether the {self.kind_names[piece.kind]} on "
                            f"{self.board.squares[origin]} attacks {self.board.squares[square]})")

    def attack_reads(self, position: Position, origin: int, square: int,
                     by: int) -> tuple[bool, frozenset[int]] | None:
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
        quick = getattr(probe, "quick_reads", None)
        if quick is not None:
            known: tuple[bool, frozenset[int]] | None = quick(position.cells, origin, piece, square)
            if known is not None:
                return known
        cells = ReadingCells(position.cells)
        work = new_work(DEFAULT_BUDGET, None)
        try:
            probe(cells, origin, piece, square, work, position)
        except Found:
            return True, frozenset(cells.read)
        except (Abort, RecursionError):
            return None
        return False, frozenset(cells.read)

    def fast_threat(self, position: Position, me: int, square: int, by_enemy: bool, hand: Piece | None,
                    work: Work, lifted: int = -1) -> bool:
        """``[a]``/``[s]`` asked by a written run: could the other side (or the mover) capture on ``square``, sharing the run's work.

        ``lifted``: the square of the moving piece when the board is as the run found it, but for that
        piece lifted (else -1). Then, in bulk work (``work`` with a fifth item, a dict), the answer is
        kept there for the position: the King asks about the squares beside it once for its steps and
        again for castling. (Bulk work reports no stops, so the work an answer kept saves is not counted.)
        """
        if type(position) is Learning:  # type: ignore[comparison-overlap]
            # Code being remembered asks: answered on the real position, and noted.
            return cast(Learning, position).threat(self, me, square, by_enemy, hand, work, lifted)
        if lifted >= 0 and len(work) > 4:
            known: ThreatAnswers = work[4]
            key = (lifted, square, by_enemy, hand)
            answer = known.get(key)
            if answer is None:
                answer = known[key] = self._fast_threat(position, me, square, by_enemy, hand, work)
            return answer
        return self._fast_threat(position, me, square, by_enemy, hand, work)

    def _fast_threat(self, position: Position, me: int, square: int, by_enemy: bool, hand: Piece | None,
                     work: Work) -> bool:
        cells = position.cells
        occupant = cells[square]
        if by_enemy:
            sides: tuple[int, ...] = self.others[me]
            stand_in = None if occupant is not None and occupant[0] == me else (
                hand if hand is not None else self._blanks[me])
        else:
            sides = (me,)
            stand_in = None if occupant is not None and occupant[0] != me else (
                self._blanks[(me + 1) % len(self._blanks)])
        saved_turn = position.turn
        if stand_in is not None:
            cells[square] = stand_in
        probe = len(work) > 4
        tabled = not self.scans and len(self.kinds) <= self.board_kinds
        try:
            for side in sides:
                position.turn = side
                table: Sequence[tuple[int, Container[int]]] | None = (
                    self._attackers.get((square, side)) if tabled else None)
                if table is None:
                    # Typed pieces, boards without tables, or a square whose table is not worked out yet:
                    # the candidates, each whatever its kind.
                    scan = self.scan_cost()
                    if scan:
                        work[0] += scan
                        if work[0] >= work[1]:
                            poll(work)
                    # Bulk work (perft, legality) has no budget to stop at: it builds the tables.
                    saved, self.budgeted = self.budgeted, not probe
                    try:
                        every = range(len(self.kinds))
                        table = [(origin, every) for origin in self.candidates(cells, square, side)]
                    except Stop:
                        raise Abort("cancelled") from None  # while the reach of the pieces was worked out
                    finally:
                        self.budgeted = saved
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

    def capturable(self, position: Position, square: int, by: int, stand_in: Piece | None = None,
                   cancel: CancelFlag | None = None, probe: bool = False) -> bool:
        """Whether a piece of player ``by``, moving by its notation, could capture on ``square``.

        ``stand_in`` is put on the square for the question (the piece that would stand there); the
        position is unchanged afterwards. A question that does not end raises :class:`RunawayNotation`,
        saying why.
        """
        cells = position.cells
        original = cells[square]
        if stand_in is not None:
            cells[square] = stand_in
        saved = self.asking
        if cancel is not None:
            self.asking = cancel
        try:
            try:
                candidates = self.candidates(cells, square, by)
            except Stop:
                raise RunawayNotation(f"cancelled (asking which pieces could attack {self.board.squares[square]})") \
                    from None
            for origin in candidates:
                work = new_work(DEFAULT_BUDGET, cancel)
                try:
                    try:
                        found = self._ask(position, origin, square, by, work, probe)
                    except RecursionError:
                        deep_enough()  # as deep as a run may nest, then asked again
                        work = new_work(DEFAULT_BUDGET, cancel)
                        found = self._ask(position, origin, square, by, work, probe)
                except Abort as stop:
                    self._give_up(stop, work, position, origin, square)
                except RecursionError:
                    self._give_up(Abort("stop", "the notation nests too deeply"), work, position, origin, square)
                if found:
                    return True
            return False
        finally:
            self.asking = saved
            cells[square] = original

    def _give_up(self, stop: Abort, work: Work, position: Position, origin: int, square: int) -> NoReturn:
        """Never answer "not attacked" for a question that was not finished: raise
        :class:`RunawayNotation`, saying why."""
        piece = position.cells[origin]
        name = self.kind_names[piece.kind] if piece is not None else "piece"
        asking = f" (asking whether the {name} on {self.board.squares[origin]} attacks {self.board.squares[square]})"
        if stop.kind == "cancelled":
            raise RunawayNotation("cancelled" + asking)
        why = self._stop_reason(stop, work)
        raise RunawayNotation(why if why.endswith(")") and "(asking whether" in why else why + asking)
