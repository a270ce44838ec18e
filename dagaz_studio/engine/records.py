"""What compiled code keeps of a move: light records, below the compiler that writes the code
(:mod:`~dagaz_studio.engine.compiler`) and the rules' parts that read them; and the light path's legal
move, a piece and its square with a record.

Named tuples (as python-chess's ``Move``): each is read by its fields' names, and made as fast as a
tuple where millions are (``tuple.__new__(Record, (...))``, as the written code makes them)."""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.values import Move


class Record(NamedTuple):
    """A light move: what it changes follows from the piece that makes it and where it stands."""

    #: Where the piece lands.
    target: int
    #: Where it captures (its target among them when it captures there).
    captures: tuple[int, ...]
    #: The kind it promotes to, or ``None``.
    promoted: int | None
    #: The direction index of its last step, or ``None``.
    direction: int | None


class RichRecord(NamedTuple):
    """A light move of a notation that lifts or puts (castling, a capture chain): a :class:`Record`'s
    fields and where its earlier partial moves ended, where its last partial move began, and the other
    pieces it displaced. What it changes follows from these (:func:`~dagaz_studio.engine.light_records.
    rich_effects`); a move whose changes do not is built whole instead."""

    target: int
    captures: tuple[int, ...]
    promoted: int | None
    direction: int | None
    stops: tuple[int, ...]
    start: int
    #: The other pieces displaced, as (from, to) pairs.
    also: tuple[tuple[int, int], ...]


class LightMove(NamedTuple):
    """A legal move of the light path (perft, bulk work): the piece on ``origin`` and its record, turned
    into a full :class:`Move` only when asked (:meth:`~dagaz_studio.engine.light_records.LightRecords.
    record_move`)."""

    origin: int
    piece: Piece
    record: Record | RichRecord


#: What compiled code finds for one piece: light records, and the moves it keeps whole.
Entries = list[Record | RichRecord | Move]
#: One legal move of the light path: a light move, or a :class:`Move` where no record stands for it.
Entry = LightMove | Move

#: Each record's target, captures and promotion, read in bulk (``map``) at a tuple's speed.
targets = itemgetter(Record._fields.index("target"))
captured = itemgetter(Record._fields.index("captures"))
promotions = itemgetter(Record._fields.index("promoted"))
#: What tells a record's move from another's of the same piece, as the runner tells moves apart: where
#: it lands, what it captures and promotes to (and a rich record's stops and displaced pieces).
plain_key = itemgetter(*map(Record._fields.index, ("target", "captures", "promoted")))
rich_key = itemgetter(*map(RichRecord._fields.index, ("target", "captures", "promoted", "stops", "also")))

