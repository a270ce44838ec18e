"""The lowest layer of the code writer: Python source written line by line within its limits, fresh
names, constants handed to the code, a step's letters as the board's direction indices, and a
continuation measured, then written where it is used or once as a local function.

The code writer (:mod:`dagaz_studio.engine.code_writer`) builds on :class:`Emitter`; the run state it
passes along is an :data:`Env`.
"""

from __future__ import annotations

import builtins
import re
import symtable
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from dagaz_studio.board.model import DIAGONAL, ORTHOGONAL
from dagaz_studio.notation.cancel import look
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import Notation, Span

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules

#: The letters that stand for several directions.
DIRECTION_SETS = {"+": ORTHOGONAL, "X": DIAGONAL, "*": ORTHOGONAL + DIAGONAL}
#: Python compiles at most about a hundred levels of indentation (and twenty nested loops in one
#: function); code is written apart well before either (:data:`APART_INDENT`), and this limit is
#: reached only inside a repetition's loop, whose body is small.
MAX_INDENT = 60
INDENT = "    "
#: Past this indentation, or this many blocks (loops, ``try``) open in one function, the code of the
#: next node and of all that follows it is written apart, as a function of its own at the level of
#: the function being written (:meth:`Emitter.apart_if_deep`), and called where it was to be: however deeply
#: a notation nests, its code stays within Python's limits (every shipped piece's code stays below both).
APART_INDENT = 36
APART_BLOCKS = 10
#: The names of functions written apart begin so.
APART = "hf"
#: A parameter's name (:meth:`Emitter.params_env`): numbered apart from every other name, it is found alone.
_PARAMETER = re.compile(r"a[0-9]+\b")

#: The run state at one point of the generated code: each field (the cursor ``c``, the last direction
#: ``d``, the step and progress counters ``sn`` and ``pg``, the promotion chosen ``pr``, the
#: repetition depth ``dp``, each group's recorded direction ``g0``, ``g1``…, whether the moving piece is
#: in hand ``mi``, where it stands ``ms`` and its last direction ``md``, where the partial move began
#: ``ps``, whether the same player moves again ``ag``) as a Python expression; a writer may keep a note
#: of its own beside them (the square a check read, a capture's landing step).
Env = dict[str, Any]
#: A continuation writes the code that follows, at an indentation, for a state.
Cont = Callable[[Env, int], None]
#: A bracket item's continuation also knows the square the items apply to.
ItemCont = Callable[[Env, int, str], None]

#: The most lines one function of a notation's code may have. The code grows in proportion to the
#: notation — a notation at the length limit writes at most some 20,000 lines a function (about 5 a
#: character at most) —, so no notation the parser takes comes near it.
MAX_LINES = 60_000
#: Lines written in all for one notation (its functions, the whole and its parts), including those
#: written only to measure a continuation for inlining: a bound on the time compiling may take, far
#: past any notation the parser takes.
MAX_WRITTEN = 400_000

#: How deeply Python's calls may nest, writing code and running it: the writer's continuation takes a
#: few calls per node (a notation at the length limit has some thousands one after another), a traced
#: run's code a few per part of the notation it goes through (its budget bounding how many).
RECURSION_LIMIT = 60_000

#: The name a notation's piece goes by where it has none (as the runner names it): an unlabelled
#: ``[o]`` labels its moves with it.
PIECE_NAME = "piece"

#: Lines written between two looks at the cancel flag of the run that asked for the code.
WRITE_LOOK_EVERY = 64

#: Nodes of the notation's tree looked over between two looks at that flag.
WALK_LOOK_EVERY = 1024


class Passed(Exception):
    """A trial pass of a possessive repetition succeeded (raised and caught by the written code,
    apart from an attack question's answer)."""


class CodeTooLarge(NotationError):
    """A notation whose code would pass the writer's limits (:data:`MAX_LINES`, :data:`MAX_WRITTEN`,
    :data:`MAX_INDENT`): refused, where it spans."""

    def __init__(self, notation: Notation, why: str) -> None:
        super().__init__(f"the notation's code would be {why} to compile", notation.text,
                         Span(0, len(notation.text)))


class TooLong(Exception):
    """A continuation being measured for writing out in place turned out longer than its limit."""


def deep_enough() -> None:
    """Raise Python's recursion limit to :data:`RECURSION_LIMIT` before code is written or a traced
    run runs (so how deep one goes does not depend on which runs the process made before)."""
    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)


def indented(indent: int, text: str) -> str:
    """``text`` as a line at ``indent`` levels."""
    return INDENT * indent + text


def indent_of(line: str) -> int:
    """The levels ``line`` is indented by."""
    return (len(line) - len(line.lstrip(" "))) // len(INDENT)


