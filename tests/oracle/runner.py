"""The step-by-step oracle of the differential tests (the runner): a notation compiled into closures
that run it on a position, independently of the engine's written code, which it checks.

A notation is compiled once per (board, player) into a chain of closures in continuation-passing
style: each part receives the run's state and calls the next part for every way it can succeed, then
undoes what it changed. Backtracking is therefore the return from a call, as in a regex engine, and
every way through the notation that reaches its end completes a move.
:class:`~tests.oracle.rules.OracleRules` drives it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dagaz_studio.board.model import DIAGONAL, ORTHOGONAL, PieceType
from dagaz_studio.engine import trace_words as words
from dagaz_studio.engine.completion import MoveKey
from dagaz_studio.engine.position import LastMove
from dagaz_studio.engine.wrapping import wrapping_tables
from dagaz_studio.notation.cancel import current_flag, look
from dagaz_studio.notation.collection import collector_paused
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Continue,
    Group,
    GroupStep,
    Lift,
    Node,
    Notation,
    Put,
    Repeat,
    Sequence,
    Span,
    Step,
    is_check,
)
from tests.oracle.hand_end import finish_hand, put_down
from tests.oracle.run_state import (
    BUILD_LOOK_EVERY,
    CANCEL_EVERY,
    MAX_REPETITION_DEPTH,
    AttackFound,
    Cont,
    Interpreter,
    ItemCont,
    RunProbeSucceeded,
    State,
    Stop,
)
from tests.oracle.runner_items import ItemRunner, actions_for_kind

__all__ = ["AttackFound", "BUILD_LOOK_EVERY", "CANCEL_EVERY", "Cont", "ItemCont", "MAX_REPETITION_DEPTH", "MoveKey",
           "RunnerProgram", "State", "Stop", "finish_hand"]


_SETS = {"+": ORTHOGONAL, "X": DIAGONAL, "*": ORTHOGONAL + DIAGONAL}


class RunnerProgram(ItemRunner):
    """A notation compiled for one board and one player: call :meth:`run` on a state."""

    def __init__(self, rules: Interpreter, notation: Notation, player: int, piece: PieceType | None,
                 reach_mode: bool = False, cancel: Any = None) -> None:
        self.rules = rules
        self.notation = notation
        self.player = player
        self.player_name = rules.board.players[player]
        self.piece = piece
        self.piece_name = piece.name if piece is not None else "piece"
        self.reach_mode = reach_mode
        self.slots = 0
        # Long notations repeat the same few direction sets thousands of times.
        self._known_directions: dict[tuple[str, ...], list[int]] = {}
        #: How the board's kind lifts, puts and captures, where it differs from the default board.
        self.kind_actions = actions_for_kind(rules.board.kind)
        #: Looked at while the closures are built (a notation at the length limit takes a while): the
        #: flag of the reading this program is built for (:func:`~dagaz_studio.notation.cancel.cancellable`).
        self._flag = cancel if cancel is not None else current_flag()
        self._built = 0
        with collector_paused():
            self.entry: Cont = self._compile(notation.body, self._complete)

    def _slot(self) -> int:
        self.slots += 1
        return self.slots - 1

    def _error(self, message: str, span: Span) -> NotationError:
        return NotationError(message, self.notation.text, span)

    def _directions(self, letters: Iterable[str]) -> list[int]:
        key = tuple(letters)
        known = self._known_directions.get(key)
        if known is None:
            known = self._known_directions[key] = self._read_directions(key)
        return known

    def _read_directions(self, letters: Iterable[str]) -> list[int]:
        rules = self.rules
        out: list[int] = []
        for letter in letters:
            for plain in _SETS.get(letter, (letter,)):
                board_letter = rules.board.player_direction(self.player_name, plain)
                index = rules.dir_index.get(board_letter)
                if index is not None and index not in out:
                    out.append(index)
        return out

    def _complete(self, st: State) -> None:
        st.on_complete(st)

    def _compile(self, node: Node, k: Cont) -> Cont:
        """The closure that runs ``node``, then ``k``: made by the ``visit_…`` method of its type."""
        self._built += 1
        if self._built % BUILD_LOOK_EVERY == 0:
            look(self._flag)
        compiled: Cont = self.visit(node, k)
        return compiled

    def visit_sequence(self, node: Sequence, k: Cont) -> Cont:
        for item in reversed(node.items):
            k = self._compile(item, k)
        return k

    def visit_lift(self, node: Lift, k: Cont) -> Cont:
        if self.kind_actions is not None and not self.reach_mode:
            return self.kind_actions.lift(self, node, k)
        return self._lift(node, k)

    def visit_put(self, node: Put, k: Cont) -> Cont:
        if self.kind_actions is not None and not self.reach_mode:
            return self.kind_actions.put(self, node, k)
        return self._put(node, k)

    def visit_bracket(self, node: Bracket, k: Cont) -> Cont:
        chain = self._items(node.items, lambda st, _sq: k(st))

        def bracket(st: State) -> None:
            chain(st, st.cursor)
        return self._fast_bracket(node, k, bracket) or bracket

    def visit_other(self, node: object, *context: Any) -> Any:
        raise TypeError(f"unknown notation node {node!r}")  # a parser bug, not a user error

    def _fast_bracket(self, node: Bracket, k: Cont, general: Cont) -> Cont | None:
        """A bracket of plain occupancy checks (``[p]``, ``[ex]``-free ``[E]``, ``[F]`` …) as one closure.

        Riders ask these on every square, so they are worth a shortcut; a traced run takes the
        general path, which explains each check.
        """
        checks = [item for item in node.items if is_check(item, "pPeEfF")]
        if self.reach_mode or len(checks) != len(node.items):
            return None
        # For each check: (wanted occupied?, wanted owner relation or None)
        tests = [(item.letter.lower(), item.letter.islower()) for item in checks]

        def fast(st: State) -> None:
            if st.trace is not None:
                general(st)
                return
            piece = st.cells[st.cursor]
            for kind, want in tests:
                if kind == "p":
                    ok = piece is None
                elif kind == "e":
                    ok = piece is not None and piece.player != st.me and piece.player >= 0
                else:
                    ok = piece is not None and piece.player == st.me
                if ok != want:
                    return
            k(st)
        return fast

    def visit_alternatives(self, node: Alternatives, k: Cont) -> Cont:
        options = [self._compile(option, k) for option in node.options]
        spans = [getattr(option, "span", None) for option in node.options]
        count = len(options)

        def alternatives(st: State) -> None:
            # Branching is work too: a notation can multiply its ways without stepping at all.
            st.spend()
            for i, option in enumerate(options):
                if st.trace is not None:
                    words.branch(st, spans[i], i + 1, count)
                option(st)
                if st.trace is not None:
                    words.backtrack(st, spans[i], i + 1, count, st.cursor)
        return alternatives

    def visit_group(self, node: Group, k: Cont) -> Cont:
        index = node.index

        def group_exit(st: State) -> None:
            if st.serial == st.gmarks[index]:
                k(st)
                return
            old = st.groups[index]
            st.groups[index] = st.last_dir
            try:
                k(st)
            finally:
                st.groups[index] = old

        body = self._compile(node.body, group_exit)

        def group_enter(st: State) -> None:
            old = st.gmarks[index]
            st.gmarks[index] = st.serial
            try:
                body(st)
            finally:
                st.gmarks[index] = old
        return group_enter

    def visit_repeat(self, node: Repeat, k: Cont) -> Cont:
        slot = self._slot()
        lo, hi, possessive = node.minimum, node.maximum, node.possessive
        span = node.quantifier_span

        def after_body(st: State) -> None:
            if st.progress == st.marks[slot]:
                # The pass changed nothing, so repeating it cannot either: leave, as regex engines do.
                k(st)
                return
            count, mark = st.counters[slot], st.marks[slot]
            st.counters[slot] = count + 1
            st.marks[slot] = st.progress
            st.depth += 1
            if st.depth > MAX_REPETITION_DEPTH:
                raise Stop(f"stopped after {st.work:,} steps: repetitions nested more than "
                            f"{MAX_REPETITION_DEPTH:,} deep — the notation may repeat without end")
            try:
                head(st)
            finally:
                st.depth -= 1
                st.counters[slot] = count
                st.marks[slot] = mark

        probe_slot = self._slot() if possessive else 0

        def after_pass(st: State) -> None:
            # A possessive pass is tried before it is taken, by the same body: its probe mark (-1 while
            # the pass is taken) says which, so that nested possessive repetitions are built once, not
            # twice a level (the build doubling at each level would run out of memory).
            mark = st.marks[probe_slot]
            if mark < 0:
                after_body(st)
            elif st.progress != mark:
                raise RunProbeSucceeded
        body = self._compile(node.body, after_pass if possessive else after_body)

        def can_repeat(st: State) -> bool:
            saved_trace, saved_mark = st.trace, st.marks[probe_slot]
            saved_cut = st.truncated
            st.trace = None if saved_trace is None else []
            st.marks[probe_slot] = st.progress
            try:
                body(st)
            except RunProbeSucceeded:
                return True
            finally:
                st.tried, st.trace, st.truncated = st.trace, saved_trace, saved_cut
                st.marks[probe_slot] = saved_mark
            return False

        def head(st: State) -> None:
            st.spend()
            count = st.counters[slot]
            more = hi is None or count < hi
            if possessive:
                if more and can_repeat(st):
                    if st.trace is not None:
                        words.must_pass(st, span, count)
                    body(st)
                elif count >= lo:
                    if st.trace is not None:
                        words.cannot_pass(st, span, count, hi)
                    k(st)
                return
            if count >= lo:
                if st.trace is not None:
                    words.leaving(st, span, count)
                k(st)
            if more:
                if st.trace is not None:
                    words.another_pass(st, span, count)
                body(st)

        def enter(st: State) -> None:
            count, mark, probe_mark = st.counters[slot], st.marks[slot], st.marks[probe_slot]
            st.counters[slot] = 0
            st.marks[slot] = st.progress
            if possessive:
                st.marks[probe_slot] = -1
            try:
                head(st)
            finally:
                st.counters[slot] = count
                st.marks[slot] = mark
                if possessive:
                    st.marks[probe_slot] = probe_mark
        return enter

    def _move_cursor(self, st: State, target: int, direction: int, k: Cont) -> None:
        cursor, last, mover_dir = st.cursor, st.last_dir, st.mover_dir
        work = st.work + 1
        if work > st.budget or work >= st.next_poll:
            st.spend()  # the slow path: budget spent, or time to look at the cancel flag
        else:
            st.work = work
        st.cursor = target
        st.last_dir = direction
        if st.footprint is not None:
            st.footprint.add(target)
        if st.mover_in_hand:
            st.mover_dir = direction
        st.serial += 1
        st.progress += 1
        try:
            k(st)
        finally:
            st.cursor, st.last_dir, st.mover_dir = cursor, last, mover_dir
            st.serial -= 1
            st.progress -= 1

    def visit_step(self, node: Step, k: Cont) -> Cont:
        directions = self._directions(node.keys)
        rules = self.rules
        if node.wrap:
            tables = wrapping_tables(rules.board, [rules.dir_letters[d] for d in directions])
        else:
            tables = [rules.neighbours[d] for d in directions]
        pairs = list(zip(directions, tables))
        letters = rules.dir_letters
        span = node.span
        move_cursor = self._move_cursor

        def step(st: State) -> None:
            cursor = st.cursor
            for direction, table in pairs:
                target = table[cursor]
                if target is None:
                    if st.trace is not None:
                        words.blocked(st, span, letters[direction], cursor)
                    continue
                if st.trace is not None:
                    words.step(st, span, letters[direction], cursor, target)
                move_cursor(st, target, direction, k)
        return step

    def visit_group_step(self, node: GroupStep, k: Cont) -> Cont:
        if node.group > self.notation.group_count:
            raise self._error(f"'\\{node.group}' refers to a group that does not exist", node.span)
        rules = self.rules
        index, opposite, span = node.group, node.opposite, node.span
        move_cursor = self._move_cursor
        sign = "~" if opposite else "\\"
        neighbours = wrapping_tables(rules.board, rules.dir_letters) if node.wrap else rules.neighbours

        def group_step(st: State) -> None:
            direction = st.groups[index]
            if direction is None:
                if st.trace is not None:
                    words.no_group(st, span, sign, index, st.cursor)
                return
            if opposite:
                direction = rules.opposite[direction]
                if direction is None:
                    return
            target = neighbours[direction][st.cursor]
            if target is None:
                if st.trace is not None:
                    words.group_blocked(st, span, sign, index, rules.dir_letters[direction], st.cursor)
                return
            if st.trace is not None:
                words.group_step(st, span, sign, index, rules.dir_letters[direction], target)
            move_cursor(st, target, direction, k)
        return group_step

    def _lift(self, node: Lift, k: Cont) -> Cont:
        span = node.span
        reach = self.reach_mode

        def lift(st: State) -> None:
            square = st.cursor
            piece = st.cells[square]
            if reach:
                k(st)
                return
            if piece is None:
                if st.trace is not None:
                    words.refused(st, span, "^", square, "nothing to lift")
                return
            st.spend()
            first = st.touch(square)
            st.cells[square] = None
            st.hand.append((piece, square))
            st.progress += 1
            if st.trace is not None:
                words.lift(st, span, piece, square)
            try:
                k(st)
            finally:
                st.progress -= 1
                st.hand.pop()
                st.cells[square] = piece
                st.untouch(square, first)
        return lift

    def _put(self, node: Put, k: Cont) -> Cont:
        span = node.span
        put_piece = put_down

        def put(st: State) -> None:
            if st.reach is not None:
                # Reach mode only records where a capture could happen and where the piece lands.
                st.reach.add(st.cursor)
                saved = st.mover_sq
                st.mover_sq = st.cursor
                try:
                    k(st)
                finally:
                    st.mover_sq = saved
                return
            if not st.hand:
                if st.trace is not None:
                    words.refused(st, span, "|", st.cursor, "no piece in hand")
                return
            put_piece(st, span, k)
        return put

    def visit_continue(self, node: Continue, k: Cont) -> Cont:
        span = node.span
        rules = self.rules

        def after_suffix(st: State) -> None:
            origin, target, direction = st.partial_start, st.mover_sq, st.mover_dir
            piece = st.cells[target]
            if piece is None:  # the moving piece was removed: nothing can continue
                return
            st.spend()  # before any change: a run stopped here has nothing to undo
            saved = (st.prev, st.groups[0], st.cursor, st.partial_start, st.mover_in_hand)
            letter = None if direction is None else rules.dir_letters[direction]
            st.prev = LastMove(origin, target, letter)
            st.groups[0] = direction
            st.stops.append(target)
            st.cursor = target
            st.partial_start = target
            first = st.touch(target)
            st.cells[target] = None
            st.hand.append((piece, target))
            st.mover_in_hand = True
            st.progress += 1
            if st.trace is not None:
                words.partial(st, span, origin, target)
            try:
                k(st)
            finally:
                st.progress -= 1
                st.hand.pop()
                st.cells[target] = piece
                st.untouch(target, first)
                st.stops.pop()
                # As it was: on a heap board the implicit end leaves the heap's seeds "in hand".
                st.prev, st.groups[0], st.cursor, st.partial_start, st.mover_in_hand = saved

        def continue_(st: State) -> None:
            if st.reach is not None:
                saved = st.cursor
                st.cursor = st.mover_sq
                try:
                    k(st)
                finally:
                    st.cursor = saved
                return
            finish(st, span, after_suffix)
        # A heap or stack board ends each partial move by its own implicit end, as it ends the move.
        finish = self.kind_actions.finish_hand if self.kind_actions is not None else finish_hand
        return continue_
