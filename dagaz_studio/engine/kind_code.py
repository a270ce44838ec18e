"""The heap and stack boards' back-end of the code writer (``kind: heap``, ``kind: stack``).

The code writer (:class:`~dagaz_studio.engine.code_writer.CodeWriter`) writes a notation's structure,
its bracket items and its repetitions for every board kind; :class:`~dagaz_studio.engine.heap_code.HeapWriter`
and :class:`StackWriter` say what differs on these boards, over what they share (:class:`KindWriter`), in
the same manner and with the same results as the test oracle's runner (``tests/oracle``):
a whole heap lifted, one seed put at a time; a column carried whole, put on top of what stands there,
the top of a jumped column put under it (:mod:`kind_items`); counts, ``[b]``, ``[c]``, ``[k]``; a
promotion recording the name chosen.

The state a run shares (the board, the hand, the squares touched, the work counter ``w``) lives in
an enclosing function made once per notation and interpreter, with the local functions every run
calls (``fin``, the move's end, and ``rec``, keeping a move); a run never starts another, so one
state serves them all. :mod:`kind_compiler` compiles the source and runs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dagaz_studio.engine.code_writer import FIN, Survey, survey
from dagaz_studio.engine.emitter import Env, ItemCont
from dagaz_studio.engine.kind_items import KindItems, first_steps
from dagaz_studio.engine.values import COMPLETION_COST
from dagaz_studio.notation.nodes import Check, Continue, Create, Lift, Notation, Promote, Put, ZoneCheck
from dagaz_studio.notation.shape import always_steps, captures_on_enemy_first, leading_zones

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules



class KindWriter(KindItems):
    """The source of one notation's compiled run on a heap or stack board, for one player: the
    back-end of :class:`~dagaz_studio.engine.code_writer.CodeWriter` for these kinds."""

    #: A call with the whole run state as arguments costs more than a few lines.
    inline_lines = 23
    unroll_directions = 4
    square_steps = True
    #: A move always keeps the hand and the squares touched.
    rich = True
    #: Whether the moving piece alone is in hand when a notation neither lifts nor puts (a column):
    #: then its end is written out in place, a shortcut (traced code says the end in ``fin``).
    column_alone = False
    #: Whether the mover stays in hand until the end (a heap: no put leaves it), so that ``mi`` is
    #: always true and not passed along.
    mover_stays = False
    guarded = False
    #: The run's work counter is a local variable, handed back to ``W`` at the end.
    work = "w"
    #: Whether a square's content ``x`` differs from what stood there before, ``v``.
    changed = "x != v"

    #: What ``rec`` is given beyond the move: nothing here; a traced run's cursor, direction and
    #: depth (:class:`~dagaz_studio.engine.kind_trace.KindTraceWriter`).
    rec_extra = ""

    def __init__(self, rules: CodeRules, notation: Notation, player: int, allowance: list[int] | None = None) -> None:
        super().__init__(rules, notation, player, allowance)
        self.single = False
        self.marks = False
        #: What the notation holds (:meth:`analyse`).
        self.found = Survey()
        #: Functions written at the level of the factory, after ``run`` (a sowing's table).
        self.factory_lines: list[str] = []

    # ---------------------------------------------------------------- analysis and helpers

    def analyse(self) -> None:
        found = survey(self.notation.body)
        self.found = found
        groups = found.groups_read
        self.continues = Continue in found.kinds
        #: Whether the notation asks where the moving piece has been (``[r]``): the squares are
        #: kept only then.
        self.visits = bool(found.letters & {"r", "R"})
        self.capturing = bool(found.letters & {"x", "X"})
        #: A stack board's notation that neither lifts nor puts: the hand holds the moving column
        #: alone wherever the move ends, so its end is written out in place.
        self.single = self.shortcuts and self.column_alone and Lift not in found.kinds and Put not in found.kinds
        # A group that may take no step keeps the direction it had: the steps are counted.
        counted = any(group.index in groups and not always_steps(group.body) for group in found.groups)
        #: Whether a move may be a null move (``[n]``) or carry labels (``[o]``): then ``fin`` and
        #: ``rec`` are told (:meth:`marks_of`).
        self.marks = bool(found.letters & set("noO"))
        self.history = bool(found.letters & set("lLtT"))
        partial = self.continues and self.history  # the previous partial move's
        kept = {"ps": self.continues, "pr": Promote in found.kinds, "ag": "k" in found.letters, "nl": self.marks,
                "lb": self.marks, "lo": partial, "lt": partial}
        self.live = ["c", "d", "pg", *([] if self.mover_stays else ["mi"]), "ms", "md", "dp", *(["sn"] if counted else []),
                     *(f"g{i}" for i in sorted(groups)), *(name for name, needed in kept.items() if needed)]

    def entry(self, ind: int) -> None:
        """The beginning of a local function: the run's work counter is the enclosing run's, and
        the budget and the cancel flag are looked at here (every way that repeats without end
        goes through a local function again and again)."""
        self.emit(ind, "nonlocal w")
        self.emit(ind, "if w >= W[1]: W[0] = w; POLL(W)")

    def spend(self, ind: int, units: str = "1") -> None:
        self.emit(ind, f"w += {units}")

    # ---------------------------------------------------------------- the module

    def module(self) -> str:
        self.analyse()
        e = self.emit
        # The run's shared state lives in an enclosing function made once, so that the local
        # functions every run needs (the move's end, ``fin``, and keeping a move, ``rec``) are made
        # once too: a run never calls another (no attack questions), so one state serves them all.
        shared = "cells, origin, me, out, seen, W, P, names, letters, only, q0, w, tally"
        e(0, "def factory():")
        e(1, f"{shared.replace(', ', ' = ')} = None")
        # The lists a run pushes onto and pops from: every part puts back what it pushed on its way
        # back, so they are empty between runs and made once (emptied when a run is stopped).
        # The squares a run changed, each with what stood there before, is one dict too.
        e(1, "hand = []; visited = []; caps = []; stops = []; also = []; touched = {}; created = []")
        e(1, f"def rec(ms, md, ps, pr{self.marks_of(FIN)}):")
        e(2, "nonlocal w")
        # What the notation can never hold is not looked at: stops without a ``&``, the pieces put
        # elsewhere without a lift or a put, captures without one.
        held = [name for name, kept in (("stops", self.continues), ("caps", self.capturing), ("also", not self.single))
                if kept]
        e(2, f"w += {' + '.join([str(COMPLETION_COST)] + [f'len({name})' for name in held])}")
        # Counting a board where captures are compulsory: once a capture is found, the moves that
        # capture nothing will not count, so they are not kept.
        e(2, "if only is not None and only[0] and not caps: return")
        single = self.single_way(self.notation.body)
        if single and not self.marks:
            # Counting the last ply (``tally``): with one way through, a run finds at most one move,
            # so what is kept is only that it changed something, by its square (one a run).
            e(2, "if tally:")
            e(3, "for s, v in touched.items():")
            e(4, "if cells[s] != v: break")
            e(3, "else: return")
            e(3, "if only is not None:")
            e(4, "if not caps: only[1].append(origin); return")
            e(4, "only[0] = True")
            e(3, "out.append(origin); return")
        # A loop rather than a comprehension (which is a call of its own in Python 3.11).
        e(2, "changes = []")
        e(2, "for s, v in touched.items():")
        e(3, "x = cells[s]")
        e(3, f"if {self.changed}: changes.append((s, x))")
        e(2, "if not changes and not nl and not lb: return" if self.marks else "if not changes: return")
        # The changes in square order tell apart moves found by different ways from one square;
        # with one way through the notation, a light record needs them in no order.
        if not single:
            e(2, "changes.sort()")
        e(2, f"key = (origin, ms, {'tuple(caps) if caps else ()' if self.capturing else '()'}, "
             f"{'(*stops, ms) if stops else (ms,)' if self.continues else '(ms,)'}, pr, "
             f"{'()' if self.single else 'tuple(also) if also else ()'}, tuple(changes), ag)")
        # Counting a board where captures are compulsory, a move that captures nothing is set aside
        # (``only[1]``): told apart from the others only if no capture is found.
        e(2, "if only is not None:")
        e(3, "if not caps: only[1].append(key); return")
        e(3, "only[0] = True")
        if not single:
            # The key is hashed once: added, and known before when the set did not grow. (With one
            # way through the notation a run keeps at most one move, and the key of a move from
            # another square begins otherwise: nothing to tell apart.)
            e(2, "n = len(seen); seen.add(key)")
            e(2, "if len(seen) == n: return")
        e(2, "if names is None: out.append(key); return")  # a light record (bulk work: perft)
        e(2, "out.append(QMOVE(names[q0[1]], me, origin, ms, key[2], key[3], pr, key[5], "
             f"{'tuple(sorted(changes))' if single else 'key[6]'}, "
             f"TNEW(LASTMOVE, (ps, ms, None if md is None else letters[md])), "
             f"{'frozenset(lb) if lb else NOLABELS' if self.marks else 'NOLABELS'}, False, ag"
             f"{', created=tuple(created)' if Create in self.found.kinds else ''}))")
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
        origins = self.origins()
        if origins is not None:
            # Asked before anything is lifted, as the leading zones ask nothing of what stands there.
            e(2, f"if origin_ not in {self.constant('zone', frozenset(origins))}: return")
        self.take_mover(2)
        e(2, "origin = origin_; q0 = q0_; w = 0")
        self.last_move(2)
        e(2, f"touched.clear(); touched[origin_] = q0_; cells[origin_] = None"
             f"{'; visited.append(origin_)' if self.visits else ''}")
        e(2, "try:")
        self.node(self.notation.body, self.start_env(), 3, self.finish)
        e(3, "pass")
        # Each part has put back what it changed on its way back: only a run stopped midway (an
        # exception) leaves the board and the lists to be put back as they were.
        e(2, "except BaseException:")
        e(3, "for s_, v_ in touched.items(): cells[s_] = v_")
        e(3, "hand.clear(); visited.clear(); caps.clear(); stops.clear(); also.clear(); created.clear()")
        e(3, "W[0] = w")
        e(3, "raise")
        e(2, f"cells[origin_] = q0_; hand.clear(){'; visited.clear()' if self.visits else ''}")
        e(2, "W[0] = w")
        self.lines.extend(self.factory_lines)
        e(1, "def moves(cells_, origin_, me_, out_, seen_, W_, P_, names_, letters_):")
        e(2, "piece = cells_[origin_]")
        e(2, "if piece is None or (piece[0] != me_ and piece[0] >= 0): return")
        e(2, "bind(cells_, me_, out_, seen_, W_, P_, names_, letters_)")
        e(2, "try:")
        e(3, "run(origin_, piece)")
        e(2, "finally:")
        e(3, "bind(None, None, None, None, None, None, None, None)")
        # Counting: the moves a run finds only counted, where they need not be told apart.
        e(1, "def counting(on):")
        e(2, "nonlocal tally")
        e(2, "tally = on")
        e(1, f"moves.bind = bind; moves.run = run; moves.gate = {self.gate()}; moves.origins = "
             f"{'None' if origins is None else self.constant('origins', tuple(sorted(origins)))}")
        e(1, f"moves.counting = counting; moves.tallies = {single and not self.marks}")
        e(1, f"moves.quiet_alone = {captures_on_enemy_first(self.notation.body)}")
        e(1, "return moves")
        e(0, "moves = factory()")
        return "\n".join(self.lines) + "\n"

    def origins(self) -> set[int] | None:
        """The squares a run can begin on, by the zones the notation asks for before anything
        (:func:`leading_zones`, which ``run`` asks at once), or ``None`` where that is every square:
        the driver runs only these."""
        board = self.rules.board
        squares = set(range(len(board.squares)))
        for zone in leading_zones(self.notation.body):
            if zone.name not in board.zones:
                break
            held = set(board.zones[zone.name].squares_for(self.player_name))
            squares = squares - held if zone.negated else squares & held
        return None if len(squares) == len(board.squares) else squares

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

    def reached(self, ind: int, ms: str) -> None:
        self.emit(ind, f"if then is None: rec({ms}, md, ps, pr{self.marks_of(FIN)}{self.rec_extra})")
        self.emit(ind, f"else: then({ms}, md)")

    # ---------------------------------------------------------------- hooks of the writer

    def trial_lists(self) -> list[str]:
        # (As :meth:`module` keeps them.)
        return [name for name, used in (("caps", self.capturing), ("stops", self.continues), ("visited", self.visits),
                                        ("also", not self.single), ("created", Create in self.found.kinds)) if used]

    def marks_of(self, env: Env) -> str:
        """Whether the same player moves again, whether the move is a null move and its labels, as
        ``fin`` and ``rec`` are given them."""
        return f", {env['ag']}" + (f", {env['nl']}, {env['lb']}" if self.marks else "")

    def visit_zone_check(self, item: ZoneCheck, env: Env, ind: int, square: str, k: ItemCont) -> None:
        # A zone ``run`` asked of its square before anything was lifted (:meth:`module`) is not asked again.
        if self.shortcuts and square == "origin" and any(item is zone for zone in leading_zones(self.notation.body)):
            k(env, ind, square)
        else:
            super().visit_zone_check(item, env, ind, square, k)

    # ---------------------------------------------------------------- hooks of a heap or a stack

    def take_mover(self, ind: int) -> None:
        """The start of a run: what stands on the square (``q0_``) taken into the hand, or the run
        left at once when it cannot move."""
        raise NotImplementedError

    def threat_test(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> str | None:
        """``[a]``, ``[s]``: asked of the attack questions, which count their work in ``W``."""
        answer = self.fresh("at")
        self.emit(ind, "W[0] = w")
        self.emit(ind, f"{answer} = R.fast_threat(P, me, {square}, {item.letter.lower() == 'a'}, "
                       f"hand[-1][0] if hand else None, W)")
        self.emit(ind, "w = W[0]")
        return answer

    def promotion(self, promoted: str, kinds: list[tuple[str, int]]) -> tuple[str, str]:
        # A move records the name promoted to; the hand's piece takes its kind's index.
        kind = self.fresh("pk")
        return f"for {promoted}, {kind} in {tuple(kinds)!r}:", kind



class StackWriter(KindWriter):
    """Stacks (``kind: stack``): a column carried whole and put on top of what stands there, never on
    a friend's; a capture puts the top of the jumped column under the column in hand."""

    column_alone = True
    #: A column moved or jumped is the same object, or one made anew; a square left or landed on is
    #: empty on one side: told apart without comparing columns piece by piece (or ``None`` with one).
    changed = "x is not v and (x is None or v is None or x != v)"

    def take_mover(self, ind: int) -> None:
        self.emit(ind, "if q0_[0] != me: return")  # a neutral piece: only a heap moves for either side
        self.emit(ind, "hand.append((q0_, origin_))")

    def fin_again(self, env: Env, ind: int) -> None:
        # The last piece in hand put down: the end is reached here, without a call to ``fin``.
        self.emit(ind, "if hand:")
        super().fin_again(env, ind + 1)
        self.emit(ind, "else:")
        self.reached(ind + 1, env["ms"])

    def place(self, ind: int, c: str, pp: str, po: str, old: str, after: str = "") -> list[str]:
        """The column ``pp`` in hand, lifted from ``po``, put on ``c`` on top of what stands there,
        ``old`` (then ``after``): marked as moved unless it is already or is put back where it was."""
        car = self.fresh("car")
        self.emit(ind, f"if {c} not in touched: touched[{c}] = {old}")
        self.emit(ind, f"{car} = {pp} if {pp}[2] or {c} == {po} else {pp}.moved_now() if type({pp}) is COLUMN "
                       f"else {pp}._replace(moved=True)")
        self.emit(ind, f"if type({car}) is COLUMN and type({old}) is COLUMN: {car} = {car}.on({old})")
        self.emit(ind, f"cells[{c}] = {car}{after}")
        return []

    def end(self, env: Env, ind: int, then: str) -> None:
        if not self.single:
            super().end(env, ind, then)
            return
        # ``fin`` written out where the hand holds the moving column alone (a notation that neither
        # lifts nor puts): not onto a friend's column, put on top of what stands there, then ``then``
        # called with the square, or the move kept (``then`` ``None``).
        c = env["c"]
        q, held, pp, po = self.fresh("q"), self.fresh("hp"), self.fresh("pp"), self.fresh("po")
        self.emit(ind, f"{q} = cells[{c}]")
        self.emit(ind, f"if {q} is None or {q}[0] != me:")
        i = ind + 1
        if then == "None":
            # A move that captures nothing, once one that captures is kept (``rec``'s ``only``):
            # its end is only counted, as the put and the keeping would count it.
            self.emit(i, "if only is not None and only[0] and not caps:")
            self.spend(i + 1, f"{1 + COMPLETION_COST} + len(stops) + len(also)")
            self.emit(i, "else:")
            i += 1
        self.spend(i)
        self.emit(i, f"{held} = hand.pop(); {pp}, {po} = {held}")
        self.place(i, c, pp, po, q, f"; visited.append({c})" if self.visits else "")
        self.emit(i, f"rec({c}, {env['md']}, {env['ps']}, {env['pr']}{self.marks_of(env)})" if then == "None"
                     else f"{then}({c}, {env['md']})")
        self.emit(i, ("visited.pop(); " if self.visits else "") + f"cells[{c}] = {q}; hand.append({held})")

    def capture_lines(self, q: str, square: str) -> tuple[str, list[str], str]:
        carried, start = self.fresh("cc"), self.fresh("co")
        return (f"type({q}) is COLUMN and hand and type(hand[-1][0]) is COLUMN",
                [f"{carried}, {start} = hand[-1]", f"cells[{square}] = {q}.without_top()",
                 f"hand[-1] = ({carried}.under({q}[3][0]), {start}); caps.append({square})"],
                f"caps.pop(); hand[-1] = ({carried}, {start}); cells[{square}] = {q}")
