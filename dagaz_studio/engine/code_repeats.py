"""Repetitions in compiled code, for every board kind: the layer of the code writer
(:class:`RepeatWriter`, over :class:`~dagaz_studio.engine.code_writer.CodeWriter`) that writes them.

A greedy repetition is a small recursive local function; where its body has one way through and
what a pass changes can be put back by counting (a back-end that says :attr:`RepeatWriter.loops`),
a loop. A possessive repetition asks, as the runner does, whether another pass can succeed: a body
with one way through simply takes the pass (the trial and the pass are the same steps) — as a loop
where loops are written —, a body whose every way steps takes the pass too, and any other is first
tried by a copy of its code (:meth:`RepeatWriter.trial`) that stops at the first success and puts
back what the back-end keeps of its state (:meth:`RepeatWriter.trial_state`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dagaz_studio.engine.code_items import ACTIONS
from dagaz_studio.engine.code_writer import CodeWriter, survey
from dagaz_studio.engine.emitter import APART, Cont, Env
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    Check,
    DirectionCheck,
    Group,
    GroupStep,
    Navigate,
    NavStep,
    Repeat,
    Sequence,
    Step,
    TypeCheck,
    ZoneCheck,
)
from dagaz_studio.notation.shape import captures_in

#: What a loop's pass may hold: nothing it would have to put back but captures, counted.
_LOOPABLE = {Sequence, Alternatives, Group, Step, GroupStep, Bracket, Navigate, NavStep, Check, TypeCheck,
             ZoneCheck, DirectionCheck}


class RepeatWriter(CodeWriter):
    """Writes repetitions (:meth:`visit_repeat`)."""

    #: Whether a repetition of a body with one way through is written as a loop (the back-end puts
    #: back a pass's captures by count: :meth:`put_back_captures`).
    loops = False
    #: The expression of the work spent so far, as the code reads it.
    work = "W[0]"
    #: Whether a recursive repetition is let go of when an exception unwinds it too (an attack
    #: question's answer does, often).
    guarded = True

    # ---------------------------------------------------------------- hooks of a back-end

    def put_back_captures(self, count: str, captured: int, ind: int) -> None:
        """After a loop: the captures of its ``count`` passes, ``captured`` each, put back."""
        raise NotImplementedError

    def trial_lists(self) -> list[str]:
        """The lists of the run a trial pass may add to: only those the notation can change."""
        raise NotImplementedError

    def trial_state(self) -> tuple[str, list[str]]:
        """The statement that keeps what a trial pass may change (the board, the hand where it is
        kept, :attr:`rich`, and the lengths of :meth:`trial_lists`), and those that put it back."""
        lists = self.trial_lists()
        hand = "; held = hand[:]" if self.rich else ""
        keep = f"snap = cells[:]{hand}" + "".join(f"; n{name} = len({name})" for name in lists)
        return keep, [f"cells[:] = snap{hand and '; hand[:] = held'}", *(f"del {name}[n{name}:]" for name in lists)]

    # ---------------------------------------------------------------- the shapes of a body

    def loopable(self, node: Any) -> bool:
        """Whether a repetition of ``node`` is written as a loop: one way through, changing nothing
        but the cursor and the captures."""
        found = survey(node)
        return self.loops and found.kinds <= _LOOPABLE and not found.letters & ACTIONS.keys() \
            and self.single_way(node)

    # ---------------------------------------------------------------- repetitions

    def visit_repeat(self, node: Repeat, env: Env, ind: int, k: Cont) -> None:
        if self.loopable(node.body):
            self.loop(node, env, ind, k)
            return
        if self.shortcuts and node.possessive and node.maximum == 1 and node.minimum <= 1 and self.single_way(node.body):
            self.optional(node, env, ind, k)
            return
        self.recursion(node, env, ind, k)

    def leave_from(self, lo: int, count: str, leave: Cont, inner: Env, i: int) -> None:
        """The repetition left from here (``leave``) once it has made its ``lo`` passes."""
        if lo:
            self.emit(i, f"if {count} >= {lo}:")
        leave(inner, i + 1 if lo else i)

    def next_depth(self, e: Env, j: int) -> str:
        """The repetition depth one more than in ``e``, stopping the run past :data:`MAXDEPTH`."""
        depth = self.fresh("dp")
        self.emit(j, f"{depth} = {e['dp']} + 1")
        self.emit(j, f"if {depth} > MAXDEPTH: raise Abort('depth')")
        return depth

    def recursion(self, node: Repeat, env: Env, ind: int, k: Cont) -> None:
        """A repetition as a recursive local function: each pass first tries to leave (the rest of
        the notation runs from there), then takes the body once more; a possessive one leaves only
        where no further pass can succeed."""
        leave = self.materialise(k, env, ind)
        name = self.fresh("rep")
        params, inner = self.params_env(env)
        count = self.fresh("n")
        # Each call is given the progress at its pass's start, the mark that pass is measured
        # from: where the progress is passed along, it is that mark.
        mark = inner["pg"] if "pg" in self.live else self.fresh("mk")
        marked = "" if mark == inner["pg"] else f", {mark}"

        def next_pass(e: Env, j: int) -> None:
            depth = self.next_depth(e, j)
            self.emit(j, f"{name}({self.args(dict(e, dp=depth))}, {count} + 1{marked and ', ' + e['pg']})")

        def body(i: int) -> None:
            self.spend(i)
            self.one_pass(node, inner, i, count, mark, leave, next_pass, "return")
        self.local_function(ind, f"{name}({', '.join(params)}, {count}{marked})", body)
        # The function refers to itself: let go of it once done, so that it is freed at once rather
        # than left in a cycle for the collector (a run makes one at every pass of what encloses it),
        # even when an answer found unwinds the run (:attr:`guarded`).
        call = f"{name}({self.args(env)}, 0{marked and ', ' + env['pg']})"
        if self.guarded:
            self.emit(ind, "try:")
            self.emit(ind + 1, call)
            self.emit(ind, "finally:")
            self.emit(ind + 1, f"{name} = None")
        else:
            self.emit(ind, call)
            self.emit(ind, f"{name} = None")

    def one_pass(self, node: Repeat, inner: Env, i: int, count: str, mark: str, leave: Cont, next_pass: Cont,
                 stop: str) -> None:
        """A pass of a repetition, written in its recursive function or its loop (``stop``: the
        statement that leaves that, ``return`` or ``break``), from the run state ``inner``, after
        ``count`` passes, the progress ``mark`` at its start: the repetition left (``leave``) or
        the next pass taken (``next_pass``).

        A greedy pass first tries to leave (the rest of the notation runs from there), then takes
        the body once more; a possessive one leaves only where no further pass can succeed."""
        lo, hi = node.minimum, node.maximum

        def after_body(e: Env, j: int) -> None:
            # A way through the pass that changed nothing would change nothing again: it leaves, as
            # regex engines do.
            if self.need_pg and not self.advanced(e["pg"], mark):
                self.emit(j, f"if {e['pg']} == {mark}:")
                leave(e, j + 1)
                self.emit(j, "else:")
                j += 1
            next_pass(e, j)
        if not node.possessive:
            def leaving(e: Env, j: int) -> None:
                self.traced(j, e, "leaving", node.quantifier_span, count)
                leave(e, j)
            self.leave_from(lo, count, leaving, inner, i)
            if hi is not None:
                self.emit(i, f"if {count} >= {hi}: {stop}")
            self.traced(i, inner, "another_pass", node.quantifier_span, count)
            self.node(node.body, inner, i, after_body)
            return
        if stop == "break" or not self.tried(node):
            self.taken_pass(node, inner, i, count, mark, leave, next_pass, stop == "break")
            return
        more = "True" if hi is None else f"{count} < {hi}"
        write = self.pass_writer(node.body, inner)
        probe = self.trial(write, inner, i)
        self.emit(i, f"if {more} and {probe}({self.args(inner)}):")
        self.traced(i + 1, inner, "must_pass", node.quantifier_span, count)
        write(inner, i + 1, after_body)
        if lo == 0:
            self.emit(i, "else:")
        else:
            self.emit(i, f"elif {count} >= {lo}:")
        self.traced(i + 1, inner, "cannot_pass", node.quantifier_span, count, repr(hi))
        leave(inner, i + 1)

    def taken_pass(self, node: Repeat, inner: Env, i: int, count: str, mark: str, leave: Cont,
                   next_pass: Cont, looping: bool = False) -> None:
        """A possessive repetition's pass taken without its trial (``count``: the passes made, a
        number where it is known as the code is written), then ``next_pass``; else it leaves (in a
        loop, ``looping``, where a pass taken goes round again: the code after the pass).

        One way through: the trial pass and the pass are the same steps, so the pass is taken;
        when it succeeds and changes something, the trial's work is counted again, as the runner
        spends it; otherwise the repetition leaves from where the pass began. Every way through the
        body takes a step: every way that reaches its end changes something, so the trial pass
        would answer yes exactly when the pass finds a way. The pass is taken at once, and the
        trial's work (up to its first success, where it stops) is counted at the first way found;
        no way found, the pass was the trial, and the repetition leaves."""
        lo, hi = node.minimum, node.maximum
        single = self.single_way(node.body)
        took, start = "" if looping else self.fresh("tk"), self.fresh("w")
        known_count = count.isdigit()
        if not looping:
            self.emit(i, f"{took} = [False]" + (f"; {start} = {self.work}" if known_count else ""))
        first = len(self.lines)
        j = i
        if not known_count:
            if hi is not None:
                self.emit(i, f"if {count} < {hi}:")
                j += 1
            self.emit(j, f"{start} = {self.work}")

        def after_pass(e: Env, j: int) -> None:
            # A pass whose every way acts or steps has changed something: no need to ask.
            known = single and self.advanced(e["pg"], mark)
            if not known:
                self.emit(j, f"if {e['pg']} != {mark}:" if single else f"if not {took}[0]:")
            k = j if known else j + 1
            if not looping:
                self.emit(k, f"{took}[0] = True")
            self.spend(k, f"{self.work} - {start}")  # the trial pass, as the runner counts it
            next_pass(e, k if single else j)
        self.node(node.body, inner, j, after_pass)
        if looping:
            self.leave_from(lo, count, leave, inner, i)
            return
        took_now = self.plain_flag(took, first)
        if not known_count:
            self.emit(i, f"if not {took_now}{'' if lo == 0 else f' and {count} >= {lo}'}:")
        elif int(count) >= lo:
            self.emit(i, f"if not {took_now}:")
        else:
            return
        leave(inner, i + 1)

    def optional(self, node: Repeat, env: Env, ind: int, k: Cont) -> None:
        """A possessive repetition of at most one pass with one way through (``(…)?+``), written
        where it stands rather than as a function: the pass is taken when it can succeed and change
        something, else the repetition is left at once."""
        leave = self.materialise(k, env, ind)
        self.spend(ind)

        def next_pass(e: Env, j: int) -> None:
            depth = self.next_depth(e, j)
            self.spend(j)  # the repetition's second look, which leaves
            leave(dict(e, dp=depth), j)
        self.taken_pass(node, env, ind, "0", env["pg"], leave, next_pass)

    def plain_flag(self, took: str, first: int) -> str:
        """The flag ``took`` (a one-item list, set from the line ``first`` on) as a plain variable
        where no local function is written between (none can set it); how to read it now."""
        lines = self.lines
        if any(line.lstrip().startswith(("def ", APART)) for line in lines[first:]):
            return f"{took}[0]"
        lines[first - 1] = lines[first - 1].replace(f"{took} = [False]", f"{took} = False")
        for index in range(first, len(lines)):
            lines[index] = lines[index].replace(f"{took}[0] = True", f"{took} = True").replace(f"{took}[0]", took)
        return took

    def trial(self, write: Callable[[Env, int, Cont], None], env: Env, ind: int) -> str:
        """A local function answering whether a pass of a repetition's body can succeed and change
        something, leaving the board, the hand and the lists as they were; the pass is written by
        ``write``, as the pass taken after it is (:meth:`pass_writer`)."""
        name = self.fresh("trial")
        params, inner = self.params_env(env)

        def body(i: int) -> None:
            keep, restore = self.trial_state()
            self.emit(i, keep)
            self.emit(i, "try:")
            write(inner, i + 1, lambda e, j: self.emit(j, f"if {e['pg']} != {inner['pg']}: raise Passed"))
            self.emit(i + 1, "return False")
            self.emit(i, "except Passed:")
            for line in restore:
                self.emit(i + 1, line)
            self.emit(i + 1, "return True")
        self.local_function(ind, f"{name}({', '.join(params)})", body)
        return name

    # ---------------------------------------------------------------- loops

    def loop(self, node: Repeat, env: Env, ind: int, k: Cont) -> None:
        """A repetition of a body with one way through, as a loop: its passes as the recursion's
        (:meth:`one_pass`), a pass taken going round again rather than calling the function again.
        A possessive pass is taken without its trial (:meth:`taken_pass`): with one way through,
        the trial and the pass are the same steps."""
        leave = self.materialise(k, env, ind)
        # The loop's state, its pass count and the progress at its last pass (kept where it is
        # read, as a possessive repetition's always is).
        state = [self.fresh("v") for _ in self.live]
        count, mark = self.fresh("n"), self.fresh("mk")

        def set_state(e: Env, j: int, counted: str) -> None:
            self.emit(j, f"{', '.join(state)}, = {self.args(e)},")
            self.emit(j, f"{count} {counted}")
            if self.need_pg:
                self.emit(j, f"{mark} = {e['pg']}")
        set_state(env, ind, "= 0")
        self.emit(ind, "while True:")
        self.spend(ind + 1)

        def next_pass(e: Env, j: int) -> None:
            # The pass's state becomes the loop's, and round again.
            set_state(dict(e, dp=self.next_depth(e, j)), j, "+= 1")
            self.emit(j, "continue")
        self.one_pass(node, dict(env, **dict(zip(self.live, state))), ind + 1, count, mark, leave, next_pass, "break")
        self.emit(ind + 1, "break")
        captured = captures_in(node.body)
        if captured:
            # Each pass taken left its captures in place for what followed: put them back.
            self.put_back_captures(count, captured, ind)
