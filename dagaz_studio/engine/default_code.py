"""The default board's back-end of the code writer (:class:`~dagaz_studio.engine.code_writer.CodeWriter`):
a notation written out as the Python source of its ``moves``, ``attacks`` and ``probe`` functions
(compiled by :mod:`dagaz_studio.engine.compiler`).

:class:`CodeGenerator` works out what the notation needs (:meth:`CodeGenerator.analyse`): the run
state it keeps, and whether it lifts or puts (then the hand, the pieces moved along and the squares
touched are kept, and a completed move is kept as a rich record or built whole). It says how a piece
is captured (``caps``/``capq``, put back on the way back), how a move ends — the piece in hand put
down, a light record kept, or, for an attack question, ``Found`` raised — and counts work in the
shared list ``W``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.code_items import ACTIONS
from dagaz_studio.engine.code_repeats import RepeatWriter
from dagaz_studio.engine.code_writer import survey
from dagaz_studio.engine.completion import created_move
from dagaz_studio.engine.emitter import WALK_LOOK_EVERY, Env, ItemCont
from dagaz_studio.engine.values import COMPLETION_COST
from dagaz_studio.notation.cancel import look
from dagaz_studio.notation.nodes import Check, Continue, Create, Lift, Notation, Promote, Put, walk
from dagaz_studio.notation.shape import always_changes, always_steps

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules


class CodeGenerator(RepeatWriter):
    """The source of one notation (or one part of it) for one board and player."""

    loops = True

    def __init__(self, rules: CodeRules, notation: Notation, player: int,
                 allowance: list[int] | None = None) -> None:
        super().__init__(rules, notation, player, allowance)
        #: Writing an attack question (``attacks``, ``probe``) rather than the moves.
        self.attack = False
        #: Whether a piece of the board is neutral (an arrow, a wall): only then is it told from an enemy.
        self.neutral = any(kind.neutral for kind in rules.kinds)
        #: Writing a drop (``drop``): the piece comes from the hand, held over the square it starts
        #: on, which it has not left; every move is built whole (as :attr:`marks` asks).
        self.dropping = False

    def analyse(self, body: Any) -> None:
        """Work out which parts of the run state this notation needs, so the rest is never computed.

        ``pg`` (progress) only matters to a repetition whose pass may change nothing; ``sn`` (steps)
        only to a group whose direction is read and whose body may take no step; groups only when
        read (``\\k``, ``~k``, direction checks, navigation); the rest only when their item occurs.
        """
        found = survey(body, self.cancel)
        repeats, groups, used = found.repeats, found.groups, found.groups_read
        #: Whether the notation has partial moves (``&``): then where each began, the stops made and the
        #: direction of the previous partial move (group 0) are kept.
        self.continues = Continue in found.kinds
        #: Whether the notation changes squares in place (``[d]``, ``[w]``): then no move is a light
        #: record; it is built from the squares touched.
        self.changes = bool(found.letters & ACTIONS.keys())
        #: Whether the notation makes pieces (``[*Name]``): then the squares made on are kept, in order.
        #: Such a move changes squares a light record does not describe: built whole, by the move's end
        #: (``fin``), which is written whether or not the way to its ``[*Name]`` is.
        self.creates = Create in found.kinds
        if self.creates:
            self.constants["CREATED"] = partial(created_move, everywhere=True) if self.changes else created_move
        #: Whether a move may be one whose player moves again ([k]), a null move ([n]) or a labelled
        #: one ([o]), or a drop: then it is built whole, told so by ``fin`` (:meth:`marks_of`).
        self.marks = self.dropping or bool(found.letters & set("knoO"))
        self.rich = self.continues or self.creates or self.changes or self.marks or Lift in found.kinds \
            or Put in found.kinds
        self.captures = self.rich or bool(found.letters & set("xcC"))
        self.promotes = Promote in found.kinds
        self.history = bool(found.letters & set("lLtT"))
        self.repeats = bool(repeats)
        self.repeated = repeated = set()
        for n in repeats:
            for inner in walk(n.body):
                repeated.add(id(inner))
                if self.cancel is not None and len(repeated) % WALK_LOOK_EVERY == 0:
                    look(self.cancel)
        used_groups = {g for g in used if 1 <= g <= self.notation.group_count or (g == 0 and self.continues)}
        # A possessive repetition's trial pass succeeds only when it changes something.
        self.need_pg = any(n.possessive or not always_changes(n.body) for n in repeats)
        need_sn = any(n.index in used_groups and not always_steps(n.body) for n in groups)
        kept = {"sn": need_sn, "pg": self.need_pg, "pr": self.promotes, "dp": self.repeats, "ag": self.marks,
                "nl": self.marks, "lb": self.marks}
        self.live = ["c", "d", *(name for name, needed in kept.items() if needed),
                     *(f"g{g}" for g in sorted(used_groups)), *(["mi", "ms", "md"] if self.rich else []),
                     *(["ps"] if self.continues else []),
                     # The previous move is the previous partial move's after a '&'.
                     *(["lo", "lt"] if self.continues and self.history else [])]

    def spend(self, indent: int, units: str = "1") -> None:
        """Work, counted where the runner counts it; at each mark, budget and cancel are looked at."""
        self.emit(indent, f"W[0] += {units}")
        self.emit(indent, "if W[0] >= W[1]: POLL(W)")

    def module(self, body: Any, variants: tuple[str, ...] = ("moves", "attacks")) -> tuple[str, dict[str, Any]]:
        """The source of the functions ``variants`` names (``moves``, ``attacks``, ``probe``; or
        ``drop`` alone) and the constants they read."""
        self.dropping = variants == ("drop",)
        self.analyse(body)
        self.constants["NOTE"] = Notation(self.notation.text, body, self.notation.group_count)
        parts = []
        for name in variants:
            self.attack = name in ("attacks", "probe")
            self.probe = name == "probe"
            self.lines = []
            self.counter = 0
            params = "cells, origin, piece, TGT, W, P" if self.attack else "cells, origin, piece, out, seen, W, P"
            self.emit(0, f"def {name}({params}):")
            self.emit(1, "me = piece[0]")
            self.last_move(1)
            if self.captures:
                self.emit(1, "caps = []; capq = []")
            if self.dropping:
                self.emit(1, "hand = [(piece, origin)]; touched = {}; visited = []; also = []")
            else:
                self.emit(1, "cells[origin] = None")
                if self.rich:
                    self.emit(1, "hand = [(piece, origin)]; touched = {origin: piece}; visited = [origin]; also = []")
            # The lists of a rich run that makes pieces, changes squares in place or makes partial moves.
            made = [name for name, kept in (("created", self.creates), ("gone", self.changes), ("stops", self.continues))
                    if kept]
            if made:
                self.emit(1, "; ".join(f"{name} = []" for name in made))
            self.emit(1, "try:")
            if self.rich:
                self.finishing(2)
            self.node(body, self.start_env(), 2, self.finish)
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

    def reached(self, ind: int, ms: str) -> None:
        """In ``fin``, the hand empty: (after a ``&``) what follows it, or the move kept (:meth:`keep`)."""
        if self.continues:
            self.emit(ind, "if then is not None:")
            self.emit(ind + 1, f"then({ms}, md)")
            self.emit(ind + 1, "return")
        if not self.attack:
            # Completing a move costs more than a step, and in proportion to its chain of partial
            # moves, its captures and the pieces it displaced, as the runner counts it.
            chain = " + len(stops)" if self.continues else ""
            self.spend(ind, f"{COMPLETION_COST}{chain} + len(caps) + len(also)")
        self.keep(ind)

    def marks_of(self, env: Env) -> str:
        return f", {env['ag']}, {env['nl']}, {env['lb']}" if self.marks else ""

    def keep(self, i: int) -> None:
        """In ``fin``, the hand empty: the move kept, or for an attack question, ``Found`` raised
        where it captured on the square asked about."""
        if self.attack:
            self.emit(i, "if TGT in caps: raise Found")
            return
        # Other moves (castling, capture chains) are kept as rich light records where their
        # changes follow from them (Rules.rich_light), else built whole; a move with marks
        # (:attr:`marks`) is always built whole, told from the others as the runner tells them.
        if not self.marks:
            self.light_end(i)
        tail = f"{', stops, ps' if self.continues else ''}{', again=ag, null=nl, labels=lb' if self.marks else ''}"
        keeper = "CREATED(R, " if self.creates else "R.rich_light("
        self.emit(i, f"{keeper}P, origin, piece, me, touched, visited, caps, also, ms, md, pr, out, seen"
                     f"{', created' if self.creates else ''}{tail})")

    def light_end(self, i: int) -> None:
        """A move that displaced no other piece and made no stop on the way is what a light record
        describes (Rules.record_move builds the same Move): kept as one, it costs no Move here. Not
        when the piece was taken off after it was put (``|[x]``: a capture that destroys the capturing
        piece): a light record puts it on its last square; nor when the move made a piece or a square
        was changed in place (``[d]``, ``[w]``: kept in ``gone``)."""
        plain = ("not created and " if self.creates else "") + ("not gone and " if self.changes else "")
        self.emit(i, f"if {plain}not also and {'not stops and ' if self.continues else ''}cells[ms] is not None:")
        changed = "caps or ms != origin or (pr is not None and pr != piece[1])"
        self.emit(i + 1, f"if {changed}:")
        self.emit(i + 2, "key = (ms, tuple(caps), pr)")
        self.emit(i + 2, "if key not in seen:")
        self.emit(i + 3, "seen.add(key); out.append(TNEW(RECORD, (ms, key[1], pr, md)))")
        self.emit(i + 1, "return")
        if not self.continues:
            return
        # A capture chain's move is kept as a rich light record, written out where it is plain: when
        # no piece but the moving one was put, each square the run touched was the mover's path or a
        # capture, so the move empties its origin and its captures and leaves the mover, as the
        # record says it (moved, promoted as chosen), on its last square. Anything else is
        # Rules.rich_light's.
        self.emit(i, f"if {plain}not also and caps and ms != origin:")
        self.emit(i + 1, "q = cells[ms]")
        self.emit(i + 1, "if q is not None and q[2] and q[1] == (piece[1] if pr is None else pr):")
        self.emit(i + 2, "key = (ms, tuple(caps), pr, tuple(stops), ())")
        self.emit(i + 2, "if key not in seen:")
        self.emit(i + 3, "seen.add(key); out.append(TNEW(RICH, (ms, key[1], pr, md, key[3], ps, ())))")
        self.emit(i + 2, "return")

    def place(self, ind: int, c: str, pp: str, po: str, old: str) -> list[str]:
        """The piece put down (moved, unless back where it was lifted); an enemy there is captured."""
        self.emit(ind, f"if {c} not in touched: touched[{c}] = {old}")
        self.emit(ind, f"cells[{c}] = {pp} if {pp}[2] or {c} == {po} else TNEW(PIECE, ({pp}[0], {pp}[1], True))")
        self.emit(ind, f"if {old} is not None: caps.append({c})")
        return [f"if {old} is not None: caps.pop()"]

    def trial_lists(self) -> list[str]:
        # The captures, and with lifts and puts the lists a move keeps.
        return [name for name, kept in (("caps", self.captures), ("capq", self.captures), ("visited", self.rich),
                                        ("also", self.rich), ("created", self.creates), ("stops", self.continues),
                                        ("gone", self.changes))
                if kept]

    def kept_in_place(self, square: str | None) -> str:
        return f"; gone.append({square})" if square is not None else "; gone.pop()"

    def put_back_captures(self, count: str, captured: int, ind: int) -> None:
        self.emit(ind, f"for _ in range({count} * {captured}):")
        self.emit(ind + 1, "cells[caps.pop()] = capq.pop()")

    def capture_lines(self, q: str, square: str) -> tuple[str, list[str], str]:
        return f"{q} is not None", [f"cells[{square}] = None; caps.append({square}); capq.append({q})"], \
            f"caps.pop(); capq.pop(); cells[{square}] = {q}"

    def threat_test(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> str | None:
        """``[a]``, ``[s]``, asked of the attack questions."""
        if self.attack:
            k(env, ind, square)  # what a piece attacks does not depend on its own safety
            return None
        # The piece in hand; and whether the board is as the run found it, the piece lifted: then
        # bulk work may keep the answer.
        if self.rich:
            hand = "(hand[-1][0] if hand else None)"
            lifted = "origin if len(touched) == 1 and cells[origin] is None else -1"
        else:
            hand = f"(piece if {env['pr']} is None else piece._replace(kind={env['pr']}))" if self.promotes else "piece"
            lifted = "-1 if caps else origin" if self.captures else "origin"
        return f"R.fast_threat(P, me, {square}, {item.letter.lower() == 'a'}, {hand}, W, {lifted})"

    def end(self, env: Env, ind: int, then: str) -> None:
        """The implicit end: the piece in hand must not land on a friend; an enemy there is captured."""
        if self.rich:
            super().end(env, ind, then)
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
        # The put, then completing the move, which costs more than a step and one unit per piece
        # taken (as the runner counts it).
        if self.captures:
            self.emit(ind, f"{capt} = tuple(caps) if {q} is None else (*caps, {c})")
            self.spend(ind, f"{1 + COMPLETION_COST} + len({capt})")
            changed = f"{capt} or {c} != origin"
        else:
            self.emit(ind, f"{capt} = () if {q} is None else ({c},)")
            self.spend(ind, f"{1 + COMPLETION_COST} if {q} is None else {2 + COMPLETION_COST}")
            changed = f"{q} is not None or {c} != origin"
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
        self.emit(ind + 2, f"out.append(TNEW(RECORD, ({c}, {capt}, {env['pr']}, {env['d']})))")
