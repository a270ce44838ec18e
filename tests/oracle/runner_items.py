"""Bracket items compiled into the runner's closures (a part of
:class:`~tests.oracle.runner.RunnerProgram`): checks of a square, captures, promotion, making pieces,
handlers and navigation, and the checks' one-letter tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dagaz_studio.board.placement import NEUTRAL
from dagaz_studio.engine import trace_words as words
from dagaz_studio.engine.counts import has_lost, run_count
from dagaz_studio.engine.heaps import Heap, heap_size
from dagaz_studio.engine.position import Piece
from dagaz_studio.notation.nodes import (
    BracketItem,
    Check,
    CountCheck,
    Create,
    DirectionCheck,
    Handler,
    Navigate,
    Promote,
    RunCheck,
    Span,
    TypeCheck,
    ZoneCheck,
)
from dagaz_studio.notation.visitor import Visitor
from tests.oracle.run_state import Cont, Held, Interpreter, ItemCont, KindActions, State
from tests.oracle.square_checks import CHECKS

if TYPE_CHECKING:
    from collections.abc import Iterable

    from dagaz_studio.notation.errors import NotationError
    from dagaz_studio.notation.nodes import Lift, Notation


class ItemRunner(Visitor[Any]):
    """Compiles a bracket's items (:meth:`_items`, a ``visit_…`` method an item type) for
    :class:`~tests.oracle.runner.RunnerProgram`, which visits the notation's structure."""

    if TYPE_CHECKING:
        # What the program keeps and does elsewhere (declared for the type checker only).
        rules: Interpreter
        notation: Notation
        player_name: str
        piece_name: str
        reach_mode: bool
        kind_actions: KindActions | None

        def _error(self, message: str, span: Span) -> NotationError: ...
        def _directions(self, letters: Iterable[str]) -> list[int]: ...
        def _lift(self, node: Lift, k: Cont) -> Cont: ...

    def _items(self, items: tuple[BracketItem, ...], k: ItemCont) -> ItemCont:
        for item in reversed(items):
            k = self.visit(item, k)
        return k

    @staticmethod
    def _predicate(test: Callable[[State, int], bool], k: ItemCont, event: Callable[[State, int, bool], None]) -> ItemCont:
        """A check: continue when ``test`` holds; a traced run records ``event`` either way."""
        def check(st: State, square: int) -> None:
            ok = test(st, square)
            if st.trace is not None:
                event(st, square, ok)
            if ok:
                k(st, square)
        return check

    @staticmethod
    def _passing(k: ItemCont) -> ItemCont:
        """Reach mode: every check passes, since it asks where a piece could ever capture."""
        def always(st: State, square: int) -> None:
            k(st, square)
        return always

    def visit_check(self, item: Check, k: ItemCont) -> ItemCont:
        letter, span = item.letter, item.span
        text = words.check_text(letter, item.label)
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
        test = CHECKS[letter.lower()]
        want = letter.islower()
        is_safety = letter.lower() in "as"

        def holds(st: State, square: int) -> bool:
            # An attacker's own safety does not limit what it attacks (and asking would never end).
            return (is_safety and st.attack_mode) or test(st, square) == want

        def said(st: State, square: int, ok: bool) -> None:
            words.check(st, span, text, letter, square, ok)
        return self._predicate(holds, k, said)

    def _capture(self, span: Span, k: ItemCont,
                 said: Callable[[State, Span, Any, int], None] = words.capture) -> ItemCont:
        """``[x]``: take what stands on the square off the board (``said``: the trace's event for it; a
        piece's by default, a heap board's whole heap as its kind says)."""
        def taken(st: State, piece: Any, square: int) -> None:
            said(st, span, piece, square)
        return _square_action(
            span, k, "[x]", lambda st, piece: "nothing to capture" if piece is None else None,
            lambda st, piece: None, taken, captures=True)

    @staticmethod
    def _destroy(span: Span, k: ItemCont) -> ItemCont:
        """``[d]``: take what stands on the square off the board without capturing it: the move's
        captures leave it out, so it is not what the move attacks (an explosion's victims)."""
        return _square_action(
            span, k, "[d]", lambda st, piece: "nothing to destroy" if piece is None else None,
            lambda st, piece: None, lambda st, piece, square: words.destroyed(st, span, piece, square))

    @staticmethod
    def _win_over(span: Span, k: ItemCont) -> ItemCont:
        """``[w]``: the enemy piece on the square changes to the mover's side, where it stands."""
        def refused(st: State, piece: Any) -> str | None:
            return None if piece is not None and piece.player != st.me and piece.player >= 0 else ""

        return _square_action(
            span, k, "[w]", refused, lambda st, piece: piece._replace(player=st.me),
            lambda st, piece, square: words.won_over(st, span, piece, square))

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
                words.again(st, span, square)
            try:
                k(st, square)
            finally:
                st.progress -= 1
                st.again = False
        return again

    def visit_count_check(self, item: CountCheck, k: ItemCont) -> ItemCont:
        """``[=n-m]`` / ``[=n-m@zone]``: how many pieces the square (or the zone) holds."""
        if self.reach_mode:
            return self._passing(k)
        low, high = item.minimum, item.maximum
        squares: tuple[int, ...] | None = None
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
                # The mover's pieces of one type, on the board (or in the zone): a column counts as
                # its top piece, which owns it; a heap belongs to nobody.
                return sum(1 for s in (range(len(cells)) if squares is None else squares)
                           if (piece := cells[s]) is not None and piece.kind == kind and piece.player == st.me)
            if squares is None:
                return heap_size(cells[square])
            return sum(heap_size(cells[s]) for s in squares)

        def holds(st: State, square: int) -> bool:
            found = count(st, square)
            return low <= found and (high is None or found <= high)

        def said(st: State, square: int, ok: bool) -> None:
            words.count_check(st, item.span, f"[{text}]", item.zone, item.piece, count(st, square), square, ok)
        return self._predicate(holds, k, said)

    def visit_run_check(self, item: RunCheck, k: ItemCont) -> ItemCont:
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
            return run_count(st.position.runs, piece, square)

        def holds(st: State, square: int) -> bool:
            found = count(st, square)
            return low <= found and (high is None or found <= high)

        def said(st: State, square: int, ok: bool) -> None:
            words.run_check(st, item.span, f"[{text}]", count(st, square), square, ok)
        return self._predicate(holds, k, said)

    def _once(self, item: Check, k: ItemCont) -> ItemCont:
        label = item.label or f"{self.piece_name}@{item.span.start}"
        first = item.letter == "o"
        span = item.span

        def once(st: State, square: int) -> None:
            made = (st.me, label) in st.position.labels
            ok = (not made) if first else made
            if st.trace is not None:
                words.once(st, span, item.letter, label, made, square, ok)
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

    def visit_type_check(self, item: TypeCheck, k: ItemCont) -> ItemCont:
        if self.reach_mode:
            return self._passing(k)
        kind = self.rules.kind_index.get(item.name)
        if kind is None:
            raise self._error(f"unknown piece type '{item.name}'", item.span)
        want = not item.negated
        text = f"[{'!' if item.negated else ''}={item.name}]"

        def holds(st: State, square: int) -> bool:
            piece = st.cells[square]
            cell: object = piece  # a heap stands in a cell in the place of a piece (heaps.as_cell)
            if type(cell) is Heap:
                return (cell.counts[kind] > 0) == want  # a heap holds pieces of several types
            return (piece is not None and piece.kind == kind) == want

        def said(st: State, square: int, ok: bool) -> None:
            words.type_check(st, item.span, text, square, ok)
        return self._predicate(holds, k, said)

    def visit_zone_check(self, item: ZoneCheck, k: ItemCont) -> ItemCont:
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

        def said(st: State, square: int, ok: bool) -> None:
            words.zone_check(st, item.span, text, item.name, square in squares, square, ok)
        return self._predicate(holds, k, said)

    def visit_direction_check(self, item: DirectionCheck, k: ItemCont) -> ItemCont:
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

        def said(st: State, square: int, ok: bool) -> None:
            words.direction_check(st, item.span, text, same_direction(st), square, ok)
        return self._predicate(holds, k, said)

    def visit_promote(self, item: Promote, k: ItemCont) -> ItemCont:
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
                    words.no_promotion_in_hand(st, span, square)
                return
            piece, origin = st.hand[-1]
            saved = st.promotion
            for name, kind in kinds:
                if lost and not has_lost(st.cells, st.position.hands, st.me, kind, st.rules.setup_count(st.me, kind)):
                    if st.trace is not None:
                        words.lost_kind(st, span, kind, square, False)
                    continue
                st.hand[-1] = (piece._replace(kind=kind), origin)
                st.promotion = name
                st.progress += 1
                if st.trace is not None:
                    words.promote_kind(st, span, kind, square)
                try:
                    k(st, square)
                finally:
                    st.progress -= 1
                    st.hand[-1] = (piece, origin)
                    st.promotion = saved
        return promote

    def visit_create(self, item: Create, k: ItemCont) -> ItemCont:
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
                    words.refused(st, span, f"[*{name}]", square, "")
                return
            st.spend()
            first = st.touch(square)
            st.cells[square] = Piece(NEUTRAL if neutral else st.me, kind, True)
            st.created.append(square)
            st.progress += 1
            if st.trace is not None:
                words.created(st, span, name, square)
            try:
                k(st, square)
            finally:
                st.progress -= 1
                st.created.pop()
                st.cells[square] = None
                st.untouch(square, first)
        return create

    def visit_handler(self, item: Handler, k: ItemCont) -> ItemCont:
        number, span = item.number, item.span
        if self.reach_mode:
            return self._passing(k)

        def handler(st: State, square: int) -> None:
            function = st.rules.handlers.get(number)
            ok = bool(function(st.position, square, st.me)) if function is not None else False
            if st.trace is not None:
                words.handler(st, span, number, function is not None, square, ok)
            if ok:
                k(st, square)
        return handler

    def _navigate_not(self, item: Navigate, k: ItemCont) -> ItemCont:
        """``!(checks)>N``: go on when the checks do not all hold on that square, or it does not exist."""
        if self.reach_mode:
            return self._passing(k)
        span = item.span

        def held(st: State, looked: int) -> None:
            raise Held(looked)

        look = self._look(Navigate(item.items, item.path, item.span), held, given_target=True)

        def navigate_not(st: State, square: int) -> None:
            try:
                look(st, square)
            except Held as found:
                if st.trace is not None:
                    words.checks_hold(st, span, square, found.args[0])
                return
            k(st, square)
        return navigate_not

    def visit_navigate(self, item: Navigate, k: ItemCont) -> ItemCont:
        if item.negated:
            return self._navigate_not(item, k)
        return self._look(item, k)

    def _look(self, item: Navigate, k: ItemCont, given_target: bool = False) -> ItemCont:
        """The items applied on the square ``item`` navigates to, then ``k`` from where the look began
        (``given_target``: from the square looked at, which a negated look names)."""
        rules = self.rules
        path: list[tuple[int | None, int | None, bool]] = []
        for nav in item.path:
            if nav.group is not None:
                if nav.group > self.notation.group_count:
                    raise self._error(f"'\\{nav.group}' refers to a group that does not exist", nav.span)
                path.append((None, nav.group, nav.opposite))
            else:
                directions = self._directions((nav.key,))
                path.append((directions[0] if directions else -1, None, False))
        span = item.span

        def after(st: State, target: int) -> None:
            origin = st.navstack.pop()
            try:
                k(st, target if given_target else origin)
            finally:
                st.navstack.append(origin)

        inner = self._items(item.items, after)

        def navigate(st: State, square: int) -> None:
            target: int | None = square
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
                    words.no_such_square(st, span, square)
                return
            if st.footprint is not None:
                st.footprint.add(target)
            st.navstack.append(square)
            try:
                inner(st, target)
            finally:
                st.navstack.pop()
        return navigate


