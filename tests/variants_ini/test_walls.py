"""Walls a move places (wallingRule) with pieces that also take, against Fairy-Stockfish."""

from __future__ import annotations

import pytest

from dagaz_studio.variants_ini import import_file

pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare, fsf_positions  # noqa: E402

TAKING = """[arrowtaker:amazons]
customPiece1 = a:KN
startFen = 3a2a3/10/a8a/10/10/10/10/A8A/10/3A2A3 w - - 0 1
[statictaker:chess]
king = -
wallingRule = static
castling = false
customPiece1 = a:KN
startFen = 4a3/8/8/8/8/8/4A3/6A1 w - - 0 1
"""


@pytest.mark.parametrize("name, fen", [
    ("arrowtaker", "6a3/3*a5/a8a/10/10/10/5*4/A8A/4A5/6A3 w - - 2 2"),
    ("statictaker", "4a3/8/8/8/8/8/4A3/6A1 w - - 0 1"),
])
def test_a_piece_that_walls_after_its_move_never_lands_on_a_friend(name: str, fen: str) -> None:
    # The Knight's leap e2-g1 would land on White's own piece.
    done, refused = import_file(TAKING, [name])
    assert not refused, refused
    positions = fsf_positions(TAKING, name, [fen])
    assert not any(move.startswith("e2g1") for move in positions[0][1])
    assert compare(done[0].text, [positions]) is None


PROMOTED = """[housewalls:crazyhouse]
startFen = rnbqkbnr/pppppppp/8/2*2*2/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1
"""


def test_a_promoted_piece_never_lands_on_a_wall_either() -> None:
    # Black's promoted Queen on d3 (q~, which goes back to hand as a pawn) may not go to f5, a wall.
    [variant], refused = import_file(PROMOTED)
    assert not refused, refused
    fen = "1n1qkb1r/r2p1p1p/p1p1p1NP/p1*2*p1/PpPP2K1/RNNq~2P1/4Q1B1/2n~5[Brb] b k - 0 25"
    positions = fsf_positions(PROMOTED, "housewalls", [fen])
    assert "d3e4" in positions[0][1] and "d3f5" not in positions[0][1]
    assert compare(variant.text, [positions]) is None


ATOMIC_DUCK = """[atomicduck:atomic]
wallingRule = duck
stalemateValue = win
"""


def test_the_duck_after_an_explosion_is_refused_saying_where_fairy_stockfish_puts_it() -> None:
    # The Queen takes on c5, whose blast empties b6 too: Fairy-Stockfish puts the Duck on d4, which the
    # Queen left, but not on b6, which the blast empties.
    done, refused = import_file(ATOMIC_DUCK)
    assert not done and "not on one its blast empties" in refused[0].message
    ((_, moves),) = fsf_positions(ATOMIC_DUCK, "atomicduck", ["4k3/8/1r6/2n5/3Q4/8/8/4K2* w - - 0 1"])
    assert "d4c5,c5d4" in moves and "d4c5,c5b6" not in moves


WALLED_RULES = """[pastking:chess]
wallingRule = past
castling = false
[stuckwalls:chess]
king = -
wallingRule = static
immobilityIllegal = true
castling = false
customPiece1 = a:fmW
startFen = 8/aaaaaaaa/8/8/8/8/AAAAAAAA/8 w - - 0 1
"""


def test_walls_with_a_king_or_with_immobility_illegal_are_refused_saying_how_fairy_stockfish_plays_them() -> None:
    done, refused = import_file(WALLED_RULES)
    assert not done
    king, stuck = (error.message for error in refused)
    assert "wallingRule = past with a King" in king and "before its wall is placed" in king
    assert "immobilityIllegal with walls" in stuck and "walls stand on as off the board" in stuck
    # The Rook on e2 is pinned though the wall it leaves there would shield its King; the piece on e2
    # may not step to e3, below the wall on e4, though it could still move were e4 a square.
    ((_, pinned),) = fsf_positions(WALLED_RULES, "pastking", ["4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1"])
    assert not any(move.startswith("e2a2") for move in pinned) and "e2e3,e3e2" in pinned
    ((_, below),) = fsf_positions(WALLED_RULES, "stuckwalls", ["8/aaaaaaaa/8/8/4*3/8/AAAAAAAA/8 w - - 0 1"])
    assert not any(move.startswith("e2") for move in below) and any(move.startswith("d2d3") for move in below)
