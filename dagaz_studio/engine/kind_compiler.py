"""The compiled fast path of heap and stack boards (``kind: heap``, ``kind: stack``).

The default board's compiler (:mod:`dagaz_studio.engine.compiler`) writes a notation out as
straight-line Python; heap and stack boards lift, put and capture differently (a whole heap lifted,
one seed put at a time; a column carried whole, the top of a jumped column put under it), so their
notations are written out here, in the same manner and with the same results as the runner
(:mod:`heap_actions`, :mod:`stack_actions`):

- the run's state lives in local variables, each change making a fresh name, so that an
  alternative sees the state as it was; the board's cells, the hand, the captures, the stops and the
  squares touched are shared and put back by each part on its way back;
- a repetition is a small recursive local function, and a continuation needed in several places a
  local function written once;
- a possessive repetition asks, as the runner does, whether another pass can succeed: a body with
  one way through simply takes the pass (the trial and the pass are the same steps), any other is
  first tried by a copy of its code that stops at the first success and puts the board back;
- work is counted where the runner counts it, and a run that spends its budget, nests too deeply or
  is cancelled is handed back to the runner, which stops it and says why.

Completed moves are full :class:`~dagaz_studio.engine.values.Move` objects, kept once each in the
order the runner finds them, or, for perft (:func:`kind_perft`), light records: each move's key,
which holds its changes, captures and whether the same player moves again. The state a run shares
(the board, the hand, the squares touched, the work counter) lives in an enclosing function made
once per notation and interpreter, with the local functions every run calls (``fin``, the move's
end, and ``rec``, keeping a move); a run never starts another, so one state serves them all. A notation with something not covered here (attack checks, the
previous move, ``[o]``, handlers, navigation, ``[w]``, promotion to a lost piece) runs through the
runner.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Optional

from dagaz_studio.board.model import DIAGONAL, ORTHOGONAL
from dagaz_studio.engine.compiler import POLL_EVERY, Abort, Unsupported, poll
from dagaz_studio.engine import capture_rules
from dagaz_studio.engine.hoist import hoist
from dagaz_studio.engine.heaps import (
    Heap, heap_added, heap_size, heap_with_hand, majority_reached, push_heap, store_taken,
)
from dagaz_studio.engine.position import LastMove
from dagaz_studio.engine.stacks import Column
from dagaz_studio.engine.values import COMPLETION_COST, DEFAULT_BUDGET, Move, RunResult, quick_move
from dagaz_studio.notation.nodes import (
    Alternatives, Bracket, Check, Continue, CountCheck, DirectionCheck, Group, GroupStep, Lift, Notation,
    Promote, Put, Repeat, Sequence, Step, TypeCheck, ZoneCheck, walk,
)

if TYPE_CHECKING:
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.engine.runner import Program

_SETS = {"+": ORTHOGONAL, "X": DIAGONAL, "*": ORTHOGONAL + DIAGONAL}
#: Generated source longer than this many lines is not compiled: the runner takes the notation.
MAX_LINES = 3_000
#: Python allows about a hundred levels of indentation.
MAX_INDENT = 60
#: A continuation of at most this many lines is written out where it is used rather than made a
#: local function: a call with the whole run state as arguments costs more than a few lines.
INLINE_LINES = 24
_NO_LABELS: frozenset[str] = frozenset()
#: What a field of the run state is where the notation never changes it.
_DEFAULTS = {"ps": "origin", "ag": "False", "pr": "None"}
_new_tuple = tuple.__new__


class _TooLong(Exception):
    """A continuation being measured for writing out in place is longer than :data:`INLINE_LINES`."""


class _ProbeSucceeded(Exception):
    """A trial pass of a possessive repetition found a way through that changes something."""


# --------------------------------------------------------------------------- helpers the code calls

def heap_adder(kinds: int) -> Callable[[Any, int], Any]:
    """``add(cell, kind)``: the heap of ``cell`` with one piece of ``kind`` more (cached by value:
    sowing makes the same few heaps over and over)."""
    known: dict[tuple[Any, int], Any] = {}
    def add(cell: Any, kind: int) -> Any:
        key = (cell, kind)
        heap = known.get(key)
        if heap is None:
            heap = heap_added(cell, kind, 1, kinds)
            if len(known) > 100_000:
                known.clear()
            known[key] = heap
        return heap
    return add


def zone_size(cells: list, squares: tuple[int, ...]) -> int:
    """How many pieces the squares hold in all."""
    total = 0
    for square in squares:
        cell = cells[square]
        if cell is not None:
            total += sum(cell[3]) if type(cell) is Heap else heap_size(cell)
    return total


# --------------------------------------------------------------------------- the generator

Cont = Callable[[dict, int], None]
ItemCont = Callable[[dict, int, str], None]


class _Generator:
    def __init__(self, rules: "Rules", notation: Notation, player: int) -> None:
        self.rules = rules
        self.notation = notation
        self.player = player
        self.player_name = rules.board.players[player]
        self.heap = rules.board.kind == "heap"
        self.lines: list[str] = []
        self.counter = 0
        self.constants: dict[str, Any] = {}
        self.live: list[str] = []
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
        if any(isinstance(node, Group) and node.index in groups and not _always_steps(node.body)
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

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    def constant(self, stem: str, value: Any) -> str:
        for name, known in self.constants.items():
            if name.startswith(stem.upper()) and type(known) is type(value) and known == value:
                return name
        name = self.fresh(stem.upper())
        self.constants[name] = value
        return name

    def emit(self, ind: int, text: str) -> None:
        if ind > MAX_INDENT:
            raise Unsupported("nested too deeply for Python")
        lines = self.lines
        if lines and lines[-1].endswith(":"):
            # A test whose continuation wrote nothing (a step never taken) is given a body.
            header = lines[-1]
            depth = (len(header) - len(header.lstrip(" "))) // 4
            if ind <= depth:
                lines.append("    " * (depth + 1) + "pass")
        lines.append("    " * ind + text)
        if self.measuring and len(self.lines) > INLINE_LINES:
            raise _TooLong
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

    def directions(self, letters: Any) -> list[int]:
        rules = self.rules
        out: list[int] = []
        for letter in letters:
            for plain in _SETS.get(letter, (letter,)):
                index = rules.dir_index.get(rules.board.player_direction(self.player_name, plain))
                if index is not None and index not in out:
                    out.append(index)
        return out

    def get(self, env: dict, field: str) -> str:
        return env.get(field, _DEFAULTS.get(field, "None"))

    def args(self, env: dict) -> str:
        return ", ".join(env[field] for field in self.live)

    def params_env(self, env: dict) -> tuple[str, dict]:
        params = [self.fresh("a") for _ in self.live]
        inner = dict(env)
        inner.update(zip(self.live, params))
        return ", ".join(params), inner

    def short(self, k: Cont, env: dict, ind: int) -> bool:
        """Whether ``k`` writes at most :data:`INLINE_LINES` lines (written into a scratch buffer)."""
        if self.measuring:
            return False  # measuring within a measurement would take time exponential in the nesting
        saved = self.lines
        self.lines, self.measuring = [], True
        try:
            k(env, ind)
            return True
        except (_TooLong, Unsupported):
            return False
        finally:
            self.lines, self.measuring = saved, False

    def materialise(self, k: Cont, env: dict, ind: int) -> Cont:
        """A continuation used in several places: written out at each when it is short, else
        written once as a local function."""
        if self.short(k, env, ind):
            return k
        name = self.fresh("kf")
        params, inner = self.params_env(env)
        self.emit(ind, f"def {name}({params}):")
        self.entry(ind + 1)
        start = len(self.lines)
        k(inner, ind + 1)
        if len(self.lines) == start:
            self.emit(ind + 1, "pass")

        def call(e: dict, i: int) -> None:
            self.emit(i, f"{name}({self.args(e)})")
        return call

    def progress(self, env: dict, ind: int) -> str:
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
        shared = "cells, origin, me, out, seen, W, P, names, letters, only, q0, touched, w"
        e(0, "def factory():")
        e(1, f"{shared.replace(', ', ' = ')} = None")
        # The lists a run pushes onto and pops from: every part puts back what it pushed on its way
        # back, so they are empty between runs and made once (emptied when a run is stopped).
        e(1, "hand = []; visited = []; caps = []; stops = []; also = []")
        e(1, "def rec(ms, md, ps, pr, ag):")
        e(2, "nonlocal w")
        e(2, f"w += {COMPLETION_COST} + len(stops) + len(caps) + len(also)")
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
        e(2, "key = (origin, ms, tuple(caps) if caps else (), (*stops, ms) if stops else (ms,), pr, "
             "tuple(also) if also else (), tuple(changes), ag)")
        # The key is hashed once: added, and known before when the set did not grow.
        e(2, "n = len(seen); seen.add(key)")
        e(2, "if len(seen) == n: return")
        e(2, "if only is not None and caps: only[0] = True")
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
        e(2, "nonlocal origin, q0, touched, w")
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
        e(2, f"touched = {{origin_: q0_}}; cells[origin_] = None{'; visited.append(origin_)' if self.visits else ''}")
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
        e(1, "moves.bind = bind; moves.run = run")
        e(1, "return moves")
        e(0, "moves = factory()")
        return "\n".join(self.lines) + "\n"

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

    def finish(self, env: dict, ind: int) -> None:
        g = self.get
        if self.single:
            self.put_mover(env, ind, f"rec({{c}}, {env['md']}, {g(env, 'ps')}, {g(env, 'pr')}, {g(env, 'ag')})",
                           ending=True)
            return
        self.emit(ind, f"fin({env['c']}, {env['mi']}, {env['ms']}, {env['md']}, {g(env, 'ps')}, "
                       f"{g(env, 'pr')}, {g(env, 'ag')}, None)")

    def put_mover(self, env: dict, ind: int, then: str, ending: bool = False) -> None:
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

    def node(self, node: Any, env: dict, ind: int, k: Cont) -> None:
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
            self.repeat(node, env, ind, k)
        elif isinstance(node, Step):
            self.step(self.directions(node.letters), env, ind, k)
        elif isinstance(node, GroupStep):
            self.group_step(node, env, ind, k)
        elif isinstance(node, Bracket):
            self.items(list(node.items), env, ind, env["c"], lambda e, i, _sq: k(_unread(e), i))
        elif isinstance(node, Lift):
            self.lift(env, ind, k)
        elif isinstance(node, Put):
            self.put(env, ind, k)
        elif isinstance(node, Continue):
            self.continue_(env, ind, k)
        else:
            raise Unsupported(type(node).__name__)

    def sequence(self, items: list, env: dict, ind: int, k: Cont) -> None:
        if not items:
            k(env, ind)
            return
        first, rest = items[0], items[1:]
        landing = self.landing(first, rest)
        if landing is not None:
            env = dict(env, land=landing)
        self.node(first, env, ind, lambda e, i: self.sequence(rest, _without(e, "land"), i, k))

    def landing(self, first: Any, rest: list) -> Optional[Any]:
        """The step after ``first`` when ``first`` is a bracket ending in its only capture and the
        step, of one direction, leads to a bracket asking first for an empty square (``[ex]\\1[p]``):
        the capture looks at that square first (:meth:`landing_first`)."""
        if not (isinstance(first, Bracket) and first.items and len(rest) >= 2):
            return None
        captures = [item for item in first.items if isinstance(item, Check) and item.letter in "xX"]
        if len(captures) != 1 or captures[0] is not first.items[-1]:
            return None
        step, after = rest[0], rest[1]
        if not (isinstance(after, Bracket) and after.items and isinstance(after.items[0], Check)
                and after.items[0].letter == "p"):
            return None
        if isinstance(step, GroupStep) and not step.wrap:
            return step
        if isinstance(step, Step) and not step.wrap and len(self.directions(step.letters)) == 1:
            return step
        return None

    def landing_first(self, env: dict, ind: int, square: str) -> int:
        """Where a capture is followed by a step onto a square that must be empty (:meth:`landing`),
        that square is looked at before anything is taken: taken and put back, a capture that cannot
        land would change nothing. The work the runner spends on such a capture (the capture and,
        where the square exists, the step) is counted all the same. Returns the indentation of the
        capture's code."""
        step = env.get("land")
        if step is None:
            return ind
        target = self.fresh("lt")
        if isinstance(step, Step):
            table = self.constant("nb", self.rules.neighbours[self.directions(step.letters)[0]])
            self.emit(ind, f"{target} = {table}[{square}]")
        else:
            direction = self.recorded(step.group, step.opposite, env, ind)
            if direction == "None":
                return ind  # the step is never taken: nothing to look at
            if direction.isdigit():
                table = self.constant("nb", self.rules.neighbours[int(direction)])
                self.emit(ind, f"{target} = {table}[{square}]")
            else:
                tables = self.constant("nbs", tuple(self.rules.neighbours))
                self.emit(ind, f"{target} = None if {direction} is None else {tables}[{direction}][{square}]")
        self.emit(ind, f"if {target} is None: w += 1")
        # The capture changes only its own square: any other is read as the step would find it.
        self.emit(ind, f"elif {target} != {square} and cells[{target}] is not None: w += 2")
        self.emit(ind, "else:")
        return ind + 1

    def group(self, node: Group, env: dict, ind: int, k: Cont) -> None:
        field = f"g{node.index}"
        if field not in self.live:
            self.node(node.body, env, ind, k)  # nothing reads its direction
            return
        if _always_steps(node.body):
            # A group records the direction of the last step taken inside it: here one always is.
            self.node(node.body, env, ind, lambda e, i: k({**e, field: e["d"]}, i))
            return
        mark = self.fresh("gm")
        self.emit(ind, f"{mark} = {env['sn']}")

        def exit_(e: dict, i: int) -> None:
            recorded = self.fresh("g")
            # A group records the direction of the last step taken inside it, if any was.
            self.emit(i, f"{recorded} = {e[field]} if {e['sn']} == {mark} else {e['d']}")
            k({**e, field: recorded}, i)
        self.node(node.body, env, ind, exit_)

    def step_to(self, target: str, direction: str, env: dict, ind: int, k: Cont) -> None:
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

    def step(self, directions: list[int], env: dict, ind: int, k: Cont) -> None:
        tables = self.rules.neighbours
        if not directions:
            return
        target = self.fresh("c")
        if len(directions) == 1:
            table = self.constant("nb", tables[directions[0]])
            self.emit(ind, f"{target} = {table}[{env['c']}]")
            self.emit(ind, f"if {target} is not None:")
            self.step_to(target, str(directions[0]), env, ind + 1, k)
            return
        pairs = self.constant("dirs", tuple((d, tables[d]) for d in directions))
        direction, table = self.fresh("d"), self.fresh("t")
        self.emit(ind, f"for {direction}, {table} in {pairs}:")
        self.emit(ind + 1, f"{target} = {table}[{env['c']}]")
        self.emit(ind + 1, f"if {target} is None: continue")
        self.step_to(target, direction, env, ind + 1, k)

    def recorded(self, group: int, opposite: bool, env: dict, ind: int) -> str:
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

    def group_step(self, node: GroupStep, env: dict, ind: int, k: Cont) -> None:
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

    def lift(self, env: dict, ind: int, k: Cont) -> None:
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

    def put(self, env: dict, ind: int, k: Cont) -> None:
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

    def continue_(self, env: dict, ind: int, k: Cont) -> None:
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

    # ---------------------------------------------------------------- repetitions

    def single_way(self, node: Any) -> bool:
        """Whether there is at most one way through ``node``."""
        if isinstance(node, Step):
            return len(self.directions(node.letters)) <= 1
        if isinstance(node, (GroupStep, Lift, Put)):
            return True
        if isinstance(node, Group):
            return self.single_way(node.body)
        if isinstance(node, Sequence):
            return all(self.single_way(item) for item in node.items)
        if isinstance(node, Alternatives):
            return len(node.options) == 1 and self.single_way(node.options[0])
        if isinstance(node, Repeat):
            return node.possessive and self.single_way(node.body)
        if isinstance(node, Bracket):
            return all(not isinstance(item, Promote) or len(item.choices) <= 1 for item in node.items)
        return False

    def optional(self, node: Repeat, env: dict, ind: int, k: Cont) -> None:
        """A possessive repetition of at most one pass with one way through (``(…)?+``): the pass
        is taken when it can succeed and change something, else the repetition is left at once."""
        leave = self.materialise(k, env, ind)
        self.spend(ind)
        took, start = self.fresh("tk"), self.fresh("w")
        self.emit(ind, f"{took} = [False]; {start} = w")
        first = len(self.lines)

        def after_pass(e: dict, j: int) -> None:
            self.emit(j, f"if {e['pg']} != {env['pg']}:")
            j += 1
            self.emit(j, f"{took}[0] = True")
            self.spend(j, f"w - {start}")  # the trial pass, as the runner counts it
            depth = self.fresh("dp")
            self.emit(j, f"{depth} = {e['dp']} + 1")
            self.emit(j, f"if {depth} > MAXDEPTH: raise ABORT('depth')")
            self.spend(j)  # the repetition's second look, which leaves
            leave(dict(e, dp=depth), j)
        self.node(node.body, env, ind, after_pass)
        if not any(line.lstrip().startswith("def ") for line in self.lines[first:]):
            # No local function between: the flag is a plain variable rather than a list.
            lines = self.lines
            lines[first - 1] = lines[first - 1].replace(f"{took} = [False]", f"{took} = False")
            for index in range(first, len(lines)):
                lines[index] = lines[index].replace(f"{took}[0] = True", f"{took} = True")
            took_now = took
        else:
            took_now = f"{took}[0]"
        if node.minimum == 0:
            self.emit(ind, f"if not {took_now}:")
            leave(env, ind + 1)

    def repeat(self, node: Repeat, env: dict, ind: int, k: Cont) -> None:
        lo, hi = node.minimum, node.maximum
        if node.possessive and hi == 1 and lo <= 1 and self.single_way(node.body):
            self.optional(node, env, ind, k)
            return
        leave = self.materialise(k, env, ind)
        name = self.fresh("rep")
        params, inner = self.params_env(env)
        count, mark = self.fresh("n"), self.fresh("mk")
        self.emit(ind, f"def {name}({params}, {count}, {mark}):")
        i = ind + 1
        self.entry(i)
        self.spend(i)
        more = "True" if hi is None else f"{count} < {hi}"

        def next_pass(e: dict, j: int) -> None:
            depth = self.fresh("dp")
            self.emit(j, f"{depth} = {e['dp']} + 1")
            self.emit(j, f"if {depth} > MAXDEPTH: raise ABORT('depth')")
            self.emit(j, f"{name}({self.args(dict(e, dp=depth))}, {count} + 1, {e['pg']})")

        if not node.possessive:
            if lo == 0:
                leave(inner, i)
            else:
                self.emit(i, f"if {count} >= {lo}:")
                leave(inner, i + 1)

            def after_body(e: dict, j: int) -> None:
                # A pass that changed nothing would change nothing again: leave, as regex engines do.
                self.emit(j, f"if {e['pg']} == {mark}:")
                leave(e, j + 1)
                self.emit(j, "else:")
                next_pass(e, j + 1)
            if hi is not None:
                self.emit(i, f"if {more}:")
                i += 1
            self.node(node.body, inner, i, after_body)
            self.emit(i, "pass")
        elif self.single_way(node.body) or _always_steps(node.body):
            # One way through: the trial pass and the pass are the same steps, so the pass is taken;
            # when it succeeds and changes something, the trial's work is counted again, as the
            # runner spends it; otherwise the repetition leaves from where the pass began.
            # Every way through the body takes a step: every way that reaches its end changes
            # something, so the trial pass would answer yes exactly when the pass finds a way. The
            # pass is taken at once, and the trial's work (up to its first success, where it stops)
            # is counted at the first way found; no way found, the pass was the trial, and the
            # repetition leaves.
            single = self.single_way(node.body)
            took, start = self.fresh("tk"), self.fresh("w")
            self.emit(i, f"{took} = [False]")
            j = i
            if hi is not None:
                self.emit(i, f"if {more}:")
                j += 1
            self.emit(j, f"{start} = w")

            def after_pass(e: dict, j: int) -> None:
                self.emit(j, f"if {e['pg']} != {mark}:" if single else f"if not {took}[0]:")
                self.emit(j + 1, f"{took}[0] = True")
                self.spend(j + 1, f"w - {start}")
                next_pass(e, j + 1 if single else j)
            self.node(node.body, inner, j, after_pass)
            self.emit(j, "pass")
            self.emit(i, f"if not {took}[0]{'' if lo == 0 else f' and {count} >= {lo}'}:")
            leave(inner, i + 1)
        else:
            probe = self.trial(node, inner, ind + 1)

            def after_real(e: dict, j: int) -> None:
                self.emit(j, f"if {e['pg']} == {mark}:")
                leave(e, j + 1)
                self.emit(j, "else:")
                next_pass(e, j + 1)
            self.emit(i, f"if {more} and {probe}({self.args(inner)}):")
            self.node(node.body, inner, i + 1, after_real)
            self.emit(i + 1, "pass")
            if lo == 0:
                self.emit(i, "else:")
            else:
                self.emit(i, f"elif {count} >= {lo}:")
            leave(inner, i + 1)
        self.emit(ind, f"{name}({self.args(env)}, 0, {env['pg']})")
        # A recursive local function holds itself through its closure: let go of it, so that it is
        # freed at once rather than left to the cycle collector.
        self.emit(ind, f"{name} = None")

    def trial(self, node: Repeat, env: dict, ind: int) -> str:
        """A local function answering whether a pass of ``node``'s body can succeed and change
        something, leaving the board, the hand and the lists as they were."""
        name = self.fresh("trial")
        params, inner = self.params_env(env)
        self.emit(ind, f"def {name}({params}):")
        i = ind + 1
        self.entry(i)
        self.emit(i, "snap = cells[:]; held = hand[:]; lens = (len(caps), len(stops), len(visited), len(also))")
        self.emit(i, "try:")

        def succeeded(e: dict, j: int) -> None:
            self.emit(j, f"if {e['pg']} != {inner['pg']}: raise PROBEOK")
        self.probing += 1
        try:
            self.node(node.body, inner, i + 1, succeeded)
        finally:
            self.probing -= 1
        self.emit(i + 1, "return False")
        self.emit(i, "except PROBEOK:")
        self.emit(i + 1, "cells[:] = snap; hand[:] = held")
        self.emit(i + 1, "del caps[lens[0]:]; del stops[lens[1]:]; del visited[lens[2]:]; del also[lens[3]:]")
        self.emit(i + 1, "return True")
        return name

    # ---------------------------------------------------------------- bracket items

    def items(self, items: list, env: dict, ind: int, square: str, k: ItemCont) -> None:
        if not items:
            k(env, ind, square)
            return
        first, rest = items[0], items[1:]
        self.item(first, env, ind, square, lambda e, i, sq: self.items(rest, e, i, sq, k))

    def item(self, item: Any, env: dict, ind: int, square: str, k: ItemCont) -> None:
        if isinstance(item, Check):
            self.check(item, env, ind, square, k)
        elif isinstance(item, TypeCheck):
            kind = self.rules.kind_index.get(item.name)
            if kind is None:
                raise Unsupported("unknown piece type")  # the runner reports it
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
            test = (f"(({q}.counts[{kind}] > 0) if type({q}) is HEAP else ({q} is not None and {q}[1] == {kind}))")
            self.emit(ind, f"if {'not ' if item.negated else ''}{test}:")
            k(env, ind + 1, square)
        elif isinstance(item, ZoneCheck):
            zone = self.rules.board.zones.get(item.name)
            if zone is None:
                raise Unsupported("unknown zone")
            self.emit(ind, f"if {square} {'not in' if item.negated else 'in'} {self.zone_squares(item.name)}:")
            k(env, ind + 1, square)
        elif isinstance(item, CountCheck):
            self.count_check(item, env, ind, square, k)
        elif isinstance(item, DirectionCheck):
            recorded = self.recorded(item.group, item.opposite, env, ind)
            test = (f"{env['d']} == {recorded}" if recorded.isdigit()
                    else f"{recorded} is not None and {env['d']} == {recorded}")
            self.emit(ind, f"if {'not ' if item.negated else ''}({test}):")
            k(env, ind + 1, square)
        elif isinstance(item, Promote):
            self.promote(item, env, ind, square, k)
        else:
            raise Unsupported(type(item).__name__)

    def count_check(self, item: CountCheck, env: dict, ind: int, square: str, k: ItemCont) -> None:
        if item.piece is not None:
            raise Unsupported("a count of one type of piece")  # the runner's
        low, high = item.minimum, item.maximum
        found = self.fresh("h")
        if item.zone is not None:
            zone = self.rules.board.zones.get(item.zone)
            if zone is None:
                raise Unsupported("unknown zone")
            squares = self.constant("zq", tuple(sorted(zone.squares_for(self.player_name))))
            self.emit(ind, f"{found} = ZSIZE(cells, {squares})")
        else:
            cell = self.fresh("q")
            self.emit(ind, f"{cell} = cells[{square}]")
            self.emit(ind, f"{found} = sum({cell}[3]) if type({cell}) is HEAP else SIZE({cell})")
        test = f"{low} <= {found}" + ("" if high is None else f" <= {high}")
        self.emit(ind, f"if {test}:")
        k(env, ind + 1, square)

    def promote(self, item: Promote, env: dict, ind: int, square: str, k: ItemCont) -> None:
        kinds = []
        for name in item.choices:
            kind = self.rules.kind_index.get(name)
            if kind is None:
                raise Unsupported("unknown piece type")
            kinds.append((name, kind))
        held, start, promoted, kind_var = self.fresh("hp"), self.fresh("ho"), self.fresh("pr"), self.fresh("pk")
        self.emit(ind, "if hand:")
        i = ind + 1
        self.emit(i, f"{held}, {start} = hand[-1]")
        self.emit(i, f"for {promoted}, {kind_var} in {tuple(kinds)!r}:")
        pg = self.progress(env, i + 1)
        self.emit(i + 1, f"hand[-1] = ({held}._replace(kind={kind_var}), {start})")
        k(dict(env, pr=promoted, pg=pg), i + 1, square)
        self.emit(i, f"hand[-1] = ({held}, {start})")

    def check(self, item: Check, env: dict, ind: int, square: str, k: ItemCont) -> None:
        letter = item.letter
        lower, want = letter.lower(), letter.islower()
        if lower == "x":
            self.capture(env, ind, square, k)
            return
        if lower == "k":
            if env.get("ag") == "True":
                k(env, ind, square)
                return
            again = self.fresh("ag")
            self.emit(ind, f"{again} = True")
            if env.get("ag", "False") == "False":
                k(dict(env, ag=again, pg=self.progress(env, ind)), ind, square)
                return
            pg = self.fresh("pg")
            self.emit(ind, f"{pg} = {env['pg']} if {env['ag']} else {env['pg']} + 1")
            k(dict(env, ag=again, pg=pg), ind, square)
            return
        if lower in "pef":
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
            test = {"p": f"{q} is None", "e": f"{q} is not None and {q}[0] != me and {q}[0] >= 0",  # a heap, neutral, is no enemy
                    "f": f"{q} is not None and {q}[0] == me"}[lower]
        elif lower == "b":
            test = f"{square} == origin"
        elif lower == "c":
            test = f"{square} in caps"
        elif lower == "r":
            test = f"{square} in visited"
        elif lower == "m":
            test = f"(cells[{square}] or (hand[-1][0] if hand else (None, None, False)))[2]"
        else:
            raise Unsupported(f"[{letter}]")
        self.emit(ind, f"if {'' if want else 'not '}({test}):")
        if lower in "pef":
            # What stands on the square, as read: the bracket's next items may use it (``_unread``).
            env = dict(env, rd=(square, q))
        k(env, ind + 1, square)

    def capture(self, env: dict, ind: int, square: str, k: ItemCont) -> None:
        known = env.get("rd")
        if known is not None and known[0] == square:
            q = known[1]  # read by a check before it in the same bracket: nothing has changed since
        else:
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
        env = _unread(env)
        if self.heap:
            self.emit(ind, f"if {q} is not None:")
            i = self.landing_first(env, ind + 1, square)
            env = _without(env, "land")
            self.spend(i)
            self.emit(i, f"if {square} not in touched: touched[{square}] = {q}")
            self.emit(i, f"cells[{square}] = None; caps.append({square})")
            k(dict(env, pg=self.progress(env, i)), i, square)
            self.emit(i, f"caps.pop(); cells[{square}] = {q}")
            return
        # A stack board: the top of the jumped column goes under the column in hand.
        carried, start = self.fresh("cc"), self.fresh("co")
        self.emit(ind, f"if type({q}) is COLUMN and hand and type(hand[-1][0]) is COLUMN:")
        i = self.landing_first(env, ind + 1, square)
        env = _without(env, "land")
        self.emit(i, f"{carried}, {start} = hand[-1]")
        self.spend(i)
        self.emit(i, f"if {square} not in touched: touched[{square}] = {q}")
        self.emit(i, f"cells[{square}] = {q}.without_top()")
        self.emit(i, f"hand[-1] = ({carried}.under({q}[3][0]), {start}); caps.append({square})")
        k(dict(env, pg=self.progress(env, i)), i, square)
        self.emit(i, f"caps.pop(); hand[-1] = ({carried}, {start}); cells[{square}] = {q}")


