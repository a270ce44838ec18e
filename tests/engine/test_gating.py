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


#: Shuffled S-chess (Fairy-Stockfish's seirawan with Chess960 castling): a side that holds nothing has
#: no gates written, and its castling rights are its Rooks' columns alone (HA, the King's unnamed).
SEIRAWAN960 = [
    "r3kb2/pp1bpppr/n7/2pnq1Bp/3PP1h1/NP1B2NE/P1P2PPP/RH2K2R[e] w HAaef - 13 14",
    "r3k2r/8/8/8/8/8/8/R3K2R[] b Hh - 0 1",
    "rk5r/8/8/8/8/8/8/RK5R[h] w HAhb - 0 1",
    "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[EHeh] w GDABCEFHgdabcefh - 0 1",
]


@pytest.mark.parametrize("fen", SEIRAWAN960)
def test_shuffled_s_chess_castles_and_gates_as_fairy_stockfish_reads_its_fen(fen: str) -> None:
    board = load_board("seirawan")
    rules = Rules(board)
    assert sf.get_fen("seirawan", fen, [], True) == fen
    position = Position.from_fen(board, fen)
    expected = set(sf.legal_moves("seirawan", fen, [], True))
    assert uci_names(board, rules, legal_moves(rules, position), chess960=True) == expected
    assert position.fen() == fen
