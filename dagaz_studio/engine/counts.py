"""What compiled code counts on a board, for every board kind (``[=n-m]``, ``[=n-m@zone]``,
``[=n-m:Name]``, a promotion to a lost piece and a piece's moves in a row), as the written code and the tests' oracle count it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dagaz_studio.engine.heaps import Heap, heap_size
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.runs import Runs, run_length


def zone_size(cells: list[Any], squares: tuple[int, ...]) -> int:
    """How many pieces the squares hold in all."""
    total = 0
    for square in squares:
        cell = cells[square]
        if cell is not None:
            total += sum(cell[3]) if type(cell) is Heap else heap_size(cell)
    return total


def zone_holds(cells: list[Any], squares: tuple[int, ...]) -> bool:
    """Whether the squares hold a piece at all (:func:`zone_size` at least 1)."""
    for square in squares:
        cell = cells[square]
        if cell is not None and (type(cell) is not Heap or any(cell[3])):
            return True
    return False


def own_pieces(cells: list[Any], squares: Sequence[int] | None, kind: int, me: int) -> int:
    """How many pieces of ``kind`` of player ``me`` stand on ``squares`` (``None``: the whole board).
    A column counts as its top piece, which owns it; a heap belongs to nobody (player -1)."""
    found = 0
    for square in range(len(cells)) if squares is None else squares:
        cell = cells[square]
        if cell is not None and cell[1] == kind and cell[0] == me:
            found += 1
    return found


def pieces_held(cells: list[Any], hands: Sequence[Sequence[int]], me: int, kind: int) -> int:
    """How many pieces of ``kind`` player ``me`` has on the board (:func:`own_pieces`) and in hand:
    what ``[+?Name]``, its setup's count and ``end collect`` count."""
    have = own_pieces(cells, None, kind, me)
    if hands and me < len(hands) and kind < len(hands[me]):
        have += hands[me][kind]
    return have


def has_lost(cells: list[Any], hands: Sequence[Sequence[int]], me: int, kind: int, setup: int) -> bool:
    """``[+?Name]``: whether player ``me`` has fewer pieces of ``kind`` on the board and in hand than
    the board's setup gave him (``setup``; the piece in hand, being promoted, is not counted)."""
    return pieces_held(cells, hands, me, kind) < setup


def run_count(runs: Runs, piece: Any, square: int) -> int:
    """``[u0-2]``: how many moves in a row ``piece``, standing on ``square``, has made without
    capturing (a heap or a column: none)."""
    return run_length(runs, piece.player, square) if type(piece) is Piece else 0
