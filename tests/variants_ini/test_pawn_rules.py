"""Imported pawns against Fairy-Stockfish where its rules meet: en passant on a FEN's square without
double steps, and Sittuyin's promotion beside double steps and other pawn types."""

from __future__ import annotations

import pytest

from dagaz_studio.variants_ini import import_file

pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare, fsf_games, fsf_positions  # noqa: E402

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


SITTUYIN = """[sitdouble:sittuyin]
doubleStep = true
doubleStepRegionWhite = *3 *4
doubleStepRegionBlack = *5 *6
[sitcustom:sittuyin]
customPiece1 = a:fmWfceFifmnD
pawnTypes = a
doubleStep = true
doubleStepRegionWhite = *3 *4
doubleStepRegionBlack = *5 *6
startFen = 8/8/4pppp/pppp4/4AAAA/AAAA4/8/8[KFRRSSNNkfrrssnn] w - - 0 1
"""


def test_sittuyins_pawn_promotes_by_no_step_and_another_pawn_type_by_moving_is_refused() -> None:
    # movegen.cpp promotes only its pawn in place: a double step onto a promotion square stays a
    # pawn. A custom pawn type promotes by moving, compulsorily, into its promotion squares while
    # promotionLimit allows (the Fers on f1 forbids it): refused, as it still gives check there.
    done, refused = import_file(SITTUYIN)
    assert [error.section for error in refused] == ["sitcustom"], refused
    assert "counts it as attacking the squares there" in refused[0].message
    games = fsf_games(SITTUYIN, ["sitdouble"], games=4, plies=80, seed=2)["sitdouble"]
    assert any(m == "d3d5" for g in games for _, moves in g for m in moves)
    assert compare(done[0].text, games) is None
    fens = ["8/8/2k5/8/4A3/8/8/4K3[] w - - 0 30", "8/8/2k5/8/4A3/8/8/4KF2[] w - - 0 30"]
    positions = fsf_positions(SITTUYIN, "sitcustom", fens)
    assert [("e4e5f" in moves, "e4e5" in moves) for _, moves in positions] == [(True, False), (False, False)]
    # The Fers on f1, the pawn on e4 may not go to d5, yet the Black King there is in check: his Knight
    # may not move.
    ((_, moves),) = fsf_positions(SITTUYIN, "sitcustom", ["8/8/8/3k4/4A3/8/n7/4KF2[] b - - 0 30"])
    assert moves and not [move for move in moves if move.startswith("a2")]


PARENTLESS = """[bare]
pawn = p
king = k
queen = q
startFen = 4k2q/P7/8/8/8/8/8/4K3 w - - 0 1
[barechoices]
pawn = p
king = k
queen = q
promotionPieceTypes = q
startFen = 4k2q/P7/8/8/8/8/8/4K3 w - - 0 1
"""


def test_a_section_without_a_parent_promotes_only_to_the_pieces_it_names() -> None:
    # parser.cpp starts such a section with no pieces, and no promotion choices: its pawn never
    # reaches the last rank unless promotionPieceTypes gives it something to become there.
    done, refused = import_file(PARENTLESS)
    assert not refused, refused
    for variant in done:
        positions = fsf_positions(PARENTLESS, variant.name, ["4k2q/P7/8/8/8/8/8/4K3 w - - 0 1"])
        assert ("a7a8q" in positions[0][1]) is (variant.name == "barechoices")
        assert compare(variant.text, [positions]) is None, variant.name


UNLIMITED = """[queenzero:chess]
promotionLimit = q:0
[queenhuge:chess]
promotionLimit = q:99999999999999999999999
[fersszero:sittuyin]
promotionLimit = f:0
"""


def test_a_promotion_limit_of_nought_or_past_any_board_is_no_limit() -> None:
    # variant.h: "0 means unlimited"; the Queen (the Fers in Sittuyin) is offered beside those on the board.
    done, refused = import_file(UNLIMITED)
    assert not refused, refused
    fens = {"queenzero": "3k4/P7/8/8/8/8/8/Q3K3 w - - 0 1", "queenhuge": "3k4/P7/8/8/8/8/8/Q3K3 w - - 0 1", "fersszero": "8/8/2k5/3P4/8/5K2/4F3/8[] w - - 0 30"}
    for variant in done:
        positions = fsf_positions(UNLIMITED, variant.name, [fens[variant.name]])
        assert {"a7a8q", "d5e4f"} & set(positions[0][1]), variant.name
        assert compare(variant.text, [positions]) is None, variant.name
