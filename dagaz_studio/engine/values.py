"""The interpreter's value types: what a run gives back, and what callers pass in.

Names, the window and the commands need only these from a run, so they import neither the code writers
nor the rules: a :class:`Move`, a :class:`RunResult` with its stream of structured
:class:`TraceEvent`, :class:`RunawayNotation`, the :class:`CancelFlag` protocol and the default limits.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple, Protocol, TypeVar

from dagaz_studio.board.model import Board
from dagaz_studio.engine.position import LastMove, Piece
from dagaz_studio.notation.nodes import Span

_T = TypeVar("_T")

#: Work units (steps, lifts, puts, captures, attack questions …) one run may spend before it is
#: declared runaway.
DEFAULT_BUDGET = 100_000
#: Work units a completed way through a notation costs beyond its last put (and one more per partial
#: move in its chain and per piece it captured): comparing the position with the one it began from
#: and telling the move from those found before is the dearest thing a run does, several steps'
#: worth, so a runaway that completes a move at every turn stops as soon in time as one that only
#: steps.
COMPLETION_COST = 3
#: Work units an attack question (``[a]``, ``[s]``) costs for each piece it asks, beyond the steps of
#: that piece's run: setting up the run (its state, its start, a look for where it could capture) is
#: several steps' worth, and a runaway that asks at every step must stop as soon in time as any other.
QUESTION_COST = 4
#: Trace events kept for one run.
DEFAULT_TRACE_LIMIT = 50_000

#: The work counter a compiled run shares with the attack questions it asks: [work spent, when to
#: look again, budget, cancel flag or None], and in bulk work (perft's) a fifth item, the attack
#: answers kept. A list of mixed items rather than an object: the compiled code's hot loops index it.
Work = list[Any]
#: The attack answers bulk work keeps for one position (a :data:`Work`'s fifth item): by the square of
#: the piece lifted, the square asked about, whether the enemy asks, and the piece standing in.
ThreatAnswers = dict[tuple[int, int, bool, Piece | None], bool]


class CancelFlag(Protocol):
    """Anything with ``is_set()``, such as :class:`threading.Event`."""

    def is_set(self) -> bool: ...


# =========================================================================== results


@dataclass(frozen=True)
class Move:
    """A move: what the piece does and everything it changes.

    ``captures``: squares whose pieces the move removes, in order; ``stops``: the landing square of
    each partial move, the last being ``target``; ``also``: other pieces the move displaces, as
    (from, to); ``changes``: the final content of every square the move touched.
    """

    piece: str
    player: int
    origin: int
    target: int
    captures: tuple[int, ...]
    stops: tuple[int, ...]
    promotion: str | None
    also: tuple[tuple[int, int], ...]
    labels: frozenset[str]
    changes: tuple[tuple[int, Piece | None], ...]
    last: LastMove
    #: A drop: the piece comes from its player's hand (``origin`` is then ``target``).
    dropped: bool = False
    #: The same player moves again after this move (``[k]``).
    again: bool = False
    #: A pass: nothing changes and the turn goes on (``rule: pass``, ``rule: pass-when-blocked``);
    #: ``origin`` and ``target`` are then the square of one of the mover's pieces, its royal one first.
    passes: bool = False
    #: The squares where the move made new pieces (``[*Name]``: the Amazons' arrow), in order.
    created: tuple[int, ...] = ()
    #: A piece from the mover's hand entering where an unmoved piece left (``gate:``): its square and type.
    gate: tuple[int, str] | None = None

    def key(self) -> tuple[Hashable, ...]:
        """What makes two moves the same move."""
        return (self.origin, self.target, self.captures, self.stops, self.promotion, self.also, self.changes,
                self.dropped, self.again, self.passes)


_object_new = object.__new__
NO_LABELS: frozenset[str] = frozenset()


def quick_move(piece: str, player: int, origin: int, target: int, captures: tuple[int, ...],
               stops: tuple[int, ...], promotion: str | None, also: tuple[tuple[int, int], ...],
               changes: tuple[tuple[int, Piece | None], ...], last: LastMove,
               labels: frozenset[str] = NO_LABELS, dropped: bool = False, again: bool = False,
               created: tuple[int, ...] = ()) -> Move:
    """The :class:`Move` of these fields, as its constructor makes it, without the frozen dataclass's
    field-by-field setting: capture chains and perft build moves by the ten thousand, and this takes
    a third of the time. A pass is never built so: it is made by its constructor."""
    move = _object_new(Move)
    move.__dict__.update(piece=piece, player=player, origin=origin, target=target, captures=captures, stops=stops,
                         promotion=promotion, also=also, labels=labels, changes=changes, last=last,
                         dropped=dropped, again=again, passes=False, created=created, gate=None)
    return move


class EventKind(StrEnum):
    """What a trace event records. A ``StrEnum``: each kind also equals its lower-case name."""

    START = "start"
    STEP = "step"
    BLOCKED = "blocked"
    CHECK = "check"
    LIFT = "lift"
    PUT = "put"
    CAPTURE = "capture"
    PROMOTE = "promote"
    BRANCH = "branch"
    BACKTRACK = "backtrack"
    REPEAT = "repeat"
    PARTIAL = "partial"
    MOVE = "move"
    FAIL = "fail"
    STOPPED = "stopped"


class TraceEvent(NamedTuple):
    """One step of a run, tied to the part of the notation that caused it.

    ``kind`` says what happened (an :class:`EventKind`); ``text`` says it in a sentence for people.
    ``ok`` tells a passed check from a failed one. ``cursor``, ``hand``, ``captures`` and
    ``direction`` describe the state after the event. ``branch`` is (index, count) of an alternative
    of ``;`` for ``branch`` and ``backtrack`` events (the index counts from 1); ``check`` is the
    notation text of the check a ``check`` event tested (``[p]``, ``^``, ``[=Pawn]`` …), when it is one.

    A named tuple: a traced run records tens of thousands of events, and a tuple is made in a tenth
    of the time a frozen dataclass takes.
    """

    kind: EventKind
    text: str
    span: Span | None
    square: int | None
    ok: bool
    cursor: int | None
    hand: tuple[str, ...]
    captures: tuple[int, ...]
    direction: str | None
    depth: int
    move: int | None = None  # index of the completed move, for ``move`` events
    branch: tuple[int, int] | None = None
    check: str | None = None


@dataclass
class RunResult:
    """The moves a run found, and why it stopped early if it did (``stopped`` is then a sentence)."""

    moves: list[Move] = field(default_factory=list)
    trace: list[TraceEvent] = field(default_factory=list)
    stopped: str | None = None
    work: int = 0
    trace_truncated: bool = False


class RunawayNotation(ValueError):
    """A notation that did not end within its budget; ``budget_spent`` where it spent the budget, which a
    larger one might let it end within, rather than nesting too deeply or being cancelled."""

    def __init__(self, message: str, budget_spent: bool = False) -> None:
        super().__init__(message)
        self.budget_spent = budget_spent


def describe_move(board: Board, move: Move, most: int | None = None) -> str:
    """A move in coordinates: ``e2-e4``, ``c3xe5`` (a capture where it lands), ``d3-e3xc3``,
    ``b4-c3-d3xd2``, ``e7-e8=Queen``.

    With ``most``, each list of squares (stops, captures, pieces displaced, pieces made) names at most
    that many and says how many more: a trace describes every move a run completes, and a runaway's
    moves can each hold thousands."""
    names = board.squares
    if move.passes:
        return "pass"
    if move.dropped:
        piece = board.pieces.get(move.piece)
        return f"{piece.letter.upper() if piece is not None else move.piece}@{names[move.target]}"
    stops = _at_most(move.stops, most)
    path = [names[move.origin]] + [names[s] if isinstance(s, int) else s for s in stops]
    captures = list(move.captures)
    if move.stops and move.stops[-1] in captures:
        # A capture where the move lands is written as players write it: c3xe5, not c3-e5xe5.
        captures.remove(move.stops[-1])
        text = "-".join(path[:-1]) + "x" + path[-1]
    else:
        text = "-".join(path)
    if captures:
        text += "".join("x" + names[s] if isinstance(s, int) else s for s in _at_most(captures, most))
    if move.promotion:
        text += "=" + move.promotion
    for also in _at_most(move.also, most):
        text += f" ({names[also[0]]}-{names[also[1]]})" if isinstance(also, tuple) else f" {also}"
    # A piece made by the move (the Amazons' arrow) as their players write it: d1-d7/g4.
    text += "".join("/" + names[s] if isinstance(s, int) else s for s in _at_most(move.created, most))
    if move.gate is not None:  # a piece from hand entering behind (gating): e2-e4 +Hawk@e1
        text += f" +{move.gate[1]}@{names[move.gate[0]]}"
    return text


def _at_most(items: Sequence[_T], most: int | None) -> Sequence[_T | str]:
    """``items``, or their first ``most`` and how many more there are (the last item kept: a path's end)."""
    if most is None or len(items) <= most:
        return items
    return [*items[:most - 1], f"…{len(items) - most:,} more…", items[-1]]
