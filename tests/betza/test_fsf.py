"""Betza pieces translated to the Dagaz notation move as Fairy-Stockfish moves them.

Hundreds of random pieces of the subset both read alike, each on random positions with blockers
of both colours, with the piece on either side; Fairy-Stockfish runs in a child process.
"""

from __future__ import annotations

import random

import pytest

from dagaz_studio.betza import read_betza, to_dagaz
from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.notation import parse_notation
from tests.helpers.betza_pieces import dagaz_targets, random_piece, random_position
from tests.helpers.paths import DATA

pytest.importorskip("pyffish")
from tests.helpers.fsf_oracle import ask, piece_section  # noqa: E402

BOARD = DATA / "betza-8x8.board"

@pytest.mark.slow  # the subset both programs read alike: tests/betza/test_fsf_dialect.py reads them all
def test_random_pieces_move_as_fairy_stockfish_moves_them() -> None:
    rng = random.Random(20261123)
    pieces = []
    while len(pieces) < 300:
        text = random_piece(rng)
        if text not in pieces:
            pieces.append(text)
    board = load_board(str(BOARD))
    rules = Rules(board)
    ini = "".join(piece_section(f"bz{i}", text) for i, text in enumerate(pieces))
    queries, expected_keys = [], []
    for i, text in enumerate(pieces):
        for n in range(4):
            fen, square = random_position(rng, black=n % 2 == 1)
            queries.append((f"bz{i}", fen, []))
            expected_keys.append((text, fen, square))
    answers = ask(ini, queries)
    kinds: dict[str, int] = {}
    moved = 0
    for (text, fen, square), answer in zip(expected_keys, answers):
        assert answer is not None, text
        want = {m[2:4] if m[3].isdigit() and len(m) == 4 else m[2:] for m in answer if m[:2] == square}
        if text not in kinds:
            kinds[text] = rules.custom_kind(parse_notation(to_dagaz(read_betza(text, dialect="fsf"))), name=text)
        got = dagaz_targets(rules, kinds[text], fen, square)
        assert got == want, f"{text} -> {to_dagaz(read_betza(text, dialect='fsf'))} on {fen} at {square}"
        moved += bool(got)
    assert moved > 600
