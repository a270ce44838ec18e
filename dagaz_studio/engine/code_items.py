"""Bracket items in compiled code, for every board kind: checks of a square, captures, promotion,
making pieces and navigation, each written as a test around the code that follows it.

:class:`ItemWriter` is the layer of :class:`~dagaz_studio.engine.code_writer.CodeWriter` that
writes them; what a square's content is on a board kind (a piece, a heap, a column) — how a capture
takes it, how a piece's type is read, which letters the kind adds — is its back-end's
(:class:`~dagaz_studio.engine.default_code.CodeGenerator`, :class:`~dagaz_studio.engine.kind_code.KindWriter`).
"""

from __future__ import annotations

from typing import Any

from dagaz_studio.board.placement import NEUTRAL
from dagaz_studio.engine.emitter import Emitter, Env, ItemCont, without
from dagaz_studio.engine.trace_words import check_text
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import (
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

#: The bracket actions that change what stands on a square in place, for every board kind: the test
#: that they can, and what the square then holds (of ``q``, what stood there).
ACTIONS = {"d": ("{q} is not None", "None"),
           "w": ("{q} is not None and {q}[0] != me and {q}[0] >= 0", "{q}._replace(player=me)")}


class ItemWriter(Emitter, Visitor[None]):
    """Writes a bracket's items (:meth:`items`)."""

    #: Whether the code keeps the hand, the squares visited and touched (a notation that lifts or
    #: puts, or a board kind whose moves always do).
    rich = False
    #: Whether the board has neutral pieces (an arrow, a wall, a heap): then they are no enemy.
    neutral = True
    #: The span of the bracket item being written (what a traced capture names).
    item_span: Any = None
    #: Whether the code may take a shortcut the runner does not (a possessive pass taken without its
    #: trial, a zone's count stopped at its first piece): the traced code takes none, as it says
    #: every step the runner takes.
    shortcuts = True

    # ---------------------------------------------------------------- hooks of a back-end

    def capture_lines(self, q: str, square: str) -> tuple[str, list[str], str]:
        """``[x]`` on ``square``, which holds ``q``: the test that it can be taken, the statements
        that take it and the one that puts it back."""
        raise NotImplementedError

    def land_first(self, env: Env, ind: int, square: str) -> int:
        """Before ``square`` is changed at ``ind``, the square a capture there is to land on looked
        at (on a heap or stack board): the indentation of the change."""
        return ind

    def type_test(self, q: str, kind: int) -> str:
        """A test (in parentheses) that the content ``q`` of a square is, or holds, a piece of ``kind``
        (here: is one, where a square holds one piece or none)."""
        return f"({q} is not None and {q}[1] == {kind})"

    def threat_test(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> str | None:
        """The test of ``[a]`` or ``[s]`` (could the enemy, or the mover, capture on the square), or
        ``None`` when the check's code, ``k``'s included, is written already."""
        raise NotImplementedError

    def kept_in_place(self, square: str | None) -> str:
        """What the code keeps of a square changed in place (``square``; ``None``: put back), as
        statements to follow another (nothing by default)."""
        return ""

    def visit_count_check(self, item: CountCheck, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[=n-m]``: how many pieces a square or a zone holds (``:Name``: how many of the mover's
        pieces of a type), counted as the runner counts them (:mod:`~dagaz_studio.engine.counts`)."""
        squares = "None"
        if item.zone is not None:
            squares = self.constant("zq", tuple(sorted(self.zone_squares(item.zone, item.span))))
        found = self.fresh("h")
        if item.piece is not None:
            self.emit(ind, f"{found} = OWN(cells, {squares}, {self.kind_of(item.piece, item.span)}, me)")
        elif item.zone is not None:
            if item.minimum == 1 and item.maximum is None and self.shortcuts:
                # At least one piece: the zone's first square that holds one answers.
                self.emit(ind, f"if ZANY(cells, {squares}):")
                k(env, ind + 1, square)
                return
            self.emit(ind, f"{found} = ZSIZE(cells, {squares})")
        else:
            cell = self.fresh("q")
            self.emit(ind, f"{cell} = cells[{square}]")
            self.emit(ind, f"{found} = sum({cell}[3]) if type({cell}) is HEAP else SIZE({cell})")
        self.bounded(item, found, "count_check", env, ind, square, k, repr(item.zone), repr(item.piece))

    def visit_run_check(self, item: RunCheck, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[u0-2]``: how many moves in a row the piece on the square (or in hand, where the square
        is empty) has made without capturing, as the position keeps them."""
        q, where, found = self.fresh("q"), self.fresh("s"), self.fresh("u")
        held = "hand[-1] if hand else (None, None)" if self.rich else "(piece, origin)"
        self.emit(ind, f"{q} = cells[{square}]; {where} = {square}")
        self.emit(ind, f"if {q} is None: {q}, {where} = {held}")
        self.emit(ind, f"{found} = RUN(P.runs, {q}, {where})")
        self.bounded(item, found, "run_check", env, ind, square, k)

    def bounded(self, item: CountCheck | RunCheck, found: str, event: str, env: Env, ind: int, square: str, k: ItemCont,
                *said: str) -> None:
        """The number ``found`` within ``item``'s bounds, then ``k``; the trace's ``event`` names the
        item as written, then what ``said`` adds, the number and the square."""
        test = f"{item.minimum} <= {found}{'' if item.maximum is None else f' <= {item.maximum}'}"
        text = repr(f"[{self.notation.text[item.span.start:item.span.end]}]")
        self.holds(test, env, ind, square, k, event, item.span, text, *said, found, square)

    def holds(self, test: str, env: Env, ind: int, square: str, k: ItemCont, event: str, span: Any, *said: str) -> None:
        """``k`` where ``test`` holds; a traced run records the event ``event`` with what ``said``
        says and whether it held."""
        self.emit(ind, f"if {self.traced_test(ind, env, test, event, span, *said)}:")
        k(env, ind + 1, square)

    def kind_of(self, name: str, span: Span) -> int:
        """The index of piece type ``name``; the runner's error where the board has no such type."""
        kind = self.rules.kind_index.get(name)
        if kind is None:
            raise NotationError(f"unknown piece type '{name}'", self.notation.text, span)
        return kind

    def promotion(self, promoted: str, kinds: list[tuple[str, int]]) -> tuple[str, str]:
        """The loop header of a promotion choosing among ``kinds`` (name, index), with ``promoted``
        the value a move records, and the expression of the kind chosen."""
        return f"for {promoted} in {tuple(kind for _, kind in kinds)!r}:", promoted

    # ---------------------------------------------------------------- the items

    def items(self, items: list[Any], env: Env, ind: int, square: str, k: ItemCont) -> None:
        """The code of ``items`` in turn, then ``k``'s (written apart where it would nest too deeply)."""
        if not items:
            k(env, ind, square)
            return
        first, rest = items[0], items[1:]
        self.apart_if_deep(lambda e, i: self.visit(first, e, i, square, lambda e, i, sq: self.items(rest, e, i, sq, k)),
                           env, ind)

    def visit_type_check(self, item: TypeCheck, env: Env, ind: int, square: str, k: ItemCont) -> None:
        kind = self.kind_of(item.name, item.span)
        q = self.fresh("q")
        self.emit(ind, f"{q} = cells[{square}]")
        self.holds(f"{'not ' if item.negated else ''}{self.type_test(q, kind)}", env, ind, square, k, "type_check",
                   item.span, repr(f"[{'!' if item.negated else ''}={item.name}]"), square)

    def visit_zone_check(self, item: ZoneCheck, env: Env, ind: int, square: str, k: ItemCont) -> None:
        zone = self.constant("zone", self.zone_squares(item.name, item.span))
        self.holds(f"{square} {'not in' if item.negated else 'in'} {zone}", env, ind, square, k, "zone_check",
                   item.span, repr(f"[{'!' if item.negated else ''}@{item.name}]"), repr(item.name),
                   f"{square} in {zone}", square)

    def visit_direction_check(self, item: DirectionCheck, env: Env, ind: int, square: str, k: ItemCont) -> None:
        recorded = self.recorded(item.group, item.opposite, env, ind, item.span)
        # (``is`` is not asked of a direction known as the code is written: Python warns.)
        test = (f"{env['d']} == {recorded}" if recorded.isdigit()
                else f"{recorded} is not None and {env['d']} == {recorded}")
        text = repr(self.notation.text[item.span.start:item.span.end])
        self.holds(f"{'not ' if item.negated else ''}({test})", env, ind, square, k, "direction_check", item.span,
                   text, f"({test})", square)

    def capture(self, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[x]``: what stands on ``square`` taken as the board kind takes it (:meth:`capture_lines`),
        then ``k``, then put back."""
        known = env.get("rd")
        if known is not None and known[0] == square:
            q = known[1]  # read by a check before it in the same bracket: nothing has changed since
        else:
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
        test, take, back = self.capture_lines(q, square)
        self.altered(env, ind, square, q, test, "; ".join(take), back, self.item_span, ("capture", q, square),
                     ("capture_refused", square), k)

    def change_square(self, letter: str, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[d]`` (what stands there taken off, not captured) and ``[w]`` (the enemy piece there
        changes to the mover's side): the square changed for the rest of the way, then put back.
        The code keeps the squares touched (:attr:`rich`): a move that changes a square this way is
        built from them."""
        q = self.fresh("q")
        self.emit(ind, f"{q} = cells[{square}]")
        test, becomes = ACTIONS[letter]
        self.altered(env, ind, square, q, test.format(q=q), f"cells[{square}] = {becomes.format(q=q)}"
                     f"{self.kept_in_place(square)}", f"cells[{square}] = {q}{self.kept_in_place(None)}",
                     self.item_span, ("destroyed" if letter == "d" else "won_over", q, square),
                     ("refused", repr(f"[{letter}]"), square, "'nothing to destroy'" if letter == "d" else "''"), k)

    def altered(self, env: Env, ind: int, square: str, q: str, test: str, change: str, undo: str, span: Any,
                said: tuple[str, ...], refused: tuple[str, ...], k: ItemCont) -> None:
        """``square`` (which held ``q``) changed by the statement ``change`` where ``test`` holds, for
        the rest of the way (``k``), then put back by ``undo``: a piece lifted, captured or made, a
        square changed in place. A traced run records the event ``said`` (its name, then what it
        names) there, or else the event ``refused``."""
        self.emit(ind, f"if {test}:")
        i = self.land_first(env, ind + 1, square)
        self.spend(i)
        if self.rich:
            self.emit(i, f"if {square} not in touched: touched[{square}] = {q}")
        self.emit(i, change)
        self.traced(i, env, said[0], span, *said[1:])
        k(without(dict(env, pg=self.progress(env, i)), "rd"), i, square)
        self.emit(i, undo)
        self.traced_else(ind, env, refused[0], span, *refused[1:])

    def again(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[k]``: the same player moves again after this move (counted as progress the first time)."""
        if env["ag"] == "True":
            k(env, ind, square)
            return
        flag = self.fresh("ag")
        self.emit(ind, f"{flag} = True")
        self.traced(ind, env, "again", item.span, square, env["ag"])
        if env["ag"] == "False":
            k(dict(env, ag=flag, pg=self.progress(env, ind)), ind, square)
            return
        pg = self.fresh("pg")
        self.emit(ind, f"{pg} = {env['pg']} if {env['ag']} else {env['pg']} + 1")
        k(dict(env, ag=flag, pg=pg), ind, square)

    def null(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[n]``: the move counts even if it changes nothing (a null move)."""
        if env["nl"] != "True":
            self.traced(ind, env, "null_move", item.span, square, env["nl"])
        k(dict(env, nl="True"), ind, square)

    def once(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[o]`` (``[O]``): a move of this label (by default, of this alternative of this piece) has
        not (has) been made in the game by the mover; ``[o]`` gives the move its label."""
        label = item.label or f"{self.piece_name}@{item.span.start}"
        made = f"(me, {label!r}) in P.labels"
        test = self.traced_test(ind, env, made if item.letter == "O" else f"not {made}", "once", item.span,
                                repr(item.letter), repr(label), made, square)
        self.emit(ind, f"if {test}:")
        if item.letter == "O":
            k(env, ind + 1, square)
            return
        labels = self.fresh("lb")
        self.emit(ind + 1, f"{labels} = {env['lb']} if {label!r} in {env['lb']} else {env['lb']} + ({label!r},)")
        k(dict(env, lb=labels), ind + 1, square)

    def visit_handler(self, item: Handler, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[1]``: the interpreter's handler of that number asked of the position and the square
        (none defined: the check fails)."""
        handler = self.fresh("hd")
        self.emit(ind, f"{handler} = R.handlers.get({item.number})")
        self.holds(f"{handler} is not None and {handler}(P, {square}, me)", env, ind, square, k, "handler", item.span,
                   str(item.number), f"{handler} is not None", square)

    def visit_other(self, node: Any, *context: Any) -> None:
        """A node type no back-end writes: the writer's error, never the notation's (every construct is
        written; tests/engine/test_coverage.py holds each back-end to the notation's node types)."""
        raise NotImplementedError(f"{type(self).__name__} writes no code for a {type(node).__name__}")

    def looked_at(self, ind: int, square: str) -> None:
        """A navigation came to ``square`` (reach mode keeps it among the squares a run looks at)."""

    def zone_squares(self, name: str, span: Span) -> frozenset[int]:
        """Zone ``name``'s squares for this player; the runner's error where the board has no such zone."""
        zone = self.rules.board.zones.get(name)
        if zone is None:
            raise NotationError(f"unknown zone '{name}'", self.notation.text, span)
        return zone.squares_for(self.player_name)

    def recorded(self, group: int, opposite: bool, env: Env, ind: int, span: Span) -> str:
        """The direction a group recorded (``~``: its opposite): a variable, a direction's number
        where it is known as the code is written, or ``None``."""
        if group > self.notation.group_count:
            raise NotationError(f"'\\{group}' refers to a group that does not exist", self.notation.text, span)
        # (Group 0, the previous partial move's, is recorded only by a '&'.)
        recorded = str(env.get(f"g{group}", "None"))
        if not opposite or recorded == "None":
            return recorded
        if recorded.isdigit():
            # A direction known when compiling: its opposite is too (no "3 is None" in the code).
            reverse = self.rules.opposite[int(recorded)]
            return "None" if reverse is None else str(reverse)
        name = self.fresh("r")
        opposites = self.constant("opp", tuple(self.rules.opposite))
        self.emit(ind, f"{name} = None if {recorded} is None else {opposites}[{recorded}]")
        return name

    def visit_promote(self, item: Promote, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """The piece in hand (with nothing in hand, the moving piece) promoted to each choice in turn."""
        kinds = [(name, self.kind_of(name, item.span)) for name in item.choices]
        promoted = self.fresh("pr")
        if self.rich:
            held, start = self.fresh("hp"), self.fresh("ho")
            self.emit(ind, "if hand:")
            ind += 1
            self.emit(ind, f"{held}, {start} = hand[-1]")
        loop, chosen = self.promotion(promoted, kinds)
        self.emit(ind, loop)
        if item.lost:
            # Only to a type the mover has fewer of than the board's setup gave him.
            setup = self.constant("setup", {kind: self.rules.setup_count(self.player, kind) for _, kind in kinds})
            lost = self.traced_test(ind + 1, env, f"LOST(cells, P.hands, me, {chosen}, {setup}[{chosen}])", "lost_kind",
                                    item.span, chosen, square)
            self.emit(ind + 1, f"if not {lost}: continue")
        pg = self.progress(env, ind + 1)
        if self.rich:
            self.emit(ind + 1, f"hand[-1] = ({held}._replace(kind={chosen}), {start})")
        self.traced(ind + 1, env, "promote_kind", item.span, chosen, square)
        k(dict(env, pr=promoted, pg=pg), ind + 1, square)
        if self.rich:
            # Put back after each choice, so that the next choice's refusal shows the piece as it was.
            self.emit(ind + 1, f"hand[-1] = ({held}, {start})")
            self.traced_else(ind - 1, env, "no_promotion_in_hand", item.span, square)

    def visit_create(self, item: Create, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[*Name]``: a new piece on the empty square, the mover's (nobody's if its type is neutral),
        kept in ``created``; taken off again when the way through it is done, as the runner does."""
        kind = self.kind_of(item.name, item.span)
        owner = str(NEUTRAL) if self.rules.kinds[kind].neutral else "me"
        self.altered(env, ind, square, "None", f"cells[{square}] is None",
                     f"cells[{square}] = TNEW(PIECE, ({owner}, {kind}, True)); created.append({square})",
                     f"created.pop(); cells[{square}] = None", item.span, ("created", repr(item.name), square),
                     ("refused", repr(f"[*{item.name}]"), square, "''"), k)

    def visit_navigate(self, item: Navigate, env: Env, ind: int, square: str, k: ItemCont) -> None:
        tables = self.constant("nbs", tuple(self.rules.neighbours))
        target = square
        for nav in item.path:
            if nav.group is not None:
                direction = self.recorded(nav.group, nav.opposite, env, ind, nav.span)
            else:
                found = self.directions((nav.key,))
                direction = str(found[0]) if found else "None"
            step = self.fresh("nv")
            unknown = [f"{name} is None" for name in (direction, target) if not name.isdigit() and name != "origin"]
            if direction == "None":
                self.emit(ind, f"{step} = None")
            elif unknown:
                self.emit(ind, f"{step} = None if {' or '.join(unknown)} else {tables}[{direction}][{target}]")
            else:
                self.emit(ind, f"{step} = {tables}[{direction}][{target}]")
            target = step
        # ``!(checks)>N``: a flag the checks clear when they all hold there; the rest runs while it is set.
        free = self.fresh("ng") if item.negated else None
        if free is not None:
            self.emit(ind, f"{free} = True")
        self.emit(ind, f"if {target} is not None:")
        self.looked_at(ind + 1, target)
        self.items(list(item.items), env, ind + 1, target,
                   lambda e, i, _sq: k(e, i, square) if free is None else self.emit(i, f"{free} = False"))
        self.traced_else(ind, env, "no_such_square", item.span, square)
        if free is not None:
            self.emit(ind, f"if {free}:")
            k(env, ind + 1, square)
            self.traced_else(ind, env, "checks_hold", item.span, square, target)

    def visit_check(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> None:
        self.item_span = item.span
        letter = item.letter
        lower = letter.lower()
        want = letter.islower()
        if lower == "x":
            self.capture(env, ind, square, k)
            return
        if letter in ACTIONS:
            self.change_square(letter, env, ind, square, k)
            return
        if lower in "kno":
            {"k": self.again, "n": self.null, "o": self.once}[lower](item, env, ind, square, k)
            return
        after = env
        if lower in "pef":
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
            # A neutral piece (player -1: an arrow, a wall, a heap) is no enemy.
            test: str | None = {"p": f"{q} is None",
                                "e": f"{q} is not None and {q}[0] != me" + (f" and {q}[0] >= 0" if self.neutral else ""),
                                "f": f"{q} is not None and {q}[0] == me"}[lower]
            # What stands on the square, as read: the bracket's next items may use it (``rd``).
            after = dict(env, rd=(square, q))
        elif lower == "m":
            found = "(hand[-1][0] if hand else (None, None, False))" if self.rich else "piece"
            test = f"(cells[{square}] or {found})[2]"
        elif lower == "r":
            test = f"{square} in visited" if self.rich else f"{square} == origin"
        elif lower in "lt":
            # The previous move's start or end (after a '&', the previous partial move's).
            test = f"{square} == {env['lo' if lower == 'l' else 'lt']}"
        elif lower == "b":
            test = f"{square} == origin"  # where the move began
        elif lower == "c":
            test = f"{square} in caps"  # captured on by this move so far
        else:  # [a], [s]
            test = self.threat_test(item, env, ind, square, k)
            if test is None:
                return
        # A traced check says its text, its letter and the square.
        self.holds(f"{'' if want else 'not '}({test})", after, ind, square, k, "check", item.span,
                   repr(check_text(item.letter, item.label)), repr(item.letter), square)