def _without(env: dict, field: str) -> dict:
    """``env`` without ``field``."""
    if field not in env:
        return env
    return {name: value for name, value in env.items() if name != field}


def _unread(env: dict) -> dict:
    """``env`` without the square's content a check read (``rd``): once the board may have changed,
    or outside the bracket that read it."""
    if "rd" not in env:
        return env
    return {field: value for field, value in env.items() if field != "rd"}


def _always_steps(node: Any) -> bool:
    """Whether every way through ``node`` takes a step."""
    if isinstance(node, Sequence):
        return any(_always_steps(item) for item in node.items)
    if isinstance(node, Alternatives):
        return all(_always_steps(option) for option in node.options)
    if isinstance(node, Group):
        return _always_steps(node.body)
    if isinstance(node, Repeat):
        return node.minimum >= 1 and _always_steps(node.body)
    return isinstance(node, (Step, GroupStep))


# --------------------------------------------------------------------------- compiling and running

_CODE_CACHE: dict[str, tuple[Any, str]] = {}


def compile_kind_notation(rules: "Rules", notation: Notation, player: int) -> Callable[..., None]:
    """The ``moves`` function of ``notation`` on a heap or stack board, for ``player``; raises
    :class:`Unsupported` for a notation it does not cover."""
    from dagaz_studio.engine.runner import MAX_REPETITION_DEPTH

    generator = _Generator(rules, notation, player)
    written = generator.module()
    cached = _CODE_CACHE.get(written)
    if cached is None:
        # Local functions that close over nothing of a run are made once, not at every run.
        source = hoist(written)
        cached = (compile(source, f"<notation {notation.text!r}>", "exec"), source)
        if len(_CODE_CACHE) > 1024:
            _CODE_CACHE.clear()
        _CODE_CACHE[written] = cached
    code, source = cached
    kinds = len(rules.board.pieces)
    namespace: dict[str, Any] = dict(generator.constants)
    namespace.update(
        HEAP=Heap, COLUMN=Column, HPUSH=push_heap, HADD=heap_adder(kinds), HADDALL=heap_with_hand, SIZE=heap_size,
        ZSIZE=zone_size, QMOVE=quick_move, TNEW=_new_tuple, LASTMOVE=LastMove, NOLABELS=_NO_LABELS, POLL=poll,
        ABORT=Abort, PROBEOK=_ProbeSucceeded, MAXDEPTH=MAX_REPETITION_DEPTH, SOURCE=source,
    )
    exec(code, namespace)
    moves: Callable[..., None] = namespace["moves"]
    moves.source = source  # type: ignore[attr-defined]
    return moves


