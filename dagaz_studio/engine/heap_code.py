"""The heap boards' back-end of the code writer (``kind: heap``): a heap lifted whole, sown one seed
at a time, put down all at once, taken whole; and sowing written over a table of the squares it sows.

A possessive repetition of steps that read nothing of the board and one put, ``(E([b]E)?+|)++``,
goes on exactly while seeds are left in hand, and the squares it puts them on depend only on the
square it starts from, the number of seeds in hand (and, where a step asks ``[b]``, the square the
move began on). :class:`HeapWriter` writes such a repetition as one loop over those squares,
worked out once by running the steps' own code (a function written apart) and kept by what they
depend on: a pass costs a lookup and a put rather than a call of a recursive function. The work
counted, the depth reached, the progress and the state the rest of the notation reads are those of
the repetition written pass by pass (:meth:`~dagaz_studio.engine.code_repeats.RepeatWriter.recursion`,
whose possessive pass with one way through takes the pass at once and counts its work twice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dagaz_studio.engine.code_writer import FIN, survey
from dagaz_studio.engine.emitter import Cont, Env, ItemCont
from dagaz_studio.engine.kind_code import KindWriter
from dagaz_studio.notation.nodes import Bracket, Check, Group, Put, Repeat, Sequence, Step, ZoneCheck, steps_before_put
from dagaz_studio.notation.shape import always_steps

if TYPE_CHECKING:
    from dagaz_studio.notation.nodes import CountCheck

#: What the steps of a pass may hold: nothing that reads what stands on a square.
_STATIC = {Sequence, Group, Step, Repeat, Bracket, Check, ZoneCheck}
#: The most squares of a zone asked one by one, as written, whether they hold anything.
UNROLLED = 12
#: The most paths kept by one notation's code before they are let go of.
MAX_PATHS = 100_000


class HeapWriter(KindWriter):
    """Heaps (``kind: heap``): a heap lifted whole, each of its pieces one in hand, sown one seed at a
    time, put down all at once at the end, and taken whole by a capture."""

    mover_stays = True

    def take_mover(self, ind: int) -> None:
        self.emit(ind, "if type(q0_) is not HEAP: return")
        # The seeds a heap puts in hand, kept by its counts and square: looked up without a call.
        self.emit(ind, "held_ = HPUSHED.get((q0_[3], origin_))")
        self.emit(ind, "if held_ is None: HPUSH(hand, q0_, origin_)")
        self.emit(ind, "else: hand.extend(held_)")

    def fin_put(self, ind: int) -> None:
        e = self.emit
        e(ind, "if c not in touched: touched[c] = q")
        e(ind, f"cells[c] = {self.made('c', f'HADDALL(q, hand, {len(self.rules.board.pieces)})')}; held = hand[:]; "
               "hand.clear()")
        self.traced(ind, FIN, "all_sown", "sp", "len(held)", "c")
        self.reached(ind, "c")
        e(ind, "cells[c] = q; hand[:] = held")

    def lift_lines(self, c: str, q: str) -> tuple[str, str, str]:
        size = self.fresh("n")
        return f"type({q}) is HEAP", f"cells[{c}] = None; {size} = HPUSH(hand, {q}, {c})", \
            f"del hand[len(hand) - {size}:]; cells[{c}] = {q}"

    def put_down(self, env: Env, ind: int, c: str, pp: str, po: str, old: str) -> tuple[Env, list[str]]:
        # One seed sown: the heap there gains a piece of its kind.
        self.emit(ind, f"if {c} not in touched: touched[{c}] = {old}")
        self.emit(ind, f"cells[{c}] = {self.made(c, f'HADD[{self.sown_kind(pp)}][{old}]')}")
        return {"ms": c}, []

    def made(self, c: str, heap: str) -> str:
        """The heap ``heap`` makes, as square ``c`` then holds it."""
        return heap

    def sown_kind(self, pp: str) -> str:
        """The kind of the piece put for ``pp`` in hand (one sown)."""
        return f"{pp}[1]"

    def capture_lines(self, q: str, square: str) -> tuple[str, list[str], str]:
        return f"{q} is not None", [f"cells[{square}] = None; caps.append({square})"], \
            f"caps.pop(); cells[{square}] = {q}"

    def type_test(self, q: str, kind: int) -> str:
        return f"(({q}.counts[{kind}] > 0) if type({q}) is HEAP else ({q} is not None and {q}[1] == {kind}))"

    def visit_count_check(self, item: CountCheck, env: Env, ind: int, square: str, k: ItemCont) -> None:
        # A square holds a heap of at least one piece or nothing (``None``), never an empty heap: a
        # zone's first square not ``None`` answers ``[=1-@zone]``, each square asked as written.
        zone = self.rules.board.zones.get(item.zone or "")
        squares = sorted(zone.squares_for(self.player_name)) if zone is not None else []
        if self.shortcuts and item.piece is None and item.minimum == 1 and item.maximum is None \
                and 0 < len(squares) <= UNROLLED:
            self.emit(ind, f"if {' or '.join(f'cells[{s}] is not None' for s in squares)}:")
            k(env, ind + 1, square)
        else:
            super().visit_count_check(item, env, ind, square, k)

    def sowing_steps(self, node: Repeat) -> Sequence | None:
        """The steps of a pass of ``node`` when it is a sowing repetition that a table can write: a
        possessive repetition without a most of one way through steps that read nothing of the
        board (every way taking one; repetitions in them at most once) and a put; ``None`` else."""
        # A table is a shortcut: a traced run says each seed put.
        if not (self.shortcuts and node.possessive and node.maximum is None) \
                or "sn" in self.live:
            return None
        steps = steps_before_put(node.body)
        if steps is None:
            return None
        found = survey(node.body)
        if found.kinds - {Put} - _STATIC or found.letters - {"b", "B"} or found.groups_read \
                or any(f"g{group.index}" in self.live for group in found.groups) \
                or any(not repeat.possessive or repeat.maximum != 1 for repeat in found.repeats if repeat is not node):
            return None
        if not always_steps(steps) or not self.single_way(node.body):
            return None
        return steps

    def visit_repeat(self, node: Repeat, env: Env, ind: int, k: Cont) -> None:
        steps = self.sowing_steps(node)
        if steps is None or not self.sow(node, steps, env, ind, k):
            super().visit_repeat(node, env, ind, k)

    def steps_apart(self, steps: Sequence, env: Env) -> tuple[str, list[str]] | None:
        """The function of the square a pass starts from and the depth, written apart, that takes
        the pass's ``steps`` (their own code) and answers where they end, their direction, the
        progress and depth there, and the work spent (the square ``None`` where they fail); its name
        and lines, or ``None`` where its code would need functions of its own."""
        name, square, depth = self.fresh("sf"), self.fresh("a"), self.fresh("a")
        with self.aside() as lines:
            self.emit(1, f"def {name}({square}, {depth}):")
            self.emit(2, "w = 0")
            inner = dict(env, c=square, d="None", md="None", pg="0", dp=depth)
            self.node(steps, inner, 2, lambda e, i: self.emit(
                i, f"return ({e['c']}, {e['d']}, {e['md']}, {e['pg']}, {e['dp']}, w)"))
            self.emit(2, "return (None, None, None, 0, 0, w)")
        if any(line.lstrip().startswith("def ") for line in lines[1:]):
            return None
        return name, lines

    def sow(self, node: Repeat, steps: Sequence, env: Env, ind: int, k: Cont) -> bool:
        """The repetition ``node`` as a loop over the squares it sows; ``False`` where it cannot be."""
        e = self.emit
        measuring = self.measuring is not None
        step, path, paths = "sf", "sw", "SWM"
        if not measuring:
            apart = self.steps_apart(steps, env)
            if apart is None:
                return False
            step, lines = apart
            path, paths = self.fresh("sw"), self.fresh("swm")
            pg_step = 1 if self.need_pg else 0
            # The passes from a square with ``h`` seeds in hand, as the recursion takes them: each
            # spends one, the steps, one for the put, and the steps and the put again (the trial
            # pass's work); the last, whose steps fail or find the hand empty, spends one and the
            # steps. The depth is the recursion's, past which the run stops.
            lines += [f"    {paths} = {{}}",
                      f"    def {path}(c, dp, h, key):",
                      "        sq = []; w = 0; pg = 0; d = md = None",
                      "        while True:",
                      "            w += 1",
                      f"            r = {step}(c, dp)",
                      "            if r[0] is None or len(sq) == h:",
                      "                w += r[5]",
                      "                break",
                      "            w += 2 * r[5] + 2",
                      f"            c, d, md, pg, dp = r[0], r[1], r[2], pg + r[3] + {pg_step}, r[4] + 1",
                      "            if dp > MAXDEPTH: raise Abort('depth')",
                      "            sq.append(c)",
                      f"        if len({paths}) > {MAX_PATHS}: {paths}.clear()",
                      f"        found = {paths}[key] = (tuple(sq), c, d, md, pg, dp, w)",
                      "        return found"]
            self.factory_lines.extend(lines)
        lo = node.minimum
        leave = self.materialise(k, env, ind) if lo == 0 else k
        c0, dp0 = env["c"], env["dp"]
        begun = bool(survey(steps).letters & {"b", "B"})
        key, found, sown, held, olds, square, pair, old = (self.fresh(stem) for stem in (
            "ky", "pt", "sq", "hs", "ol", "s", "hp", "o"))
        after = {field: self.fresh(field) for field in ("c", "d", "md", "pg", "dp", "w")}
        e(ind, "if w >= W[1]: W[0] = w; POLL(W)")
        e(ind, f"{key} = ({c0}, {'origin, ' if begun else ''}len(hand), {dp0})")
        e(ind, f"{found} = {paths}.get({key}) or {path}({c0}, {dp0}, len(hand), {key})")
        e(ind, f"{sown}, {after['c']}, {after['d']}, {after['md']}, {after['pg']}, {after['dp']}, {after['w']} = {found}")
        e(ind, f"w += {after['w']}")
        e(ind, f"if len({sown}) >= {max(lo, 1)}:")
        i = ind + 1
        # The board as it was is put back at once, after (a copy of a list costs less than a loop).
        e(i, f"{held} = hand[-len({sown}):]; del hand[-len({sown}):]; {olds} = cells[:]")
        if len(self.rules.board.pieces) == 1:
            # One type of piece: every seed in hand is of it (the hand is not read).
            adder = self.fresh("ad")
            e(i, f"{adder} = HADD[0]")
            e(i, f"for {square} in {sown}:")
        else:
            e(i, f"for {square}, {pair} in zip({sown}, reversed({held})):")
            adder = f"HADD[{self.sown_kind(pair + '[0]')}]"
        e(i + 1, f"{old} = cells[{square}]")
        e(i + 1, f"if {square} not in touched: touched[{square}] = {old}")
        e(i + 1, f"cells[{square}] = {self.made(square, f'{adder}[{old}]')}")
        progress = env["pg"]
        if self.need_pg:
            progress = self.fresh("pg")
            e(i, f"{progress} = {env['pg']} + {after['pg']}")
        leave(dict(env, c=after["c"], d=after["d"], md=after["md"], ms=after["c"], pg=progress, dp=after["dp"]), i)
        e(i, f"cells[:] = {olds}; hand.extend({held})")
        if lo == 0:
            e(ind, "else:")
            leave(env, ind + 1)
        return True
