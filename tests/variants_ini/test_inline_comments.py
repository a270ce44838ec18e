"""A ``#`` after an option's value, and blanks at its end, read as Fairy-Stockfish reads them: part of
the value, which each option's parser makes its own of. Each section is loaded by pyffish too."""

from __future__ import annotations

import pytest

from dagaz_studio.variants_ini import import_file
from tests.helpers.fsf_oracle import printed
from tests.helpers.variants_oracle import imports_and_plays_alike


@pytest.mark.parametrize("text", [
    # Numbers, regions, piece lists and a whole FEN stop being read at the '#'.
    "[six:chess]\nmaxRank = 6 # six ranks\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 # start\n"
    "promotionRegionWhite = *6 # the last rank\npromotionRegionBlack = *1\npromotionPieceTypes = qn # two only\n"
    "pieceToCharTable = PNBRQ.......Kpnbrq.......k # shown\n",
    # A true/false option is on only where its value is "true" exactly: these castle not.
    "[castleless:chess]\ncastling = true # castling?\nstartFen = r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\n",
    "[blank:chess]\ncastling = true \nstartFen = r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\n",
    # A rule not spelt exactly is none: the Amazons without arrows.
    "[arrowless:amazons]\nwallingRule = arrow # arrows\n",
    # A predefined piece's letter is all Fairy-Stockfish reads of it; a custom one's blanks after its Betza are none.
    "[wazir:chess]\nknight = n # a knight\ncustomPiece1 = a:W  \n"
    "startFen = rnbqkbnr/pppppppp/8/8/8/3A4/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"])
def test_a_comment_after_a_value_is_read_as_fairy_stockfish_reads_it(text: str) -> None:
    imports_and_plays_alike(text, games=2, plies=20, seed=4)


@pytest.mark.parametrize("text", [
    "[castleless:chess]\ncastling = true # castling?\nstartFen = r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\n",
    "[blank:chess]\ncastling = true \nstartFen = r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\n"])
def test_a_true_false_option_followed_by_a_comment_or_a_blank_is_off_as_in_fairy_stockfish(text: str) -> None:
    # The positions played are Fairy-Stockfish's, its castling rights dropped: the start is compared here.
    done, refused = import_file(text)
    assert not refused
    pytest.importorskip("pyffish")
    name = done[0].name
    start = printed(text, f"print(sf.get_fen({name!r}, sf.start_fen({name!r}), []))")
    assert f"\nsetup: {start}\n" in done[0].text, start


@pytest.mark.parametrize(("text", "fen", "played", "said"), [
    # The comment is read as more of the piece's Betza: a K's moves, from "W # a Knight".
    ("[wazir:chess]\ncustomPiece1 = a:W # a Knight\nstartFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1\n",
     "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1", "d4c3", "reads all after the piece's letter as its Betza, the comment too"),
    # A King's comment makes it a custom royal piece moving by the comment's Betza: none here.
    ("[royal:chess]\nking = k # the King\n", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "",
     "reads all after the piece's letter as its Betza"),
    ("[blankking:chess]\nking = k \n", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "", "the empty Betza of a custom royal piece")])
def test_a_comment_that_fairy_stockfish_reads_as_a_pieces_betza_refuses_its_line(text: str, fen: str, played: str,
                                                                                 said: str) -> None:
    done, refused = import_file(text)
    assert not done and [error.line for error in refused] == [2] and said in refused[0].message, refused
    pytest.importorskip("pyffish")
    name = text[1:text.index(":")]
    moves = printed(text, f"print(*sf.legal_moves({name!r}, {fen!r}, []))").split()
    assert (played in moves) if played else not moves, moves


def test_a_comment_inside_a_start_position_refuses_its_line() -> None:
    text = "[bare:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w # kings only\n"
    done, refused = import_file(text)
    assert not done and refused[0].line == 2 and "before the start position's move number" in refused[0].message
    pytest.importorskip("pyffish")
    # Fairy-Stockfish keeps the comment in its start position.
    assert printed(text, "print(sf.start_fen('bare'))").strip().endswith("# kings only")


@pytest.mark.parametrize(("text", "said"), [
    ("[indented:chess]\n  castling = false\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n", "('  castling')"),
    ("[tabbed:chess]\ncastling\t= false\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n", "('castling\\t')")])
def test_an_option_whose_name_fairy_stockfish_reads_with_its_blanks_refuses_its_line(text: str, said: str) -> None:
    done, refused = import_file(text)
    assert not done and [error.line for error in refused] == [2] and said in refused[0].message, refused
    pytest.importorskip("pyffish")
    # Fairy-Stockfish knows no such option, and castles.
    name = text[1:text.index(":")]
    assert "e1g1" in printed(text, f"print(*sf.legal_moves({name!r}, sf.start_fen({name!r}), []))").split()


def test_an_indented_section_line_starts_no_section_as_in_fairy_stockfish() -> None:
    text = "[outer:chess]\nmaxRank = 8\n  [inner:chess]\nmaxFile = 8\n"
    done, refused = import_file(text)
    assert not done and [(error.line, error.section) for error in refused] == [(3, "outer")], refused
    assert "does not read as a section" in refused[0].message
    pytest.importorskip("pyffish")
    assert printed(text, "print('inner' in sf.variants(), 'outer' in sf.variants())") == "False True"


@pytest.mark.parametrize(("text", "kept"), [
    ("[emptied:chess]\nknight =\n", "g1f3"),
    ("[emptied:chess]\ncastling =   \nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n", "e1g1")])
def test_an_option_without_a_value_which_fairy_stockfish_skips_refuses_its_line(text: str, kept: str) -> None:
    done, refused = import_file(text)
    assert not done and [error.line for error in refused] == [2] and "no value" in refused[0].message, refused
    pytest.importorskip("pyffish")
    # Fairy-Stockfish keeps the Knights, and castling.
    assert kept in printed(text, "print(*sf.legal_moves('emptied', sf.start_fen('emptied'), []))").split()
