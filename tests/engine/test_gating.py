"""Gating (``gate:``): the FEN's castling field, which names the unmoved pieces a piece from hand
may enter behind, written as Fairy-Stockfish writes it, position after position of seeded random
S-chess and S-House games played by pyffish; and the moves' names read back."""

from __future__ import annotations

import random

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules

sf = pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import uci_names  # noqa: E402


def _fields(fen: str) -> tuple[str, str, str, str]:
    """Placement, the hands' letters sorted, side to move and castling field (rights and gates)."""
    placement, side, castling = fen.split()[:3]
    board, _, hand = placement.partition("[")
    return board, "".join(sorted(hand.rstrip("]"))), side, castling


@pytest.mark.parametrize("variant", ["seirawan", "shouse"])
def test_the_castling_field_names_the_gates_as_fairy_stockfish_does(variant: str) -> None:
    board = load_board(variant)
    rules = Rules(board)
    for game in range(2):
        rng = random.Random(f"gates-{variant}-{game}")
        fen = sf.start_fen(variant)
        position = Position.from_fen(board, fen)
        for _ in range(30):
            moves = sf.legal_moves(variant, fen, [])
            if not moves:
                break
            move = rng.choice(moves)
            found = [m for m in legal_moves(rules, position) if move in uci_names(board, rules, [m])]
            assert len(found) == 1, (fen, move)
            make_move(position, found[0])
            fen = sf.get_fen(variant, fen, [move])
            assert _fields(position.fen()) == _fields(fen), (move, position.fen(), fen)
            assert _fields(Position.from_fen(board, fen).fen()) == _fields(fen)
