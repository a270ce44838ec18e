"""Bracket items in the source of a heap or stack board's compiled run (:mod:`kind_code`): checks
of a square, captures (a heap emptied, the top of a jumped column put under the column in hand),
counts and promotion, each written as a test around the code that follows it.

A capture followed by a step onto a square that must be empty (``[ex]\\1[p]``) looks at that square
before anything is taken (:func:`landing_first`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.emitter import Env, ItemCont, Unsupported
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Check,
    CountCheck,
    DirectionCheck,
    Group,
    GroupStep,
    Promote,
    Sequence,
    Step,
    TypeCheck,
    ZoneCheck,
    walk,
)

if TYPE_CHECKING:
    from dagaz_studio.engine.kind_code import KindWriter

def first_steps(g: KindWriter, node: Any) -> list[int] | None:
    """The directions of the first step of every way through ``node``, where each way begins with a
    step (``OM``, ``(X)``) onto a square that the bracket right after it asks to be empty or an
    enemy's (``[p]``, ``[e…]``); ``None`` where some way may begin otherwise. A piece whose every
    such square holds a friend or is off the board has no move."""
    if isinstance(node, Alternatives):
        found: list[int] = []
        for option in node.options:
            directions = first_steps(g, option)
            if directions is None:
                return None
            found += [direction for direction in directions if direction not in found]
        return found
    if isinstance(node, Group):
        return first_steps(g, node.body)
    if not isinstance(node, Sequence) or not node.items:
        return None
    first = node.items[0]
    step = first.body if isinstance(first, Group) else first
    if not isinstance(step, Step):
        return first_steps(g, first)
    after = node.items[1] if len(node.items) > 1 else None
    if step.wrap or not (isinstance(after, Bracket) and after.items and isinstance(after.items[0], Check)
                         and after.items[0].letter in "pe"):
        return None
    return g.directions(step.keys)


def captures_on_enemy_first(g: KindWriter, node: Any, after: bool = False) -> bool:
    """Whether every way through ``node`` that captures (counting the captures of what follows it,
    ``after``) begins with a step onto a square that the bracket right after it asks to be an
    enemy's (``(OM)[ex]``): a piece with no enemy on its first steps (:func:`first_steps`) then
    captures nothing."""
    if isinstance(node, Alternatives):
        return all(captures_on_enemy_first(g, option, after) for option in node.options)
    if isinstance(node, Group):
        return captures_on_enemy_first(g, node.body, after)
    if isinstance(node, Sequence) and node.items:
        first = node.items[0]
        step = first.body if isinstance(first, Group) else first
        if isinstance(step, Step):
            bracket = node.items[1] if len(node.items) > 1 else None
            if (not step.wrap and isinstance(bracket, Bracket) and bracket.items
                    and isinstance(bracket.items[0], Check) and bracket.items[0].letter == "e"):
                return True
            return not (after or _captures(node))
        return captures_on_enemy_first(g, first, after or any(_captures(item) for item in node.items[1:]))
    return not (after or _captures(node))


def _captures(node: Any) -> bool:
    return any(isinstance(part, Check) and part.letter in "xX" for part in walk(node))


def landing(g: KindWriter, first: Any, rest: list) -> Any | None:
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
    if isinstance(step, Step) and not step.wrap and len(g.directions(step.keys)) == 1:
        return step
    return None


def landing_first(g: KindWriter, env: Env, ind: int, square: str) -> int:
    """Where a capture is followed by a step onto a square that must be empty (:meth:`landing`),
    that square is looked at before anything is taken: taken and put back, a capture that cannot
    land would change nothing. The work the runner spends on such a capture (the capture and,
    where the square exists, the step) is counted all the same. Returns the indentation of the
    capture's code."""
    step = env.get("land")
    if step is None:
        return ind
    target = g.fresh("lt")
    if isinstance(step, Step):
        table = g.constant("nb", g.rules.neighbours[g.directions(step.keys)[0]])
        g.emit(ind, f"{target} = {table}[{square}]")
    else:
        direction = g.recorded(step.group, step.opposite, env, ind)
        if direction == "None":
            return ind  # the step is never taken: nothing to look at
        if direction.isdigit():
            table = g.constant("nb", g.rules.neighbours[int(direction)])
            g.emit(ind, f"{target} = {table}[{square}]")
        else:
            tables = g.constant("nbs", tuple(g.rules.neighbours))
            g.emit(ind, f"{target} = None if {direction} is None else {tables}[{direction}][{square}]")
    g.emit(ind, f"if {target} is None: w += 1")
    # The capture changes only its own square: any other is read as the step would find it.
    g.emit(ind, f"elif {target} != {square} and cells[{target}] is not None: w += 2")
    g.emit(ind, "else:")
    return ind + 1


