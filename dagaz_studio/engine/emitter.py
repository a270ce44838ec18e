"""The lowest layer of the code writer: Python source written line by line within its limits, fresh
names, constants handed to the code, a step's letters as the board's direction indices, and a
continuation measured, then written where it is used or once as a local function.

The code writer (:mod:`dagaz_studio.engine.code_writer`) builds on :class:`Emitter`; the run state it
passes along is an :data:`Env`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dagaz_studio.board.model import DIAGONAL, ORTHOGONAL
from dagaz_studio.notation.cancel import look
from dagaz_studio.notation.nodes import Notation

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules

#: The letters that stand for several directions.
DIRECTION_SETS = {"+": ORTHOGONAL, "X": DIAGONAL, "*": ORTHOGONAL + DIAGONAL}
#: Python compiles at most about a hundred levels of indentation (and twenty nested loops, which
#: compile() reports as a SyntaxError the callers take as "not compiled").
MAX_INDENT = 60
INDENT = "    "
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

#: Generated source longer than this is not worth compiling: the runner takes such notations.
MAX_SOURCE = 60_000

#: Lines written in all for one notation (the whole and its parts), including those written only to
#: measure a continuation for inlining. A notation whose alternatives follow one another
#: (``(N;S)(N;S)…``) makes the measuring grow with the number of ways through it; past this much
#: writing the runner takes the notation (it counts its work against the run's budget), and
#: compiling gives up within a fraction of a second.
MAX_WRITTEN = 4_000

#: The name a notation's piece goes by where it has none (as the runner names it): an unlabelled
#: ``[o]`` labels its moves with it.
PIECE_NAME = "piece"

#: Lines written between two looks at the cancel flag of the run that asked for the code.
WRITE_LOOK_EVERY = 64

#: Nodes of the notation's tree looked over between two looks at that flag.
WALK_LOOK_EVERY = 1024


class Unsupported(Exception):
    """A notation shape a compiler does not cover (the runner runs it)."""


class Passed(Exception):
    """A trial pass of a possessive repetition succeeded (raised and caught by the written code,
    apart from an attack question's answer)."""


class TooLong(Exception):
    """A continuation being measured for writing out in place turned out longer than its limit."""


def indented(indent: int, text: str) -> str:
    """``text`` as a line at ``indent`` levels; raises :class:`Unsupported` past :data:`MAX_INDENT`."""
    if indent > MAX_INDENT:
        raise Unsupported("nested too deeply for Python")
    return INDENT * indent + text


class Emitter:
    """The source being written for one notation and player: its lines, the names given so far and
    the constants the code reads (handed to it in its namespace), with what every part of a writer
    asks of them: a line written (within the limits), a continuation measured, written once as a
    local function, and the progress counter moved on.

    What a board kind's code does differently is said by a back-end
    (:class:`~dagaz_studio.engine.default_code.CodeGenerator`,
    :class:`~dagaz_studio.engine.kind_code.KindWriter`), which overrides the hooks below."""

    #: The most lines the source may have: past it the runner takes the notation.
    max_lines = MAX_SOURCE // 40
    #: A continuation of at most this many lines is written out where it is used rather than made a
    #: local function: a call costs more than a few lines of straight code.
    inline_lines = 14

    def __init__(self, rules: CodeRules, notation: Notation, player: int, allowance: list[int] | None = None) -> None:
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
        #: The name of the piece the code is written for (an unlabelled ``[o]`` reads it).
        self.piece_name = PIECE_NAME

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

    def traced_cont(self, k: Cont, event: str, span: Any, *args: str) -> Cont:
        """``k``, with the event recorded first."""
        return k

    # ---------------------------------------------------------------- lines

    def emit(self, indent: int, text: str) -> None:
        """``text`` as the next line, at ``indent``; raises :class:`Unsupported` past the limits."""
        lines = self.lines
        if lines and lines[-1].endswith(":"):
            # A test whose continuation wrote nothing (a step never taken) is given a body.
            header = lines[-1]
            depth = (len(header) - len(header.lstrip(" "))) // len(INDENT)
            if indent <= depth:
                lines.append(indented(depth + 1, "pass"))
        lines.append(indented(indent, text))
        self.allowance[0] -= 1
        if self.cancel is not None and self.allowance[0] % WRITE_LOOK_EVERY == 0:
            look(self.cancel)
        if self.allowance[0] < 0:
            raise Unsupported("too much to write")
        if self.measuring is not None:
            if len(lines) > self.measuring:
                raise TooLong
        elif len(lines) > self.max_lines:
            raise Unsupported("too long")

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

    def short(self, k: Cont, env: Env, ind: int) -> bool:
        """Whether ``k`` writes at most :attr:`inline_lines` lines (it is written into a scratch buffer)."""
        if self.measuring is not None:
            # Already measuring an enclosing continuation: measuring this one too, in a buffer of its
            # own, would measure each nested repetition's continuation twice at every level (time
            # exponential in the nesting). Taken as long, its lines count toward the enclosing limit.
            return False
        saved = self.lines
        self.lines, self.measuring = [], self.inline_lines
        try:
            k(env, ind)
            return True
        except TooLong:
            return False
        finally:
            self.lines, self.measuring = saved, None

    def params_env(self, env: Env) -> tuple[list[str], Env]:
        """Fresh parameters for the live fields, and ``env`` reading them from there."""
        params = [self.fresh("a") for _ in self.live]
        return params, dict(env, **dict(zip(self.live, params)))

    def materialise(self, k: Cont, env: Env, ind: int) -> Cont:
        """A continuation used in several places: written out at each when it is short, otherwise
        written once as a local function."""
        if self.short(k, env, ind):
            return k
        name = self.fresh("kf")
        params, inner = self.params_env(env)
        self.emit(ind, f"def {name}({', '.join(params)}):")
        header = len(self.lines) - 1  # (a line may have been given before it: a test's body)
        self.entry(ind + 1)
        start = len(self.lines)
        k(inner, ind + 1)
        if len(self.lines) == start:
            self.emit(ind + 1, "pass")
        # Only the fields the code reads are passed (a call's arguments cost, one by one).
        words = set(_PARAMETER.findall("\n".join(self.lines[start:])))  # (every word took a fifth of the writing)
        used = [field for field in self.live if inner[field] in words]
        self.lines[header] = indented(ind, f"def {name}({', '.join(inner[field] for field in used)}):")

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
        return pg


def without(env: Env, field: str) -> Env:
    """``env`` without ``field`` (a writer's note: a square read, a capture's landing step)."""
    if field not in env:
        return env
    return {name: value for name, value in env.items() if name != field}
