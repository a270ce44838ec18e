"""The runner: a notation compiled into closures that run it on a position.

A notation is compiled once per (board, player) into a chain of closures in continuation-passing
style: each part receives the run's state and calls the next part for every way it can succeed, then
undoes what it changed. Backtracking is therefore the return from a call, as in a regex engine, and
every way through the notation that reaches its end completes a move. :class:`Rules` drives it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from dagaz_studio.board.model import DIAGONAL, ORTHOGONAL, PieceType
from dagaz_studio.board.placement import NEUTRAL
from dagaz_studio.engine.heaps import Heap, heap_size
from dagaz_studio.engine.position import LastMove, Piece, Position
from dagaz_studio.engine.runs import run_length
from dagaz_studio.engine.values import (
    DEFAULT_BUDGET, DEFAULT_TRACE_LIMIT, CancelFlag, EventKind, Move, TraceEvent, quick_move,
)
from dagaz_studio.engine.collection import collect_young, collector_paused
from dagaz_studio.engine.wrapping import wrapping_tables
from dagaz_studio.notation.cancel import current_flag, look
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import (
    Alternatives, Bracket, Check, Continue, CountCheck, Create, DirectionCheck, Group, GroupStep, Handler, Lift,
    Navigate, Notation, Promote, Put, Repeat, RunCheck, Sequence, Span, Step, TypeCheck, ZoneCheck,
)

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules

#: Repetitions one path may nest before it is declared runaway (keeps Python's stack bounded).
MAX_REPETITION_DEPTH = 4_000
CANCEL_EVERY = 512
#: Parts of a notation built into closures between two looks at the cancel flag of the reading.
BUILD_LOOK_EVERY = 64

_KINDS = {kind.value: kind for kind in EventKind}  # faster than calling the enum
_new_tuple = tuple.__new__
_NO_LABELS: frozenset[str] = frozenset()

_SETS = {"+": ORTHOGONAL, "X": DIAGONAL, "*": ORTHOGONAL + DIAGONAL}


class Stop(Exception):
    """Unwinds a run (budget spent, cancelled, or an attack found)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Held(Exception):
    """The checks of a negated look (``!(…)>N``) all held: the look fails."""


class AttackFound(Exception):
    pass


class _ProbeSucceeded(Exception):
    pass


# =========================================================================== run state


class State:
    """The mutable state of one run. Every part restores what it changed when it returns."""

    __slots__ = (
        "position", "cells", "board", "me", "cursor", "last_dir", "hand", "mover_in_hand", "mover_sq",
        "mover_dir", "partial_start", "groups", "gmarks", "counters", "marks", "captures", "stops",
        "visited", "touched", "prev", "labels", "promotion", "also", "work", "budget", "cancel",
        "trace", "trace_limit", "truncated", "progress", "serial", "depth", "navstack", "on_complete",
        "attack_mode", "rules", "kind_names", "piece_kind", "reach", "footprint", "next_poll",
        "origin", "again", "created", "null",
    )

    def __init__(self, rules: "Rules", position: Position, me: int, slots: int, groups: int) -> None:
        self.rules = rules
        self.position = position
        self.cells = position.cells
        self.board = position.board
        self.me = me
        self.cursor = 0
        self.last_dir: Optional[int] = None
        self.hand: list[tuple[Piece, int]] = []
        self.mover_in_hand = False
        self.mover_sq = 0
        self.mover_dir: Optional[int] = None
        self.partial_start = 0
        self.groups: list[Optional[int]] = [None] * (groups + 1)
        self.gmarks: list[int] = [0] * (groups + 1)
        self.counters: list[int] = [0] * slots
        self.marks: list[int] = [0] * slots
        self.captures: list[int] = []
        self.stops: list[int] = []
        self.visited: list[int] = []
        self.touched: dict[int, Optional[Piece]] = {}
        self.prev: Optional[LastMove] = position.last_move
        self.labels: list[str] = []
        self.promotion: Optional[str] = None
        self.also: list[tuple[int, int]] = []
        self.work = 0
        self.budget = DEFAULT_BUDGET
        self.next_poll = CANCEL_EVERY
        self.cancel: Optional[CancelFlag] = None
        self.trace: Optional[list[TraceEvent]] = None
        self.trace_limit = DEFAULT_TRACE_LIMIT
        self.truncated = False
        self.progress = 0
        self.serial = 0
        self.depth = 0
        self.navstack: list[int] = []
        self.on_complete: Callable[["State"], None] = _ignore
        self.attack_mode = False
        self.kind_names = rules.kind_names
        self.piece_kind = 0
        self.reach: Optional[set[int]] = None
        self.footprint: Optional[set[int]] = None
        #: The square the move began from (``[b]``), and whether the mover moves again (``[k]``).
        self.origin = 0
        self.again = False
        #: The squares where ``[*Name]`` has made a new piece on this way through, in order.
        self.created: list[int] = []
        #: Whether the move counts though it changes nothing (``[n]``, a null move).
        self.null = False

    # ---------------------------------------------------------------- budget and trace

    def spend(self, units: int = 1) -> None:
        self.work += units
        if self.work > self.budget:
            raise Stop(f"stopped after {self.budget:,} steps — the notation may repeat without end")
        if self.work >= self.next_poll:
            # Every few hundred units, however they were added (attack questions add theirs at once).
            self.next_poll = self.work + CANCEL_EVERY
            collect_young()
            if self.cancel is not None and self.cancel.is_set():
                raise Stop("cancelled")

    def emit(self, kind: str, text: str, span: Optional[Span], square: Optional[int] = None,
             ok: bool = True, move: Optional[int] = None, *, branch: Optional[tuple[int, int]] = None,
             check: Optional[str] = None) -> None:
        trace = self.trace
        if trace is None:
            return
        if len(trace) >= self.trace_limit:
            # A full trace records nothing more: the run goes on as an untraced one, without
            # writing the sentences of events that would be thrown away.
            self.truncated = True
            self.trace = None
            return
        hand = self.hand
        if hand:
            names = self.kind_names
            held: tuple[str, ...] = tuple([names[p[1]] for p, _ in hand]) if len(hand) > 1 else (names[hand[0][0][1]],)
        else:
            held = ()
        # Built as a plain tuple of the named tuple's type: a traced run makes tens of thousands.
        trace.append(_new_tuple(TraceEvent, (
            _KINDS[kind], text, span, square, ok, self.cursor, held, tuple(self.captures),
            None if self.last_dir is None else self.rules.dir_letters[self.last_dir], self.depth, move,
            branch, check,
        )))

    def name(self, square: int) -> str:
        return self.board.squares[square]

    def who(self, square: int) -> str:
        piece = self.cells[square]
        if piece is None:
            return "it is empty"
        side = "a friendly" if piece.player == self.me else "a neutral" if piece.player < 0 else "an enemy"
        return f"{side} {self.kind_names[piece.kind]} stands there"

    def describe(self, piece: Piece) -> str:
        if piece.player < 0:
            return f"a neutral {self.kind_names[piece.kind]}"
        return f"a {self.board.players[piece.player]} {self.kind_names[piece.kind]}"

    def touch(self, square: int) -> bool:
        """Remember what ``square`` held before this way through changed it; ``True`` when this is the
        first change there on the way (the caller forgets it again with :meth:`untouch` on its way back,
        so the squares a completed move compares are only those of its own way, not of every way tried)."""
        if square not in self.touched:
            self.touched[square] = self.cells[square]
            return True
        return False

    def untouch(self, square: int, first: bool) -> None:
        if first:
            del self.touched[square]


