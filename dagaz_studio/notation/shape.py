"""What every way through a notation's tree does, asked of its shape before its code is written:
whether it always steps or always changes something (a repetition that may change nothing must be
watched), which zone checks it begins with, how many captures it holds, whether each way that
captures begins by stepping onto an enemy."""

from __future__ import annotations

from typing import Any

from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Check,
    Group,
    GroupStep,
    Navigate,
    Repeat,
    Sequence,
    Step,
    ZoneCheck,
    as_step,
    begins_with_check,
    is_check,
    walk,
)
from dagaz_studio.notation.visitor import Visitor

__all__ = ["always_changes", "always_steps", "captures_in", "captures_on_enemy_first", "leading_zones"]


class _LeadingZones(Visitor[list[ZoneCheck]]):
    """The zone checks a part begins with (``top``: the notation itself, whose first part is looked into)."""

    def visit_sequence(self, node: Sequence, top: bool) -> list[ZoneCheck]:
        return self.visit(node.items[0], False) if top and node.items else []

    def visit_bracket(self, node: Bracket, top: bool) -> list[ZoneCheck]:
        zones: list[ZoneCheck] = []
        for item in node.items:
            zone = self.visit(item, False)
            if not zone:
                break
            zones += zone
        return zones

    def visit_zone_check(self, node: ZoneCheck, top: bool) -> list[ZoneCheck]:
        return [node]

    def visit_other(self, node: Any, *context: Any) -> list[ZoneCheck]:
        return []


_LEADING_ZONES = _LeadingZones()


def leading_zones(body: Any) -> list[ZoneCheck]:
    """The zone checks a notation begins with: a move can only begin in (or out of) them."""
    return _LEADING_ZONES.visit(body, True)


class _EveryWay(Visitor[bool]):
    """Whether every way through a node takes a step (a subclass adds what else counts)."""

    def visit_sequence(self, node: Sequence) -> bool:
        return any(self.visit(item) for item in node.items)

    def visit_alternatives(self, node: Alternatives) -> bool:
        return all(self.visit(option) for option in node.options)

    def visit_group(self, node: Group) -> bool:
        return self.visit(node.body)

    def visit_repeat(self, node: Repeat) -> bool:
        return node.minimum >= 1 and self.visit(node.body)

    def visit_step(self, node: Step | GroupStep) -> bool:
        return True

    visit_group_step = visit_step

    def visit_other(self, node: Any, *context: Any) -> bool:
        return False


class _AlwaysChanges(_EveryWay):
    """A step, a capture, a promotion, a lift or a put changes something."""

    visit_lift = visit_put = visit_promote = _EveryWay.visit_step

    def visit_bracket(self, node: Bracket | Navigate) -> bool:
        return any(self.visit(item) for item in node.items)

    visit_navigate = visit_bracket

    def visit_check(self, node: Check) -> bool:
        return node.letter == "x"


_ALWAYS_CHANGES = _AlwaysChanges()
_ALWAYS_STEPS = _EveryWay()


def always_changes(node: Any) -> bool:
    """Whether every way through ``node`` changes something a repetition would notice: a step, a
    capture, a promotion, a lift or a put."""
    return _ALWAYS_CHANGES.visit(node)


def captures_in(node: Any) -> int:
    """How many captures (``[x]``) ``node`` holds."""
    return sum(1 for n in walk(node) if is_check(n, "x"))


def always_steps(node: Any) -> bool:
    """Whether every way through ``node`` takes a step."""
    return _ALWAYS_STEPS.visit(node)


class _CapturesOnEnemyFirst(Visitor[bool]):
    """:func:`captures_on_enemy_first`."""

    def visit_alternatives(self, node: Alternatives, after: bool) -> bool:
        return all(self.visit(option, after) for option in node.options)

    def visit_group(self, node: Group, after: bool) -> bool:
        return self.visit(node.body, after)

    def visit_sequence(self, node: Sequence, after: bool) -> bool:
        if not node.items:
            return self.visit_other(node, after)
        first = node.items[0]
        step = as_step(first)
        if step is not None:
            bracket = node.items[1] if len(node.items) > 1 else None
            if not step.wrap and begins_with_check(bracket, "e"):
                return True
            return not (after or _captures(node))
        return self.visit(first, after or any(_captures(item) for item in node.items[1:]))

    def visit_other(self, node: Any, *context: Any) -> bool:
        after: bool = context[0]
        return not (after or _captures(node))


_CAPTURES_ON_ENEMY_FIRST = _CapturesOnEnemyFirst()


def captures_on_enemy_first(node: Any, after: bool = False) -> bool:
    """Whether every way through ``node`` that captures (counting the captures of what follows it,
    ``after``) begins with a step onto a square that the bracket right after it asks to be an
    enemy's (``(OM)[ex]``): a piece with no enemy on its first steps then captures nothing."""
    return _CAPTURES_ON_ENEMY_FIRST.visit(node, after)


def _captures(node: Any) -> bool:
    """Whether ``node`` holds a capture (``[x]``, ``[X]``)."""
    return any(is_check(part, "xX") for part in walk(node))
