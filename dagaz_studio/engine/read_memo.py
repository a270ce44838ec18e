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

#: How many states of what a piece's code read are kept for each square, the latest first:
#: perft's sibling positions differ by one move, which changes a Pawn's squares and changes them back.
KEPT_STATES = 6


#: One state of what a run read, as :func:`read_memo` keeps it: a getter of what stands on the squares
#: read (made once: it is asked at every position) and what it gave; what else it read (``None``:
#: nothing), the squares the previous move's start and end were found to differ from and to be, and
#: the attack questions asked (each with its key in the position's answers) with their answers; then
#: the run's result, as its learner gave it.
Kept = tuple[Any, ...]


def read_memo(learn: Callable[..., tuple[Any, ...]], rules: Any = None,
              patience: int = GIVE_UP_AFTER) -> tuple[Callable[..., Kept | None], list[bool]]:
    """A run's results remembered by what it read: ``known(cells, origin, piece, work, position)``
    gives the state kept for ``origin`` that stands (the squares read standing as they stood, the
    previous move's squares comparing as they compared, ``rules`` answering the attack questions as
    they answered), or learns one: ``learn(reading, origin, piece, work, position, start, end)`` runs
    on ``reading``, a :class:`ReadingCells` copy of the cells, the previous move's squares given, and
    returns what else it read, then the result. The square the run starts on is among those read, so
    its piece is too. Up to :data:`KEPT_STATES` states are kept a square, the latest found first.
    ``known`` gives ``None`` (the caller runs afresh) where none stands and none is learnt any more:
    once ``patience`` asks were found less than half the time as they were kept, or a run raised
    :class:`Unremembered`, when the list given with it is no longer empty."""
    kept: dict[int, list[Kept]] = {}
    given_up: list[bool] = []
    # How often a state was asked for, and learnt afresh: where most are learnt (capture chains that
    # read much of the board), noting what is read costs more than it saves.
    asked = learnt = 0

    def known(cells: list[Any], origin: int, piece: Any, work: Any, position: Any) -> Kept | None:
        nonlocal asked, learnt
        asked += 1
        states = kept.get(origin)
        if states is not None:
            state = states[0]
            if state[2] is None and state[0](cells) == state[1]:
                return state  # the usual case, at once
        last = position.last_move
        start, end = (-1, -1) if last is None else (last[0], last[1])
        if states is not None:
            # (The first state, where nothing else must hold, is looked at already.)
            for index in range(states[0][2] is None, len(states)):
                state = states[index]
                extra = state[2]
                if state[0](cells) == state[1] and (extra is None or (
                        start not in extra[0] and end not in extra[1]
                        and (not extra[2] or extra[2] <= {(0, start), (1, end)})
                        and (not extra[3] or _answered(rules, position, origin, extra[3], work)))):
                    if index:
                        # The latest found first: a state of the board seen again is often seen more.
                        states[index] = states[0]
                        states[0] = state
                    return state
        learnt += 1
        if given_up or (asked >= patience and learnt * 2 > asked):
            given_up.append(True)
            return None
        reading = ReadingCells(cells)
        try:
            result = learn(reading, origin, piece, work, position, start, end)
        except Unremembered:
            given_up.append(True)
            return None
        reading.read.add(origin)
        read = itemgetter(*reading.read)
        state = (read, read(cells), *result)
        if states is None:
            kept[origin] = [state]
        else:
            states.insert(0, state)
            del states[KEPT_STATES:]
        return state
    return known, given_up


def remembered(rules: Any, moves: Callable[..., None], source: str,
               patience: int = GIVE_UP_AFTER) -> Callable[..., None] | None:
    """``moves`` (compiled, whose source is ``source``) remembering its moves from each square by
    :func:`read_memo` (given up as it says, after ``patience`` asks), or ``None`` where its code reads
    more than :func:`readable` allows. A state's result: the moves found and (light records only) the
    squares they land or capture on and the kinds they promote to. Its ``quick_count`` says how many
    moves it has from a square, none landing or capturing on a square of ``watched`` nor promoting to
    a kind of ``royal`` (else -1); given ``dead``, the squares where each board kind could never move
    again, not those leaving the piece on one. Its ``by_content`` holds the moves of the states that
    read only the square the code starts on, by square and piece, then by what stands there."""
    if not readable(source):
        return None
    # The states that read the square asked about alone (a drop's), by what stands there: its own table.
    by_content: dict[tuple[int, Any], dict[Any, list[Any]]] = {}

    def learn(reading: ReadingCells, origin: int, piece: Any, work: Any, position: Any, start: int,
              end: int) -> tuple[Any, ...]:
        noted: list[tuple[int, object, bool]] = []
        found: list[Any] = []
        learning = Learning(reading, (_Compared(start, 0, noted), _Compared(end, 1, noted)), position, origin)
        moves(reading, origin, piece, found, set(), work, learning)
        light = all(type(record) is Record for record in found)
        if not noted and not learning.threats:
            if reading.read == {origin}:
                by_content.setdefault((origin, piece), {})[_list_item(reading, origin)] = found
            extra = None
        else:
            extra = (frozenset(value for field, value, answer in noted if field == 0 and not answer),
                     frozenset(value for field, value, answer in noted if field == 1 and not answer),
                     frozenset((field, value) for field, value, answer in noted if answer), tuple(learning.threats))
        return (extra, found,
                frozenset(chain.from_iterable((record.target, *record.captures) for record in found)) if light else None,
                frozenset(record.promoted for record in found if light and record.promoted is not None))

    known, given_up = read_memo(learn, rules, patience)

    def run(cells: list[Any], origin: int, piece: Any, out: list[Any], seen: Any, work: Any, position: Any) -> None:
        state = None if given_up else known(cells, origin, piece, work, position)
        if state is None:
            moves(cells, origin, piece, out, seen, work, position)
        else:
            out += state[3]

    def count(cells: list[Any], origin: int, piece: Any, position: Any, watched: AbstractSet[int],
              royal: AbstractSet[int], work: Any, dead: tuple[frozenset[int], ...] | None = None) -> int:
        state = None if given_up else known(cells, origin, piece, work, position)
        if state is None or state[4] is None or not watched.isdisjoint(state[4]) or not royal.isdisjoint(state[5]):
            return -1
        if dead is None:
            return len(state[3])
        found = 0
        for record in state[3]:
            kind = piece[1] if record.promoted is None else record.promoted
            if kind >= len(dead):
                return -1  # a typed kind: not known
            found += record.target not in dead[kind]
        return found
    run.quick_count = count  # type: ignore[attr-defined]
    run.by_content = by_content  # type: ignore[attr-defined]
    return run

