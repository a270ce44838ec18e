"""The compiled fast path: a notation turned into straight-line Python, compiled once.

The runner (:mod:`dagaz_studio.engine.runner`) interprets a notation through a chain of closures
that save and restore a shared run state; it can explain every step, and it runs every notation. Most
runs need neither: they only want the moves. For those, this module writes a notation out as the
Python source of one function, in which

- the run's state lives in local variables — the cursor, the last direction, each group's direction,
  the promotion chosen, the counters the notation's repetitions need — and every assignment makes a
  fresh name, so a later alternative sees the state as it was, with nothing to restore;
- a step is a loop (or one test) over precomputed per-square neighbour tables;
- a repetition is a small recursive function, and a continuation needed in several places (after
  each option of ``;``, after leaving a repetition) is a local function, so no code is written twice;
- the only shared mutable state is the board's cells (captures lift pieces off and put them back) and
  a list of the squares captured so far;
- a completed move is a light record, ``(target, captures, promotion kind, last direction)``, kept once;
  the caller builds full :class:`~dagaz_studio.engine.values.Move` objects only when it needs them.

A second variant of the same source answers an attack question ("does this piece capture on that
square?") and stops at the first capture found there.

The compiler covers the notation's steps, groups and group steps, alternatives, greedy repetitions,
bracket items that test or capture on a square (``p e f m x l t r a s``, their opposites, ``=Name``,
``@zone``, promotion, direction checks and navigation), and lifts and puts (``^``, ``|``), for which it
also keeps the hand, the pieces carried along and the squares touched, and builds each move whole. A
notation with anything else — ``&``, ``[o]``, handlers, a possessive repetition — is not compiled: its
top-level alternatives that do compile still run here, the others through the runner, with the same
results.
Work is counted as the runner counts it; a run that would spend its budget, nest too deeply or be
cancelled is handed back to the runner, which stops it and says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from dagaz_studio.board.model import DIAGONAL, ORTHOGONAL
from dagaz_studio.notation.nodes import (
    Alternatives, Bracket, Check, Continue, DirectionCheck, Group, GroupStep, Handler, Lift, Navigate,
    Notation, Promote, Put, Repeat, Sequence, Step, TypeCheck, ZoneCheck,
)

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules

_SETS = {"+": ORTHOGONAL, "X": DIAGONAL, "*": ORTHOGONAL + DIAGONAL}
#: Generated source longer than this is not worth compiling: the runner takes such notations.
MAX_SOURCE = 60_000
#: Python compiles at most about a hundred levels of indentation (and twenty nested loops, which
#: compile() reports as a SyntaxError the caller also takes as "not compiled").
MAX_INDENT = 60


class Unsupported(Exception):
    """A notation shape the compiler does not cover (the runner runs it)."""


class Abort(Exception):
    """A compiled run stopped: ``kind`` is ``budget`` (spent), ``depth`` (repetitions nested too
    deeply), ``cancelled``, or ``rerun`` (leave the run to the runner, which says why it stopped)."""

    def __init__(self, kind: str, message: Optional[str] = None) -> None:
        super().__init__(kind)
        self.kind = kind
        self.message = message


class Found(Exception):
    """An attack question answered yes."""


#: A light move: (target, captures, promotion kind or None, direction index of the last step or None).
Record = tuple[int, tuple[int, ...], Optional[int], Optional[int]]


@dataclass(frozen=True)
class Compiled:
    """A notation compiled for one board and player.

    ``moves(cells, origin, piece, out, seen, work, position)`` appends the records of the moves of
    ``piece`` standing on ``origin`` to ``out`` (``seen`` holds their keys; ``work`` is a
    :func:`new_work` list); ``attacks(cells, origin, piece, target, work, position)`` raises
    :class:`Found` when the piece could capture on ``target``. ``source`` is the generated Python.
    """

    moves: Callable[..., None]
    attacks: Callable[..., None]
    source: str
    #: Whether ``moves`` keeps full :class:`Move` objects (a notation that lifts or puts) rather than records.
    rich: bool = False


_CODE_CACHE: dict[str, Any] = {}


def compile_notation(rules: "Rules", notation: Notation, player: int, body: Any = None) -> Compiled:
    """Compile ``notation`` (or one part of it, ``body``) for ``player``; raises :class:`Unsupported`."""
    generator = _Generator(rules, notation, player)
    source, constants = generator.module(notation.body if body is None else body)
    code = _CODE_CACHE.get(source)
    if code is None:
        code = compile(source, f"<notation {notation.text!r}>", "exec")
        if len(_CODE_CACHE) > 4096:
            _CODE_CACHE.clear()
        _CODE_CACHE[source] = code
    namespace: dict[str, Any] = dict(constants)
    namespace.update(Found=Found, Abort=Abort, MAXDEPTH=_max_depth(), POLL=poll, R=rules)
    exec(code, namespace)
    return Compiled(namespace["moves"], namespace["attacks"], source, generator.rich)


def new_work(budget: int, cancel: Any) -> list[Any]:
    """The work counter a compiled run shares with the attack questions it asks:
    [work spent, when to look again, budget, cancel flag or None]."""
    return [0, min(POLL_EVERY, budget + 1), budget, cancel]


#: How often (in units of work) a run looks at its cancel flag, as the runner does.
POLL_EVERY = 512


def poll(work: list[Any]) -> None:
    """Called when the work reaches its next mark: stop when the budget is spent, or cancelled."""
    spent = work[0]
    if spent > work[2]:
        raise Abort("budget")
    cancel = work[3]
    # At every mark reached, even past it in one go (an attack question left to the runner adds its
    # work at once): a run whose work comes in jumps must still look.
    if cancel is not None and cancel.is_set():
        raise Abort("cancelled")
    work[1] = min((spent // POLL_EVERY + 1) * POLL_EVERY, work[2] + 1)


def _max_depth() -> int:
    from dagaz_studio.engine.runner import MAX_REPETITION_DEPTH
    return MAX_REPETITION_DEPTH


class _Env:
    """Where each piece of run state is, as Python expressions, at one point of the generated code."""

    __slots__ = ("c", "d", "sn", "pg", "pr", "dp", "g", "gm", "mi", "ms", "md")

    def __init__(self, c: str, d: str, sn: str, pg: str, pr: str, dp: str, g: dict[int, str],
                 gm: dict[int, str], mi: str = "True", ms: str = "origin", md: str = "None") -> None:
        self.c, self.d, self.sn, self.pg, self.pr, self.dp, self.g, self.gm = c, d, sn, pg, pr, dp, g, gm
        # With lifts and puts: whether the moving piece is in hand, where it stands, its last direction.
        self.mi, self.ms, self.md = mi, ms, md

    def but(self, **changes: Any) -> "_Env":
        env = _Env(self.c, self.d, self.sn, self.pg, self.pr, self.dp, dict(self.g), dict(self.gm),
                   self.mi, self.ms, self.md)
        for name, value in changes.items():
            setattr(env, name, value)
        return env

    def names(self, groups: int, rich: bool = False) -> list[str]:
        extra = [self.mi, self.ms, self.md] if rich else []
        return [self.c, self.d, self.sn, self.pg, self.pr, self.dp] + [self.g[i] for i in range(1, groups + 1)] + extra

    @staticmethod
    def of(params: list[str], groups: int, gm: dict[int, str], rich: bool) -> "_Env":
        env = _Env(params[0], params[1], params[2], params[3], params[4], params[5],
                   {i: params[5 + i] for i in range(1, groups + 1)}, dict(gm))
        if rich:
            env.mi, env.ms, env.md = params[6 + groups:9 + groups]
        return env


# A continuation writes the code that follows, at an indentation, for a state.
Cont = Callable[[_Env, int], None]
# A bracket item's continuation also knows the square the items apply to.
ItemCont = Callable[[_Env, int, str], None]


class _Generator:
    def __init__(self, rules: "Rules", notation: Notation, player: int) -> None:
        self.rules = rules
        self.notation = notation
        self.player = player
        self.player_name = rules.board.players[player]
        self.groups = notation.group_count
        self.lines: list[str] = []
        self.counter = 0
        self.constants: dict[str, Any] = {}
        self.attack = False
        #: Whether the notation lifts or puts pieces: then the hand, the pieces moved along and the
        #: squares touched are kept, and a completed move is built whole.
        self.rich = False

    # ---------------------------------------------------------------- helpers

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

    def emit(self, indent: int, text: str) -> None:
        if indent > MAX_INDENT:
            raise Unsupported("nested too deeply for Python")
        self.lines.append("    " * indent + text)
        if len(self.lines) * 40 > MAX_SOURCE:
            raise Unsupported("too long")

    def spend(self, indent: int) -> None:
        """One unit of work, counted where the runner counts it; at each mark, budget and cancel are looked at."""
        self.emit(indent, "W[0] += 1")
        self.emit(indent, "if W[0] >= W[1]: POLL(W)")

    def directions(self, letters: Any) -> list[int]:
        rules = self.rules
        out: list[int] = []
        for letter in letters:
            for plain in _SETS.get(letter, (letter,)):
                index = rules.dir_index.get(rules.board.player_direction(self.player_name, plain))
                if index is not None and index not in out:
                    out.append(index)
        return out

    # ---------------------------------------------------------------- the module

    def module(self, body: Any) -> tuple[str, dict[str, Any]]:
        self.rich = _lifts_or_puts(body)
        parts = []
        for attack in (False, True):
            self.attack = attack
            self.lines = []
            self.counter = 0
            name = "attacks" if attack else "moves"
            params = "cells, origin, piece, TGT, W, P" if attack else "cells, origin, piece, out, seen, W, P"
            self.emit(0, f"def {name}({params}):")
            self.emit(1, "me = piece[0]")
            self.emit(1, "LMO = LMT = -1")
            self.emit(1, "if P.last_move is not None: LMO, LMT = P.last_move[0], P.last_move[1]")
            self.emit(1, "caps = []; capq = []")
            self.emit(1, "cells[origin] = None")
            if self.rich:
                self.emit(1, "hand = [(piece, origin)]; touched = {origin: piece}; visited = [origin]; also = []")
            self.emit(1, "try:")
            env = _Env("origin", "None", "0", "0", "None", "0", {i: "None" for i in range(1, self.groups + 1)}, {})
            if self.rich:
                self.finishing(2)
            self.node(body, env, 2, self.finish)
            self.emit(2, "pass")
            self.emit(1, "finally:")
            if self.rich:
                self.emit(2, "for s_, v_ in touched.items(): cells[s_] = v_")
            else:
                self.emit(2, "while caps: cells[caps.pop()] = capq.pop()")
                self.emit(2, "cells[origin] = piece")
            parts.append("\n".join(self.lines))
        return "\n\n".join(parts) + "\n", self.constants

    def finishing(self, ind: int) -> None:
        """With lifts and puts, the implicit end as a local function: each piece still in hand, in
        turn, must not land on a friend, captures an enemy there and is put down; then the move is kept."""
        self.emit(ind, "def fin(c, mi, ms, md, pr):")
        i = ind + 1
        self.emit(i, "if not hand:")
        if self.attack:
            self.emit(i + 1, "if TGT in caps: raise Found")
        else:
            self.emit(i + 1, "R.rich_record(P, origin, piece, me, touched, visited, caps, also, ms, md, pr, out, seen)")
        self.emit(i + 1, "return")
        self.emit(i, "q = cells[c]")
        self.emit(i, "if q is not None and q[0] == me: return")
        self.spend(i)
        self.emit(i, "pp, po = hand.pop()")
        self.emit(i, "placed = pp._replace(moved=True) if c != po or pp[2] else pp")
        self.emit(i, "if c not in touched: touched[c] = q")
        self.emit(i, "cells[c] = placed")
        self.emit(i, "if q is not None: caps.append(c)")
        self.emit(i, "if mi and not hand:")
        self.emit(i + 1, "visited.append(c); fin(c, False, c, md, pr); visited.pop()")
        self.emit(i, "else:")
        self.emit(i + 1, "also.append((po, c)); fin(c, mi, ms, md, pr); also.pop()")
        self.emit(i, "if q is not None: caps.pop()")
        self.emit(i, "cells[c] = q; hand.append((pp, po))")

    def finish(self, env: _Env, ind: int) -> None:
        """The implicit end: the piece in hand must not land on a friend; an enemy there is captured."""
        if self.rich:
            self.emit(ind, f"fin({env.c}, {env.mi}, {env.ms}, {env.md}, {env.pr})")
            return
        q = self.fresh("q")
        self.emit(ind, f"{q} = cells[{env.c}]")
        self.emit(ind, f"if {q} is None or {q}[0] != me:")
        ind += 1
        self.spend(ind)
        if self.attack:
            self.emit(ind, f"if ({env.c} == TGT and {q} is not None) or TGT in caps: raise Found")
            return
        capt = self.fresh("cp")
        self.emit(ind, f"{capt} = tuple(caps) if {q} is None else tuple(caps) + ({env.c},)")
        # Back where it started with nothing captured and nothing promoted: not a move.
        self.emit(ind, f"if {capt} or {env.c} != origin or ({env.pr} is not None and {env.pr} != piece[1]):")
        key = self.fresh("k")
        self.emit(ind + 1, f"{key} = ({env.c}, {capt}, {env.pr})")
        self.emit(ind + 1, f"if {key} not in seen:")
        self.emit(ind + 2, f"seen.add({key})")
        self.emit(ind + 2, f"out.append(({env.c}, {capt}, {env.pr}, {env.d}))")

    def materialise(self, k: Cont, env: _Env, ind: int) -> Cont:
        """A continuation used in several places, written once as a local function."""
        name = self.fresh("kf")
        params = [self.fresh("a") for _ in env.names(self.groups, self.rich)]
        self.emit(ind, f"def {name}({', '.join(params)}):")
        inner = _Env.of(params, self.groups, env.gm, self.rich)
        start = len(self.lines)
        k(inner, ind + 1)
        if len(self.lines) == start:
            self.emit(ind + 1, "pass")

        def call(e: _Env, i: int) -> None:
            self.emit(i, f"{name}({', '.join(e.names(self.groups, self.rich))})")
        return call

    # ---------------------------------------------------------------- nodes

    def node(self, node: Any, env: _Env, ind: int, k: Cont) -> None:
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
            self.items(list(node.items), env, ind, env.c, lambda e, i, _sq: k(e, i))
        elif isinstance(node, Lift):
            self.lift(env, ind, k)
        elif isinstance(node, Put):
            self.put(env, ind, k)
        elif isinstance(node, Continue):
            raise Unsupported("partial moves")
        else:
            raise Unsupported(type(node).__name__)

    def lift(self, env: _Env, ind: int, k: Cont) -> None:
        q, pg = self.fresh("q"), self.fresh("pg")
        self.emit(ind, f"{q} = cells[{env.c}]")
        self.emit(ind, f"if {q} is not None:")
        i = ind + 1
        self.spend(i)
        self.emit(i, f"if {env.c} not in touched: touched[{env.c}] = {q}")
        self.emit(i, f"cells[{env.c}] = None; hand.append(({q}, {env.c})); {pg} = {env.pg} + 1")
        k(env.but(pg=pg), i)
        self.emit(i, f"hand.pop(); cells[{env.c}] = {q}")

    def put(self, env: _Env, ind: int, k: Cont) -> None:
        c = env.c
        pp, po, old, mover, pg = (self.fresh(stem) for stem in ("pp", "po", "old", "im", "pg"))
        ms, mi = self.fresh("ms"), self.fresh("mi")
        self.emit(ind, "if hand:")
        i = ind + 1
        self.spend(i)
        self.emit(i, f"{pp}, {po} = hand.pop(); {old} = cells[{c}]")
        self.emit(i, f"{mover} = {env.mi} and not hand")
        self.emit(i, f"if {c} not in touched: touched[{c}] = {old}")
        self.emit(i, f"cells[{c}] = {pp}._replace(moved=True) if {c} != {po} or {pp}[2] else {pp}")
        self.emit(i, f"if {old} is not None: caps.append({c})")
        self.emit(i, f"if {mover}: visited.append({c})")
        self.emit(i, f"else: also.append(({po}, {c}))")
        self.emit(i, f"{mi} = False if {mover} else {env.mi}; {ms} = {c} if {mover} else {env.ms}; {pg} = {env.pg} + 1")
        k(env.but(mi=mi, ms=ms, pg=pg), i)
        self.emit(i, f"if {mover}: visited.pop()")
        self.emit(i, "else: also.pop()")
        self.emit(i, f"if {old} is not None: caps.pop()")
        self.emit(i, f"cells[{c}] = {old}; hand.append(({pp}, {po}))")

    def sequence(self, items: list, env: _Env, ind: int, k: Cont) -> None:
        if not items:
            k(env, ind)
            return
        first, rest = items[0], items[1:]
        self.node(first, env, ind, lambda e, i: self.sequence(rest, e, i, k))

    def group(self, node: Group, env: _Env, ind: int, k: Cont) -> None:
        index = node.index
        mark = self.fresh("gm")
        self.emit(ind, f"{mark} = {env.sn}")

        def exit_(e: _Env, i: int) -> None:
            recorded = self.fresh("g")
            # A group records the direction of the last step taken inside it, if any was.
            self.emit(i, f"{recorded} = {e.g[index]} if {e.sn} == {mark} else {e.d}")
            k(e.but(g={**e.g, index: recorded}), i)
        self.node(node.body, env, ind, exit_)

    def step_to(self, target: str, direction: str, env: _Env, ind: int, k: Cont) -> None:
        self.spend(ind)
        sn, pg = self.fresh("sn"), self.fresh("pg")
        self.emit(ind, f"{sn} = {env.sn} + 1; {pg} = {env.pg} + 1")
        mover_dir = env.md
        if self.rich:
            if env.mi == "True":
                mover_dir = direction
            elif env.mi != "False":
                mover_dir = self.fresh("md")
                self.emit(ind, f"{mover_dir} = {direction} if {env.mi} else {env.md}")
        k(env.but(c=target, d=direction, sn=sn, pg=pg, md=mover_dir), ind)

    def step(self, directions: list[int], env: _Env, ind: int, k: Cont) -> None:
        tables = self.rules.neighbours
        if not directions:
            return
        if len(directions) == 1:
            target = self.fresh("c")
            table = self.constant("nb", tables[directions[0]])
            self.emit(ind, f"{target} = {table}[{env.c}]")
            self.emit(ind, f"if {target} is not None:")
            self.step_to(target, str(directions[0]), env, ind + 1, k)
            return
        pairs = self.constant("dirs", tuple((d, tables[d]) for d in directions))
        direction, table, target = self.fresh("d"), self.fresh("t"), self.fresh("c")
        self.emit(ind, f"for {direction}, {table} in {pairs}:")
        self.emit(ind + 1, f"{target} = {table}[{env.c}]")
        self.emit(ind + 1, f"if {target} is None: continue")
        self.step_to(target, direction, env, ind + 1, k)

    def recorded(self, group: int, opposite: bool, env: _Env, ind: int) -> str:
        """An expression for the direction group ``group`` recorded (or its opposite), or None."""
        if group > self.groups:
            raise Unsupported("a group that does not exist")  # the runner reports it
        if group == 0:
            return "None"  # no partial move has ended within a compiled run
        name = self.fresh("r")
        if opposite:
            opposites = self.constant("opp", tuple(self.rules.opposite))
            self.emit(ind, f"{name} = None if {env.g[group]} is None else {opposites}[{env.g[group]}]")
        else:
            self.emit(ind, f"{name} = {env.g[group]}")
        return name

    def group_step(self, node: GroupStep, env: _Env, ind: int, k: Cont) -> None:
        direction = self.recorded(node.group, node.opposite, env, ind)
        tables = self.constant("nbs", tuple(self.rules.neighbours))
        target = self.fresh("c")
        self.emit(ind, f"if {direction} is not None:")
        self.emit(ind + 1, f"{target} = {tables}[{direction}][{env.c}]")
        self.emit(ind + 1, f"if {target} is not None:")
        self.step_to(target, direction, env, ind + 2, k)

    def repeat(self, node: Repeat, env: _Env, ind: int, k: Cont) -> None:
        if node.possessive:
            raise Unsupported("possessive repetitions")
        lo, hi = node.minimum, node.maximum
        leave = self.materialise(k, env, ind)
        name = self.fresh("rep")
        params = [self.fresh("a") for _ in env.names(self.groups, self.rich)]
        count, mark = self.fresh("n"), self.fresh("mk")
        self.emit(ind, f"def {name}({', '.join(params)}, {count}, {mark}):")
        inner = _Env.of(params, self.groups, env.gm, self.rich)
        body_ind = ind + 1
        self.spend(body_ind)
        if lo == 0:
            leave(inner, body_ind)
        else:
            self.emit(body_ind, f"if {count} >= {lo}:")
            leave(inner, body_ind + 1)
        if hi is not None:
            self.emit(body_ind, f"if {count} >= {hi}: return")

        def after_body(e: _Env, i: int) -> None:
            # A pass that changed nothing would change nothing again: leave, as regex engines do.
            self.emit(i, f"if {e.pg} == {mark}:")
            leave(e, i + 1)
            self.emit(i, "else:")
            depth = self.fresh("dp")
            self.emit(i + 1, f"{depth} = {e.dp} + 1")
            self.emit(i + 1, f"if {depth} > MAXDEPTH: raise Abort('depth')")
            self.emit(i + 1, f"{name}({', '.join(e.but(dp=depth).names(self.groups, self.rich))}, {count} + 1, {e.pg})")
        self.node(node.body, inner, body_ind, after_body)
        self.emit(ind, f"{name}({', '.join(env.names(self.groups, self.rich))}, 0, {env.pg})")

    # ---------------------------------------------------------------- bracket items

    def items(self, items: list, env: _Env, ind: int, square: str, k: ItemCont) -> None:
        if not items:
            k(env, ind, square)
            return
        first, rest = items[0], items[1:]
        self.item(first, env, ind, square, lambda e, i, sq: self.items(rest, e, i, sq, k))

    def item(self, item: Any, env: _Env, ind: int, square: str, k: ItemCont) -> None:
        if isinstance(item, Check):
            self.check(item, env, ind, square, k)
        elif isinstance(item, TypeCheck):
            kind = self.rules.kind_index.get(item.name)
            if kind is None:
                raise Unsupported("unknown piece type")  # the runner reports it
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
            test = f"{q} is not None and {q}[1] == {kind}"
            self.emit(ind, f"if {'not ' if item.negated else ''}({test}):")
            k(env, ind + 1, square)
        elif isinstance(item, ZoneCheck):
            zone = self.rules.board.zones.get(item.name)
            if zone is None:
                raise Unsupported("unknown zone")
            squares = self.constant("zone", zone.squares_for(self.player_name))
            self.emit(ind, f"if {square} {'not in' if item.negated else 'in'} {squares}:")
            k(env, ind + 1, square)
        elif isinstance(item, DirectionCheck):
            recorded = self.recorded(item.group, item.opposite, env, ind)
            test = f"{recorded} is not None and {env.d} == {recorded}"
            self.emit(ind, f"if {'not ' if item.negated else ''}({test}):")
            k(env, ind + 1, square)
        elif isinstance(item, Promote):
            kinds = []
            for name in item.choices:
                kind = self.rules.kind_index.get(name)
                if kind is None:
                    raise Unsupported("unknown piece type")
                kinds.append(kind)
            promoted, pg = self.fresh("pr"), self.fresh("pg")
            if self.rich:
                held, start = self.fresh("hp"), self.fresh("ho")
                self.emit(ind, "if hand:")
                ind += 1
                self.emit(ind, f"{held}, {start} = hand[-1]")
            self.emit(ind, f"for {promoted} in {tuple(kinds)!r}:")
            self.emit(ind + 1, f"{pg} = {env.pg} + 1")
            if self.rich:
                self.emit(ind + 1, f"hand[-1] = ({held}._replace(kind={promoted}), {start})")
            k(env.but(pr=promoted, pg=pg), ind + 1, square)
            if self.rich:
                self.emit(ind, f"hand[-1] = ({held}, {start})")
        elif isinstance(item, Navigate):
            self.navigate(item, env, ind, square, k)
        elif isinstance(item, Handler):
            raise Unsupported("handlers")
        else:
            raise Unsupported(type(item).__name__)

    def navigate(self, item: Navigate, env: _Env, ind: int, square: str, k: ItemCont) -> None:
        tables = self.constant("nbs", tuple(self.rules.neighbours))
        target = square
        for nav in item.path:
            if nav.group is not None:
                direction = self.recorded(nav.group, nav.opposite, env, ind)
            else:
                found = self.directions((nav.letter or "",))
                direction = str(found[0]) if found else "None"
            step = self.fresh("nv")
            unknown = [f"{name} is None" for name in (direction, target) if not name.isdigit()]
            if direction == "None":
                self.emit(ind, f"{step} = None")
            elif unknown:
                self.emit(ind, f"{step} = None if {' or '.join(unknown)} else {tables}[{direction}][{target}]")
            else:
                self.emit(ind, f"{step} = {tables}[{direction}][{target}]")
            target = step
        self.emit(ind, f"if {target} is not None:")
        self.items(list(item.items), env, ind + 1, target, lambda e, i, _sq: k(e, i, square))

    def check(self, item: Check, env: _Env, ind: int, square: str, k: ItemCont) -> None:
        letter = item.letter
        lower = letter.lower()
        want = letter.islower()
        if lower == "x":
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
            self.emit(ind, f"if {q} is not None:")
            self.spend(ind + 1)
            if self.rich:
                self.emit(ind + 1, f"if {square} not in touched: touched[{square}] = {q}")
            self.emit(ind + 1, f"cells[{square}] = None; caps.append({square}); capq.append({q})")
            pg = self.fresh("pg")
            self.emit(ind + 1, f"{pg} = {env.pg} + 1")
            k(env.but(pg=pg), ind + 1, square)
            self.emit(ind + 1, f"caps.pop(); capq.pop(); cells[{square}] = {q}")
            return
        if lower in "as":
            if self.attack:
                k(env, ind, square)  # what a piece attacks does not depend on its own safety
                return
            if self.rich:
                hand = "(hand[-1][0] if hand else None)"
            else:
                hand = f"(piece if {env.pr} is None else piece._replace(kind={env.pr}))"
            test = f"R.fast_threat(P, me, {square}, {lower == 'a'}, {hand}, W)"
        elif lower in "pef":
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
            test = {"p": f"{q} is None", "e": f"{q} is not None and {q}[0] != me",
                    "f": f"{q} is not None and {q}[0] == me"}[lower]
        elif lower == "m":
            if self.rich:
                test = f"(cells[{square}] or (hand[-1][0] if hand else (None, None, False)))[2]"
            else:
                test = f"(cells[{square}] or piece)[2]"
        elif lower == "r":
            test = f"{square} in visited" if self.rich else f"{square} == origin"
        elif lower == "l":
            test = f"{square} == LMO"
        elif lower == "t":
            test = f"{square} == LMT"
        else:
            raise Unsupported(f"[{letter}]")
        self.emit(ind, f"if {'' if want else 'not '}({test}):")
        k(env, ind + 1, square)


def _lifts_or_puts(node: Any) -> bool:
    """Whether a part of a notation lifts (``^``) or puts (``|``) pieces."""
    if isinstance(node, (Lift, Put)):
        return True
    children = list(getattr(node, "items", ())) + list(getattr(node, "options", ()))
    body = getattr(node, "body", None)
    if body is not None:
        children.append(body)
    return any(_lifts_or_puts(child) for child in children)