def items(g: KindWriter, pending: list, env: Env, ind: int, square: str, k: ItemCont) -> None:
    """The bracket's items ``pending``, in order, on ``square``; then ``k``."""
    if not pending:
        k(env, ind, square)
        return
    first, rest = pending[0], pending[1:]
    item(g, first, env, ind, square, lambda e, i, sq: items(g, rest, e, i, sq, k))


def item(g: KindWriter, item: Any, env: Env, ind: int, square: str, k: ItemCont) -> None:
    if isinstance(item, Check):
        check(g, item, env, ind, square, k)
    elif isinstance(item, TypeCheck):
        kind = g.rules.kind_index.get(item.name)
        if kind is None:
            raise Unsupported("unknown piece type")  # the runner reports it
        q = g.fresh("q")
        g.emit(ind, f"{q} = cells[{square}]")
        test = (f"(({q}.counts[{kind}] > 0) if type({q}) is HEAP else ({q} is not None and {q}[1] == {kind}))")
        g.emit(ind, f"if {'not ' if item.negated else ''}{test}:")
        k(env, ind + 1, square)
    elif isinstance(item, ZoneCheck):
        zone = g.rules.board.zones.get(item.name)
        if zone is None:
            raise Unsupported("unknown zone")
        g.emit(ind, f"if {square} {'not in' if item.negated else 'in'} {g.zone_squares(item.name)}:")
        k(env, ind + 1, square)
    elif isinstance(item, CountCheck):
        count_check(g, item, env, ind, square, k)
    elif isinstance(item, DirectionCheck):
        recorded = g.recorded(item.group, item.opposite, env, ind)
        test = (f"{env['d']} == {recorded}" if recorded.isdigit()
                else f"{recorded} is not None and {env['d']} == {recorded}")
        g.emit(ind, f"if {'not ' if item.negated else ''}({test}):")
        k(env, ind + 1, square)
    elif isinstance(item, Promote):
        promote(g, item, env, ind, square, k)
    else:
        raise Unsupported(type(item).__name__)


def count_check(g: KindWriter, item: CountCheck, env: Env, ind: int, square: str, k: ItemCont) -> None:
    if item.piece is not None:
        raise Unsupported("a count of one type of piece")  # the runner's
    low, high = item.minimum, item.maximum
    found = g.fresh("h")
    if item.zone is not None:
        zone = g.rules.board.zones.get(item.zone)
        if zone is None:
            raise Unsupported("unknown zone")
        squares = g.constant("zq", tuple(sorted(zone.squares_for(g.player_name))))
        if low == 1 and high is None:
            # At least one piece: the zone's first square that holds one answers.
            g.emit(ind, f"if ZANY(cells, {squares}):")
            k(env, ind + 1, square)
            return
        g.emit(ind, f"{found} = ZSIZE(cells, {squares})")
    else:
        cell = g.fresh("q")
        g.emit(ind, f"{cell} = cells[{square}]")
        g.emit(ind, f"{found} = sum({cell}[3]) if type({cell}) is HEAP else SIZE({cell})")
    test = f"{low} <= {found}" + ("" if high is None else f" <= {high}")
    g.emit(ind, f"if {test}:")
    k(env, ind + 1, square)


