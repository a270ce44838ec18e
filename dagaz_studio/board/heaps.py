"""Reading and writing the placement of a heap board (``kind: heap``, docs/boards.md).

A heap board's square holds a heap of pieces, possibly of several types (a mancala pit's seeds).
Counts being numbers, empty squares are not run together: every square of a row is written,
separated by commas, ``0`` for an empty one. A heap is its count followed by the pieces' letter
(``3s``), several types one after another (``2s1r``); a bare count (``4``) stands for as many
pieces of the board's first piece type. Rows are separated by ``/`` from the top of the grid, as on
any board::

    4,4,4,4,4,4/4,4,4,4,4,4
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dagaz_studio.board.placement import PlacementError, flat_rows
from dagaz_studio.board.problems import echoed

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board

#: The most pieces one heap, or all a placement's heaps together, may hold: more than any game has
#: (Toguz Kumalak's 162 seeds), few enough that a pit holding every one of them is sown in one move,
#: each seed a pass of a repetition, within the run's depth of repetitions (4,000: Oware sows 3,667).
MAX_HEAP = 1_000

_PAIR = re.compile(r"([0-9]+)([A-Za-z])")


def parse_heap(board: Board, text: str, offset: int = 0) -> tuple[int, ...]:
    """The counts of each of the board's piece types (in board order) a heap's text says.

    Raises :class:`PlacementError` (``offset`` is where ``text`` begins) for anything else: a
    negative count, a letter no piece has, a count out of range.
    """
    kinds = list(board.pieces.values())
    counts = [0] * len(kinds)
    if not kinds:
        raise PlacementError("a heap board needs a piece type for its heaps' pieces", offset)
    if text.isascii() and text.isdigit():
        counts[0] = _count(text, offset)
        return tuple(counts)
    if text.startswith("-"):
        raise PlacementError(f"a negative count '{echoed(text)}': a heap holds 0 or more pieces", offset)
    position = 0
    while position < len(text):
        match = _PAIR.match(text, position)
        if match is None:
            raise PlacementError(f"'{echoed(text)}' is not a heap: write a count ('4'), or counts each followed by "
                                 "a piece letter ('2s1r')", offset + position)
        piece = board.piece_by_letter(match.group(2))
        if piece is None:
            raise PlacementError(f"no piece has the letter '{echoed(match.group(2))}'", offset + match.start(2))
        kind = kinds.index(piece)
        counts[kind] += _count(match.group(1), offset + position)
        if counts[kind] > MAX_HEAP:
            raise PlacementError(f"a heap of more than {MAX_HEAP:,} pieces", offset + position)
        position = match.end()
    if not text:
        raise PlacementError("an empty heap is written '0'", offset)
    return tuple(counts)


def _count(digits: str, offset: int) -> int:
    if len(digits.lstrip("0")) > len(str(MAX_HEAP)) or int(digits) > MAX_HEAP:
        raise PlacementError(f"a heap of {digits} pieces: at most {MAX_HEAP:,}", offset)
    return int(digits)


def format_heap(board: Board, counts: tuple[int, ...]) -> str:
    """A heap as the placement writes it: ``0``, ``4`` (of the first piece type), ``2s1r``."""
    if not any(counts[1:]):
        return str(counts[0] if counts else 0)
    kinds = list(board.pieces.values())
    return "".join(f"{count}{kinds[kind].letter}" for kind, count in enumerate(counts) if count)


def parse_heap_placement(board: Board, placement: str) -> dict[int, tuple[int, ...]]:
    """The heaps a placement puts on the board: square index -> counts of each piece type (only the
    squares holding pieces). ``placement`` is the first field of a FEN (a whole FEN is accepted)."""
    rows, start = flat_rows(board, placement, "heap")
    width = len(board.column_names)
    heaps: dict[int, tuple[int, ...]] = {}
    offset, held = start, 0
    for row_index, row in enumerate(rows):
        items = row.split(",")
        if len(items) != width:
            raise PlacementError(f"row {row_index + 1} from the top has {len(items)} squares, the grid has {width}: "
                                 "a heap board writes every square, separated by commas", offset)
        at = offset
        for column, item in enumerate(items):
            counts = parse_heap(board, item, at)
            held += sum(counts)
            if held > MAX_HEAP:
                raise PlacementError(f"the heaps hold more than {MAX_HEAP:,} pieces in all: a pit holding them "
                                     "all could not be sown in one move", at)
            if any(counts):
                heaps[board.index(board.column_names[column] + board.row_names[row_index])] = counts
            at += len(item) + 1
        offset += len(row) + 1
    return heaps


def format_heap_placement(board: Board, heaps: dict[int, tuple[int, ...]]) -> str:
    """The placement field of a heap board: every square's heap, rows from the top."""
    empty = (0,) * len(board.pieces)
    rows = []
    for row in board.row_names:
        rows.append(",".join(format_heap(board, heaps.get(board.index(column + row), empty))
                             for column in board.column_names))
    return "/".join(rows)
