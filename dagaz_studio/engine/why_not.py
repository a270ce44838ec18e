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
    alternative: str | None
    #: The way in legs, one for each partial move of a chain and one for the part after the last:
    #: the squares the piece went through (and, in the last leg, the cursor), and those it took.
    legs: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    #: Whether the way could have led to the square asked about (see :func:`way_to`).
    heads: bool
    #: The square where it stopped (the failed check's, or the cursor's).
    stop: int

    def describe(self, board: Board) -> str:
        """The way in one line: ``e1-f1 (alternative 2 of 3): [A] failed on f1: …``; a chain says
        where each partial move landed and what it took: ``d2-e3 taking f4, g5, then e3-d3: …``."""
        parts = []
        for squares, taken in self.legs:
            part = "-".join(board.squares[s] for s in squares)
            if taken:
                part += " taking " + ", ".join(board.squares[s] for s in taken)
            parts.append(part)
        choice = f" ({self.alternative})" if self.alternative else ""
        return f"{', then '.join(parts)}{choice}: {self.reason}"


#: In the rest of an alternative's text, what moves the cursor again: a direction letter, a
#: back-reference, a rider's ``(+)``/``(*)``, or a repetition that goes round once more.
_MOVES_ON = re.compile(r"[A-Za-z]|\\\d|\(\s*[+*]|\)\s*[*+{]")
#: What only repeats a direction already taken: a back-reference, a repetition's end.
_REPEATS = re.compile(r"\\\d|\)\s*[*+]|\)\s*\{[^}]*\}")
_BRACKETS = re.compile(r"\[[^\]]*\]")
#: How much of an alternative's text a summary quotes.
QUOTED = 24


def _rest(notation: str | None, failed: TraceEvent, choice: TraceEvent | None) -> str | None:
    """The text of the alternative ``choice`` (the innermost ``;`` option the way took, if any) after
    the ``failed`` event, brackets taken out (``None`` when the notation's text or the event's place
    in it is not known)."""
    if notation is None or failed.span is None:
        return None
    end = choice.span.end if choice is not None and choice.span is not None else len(notation)
    rest = notation[failed.span.end:end]
    if failed.kind == EventKind.CHECK and "]" in rest and "[" not in rest.split("]", 1)[0]:
        rest = rest.split("]", 1)[1]  # the rest of the bracket the check stood in
    return _BRACKETS.sub("", rest)


def goes_on(notation: str | None, failed: TraceEvent, choice: TraceEvent | None = None) -> bool:
    """Whether the notation, had the ``failed`` event passed, could have moved the cursor again within
    the alternative ``choice`` the way took (its ``branch`` event, ``None`` outside any ``;``).
    Without the notation's text the answer is yes: nothing is ruled out."""
    if failed.kind == EventKind.BLOCKED:
        return False  # it ran off the board: no passing check takes it further that way
    rest = _rest(notation, failed, choice)
    return rest is None or _MOVES_ON.search(rest) is not None


def _heads_for(board: Board, path: Sequence[int], stop: int, square: int, straight: bool) -> bool:
    """Whether a way through ``path`` that would have gone on from ``stop`` points towards ``square``
    (or had not stepped yet, so no direction is ruled out). ``straight``: it could only have gone on
    in the direction it went (a rider whose path so far is one line), so the square must lie ahead
    on that line."""
    if len(path) < 2:
        return True
    step, towards = apart(board, path[-2], path[-1]), apart(board, stop, square)
    steps = {apart(board, a, b) for a, b in zip(path, path[1:])}
    ahead = sum(s * t for s, t in zip(step, towards)) > 0
    if straight and steps == {step}:
        # Ahead on the line: a positive multiple of the step (on a board of levels, in three dimensions).
        return ahead and all(step[i] * towards[j] == step[j] * towards[i] for i in range(3) for j in range(i))
    return ahead


def apart(board: Board, a: int, b: int) -> tuple[int, int, int]:
    """How far square ``b`` lies from square ``a``: columns, rows and levels (0 on a flat board)."""
    level = board.level_of or (0,) * len(board.column_of)
    return board.column_of[b] - board.column_of[a], board.row_of[b] - board.row_of[a], level[b] - level[a]