def kind_plan(rules: "Rules", program: "Program") -> Optional[Callable[..., None]]:
    """The compiled ``moves`` of ``program`` (cached on ``rules``), or ``None`` when the runner
    must run it. Only the board's own pieces are compiled: a typed notation stays cheap to type."""
    cache: dict[tuple, Optional[Callable[..., None]]] = rules.__dict__.setdefault("_kind_plans", {})
    key = (program.notation.text, program.player)
    if key in cache:
        return cache[key]
    plan: Optional[Callable[..., None]] = None
    if program.piece is not None and program.piece_name in rules.kind_index \
            and rules.kind_index[program.piece_name] < rules.board_kinds:
        try:
            plan = compile_kind_notation(rules, program.notation, program.player)
        except (Unsupported, RecursionError, SyntaxError, MemoryError):
            plan = None
    cache[key] = plan
    return plan


def run_kind_fast(rules: "Rules", position: "Position", square: int, program: "Program", budget: int,
                  cancel: Any) -> Optional[RunResult]:
    """The moves of the piece (or heap) on ``square`` by the compiled path, or ``None`` to leave the
    run to the runner (a notation not covered; a run that spends its budget, nests too deeply or is
    cancelled, which the runner then stops and explains)."""
    plan = kind_plan(rules, program)
    if plan is None:
        return None
    out: list[Move] = []
    work = [0, min(POLL_EVERY, budget + 1), budget, cancel]
    try:
        plan(position.cells, square, position.turn, out, set(), work, position, rules.kind_names, rules.dir_letters)
    except (Abort, RecursionError):
        return None
    if work[0] > budget:
        return None
    return RunResult(moves=out, work=work[0])


