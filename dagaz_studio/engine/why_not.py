"""Which ways through a notation could have led to a square, and the one line that says why not.

A run that does not reach a square leaves many failed ways behind it; most of them never headed
there (a single step away from the square asked about, a leg that turns the other way). A way *heads for*
the square when it stopped on it, or when the notation would have gone on after its failed check and
its last step points towards the square. Only the board's geometry and the notation's text are read:
nothing here knows a game or a piece.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from dagaz_studio.board.model import Board
from dagaz_studio.engine.values import EventKind, TraceEvent


@dataclass(frozen=True)
class Way:
    """One way through the notation that ended without acting on the square asked about.

    ``event``: the last check that failed on it (or where it ran off the board); ``path``: the
    squares its cursor went through, from the start; ``distance``: from where it stopped to the
    square asked about, in king steps; ``reason``: the failed check in words; ``alternative``: which
    option of a ``;`` it took (``"alternative 2 of 3"``, with the start of its text when known), if any.
    """

    event: int
    path: tuple[int, ...]
    distance: int
    reason: str
    alternative: str | None = None
    #: The way in legs, one for each partial move of a chain and one for the part after the last:
    #: the squares the piece went through (and, in the last leg, the cursor), and those it took.
    legs: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    #: Whether the way could have led to the square asked about (:func:`heads_for`).
    heads: bool = True

    def describe(self, board: Board) -> str:
        """The way in one line: ``e1-f1 (alternative 2 of 3): [A] failed on f1: …``; a chain says
        where each partial move landed and what it took: ``d2-e3 taking f4, g5, then e3-d3: …``."""
        legs = self.legs or ((self.path, ()),)
        parts = []
        for squares, taken in legs:
            part = "-".join(board.squares[s] for s in squares)
            if taken:
                part += " taking " + ", ".join(board.squares[s] for s in taken)
            parts.append(part)
        choice = f" ({self.alternative})" if self.alternative else ""
        return f"{', then '.join(parts)}{choice}: {self.reason}"


#: In the rest of an alternative's text, what moves the cursor again: a direction letter, a
#: back-reference, a rider's ``(+)``/``(*)``, or a repetition that goes round once more.
_MOVES_ON = re.compile(r"[A-Za-z]|\\\d|\(\s*[+*]|\)\s*[*+{]")
_BRACKETS = re.compile(r"\[[^\]]*\]")
#: How much of an alternative's text a summary quotes.
QUOTED = 24


def _rest(notation: str | None, trace: Sequence[TraceEvent], path: Sequence[int], event: int) -> str | None:
    """The text of the alternative the way took after its failed ``event``, brackets taken out
    (``None`` when the notation's text or the event's place in it is not known)."""
    failed = trace[event]
    if notation is None or failed.span is None:
        return None
    end = len(notation)
    for index in reversed(path):
        here = trace[index]
        if here.kind == EventKind.BRANCH and here.span is not None:
            end = here.span.end
            break
    rest = notation[failed.span.end:end]
    if failed.kind == EventKind.CHECK and "]" in rest and "[" not in rest.split("]", 1)[0]:
        rest = rest.split("]", 1)[1]  # the rest of the bracket the check stood in
    return _BRACKETS.sub("", rest)


def goes_on(notation: str | None, trace: Sequence[TraceEvent], path: Sequence[int], event: int) -> bool:
    """Whether the notation, had the failed ``event`` passed, could have moved the cursor again within
    the alternative the way took (``path``: the way's events from the root). Without the notation's
    text the answer is yes: nothing is ruled out."""
    if trace[event].kind == EventKind.BLOCKED:
        return False  # it ran off the board: no passing check takes it further that way
    rest = _rest(notation, trace, path, event)
    return rest is None or _MOVES_ON.search(rest) is not None


def repeats_only(notation: str | None, trace: Sequence[TraceEvent], path: Sequence[int], event: int) -> bool:
    """Whether every step left after the failed ``event`` repeats a direction already taken (``\\1``):
    a rider's ray, which goes on only the way it went."""
    rest = _rest(notation, trace, path, event)
    if rest is None:
        return False
    return _MOVES_ON.search(re.sub(r"\\\d|\)\s*[*+]|\)\s*\{[^}]*\}", "", rest)) is None


def heads_for(board: Board, trace: Sequence[TraceEvent], way: Way, square: int, moves_on: bool,
              straight: bool = False) -> bool:
    """Whether ``way`` could have led to ``square``: it stopped there, or it would have gone on and
    its last step points towards it (or it had not stepped yet, so no direction is ruled out).
    ``straight``: it could only have gone on in the direction it went (a rider whose path so far is
    one line), so the square must lie ahead on that line."""
    event = trace[way.event]
    where = event.square if event.square is not None else event.cursor
    if where == square:
        return True
    if not moves_on or where is None:
        return False
    path = way.path
    if len(path) < 2:
        return True
    column, row = board.column_of, board.row_of
    step = (column[path[-1]] - column[path[-2]], row[path[-1]] - row[path[-2]])
    towards = (column[square] - column[where], row[square] - row[where])
    steps = {(column[b] - column[a], row[b] - row[a]) for a, b in zip(path, path[1:])}
    if straight and steps == {step}:
        # Ahead on the line: a positive multiple of the step.
        return step[0] * towards[1] == step[1] * towards[0] and step[0] * towards[0] + step[1] * towards[1] > 0
    return step[0] * towards[0] + step[1] * towards[1] > 0


def reach_left(board: Board, trace: Sequence[TraceEvent], way: Way, square: int) -> float:
    """The straight-line distance from where ``way`` stopped to ``square`` (a tie-breaker after the
    king-step distance: the way that came straighter at it first)."""
    event = trace[way.event]
    where = event.square if event.square is not None else event.cursor
    if where is None:
        return float("inf")
    dx = board.column_of[where] - board.column_of[square]
    dy = board.row_of[where] - board.row_of[square]
    return float((dx * dx + dy * dy) ** 0.5)


def alternative_label(notation: str | None, trace: Sequence[TraceEvent], path: Sequence[int]) -> str | None:
    """The ``;`` option a way took, as ``alternative 2 of 3 ((E[pA])*+E[f,=Rook,M]…)``: its number and the
    start of its text, which is how the notation's author knows it; ``None`` outside any ``;``."""
    for index in reversed(path):
        here = trace[index]
        if here.kind == EventKind.BRANCH and here.branch is not None:
            label = f"alternative {here.branch[0]} of {here.branch[1]}"
            if notation is not None and here.span is not None:
                text = " ".join(notation[here.span.start:here.span.end].split())
                if len(text) > QUOTED:
                    text = text[:QUOTED - 1] + "…"
                label += f" ({text})"
            return label
    return None


def _because(reason: str) -> str:
    """The part of a failed check's sentence after the check and its square: ``it is empty``."""
    return reason.split(": ", 1)[1] if ": " in reason else reason


def summary(ways: Sequence[Way]) -> str:
    """One line: for each ``;`` option that headed for the square asked about (``ways``, closest
    first), the checks that stopped it and where (``alternative 2 of 2 (…): [P] failed on b8, b7: it
    is empty``)."""
    heading = [way for way in ways if way.heads] or list(ways[:1])
    groups: dict[str | None, dict[str, list[Way]]] = {}
    for way in heading:
        check = way.reason.split(" failed on ", 1)[0] if " failed on " in way.reason else way.reason
        groups.setdefault(way.alternative, {}).setdefault(check, []).append(way)
    clauses = []
    for alternative, checks in groups.items():
        parts = []
        for check, same in checks.items():
            if " failed on " not in same[0].reason:
                parts.append(same[0].reason)
                continue
            where = dict.fromkeys(way.reason.split(" failed on ", 1)[1].split(":", 1)[0] for way in same)
            becauses = {_because(way.reason) for way in same}
            said = f"{check} failed on {', '.join(where)}"
            parts.append(f"{said}: {becauses.pop()}" if len(becauses) == 1 else said)
        clause = "; ".join(parts)
        clauses.append(f"{alternative}: {clause}" if alternative else clause)
    return " — ".join(clauses)