def _label(notation: str | None, choice: TraceEvent | None) -> str | None:
    """The ``;`` option a way took, as ``alternative 2 of 3 ((E[pA])*+E[f,=Rook,M]…)``: its number and the
    start of its text, which is how the notation's author knows it; ``None`` outside any ``;``."""
    if choice is None or choice.branch is None:
        return None
    label = f"alternative {choice.branch[0]} of {choice.branch[1]}"
    if notation is not None and choice.span is not None:
        text = " ".join(notation[choice.span.start:choice.span.end].split())
        if len(text) > QUOTED:
            text = text[:QUOTED - 1] + "…"
        label += f" ({text})"
    return label


def _enclosing_choice(trace: Sequence[TraceEvent], branch: Sequence[int], failed: TraceEvent) -> TraceEvent | None:
    """The innermost ``;`` option on ``branch`` whose text holds the ``failed`` event: an option the
    way has already left (a chain's first capture, before the next partial move failed) neither
    names the way nor bounds what could follow. Without a place in the text (the implicit end), the
    last option taken."""
    choices = [trace[i] for i in reversed(branch) if trace[i].kind == EventKind.BRANCH]
    where = failed.span
    if where is None:
        return choices[0] if choices else None
    return next((choice for choice in choices
                 if choice.span is None or choice.span.start <= where.start and where.end <= choice.span.end), None)


def way_to(board: Board, trace: Sequence[TraceEvent], branch: Sequence[int], square: int,
           notation: str | None = None) -> Way | None:
    """The way whose events from the root are ``branch``, the last its failed event, as seen from
    ``square`` (``None`` when it stopped nowhere). It *heads for* ``square`` when it stopped there,
    or when the notation (its text, if known) would have gone on and its last step points towards
    the square (along its line, for a rider that can only go on the way it went)."""
    failed = trace[branch[-1]]
    stop = failed.square if failed.square is not None else failed.cursor
    if stop is None:
        return None
    choice = _enclosing_choice(trace, branch, failed)
    squares: list[int] = []
    # A partial move lands where its next one begins: the squares its cursor looked at beyond
    # the landing (to take the pieces there) are no part of the piece's route.
    legs: list[tuple[list[int], list[int]]] = [([], [])]
    for step in branch:
        here = trace[step]
        if here.square is None:
            continue
        if here.kind in (EventKind.START, EventKind.STEP):
            squares.append(here.square)
            legs[-1][0].append(here.square)
        elif here.kind == EventKind.CAPTURE:
            legs[-1][1].append(here.square)
        elif here.kind == EventKind.PARTIAL:
            route = legs[-1][0]
            if here.square in route:
                del route[len(route) - route[::-1].index(here.square):]
            legs.append(([here.square], []))
    heads = stop == square
    if not heads and goes_on(notation, failed, choice):
        rest = _rest(notation, failed, choice)
        straight = rest is not None and _MOVES_ON.search(_REPEATS.sub("", rest)) is None
        # A partial move begins a new leg in a direction of its own: only the last leg points anywhere.
        # A leg that went over the square and would have gone on may come back to it (castling's Rook).
        heads = square in legs[-1][0][:-1] or _heads_for(board, legs[-1][0], stop, square, straight)
    return Way(branch[-1], tuple(squares), max(map(abs, apart(board, square, stop))), failed.text, _label(notation, choice),
               tuple((tuple(route), tuple(taken)) for route, taken in legs if route), heads, stop)


def summary(heading: Sequence[Way]) -> str:
    """One line: for each ``;`` option that headed for the square asked about (``heading``, the ways
    that head for it, closest first), the checks that stopped it, where and why (``alternative 2 of 2 (…):
    [P] failed on b8, b7: it is empty``; ``[p] failed on d4: an enemy … stands there, and on d3: a
    friendly … stands there``)."""
    # By option, then by check: where each failed and why (a reason that names no square, whole).
    groups: dict[str | None, dict[str, list[tuple[str, str]]]] = {}
    for way in heading:
        check, _, rest = way.reason.partition(" failed on ")
        where, _, because = rest.partition(": ")
        groups.setdefault(way.alternative, {}).setdefault(check, []).append((where, because))
    clauses = []
    for alternative, checks in groups.items():
        parts = []
        for check, places in checks.items():
            if not any(where for where, _ in places):
                parts.append(check)
                continue
            # The squares that failed for the same reason together, each reason said once.
            by_because: dict[str, dict[str, None]] = {}
            for where, because in places:
                by_because.setdefault(because, {})[where] = None
            parts.append(f"{check} failed " + ", and ".join(
                f"on {', '.join(wheres)}" + (f": {because}" if because else "") for because, wheres in by_because.items()))
        clause = "; ".join(parts)
        clauses.append(f"{alternative}: {clause}" if alternative else clause)
    return " — ".join(clauses)
