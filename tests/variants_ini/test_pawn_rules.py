"""Imported pawns against Fairy-Stockfish where its rules meet: en passant on a FEN's square without
double steps, and Sittuyin's promotion beside double steps and other pawn types."""

from __future__ import annotations

import pytest

from dagaz_studio.variants_ini import import_file

pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare, fsf_positions  # noqa: E402

NO_DOUBLE_STEP = """[nodouble:chess]
doubleStep = false
[nodoubleshatranj:shatranj]
[nodoublesittuyin:sittuyin]
"""


def test_a_pawn_without_double_steps_takes_en_passant_on_the_square_a_fen_names() -> None:
    # Fairy-Stockfish reads a FEN's en-passant square whatever the pawns' steps, the enemy pawn one
    # square ahead of it or two, and its pawn takes there the first piece behind the square.
    fens = ["rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "4k3/8/8/4P3/3p4/8/8/4K3 b - e3 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"]
    sittuyin = ["8/8/2k5/3pP3/8/5K2/8/8[] w - d6 0 20", "8/8/2k5/8/3pP3/5K2/8/8[] b - e3 0 20"]
    done, refused = import_file(NO_DOUBLE_STEP)
    assert not refused, refused
    for variant in done:
        positions = fsf_positions(NO_DOUBLE_STEP, variant.name, sittuyin if "sittuyin" in variant.name else fens)
        assert {"d4e3", "e5d6"} & set(positions[0][1]), variant.name
        assert compare(variant.text, [positions]) is None, variant.name

