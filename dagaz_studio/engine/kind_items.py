"""What a heap or stack board's back-end of the code writer (:mod:`kind_code`) writes of bracket items
and asks of a notation's shape: a capture's look at its landing square, and the first steps every way
begins with (a piece's gate). A capture itself (a heap emptied, the top of a jumped column put under the
column in hand) is the item writer's, as each board kind says it (``capture_lines``).

A capture followed by a step onto a square that must be empty (``[ex]\\1[p]``) looks at that square
before anything is taken (:meth:`KindItems.land_first`).
"""

from __future__ import annotations

from typing import Any

from dagaz_studio.engine.code_repeats import RepeatWriter
from dagaz_studio.engine.emitter import Emitter, Env
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Group,
    GroupStep,
    Sequence,
    Step,
    as_step,
    begins_with_check,
    is_check,
)
from dagaz_studio.notation.visitor import Visitor


class _FirstSteps(Visitor[list[int] | None]):
    """:func:`first_steps`."""

    def visit_alternatives(self, node: Alternatives, g: Emitter) -> list[int] | None:
        found: list[int] = []
        for option in node.options:
            directions = self.visit(option, g)
            if directions is None:
                return None
            found += [direction for direction in directions if direction not in found]
        return found

    def visit_group(self, node: Group, g: Emitter) -> list[int] | None:
        return self.visit(node.body, g)

    def visit_sequence(self, node: Sequence, g: Emitter) -> list[int] | None:
        if not node.items:
            return None
        first = node.items[0]
        step = as_step(first)
        if step is None:
            return self.visit(first, g)
        after = node.items[1] if len(node.items) > 1 else None
        if step.wrap or not begins_with_check(after, "pe"):
            return None
        return g.directions(step.keys)

    def visit_other(self, node: Any, *context: Any) -> list[int] | None:
        return None


_FIRST_STEPS = _FirstSteps()


def first_steps(g: Emitter, node: Any) -> list[int] | None:
    """The directions of the first step of every way through ``node``, where each way begins with a
    step (``OM``, ``(X)``) onto a square that the bracket right after it asks to be empty or an
    enemy's (``[p]``, ``[e…]``); ``None`` where some way may begin otherwise. A piece whose every
    such square holds a friend or is off the board has no move."""
    return _FIRST_STEPS.visit(node, g)


class _Landing(Visitor[Any]):
    """:func:`landing`: a bracket ending in its only capture, and the step after it."""

    def visit_bracket(self, node: Bracket, g: Emitter, rest: list[Any]) -> Any | None:
        if not (node.items and len(rest) >= 2):
            return None
        captures = [item for item in node.items if is_check(item, "xX")]
        if len(captures) != 1 or captures[0] is not node.items[-1]:
            return None
        step, after = rest[0], rest[1]
        if not begins_with_check(after, "p"):
            return None
        return _LANDING_STEP.visit(step, g)

    def visit_other(self, node: Any, *context: Any) -> Any | None:
        return None


class _LandingStep(Visitor[Any]):
    """The step a capture may look past: one direction, no wrapping."""

    def visit_group_step(self, node: GroupStep, g: Emitter) -> GroupStep | None:
        return None if node.wrap else node

    def visit_step(self, node: Step, g: Emitter) -> Step | None:
        return node if not node.wrap and len(g.directions(node.keys)) == 1 else None

    def visit_other(self, node: Any, *context: Any) -> None:
        return None


_LANDING = _Landing()
_LANDING_STEP = _LandingStep()


class KindItems(RepeatWriter):
    """The layer of :class:`~dagaz_studio.engine.kind_code.KindWriter` that writes a capture's look at
    the square it is to land on."""

    def landing(self, first: Any, rest: list[Any]) -> Any | None:
        """The step after ``first`` when ``first`` is a bracket ending in its only capture and the
        step, of one direction, leads to a bracket asking first for an empty square (``[ex]\\1[p]``):
        the capture looks at that square first (:meth:`land_first`), a shortcut the traced code does not
        take: the runner takes a capture, and says so, before it looks where it lands."""
        return _LANDING.visit(first, self, rest) if self.shortcuts else None

    def land_first(self, env: Env, ind: int, square: str) -> int:
        """Where a capture is followed by a step onto a square that must be empty (:meth:`landing`),
        that square is looked at before anything is taken: taken and put back, a capture that cannot
        land would change nothing. The work the runner spends on such a capture (the capture and,
        where the square exists, the step) is counted all the same. Returns the indentation of the
        capture's code."""
        step = env.get("land")
        if step is None:
            return ind
        target = self.fresh("lt")
        plain = as_step(step)
        if plain is not None:
            table = self.constant("nb", self.rules.neighbours[self.directions(plain.keys)[0]])
            self.emit(ind, f"{target} = {table}[{square}]")
        else:
            direction = self.recorded(step.group, step.opposite, env, ind, step.span)
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