def promote(g: KindWriter, item: Promote, env: Env, ind: int, square: str, k: ItemCont) -> None:
    kinds = []
    for name in item.choices:
        kind = g.rules.kind_index.get(name)
        if kind is None:
            raise Unsupported("unknown piece type")
        kinds.append((name, kind))
    held, start, promoted, kind_var = g.fresh("hp"), g.fresh("ho"), g.fresh("pr"), g.fresh("pk")
    g.emit(ind, "if hand:")
    i = ind + 1
    g.emit(i, f"{held}, {start} = hand[-1]")
    g.emit(i, f"for {promoted}, {kind_var} in {tuple(kinds)!r}:")
    pg = g.progress(env, i + 1)
    g.emit(i + 1, f"hand[-1] = ({held}._replace(kind={kind_var}), {start})")
    k(dict(env, pr=promoted, pg=pg), i + 1, square)
    g.emit(i, f"hand[-1] = ({held}, {start})")


def check(g: KindWriter, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> None:
    letter = item.letter
    lower, want = letter.lower(), letter.islower()
    if lower == "x":
        capture(g, env, ind, square, k)
        return
    if lower == "k":
        if env.get("ag") == "True":
            k(env, ind, square)
            return
        again = g.fresh("ag")
        g.emit(ind, f"{again} = True")
        if env.get("ag", "False") == "False":
            k(dict(env, ag=again, pg=g.progress(env, ind)), ind, square)
            return
        pg = g.fresh("pg")
        g.emit(ind, f"{pg} = {env['pg']} if {env['ag']} else {env['pg']} + 1")
        k(dict(env, ag=again, pg=pg), ind, square)
        return
    if lower in "pef":
        q = g.fresh("q")
        g.emit(ind, f"{q} = cells[{square}]")
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
    g.emit(ind, f"if {'' if want else 'not '}({test}):")
    if lower in "pef":
        # What stands on the square, as read: the bracket's next items may use it (:func:`unread`).
        env = dict(env, rd=(square, q))
    k(env, ind + 1, square)


def capture(g: KindWriter, env: Env, ind: int, square: str, k: ItemCont) -> None:
    known = env.get("rd")
    if known is not None and known[0] == square:
        q = known[1]  # read by a check before it in the same bracket: nothing has changed since
    else:
        q = g.fresh("q")
        g.emit(ind, f"{q} = cells[{square}]")
    env = unread(env)
    if g.heap:
        g.emit(ind, f"if {q} is not None:")
        i = landing_first(g, env, ind + 1, square)
        env = without(env, "land")
        g.spend(i)
        g.emit(i, f"if {square} not in touched: touched[{square}] = {q}")
        g.emit(i, f"cells[{square}] = None; caps.append({square})")
        k(dict(env, pg=g.progress(env, i)), i, square)
        g.emit(i, f"caps.pop(); cells[{square}] = {q}")
        return
    # A stack board: the top of the jumped column goes under the column in hand.
    carried, start = g.fresh("cc"), g.fresh("co")
    g.emit(ind, f"if type({q}) is COLUMN and hand and type(hand[-1][0]) is COLUMN:")
    i = landing_first(g, env, ind + 1, square)
    env = without(env, "land")
    g.emit(i, f"{carried}, {start} = hand[-1]")
    g.spend(i)
    g.emit(i, f"if {square} not in touched: touched[{square}] = {q}")
    g.emit(i, f"cells[{square}] = {q}.without_top()")
    g.emit(i, f"hand[-1] = ({carried}.under({q}[3][0]), {start}); caps.append({square})")
    k(dict(env, pg=g.progress(env, i)), i, square)
    g.emit(i, f"caps.pop(); hand[-1] = ({carried}, {start}); cells[{square}] = {q}")


def without(env: Env, field: str) -> Env:
    """``env`` without ``field``."""
    if field not in env:
        return env
    return {name: value for name, value in env.items() if name != field}


def unread(env: Env) -> Env:
    """``env`` without the square's content a check read (``rd``): once the board may have changed,
    or outside the bracket that read it."""
    if "rd" not in env:
        return env
    return {field: value for field, value in env.items() if field != "rd"}