def kind_moves(rules: "Rules", position: "Position", cancel: Any = None, light: bool = False,
               compulsory: bool = False) -> Optional[list[Any]]:
    """Every move of the side to move on a heap or stack board, each piece (or heap) run by its
    compiled code where it has one, by :meth:`Rules.run` otherwise; ``None`` when a run stopped
    (the caller runs the board through the runner, which says why). The same moves, in the same
    order, as running each square in turn: bulk work (perft) makes this call by the thousand.

    With ``light``, each move is its light record, the key :func:`kind_perft` makes it by (and
    ``None`` is also the answer where a kind is not compiled); with ``compulsory`` too, the moves
    that capture nothing found once a capture is found are left out (they will not count)."""
    cells = position.cells
    me = position.turn
    table, runs = _kind_table(rules, me)
    board_kinds = rules.board_kinds
    names, letters = (None if light else rules.kind_names), rules.dir_letters
    out: list[Any] = []
    limit = min(POLL_EVERY, DEFAULT_BUDGET + 1)
    work = [0, limit, DEFAULT_BUDGET, cancel]
    seen: set[tuple] = set()
    for plan in table:
        if plan is not None:
            plan.bind(cells, me, out, seen, work, position, names, letters,  # type: ignore[attr-defined]
                      [False] if light and compulsory else None)
    try:
        return _each_square(rules, position, cells, me, runs, board_kinds, work, limit, light, cancel, out)
    finally:
        for plan in table:
            if plan is not None:
                plan.bind(None, None, None, None, None, None, None, None)  # type: ignore[attr-defined]


