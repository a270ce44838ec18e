"""Repetitions in the source of the compiled fast path (a part of
:class:`~dagaz_studio.engine.code_writer.CodeGenerator`): a greedy repetition as a small recursive
function or a loop, a possessive one as a loop that may stop only where one more pass fails."""

from __future__ import annotations

from typing import Any

from dagaz_studio.engine.code_writer import CodeWriter
from dagaz_studio.engine.emitter import Cont, Env, Unsupported
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Check,
    Continue,
    DirectionCheck,
    Group,
    GroupStep,
    Lift,
    Navigate,
    Put,
    Repeat,
    Sequence,
    Step,
    TypeCheck,
    ZoneCheck,
    walk,
)


class RepeatWriter(CodeWriter):
    """Writes repetitions (:meth:`repeat`) for :class:`~dagaz_studio.engine.code_writer.CodeGenerator`."""

    def repeat(self, node: Repeat, env: Env, ind: int, k: Cont) -> None:
        if node.possessive:
            if not self.single_way(node.body) or any(isinstance(n, (Lift, Put, Continue, Repeat))
                                                      for n in walk(node.body)):
                raise Unsupported("possessive repetitions of this shape")
            self.repeat_loop(node, env, ind, k)
            return
        if self.single_way(node.body):
            self.repeat_loop(node, env, ind, k)
            return
        lo, hi = node.minimum, node.maximum
        leave = self.materialise(k, env, ind)
        name = self.fresh("rep")
        params = [self.fresh("a") for _ in self.live]
        count, mark = self.fresh("n"), self.fresh("mk")
        self.emit(ind, f"def {name}({', '.join(params)}, {count}, {mark}):")
        inner = dict(env, **dict(zip(self.live, params)))
        body_ind = ind + 1
        self.spend(body_ind)
        if lo == 0:
            leave(inner, body_ind)
        else:
            self.emit(body_ind, f"if {count} >= {lo}:")
            leave(inner, body_ind + 1)
        if hi is not None:
            self.emit(body_ind, f"if {count} >= {hi}: return")

        def after_body(e: Env, i: int) -> None:
            # A pass that changed nothing would change nothing again: leave, as regex engines do.
            if self.need_pg:
                self.emit(i, f"if {e['pg']} == {mark}:")
                leave(e, i + 1)
                self.emit(i, "else:")
                i += 1
            depth = self.fresh("dp")
            self.emit(i, f"{depth} = {e['dp']} + 1")
            self.emit(i, f"if {depth} > MAXDEPTH: raise Abort('depth')")
            self.emit(i, f"{name}({self.args(dict(e, dp=depth))}, {count} + 1, {e['pg']})")
        self.node(node.body, inner, body_ind, after_body)
        # The function refers to itself: let go of it once done, so that it is freed at once rather
        # than left in a cycle for the collector (a run makes one at every pass of what encloses it).
        self.emit(ind, "try:")
        self.emit(ind + 1, f"{name}({self.args(env)}, 0, {env['pg']})")
        self.emit(ind, "finally:")
        self.emit(ind + 1, f"{name} = None")

    def single_way(self, node: Any) -> bool:
        """Whether there is at most one way through ``node``: then a repetition of it is a loop."""
        if isinstance(node, Step):
            return len(self.directions(node.keys)) <= 1
        if isinstance(node, GroupStep):
            return True
        if isinstance(node, Group):
            return self.single_way(node.body)
        if isinstance(node, Sequence):
            return all(self.single_way(item) for item in node.items)
        if isinstance(node, Alternatives):
            return len(node.options) == 1 and self.single_way(node.options[0])
        if isinstance(node, (Bracket, Navigate)):
            return all(self.single_way(item) for item in node.items)
        return isinstance(node, (Check, TypeCheck, ZoneCheck, DirectionCheck))

    def repeat_loop(self, node: Repeat, env: Env, ind: int, k: Cont) -> None:
        """A repetition of a body with one way through, as a loop: each pass first tries to leave
        (the rest of the notation runs from there), then takes the body once more, in the order the
        recursion would."""
        if node.possessive:
            self.possessive_loop(node, env, ind, k)
            return
        lo, hi = node.minimum, node.maximum
        leave = self.materialise(k, env, ind)
        state = [self.fresh("v") for _ in self.live]
        count, mark = self.fresh("n"), self.fresh("mk")
        self.emit(ind, f"{', '.join(state)}, = {self.args(env)},")
        self.emit(ind, f"{count} = 0")
        if self.need_pg:
            self.emit(ind, f"{mark} = {env['pg']}")
        self.emit(ind, "while True:")
        inner = dict(env, **dict(zip(self.live, state)))
        i = ind + 1
        self.spend(i)
        if lo == 0:
            leave(inner, i)
        else:
            self.emit(i, f"if {count} >= {lo}:")
            leave(inner, i + 1)
        if hi is not None:
            self.emit(i, f"if {count} >= {hi}: break")

        def after_body(e: Env, j: int) -> None:
            if self.need_pg:
                # A pass that changed nothing would change nothing again: leave, as regex engines do.
                self.emit(j, f"if {e['pg']} == {mark}:")
                leave(e, j + 1)
                self.emit(j + 1, "break")
            self.next_pass(state, count, mark, e, j)
        self.node(node.body, inner, i, after_body)
        self.emit(i, "break")
        self.put_back_captures(node, count, ind)

    def next_pass(self, state: list[str], count: str, mark: str, e: Env, j: int) -> None:
        """The end of a pass of a repetition loop: its state becomes the loop's, and round again."""
        depth = self.fresh("dp")
        self.emit(j, f"{depth} = {e['dp']} + 1")
        self.emit(j, f"if {depth} > MAXDEPTH: raise Abort('depth')")
        self.emit(j, f"{', '.join(state)}, = {self.args(dict(e, dp=depth))},")
        self.emit(j, f"{count} += 1")
        if self.need_pg:
            self.emit(j, f"{mark} = {e['pg']}")
        self.emit(j, "continue")

    def put_back_captures(self, node: Repeat, count: str, ind: int) -> None:
        captured = sum(1 for n in walk(node.body) if isinstance(n, Check) and n.letter == "x")
        if captured:
            # Each pass taken left its captures in place for what followed: put them back.
            self.emit(ind, f"for _ in range({count} * {captured}):")
            self.emit(ind + 1, "cells[caps.pop()] = capq.pop()")

    def possessive_loop(self, node: Repeat, env: Env, ind: int, k: Cont) -> None:
        """A possessive repetition of a body with one way through: a pass that can succeed (and
        change something) must be taken; the repetition leaves only where no further pass can.

        The runner first tries each pass on trial, puts back what it did, then takes it. With one
        way through, the trial and the pass are the same steps, so here the pass is simply taken:
        when it succeeds, the work the trial would have done is counted again, so that a run
        spends exactly what the runner spends; when it fails (or changes nothing), the trial would
        have failed after the same work, and the repetition leaves from where the pass began."""
        lo, hi = node.minimum, node.maximum
        leave = self.materialise(k, env, ind)
        state = [self.fresh("v") for _ in self.live]
        count, mark, start = self.fresh("n"), self.fresh("mk"), self.fresh("w")
        self.emit(ind, f"{', '.join(state)}, = {self.args(env)},")
        self.emit(ind, f"{count} = 0")
        self.emit(ind, f"{mark} = {env['pg']}")
        self.emit(ind, "while True:")
        inner = dict(env, **dict(zip(self.live, state)))
        i = ind + 1
        self.spend(i)
        body = i
        if hi is not None:
            self.emit(i, f"if {count} < {hi}:")
            body += 1
        self.emit(body, f"{start} = W[0]")

        def after_body(e: Env, j: int) -> None:
            # A pass that changed nothing fails its trial: the code after the pass leaves.
            self.emit(j, f"if {e['pg']} != {mark}:")
            j += 1
            self.emit(j, f"W[0] += W[0] - {start}")  # the trial pass, as the runner counts it
            self.emit(j, "if W[0] >= W[1]: POLL(W)")
            self.next_pass(state, count, mark, e, j)
        self.node(node.body, inner, body, after_body)
        if lo == 0:
            leave(inner, i)
        else:
            self.emit(i, f"if {count} >= {lo}:")
            leave(inner, i + 1)
        self.emit(i, "break")
        self.put_back_captures(node, count, ind)
