"""Reach mode written by the code writer: where a piece could ever capture from a square, and every
square its run could step on or look at (its footprint), the notation run on an empty board with
every check passing (:meth:`~dagaz_studio.engine.reach.ReachTables.reach`,
:meth:`~dagaz_studio.engine.attacks.AttackQuestions.step_rays`).

:class:`ReachWriter` is the default board's back-end with reach mode's meaning of the few parts that
differ: a check passes (``[x]`` keeps its square as a capture), ``^`` changes nothing, ``|`` keeps
its square and moves the piece there, ``&`` goes on from where the piece stands, a step and a
navigation keep the square they come to, and the end keeps the cursor's square. Only a step counts
as progress for a repetition.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.code_writer import survey
from dagaz_studio.engine.compiler import load_code, written_code_key
from dagaz_studio.engine.default_code import CodeGenerator
from dagaz_studio.engine.emitter import Cont, Env, ItemCont
from dagaz_studio.notation.nodes import Check, Continue, Lift, Navigate, Put
from dagaz_studio.notation.text import to_notation

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules
    from dagaz_studio.notation.nodes import Notation

#: Steps spent working out where a piece could ever capture from one square (a reach run's budget).
REACH_BUDGET = 1_000
#: A notation's reach code: ``reach(origin, found, footprint, work)``.
ReachCode = Callable[[int, set[int], set[int], list[Any]], None]


class ReachWriter(CodeGenerator):
    """A notation's reach mode as code."""

    def analyse(self, body: Any) -> None:
        super().analyse(body)
        # Only steps count as progress here: a pass of lifts and captures changes nothing.
        self.need_pg = self.repeats
        self.live = [name for name in self.live if name in ("c", "d", "sn", "pg", "dp") or name[0] == "g"]
        if "pg" not in self.live and self.need_pg:
            self.live.insert(2, "pg")
        if survey(body, self.cancel).kinds & {Put, Continue}:
            self.live.append("ms")

    def module(self, body: Any, variants: tuple[str, ...] = ()) -> tuple[str, dict[str, Any]]:
        self.analyse(body)
        self.lines = []
        self.emit(0, "def reach(origin, FOUND, FP, W):")
        self.node(body, self.start_env(), 1, self.finish)
        self.emit(1, "pass")
        return "\n".join(self.lines) + "\n", self.constants

    def trial_state(self) -> tuple[str, list[str]]:
        """A trial pass changes nothing to put back here."""
        return "pass", []

    def put_back_captures(self, count: str, captured: int, ind: int) -> None:
        """Nothing was taken."""

    def step_to(self, target: str, direction: str, env: Env, ind: int, k: Cont) -> None:
        self.emit(ind, f"FP.add({target})")
        super().step_to(target, direction, env, ind, k)

    def looked_at(self, ind: int, square: str) -> None:
        self.emit(ind, f"FP.add({square})")

    def end(self, env: Env, ind: int, then: str) -> None:
        self.emit(ind, f"FOUND.add({env['c']})")

    def visit_lift(self, node: Lift, env: Env, ind: int, k: Cont) -> None:
        k(env, ind)

    def visit_put(self, node: Put, env: Env, ind: int, k: Cont) -> None:
        self.emit(ind, f"FOUND.add({env['c']})")
        k(dict(env, ms=env["c"]), ind)

    def visit_continue(self, node: Continue, env: Env, ind: int, k: Cont) -> None:
        k(dict(env, c=env["ms"]), ind)

    def visit_check(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> None:
        if item.letter == "x":
            self.emit(ind, f"FOUND.add({square})")
        k(env, ind, square)

    def visit_navigate(self, item: Navigate, env: Env, ind: int, square: str, k: ItemCont) -> None:
        if item.negated:
            k(env, ind, square)
            return
        super().visit_navigate(item, env, ind, square, k)

    def passing(self, item: Any, env: Env, ind: int, square: str, k: ItemCont) -> None:
        """A check that passes: reach mode asks where a piece could ever capture."""
        k(env, ind, square)

    visit_type_check = visit_zone_check = visit_direction_check = visit_promote = visit_create = passing
    visit_count_check = visit_run_check = visit_handler = passing


def reach_code(rules: CodeRules, notation: Notation, player: int) -> ReachCode:
    """The reach code of ``notation`` for ``player`` (written once per board and kept with its other
    code, :mod:`~dagaz_studio.engine.code_cache`); raises
    :class:`~dagaz_studio.engine.emitter.CodeTooLarge` past the writer's limits."""
    # A first step's reach asks the notation with that step restricted to one direction: the same
    # text, another tree, told apart by the tree's own text.
    key = written_code_key(rules, notation, player, None, f"reach {to_notation(notation.body)}")
    written = rules.written.get(key)
    if written is None:
        written = rules.written[key] = (ReachWriter(rules, notation, player).module(notation.body), False, 0)
    reach: ReachCode = load_code(rules, written[0], f"reach of {notation.text!r}")["reach"]
    return reach