def _each_square(rules: "Rules", position: "Position", cells: list, me: int, runs: list, board_kinds: int,
                 work: list, limit: int, light: bool, cancel: Any, out: list) -> Optional[list[Any]]:
    # A heap belongs to nobody (player -1): it moves by its notation for the side to move. Each
    # run puts the board back as it was, so the cells are read as the loop goes.
    work[1] = limit
    for origin, piece in enumerate(cells):
        if piece is None or (piece[0] != me and piece[0] >= 0):
            continue
        kind = piece[1]
        run = runs[kind] if kind < board_kinds else None
        if run is not None:
            # Each run has a budget of its own, its work counted from nought; the moves of one
            # piece never have the key of another's (a key begins with the square moved from), so
            # one set tells them apart.
            try:
                run(origin, piece)
            except (Abort, RecursionError):
                return None
            if work[0] >= limit:
                # The run reached its first mark (and was polled): the next starts afresh.
                if work[0] > DEFAULT_BUDGET:
                    return None
                work[1] = limit
            continue
        if light:
            return None
        result = rules.run(position, origin, cancel=cancel)
        if result.stopped:
            return None
        out += result.moves
    return out


def _kind_table(rules: "Rules", player: int) -> tuple[list[Any], list[Any]]:
    """The compiled ``moves`` of each of the board's kinds for ``player`` (``None`` where the runner
    runs it), each once, and the ``run`` of each (by kind), worked out once."""
    tables: dict[int, tuple[list[Any], list[Any]]] = rules.__dict__.setdefault("_kind_tables", {})
    found = tables.get(player)
    if found is None:
        plans = [kind_plan(rules, rules.kind_program(kind, player)) for kind in range(rules.board_kinds)]
        distinct = [plan for index, plan in enumerate(plans) if plan is not None and plan not in plans[:index]]
        found = tables[player] = (distinct, [None if plan is None else plan.run for plan in plans])  # type: ignore[attr-defined]
    return found


