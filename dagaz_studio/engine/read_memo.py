"""Compiled moves remembered by what they read, for bulk work (perft): a piece's moves depend only on
the squares its compiled code reads and on how the previous move's squares compare with those it asks
about, so while those stand as they stood, the moves found before are the moves.

Only code that reads nothing else is remembered: its source reads the board by index alone, the
position only for the previous move, and asks the rules nothing (no attack question).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from typing import Any, SupportsIndex, overload

from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.records import Record

_list_item = list.__getitem__


class ReadingCells(list[Piece | None]):
    """A copy of a position's cells that remembers which squares were read."""

    def __init__(self, cells: list[Piece | None]) -> None:
        super().__init__(cells)
        self.read: set[int] = set()

    @overload
    def __getitem__(self, square: SupportsIndex) -> Piece | None: ...

    @overload
    def __getitem__(self, square: slice) -> list[Piece | None]: ...

    def __getitem__(self, square: SupportsIndex | slice) -> Piece | None | list[Piece | None]:
        if isinstance(square, slice):
            return _list_item(self, square)
        self.read.add(square.__index__())
        return _list_item(self, square)


class _Compared(int):
    """The previous move's start (``field`` 0) or end (1), as compiled code compares it with squares:
    each comparison and its answer noted."""

    def __init__(self, value: int, field: int, noted: list[tuple[int, object, bool]]) -> None:
        self.field = field
        self.noted = noted

    def __new__(cls, value: int, field: int, noted: list[tuple[int, object, bool]]) -> _Compared:
        return super().__new__(cls, value)

    def __eq__(self, other: object) -> bool:
        answer = int(self) == other
        self.noted.append((self.field, other, answer))
        return answer

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = int.__hash__


class Learning:
    """The position remembered code runs on while its reads are noted: the cells (a copy noting what
    is read), the previous move's start and end (compared), and the attack questions it asks, each
    answered on the real position with the moving piece lifted (:meth:`threat`) and noted."""

    __slots__ = ("cells", "last_move", "real", "origin", "threats")

    def __init__(self, cells: ReadingCells, last_move: tuple[_Compared, _Compared], real: Any, origin: int) -> None:
        self.cells = cells
        self.last_move = last_move
        self.real = real
        self.origin = origin
        self.threats: list[tuple[Any, ...]] = []

    def threat(self, rules: Any, me: int, square: int, by_enemy: bool, hand: Any, work: Any, lifted: int) -> bool:
        """``[a]``/``[s]`` asked by the code: the board is the real one with the piece lifted, or it is
        not remembered."""
        if lifted != self.origin:
            raise Unremembered
        # Keyed as :meth:`~dagaz_studio.engine.attacks.AttackQuestions.fast_threat` keeps the answer.
        question = ((lifted, square, by_enemy, hand), me, square, by_enemy, hand)
        answer = _answered(rules, self.real, lifted, ((*question, True),), work)
        self.threats.append((*question, answer))
        return answer


class Unremembered(Exception):
    """Raised through code asking what cannot be remembered: its moves are found afresh each time."""


def _answered(rules: Any, position: Any, lifted: int, threats: tuple[tuple[Any, ...], ...], work: Any) -> bool:
    """Whether each attack question of ``threats`` (its key in the position's answers, then ``me``,
    ``square``, ``by_enemy`` and ``hand``, as
    :meth:`~dagaz_studio.engine.attacks.AttackQuestions.fast_threat` takes them, then the answer
    expected) gets that answer, asked of the real position with the piece on ``lifted`` lifted (the
    answers kept for the position in bulk work looked up first: the King asks the same again and
    again)."""
    cells = position.cells
    piece = cells[lifted]
    cells[lifted] = None
    known = work[4] if len(work) > 4 else {}
    try:
        for key, me, square, by_enemy, hand, answer in threats:
            got = known.get(key)
            if got is None:
                got = rules.fast_threat(position, me, square, by_enemy, hand, work, lifted)
            if got != answer:
                return False
        return True
    finally:
        cells[lifted] = piece


#: A function's first line (patterns compiled when first used: a command that remembers nothing
#: does not pay for them at start-up).
_DEF = r"(?m)^def \w+\(.*\):$"
#: How compiled code reads the previous move: its start and end squares, once, compared from then on.
_HISTORY = ("LMO = LMT = -1", "if P.last_move is not None: LMO, LMT = P.last_move[0], P.last_move[1]")
#: What compiled code may ask the rules, of the position it runs on: attack questions, and whether a
#: move's changes are what a rich light record stands for (read through the position's cells).
_ASKS = r"\bR\.(fast_threat|rich_light)\(P, "


@lru_cache(maxsize=256)
def readable(source: str) -> bool:
    """Whether the ``moves`` function of ``source`` reads only the squares by index and the previous
    move's squares by comparing them, and asks the rules nothing but attack questions and rich
    records."""
    body = re.sub(_DEF, "", source.split("\n\ndef ", 1)[0])
    for line in _HISTORY:
        body = body.replace(line, "")
    body = re.sub(_ASKS, "", body)
    return (re.search(r"\b[RP]\b", body) is None
            and all(m.group(1) == "[" for m in re.finditer(r"\bcells\b(.?)", body))
            and all(m.group(0).startswith("== ") for m in re.finditer(r"(?:== )?\bLM[OT]\b", body)))


