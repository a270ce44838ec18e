"""An option naming a set of pieces, read as Fairy-Stockfish's parser.cpp reads a PieceSet: each
letter in either case, blanks skipped, up to the first character that is no piece's letter."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dagaz_studio.board import parse_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.variants_ini import import_file
from tests.helpers.variants_oracle import compare, fsf_positions, imports_and_plays_alike

PROMOTING = "startFen = 7k/PPP5/8/8/8/8/ppp5/7K w - - 0 1\n"


@pytest.mark.parametrize("text", [
    "[upper:chess]\npromotionPieceTypes = QN\n" + PROMOTING,
    # x is no piece: the set ends there, the Rook after it left out.
    "[stopped:chess]\npromotionPieceTypes = qxr\n" + PROMOTING,
    "[spaced:chess]\npromotionPieceTypes = q  R\n" + PROMOTING,
    "[sides:chess]\npromotionPieceTypesWhite = N\npromotionPieceTypesBlack = bQ\n" + PROMOTING,
    # The Rooks are not of the set: the Rook takes the Rook.
    "[immune:chess]\nmutuallyImmuneTypes = qxr\nstartFen = 3qk3/8/8/8/8/r7/8/R2QK3 w - - 0 1\n",
])
def test_a_set_of_pieces_is_read_as_fairy_stockfish_reads_it(text: str) -> None:
    imports_and_plays_alike(text, games=3, plies=30, seed=2)


HAND = "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR[Pp] w KQkq - 0 1\n"


@pytest.mark.parametrize("text", [
    "[doubled:crazyhouse]\ndropNoDoubled = P\n" + HAND,
    # Each letter read replaces the one before: the pawn.
    "[lastread:crazyhouse]\ndropNoDoubled = np\n" + HAND,
    "[castler:chess]\ncastlingKingPiece = K\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n",
])
def test_a_piece_type_is_read_as_fairy_stockfish_reads_it(text: str) -> None:
    imports_and_plays_alike(text, games=3, plies=30, seed=2)


def _plays_alike_on(text: str, fens: list[str]) -> None:
    """``text`` imported without a refusal, its legal moves Fairy-Stockfish's on ``fens`` (none where
    Fairy-Stockfish's game has ended there)."""
    done, refused = import_file(text)
    assert not refused and len(done) == 1, refused
    pytest.importorskip("pyffish")
    assert compare(done[0].text, [fsf_positions(text, done[0].name, fens)]) is None


def test_the_extinction_types_stop_at_a_letter_of_no_piece() -> None:
    # x ends the set: the Queen's loss ends the game, the Rook's does not.
    text = ("[stopped:chess]\nextinctionValue = loss\nextinctionPieceTypes = qxr\n"
            "startFen = 3qk3/8/8/8/8/r7/8/R2QK3 w - - 0 1\n")
    _plays_alike_on(text, ["3qk3/8/8/8/8/R7/8/3QK3 b - - 0 1"])


@pytest.mark.parametrize("types", ["", "extinctionPieceTypes = -\n", "extinctionPieceTypes = kxq\n"])
def test_pseudo_royal_types_are_those_fairy_stockfish_reads(types: str) -> None:
    # None named is Fairy-Stockfish's empty set, as '-' is, and x ends it: the Queen is no royal piece.
    imports_and_plays_alike("[pseudo:chess]\nextinctionPseudoRoyal = true\n" + types
                            + "startFen = 4k3/8/8/8/8/8/2q5/3QK3 w - - 0 1\n", games=3, plies=20, seed=2)



def _ended_in_fairy_stockfish(text: str, variant: str, fen: str) -> bool:
    """Whether Fairy-Stockfish, loading ``text``, ends the game at ``fen`` by a rule of the variant."""
    done = subprocess.run([sys.executable, "-c", "import pyffish as sf, sys; sf.load_variant_config(sys.stdin.read());"
                           f"print(sf.is_immediate_game_end('{variant}', '{fen}', [])[0])"],
                          input=text, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip() == "True"


#: White's King, Queen or Rook alone on the eighth rank, its flag region.
ON_THE_FLAG = ["4K3/8/8/k7/8/8/3Q1R2/8 b - - 0 1", "3Q4/8/8/k7/8/8/4KR2/8 b - - 0 1",
               "5R2/8/8/k7/8/8/3QK3/8 b - - 0 1"]


@pytest.mark.parametrize("flag", ["", "flagPiece = -\n", "flagPiece = kq\n", "flagPiece = kxq\n",
                                  "flagPieceWhite = x\n"])
def test_the_flag_piece_is_the_type_fairy_stockfish_reads(flag: str) -> None:
    # One type, the last letter read up to a letter of no piece (kq the Queen, kxq the King); none
    # read, or the option unset, is any piece.
    text = "[flag:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\n" + flag + "startFen = k7/3QKR2/8/8/8/8/8/8 w - - 0 1\n"
    done, refused = import_file(text)
    assert not refused and len(done) == 1, refused
    pytest.importorskip("pyffish")
    board = parse_board(done[0].text)
    rules = Rules(board)
    for fen in ON_THE_FLAG:
        ended = _ended_in_fairy_stockfish(text, "flag", fen)
        assert (legal_moves(rules, Position.from_fen(board, fen)) == []) is ended, fen