# --------------------------------------------------------------------------- perft by light records

#: The board rules :func:`kind_perft` applies; a board with any other is counted move by move.
LIGHT_RULES = frozenset({"compulsory-capture", "continue-captures", "most-captures", "most-valuable-capture",
                         "captures-to-hand", "majority-wins"})


class _NotLight(Exception):
    """Something :func:`kind_perft` does not count: the caller counts by full moves."""


def _light_ready(rules: "Rules") -> bool:
    """Whether every move of this board can be counted by light records: every kind compiled, no
    royal piece, no drop, and only the rules of :data:`LIGHT_RULES`."""
    ready = rules.__dict__.get("_kind_light")
    if ready is None:
        board = rules.board
        players = range(len(board.players))
        ready = (not rules.royal_kinds and set(board.rules) <= LIGHT_RULES
                 and all(run is not None for player in players for run in _kind_table(rules, player)[1])
                 and all(rules.drop_program(kind, player) is None for player in players
                         for kind in range(rules.board_kinds)))
        rules.__dict__["_kind_light"] = ready
    return bool(ready)


def kind_perft(rules: "Rules", position: "Position", depth: int) -> Optional[int]:
    """Perft of a heap or stack board made and unmade by light records (each move's key: its
    changes, captures and whether the same player moves again), with the board's rules applied as
    :func:`~dagaz_studio.engine.game.legal_moves` applies them; ``None`` when the board needs full
    moves (see :func:`_light_ready`) or a run stopped. The position is as it was afterwards."""
    if not _light_ready(rules) or (position.hands and rules.board.kind != "heap"):
        return None
    board = rules.board
    flags = (board.kind == "heap" and "majority-wins" in board.rules, "compulsory-capture" in board.rules,
             capture_rules.applies(board))
    try:
        return _light_perft(rules, position, depth, flags)
    except _NotLight:
        return None


