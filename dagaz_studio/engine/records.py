"""What compiled code keeps of a move: light records, below the compiler that writes the code
(:mod:`~dagaz_studio.engine.compiler`) and the rules' parts that read them."""

from __future__ import annotations

from dagaz_studio.engine.values import Move

#: A light move: (target, captures, promotion kind or None, direction index of the last step or None).
Record = tuple[int, tuple[int, ...], int | None, int | None]


#: A light move of a notation that lifts or puts (castling, a capture chain): a :data:`Record` followed by
#: where its earlier partial moves ended, where its last partial move began, and the other pieces it
#: displaced, as (from, to) pairs. What it changes follows from these (:func:`rich_effects` in
#: ``rules.py``); a move whose changes do not is built whole instead.
RichRecord = tuple[int, tuple[int, ...], int | None, int | None, tuple[int, ...], int, tuple[tuple[int, int], ...]]

#: What compiled code finds for one piece: light records, and the moves it keeps whole.
Entries = list[Record | RichRecord | Move]