_BUILTINS = frozenset(dir(builtins))
#: The statements that open a block of their own (Python allows twenty nested in one function).
_BLOCKS = ("for ", "while ", "try:", "with ", "except", "finally:", "def ")
_NONLOCAL = re.compile(r"^\s*nonlocal (.*)$")


def free_names(params: list[str], body: list[str], indent: int) -> list[str]:
    """The names the function ``def f(params)`` with ``body`` (lines at ``indent``) reads but does
    not bind, but for Python's own, in order of first use: what its callers pass it. (Its
    ``nonlocal`` names are the enclosing function's own, bound there.)"""
    shift = len(INDENT) * (indent - 2)
    nonlocals = sorted({name.strip() for line in body if (declared := _NONLOCAL.match(line))
                        for name in declared.group(1).split(",")})
    text = "\n".join(["def o_():", f"{INDENT}{' = '.join([*nonlocals, '_']) } = None",
                       f"{INDENT}def f_({', '.join(params)}):",
                       *(line[shift:] if shift >= 0 else INDENT * -(indent - 2) + line for line in body)])
    table = symtable.symtable(text, "<written apart>", "exec").get_children()[0].get_children()[0]
    found = {symbol.get_name(): None for each in scopes(table) for symbol in each.get_symbols()
             if symbol.is_global() and symbol.is_referenced()}
    return [name for name in found if name not in _BUILTINS]


def scopes(table: symtable.SymbolTable) -> Iterator[symtable.SymbolTable]:
    """``table`` and every scope written inside it, at any depth."""
    tables = [table]
    while tables:
        each = tables.pop()
        yield each
        tables.extend(each.get_children())


