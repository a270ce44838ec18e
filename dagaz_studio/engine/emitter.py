"""What the notation compilers share in writing Python source: lines at an indentation, fresh
names, constants handed to the code, and a step's letters as the board's direction indices.

The default board's compiler (:mod:`dagaz_studio.engine.compiler`) and the heap and stack boards'
(:mod:`dagaz_studio.engine.kind_code`) each write a notation out as the source of local functions;
their generators build on :class:`Emitter`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dagaz_studio.board.model import DIAGONAL, ORTHOGONAL
from dagaz_studio.notation.nodes import Alternatives, Group, GroupStep, Notation, Repeat, Sequence, Step

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules

#: The letters that stand for several directions.
DIRECTION_SETS = {"+": ORTHOGONAL, "X": DIAGONAL, "*": ORTHOGONAL + DIAGONAL}
#: Python compiles at most about a hundred levels of indentation (and twenty nested loops, which
#: compile() reports as a SyntaxError the callers take as "not compiled").
MAX_INDENT = 60
INDENT = "    "

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

#: Lines written between two looks at the cancel flag of the run that asked for the code.
WRITE_LOOK_EVERY = 64

#: Nodes of the notation's tree looked over between two looks at that flag.
WALK_LOOK_EVERY = 1024


class Unsupported(Exception):
    """A notation shape a compiler does not cover (the runner runs it)."""


class TooLong(Exception):
    """A continuation being measured for writing out in place turned out longer than its limit."""


def indented(indent: int, text: str) -> str:
    """``text`` as a line at ``indent`` levels; raises :class:`Unsupported` past :data:`MAX_INDENT`."""
    if indent > MAX_INDENT:
        raise Unsupported("nested too deeply for Python")
    return INDENT * indent + text


class Emitter:
    """The source being written for one notation and player: its lines, the names given so far and
    the constants the code reads (handed to it in its namespace)."""

    def __init__(self, rules: Rules, notation: Notation, player: int) -> None:
        self.rules = rules
        self.notation = notation
        self.player = player
        self.player_name = rules.board.players[player]
        self.lines: list[str] = []
        self.counter = 0
        self.constants: dict[str, Any] = {}
        #: The fields of the run state the code passes from function to function (the others are
        #: constants where they are read).
        self.live: list[str] = []

    def fresh(self, stem: str) -> str:
        """A name not given before in this source: ``stem`` and a number."""
        self.counter += 1
        return f"{stem}{self.counter}"

    def constant(self, stem: str, value: Any) -> str:
        """The name of a constant holding ``value`` (one of ``stem``'s equal to it, if any)."""
        for name, known in self.constants.items():
            if name.startswith(stem.upper()) and type(known) is type(value) and known == value:
                return name
        name = self.fresh(stem.upper())
        self.constants[name] = value
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


def always_steps(node: Any) -> bool:
    """Whether every way through ``node`` takes a step."""
    if isinstance(node, Sequence):
        return any(always_steps(item) for item in node.items)
    if isinstance(node, Alternatives):
        return all(always_steps(option) for option in node.options)
    if isinstance(node, Group):
        return always_steps(node.body)
    if isinstance(node, Repeat):
        return node.minimum >= 1 and always_steps(node.body)
    return isinstance(node, (Step, GroupStep))
