"""The one writer of compiled code: a notation written out as Python source, node by node, each node
given the code that follows it as a continuation.

:class:`CodeWriter` writes the notation's structure — sequences, alternatives, groups, steps, lifts,
puts and partial moves — over its layer of bracket items (:class:`~dagaz_studio.engine.code_items.ItemWriter`)
and the emitter (:class:`~dagaz_studio.engine.emitter.Emitter`). What differs by board kind is said
by a back-end that overrides a few hooks, each returning or writing source text as the code is
written (nothing of it is a call in the generated code): how a square's content is lifted, put down
and captured, how a move ends and is kept, how a repetition is written and how work is counted. The
default board's back-end is :class:`~dagaz_studio.engine.default_code.CodeGenerator`, the heap and
stack boards' :class:`~dagaz_studio.engine.kind_code.KindWriter`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dagaz_studio.engine.code_items import ItemWriter
from dagaz_studio.engine.emitter import WALK_LOOK_EVERY, Cont, Env, without
from dagaz_studio.engine.wrapping import wrapping_tables
from dagaz_studio.notation.cancel import look
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Check,
    Continue,
    DirectionCheck,
    Group,
    GroupStep,
    Lift,
    Navigate,
    Promote,
    Put,
    Repeat,
    Sequence,
    Step,
    children,
    leading_zone,
    stops_at_zone,
    walk,
)
from dagaz_studio.notation.shape import always_steps
from dagaz_studio.notation.visitor import Visitor

#: The run state inside the move's end, ``fin``: its parameters (and a traced run's ``d`` and
#: ``dp``), each read by its own name.
FIN = {name: name for name in ("c", "d", "dp", "mi", "ms", "md", "pr", "ps", "ag", "nl", "lb")}


@dataclass
class Survey:
    """What a notation (or one part of it) holds, found in one walk over its tree: what a back-end
    asks before writing it (the run state it keeps, what it leaves to the runner)."""

    #: The types of the nodes and bracket items it holds.
    kinds: set[type] = field(default_factory=set)
    #: The letters of its checks.
    letters: set[str] = field(default_factory=set)
    #: The groups whose direction it reads (``\\k``, ``~k``, direction checks, navigation).
    groups_read: set[int] = field(default_factory=set)
    repeats: list[Repeat] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)


class _Surveyor(Visitor[None]):
    """Adds what one node holds to a :class:`Survey`."""

    def visit_check(self, node: Check, found: Survey) -> None:
        found.letters.add(node.letter)

    def visit_repeat(self, node: Repeat, found: Survey) -> None:
        found.repeats.append(node)

    def visit_group(self, node: Group, found: Survey) -> None:
        found.groups.append(node)

    def visit_group_step(self, node: GroupStep | DirectionCheck, found: Survey) -> None:
        found.groups_read.add(node.group)

    visit_direction_check = visit_group_step

    def visit_navigate(self, node: Navigate, found: Survey) -> None:
        found.groups_read.update(step.group for step in node.path if step.group is not None)

    def visit_other(self, node: Any, *context: Any) -> None:
        pass


_SURVEYOR = _Surveyor()


def survey(body: Any, cancel: Any = None) -> Survey:
    """The :class:`Survey` of ``body``, looking at ``cancel`` now and then (a notation at the length
    limit has some 15,000 nodes)."""
    found = Survey()
    for count, n in enumerate(walk(body), 1):
        if cancel is not None and count % WALK_LOOK_EVERY == 0:
            look(cancel)
        found.kinds.add(type(n))
        _SURVEYOR.visit(n, found)
    return found


class _SingleWay(Visitor[bool]):
    """Whether there is at most one way through a node (``writer`` reads a step's directions)."""

    def visit_step(self, node: Step, writer: CodeWriter) -> bool:
        return len(writer.directions(node.keys)) <= 1

    def visit_group_step(self, node: GroupStep | Lift | Put, writer: CodeWriter) -> bool:
        return True

    visit_lift = visit_put = visit_group_step

    def visit_group(self, node: Group, writer: CodeWriter) -> bool:
        return self.visit(node.body, writer)

    def visit_sequence(self, node: Sequence, writer: CodeWriter) -> bool:
        items = node.items
        return all(self.visit(item, writer)
                   or (stops_at_zone(item, items[index + 1:]) and self.visit(children(item)[0], writer))
                   for index, item in enumerate(items))

    def visit_alternatives(self, node: Alternatives, writer: CodeWriter) -> bool:
        options = node.options
        if len(options) > 1:
            # Ways that each begin in a zone of their own, the zones apart: at most one can go on.
            zones = writer.rules.board.zones
            names = [leading_zone(option) for option in options]
            if not all(name in zones for name in names):
                return False
            squares = [zones[name].squares_for(writer.player_name) for name in names]  # type: ignore[index]
            if sum(map(len, squares)) != len(set().union(*squares)):
                return False
        return all(self.visit(option, writer) for option in options)

    def visit_repeat(self, node: Repeat, writer: CodeWriter) -> bool:
        return node.possessive and self.visit(node.body, writer)

    def visit_bracket(self, node: Bracket, writer: CodeWriter) -> bool:
        return all(_ONE_CHOICE.visit(item) for item in node.items)

    def visit_other(self, node: Any, *context: Any) -> bool:
        return False


class _OneChoice(Visitor[bool]):
    """Whether a bracket item leaves at most one way on: all but a promotion with a choice do."""

    def visit_promote(self, node: Promote) -> bool:
        return len(node.choices) <= 1

    def visit_navigate(self, node: Navigate) -> bool:
        return all(self.visit(item) for item in node.items)

    def visit_other(self, node: Any, *context: Any) -> bool:
        return True


_SINGLE_WAY = _SingleWay()
_ONE_CHOICE = _OneChoice()


class CodeWriter(ItemWriter):
    """The source of one notation (or one part of it) for one board and player."""

    #: A step in at most this many directions, with a short continuation, is written out once a
    #: direction rather than as a loop over them (0: always a loop).
    unroll_directions = 0
    #: Writing the pruned attack question (:func:`~dagaz_studio.engine.compiler.compile_function`, ``"probe"``).
    probe = False
    #: Whether a step in several directions loops over the squares it leads to from the cursor's
    #: square (a table by square) rather than over the directions' tables: where nothing records
    #: that a direction leads off the board.
    square_steps = False
    #: What the move's end, ``fin``, is given beyond the run state (:meth:`fin_args`): nothing but
    #: in a traced run (its cursor's direction, depth and the span of the end it is).
    fin_extra = ""
    #: Whether the code keeps the squares the moving piece has been put down on, ``visited``.
    visits = True
    #: Whether the notation reads the previous move (``[l]``, ``[t]``; :meth:`last_move`).
    history = False
    #: The steps inside a repetition's body (by id), which a way may take more than once: the pruned
    #: attack question's first step is never one of them (:attr:`probe`).
    repeated: frozenset[int] | set[int] = frozenset()

    # ---------------------------------------------------------------- hooks of a back-end

    def end(self, env: Env, ind: int, then: str) -> None:
        """The implicit end (``fin``, :meth:`finishing`): each piece still in hand put down on the cursor's
        square; then ``then(square, direction)`` (after a ``&``), or with ``then`` ``None`` the move kept."""
        self.emit(ind, self.fin_call(env, then, self.fin_args(env, then)))

    def fin_args(self, env: Env, then: str) -> str:
        """What ``fin`` is given beyond the run state (:attr:`fin_extra`), at an end ``then``."""
        return ""

    def marks_of(self, env: Env) -> str:
        """What ``fin`` is given of the marks a move may carry (``[k]``, ``[n]``, ``[o]``), after ``then``."""
        return ""

    def reached(self, ind: int, ms: str) -> None:
        """In ``fin``, the hand empty, the moving piece on ``ms``: the move kept, or ``then`` called (after a ``&``)."""
        raise NotImplementedError

    def fin_again(self, env: Env, ind: int) -> None:
        """In ``fin``, a piece from the hand put down (the run state ``env``): ``fin`` again for the rest."""
        self.emit(ind, self.fin_call(env, "then", self.fin_extra))

    def lift_lines(self, c: str, q: str) -> tuple[str, str, str]:
        """Lifting ``q``, the content of square ``c``: the test that something can be lifted there,
        the statement that lifts it and the one that puts it back."""
        return f"{q} is not None", f"cells[{c}] = None; hand.append(({q}, {c}))", f"hand.pop(); cells[{c}] = {q}"

    def put_down(self, env: Env, ind: int, c: str, pp: str, po: str, old: str) -> tuple[Env, list[str]]:
        """The piece ``pp`` (lifted from ``po``) put on square ``c``, which held ``old`` (:meth:`place`):
        written at ``ind``; the fields of the run state it changes, and the lines that undo it (before
        ``c`` and the hand are put back as they were). The mover put down last moved there; another
        piece is one put elsewhere (``also``)."""
        mover, ms, mi = self.fresh("im"), self.fresh("ms"), self.fresh("mi")
        self.emit(ind, f"{mover} = {env['mi']} and not hand")
        undo = self.place(ind, c, pp, po, old)
        if self.visits:
            self.emit(ind, f"if {mover}: visited.append({c})")
            self.emit(ind, f"else: also.append(({po}, {c}))")
            undo = [f"if {mover}: visited.pop()", "else: also.pop()", *undo]
        else:
            self.emit(ind, f"if not {mover}: also.append(({po}, {c}))")
            undo = [f"if not {mover}: also.pop()", *undo]
        self.emit(ind, f"{mi} = False if {mover} else {env['mi']}; {ms} = {c} if {mover} else {env['ms']}")
        return {"mi": mi, "ms": ms}, undo

    def place(self, ind: int, c: str, pp: str, po: str, old: str) -> list[str]:
        """The piece ``pp`` (lifted from ``po``) put on square ``c``, which held ``old``, as the
        board kind puts it (:meth:`put_down`); the lines that undo what it kept of it."""
        raise NotImplementedError

    def landing(self, first: Any, rest: list[Any]) -> Any | None:
        """A step after ``first`` that a capture in ``first`` looks at before it takes (``None``: none)."""
        return None

    def single_way(self, node: Any) -> bool:
        """Whether there is at most one way through ``node``."""
        return _SINGLE_WAY.visit(node, self)

    def start_env(self) -> Env:
        """The run state where a run begins: on its square, the moving piece in hand, no group's
        direction recorded."""
        env = {"c": "origin", "d": "None", "pg": "0", "mi": "True", "ms": "origin", "md": "None", "dp": "0",
               "sn": "0", "ps": "origin", "pr": "None", "ag": "False", "lo": "LMO", "lt": "LMT", "nl": "False",
               "lb": "()"}
        env.update((f"g{index}", "None") for index in range(self.notation.group_count + 1))
        return env

    def last_move(self, ind: int) -> None:
        """Where the notation reads the previous move (:attr:`history`): its squares, ``LMO`` and ``LMT``."""
        if self.history:
            self.emit(ind, "LMO = LMT = -1")
            self.emit(ind, "if P.last_move is not None: LMO, LMT = P.last_move[0], P.last_move[1]")

    # ---------------------------------------------------------------- the move's end

    def fin_call(self, env: Env, then: str, extra: str) -> str:
        """The call of ``fin`` from the run state ``env``, at the end ``then``, given ``extra`` too."""
        return (f"fin({env['c']}, {env['mi']}, {env['ms']}, {env['md']}, {env['pr']}, {env['ps']}, {then}"
                f"{self.marks_of(env)}{extra})")

    def finishing(self, ind: int) -> None:
        """The implicit end as a local function ``fin``: each piece still in hand put down on the
        cursor's square (:meth:`fin_put`); then the move kept, or (after a ``&``) the next partial
        move begun (:meth:`reached`)."""
        def body(i: int) -> None:
            self.emit(i, "if not hand:")
            self.reached(i + 1, "ms")
            self.emit(i + 1, "return")
            self.emit(i, "q = cells[c]")
            self.fin_put(i)
        self.local_function(ind, self.fin_call(FIN, "then", self.fin_extra), body)

    def fin_put(self, ind: int) -> None:
        """The body of ``fin`` once its square's content ``q`` is read: the last piece in hand put
        down there, never on a friend, then the rest of the hand (:meth:`fin_again`)."""
        self.leave_if(ind, FIN, "q is not None and q[0] == me", "return", "cannot_end", "sp", "c")
        self.put_held(FIN, ind, "c", "q", "sp", self.fin_again)

    def put_held(self, env: Env, ind: int, c: str, old: str, span: Any, k: Cont) -> None:
        """The last piece taken into the hand put down on square ``c``, which holds ``old`` (read
        already), then ``k`` given the run state the put changes, then put back as it was (the pair
        taken from the hand too: no new one is made)."""
        held, pp, po = self.fresh("hp"), self.fresh("pp"), self.fresh("po")
        self.spend(ind)
        self.emit(ind, f"{held} = hand.pop(); {pp}, {po} = {held}")
        changes, undo = self.put_down(env, ind, c, pp, po, old)
        self.traced(ind, env, "put", span, pp, c, old)
        k(dict(env, **changes), ind)
        for line in undo:
            self.emit(ind, line)
        self.emit(ind, f"cells[{c}] = {old}; hand.append({held})")

    # ---------------------------------------------------------------- the nodes

    def finish(self, env: Env, ind: int) -> None:
        """The end of the notation: the implicit end, then the move kept."""
        self.end(env, ind, "None")

    def node(self, node: Any, env: Env, ind: int, k: Cont) -> None:
        """The code of ``node``, then ``k``'s (written apart where it would nest too deeply)."""
        self.apart_if_deep(lambda e, i: self.visit(node, e, i, k), env, ind)

    def pass_writer(self, body: Any, env: Env) -> Callable[[Env, int, Cont], None]:
        """How a repetition's ``body``, entered with ``env``'s live fields, is written where it is
        written twice (a possessive pass tried, then taken): written out at each place, unless it
        holds such a repetition itself; then once, apart (:meth:`function_apart`), as a function of
        the live fields and of the continuation it calls at its end, so that nested repetitions do
        not double their code at every level."""
        if self.measuring is not None or not any(self.tried(repeat) for repeat in survey(body).repeats):
            return lambda e, i, k: self.node(body, e, i, k)
        params, inner = self.params_env(env)
        then = self.fresh("kk")
        name, frees = self.function_apart(
            [*params, then], lambda i: self.node(body, inner, i, lambda e, j: self.emit(j, f"{then}({self.args(e)})")))
        passed = "".join(f", {free}" for free in frees)

        def write(e: Env, i: int, k: Cont) -> None:
            after = self.fresh("kb")
            names, at_end = self.params_env(e)
            self.local_function(i, f"{after}({', '.join(names)})", lambda j: k(at_end, j))
            self.emit(i, f"{name}({self.args(e)}, {after}{passed})")
        return write

    def tried(self, node: Repeat) -> bool:
        """Whether each pass of ``node`` is tried before it is taken, its body written twice."""
        return node.possessive and not (self.shortcuts
                                        and (self.single_way(node.body) or always_steps(node.body)))

    def visit_sequence(self, node: Sequence, env: Env, ind: int, k: Cont) -> None:
        self.sequence(list(node.items), env, ind, k)

    def visit_alternatives(self, node: Alternatives, env: Env, ind: int, k: Cont) -> None:
        self.spend(ind)
        if len(node.options) > 1:
            k = self.materialise(k, env, ind)
        for index, option in enumerate(node.options, 1):
            ways = f"{index}, {len(node.options)}"
            self.traced(ind, env, "branch", getattr(option, "span", None), ways)
            self.node(option, env, ind, k)
            self.traced(ind, env, "backtrack", getattr(option, "span", None), ways, env["c"])

    def visit_bracket(self, node: Bracket, env: Env, ind: int, k: Cont) -> None:
        self.items(list(node.items), env, ind, env["c"], lambda e, i, _sq: k(without(e, "rd"), i))

    def sequence(self, items: list[Any], env: Env, ind: int, k: Cont) -> None:
        if not items:
            k(env, ind)
            return
        first, rest = items[0], items[1:]
        after_capture = self.landing(first, rest)
        if after_capture is not None:
            env = dict(env, land=after_capture)
        self.node(first, env, ind, lambda e, i: self.sequence(rest, without(e, "land"), i, k))

    def visit_group(self, node: Group, env: Env, ind: int, k: Cont) -> None:
        field = f"g{node.index}"
        if field not in self.live:
            self.node(node.body, env, ind, k)  # nothing reads its direction
            return
        if always_steps(node.body):
            # A group records the direction of the last step taken inside it: here one always is.
            self.node(node.body, env, ind, lambda e, i: k(dict(e, **{field: e["d"]}), i))
            return
        mark = self.fresh("gm")
        self.emit(ind, f"{mark} = {env['sn']}")

        def exit_(e: Env, i: int) -> None:
            recorded = self.fresh("g")
            # A group records the direction of the last step taken inside it, if any was.
            self.emit(i, f"{recorded} = {e[field]} if {e['sn']} == {mark} else {e['d']}")
            k(dict(e, **{field: recorded}), i)
        self.node(node.body, env, ind, exit_)

    def step_to(self, target: str, direction: str, env: Env, ind: int, k: Cont) -> None:
        self.spend(ind)
        sn = env["sn"]
        if "sn" in self.live:
            sn = self.fresh("sn")
            self.emit(ind, f"{sn} = {env['sn']} + 1")
        pg = self.progress(env, ind)
        mover_dir = env["md"]
        if "md" in self.live:
            # The moving piece's last direction, while it is in hand.
            if env["mi"] == "True":
                mover_dir = direction
            elif env["mi"] != "False":
                mover_dir = self.fresh("md")
                self.emit(ind, f"{mover_dir} = {direction} if {env['mi']} else {env['md']}")
        k(dict(env, c=target, d=direction, sn=sn, pg=pg, md=mover_dir), ind)

    def visit_step(self, node: Step, env: Env, ind: int, k: Cont) -> None:
        """Each direction of the step in turn, recording the step, or that there is no square that way."""
        directions = self.directions(node.keys)
        tables, span = self.tables(node.wrap), node.span
        if not directions:
            return
        if self.probe and not node.wrap and len(directions) > 1 and env["c"] == "origin" and id(node) not in self.repeated:
            self.probe_step(node, directions, env, ind, k)
            return

        def towards(direction: int, e: Env, i: int) -> None:
            target = self.fresh("c")
            table = self.constant("nb", tables[direction])
            self.emit(i, f"{target} = {table}[{e['c']}]")
            self.emit(i, f"if {target} is not None:")
            self.traced(i + 1, e, "step", span, self.letter(str(direction)), e["c"], target)
            self.step_to(target, str(direction), e, i + 1, k)
            self.traced_else(i, e, "blocked", span, self.letter(str(direction)), e["c"])

        if len(directions) == 1 or (len(directions) <= self.unroll_directions
                                    and self.short(lambda e, i: towards(directions[0], e, i), env, ind)):
            # Few directions and little code after each step: written out once a direction (each
            # known as the code is written) rather than as a loop over them.
            for each in directions:
                towards(each, env, ind)
            return
        direction, table, target = self.fresh("d"), self.fresh("t"), self.fresh("c")
        if self.square_steps:
            # By square, the directions that lead somewhere and where: read once a step.
            squares = range(len(self.rules.board.squares))
            steps = tuple(tuple((d, tables[d][square]) for d in directions if tables[d][square] is not None)
                          for square in squares)
            self.emit(ind, f"for {direction}, {target} in {self.constant('steps', steps)}[{env['c']}]:")
            self.step_to(target, direction, env, ind + 1, k)
            return
        pairs = self.constant("dirs", tuple((d, tables[d]) for d in directions))
        self.emit(ind, f"for {direction}, {table} in {pairs}:")
        self.emit(ind + 1, f"{target} = {table}[{env['c']}]")
        self.leave_if(ind + 1, env, f"{target} is None", "continue", "blocked", span, self.letter(direction), env["c"])
        self.traced(ind + 1, env, "step", span, self.letter(direction), env["c"], target)
        self.step_to(target, direction, env, ind + 1, k)

    def tables(self, wrap: bool) -> list[tuple[int | None, ...]]:
        """Each direction's neighbour table, by direction index: a wrapping step's (``E%``) comes
        round the board's left and right edges."""
        rules = self.rules
        return wrapping_tables(rules.board, rules.dir_letters) if wrap else rules.neighbours

    def probe_step(self, node: Step, directions: list[int], env: Env, ind: int, k: Cont) -> None:
        """A first step from the piece's square, taken once by any way through, in an attack
        question: only in the directions from which the square asked about can be reached (worked
        out per square, once)."""
        rays, step = self.fresh("RAYS"), self.fresh("STEP")
        self.constants[rays] = [None] * len(self.rules.board.squares)
        self.constants[step] = (node, tuple(directions))
        trip, direction, table, ray, target = (self.fresh(stem) for stem in ("tr", "d", "t", "ry", "c"))
        self.emit(ind, f"{trip} = {rays}[origin]")
        self.emit(ind, f"if {trip} is None: {trip} = {rays}[origin] = R.step_rays(NOTE, {self.player}, {step}, origin)")
        self.emit(ind, f"for {direction}, {table}, {ray} in {trip}:")
        self.emit(ind + 1, f"if TGT not in {ray}: continue")
        self.emit(ind + 1, f"{target} = {table}[origin]")
        self.emit(ind + 1, f"if {target} is None: continue")
        self.step_to(target, direction, env, ind + 1, k)

    def visit_group_step(self, node: GroupStep, env: Env, ind: int, k: Cont) -> None:
        """``\\k``/``~k``: a step the way the group went (``~``: the opposite way), recording why there
        is none: the group recorded no direction, or there is no square that way (a direction
        without an opposite is no way, unsaid, as the runner has it)."""
        span, group = node.span, f"{'~' if node.opposite else chr(92)!r}, {node.group}"
        recorded = self.recorded(node.group, False, env, ind, span)
        if recorded == "None":
            self.traced(ind, env, "no_group", span, group, env["c"])
            return
        i = ind
        if not recorded.isdigit():
            self.emit(ind, f"if {recorded} is not None:")
            i += 1
        direction = self.recorded(node.group, True, env, i, span) if node.opposite else recorded
        if direction != "None":
            if direction != recorded and not direction.isdigit():
                self.emit(i, f"if {direction} is not None:")
                i += 1
            target, tables = self.fresh("c"), self.tables(node.wrap)
            # A direction known as the code is written reads its own table (``is`` is not asked of a
            # literal: Python warns).
            table = (self.constant("nb", tables[int(direction)]) if direction.isdigit()
                     else f"{self.constant('nbs', tuple(tables))}[{direction}]")
            self.emit(i, f"{target} = {table}[{env['c']}]")
            self.emit(i, f"if {target} is not None:")
            self.traced(i + 1, env, "group_step", span, group, self.letter(direction), target)
            self.step_to(target, direction, env, i + 1, k)
            self.traced_else(i, env, "group_blocked", span, group, self.letter(direction), env["c"])
        if not recorded.isdigit():
            self.traced_else(ind, env, "no_group", span, group, env["c"])

    def visit_lift(self, node: Lift, env: Env, ind: int, k: Cont) -> None:
        """``^``: what stands on the cursor's square taken into the hand."""
        c, q = env["c"], self.fresh("q")
        self.emit(ind, f"{q} = cells[{c}]")
        test, take, back = self.lift_lines(c, q)
        self.altered(env, ind, c, q, test, take, back, node.span, ("lift", q, c),
                     ("refused", "'^'", c, "'nothing to lift'"), lambda e, i, _sq: k(e, i))

    def visit_put(self, node: Put, env: Env, ind: int, k: Cont) -> None:
        """``|``: the last piece taken into the hand put down on the cursor's square."""
        c = env["c"]
        old = self.fresh("old")
        self.emit(ind, "if hand:")
        self.emit(ind + 1, f"{old} = cells[{c}]")
        self.put_held(env, ind + 1, c, old, node.span, lambda e, i: k(dict(e, pg=self.progress(env, i)), i))
        self.traced_else(ind, env, "refused", node.span, "'|'", c, "'no piece in hand'")

    def visit_continue(self, node: Continue, env: Env, ind: int, k: Cont) -> None:
        """``&``: the implicit end for every piece in hand, then the partial move ends where the
        moving piece stands and the next begins there, with it lifted again (whole, as one piece in
        hand: a heap too, as the runner does)."""
        name, stand, direction, piece = self.fresh("ct"), self.fresh("a"), self.fresh("a"), self.fresh("q")

        def body(i: int) -> None:
            self.emit(i, f"{piece} = cells[{stand}]")
            self.emit(i, f"if {piece} is None: return")  # the moving piece was removed: nothing can continue
            self.spend(i)
            self.emit(i, f"stops.append({stand})")
            self.emit(i, f"if {stand} not in touched: touched[{stand}] = {piece}")
            self.emit(i, f"cells[{stand}] = None; hand.append(({piece}, {stand}))")
            after = dict(env, c=stand, g0=direction, mi="True", ms=stand, md=direction, ps=stand, lo=env["ps"],
                         lt=stand, pg=self.progress(env, i))
            self.traced(i, after, "partial", node.span, env["ps"], stand)
            k(after, i)
            self.emit(i, f"hand.pop(); cells[{stand}] = {piece}; stops.pop()")
        self.local_function(ind, f"{name}({stand}, {direction})", body)
        self.end(env, ind, name)