#: How many times a piece's moves are asked for before they are no longer remembered, when they were
#: found as kept less than half the time.
GIVE_UP_AFTER = 32

#: How many states of what a piece's code read are kept for each square and piece, the latest first:
#: perft's sibling positions differ by one move, which changes a Pawn's squares and changes them back.
KEPT_STATES = 6


#: What is kept of a piece's moves from a square, in one state of what its code read: a getter of what
#: stands on the squares read (made once: it is asked at every position) and what it gave, the squares
#: the previous move's start and end were found to differ from, those they were found to be, the attack
#: questions asked (each with its key in the position's answers) with their answers, the moves found,
#: and (light records only) the squares they land or capture on and the kinds they promote to.
Remembered = tuple[Callable[[list[Any]], Any], Any, frozenset[object], frozenset[object],
                   tuple[tuple[int, object], ...], tuple[tuple[Any, ...], ...], list[Any],
                   frozenset[int] | None, frozenset[int]]


def _nothing_read(cells: list[Any]) -> tuple[()]:
    return ()


def remembered(rules: Any, moves: Callable[..., None], source: str,
               patience: int = GIVE_UP_AFTER) -> Callable[..., None] | None:
    """``moves`` (compiled, whose source is ``source``) remembering its moves from each square, or
    ``None`` where its code reads more than :func:`readable` allows; given up after ``patience`` asks
    found less than half the time as they were kept. Its ``quick_count`` says how
    many moves it has from a square, none landing or capturing on a square of ``watched`` nor
    promoting to a kind of ``royal`` (else -1); given ``dead``, the squares where each board kind
    could never move again, not those leaving the piece on one. Its ``by_content`` holds the states
    that read only the square the code starts on, by square and piece, then by what stands there."""
    if not readable(source):
        return None
    kept: dict[tuple[int, Any], list[Remembered]] = {}
    # The states that read the square asked about alone (a drop's), by what stands there: its own table.
    by_content: dict[tuple[int, Any], dict[Any, Remembered]] = {}
    given_up: list[bool] = []
    # How often the moves were asked for, and found as they were kept: where they are mostly found
    # afresh (capture chains that read much of the board), noting what is read costs more than it saves.
    asked = kept_found = 0

    def lookup(cells: list[Any], origin: int, piece: Any, work: Any, position: Any) -> Remembered | None:
        nonlocal asked, kept_found
        last = position.last_move
        if last is None:
            start = end = -1
        else:
            start, end = last[0], last[1]
        key = (origin, piece)
        states = kept.get(key)
        asked += 1
        if states is not None:
            for index, known in enumerate(states):
                read, values, not_start, not_end, equal, threats, _, _, _ = known
                if (read(cells) == values and start not in not_start and end not in not_end
                        and (not equal or all((end if field else start) == value for field, value in equal))
                        and (not threats or _answered(rules, position, origin, threats, work))):
                    kept_found += 1
                    if index:
                        # The latest found first: a state of the board seen again is often seen more.
                        states[index] = states[0]
                        states[0] = known
                    return known
        if given_up or (asked >= patience and kept_found * 2 < asked):
            given_up.append(True)
            return None
        noted: list[tuple[int, object, bool]] = []
        reading = ReadingCells(cells)
        found: list[Any] = []
        learning = Learning(reading, (_Compared(start, 0, noted), _Compared(end, 1, noted)), position, origin)
        try:
            moves(reading, origin, piece, found, set(), work, learning)
        except Unremembered:
            given_up.append(True)
            return None
        read = itemgetter(*reading.read) if reading.read else _nothing_read
        light = all(type(record) is Record for record in found)
        known = (
            read, read(cells),
            frozenset(value for field, value, answer in noted if field == 0 and not answer),
            frozenset(value for field, value, answer in noted if field == 1 and not answer),
            tuple((field, value) for field, value, answer in noted if answer), tuple(learning.threats), found,
            frozenset(chain.from_iterable((record.target, *record.captures) for record in found)) if light else None,
            frozenset(record.promoted for record in found if light and record.promoted is not None))
        if reading.read == {origin} and not noted and not learning.threats:
            by_content.setdefault(key, {})[cells[origin]] = known
        if states is None:
            kept[key] = [known]
        else:
            states.insert(0, known)
            del states[KEPT_STATES:]
        return known

    def run(cells: list[Any], origin: int, piece: Any, out: list[Any], seen: Any, work: Any, position: Any) -> None:
        known = None if given_up else lookup(cells, origin, piece, work, position)
        if known is None:
            moves(cells, origin, piece, out, seen, work, position)
        else:
            out += known[6]

    def count(cells: list[Any], origin: int, piece: Any, position: Any, watched: AbstractSet[int],
              royal: AbstractSet[int], work: Any, dead: tuple[frozenset[int], ...] | None = None) -> int:
        known = None if given_up else lookup(cells, origin, piece, work, position)
        if known is None or known[7] is None or not watched.isdisjoint(known[7]) or not royal.isdisjoint(known[8]):
            return -1
        if dead is None:
            return len(known[6])
        found = 0
        for record in known[6]:
            kind = piece[1] if record.promoted is None else record.promoted
            if kind >= len(dead):
                return -1  # a typed kind: not known
            found += record.target not in dead[kind]
        return found
    run.quick_count = count  # type: ignore[attr-defined]
    run.by_content = by_content  # type: ignore[attr-defined]
    return run
