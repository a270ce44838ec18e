"""The writer of the compiled fast path (:mod:`dagaz_studio.engine.compiler`): a notation written
out as the Python source of its ``moves``, ``attacks`` and ``probe`` functions.

:class:`CodeGenerator` works out what the notation needs (:meth:`CodeGenerator.analyse`), then writes the
tree node by node, each node given the code that follows it as a continuation; repetitions
(:mod:`~dagaz_studio.engine.code_repeats`) and bracket items (:mod:`~dagaz_studio.engine.code_items`)
are written by its parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.code_items import ItemWriter
from dagaz_studio.engine.code_repeats import RepeatWriter
from dagaz_studio.engine.emitter import (
    MAX_SOURCE,
    MAX_WRITTEN,
    WALK_LOOK_EVERY,
    WRITE_LOOK_EVERY,
    Cont,
    Env,
    TooLong,
    Unsupported,
    always_steps,
    indented,
)
from dagaz_studio.engine.values import COMPLETION_COST
from dagaz_studio.notation.cancel import look
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Check,
    Continue,
    Create,
    DirectionCheck,
    Group,
    GroupStep,
    Lift,
    Navigate,
    Notation,
    Promote,
    Put,
    Repeat,
    Sequence,
    Step,
    walk,
)

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules

#: A continuation whose code is at most this many lines is written out where it is used rather than
#: made a local function: a call costs more than a few lines of straight code.
INLINE_LINES = 14

class CodeGenerator(RepeatWriter, ItemWriter):
    """The source of one notation (or one part of it) for one board and player."""

    def __init__(self, rules: Rules, notation: Notation, player: int,
                 allowance: list[int] | None = None) -> None:
        self.allowance = [MAX_WRITTEN] if allowance is None else allowance
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
        #: While measuring a continuation for inlining: the most lines it may take.
        self.measuring: int | None = None
        self.live: list[str] = ["c", "d"]
        self.captures = self.promotes = self.history = self.need_sn = self.need_pg = self.repeats = True
        #: Whether the notation has partial moves (``&``): then where each began, the stops made and the
        #: direction of the previous partial move (group 0) are kept.
        self.continues = False
        self.used_groups: set[int] = set()
        #: Writing the pruned attack question (:func:`compile_probe`).
        self.probe = False
        #: The steps inside a repetition's body (by id): a way may take them more than once.
        self.repeated: set[int] = set()
        #: The cancel flag of the run this code is written for, looked at now and then (or ``None``).
        self.cancel: Any = None
        #: Whether the notation makes pieces (``[*Name]``): then the squares made on are kept, in order.
        self.creates = False

    def analyse(self, body: Any) -> None:
        """Work out which parts of the run state this notation needs, so the rest is never computed.

        ``pg`` (progress) only matters to a repetition whose pass may change nothing; ``sn`` (steps)
        only to a group whose direction is read and whose body may take no step; groups only when
        read (``\\k``, ``~k``, direction checks, navigation); the rest only when their item occurs.
        """
        # One pass over the tree (a notation at the length limit has some 15,000 nodes), looking at
        # the cancel flag now and then.
        nodes: list[Any] = []
        lifts = captures = promotes = history = creates = False
        continues = False
        repeats: list[Repeat] = []
        groups: list[Group] = []
        used: set[int] = set()
        for n in walk(body):
            nodes.append(n)
            if self.cancel is not None and len(nodes) % WALK_LOOK_EVERY == 0:
                look(self.cancel)
            if isinstance(n, Continue):
                continues = True
            elif isinstance(n, (Lift, Put)):
                lifts = True
            elif isinstance(n, Create):
                creates = True
            elif isinstance(n, Check):
                captures = captures or n.letter == "x"
                history = history or n.letter in "lLtT"
            elif isinstance(n, Promote):
                promotes = True
            elif isinstance(n, Repeat):
                repeats.append(n)
            elif isinstance(n, Group):
                groups.append(n)
            if isinstance(n, (Step, GroupStep)) and n.wrap:
                raise Unsupported("a step that wraps around the board's edge")  # the runner's (wrapping.py)
            if isinstance(n, (GroupStep, DirectionCheck)):
                used.add(n.group)
            elif isinstance(n, Navigate):
                used.update(step.group for step in n.path if step.group is not None)
        self.continues = continues
        # A move that makes pieces changes squares a light record does not describe: built whole, by
        # the move's end (``fin``), which is written whether or not the way to its ``[*Name]`` is.
        self.creates = creates
        if creates:
            from dagaz_studio.engine.created import created_move

            self.constants["CREATED"] = created_move
        self.rich = continues or lifts or creates
        self.captures = self.rich or captures
        self.promotes = promotes
        self.history = history
        if self.history and self.continues:
            raise Unsupported("the previous move read after partial moves")
        self.repeats = bool(repeats)
        self.repeated = set()
        for n in repeats:
            for inner in walk(n.body):
                self.repeated.add(id(inner))
                if self.cancel is not None and len(self.repeated) % WALK_LOOK_EVERY == 0:
                    look(self.cancel)
        self.used_groups = {g for g in used if 1 <= g <= self.groups or (g == 0 and self.continues)}
        # A possessive repetition's trial pass succeeds only when it changes something.
        self.need_pg = any(n.possessive or not always_changes(n.body) for n in repeats)
        self.need_sn = any(n.index in self.used_groups and not always_steps(n.body) for n in groups)
        live: list[str] = ["c", "d"]
        live += ["sn"] if self.need_sn else []
        live += ["pg"] if self.need_pg else []
        live += ["pr"] if self.promotes else []
        live += ["dp"] if self.repeats else []
        live += [f"g{g}" for g in sorted(self.used_groups)]
        live += ["mi", "ms", "md"] if self.rich else []
        live += ["ps"] if self.continues else []
        self.live = live

    def emit(self, indent: int, text: str) -> None:
        self.lines.append(indented(indent, text))
        self.allowance[0] -= 1
        if self.cancel is not None and self.allowance[0] % WRITE_LOOK_EVERY == 0:
            look(self.cancel)
        if self.allowance[0] < 0:
            raise Unsupported("too much to write")
        if self.measuring is not None:
            if len(self.lines) > self.measuring:
                raise TooLong
        elif len(self.lines) * 40 > MAX_SOURCE:
            raise Unsupported("too long")

    def spend(self, indent: int) -> None:
        """One unit of work, counted where the runner counts it; at each mark, budget and cancel are looked at."""
        self.emit(indent, "W[0] += 1")
        self.emit(indent, "if W[0] >= W[1]: POLL(W)")

    def module(self, body: Any, variants: tuple[str, ...] = ("moves", "attacks")) -> tuple[str, dict[str, Any]]:
        """The source of the functions ``variants`` names (``moves``, ``attacks``, ``probe``) and the
        constants they read."""
        self.analyse(body)
        self.constants["NOTE"] = Notation(self.notation.text, body, self.notation.group_count)
        parts = []
        for name in variants:
            self.attack = name != "moves"
            self.probe = name == "probe"
            self.lines = []
            self.counter = 0
            params = "cells, origin, piece, TGT, W, P" if self.attack else "cells, origin, piece, out, seen, W, P"
            self.emit(0, f"def {name}({params}):")
            self.emit(1, "me = piece[0]")
            if self.history:
                self.emit(1, "LMO = LMT = -1")
                self.emit(1, "if P.last_move is not None: LMO, LMT = P.last_move[0], P.last_move[1]")
            if self.captures:
                self.emit(1, "caps = []; capq = []")
            self.emit(1, "cells[origin] = None")
            if self.rich:
                self.emit(1, "hand = [(piece, origin)]; touched = {origin: piece}; visited = [origin]; also = []")
                if self.creates:
                    self.emit(1, "created = []")
                if self.continues:
                    self.emit(1, "stops = []")
            self.emit(1, "try:")
            env: Env = {"c": "origin", "d": "None", "sn": "0", "pg": "0", "pr": "None", "dp": "0", "mi": "True",
                        "ms": "origin", "md": "None", "ps": "origin"}
            env.update((f"g{i}", "None") for i in range(self.groups + 1))
            if self.rich:
                self.finishing(2)
            self.node(body, env, 2, self.finish)
            self.emit(2, "pass")
            self.emit(1, "finally:")
            if self.rich:
                self.emit(2, "for s_, v_ in touched.items(): cells[s_] = v_")
                self.emit(2, "fin = None")  # it refers to itself: freed now, not left in a cycle
            else:
                if self.captures:
                    self.emit(2, "while caps: cells[caps.pop()] = capq.pop()")
                self.emit(2, "cells[origin] = piece")
            parts.append("\n".join(self.lines))
        return "\n\n".join(parts) + "\n", self.constants

    def finishing(self, ind: int) -> None:
        """With lifts and puts, the implicit end as a local function: each piece still in hand, in
        turn, must not land on a friend, captures an enemy there and is put down; then the move is kept."""
        self.emit(ind, "def fin(c, mi, ms, md, pr, ps, then):")
        i = ind + 1
        self.emit(i, "if not hand:")
        if self.continues:
            # At a '&', what follows it; at the end, the move.
            self.emit(i + 1, "if then is not None:")
            self.emit(i + 2, "then(ms, md)")
            self.emit(i + 2, "return")
        if not self.attack:
            # Completing a move costs more than a step, and in proportion to its chain of partial
            # moves, its captures and the pieces it displaced, as the runner counts it.
            chain = " + len(stops)" if self.continues else ""
            self.emit(i + 1, f"W[0] += {COMPLETION_COST}{chain} + len(caps) + len(also)")
            self.emit(i + 1, "if W[0] >= W[1]: POLL(W)")
            # A move that displaced no other piece and made no stop on the way is what a light record
            # describes (Rules.record_move builds the same Move): kept as one, it costs no Move here.
            # Not when the piece was taken off after it was put (|[x]: a capture that destroys the
            # capturing piece): a light record puts it on its last square. Other moves (castling,
            # capture chains) are kept as rich light records where their changes follow from them
            # (Rules.rich_light), else built whole.
            made = "not created and " if self.creates else ""
            self.emit(i + 1, f"if {made}not also and not stops and cells[ms] is not None:" if self.continues
                      else f"if {made}not also and cells[ms] is not None:")
            changed = "caps or ms != origin or (pr is not None and pr != piece[1])"
            self.emit(i + 2, f"if {changed}:")
            self.emit(i + 3, "key = (ms, tuple(caps), pr)")
            self.emit(i + 3, "if key not in seen:")
            self.emit(i + 4, "seen.add(key); out.append((ms, key[1], pr, md))")
            self.emit(i + 2, "return")
            if self.continues:
                self.chain_record(i + 1)
        if self.attack:
            self.emit(i + 1, "if TGT in caps: raise Found")
        elif self.creates:
            tail = ", stops, ps" if self.continues else ""
            self.emit(i + 1, "CREATED(R, P, origin, piece, me, touched, visited, caps, also, ms, md, pr, out, seen, "
                             f"created{tail})")
        elif self.continues:
            self.emit(i + 1, "R.rich_light(P, origin, piece, me, touched, visited, caps, also, ms, md, pr, out, seen, "
                             "stops, ps)")
        else:
            self.emit(i + 1, "R.rich_light(P, origin, piece, me, touched, visited, caps, also, ms, md, pr, out, seen)")
        self.emit(i + 1, "return")
        self.emit(i, "q = cells[c]")
        self.emit(i, "if q is not None and q[0] == me: return")
        self.spend(i)
        self.emit(i, "pp, po = hand.pop()")
        self.emit(i, "placed = pp if pp[2] or c == po else TNEW(PIECE, (pp[0], pp[1], True))")
        self.emit(i, "if c not in touched: touched[c] = q")
        self.emit(i, "cells[c] = placed")
        self.emit(i, "if q is not None: caps.append(c)")
        self.emit(i, "if mi and not hand:")
        self.emit(i + 1, "visited.append(c); fin(c, False, c, md, pr, ps, then); visited.pop()")
        self.emit(i, "else:")
        self.emit(i + 1, "also.append((po, c)); fin(c, mi, ms, md, pr, ps, then); also.pop()")
        self.emit(i, "if q is not None: caps.pop()")
        self.emit(i, "cells[c] = q; hand.append((pp, po))")

    def chain_record(self, ind: int) -> None:
        """A capture chain's move kept as a rich light record, written out where it is plain: when no
        piece but the moving one was put, each square the run touched was the mover's path or a
        capture, so the move empties its origin and its captures and leaves the mover, as the record
        says it (moved, promoted as chosen), on its last square. Anything else is Rules.rich_light's."""
        self.emit(ind, "if not created and not also and caps and ms != origin:" if self.creates
                  else "if not also and caps and ms != origin:")
        self.emit(ind + 1, "q = cells[ms]")
        self.emit(ind + 1, "if q is not None and q[2] and q[1] == (piece[1] if pr is None else pr):")
        self.emit(ind + 2, "key = (ms, tuple(caps), pr, tuple(stops), ())")
        self.emit(ind + 2, "if key not in seen:")
        self.emit(ind + 3, "seen.add(key); out.append((ms, key[1], pr, md, key[3], ps, ()))")
        self.emit(ind + 2, "return")

    def finish(self, env: Env, ind: int) -> None:
        """The implicit end: the piece in hand must not land on a friend; an enemy there is captured."""
        if self.rich:
            self.emit(ind, f"fin({env['c']}, {env['mi']}, {env['ms']}, {env['md']}, {env['pr']}, {env['ps']}, None)")
            return
        c, q = env['c'], self.fresh("q")
        self.emit(ind, f"{q} = cells[{c}]")
        self.emit(ind, f"if {q} is None or {q}[0] != me:")
        ind += 1
        if self.attack:
            self.spend(ind)
            also = " or TGT in caps" if self.captures else ""
            self.emit(ind, f"if ({c} == TGT and {q} is not None){also}: raise Found")
            return
        capt = self.fresh("cp")
        if self.captures:
            self.emit(ind, f"{capt} = tuple(caps) if {q} is None else (*caps, {c})")
            changed = f"{capt} or {c} != origin"
        else:
            self.emit(ind, f"{capt} = () if {q} is None else ({c},)")
            changed = f"{q} is not None or {c} != origin"
        # The put, then completing the move, which costs more than a step and one unit per piece
        # taken (as the runner counts it).
        if self.captures:
            self.emit(ind, f"W[0] += {1 + COMPLETION_COST} + len({capt})")
        else:
            self.emit(ind, f"W[0] += {1 + COMPLETION_COST} if {q} is None else {2 + COMPLETION_COST}")
        self.emit(ind, "if W[0] >= W[1]: POLL(W)")
        if self.promotes:
            changed += f" or ({env['pr']} is not None and {env['pr']} != piece[1])"
        # Back where it started with nothing captured and nothing promoted: not a move.
        self.emit(ind, f"if {changed}:")
        key = self.fresh("k")
        # The key of a move: its target, captures and promotion. Without captures by [x] the
        # captures follow from the target (the board does not change during the run).
        if self.captures:
            self.emit(ind + 1, f"{key} = ({c}, {capt}, {env['pr']})")
        elif self.promotes:
            self.emit(ind + 1, f"{key} = {c} if {env['pr']} is None else ({c}, {env['pr']})")
        else:
            key = c
        self.emit(ind + 1, f"if {key} not in seen:")
        self.emit(ind + 2, f"seen.add({key})")
        self.emit(ind + 2, f"out.append(({c}, {capt}, {env['pr']}, {env['d']}))")

    def materialise(self, k: Cont, env: Env, ind: int) -> Cont:
        """A continuation used in several places: written out at each when it is short, otherwise
        written once as a local function."""
        if self.short(k, env, ind):
            return k
        name = self.fresh("kf")
        params = [self.fresh("a") for _ in self.live]
        self.emit(ind, f"def {name}({', '.join(params)}):")
        inner = dict(env, **dict(zip(self.live, params)))
        start = len(self.lines)
        k(inner, ind + 1)
        if len(self.lines) == start:
            self.emit(ind + 1, "pass")

        def call(e: Env, i: int) -> None:
            self.emit(i, f"{name}({self.args(e)})")
        return call

    def short(self, k: Cont, env: Env, ind: int) -> bool:
        """Whether ``k`` writes at most :data:`INLINE_LINES` lines (it is written into a scratch buffer)."""
        if self.measuring is not None:
            # Already measuring an enclosing continuation: measuring this one too, in a buffer of its
            # own, would measure each nested repetition's continuation twice at every level (time
            # exponential in the nesting). Taken as long, its lines count toward the enclosing limit.
            return False
        saved_lines, saved_measuring = self.lines, self.measuring
        self.lines, self.measuring = [], INLINE_LINES
        try:
            k(env, ind)
            return True
        except TooLong:
            return False
        finally:
            self.lines, self.measuring = saved_lines, saved_measuring

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
            self.repeat(node, env, ind, k)
        elif isinstance(node, Step):
            self.step(self.directions(node.keys), env, ind, k, node)
        elif isinstance(node, GroupStep):
            self.group_step(node, env, ind, k)
        elif isinstance(node, Bracket):
            self.items(list(node.items), env, ind, env['c'], lambda e, i, _sq: k(e, i))
        elif isinstance(node, Lift):
            self.lift(env, ind, k)
        elif isinstance(node, Put):
            self.put(env, ind, k)
        elif isinstance(node, Continue):
            self.continue_(env, ind, k)
        else:
            raise Unsupported(type(node).__name__)

    def progress(self, env: Env, ind: int) -> str:
        """The progress counter after an action (``pg``, kept only when a repetition reads it)."""
        if not self.need_pg:
            return env['pg']
        pg = self.fresh("pg")
        self.emit(ind, f"{pg} = {env['pg']} + 1")
        return pg

    def lift(self, env: Env, ind: int, k: Cont) -> None:
        q = self.fresh("q")
        self.emit(ind, f"{q} = cells[{env['c']}]")
        self.emit(ind, f"if {q} is not None:")
        i = ind + 1
        self.spend(i)
        self.emit(i, f"if {env['c']} not in touched: touched[{env['c']}] = {q}")
        self.emit(i, f"cells[{env['c']}] = None; hand.append(({q}, {env['c']}))")
        k(dict(env, pg=self.progress(env, i)), i)
        self.emit(i, f"hand.pop(); cells[{env['c']}] = {q}")

    def continue_(self, env: Env, ind: int, k: Cont) -> None:
        """``&``: the implicit end for every piece in hand (``fin``), then the partial move ends where
        the moving piece stands and the next begins there, with the piece lifted again."""
        name, stand, direction, piece = self.fresh("ct"), self.fresh("a"), self.fresh("a"), self.fresh("q")
        self.emit(ind, f"def {name}({stand}, {direction}):")
        i = ind + 1
        self.emit(i, f"{piece} = cells[{stand}]")
        self.emit(i, f"if {piece} is None: return")  # the moving piece was removed: nothing can continue
        self.spend(i)
        self.emit(i, f"stops.append({stand})")
        self.emit(i, f"if {stand} not in touched: touched[{stand}] = {piece}")
        self.emit(i, f"cells[{stand}] = None; hand.append(({piece}, {stand}))")
        after = dict(env, c=stand, g0=direction, mi="True", ms=stand, md=direction, ps=stand,
                        pg=self.progress(env, i))
        k(after, i)
        self.emit(i, f"hand.pop(); cells[{stand}] = {piece}; stops.pop()")
        self.emit(ind, f"fin({env['c']}, {env['mi']}, {env['ms']}, {env['md']}, {env['pr']}, {env['ps']}, {name})")

    def put(self, env: Env, ind: int, k: Cont) -> None:
        c = env['c']
        pp, po, old, mover = (self.fresh(stem) for stem in ("pp", "po", "old", "im"))
        ms, mi = self.fresh("ms"), self.fresh("mi")
        self.emit(ind, "if hand:")
        i = ind + 1
        self.spend(i)
        self.emit(i, f"{pp}, {po} = hand.pop(); {old} = cells[{c}]")
        self.emit(i, f"{mover} = {env['mi']} and not hand")
        self.emit(i, f"if {c} not in touched: touched[{c}] = {old}")
        self.emit(i, f"cells[{c}] = {pp} if {pp}[2] or {c} == {po} else TNEW(PIECE, ({pp}[0], {pp}[1], True))")
        self.emit(i, f"if {old} is not None: caps.append({c})")
        self.emit(i, f"if {mover}: visited.append({c})")
        self.emit(i, f"else: also.append(({po}, {c}))")
        self.emit(i, f"{mi} = False if {mover} else {env['mi']}; {ms} = {c} if {mover} else {env['ms']}")
        k(dict(env, mi=mi, ms=ms, pg=self.progress(env, i)), i)
        self.emit(i, f"if {mover}: visited.pop()")
        self.emit(i, "else: also.pop()")
        self.emit(i, f"if {old} is not None: caps.pop()")
        self.emit(i, f"cells[{c}] = {old}; hand.append(({pp}, {po}))")

    def sequence(self, items: list, env: Env, ind: int, k: Cont) -> None:
        if not items:
            k(env, ind)
            return
        first, rest = items[0], items[1:]
        self.node(first, env, ind, lambda e, i: self.sequence(rest, e, i, k))

    def group(self, node: Group, env: Env, ind: int, k: Cont) -> None:
        index = node.index
        field = f"g{index}"
        if index not in self.used_groups:
            self.node(node.body, env, ind, k)  # nothing reads its direction
            return
        if always_steps(node.body):
            # A group records the direction of the last step taken inside it: here one always is.
            self.node(node.body, env, ind, lambda e, i: k(dict(e, **{field: e['d']}), i))
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
        sn = env['sn']
        if self.need_sn:
            sn = self.fresh("sn")
            self.emit(ind, f"{sn} = {env['sn']} + 1")
        pg = self.progress(env, ind)
        mover_dir = env['md']
        if self.rich:
            if env['mi'] == "True":
                mover_dir = direction
            elif env['mi'] != "False":
                mover_dir = self.fresh("md")
                self.emit(ind, f"{mover_dir} = {direction} if {env['mi']} else {env['md']}")
        k(dict(env, c=target, d=direction, sn=sn, pg=pg, md=mover_dir), ind)

    def step(self, directions: list[int], env: Env, ind: int, k: Cont, node: Step | None = None) -> None:
        tables = self.rules.neighbours
        if not directions:
            return
        if self.probe and node is not None and len(directions) > 1 and env['c'] == "origin" and id(node) not in self.repeated:
            # A first step from the piece's square, taken once by any way through: only in the
            # directions from which the square asked about can be reached (worked out per square, once).
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
            return
        if len(directions) == 1:
            target = self.fresh("c")
            table = self.constant("nb", tables[directions[0]])
            self.emit(ind, f"{target} = {table}[{env['c']}]")
            self.emit(ind, f"if {target} is not None:")
            self.step_to(target, str(directions[0]), env, ind + 1, k)
            return
        pairs = self.constant("dirs", tuple((d, tables[d]) for d in directions))
        direction, table, target = self.fresh("d"), self.fresh("t"), self.fresh("c")
        self.emit(ind, f"for {direction}, {table} in {pairs}:")
        self.emit(ind + 1, f"{target} = {table}[{env['c']}]")
        self.emit(ind + 1, f"if {target} is None: continue")
        self.step_to(target, direction, env, ind + 1, k)

    def recorded(self, group: int, opposite: bool, env: Env, ind: int) -> str:
        """An expression for the direction group ``group`` recorded (or its opposite), or None."""
        if group > self.groups:
            raise Unsupported("a group that does not exist")  # the runner reports it
        if group == 0 and not self.continues:
            return "None"  # without '&', no partial move ends within a compiled run
        if not opposite:
            return env.get(f"g{group}", "None")
        recorded = env.get(f"g{group}", "None")
        if recorded == "None":
            return "None"
        if recorded.isdigit():
            # A direction known when compiling: its opposite is too (no "3 is None" in the code).
            opposite_direction = self.rules.opposite[int(recorded)]
            return "None" if opposite_direction is None else str(opposite_direction)
        name = self.fresh("r")
        opposites = self.constant("opp", tuple(self.rules.opposite))
        self.emit(ind, f"{name} = None if {recorded} is None else {opposites}[{recorded}]")
        return name

    def group_step(self, node: GroupStep, env: Env, ind: int, k: Cont) -> None:
        direction = self.recorded(node.group, node.opposite, env, ind)
        if direction == "None":
            return
        tables = self.constant("nbs", tuple(self.rules.neighbours))
        target = self.fresh("c")
        if direction.isdigit():
            self.emit(ind, f"{target} = {tables}[{direction}][{env['c']}]")
            self.emit(ind, f"if {target} is not None:")
            self.step_to(target, direction, env, ind + 1, k)
            return
        self.emit(ind, f"if {direction} is not None:")
        self.emit(ind + 1, f"{target} = {tables}[{direction}][{env['c']}]")
        self.emit(ind + 1, f"if {target} is not None:")
        self.step_to(target, direction, env, ind + 2, k)


def always_changes(node: Any) -> bool:
    """Whether every way through ``node`` changes something a repetition would notice: a step, a
    capture, a promotion, a lift or a put."""
    if isinstance(node, Sequence):
        return any(always_changes(item) for item in node.items)
    if isinstance(node, Alternatives):
        return all(always_changes(option) for option in node.options)
    if isinstance(node, Group):
        return always_changes(node.body)
    if isinstance(node, Repeat):
        return node.minimum >= 1 and always_changes(node.body)
    if isinstance(node, (Step, GroupStep, Lift, Put)):
        return True
    if isinstance(node, (Bracket, Navigate)):
        return any((isinstance(item, Check) and item.letter == "x") or isinstance(item, Promote)
                   or (isinstance(item, Navigate) and always_changes(item)) for item in node.items)
    return False