def _light_legal(rules: "Rules", position: "Position", majority: bool, compulsory: bool, chooses: bool) -> list[tuple]:
    """The light records of the legal moves: ``majority``, ``compulsory`` and ``chooses`` say
    whether the board has ``rule: majority-wins``, ``rule: compulsory-capture`` and rules that
    choose among captures (:mod:`capture_rules`)."""
    if majority and majority_reached(position):
        return []
    keys = kind_moves(rules, position, light=True, compulsory=compulsory)
    if keys is None:
        raise _NotLight
    if compulsory:
        captures = [key for key in keys if key[2]]
        if captures:
            keys = captures
    if chooses:
        board = rules.board
        value_on = _value_on(rules, position) if "most-valuable-capture" in board.rules else None
        keys = capture_rules.choose_captures(board, keys, _origin_of, _captures_of, value_on)
    return keys


def _value_on(rules: "Rules", position: "Position") -> Callable[[int], Fraction]:
    """The value of the piece on a square of ``position`` (a column's commander), as the capture
    rules weigh it."""
    values = capture_rules.piece_values(rules.board, rules.kind_names)
    cells = position.cells

    def value_on(square: int) -> Fraction:
        piece = cells[square]
        return values[piece[1]] if piece is not None else Fraction(0)
    return value_on


def _origin_of(key: tuple) -> int:
    return int(key[0])


def _captures_of(key: tuple) -> tuple[int, ...]:
    return tuple(key[2])


def _light_perft(rules: "Rules", position: "Position", depth: int, flags: tuple[bool, bool, bool]) -> int:
    keys = _light_legal(rules, position, *flags)
    if depth == 1:
        return len(keys)
    cells = position.cells
    players = len(rules.board.players)
    player = position.turn
    total = 0
    for key in keys:
        changes = key[6]
        saved = []
        for square, _ in changes:
            saved.append((square, cells[square]))
        stores = [list(store) for store in position.hands] if position.hands else None
        if stores is not None:
            store_taken(position, player, changes)
        for square, after in changes:
            cells[square] = after
        position.turn = player if key[7] else (player + 1) % players
        try:
            total += _light_perft(rules, position, depth - 1, flags)
        finally:
            for square, before in saved:
                cells[square] = before
            position.turn = player
            if stores is not None:
                position.hands = stores
    return total
