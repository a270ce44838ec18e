"""Repetitions in the source of a heap or stack board's compiled run (:mod:`kind_code`).

A repetition is a small recursive local function. A possessive repetition asks, as the runner does,
whether another pass can succeed: a body with one way through simply takes the pass (the trial and
the pass are the same steps), any other is first tried by a copy of its code (:func:`trial`) that
stops at the first success and puts the board back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.emitter import Cont, Env, always_steps
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Group,
    GroupStep,
    Lift,
    Promote,
    Put,
    Repeat,
    Sequence,
    Step,
)

if TYPE_CHECKING:
    from dagaz_studio.engine.kind_code import KindWriter


def single_way(g: KindWriter, node: Any) -> bool:
    """Whether there is at most one way through ``node``."""
    if isinstance(node, Step):
        return len(g.directions(node.keys)) <= 1
    if isinstance(node, (GroupStep, Lift, Put)):
        return True
    if isinstance(node, Group):
        return single_way(g, node.body)
    if isinstance(node, Sequence):
        return all(single_way(g, item) for item in node.items)
    if isinstance(node, Alternatives):
        return len(node.options) == 1 and single_way(g, node.options[0])
    if isinstance(node, Repeat):
        return node.possessive and single_way(g, node.body)
    if isinstance(node, Bracket):
        return all(not isinstance(item, Promote) or len(item.choices) <= 1 for item in node.items)
    return False


def optional(g: KindWriter, node: Repeat, env: Env, ind: int, k: Cont) -> None:
    """A possessive repetition of at most one pass with one way through (``(…)?+``): the pass
    is taken when it can succeed and change something, else the repetition is left at once."""
    leave = g.materialise(k, env, ind)
    g.spend(ind)
    took, start = g.fresh("tk"), g.fresh("w")
    g.emit(ind, f"{took} = [False]; {start} = w")
    first = len(g.lines)

    def after_pass(e: Env, j: int) -> None:
        g.emit(j, f"if {e['pg']} != {env['pg']}:")
        j += 1
        g.emit(j, f"{took}[0] = True")
        g.spend(j, f"w - {start}")  # the trial pass, as the runner counts it
        depth = g.fresh("dp")
        g.emit(j, f"{depth} = {e['dp']} + 1")
        g.emit(j, f"if {depth} > MAXDEPTH: raise ABORT('depth')")
        g.spend(j)  # the repetition's second look, which leaves
        leave(dict(e, dp=depth), j)
    g.node(node.body, env, ind, after_pass)
    took_now = plain_flag(g, took, first)
    if node.minimum == 0:
        g.emit(ind, f"if not {took_now}:")
        leave(env, ind + 1)


def plain_flag(g: KindWriter, took: str, first: int) -> str:
    """The flag ``took`` (a one-item list, set from the line ``first`` on) as a plain variable
    where no local function is written between (none can set it); how to read it now."""
    lines = g.lines
    if any(line.lstrip().startswith("def ") for line in lines[first:]):
        return f"{took}[0]"
    lines[first - 1] = lines[first - 1].replace(f"{took} = [False]", f"{took} = False")
    for index in range(first, len(lines)):
        lines[index] = lines[index].replace(f"{took}[0] = True", f"{took} = True").replace(f"{took}[0]", took)
    return took


def repeat(g: KindWriter, node: Repeat, env: Env, ind: int, k: Cont) -> None:
    lo, hi = node.minimum, node.maximum
    if node.possessive and hi == 1 and lo <= 1 and single_way(g, node.body):
        optional(g, node, env, ind, k)
        return
    leave = g.materialise(k, env, ind)
    name = g.fresh("rep")
    names, inner = g.params_env(env)
    params = ", ".join(names)
    count, mark = g.fresh("n"), g.fresh("mk")
    g.emit(ind, f"def {name}({params}, {count}, {mark}):")
    i = ind + 1
    g.entry(i)
    g.spend(i)
    more = "True" if hi is None else f"{count} < {hi}"

    def next_pass(e: Env, j: int) -> None:
        depth = g.fresh("dp")
        g.emit(j, f"{depth} = {e['dp']} + 1")
        g.emit(j, f"if {depth} > MAXDEPTH: raise ABORT('depth')")
        g.emit(j, f"{name}({g.args(dict(e, dp=depth))}, {count} + 1, {e['pg']})")

    if not node.possessive:
        if lo == 0:
            leave(inner, i)
        else:
            g.emit(i, f"if {count} >= {lo}:")
            leave(inner, i + 1)

        def after_body(e: Env, j: int) -> None:
            # A pass that changed nothing would change nothing again: leave, as regex engines do.
            g.emit(j, f"if {e['pg']} == {mark}:")
            leave(e, j + 1)
            g.emit(j, "else:")
            next_pass(e, j + 1)
        if hi is not None:
            g.emit(i, f"if {more}:")
            i += 1
        g.node(node.body, inner, i, after_body)
        g.emit(i, "pass")
    elif single_way(g, node.body) or always_steps(node.body):
        # One way through: the trial pass and the pass are the same steps, so the pass is taken;
        # when it succeeds and changes something, the trial's work is counted again, as the
        # runner spends it; otherwise the repetition leaves from where the pass began.
        # Every way through the body takes a step: every way that reaches its end changes
        # something, so the trial pass would answer yes exactly when the pass finds a way. The
        # pass is taken at once, and the trial's work (up to its first success, where it stops)
        # is counted at the first way found; no way found, the pass was the trial, and the
        # repetition leaves.
        single = single_way(g, node.body)
        took, start = g.fresh("tk"), g.fresh("w")
        g.emit(i, f"{took} = [False]")
        first = len(g.lines)
        j = i
        if hi is not None:
            g.emit(i, f"if {more}:")
            j += 1
        g.emit(j, f"{start} = w")

        def after_pass(e: Env, j: int) -> None:
            g.emit(j, f"if {e['pg']} != {mark}:" if single else f"if not {took}[0]:")
            g.emit(j + 1, f"{took}[0] = True")
            g.spend(j + 1, f"w - {start}")
            next_pass(e, j + 1 if single else j)
        g.node(node.body, inner, j, after_pass)
        g.emit(j, "pass")
        took_now = plain_flag(g, took, first)
        g.emit(i, f"if not {took_now}{'' if lo == 0 else f' and {count} >= {lo}'}:")
        leave(inner, i + 1)
    else:
        probe = trial(g, node, inner, ind + 1)

        def after_real(e: Env, j: int) -> None:
            g.emit(j, f"if {e['pg']} == {mark}:")
            leave(e, j + 1)
            g.emit(j, "else:")
            next_pass(e, j + 1)
        g.emit(i, f"if {more} and {probe}({g.args(inner)}):")
        g.node(node.body, inner, i + 1, after_real)
        g.emit(i + 1, "pass")
        if lo == 0:
            g.emit(i, "else:")
        else:
            g.emit(i, f"elif {count} >= {lo}:")
        leave(inner, i + 1)
    g.emit(ind, f"{name}({g.args(env)}, 0, {env['pg']})")
    # A recursive local function holds itself through its closure: let go of it, so that it is
    # freed at once rather than left to the cycle collector.
    g.emit(ind, f"{name} = None")


def trial(g: KindWriter, node: Repeat, env: Env, ind: int) -> str:
    """A local function answering whether a pass of ``node``'s body can succeed and change
    something, leaving the board, the hand and the lists as they were."""
    name = g.fresh("trial")
    names, inner = g.params_env(env)
    params = ", ".join(names)
    g.emit(ind, f"def {name}({params}):")
    i = ind + 1
    g.entry(i)
    g.emit(i, "snap = cells[:]; held = hand[:]; lens = (len(caps), len(stops), len(visited), len(also))")
    g.emit(i, "try:")

    def succeeded(e: Env, j: int) -> None:
        g.emit(j, f"if {e['pg']} != {inner['pg']}: raise PROBEOK")
    g.node(node.body, inner, i + 1, succeeded)
    g.emit(i + 1, "return False")
    g.emit(i, "except PROBEOK:")
    g.emit(i + 1, "cells[:] = snap; hand[:] = held")
    g.emit(i + 1, "del caps[lens[0]:]; del stops[lens[1]:]; del visited[lens[2]:]; del also[lens[3]:]")
    g.emit(i + 1, "return True")
    return name
