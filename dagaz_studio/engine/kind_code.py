"""The source of a notation's compiled run on a heap or stack board (``kind: heap``, ``kind: stack``).

The default board's compiler (:mod:`dagaz_studio.engine.compiler`) writes a notation out as
straight-line Python; heap and stack boards lift, put and capture differently (a whole heap lifted,
one seed put at a time; a column carried whole, the top of a jumped column put under it), so their
notations are written out by :class:`KindWriter`, in the same manner and with the same results as
the runner (:mod:`heap_actions`, :mod:`stack_actions`):

- the run's state lives in local variables, each change making a fresh name, so that an
  alternative sees the state as it was; the board's cells, the hand, the captures, the stops and the
  squares touched are shared and put back by each part on its way back;
- a repetition is a small recursive local function, and a continuation needed in several places a
  local function written once (:mod:`kind_repeats`);
- a bracket's items test, capture and promote on a square (:mod:`kind_items`);
- work is counted where the runner counts it, and a run that spends its budget, nests too deeply or
  is cancelled is handed back to the runner, which stops it and says why.

The state a run shares (the board, the hand, the squares touched, the work counter) lives in an
enclosing function made once per notation and interpreter, with the local functions every run
calls (``fin``, the move's end, and ``rec``, keeping a move); a run never starts another, so one
state serves them all. :mod:`kind_compiler` compiles the source and runs it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.emitter import Cont, Emitter, Env, TooLong, Unsupported, always_steps, indented
from dagaz_studio.engine.kind_items import captures_on_enemy_first, first_steps, items, landing, unread, without
from dagaz_studio.engine.kind_repeats import repeat, single_way
from dagaz_studio.engine.values import COMPLETION_COST
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Check,
    Continue,
    CountCheck,
    DirectionCheck,
    Group,
    GroupStep,
    Lift,
    Notation,
    Promote,
    Put,
    Repeat,
    Sequence,
    Step,
    TypeCheck,
    ZoneCheck,
    walk,
)

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules

#: Generated source longer than this many lines is not compiled: the runner takes the notation.
MAX_LINES = 3_000
#: A continuation of at most this many lines is written out where it is used rather than made a
#: local function: a call with the whole run state as arguments costs more than a few lines.
INLINE_LINES = 24
#: A step in at most this many directions, with at most :data:`INLINE_LINES` lines after it, is
#: written out once a direction rather than as a loop.
UNROLL_DIRECTIONS = 4
#: What a field of the run state is where the notation never changes it.
_DEFAULTS = {"ps": "origin", "ag": "False", "pr": "None"}


class KindWriter(Emitter):
    """The source of one notation's compiled run on a heap or stack board, for one player."""

    def __init__(self, rules: Rules, notation: Notation, player: int) -> None:
        super().__init__(rules, notation, player)
        self.heap = rules.board.kind == "heap"
        self.probing = 0
        self.measuring = False
        self.single = False

    # ---------------------------------------------------------------- analysis and helpers

    def analyse(self) -> None:
        body = self.notation.body
        continues = promotes = again = False
        groups: set[int] = set()
        for node in walk(body):
            if isinstance(node, Step) and node.wrap:
                raise Unsupported("a step that wraps around the board's edge")  # the runner's
            if isinstance(node, Continue):
                continues = True
            elif isinstance(node, Promote):
                if node.lost:
                    raise Unsupported("promotion to a lost piece")
                promotes = True
            elif isinstance(node, Check):
                if node.letter not in "pPeEfFxbBcCkrRmM":
                    raise Unsupported(f"[{node.letter}]")
                again = again or node.letter == "k"
            elif isinstance(node, (GroupStep, DirectionCheck)):
                if isinstance(node, GroupStep) and node.wrap:
                    raise Unsupported("a step that wraps around the board's edge")  # the runner's
                if node.group > self.notation.group_count:
                    raise Unsupported("a group that does not exist")  # the runner reports it
                groups.add(node.group)
            elif not isinstance(node, (Sequence, Alternatives, Group, Repeat, Step, Lift, Put, Bracket,
                                       TypeCheck, ZoneCheck, CountCheck)):
                raise Unsupported(type(node).__name__)
        self.continues = continues
        #: Whether the notation asks where the moving piece has been (``[r]``): the squares are
        #: kept only then.
        self.visits = any(isinstance(node, Check) and node.letter in "rR" for node in walk(body))
        #: A stack board's notation that neither lifts nor puts: the hand holds the moving column
        #: alone wherever the move ends, so its end is written out in place.
        self.single = not self.heap and not any(isinstance(node, (Lift, Put)) for node in walk(body))
        live = ["c", "d", "pg", "mi", "ms", "md", "dp"]
        if any(isinstance(node, Group) and node.index in groups and not always_steps(node.body)
               for node in walk(body)):
            live.append("sn")  # a group that may take no step keeps the direction it had
        live += [f"g{i}" for i in sorted(groups)]
        if continues:
            live.append("ps")
        if promotes:
            live.append("pr")
        if again:
            live.append("ag")
        self.live = live

    def emit(self, ind: int, text: str) -> None:
        line = indented(ind, text)
        lines = self.lines
        if lines and lines[-1].endswith(":"):
            # A test whose continuation wrote nothing (a step never taken) is given a body.
            header = lines[-1]
            depth = (len(header) - len(header.lstrip(" "))) // 4
            if ind <= depth:
                lines.append(indented(depth + 1, "pass"))
        lines.append(line)
        if self.measuring and len(self.lines) > INLINE_LINES:
            raise TooLong
        if len(self.lines) > MAX_LINES:
            raise Unsupported("too long")

    def entry(self, ind: int) -> None:
        """The beginning of a local function: the run's work counter is the enclosing run's, and
        the budget and the cancel flag are looked at here (every way that repeats without end
        goes through a local function again and again)."""
        self.emit(ind, "nonlocal w")
        self.emit(ind, "if w >= W[1]: W[0] = w; POLL(W)")

    def spend(self, ind: int, units: str = "1") -> None:
        self.emit(ind, f"w += {units}")

    def get(self, env: Env, field: str) -> str:
        return env.get(field, _DEFAULTS.get(field, "None"))

    def params_env(self, env: Env) -> tuple[str, Env]:
        params = [self.fresh("a") for _ in self.live]
        inner = dict(env)
        inner.update(zip(self.live, params))
        return ", ".join(params), inner

    def short(self, k: Cont, env: Env, ind: int) -> bool:
        """Whether ``k`` writes at most :data:`INLINE_LINES` lines (written into a scratch buffer)."""
        if self.measuring:
            return False  # measuring within a measurement would take time exponential in the nesting
        saved = self.lines
        self.lines, self.measuring = [], True
        try:
            k(env, ind)
            return True
        except (TooLong, Unsupported):
            return False
        finally:
            self.lines, self.measuring = saved, False

    def materialise(self, k: Cont, env: Env, ind: int) -> Cont:
        """A continuation used in several places: written out at each when it is short, else
        written once as a local function."""
        if self.short(k, env, ind):
            return k
        name = self.fresh("kf")
        params, inner = self.params_env(env)
        self.emit(ind, f"def {name}({params}):")
        header = len(self.lines) - 1  # (a line may have been given before it: a test's body)
        self.entry(ind + 1)
        start = len(self.lines)
        k(inner, ind + 1)
        if len(self.lines) == start:
            self.emit(ind + 1, "pass")
        # Only the fields the code reads are passed (a call's arguments cost, one by one).
        words = set(re.findall(r"\b[a-z]+[0-9]+\b", "\n".join(self.lines[start:])))
        used = [field for field in self.live if inner[field] in words]
        self.lines[header] = indented(ind, f"def {name}({', '.join(inner[field] for field in used)}):")

        def call(e: Env, i: int) -> None:
            self.emit(i, f"{name}({', '.join(e[field] for field in used)})")
        return call

    def progress(self, env: Env, ind: int) -> str:
        """The progress counter one more than in ``env`` (a number where it is known)."""
        if env["pg"].isdigit():
            return str(int(env["pg"]) + 1)
        pg = self.fresh("pg")
        self.emit(ind, f"{pg} = {env['pg']} + 1")
        return pg

    # ---------------------------------------------------------------- the module

    def module(self) -> str:
        self.analyse()
        e = self.emit
        # The run's shared state lives in an enclosing function made once, so that the local
        # functions every run needs (the move's end, ``fin``, and keeping a move, ``rec``) are made
        # once too: a run never calls another (no attack questions), so one state serves them all.
        shared = "cells, origin, me, out, seen, W, P, names, letters, only, q0, w"
        e(0, "def factory():")
        e(1, f"{shared.replace(', ', ' = ')} = None")
        # The lists a run pushes onto and pops from: every part puts back what it pushed on its way
        # back, so they are empty between runs and made once (emptied when a run is stopped).
        # The squares a run changed, each with what stood there before, is one dict too.
        e(1, "hand = []; visited = []; caps = []; stops = []; also = []; touched = {}")
        e(1, "def rec(ms, md, ps, pr, ag):")
        e(2, "nonlocal w")
        # What the notation can never hold is not looked at: stops without a ``&``, the pieces put
        # elsewhere without a lift or a put, captures without one.
        body = self.notation.body
        self.stopping = any(isinstance(node, Continue) for node in walk(body))
        self.displacing = self.heap or not self.single
        self.capturing = any(isinstance(node, Check) and node.letter in "xX" for node in walk(body))
        held = [name for name, kept in (("stops", self.stopping), ("caps", self.capturing), ("also", self.displacing))
                if kept]
        e(2, f"w += {' + '.join([str(COMPLETION_COST)] + [f'len({name})' for name in held])}")
        # Counting a board where captures are compulsory: once a capture is found, the moves that
        # capture nothing will not count, so they are not kept.
        e(2, "if only is not None and only[0] and not caps: return")
        # A loop rather than a comprehension (which is a call of its own in Python 3.11).
        e(2, "changes = []")
        e(2, "for s, v in touched.items():")
        e(3, "x = cells[s]")
        e(3, "if x is not v and x != v: changes.append((s, x))")
        e(2, "if not changes: return")
        e(2, "changes.sort()")
        e(2, f"key = (origin, ms, {'tuple(caps) if caps else ()' if self.capturing else '()'}, "
             f"{'(*stops, ms) if stops else (ms,)' if self.stopping else '(ms,)'}, pr, "
             f"{'tuple(also) if also else ()' if self.displacing else '()'}, tuple(changes), ag)")
        # Counting a board where captures are compulsory, a move that captures nothing is set aside
        # (``only[1]``): told apart from the others only if no capture is found.
        e(2, "if only is not None:")
        e(3, "if not caps: only[1].append(key); return")
        e(3, "only[0] = True")
        if not single_way(self, self.notation.body):
            # The key is hashed once: added, and known before when the set did not grow. (With one
            # way through the notation a run keeps at most one move, and the key of a move from
            # another square begins otherwise: nothing to tell apart.)
            e(2, "n = len(seen); seen.add(key)")
            e(2, "if len(seen) == n: return")
        e(2, "if names is None: out.append(key); return")  # a light record (bulk work: perft)
        e(2, "out.append(QMOVE(names[q0[1]], me, origin, ms, key[2], key[3], pr, key[5], key[6], "
             "TNEW(LASTMOVE, (ps, ms, None if md is None else letters[md])), NOLABELS, False, ag))")
        self.finishing(1)
        # What stays the same for every square of a position, bound once (``bind``); then a run
        # from each square (``run``). ``moves`` does both, for one square.
        e(1, "def bind(cells_, me_, out_, seen_, W_, P_, names_, letters_, only_=None):")
        e(2, "nonlocal cells, me, out, seen, W, P, names, letters, only")
        e(2, "cells, me, out, seen, W, P, names, letters, only = cells_, me_, out_, seen_, W_, P_, names_, letters_, "
             "only_")
        # ``run`` is given the square and what stands there, which its caller has found to be the
        # side to move's piece (or a heap); its work is counted from nought, in a variable (cheaper
        # than the shared list), handed back at the end.
        e(1, "def run(origin_, q0_):")
        e(2, "nonlocal origin, q0, w")
        for zone in self.leading_zones():
            # Asked before anything is lifted, as it asks nothing of what stands there.
            e(2, f"if origin_ {'in' if zone.negated else 'not in'} {self.zone_squares(zone.name)}: return")
        if self.heap:
            e(2, "if type(q0_) is not HEAP: return")
            e(2, "HPUSH(hand, q0_, origin_)")
        else:
            e(2, "if q0_[0] != me: return")  # a neutral piece: only a heap moves for either side
            e(2, "hand.append((q0_, origin_))")
        e(2, "origin = origin_; q0 = q0_; w = 0")
        e(2, f"touched.clear(); touched[origin_] = q0_; cells[origin_] = None"
             f"{'; visited.append(origin_)' if self.visits else ''}")
        env = {"c": "origin", "d": "None", "pg": "0", "mi": "True", "ms": "origin", "md": "None", "dp": "0",
               "sn": "0", "ps": "origin", "pr": "None", "ag": "False"}
        for field in self.live:
            if field.startswith("g"):
                env[field] = "None"
        e(2, "try:")
        self.node(self.notation.body, env, 3, self.finish)
        e(3, "pass")
        # Each part has put back what it changed on its way back: only a run stopped midway (an
        # exception) leaves the board and the lists to be put back as they were.
        e(2, "except BaseException:")
        e(3, "for s_, v_ in touched.items(): cells[s_] = v_")
        e(3, "hand.clear(); visited.clear(); caps.clear(); stops.clear(); also.clear()")
        e(3, "W[0] = w")
        e(3, "raise")
        e(2, f"cells[origin_] = q0_; hand.clear(){'; visited.clear()' if self.visits else ''}")
        e(2, "W[0] = w")
        e(1, "def moves(cells_, origin_, me_, out_, seen_, W_, P_, names_, letters_):")
        e(2, "piece = cells_[origin_]")
        e(2, "if piece is None or (piece[0] != me_ and piece[0] >= 0): return")
        e(2, "bind(cells_, me_, out_, seen_, W_, P_, names_, letters_)")
        e(2, "try:")
        e(3, "run(origin_, piece)")
        e(2, "finally:")
        e(3, "bind(None, None, None, None, None, None, None, None)")
        e(1, f"moves.bind = bind; moves.run = run; moves.gate = {self.gate()}")
        e(1, f"moves.quiet_alone = {captures_on_enemy_first(self, self.notation.body)}")
        e(1, "return moves")
        e(0, "moves = factory()")
        return "\n".join(self.lines) + "\n"

    def gate(self) -> str:
        """The squares of every way's first step from each square (:func:`first_steps`), by square,
        or ``None``: a piece whose every such square holds a friend is not run (its run would find
        nothing). Not where a step can lead back to the square it starts from, which the run finds
        empty, the piece lifted."""
        directions = first_steps(self, self.notation.body)
        if directions is None:
            return "None"
        tables = [self.rules.neighbours[direction] for direction in directions]
        gate = []
        for origin in range(len(self.rules.board.squares)):
            squares = tuple(square for table in tables if (square := table[origin]) is not None)
            if origin in squares:
                return "None"
            gate.append(squares)
        return self.constant("gate", tuple(gate))

    def leading_zones(self) -> list[ZoneCheck]:
        """The zone checks the notation begins with: a move can only begin in (or out of) them."""
        body = self.notation.body
        first = body.items[0] if isinstance(body, Sequence) and body.items else body
        zones = []
        if isinstance(first, Bracket):
            for item in first.items:
                if not isinstance(item, ZoneCheck) or item.name not in self.rules.board.zones:
                    break
                zones.append(item)
        return zones

    def zone_squares(self, name: str) -> str:
        return self.constant("zone", frozenset(self.rules.board.zones[name].squares_for(self.player_name)))

    def finishing(self, ind: int) -> None:
        """The implicit end as a local function ``fin``: every piece still in hand put down on the
        cursor's square (a heap's all at once, a column on top of what stands there, never on a
        friend's); then ``then(ms, md)`` (after a ``&``) or the move is kept."""
        e = self.emit
        e(ind, "def fin(c, mi, ms, md, ps, pr, ag, then):")
        i = ind + 1
        self.entry(i)
        e(i, "if not hand:")
        e(i + 1, "if then is None: rec(ms, md, ps, pr, ag)")
        e(i + 1, "else: then(ms, md)")
        e(i + 1, "return")
        e(i, "q = cells[c]")
        if self.heap:
            e(i, "if c not in touched: touched[c] = q")
            e(i, f"cells[c] = HADDALL(q, hand, {len(self.rules.board.pieces)}); held = hand[:]; hand.clear()")
            e(i, "if then is None: rec(c, md, ps, pr, ag)")
            e(i, "else: then(c, md)")
            e(i, "cells[c] = q; hand[:] = held")
            return
        e(i, "if q is not None and q[0] == me: return")
        self.spend(i)
        e(i, "pp, po = hand.pop()")
        e(i, "im = mi and not hand")
        e(i, "car = pp if pp[2] or c == po else pp.moved_now() if type(pp) is COLUMN else pp._replace(moved=True)")
        e(i, "if type(car) is COLUMN and type(q) is COLUMN: car = car.on(q)")
        e(i, "if c not in touched: touched[c] = q")
        e(i, "cells[c] = car")
        e(i, "if im:")
        # The moving column put down and nothing else in hand: the end is reached.
        if self.visits:
            e(i + 1, "visited.append(c)")
        e(i + 1, "if hand: fin(c, False, c, md, ps, pr, ag, then)")
        e(i + 1, "elif then is None: rec(c, md, ps, pr, ag)")
        e(i + 1, "else: then(c, md)")
        if self.visits:
            e(i + 1, "visited.pop()")
        e(i, "else:")
        e(i + 1, "also.append((po, c)); fin(c, mi, ms, md, ps, pr, ag, then); also.pop()")
        e(i, "cells[c] = q; hand.append((pp, po))")

    def visit(self, square: str) -> str:
        """The statement (after a ``;``) noting that the moving piece stood on ``square``, where the
        notation asks (``[r]``)."""
        return f"; visited.append({square})" if self.visits else ""

    def unvisit(self) -> str:
        return "visited.pop(); " if self.visits else ""

    def finish(self, env: Env, ind: int) -> None:
        g = self.get
        if self.single:
            self.put_mover(env, ind, f"rec({{c}}, {env['md']}, {g(env, 'ps')}, {g(env, 'pr')}, {g(env, 'ag')})",
                           ending=True)
            return
        self.emit(ind, f"fin({env['c']}, {env['mi']}, {env['ms']}, {env['md']}, {g(env, 'ps')}, "
                       f"{g(env, 'pr')}, {g(env, 'ag')}, None)")

    def put_mover(self, env: Env, ind: int, then: str, ending: bool = False) -> None:
        """``fin`` written out where the hand holds the moving column alone (a stack board's notation
        that neither lifts nor puts): not onto a friend's column, put on top of what stands there,
        then ``then`` (its ``{c}`` the square)."""
        c = env["c"]
        q, pp, po, car = self.fresh("q"), self.fresh("pp"), self.fresh("po"), self.fresh("car")
        self.emit(ind, f"{q} = cells[{c}]")
        self.emit(ind, f"if {q} is None or {q}[0] != me:")
        i = ind + 1
        if ending:
            # A move that captures nothing, once one that captures is kept (``rec``'s ``only``):
            # its end is only counted, as the put and the keeping would count it.
            self.emit(i, "if only is not None and only[0] and not caps:")
            self.spend(i + 1, f"{1 + COMPLETION_COST} + len(stops) + len(also)")
            self.emit(i, "else:")
            i += 1
        self.spend(i)
        self.emit(i, f"{pp}, {po} = hand.pop()")
        self.emit(i, f"{car} = {pp} if {pp}[2] or {c} == {po} else {pp}.moved_now() if type({pp}) is COLUMN "
                     f"else {pp}._replace(moved=True)")
        self.emit(i, f"if type({car}) is COLUMN and type({q}) is COLUMN: {car} = {car}.on({q})")
        self.emit(i, f"if {c} not in touched: touched[{c}] = {q}")
        self.emit(i, f"cells[{c}] = {car}{self.visit(c)}")
        self.emit(i, then.format(c=c))
        self.emit(i, f"{self.unvisit()}cells[{c}] = {q}; hand.append(({pp}, {po}))")

    # ---------------------------------------------------------------- nodes

    def node(self, node: Any, env: Env, ind: int, k: Cont) -> None:
        if isinstance(node, Sequence):
            self.sequence(list(node.items), env, ind, k)
        elif isinstance(node, Alternatives):
            self.spend(ind)
            if len(node.options) > 1:
                k = self.materialise(k, env, ind)
            for option in node.options:
                self.node(option, env, ind, k)
        elif isinstance(node, Group):
            self.group(node, env, ind, k)
        elif isinstance(node, Repeat):
            repeat(self, node, env, ind, k)
        elif isinstance(node, Step):
            self.step(self.directions(node.keys), env, ind, k)
        elif isinstance(node, GroupStep):
            self.group_step(node, env, ind, k)
        elif isinstance(node, Bracket):
            items(self, list(node.items), env, ind, env["c"], lambda e, i, _sq: k(unread(e), i))
        elif isinstance(node, Lift):
            self.lift(env, ind, k)
        elif isinstance(node, Put):
            self.put(env, ind, k)
        elif isinstance(node, Continue):
            self.continue_(env, ind, k)
        else:
            raise Unsupported(type(node).__name__)

    def sequence(self, items: list, env: Env, ind: int, k: Cont) -> None:
        if not items:
            k(env, ind)
            return
        first, rest = items[0], items[1:]
        after_capture = landing(self, first, rest)
        if after_capture is not None:
            env = dict(env, land=after_capture)
        self.node(first, env, ind, lambda e, i: self.sequence(rest, without(e, "land"), i, k))

    def group(self, node: Group, env: Env, ind: int, k: Cont) -> None:
        field = f"g{node.index}"
        if field not in self.live:
            self.node(node.body, env, ind, k)  # nothing reads its direction
            return
        if always_steps(node.body):
            # A group records the direction of the last step taken inside it: here one always is.
            self.node(node.body, env, ind, lambda e, i: k({**e, field: e["d"]}, i))
            return
        mark = self.fresh("gm")
        self.emit(ind, f"{mark} = {env['sn']}")

        def exit_(e: Env, i: int) -> None:
            recorded = self.fresh("g")
            # A group records the direction of the last step taken inside it, if any was.
            self.emit(i, f"{recorded} = {e[field]} if {e['sn']} == {mark} else {e['d']}")
            k({**e, field: recorded}, i)
        self.node(node.body, env, ind, exit_)

    def step_to(self, target: str, direction: str, env: Env, ind: int, k: Cont) -> None:
        self.spend(ind)
        new = dict(env, c=target, d=direction, pg=self.progress(env, ind))
        if "sn" in self.live:
            sn = self.fresh("sn")
            self.emit(ind, f"{sn} = {env['sn']} + 1")
            new["sn"] = sn
        if env["mi"] == "True":
            new["md"] = direction
        elif env["mi"] != "False":
            md = self.fresh("md")
            self.emit(ind, f"{md} = {direction} if {env['mi']} else {env['md']}")
            new["md"] = md
        k(new, ind)

    def step(self, directions: list[int], env: Env, ind: int, k: Cont) -> None:
        tables = self.rules.neighbours
        if not directions:
            return

        def towards(direction: int, e: Env, i: int) -> None:
            target = self.fresh("c")
            table = self.constant("nb", tables[direction])
            self.emit(i, f"{target} = {table}[{e['c']}]")
            self.emit(i, f"if {target} is not None:")
            self.step_to(target, str(direction), e, i + 1, k)

        if len(directions) == 1 or (len(directions) <= UNROLL_DIRECTIONS
                                    and self.short(lambda e, i: towards(directions[0], e, i), env, ind)):
            # Few directions and little code after each step: written out once a direction (each
            # known as the code is written) rather than as a loop over them.
            for each in directions:
                towards(each, env, ind)
            return
        target = self.fresh("c")
        pairs = self.constant("dirs", tuple((d, tables[d]) for d in directions))
        direction, table = self.fresh("d"), self.fresh("t")
        self.emit(ind, f"for {direction}, {table} in {pairs}:")
        self.emit(ind + 1, f"{target} = {table}[{env['c']}]")
        self.emit(ind + 1, f"if {target} is None: continue")
        self.step_to(target, direction, env, ind + 1, k)

    def recorded(self, group: int, opposite: bool, env: Env, ind: int) -> str:
        """The direction a group recorded (``~``: its opposite): a variable, a direction's number
        where it is known as the code is written, or ``None``."""
        recorded = env.get(f"g{group}", "None")
        if not opposite or recorded == "None":
            return recorded
        if recorded.isdigit():
            reverse = self.rules.opposite[int(recorded)]
            return "None" if reverse is None else str(reverse)
        name = self.fresh("r")
        opposites = self.constant("opp", tuple(self.rules.opposite))
        self.emit(ind, f"{name} = None if {recorded} is None else {opposites}[{recorded}]")
        return name

    def group_step(self, node: GroupStep, env: Env, ind: int, k: Cont) -> None:
        direction = self.recorded(node.group, node.opposite, env, ind)
        if direction == "None":
            return
        target = self.fresh("c")
        if direction.isdigit():
            # Known as the code is written (``is`` is not asked of a literal: Python warns).
            table = self.constant("nb", self.rules.neighbours[int(direction)])
            self.emit(ind, f"{target} = {table}[{env['c']}]")
            self.emit(ind, f"if {target} is not None:")
            self.step_to(target, direction, env, ind + 1, k)
            return
        tables = self.constant("nbs", tuple(self.rules.neighbours))
        self.emit(ind, f"if {direction} is not None:")
        self.emit(ind + 1, f"{target} = {tables}[{direction}][{env['c']}]")
        self.emit(ind + 1, f"if {target} is not None:")
        self.step_to(target, direction, env, ind + 2, k)

    def lift(self, env: Env, ind: int, k: Cont) -> None:
        c, q = env["c"], self.fresh("q")
        self.emit(ind, f"{q} = cells[{c}]")
        if self.heap:
            size = self.fresh("n")
            self.emit(ind, f"if type({q}) is HEAP:")
            i = ind + 1
            self.spend(i)
            self.emit(i, f"if {c} not in touched: touched[{c}] = {q}")
            self.emit(i, f"cells[{c}] = None; {size} = HPUSH(hand, {q}, {c})")
            k(dict(env, pg=self.progress(env, i)), i)
            self.emit(i, f"del hand[len(hand) - {size}:]; cells[{c}] = {q}")
            return
        self.emit(ind, f"if {q} is not None:")
        i = ind + 1
        self.spend(i)
        self.emit(i, f"if {c} not in touched: touched[{c}] = {q}")
        self.emit(i, f"cells[{c}] = None; hand.append(({q}, {c}))")
        k(dict(env, pg=self.progress(env, i)), i)
        self.emit(i, f"hand.pop(); cells[{c}] = {q}")

    def put(self, env: Env, ind: int, k: Cont) -> None:
        c = env["c"]
        pp, po, old = self.fresh("pp"), self.fresh("po"), self.fresh("old")
        self.emit(ind, "if hand:")
        i = ind + 1
        self.spend(i)
        self.emit(i, f"{pp}, {po} = hand.pop(); {old} = cells[{c}]")
        self.emit(i, f"if {c} not in touched: touched[{c}] = {old}")
        if self.heap:
            self.emit(i, f"cells[{c}] = HADD({old}, {pp}[1])")
            k(dict(env, ms=c, pg=self.progress(env, i)), i)
            self.emit(i, f"cells[{c}] = {old}; hand.append(({pp}, {po}))")
            return
        car, mover, mi, ms = self.fresh("car"), self.fresh("im"), self.fresh("mi"), self.fresh("ms")
        self.emit(i, f"{mover} = {env['mi']} and not hand")
        self.emit(i, f"{car} = {pp} if {pp}[2] or {c} == {po} else {pp}.moved_now() if type({pp}) is COLUMN "
                     f"else {pp}._replace(moved=True)")
        self.emit(i, f"if type({car}) is COLUMN and type({old}) is COLUMN: {car} = {car}.on({old})")
        self.emit(i, f"cells[{c}] = {car}")
        if self.visits:
            self.emit(i, f"if {mover}: visited.append({c})")
            self.emit(i, f"else: also.append(({po}, {c}))")
        else:
            self.emit(i, f"if not {mover}: also.append(({po}, {c}))")
        self.emit(i, f"{mi} = False if {mover} else {env['mi']}; {ms} = {c} if {mover} else {env['ms']}")
        k(dict(env, mi=mi, ms=ms, pg=self.progress(env, i)), i)
        if self.visits:
            self.emit(i, f"if {mover}: visited.pop()")
            self.emit(i, "else: also.pop()")
        else:
            self.emit(i, f"if not {mover}: also.pop()")
        self.emit(i, f"cells[{c}] = {old}; hand.append(({pp}, {po}))")

    def continue_(self, env: Env, ind: int, k: Cont) -> None:
        """``&``: the implicit end for every piece in hand, then the partial move ends where the
        moving piece stands and the next begins there, with it lifted again."""
        name, stand, direction, q = self.fresh("ct"), self.fresh("a"), self.fresh("a"), self.fresh("q")
        self.emit(ind, f"def {name}({stand}, {direction}):")
        i = ind + 1
        self.entry(i)
        self.emit(i, f"{q} = cells[{stand}]")
        self.emit(i, f"if {q} is None: return")  # the moving piece was removed: nothing can continue
        self.spend(i)
        self.emit(i, f"stops.append({stand})")
        self.emit(i, f"if {stand} not in touched: touched[{stand}] = {q}")
        # What stands there is lifted whole, as one piece in hand (a heap too, as the runner does).
        self.emit(i, f"cells[{stand}] = None; hand.append(({q}, {stand}))")
        after = dict(env, c=stand, g0=direction, mi="True", ms=stand, md=direction, ps=stand,
                     pg=self.progress(env, i))
        k(after, i)
        self.emit(i, f"hand.pop(); cells[{stand}] = {q}; stops.pop()")
        g = self.get
        if self.single:
            self.put_mover(env, ind, f"{name}({{c}}, {env['md']})")
            return
        self.emit(ind, f"fin({env['c']}, {env['mi']}, {env['ms']}, {env['md']}, {g(env, 'ps')}, {g(env, 'pr')}, "
                       f"{g(env, 'ag')}, {name})")
