"""``rule: rights-by-column``: a FEN's castling field naming, by column, the unmoved pieces of each
player's first row (Ouk Chatrang's ``DEde``), read and written as Fairy-Stockfish does."""

from __future__ import annotations

import random

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import FenError, Position
from dagaz_studio.engine.rules import Rules
from tests.helpers.variants_oracle import uci_names

sf = pytest.importorskip("pyffish")

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR"


def test_the_rights_field_follows_pyffish_through_random_games() -> None:
    board = load_board("cambodian")
    rules = Rules(board)
    for seed in range(4):
        rng = random.Random(seed)
        fen = sf.start_fen("cambodian")
        position = Position.from_fen(board, fen)
        for _ in range(30):
            moves = sf.legal_moves("cambodian", fen, [])
            if not moves:
                break
            move = rng.choice(moves)
            (found,) = [m for m in legal_moves(rules, position) if move in uci_names(board, rules, [m])]
            make_move(position, found)
            fen = sf.get_fen("cambodian", fen, [move])
            assert position.fen().split()[2] == fen.split()[2], (seed, move, fen)


@pytest.mark.parametrize("rights", ["DEde", "Dde", "Ee", "e", "-"])
def test_rights_are_written_as_read_and_decide_the_first_moves(rights: str) -> None:
    board = load_board("cambodian")
    fen = f"{START.replace('PPPPPPPP/8', 'PPPP1PPP/8')} w {rights} - 0 1"
    position = Position.from_fen(board, fen)
    assert position.fen().split()[2] == rights
    rules = Rules(board)
    ours = set(uci_names(board, rules, legal_moves(rules, position)))
    assert ours == set(sf.legal_moves("cambodian", fen, []))


def test_a_right_naming_no_piece_of_the_first_row_is_refused() -> None:
    with pytest.raises(FenError, match="'A' names no piece"):
        Position.from_fen(load_board("cambodian"), f"{START.replace('R', '1', 1)} w ADEde - 0 1")
