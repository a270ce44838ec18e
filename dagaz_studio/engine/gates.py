"""Gating (``gate: ZONE``, docs/boards.md): a piece from its player's hand entering, as part of a
move, on a square of the zone that an unmoved piece of the mover leaves. The FEN's castling field,
which names those unmoved pieces by their columns (``KQBCDFGkqbcdfg``), is read and written with the
castling rights (:mod:`~dagaz_studio.engine.castling`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from dagaz_studio.engine.making import made
from dagaz_studio.engine.state import Piece

if TYPE_CHECKING:
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.engine.values import Move


def gated_moves(rules: Rules, position: Position, moves: list[Move]) -> list[Move]:
    """Each of ``moves`` that empties a square of the gate zone where an unmoved piece of the mover
    stood (its own square, or its castling partner's), once more for each piece type the mover
    holds, that piece entering there."""
    board = rules.board
    me = position.turn
    held = [kind for kind, count in enumerate(position.hands[me]) if count > 0] if position.hands else []
    if not held or board.gate is None:
        return []
    zone = board.zones[board.gate].squares_for(board.players[me])
    cells = position.cells
    out = []
    for move in moves:
        if move.dropped or move.passes:
            continue
        after = dict(move.changes)
        for square in (move.origin, *(origin for origin, _ in move.also)):
            piece = cells[square]
            if (square not in zone or piece is None or piece.player != me or piece.moved
                    or square not in after or after[square] is not None):
                continue
            for kind in held:
                if not _droppable(rules, position, move, square, kind):
                    continue
                entering = Piece(me, kind, True)
                changes = tuple((s, entering if s == square else p) for s, p in move.changes)
                out.append(replace(move, changes=changes, gate=(square, rules.kind_names[kind])))
    return out


def _droppable(rules: Rules, position: Position, move: Move, square: int, kind: int) -> bool:
    """Whether a piece of ``kind`` may enter on ``square`` after ``move``: where the board drops it
    (a drop notation), only where that notation would drop it, the move made (a pawn not on its
    first row)."""
    if rules.drop_program(kind, position.turn) is None:
        return True
    me = position.turn
    with made(rules, position, move):
        position.turn = me
        return any(drop.target == square for drop in rules.run_drop(position, kind, square).moves)
