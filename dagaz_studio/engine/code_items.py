"""Bracket items in the source of the compiled fast path (a part of
:class:`~dagaz_studio.engine.code_writer.CodeGenerator`): checks of a square, captures, promotion,
making pieces and navigation, each written as a test around the code that follows it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.emitter import Emitter, Unsupported
from dagaz_studio.notation.nodes import Check, Create, DirectionCheck, Handler, Navigate, Promote, TypeCheck, ZoneCheck

if TYPE_CHECKING:
    from dagaz_studio.engine.emitter import Env, ItemCont


class ItemWriter(Emitter):
    """Writes a bracket's items (:meth:`items`) for :class:`~dagaz_studio.engine.code_writer.CodeGenerator`."""

    if TYPE_CHECKING:
        # What the writer keeps and writes elsewhere (declared for the type checker only).
        rich: bool
        attack: bool
        captures: bool
        promotes: bool

        def emit(self, indent: int, text: str) -> None: ...
        def spend(self, indent: int) -> None: ...
        def progress(self, env: Env, ind: int) -> str: ...
        def recorded(self, group: int, opposite: bool, env: Env, ind: int) -> str: ...

    def items(self, items: list, env: Env, ind: int, square: str, k: ItemCont) -> None:
        if not items:
            k(env, ind, square)
            return
        first, rest = items[0], items[1:]
        self.item(first, env, ind, square, lambda e, i, sq: self.items(rest, e, i, sq, k))

    def item(self, item: Any, env: Env, ind: int, square: str, k: ItemCont) -> None:
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
            test = f"{recorded} is not None and {env['d']} == {recorded}"
            self.emit(ind, f"if {'not ' if item.negated else ''}({test}):")
            k(env, ind + 1, square)
        elif isinstance(item, Promote):
            if item.lost:
                raise Unsupported("promotion to a lost piece")  # it counts the board: the runner's
            kinds = []
            for name in item.choices:
                kind = self.rules.kind_index.get(name)
                if kind is None:
                    raise Unsupported("unknown piece type")
                kinds.append(kind)
            promoted = self.fresh("pr")
            if self.rich:
                held, start = self.fresh("hp"), self.fresh("ho")
                self.emit(ind, "if hand:")
                ind += 1
                self.emit(ind, f"{held}, {start} = hand[-1]")
            self.emit(ind, f"for {promoted} in {tuple(kinds)!r}:")
            pg = self.progress(env, ind + 1)
            if self.rich:
                self.emit(ind + 1, f"hand[-1] = ({held}._replace(kind={promoted}), {start})")
            k(dict(env, pr=promoted, pg=pg), ind + 1, square)
            if self.rich:
                self.emit(ind, f"hand[-1] = ({held}, {start})")
        elif isinstance(item, Navigate):
            self.navigate(item, env, ind, square, k)
        elif isinstance(item, Create):
            self.create(item, env, ind, square, k)
        elif isinstance(item, Handler):
            raise Unsupported("handlers")
        else:
            raise Unsupported(type(item).__name__)

    def create(self, item: Create, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``[*Name]``: a new piece on the empty square, the mover's (nobody's if its type is neutral),
        kept in ``created``; taken off again when the way through it is done, as the runner does."""
        from dagaz_studio.board.placement import NEUTRAL

        kind = self.rules.kind_index.get(item.name)
        if kind is None:
            raise Unsupported("unknown piece type")  # the runner reports it
        owner = str(NEUTRAL) if self.rules.kinds[kind].neutral else "me"
        self.emit(ind, f"if cells[{square}] is None:")
        self.spend(ind + 1)
        self.emit(ind + 1, f"if {square} not in touched: touched[{square}] = None")
        self.emit(ind + 1, f"cells[{square}] = TNEW(PIECE, ({owner}, {kind}, True)); created.append({square})")
        pg = self.progress(env, ind + 1)
        k(dict(env, pg=pg), ind + 1, square)
        self.emit(ind + 1, f"created.pop(); cells[{square}] = None")

    def navigate(self, item: Navigate, env: Env, ind: int, square: str, k: ItemCont) -> None:
        tables = self.constant("nbs", tuple(self.rules.neighbours))
        target = square
        for nav in item.path:
            if nav.group is not None:
                direction = self.recorded(nav.group, nav.opposite, env, ind)
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
        if item.negated:
            self.negated_look(item, target, env, ind, square, k)
            return
        self.emit(ind, f"if {target} is not None:")
        self.items(list(item.items), env, ind + 1, target, lambda e, i, _sq: k(e, i, square))

    def negated_look(self, item: Navigate, target: str, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """``!(checks)>N``: a flag the checks clear when they all hold there; the rest runs while it is set."""
        free = self.fresh("ng")
        self.emit(ind, f"{free} = True")
        self.emit(ind, f"if {target} is not None:")
        self.items(list(item.items), env, ind + 1, target, lambda e, i, _sq: self.emit(i, f"{free} = False"))
        self.emit(ind, f"if {free}:")
        k(env, ind + 1, square)

    def check(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> None:
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
            pg = self.progress(env, ind + 1)
            k(dict(env, pg=pg), ind + 1, square)
            self.emit(ind + 1, f"caps.pop(); capq.pop(); cells[{square}] = {q}")
            return
        if lower in "as":
            if self.attack:
                k(env, ind, square)  # what a piece attacks does not depend on its own safety
                return
            if self.rich:
                hand = "(hand[-1][0] if hand else None)"
            elif self.promotes:
                hand = f"(piece if {env['pr']} is None else piece._replace(kind={env['pr']}))"
            else:
                hand = "piece"
            # Whether the board is as the run found it, the piece lifted: then bulk work may keep the answer.
            if self.rich:
                lifted = "origin if len(touched) == 1 and cells[origin] is None else -1"
            elif self.captures:
                lifted = "-1 if caps else origin"
            else:
                lifted = "origin"
            test = f"R.fast_threat(P, me, {square}, {lower == 'a'}, {hand}, W, {lifted})"
        elif lower in "pef":
            q = self.fresh("q")
            self.emit(ind, f"{q} = cells[{square}]")
            # A neutral piece (player -1: an arrow, a wall) is no enemy; only boards that have one ask.
            neutral = any(kind.neutral for kind in self.rules.kinds)
            test = {"p": f"{q} is None",
                    "e": f"{q} is not None and {q}[0] != me" + (f" and {q}[0] >= 0" if neutral else ""),
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