def _null_move(span: Span, k: ItemCont) -> ItemCont:
    """``[n]``: the move counts even if it changes nothing, the piece ending where it began."""
    def null(st: State, square: int) -> None:
        if st.null:
            k(st, square)
            return
        st.null = True
        if st.trace is not None:
            words.null_move(st, span, square)
        try:
            k(st, square)
        finally:
            st.null = False
    return null


def _square_action(span: Span, k: ItemCont, check: str, refused: Callable[[State, Any], str | None],
                   becomes: Callable[[State, Any], Any], done: Callable[[State, Any, int], None],
                   captures: bool = False) -> ItemCont:
    """An action that changes what stands on the square (``[x]``, ``[d]``, ``[w]``) for the rest of the
    branch, and puts it back after: ``refused`` says why it cannot (``None`` when it can; ``""`` to
    say who stands there), ``becomes`` what the square then holds, ``done`` records the trace's
    event; ``captures`` counts the square among the move's captures."""
    def act(st: State, square: int) -> None:
        piece = st.cells[square]
        why = refused(st, piece)
        if why is not None:
            if st.trace is not None:
                words.refused(st, span, check, square, why)
            return
        st.spend()
        first = st.touch(square)
        st.cells[square] = becomes(st, piece)
        if captures:
            st.captures.append(square)
        st.progress += 1
        if st.trace is not None:
            done(st, piece, square)
        try:
            k(st, square)
        finally:
            st.progress -= 1
            if captures:
                st.captures.pop()
            st.cells[square] = piece
            st.untouch(square, first)
    return act


def actions_for_kind(kind: str) -> KindActions | None:
    """The module giving a board kind's own lift, put, capture and implicit end (``None`` for the
    default board): imported only when such a board is played."""
    if kind == "heap":
        from tests.oracle import heap_actions
        return heap_actions
    if kind == "stack":
        from tests.oracle import stack_actions
        return stack_actions
    return None
