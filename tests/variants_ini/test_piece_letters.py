"""Pieces a section names, as Fairy-Stockfish adds them: a predefined piece keeps its own moves, and
a letter given again, or to another piece, moves the promotion choices as its pieces go."""

from __future__ import annotations

import pytest

from dagaz_studio.variants_ini import import_file

pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare, fsf_positions, imports_and_plays_alike  # noqa: E402

PREDEFINED_BETZA = """[knightwazir:chess]
knight = n:W
[centaurking:chess]
king = k:KN
"""


def test_a_predefined_piece_keeps_its_moves_whatever_betza_follows_its_letter_but_the_king() -> None:
    # parser.cpp reads the Betza after the letter only for the King, as a custom royal piece.
    done, refused = import_file(PREDEFINED_BETZA)
    assert not refused, refused
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    after = "rnbqkbnr/pppppppp/8/8/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 1"
    for variant in done:
        positions = fsf_positions(PREDEFINED_BETZA, variant.name, [fen, after])
        assert "b1c3" in positions[0][1] and ("e1d3" in positions[1][1]) is (variant.name == "centaurking")
        assert compare(variant.text, [positions]) is None, variant.name


LETTERS = """[knightagain:chess]
knight = n
[knightrenamed:chess]
knight = x
startFen = rxbqkbxr/pppppppp/8/8/8/8/PPPPPPPP/RXBQKBXR w KQkq - 0 1
[swapped:chess]
queen = n
knight = q
startFen = rqbnkbqr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBQR w KQkq - 0 1
"""


@pytest.mark.parametrize("name, choices", [
    # The Knight given its letter again is removed and added back: no longer a promotion choice.
    ("knightagain", {"q", "r", "b"}),
    # A Knight lettered anew stays one, by its new letter.
    ("knightrenamed", {"q", "r", "b", "x"}),
    # The Knight, added first, takes the Queen's letter, which removes the Queen; the Queen comes back
    # as n, no longer a choice: the Knight (q) is.
    ("swapped", {"q", "r", "b"}),
])
def test_the_promotion_choices_follow_the_pieces_as_fairy_stockfish_adds_them(name: str, choices: set[str]) -> None:
    done, refused = import_file(LETTERS, [name])
    assert not refused, refused
    positions = fsf_positions(LETTERS, name, ["4k3/P7/8/8/8/8/8/4K3 w - - 0 1"])
    assert {move[4:] for move in positions[0][1] if move.startswith("a7a8")} == choices
    assert compare(done[0].text, [positions]) is None


GROUPED = """[grouped:chess]
customPiece1 = a:(99999999)W
castling = false
startFen = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1
"""


def test_a_custom_pieces_parenthesised_group_is_read_as_fairy_stockfish_reads_it() -> None:
    # piece.cpp skips what it does not know: (99999999)W is a Wazir, not a failure.
    [variant], refused = import_file(GROUPED)
    assert not refused, refused
    positions = fsf_positions(GROUPED, "grouped", ["4k3/8/8/8/8/8/8/A3K3 w - - 0 1"])
    assert {"a1a2", "a1b1"} <= set(positions[0][1])
    assert compare(variant.text, [positions]) is None


@pytest.mark.parametrize("text", [
    # The character after the letter is skipped, ':' or not, the colons opening the rest too.
    "[skipped:chess]\ncustomPiece1 = ab:W\nstartFen = rnbqkbna/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w - - 0 1\n",
    "[forward:chess]\ncustomPiece1 = abfR\nstartFen = rnbqkbna/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w - - 0 1\n",
    # Nothing left after it: a piece with no moves.
    "[still:chess]\ncustomPiece1 = aW\nstartFen = rnbqkbna/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w - - 0 1\n",
    "[lettered:chess]\nknight = nb\n",
    # A King with text after its letter is a custom royal piece, with no moves where that is all.
    "[frozen:chess]\nking = k:\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
    "[doubled:chess]\nking = kK\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
    "[wazirking:chess]\nking = k::W\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
])
def test_a_piece_value_is_read_from_its_letter_on_as_fairy_stockfish_reads_it(text: str) -> None:
    # parser.cpp: the letter is the value's first character and the Betza starts at its third.
    imports_and_plays_alike(text, games=3, plies=30, seed=2)