def _ignore(_state: State) -> None:
    return None


# =========================================================================== compilation

Cont = Callable[[State], None]
ItemCont = Callable[[State, int], None]


class Program:
    """A notation compiled for one board and one player: call :meth:`run` on a state."""

    def __init__(self, rules: "Rules", notation: Notation, player: int, piece: Optional[PieceType],
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
        self.kind_actions = _kind_actions(rules.board.kind)
        #: Looked at while the closures are built (a notation at the length limit takes a while): the
        #: flag of the reading this program is built for (:func:`~dagaz_studio.notation.cancel.cancellable`).
        self._flag = cancel if cancel is not None else current_flag()
        self._built = 0
        with collector_paused():
            self.entry: Cont = self._compile(notation.body, self._complete)

    # ---------------------------------------------------------------- helpers

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

    # ---------------------------------------------------------------- nodes

    def _compile(self, node: object, k: Cont) -> Cont:
        self._built += 1
        if self._built % BUILD_LOOK_EVERY == 0:
            look(self._flag)
        if isinstance(node, Sequence):
            for item in reversed(node.items):
                k = self._compile(item, k)
            return k
        if isinstance(node, Alternatives):
            return self._alternatives(node, k)
        if isinstance(node, Group):
            return self._group(node, k)
        if isinstance(node, Repeat):
            return self._repeat(node, k)
        if isinstance(node, Step):
            return self._step(node, k)
        if isinstance(node, GroupStep):
            return self._group_step(node, k)
        if isinstance(node, Lift):
            if self.kind_actions is not None and not self.reach_mode:
                return self.kind_actions.lift(self, node, k)
            return self._lift(node, k)
        if isinstance(node, Put):
            if self.kind_actions is not None and not self.reach_mode:
                return self.kind_actions.put(self, node, k)
            return self._put(node, k)
        if isinstance(node, Continue):
            return self._continue(node, k)
        if isinstance(node, Bracket):
            chain = self._items(node.items, lambda st, _sq: k(st))

            def bracket(st: State) -> None:
                chain(st, st.cursor)
            return self._fast_bracket(node, k, bracket) or bracket
        raise TypeError(f"unknown notation node {node!r}")  # a parser bug, not a user error

    def _fast_bracket(self, node: Bracket, k: Cont, general: Cont) -> Optional[Cont]:
        """A bracket of plain occupancy checks (``[p]``, ``[ex]``-free ``[E]``, ``[F]`` …) as one closure.

        Riders ask these on every square, so they are worth a shortcut; a traced run takes the
        general path, which explains each check.
        """
        checks = [item for item in node.items if isinstance(item, Check) and item.letter in "pPeEfF"]
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

    def _alternatives(self, node: Alternatives, k: Cont) -> Cont:
        options = [self._compile(option, k) for option in node.options]
        spans = [getattr(option, "span", None) for option in node.options]
        count = len(options)

        def alternatives(st: State) -> None:
            # Branching is work too: a notation can multiply its ways without stepping at all.
            st.spend()
            for i, option in enumerate(options):
                if st.trace is not None:
                    st.emit("branch", f"alternative {i + 1} of {count}", spans[i], branch=(i + 1, count))
                option(st)
                if st.trace is not None:
                    st.emit("backtrack", f"alternative {i + 1} of {count} explored: back to {st.name(st.cursor)}",
                            spans[i], st.cursor, branch=(i + 1, count))
        return alternatives

    def _group(self, node: Group, k: Cont) -> Cont:
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

    def _repeat(self, node: Repeat, k: Cont) -> Cont:
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

        body = self._compile(node.body, after_body)
        probe_slot = self._slot() if possessive else 0

        def probe_done(st: State) -> None:
            if st.progress != st.marks[probe_slot]:
                raise _ProbeSucceeded
        probe_body = self._compile(node.body, probe_done) if possessive else None

        def can_repeat(st: State) -> bool:
            saved_trace, saved_mark = st.trace, st.marks[probe_slot]
            st.trace = None
            st.marks[probe_slot] = st.progress
            try:
                probe_body(st)  # type: ignore[misc]
            except _ProbeSucceeded:
                return True
            finally:
                st.trace = saved_trace
                st.marks[probe_slot] = saved_mark
            return False

        def head(st: State) -> None:
            st.spend()
            count = st.counters[slot]
            more = hi is None or count < hi
            if possessive:
                if more and can_repeat(st):
                    if st.trace is not None:
                        st.emit("repeat", f"pass {count + 1}: another pass can succeed, so it must be taken", span)
                    body(st)
                elif count >= lo:
                    if st.trace is not None:
                        st.emit("repeat", f"leaving after {count} passes: no further pass can succeed", span)
                    k(st)
                return
            if count >= lo:
                if st.trace is not None:
                    st.emit("repeat", f"trying to leave after {count} pass{'es' if count != 1 else ''}", span)
                k(st)
            if more:
                if st.trace is not None:
                    st.emit("repeat", f"pass {count + 1}", span)
                body(st)

        def enter(st: State) -> None:
            count, mark = st.counters[slot], st.marks[slot]
            st.counters[slot] = 0
            st.marks[slot] = st.progress
            try:
                head(st)
            finally:
                st.counters[slot] = count
                st.marks[slot] = mark
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

    def _step(self, node: Step, k: Cont) -> Cont:
        directions = self._directions(node.letters)
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
                        st.emit("blocked", f"no square {letters[direction]} of {st.name(cursor)}", span, cursor, False)
                    continue
                if st.trace is not None:
                    st.emit("step", f"step {letters[direction]} from {st.name(cursor)} to {st.name(target)}", span, target)
                move_cursor(st, target, direction, k)
        return step

    def _group_step(self, node: GroupStep, k: Cont) -> Cont:
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
                    what = "the previous partial move" if index == 0 else f"group {index}"
                    st.emit("blocked", f"{sign}{index}: {what} has recorded no direction", span, st.cursor, False)
                return
            if opposite:
                direction = rules.opposite[direction]
                if direction is None:
                    return
            target = neighbours[direction][st.cursor]
            if target is None:
                if st.trace is not None:
                    st.emit("blocked", f"{sign}{index}: no square {rules.dir_letters[direction]} of {st.name(st.cursor)}",
                            span, st.cursor, False)
                return
            if st.trace is not None:
                st.emit("step", f"{sign}{index}: step {rules.dir_letters[direction]} to {st.name(target)}", span, target)
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
                    st.emit("check", f"^ failed on {st.name(square)}: nothing to lift", span, square, False, check="^")
                return
            st.spend()
            first = st.touch(square)
            st.cells[square] = None
            st.hand.append((piece, square))
            st.progress += 1
            if st.trace is not None:
                st.emit("lift", f"lift {st.describe(piece)} from {st.name(square)}", span, square)
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
        put_down = _put_down

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
                    st.emit("check", f"| failed on {st.name(st.cursor)}: no piece in hand", span, st.cursor, False,
                            check="|")
                return
            put_down(st, span, k)
        return put

    def _continue(self, node: Continue, k: Cont) -> Cont:
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
                st.emit("partial", f"partial move {st.name(origin)}-{st.name(target)} ends; "
                        f"the next begins from {st.name(target)}", span, target)
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

    # ---------------------------------------------------------------- bracket items

    def _items(self, items: tuple, k: ItemCont) -> ItemCont:
        for item in reversed(items):
            k = self._item(item, k)
        return k

    def _item(self, item: object, k: ItemCont) -> ItemCont:
        if isinstance(item, Check):
            return self._check(item, k)
        if isinstance(item, TypeCheck):
            return self._type_check(item, k)
        if isinstance(item, ZoneCheck):
            return self._zone_check(item, k)
        if isinstance(item, DirectionCheck):
            return self._direction_check(item, k)
        if isinstance(item, CountCheck):
            return self._count_check(item, k)
        if isinstance(item, RunCheck):
            return self._run_check(item, k)
        if isinstance(item, Promote):
            return self._promote(item, k)
        if isinstance(item, Create):
            return self._create(item, k)
        if isinstance(item, Handler):
            return self._handler(item, k)
        if isinstance(item, Navigate):
            return self._navigate(item, k)
        raise TypeError(f"unknown bracket item {item!r}")

    @staticmethod
    def _predicate(span: Span, text: str, test: Callable[[State, int], bool],
                   sentence: Callable[[State, int, bool], str], k: ItemCont) -> ItemCont:
        """A check: continue when ``test`` holds; a traced run records ``sentence`` either way."""
        def check(st: State, square: int) -> None:
            ok = test(st, square)
            if st.trace is not None:
                st.emit("check", sentence(st, square, ok), span, square, ok, check=text)
            if ok:
                k(st, square)
        return check

    @staticmethod
    def _passing(k: ItemCont) -> ItemCont:
        """Reach mode: every check passes, since it asks where a piece could ever capture."""
        def always(st: State, square: int) -> None:
            k(st, square)
        return always

    def _check(self, item: Check, k: ItemCont) -> ItemCont:
        letter, span = item.letter, item.span
        text = f"[{letter}{':' + item.label if item.label else ''}]"
        if self.reach_mode:
            if letter == "x":
                def reach_capture(st: State, square: int) -> None:
                    st.reach.add(square)  # type: ignore[union-attr]
                    k(st, square)
                return reach_capture
            return self._passing(k)
        if letter == "x":
            if self.kind_actions is not None:
                return self.kind_actions.capture(self, span, k)
            return self._capture(span, k)
        if letter == "k":
            return self._again(span, k)
        if letter == "n":
            return _null_move(span, k)
        if letter == "w":
            return self._win_over(span, k)
        if letter == "d":
            return self._destroy(span, k)
        if letter in "oO":
            return self._once(item, k)
        test = _CHECKS[letter.lower()]
        want = letter.islower()
        is_safety = letter.lower() in "as"

        def holds(st: State, square: int) -> bool:
            # An attacker's own safety does not limit what it attacks (and asking would never end).
            return (is_safety and st.attack_mode) or test(st, square) == want

        def sentence(st: State, square: int, ok: bool) -> str:
            return f"{text} {'passed' if ok else 'failed'} on {st.name(square)}: {_explain(st, letter, square, ok)}"
        return self._predicate(span, text, holds, sentence, k)

    def _capture(self, span: Span, k: ItemCont,
                 describe: Optional[Callable[[State, Any], str]] = None) -> ItemCont:
        """``[x]``: take what stands on the square off the board (``describe`` names it in the trace;
        a piece by default, a heap board's whole heap as its kind says)."""
        name = describe or (lambda st, piece: st.describe(piece))
        return _square_action(
            span, k, "[x]", lambda st, piece: "nothing to capture" if piece is None else None,
            lambda st, piece: None,
            lambda st, piece, square: ("capture", f"capture {name(st, piece)} on {st.name(square)}"),
            captures=True)

    @staticmethod
    def _destroy(span: Span, k: ItemCont) -> ItemCont:
        """``[d]``: take what stands on the square off the board without capturing it: the move's
        captures leave it out, so it is not what the move attacks (an explosion's victims)."""
        return _square_action(
            span, k, "[d]", lambda st, piece: "nothing to destroy" if piece is None else None,
            lambda st, piece: None,
            lambda st, piece, square: ("capture", f"{st.describe(piece)} on {st.name(square)} is destroyed"))

    @staticmethod
    def _win_over(span: Span, k: ItemCont) -> ItemCont:
        """``[w]``: the enemy piece on the square changes to the mover's side, where it stands."""
        def refused(st: State, piece: Any) -> Optional[str]:
            return None if piece is not None and piece.player != st.me and piece.player >= 0 else ""

        return _square_action(
            span, k, "[w]", refused, lambda st, piece: piece._replace(player=st.me),
            lambda st, piece, square: ("check", f"{st.describe(piece)} on {st.name(square)} changes to the "
                                       f"{st.board.players[st.me]} side"))

    @staticmethod
    def _again(span: Span, k: ItemCont) -> ItemCont:
        """``[k]``: the same player moves again after this move."""
        def again(st: State, square: int) -> None:
            if st.again:
                k(st, square)
                return
            st.again = True
            st.progress += 1  # a change a repetition notices, as a capture is
            if st.trace is not None:
                st.emit("check", "[k]: the same player moves again after this move", span, square, check="[k]")
            try:
                k(st, square)
            finally:
                st.progress -= 1
                st.again = False
        return again

    def _count_check(self, item: CountCheck, k: ItemCont) -> ItemCont:
        """``[=n-m]`` / ``[=n-m@zone]``: how many pieces the square (or the zone) holds."""
        if self.reach_mode:
            return self._passing(k)
        low, high = item.minimum, item.maximum
        squares: Optional[tuple[int, ...]] = None
        if item.zone is not None:
            zone = self.rules.board.zones.get(item.zone)
            if zone is None:
                raise self._error(f"unknown zone '{item.zone}'", item.span)
            squares = tuple(sorted(zone.squares_for(self.player_name)))
        text = self.notation.text[item.span.start:item.span.end]
        kind = None
        if item.piece is not None:
            kind = self.rules.kind_index.get(item.piece)
            if kind is None:
                raise self._error(f"unknown piece type '{item.piece}'", item.span)

        def count(st: State, square: int) -> int:
            cells = st.cells
            if kind is not None:
                # The mover's pieces of one type, on the board (or in the zone).
                return sum(1 for s in (range(len(cells)) if squares is None else squares)
                           if (piece := cells[s]) is not None and type(piece) is Piece
                           and piece.kind == kind and piece.player == st.me)
            if squares is None:
                return heap_size(cells[square])
            return sum(heap_size(cells[s]) for s in squares)

        def holds(st: State, square: int) -> bool:
            found = count(st, square)
            return low <= found and (high is None or found <= high)

        def sentence(st: State, square: int, ok: bool) -> str:
            where = f"the zone {item.zone}" if item.zone is not None else st.name(square)
            return f"[{text}] {'passed' if ok else 'failed'}: {where} holds {count(st, square)}"
        return self._predicate(item.span, f"[{text}]", holds, sentence, k)

    def _run_check(self, item: RunCheck, k: ItemCont) -> ItemCont:
        """``[u0-2]``: how many moves in a row the piece on the square (or in hand, where the square
        is empty) has made without capturing, as the position keeps them (:mod:`dagaz_studio.engine.runs`)."""
        if self.reach_mode:
            return self._passing(k)
        low, high = item.minimum, item.maximum
        text = self.notation.text[item.span.start:item.span.end]

        def count(st: State, square: int) -> int:
            piece = st.cells[square]
            if piece is None and st.hand:
                piece, square = st.hand[-1]
            if type(piece) is not Piece:
                return 0
            return run_length(st.position.runs, piece.player, square)

        def holds(st: State, square: int) -> bool:
            found = count(st, square)
            return low <= found and (high is None or found <= high)

        def sentence(st: State, square: int, ok: bool) -> str:
            return f"[{text}] {'passed' if ok else 'failed'}: the piece has made {count(st, square)} moves in a row"
        return self._predicate(item.span, f"[{text}]", holds, sentence, k)

    def _once(self, item: Check, k: ItemCont) -> ItemCont:
        label = item.label or f"{self.piece_name}@{item.span.start}"
        first = item.letter == "o"
        span = item.span

        def once(st: State, square: int) -> None:
            made = (st.me, label) in st.position.labels
            ok = (not made) if first else made
            if st.trace is not None:
                st.emit("check", f"[{item.letter}] {'passed' if ok else 'failed'}: a '{label}' move "
                        f"{'has' if made else 'has not'} been made", span, square, ok, check=f"[{item.letter}]")
            if not ok:
                return
            if not first or label in st.labels:
                k(st, square)
                return
            st.labels.append(label)
            try:
                k(st, square)
            finally:
                st.labels.pop()
        return once

    def _type_check(self, item: TypeCheck, k: ItemCont) -> ItemCont:
        if self.reach_mode:
            return self._passing(k)
        kind = self.rules.kind_index.get(item.name)
        if kind is None:
            raise self._error(f"unknown piece type '{item.name}'", item.span)
        want = not item.negated
        text = f"[{'!' if item.negated else ''}={item.name}]"

        def holds(st: State, square: int) -> bool:
            piece = st.cells[square]
            if type(piece) is Heap:
                return (piece.counts[kind] > 0) == want  # a heap holds pieces of several types
            return (piece is not None and piece.kind == kind) == want

        def sentence(st: State, square: int, ok: bool) -> str:
            return f"{text} {'passed' if ok else 'failed'} on {st.name(square)}: {st.who(square)}"
        return self._predicate(item.span, text, holds, sentence, k)

    def _zone_check(self, item: ZoneCheck, k: ItemCont) -> ItemCont:
        if self.reach_mode:
            return self._passing(k)
        zone = self.rules.board.zones.get(item.name)
        if zone is None:
            raise self._error(f"unknown zone '{item.name}'", item.span)
        squares = zone.squares_for(self.player_name)
        want = not item.negated
        text = f"[{'!' if item.negated else ''}@{item.name}]"

        def holds(st: State, square: int) -> bool:
            return (square in squares) == want

        def sentence(st: State, square: int, ok: bool) -> str:
            where = "inside" if square in squares else "outside"
            return f"{text} {'passed' if ok else 'failed'}: {st.name(square)} is {where} {item.name}"
        return self._predicate(item.span, text, holds, sentence, k)

    def _direction_check(self, item: DirectionCheck, k: ItemCont) -> ItemCont:
        if self.reach_mode:
            return self._passing(k)
        rules = self.rules
        index, opposite, want = item.group, item.opposite, not item.negated
        text = self.notation.text[item.span.start:item.span.end]

        def same_direction(st: State) -> bool:
            recorded = st.groups[index]
            if recorded is not None and opposite:
                recorded = rules.opposite[recorded]
            return recorded is not None and st.last_dir == recorded

        def holds(st: State, square: int) -> bool:
            return same_direction(st) == want

        def sentence(st: State, square: int, ok: bool) -> str:
            was = "was" if same_direction(st) else "was not"
            return f"direction check {'passed' if ok else 'failed'}: the last step {was} in that direction"
        return self._predicate(item.span, text, holds, sentence, k)

    def _promote(self, item: Promote, k: ItemCont) -> ItemCont:
        if self.reach_mode:
            return self._passing(k)
        kinds = []
        for name in item.choices:
            kind = self.rules.kind_index.get(name)
            if kind is None:
                raise self._error(f"unknown piece type '{name}'", item.span)
            kinds.append((name, kind))
        span = item.span
        lost = item.lost

        def promote(st: State, square: int) -> None:
            if not st.hand:
                if st.trace is not None:
                    st.emit("check", "promotion failed: no piece in hand", span, square, False)
                return
            piece, origin = st.hand[-1]
            saved = st.promotion
            for name, kind in kinds:
                if lost and not _has_lost(st, kind):
                    if st.trace is not None:
                        st.emit("check", f"no promotion to a {name}: none has been lost", span, square, False)
                    continue
                st.hand[-1] = (piece._replace(kind=kind), origin)
                st.promotion = name
                st.progress += 1
                if st.trace is not None:
                    st.emit("promote", f"the piece in hand becomes a {name}", span, square)
                try:
                    k(st, square)
                finally:
                    st.progress -= 1
                    st.hand[-1] = (piece, origin)
                    st.promotion = saved
        return promote

    def _create(self, item: Create, k: ItemCont) -> ItemCont:
        """``[*Name]``: a new piece of that type on the empty square, the mover's (nobody's if the type
        is neutral); it fails on an occupied square."""
        if self.reach_mode:
            return self._passing(k)
        kind = self.rules.kind_index.get(item.name)
        if kind is None:
            raise self._error(f"unknown piece type '{item.name}'", item.span)
        span, name = item.span, item.name
        neutral = self.rules.kinds[kind].neutral

        def create(st: State, square: int) -> None:
            if st.cells[square] is not None:
                if st.trace is not None:
                    st.emit("check", f"[*{name}] failed on {st.name(square)}: {st.who(square)}", span, square, False,
                            check=f"[*{name}]")
                return
            st.spend()
            first = st.touch(square)
            st.cells[square] = Piece(NEUTRAL if neutral else st.me, kind, True)
            st.created.append(square)
            st.progress += 1
            if st.trace is not None:
                st.emit("put", f"a new {name} appears on {st.name(square)}", span, square, check=f"[*{name}]")
            try:
                k(st, square)
            finally:
                st.progress -= 1
                st.created.pop()
                st.cells[square] = None
                st.untouch(square, first)
        return create

    def _handler(self, item: Handler, k: ItemCont) -> ItemCont:
        number, span = item.number, item.span
        if self.reach_mode:
            return self._passing(k)

        def handler(st: State, square: int) -> None:
            function = st.rules.handlers.get(number)
            ok = bool(function(st.position, square, st.me)) if function is not None else False
            if st.trace is not None:
                why = "" if function is not None else f" (no handler {number} is defined for this board)"
                st.emit("check", f"handler [{number}] {'passed' if ok else 'failed'}{why}", span, square, ok)
            if ok:
                k(st, square)
        return handler

    def _navigate_not(self, item: Navigate, k: ItemCont) -> ItemCont:
        """``!(checks)>N``: go on when the checks do not all hold on that square, or it does not exist."""
        if self.reach_mode:
            return self._passing(k)
        span = item.span

        def held(st: State, _square: int) -> None:
            raise _Held

        look = self._navigate(Navigate(item.items, item.path, item.span), held)

        def navigate_not(st: State, square: int) -> None:
            try:
                look(st, square)
            except _Held:
                if st.trace is not None:
                    st.emit("check", f"!(…) failed from {st.name(square)}: the checks hold there", span, square, False)
                return
            k(st, square)
        return navigate_not

    def _navigate(self, item: Navigate, k: ItemCont) -> ItemCont:
        if item.negated:
            return self._navigate_not(item, k)
        rules = self.rules
        path: list[tuple[Optional[int], Optional[int], bool]] = []
        for nav in item.path:
            if nav.group is not None:
                if nav.group > self.notation.group_count:
                    raise self._error(f"'\\{nav.group}' refers to a group that does not exist", nav.span)
                path.append((None, nav.group, nav.opposite))
            else:
                directions = self._directions((nav.letter or "",))
                path.append((directions[0] if directions else -1, None, False))
        span = item.span

        def after(st: State, _target: int) -> None:
            origin = st.navstack.pop()
            try:
                k(st, origin)
            finally:
                st.navstack.append(origin)

        inner = self._items(item.items, after)

        def navigate(st: State, square: int) -> None:
            target: Optional[int] = square
            for direction, group, opposite in path:
                if group is not None:
                    direction = st.groups[group]
                    if direction is not None and opposite:
                        direction = rules.opposite[direction]
                if direction is None or direction < 0:
                    target = None
                    break
                target = rules.neighbours[direction][target]  # type: ignore[index]
                if target is None:
                    break
            if target is None:
                if st.trace is not None:
                    st.emit("check", f"navigation failed: no such square from {st.name(square)}", span, square, False)
                return
            if st.footprint is not None:
                st.footprint.add(target)
            st.navstack.append(square)
            try:
                inner(st, target)
            finally:
                st.navstack.pop()
        return navigate


# =========================================================================== shared actions


def _put_down(st: State, span: Optional[Span], k: Cont) -> None:
    """Put the top piece of the hand on the cursor's square, then continue."""
    st.spend()  # before the hand is touched: a run stopped here must leave it whole for the frames above
    square = st.cursor
    piece, origin = st.hand.pop()
    old = st.cells[square]
    is_mover = st.mover_in_hand and not st.hand
    placed = piece._replace(moved=True) if square != origin or piece.moved else piece
    first = st.touch(square)
    st.cells[square] = placed
    if old is not None:
        st.captures.append(square)
    saved = (st.mover_in_hand, st.mover_sq)
    if is_mover:
        st.mover_in_hand = False
        st.mover_sq = square
        st.visited.append(square)
    else:
        st.also.append((origin, square))
    st.progress += 1
    if st.trace is not None:
        taken = f", removing {st.describe(old)}" if old is not None else ""
        st.emit("put", f"put {st.describe(piece)} on {st.name(square)}{taken}", span, square)
    try:
        k(st)
    finally:
        st.progress -= 1
        if is_mover:
            st.visited.pop()
        else:
            st.also.pop()
        st.mover_in_hand, st.mover_sq = saved
        if old is not None:
            st.captures.pop()
        st.cells[square] = old
        st.untouch(square, first)
        st.hand.append((piece, origin))


def finish_hand(st: State, span: Optional[Span], k: Cont,
                put: Callable[[State, Optional[Span], Cont], None] = _put_down) -> None:
    """The default board's implicit suffix, ``[F][ex]?|``, for every piece still in hand: never onto
    a friend; ``put`` puts the top piece of the hand down (a stack board puts a column on top of
    what stands there)."""
    if not st.hand:
        k(st)
        return
    square = st.cursor
    occupant = st.cells[square]
    if occupant is not None and occupant.player == st.me:
        if st.trace is not None:
            st.emit("check", f"cannot end on {st.name(square)}: {st.who(square)}", span, square, False)
        return
    put(st, span, lambda state: finish_hand(state, span, k, put))


def _null_move(span: Span, k: ItemCont) -> ItemCont:
    """``[n]``: the move counts even if it changes nothing, the piece ending where it began."""
    def null(st: State, square: int) -> None:
        if st.null:
            k(st, square)
            return
        st.null = True
        if st.trace is not None:
            st.emit("check", "[n]: the move counts even if nothing changes (a null move)", span, square, check="[n]")
        try:
            k(st, square)
        finally:
            st.null = False
    return null


def move_key(st: State) -> tuple:
    """What tells the move the state describes from another (:meth:`Move.key`), without building it:
    a runaway run completes the same move many times, and only the first is kept."""
    target = st.mover_sq
    cells, touched = st.cells, st.touched
    changes = tuple(sorted((square, cells[square]) for square in touched if cells[square] != touched[square]))
    return (st.visited[0] if st.visited else target, target, tuple(st.captures), tuple(st.stops) + (target,),
            st.promotion, tuple(st.also), changes, st.again)


def complete_move(st: State, key: Optional[tuple] = None) -> Move:
    """The move the state describes, once its notation has completed and its hand is empty (``key``:
    its :func:`move_key`, when already known)."""
    origin, target, captures, stops, promotion, also, changes, again = key if key is not None else move_key(st)
    return quick_move(
        st.kind_names[st.piece_kind], st.me, origin, target, captures, stops, promotion, also, changes,
        LastMove(st.partial_start, target, None if st.mover_dir is None else st.rules.dir_letters[st.mover_dir]),
        frozenset(st.labels) if st.labels else _NO_LABELS, again=again, created=tuple(st.created),
    )


# --------------------------------------------------------------------------- checks


def _empty(st: State, square: int) -> bool:
    return st.cells[square] is None


def _enemy(st: State, square: int) -> bool:
    piece = st.cells[square]
    return piece is not None and piece.player != st.me and piece.player >= 0  # a neutral piece is no enemy


def _friend(st: State, square: int) -> bool:
    piece = st.cells[square]
    return piece is not None and piece.player == st.me


def _attacked(st: State, square: int) -> bool:
    return st.rules.square_attacked(st, square, by_enemy=True)


def _defended(st: State, square: int) -> bool:
    return st.rules.square_attacked(st, square, by_enemy=False)


def _moved(st: State, square: int) -> bool:
    piece = st.cells[square]
    if piece is None and st.hand:
        piece = st.hand[-1][0]
    return piece is not None and piece.moved


def _visited(st: State, square: int) -> bool:
    return square in st.visited


def _last_start(st: State, square: int) -> bool:
    return st.prev is not None and st.prev.origin == square


def _last_end(st: State, square: int) -> bool:
    return st.prev is not None and st.prev.target == square


def _began(st: State, square: int) -> bool:
    return square == st.origin


def _square_action(span: Span, k: ItemCont, check: str, refused: Callable[[State, Any], Optional[str]],
                   becomes: Callable[[State, Any], Any], done: Callable[[State, Any, int], tuple[str, str]],
                   captures: bool = False) -> ItemCont:
    """An action that changes what stands on the square (``[x]``, ``[d]``, ``[w]``) for the rest of the
    branch, and puts it back after: ``refused`` says why it cannot (``None`` when it can; ``""`` to
    say who stands there), ``becomes`` what the square then holds, ``done`` the trace's event kind and
    sentence; ``captures`` counts the square among the move's captures."""
    def act(st: State, square: int) -> None:
        piece = st.cells[square]
        why = refused(st, piece)
        if why is not None:
            if st.trace is not None:
                st.emit("check", f"{check} failed on {st.name(square)}: {why or st.who(square)}", span, square,
                        False, check=check)
            return
        st.spend()
        first = st.touch(square)
        st.cells[square] = becomes(st, piece)
        if captures:
            st.captures.append(square)
        st.progress += 1
        if st.trace is not None:
            kind, sentence = done(st, piece, square)
            if kind == "check":
                st.emit(kind, sentence, span, square, check=check)
            else:
                st.emit(kind, sentence, span, square)
        try:
            k(st, square)
        finally:
            st.progress -= 1
            if captures:
                st.captures.pop()
            st.cells[square] = piece
            st.untouch(square, first)
    return act


def _captured_on(st: State, square: int) -> bool:
    return square in st.captures


def _has_lost(st: State, kind: int) -> bool:
    """``[+?Name]``: whether the mover has fewer pieces of ``kind`` on the board and in hand than the
    board's setup gave him (the piece in hand, being promoted, is not counted)."""
    me = st.me
    have = sum(1 for piece in st.cells if piece is not None and piece.player == me and piece.kind == kind)
    hands = st.position.hands
    if hands and me < len(hands) and kind < len(hands[me]):
        have += hands[me][kind]
    return have < st.rules.setup_count(me, kind)


def _kind_actions(kind: str) -> Any:
    """The module giving a board kind's own lift, put, capture and implicit end (``None`` for the
    default board): imported only when such a board is played."""
    if kind == "heap":
        from dagaz_studio.engine import heap_actions
        return heap_actions
    if kind == "stack":
        from dagaz_studio.engine import stack_actions
        return stack_actions
    return None


_CHECKS: dict[str, Callable[[State, int], bool]] = {
    "p": _empty, "e": _enemy, "f": _friend, "a": _attacked, "s": _defended, "m": _moved,
    "r": _visited, "l": _last_start, "t": _last_end, "b": _began, "c": _captured_on,
}


def _explain(st: State, letter: str, square: int, ok: bool) -> str:
    lower = letter.lower()
    if lower in "pef":
        return st.who(square)
    if lower == "a":
        return "an enemy piece could capture there" if (ok == letter.islower()) else "no enemy piece could capture there"
    if lower == "s":
        return "a friendly piece could recapture there" if (ok == letter.islower()) else "no friendly piece could recapture there"
    if lower == "m":
        moved = ok == letter.islower()
        return "the piece has moved before" if moved else "the piece has not moved"
    if lower == "r":
        seen = ok == letter.islower()
        return "the piece has stood there in this move" if seen else "the piece has not stood there in this move"
    if lower == "c":
        return f"this move {'has' if ok == letter.islower() else 'has not'} captured there"
    if lower == "b":
        return f"the move {'began' if ok == letter.islower() else 'did not begin'} there"
    if lower in "lt":
        hit = ok == letter.islower()
        which = "started" if lower == "l" else "ended"
        return f"the previous move {'' if hit else 'did not '}{which} there".replace("  ", " ")
    return ""

