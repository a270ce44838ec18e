"""Compiled runs free what they make by reference counting: no garbage left in cycles.

perft pauses Python's cycle collector; every object a run leaves in a cycle waits for a collection,
and collecting them took a twentieth of a perft's time. A compiled notation's local functions that
call themselves (a repetition's, the implicit end of a notation that lifts and puts) are let go when
the run is done, so a run leaves nothing for the collector.
"""

from __future__ import annotations

import gc

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine.light_path import light_legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: Kiwipete: both Kings may castle (castling lifts and puts); Fanorona's start: capture chains (partial
#: moves, repetitions of several ways); chess's start: plain moves.
CASES = [("chess", KIWIPETE), ("fanorona", None), ("chess", None)]


def _unreachable_after(work: object) -> int:
    """How many objects in cycles ``work`` left, the collector paused meanwhile."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        work()  # type: ignore[operator]
        return gc.collect()
    finally:
        if was:
            gc.enable()


@pytest.mark.parametrize("name, fen", CASES)
def test_compiled_moves_leave_no_cycles(name: str, fen: str | None) -> None:
    board = load_board(name)
    rules = Rules(board)
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    assert light_legal_moves(rules, position)  # compiled and warmed: what is made once is not counted

    def work() -> None:
        for _ in range(3):
            light_legal_moves(rules, position)
    assert _unreachable_after(work) == 0