class Emitter:
    """The source being written for one notation and player: its lines, the names given so far and
    the constants the code reads (handed to it in its namespace), with what every part of a writer
    asks of them: a line written (within the limits), a continuation measured, written once as a
    local function, and the progress counter moved on.

    What a board kind's code does differently is said by a back-end
    (:class:`~dagaz_studio.engine.default_code.CodeGenerator`,
    :class:`~dagaz_studio.engine.kind_code.KindWriter`), which overrides the hooks below."""

    #: The most lines a function of the source may have (:data:`MAX_LINES`).
    max_lines = MAX_LINES
    #: A continuation of at most this many lines is written out where it is used rather than made a
    #: local function: a call costs more than a few lines of straight code.
    inline_lines = 14

    def __init__(self, rules: CodeRules, notation: Notation, player: int, allowance: list[int] | None = None) -> None:
        deep_enough()
        self.rules = rules
        self.notation = notation
        self.player = player
        self.player_name = rules.board.players[player]
        self.lines: list[str] = []
        self.counter = 0
        self.constants: dict[str, Any] = {}
        self._by_value: dict[tuple[type, Any], list[str]] = {}  # the names of each constant, by its value
        #: The fields of the run state the code passes from function to function (the others are
        #: constants where they are read).
        self.live: list[str] = []
        #: Lines this notation may still write, measuring included (see :data:`MAX_WRITTEN`); a list
        #: shared by the writers of a notation's parts.
        self.allowance = [MAX_WRITTEN] if allowance is None else allowance
        #: While measuring a continuation for inlining: the most lines it may take.
        self.measuring: int | None = None
        #: The cancel flag of the run this code is written for, looked at now and then (or ``None``).
        self.cancel: Any = None
        #: Whether a repetition reads the progress counter (``pg``): else it is not counted.
        self.need_pg = True
        #: Each progress counter written, with the one it counts on from (:meth:`advanced`).
        self.pg_from: dict[str, str] = {}
        #: The name of the piece the code is written for (an unlabelled ``[o]`` reads it).
        self.piece_name = PIECE_NAME
        #: The blocks open where the next line is written: (indentation, the statement's first word).
        self.blocks: list[tuple[int, str]] = []
        #: The lines and index of the function written apart functions go before (a ``def`` at
        #: indentation 0 or 1), and how many were written.
        self.anchor: tuple[list[str], int] = ([""], 0)
        self.aparts = 0
        #: How deeply functions apart are being written (the anchor stays where it was meanwhile).
        self.apart_depth = 0

    # ---------------------------------------------------------------- hooks of a back-end

    def spend(self, indent: int, units: str = "1") -> None:
        """``units`` of work, counted where the runner counts them."""
        raise NotImplementedError

    def entry(self, indent: int) -> None:
        """The first lines of a local function the code calls (nothing by default)."""

    # The traced back-end (:mod:`~dagaz_studio.engine.trace_code`) records a trace event where the
    # writer calls these; every other back-end writes nothing for them.

    def traced(self, indent: int, env: Env, event: str, span: Any, *args: str) -> None:
        """The trace event ``event`` (a function of :mod:`~dagaz_studio.engine.trace_words`, given
        ``span`` and the expressions ``args``) recorded here."""

    def traced_else(self, indent: int, env: Env, event: str, span: Any, *args: str) -> None:
        """The same, recorded where the test just written at ``indent`` fails."""

    def traced_test(self, indent: int, env: Env, test: str, event: str, span: Any, *args: str) -> str:
        """A check's ``test``, recorded with whether it held: the expression to test then."""
        return test

    def letter(self, direction: str) -> str:
        """The letter of the direction numbered ``direction`` (an expression), as an event names it."""
        return "None"

    def leave_if(self, indent: int, env: Env, test: str, leave: str, event: str, span: Any, *args: str) -> None:
        """``leave`` (``return``, ``continue``) where ``test`` holds, the event ``event`` recorded
        first: on the test's own line where nothing is recorded."""
        self.emit(indent, f"if {test}:")
        mark = len(self.lines)
        self.traced(indent + 1, env, event, span, *args)
        if len(self.lines) == mark:
            self.lines[-1] += f" {leave}"
        else:
            self.emit(indent + 1, leave)

    # ---------------------------------------------------------------- lines

    def emit(self, indent: int, text: str) -> None:
        """``text`` as the next line, at ``indent``; raises :class:`CodeTooLarge` past the limits."""
        lines = self.lines
        if lines and lines[-1].endswith(":"):
            # A test whose continuation wrote nothing (a step never taken) is given a body.
            depth = indent_of(lines[-1])
            if indent <= depth:
                lines.append(indented(depth + 1, "pass"))
        if not lines:
            self.blocks = []
        blocks = self.blocks
        while blocks and blocks[-1][0] >= indent:
            blocks.pop()
        if text.endswith(":") and text.startswith(_BLOCKS):
            blocks.append((indent, text[:3]))
            if indent <= 1 and text[:3] == "def" and not self.apart_depth and self.measuring is None:
                self.anchor = (lines, len(lines))
        if indent > MAX_INDENT:
            if self.measuring is not None:
                raise TooLong
            raise CodeTooLarge(self.notation, "nested too deeply")
        lines.append(indented(indent, text))
        self.allowance[0] -= 1
        if self.cancel is not None and self.allowance[0] % WRITE_LOOK_EVERY == 0:
            look(self.cancel)
        if self.allowance[0] < 0:
            raise CodeTooLarge(self.notation, "too much")
        if self.measuring is not None:
            if len(lines) > self.measuring:
                raise TooLong
        elif len(lines) > self.max_lines:
            raise CodeTooLarge(self.notation, "too long")

    def fresh(self, stem: str) -> str:
        """A name not given before in this source: ``stem`` and a number."""
        self.counter += 1
        return f"{stem}{self.counter}"

    def constant(self, stem: str, value: Any) -> str:
        """The name of a constant holding ``value`` (one of ``stem``'s equal to it, if any)."""
        try:  # by value: comparing it with each of a long notation's thousands took most of the writing
            names = self._by_value.setdefault((type(value), value), [])
        except TypeError:  # unhashable: compared with each
            names = list(self.constants)
        name = next((name for name in names if name.startswith(stem.upper()) and self.constants[name] == value), None)
        if name is None:
            name = self.fresh(stem.upper())
            self.constants[name] = value
            names.append(name)
        return name

    def args(self, env: Env) -> str:
        """The live fields of ``env``, as a call's arguments."""
        return ", ".join(env[field] for field in self.live)

    def directions(self, letters: Any) -> list[int]:
        """The board's direction indices a step's letters name for this player, each once, in order."""
        rules = self.rules
        out: list[int] = []
        for letter in letters:
            for plain in DIRECTION_SETS.get(letter, (letter,)):
                index = rules.dir_index.get(rules.board.player_direction(self.player_name, plain))
                if index is not None and index not in out:
                    out.append(index)
        return out

    # ---------------------------------------------------------------- continuations and state

    def too_deep(self, ind: int) -> bool:
        """Whether the code of a node at ``ind`` is to be written apart (:data:`APART_INDENT`); never
        inside a repetition's loop, whose passes end by ``break`` and ``continue``."""
        if self.measuring is not None:
            return False
        if ind < APART_INDENT and len(self.blocks) < APART_BLOCKS:
            return False
        count = 0
        for at, word in reversed(self.blocks):
            if at >= ind:
                continue
            if word == "def":
                break
            if word == "whi":
                return False
            count += 1
        return ind >= APART_INDENT or count >= APART_BLOCKS

    def apart_if_deep(self, write: Cont, env: Env, ind: int) -> None:
        """``write``'s code, written here, or where it would nest too deeply (:meth:`too_deep`)
        written apart (:meth:`function_apart`) and called here."""
        if not self.too_deep(ind):
            write(env, ind)
            return
        name, frees = self.function_apart([], lambda i: write(env, i))
        self.emit(ind, f"{name}({', '.join(frees)})")

    @contextmanager
    def aside(self) -> Iterator[list[str]]:
        """The lines written inside, into a list of their own (given), for a function written apart;
        the lines and open blocks being written taken up again after."""
        saved = self.lines, self.blocks
        self.lines, self.blocks = [], []
        self.apart_depth += 1
        try:
            yield self.lines
        finally:
            self.lines, self.blocks = saved
            self.apart_depth -= 1

    def function_apart(self, params: list[str], write: Callable[[int], None]) -> tuple[str, list[str]]:
        """A function of ``params`` whose body ``write`` writes at the level of the function being
        written, before it; its name, and the names it reads from where it is called, which its
        callers pass after ``params``."""
        lines, index = self.anchor
        base = indent_of(lines[index]) + 1
        with self.aside() as body:
            self.entry(base)
            write(base)
            self.emit(base, "pass")  # (and under a last test whose continuation wrote nothing)
        frees = [name for name in free_names(params, body, base) if name not in self.constants]
        self.aparts += 1
        name = f"{APART}{self.aparts}"
        header = indented(base - 1, f"def {name}({', '.join(params + frees)}):")
        lines[index] = "\n".join([header, *body, lines[index]])
        return name, frees

    def short(self, k: Cont, env: Env, ind: int) -> bool:
        """Whether ``k`` writes at most :attr:`inline_lines` lines (it is written into a scratch buffer)."""
        if self.measuring is not None:
            # Already measuring an enclosing continuation: measuring this one too, in a buffer of its
            # own, would measure each nested repetition's continuation twice at every level (time
            # exponential in the nesting). Taken as long, its lines count toward the enclosing limit.
            return False
        with self.aside():
            self.measuring = self.inline_lines
            try:
                k(env, ind)
                return True
            except TooLong:
                return False
            finally:
                self.measuring = None

    def params_env(self, env: Env) -> tuple[list[str], Env]:
        """Fresh parameters for the live fields, and ``env`` reading them from there."""
        params = [self.fresh("a") for _ in self.live]
        return params, dict(env, **dict(zip(self.live, params)))

    def local_function(self, ind: int, header: str, write: Callable[[int], None]) -> int:
        """The local function ``def header:`` at ``ind``, its body written by ``write`` after the
        back-end's :meth:`entry` (``pass`` where it writes nothing); the index of the header's line."""
        self.emit(ind, f"def {header}:")
        at = len(self.lines) - 1  # (a line may have been given before it: a test's body)
        self.entry(ind + 1)
        start = len(self.lines)
        write(ind + 1)
        if len(self.lines) == start:
            self.emit(ind + 1, "pass")
        return at

    def materialise(self, k: Cont, env: Env, ind: int) -> Cont:
        """A continuation used in several places: written out at each when it is short, otherwise
        written once as a local function."""
        if self.short(k, env, ind):
            return k
        name = self.fresh("kf")
        params, inner = self.params_env(env)
        header = self.local_function(ind, f"{name}({', '.join(params)})", lambda i: k(inner, i))
        # Only the fields the code reads are passed (a call's arguments cost, one by one).
        words = set(_PARAMETER.findall("\n".join(self.lines[header + 1:])))  # (every word took a fifth of the writing)
        used = [field for field in self.live if inner[field] in words]
        # Functions written apart meanwhile stand before the header, in its line: they are kept.
        before, _, _ = self.lines[header].rpartition("\n")
        self.lines[header] = before + "\n" * bool(before) + indented(
            ind, f"def {name}({', '.join(inner[field] for field in used)}):")

        def call(e: Env, i: int) -> None:
            self.emit(i, f"{name}({', '.join(e[field] for field in used)})")
        return call

    def progress(self, env: Env, ind: int) -> str:
        """The progress counter after an action (kept only when a repetition reads it)."""
        if not self.need_pg:
            return str(env["pg"])
        if env["pg"].isdigit():  # known as the code is written
            return str(int(env["pg"]) + 1)
        pg = self.fresh("pg")
        self.emit(ind, f"{pg} = {env['pg']} + 1")
        self.pg_from[pg] = env["pg"]
        return pg

    def advanced(self, pg: str, mark: str) -> bool:
        """Whether the progress ``pg`` is known, as the code is written, to be past ``mark``."""
        if pg.isdigit() and mark.isdigit():
            return int(pg) > int(mark)
        while pg in self.pg_from:
            pg = self.pg_from[pg]
            if pg == mark:
                return True
        return False


def without(env: Env, field: str) -> Env:
    """``env`` without ``field`` (a writer's note: a square read, a capture's landing step)."""
    if field not in env:
        return env
    return {name: value for name, value in env.items() if name != field}
