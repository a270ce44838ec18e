"""Absurd option values in a variants.ini (sizes below one, numbers past any board, rows the board has not,
an option without a name) refuse their section at the option's line, saying what is wrong with the
value, rather than with the board file it would have made."""

from __future__ import annotations

import pytest

from dagaz_studio.variants_ini import import_file
from tests.helpers.fsf_oracle import printed
from tests.helpers.variants_oracle import imports_and_plays_alike


@pytest.mark.parametrize(("text", "line", "said"), [
    ("[nameless:chess]\n# an option lost its name\n= 8\n", 3, "no option name before '='"),
    ("[flat:chess]\nmaxRank = -3\n", 2, "option maxRank = -3: a board has at least 1 rank"),
    ("[flat:chess]\nmaxRank = 0\n", 2, "option maxRank = 0: a board has at least 1 rank"),
    ("[vast:chess]\nmaxRank = 1000000000000000000000000000000\n", 2, "not a whole number of at most six digits"),
    ("[nowhere:chess]\npromotionRank = 0\n", 2, "option promotionRank = 0: not a rank of the board (1 to 8)"),
    ("[nowhere:chess]\npromotionRank = -7\n", 2, "option promotionRank = -7: not a rank of the board"),
    ("[nowhere:shogi]\npromotionRank = 1000\n", 2, "option promotionRank = 1000: not a rank of the board (1 to 9)"),
    ("[river:xiangqi]\nsoldierPromotionRank = -4\n", 2, "option soldierPromotionRank = -4: not a rank of the board"),
    ("[short:chess]\nstartFen = 8/8 w - - 0 1\n", 2, "option startFen = 8/8 w - - 0 1: 2 rows on a board of 8 ranks"),
    ("[one:chess]\nstartFen = 8 w - - 0 1\n", 2, "option startFen = 8 w - - 0 1: 1 row on a board of 8 ranks"),
    ("[long:chess]\nstartFen = " + "/".join(["8"] * 19) + " w - - 0 1\n", 2, "19 rows on a board of 8 ranks"),
    ("[dropless:crazyhouse]\npieceDrops = yes\n", 2, "options startFen and pieceDrops: a start position with hands"),
    ("[passing:chess]\n\nenPassantRegion = ?\n", 3, "option enPassantRegion = ?: '?' is not a rank"),
    # Both options a built-in parent's: the section's own line, never none.
    ("[pawns:crazyhouse]\npromotionPawnTypes = rp\n", 1, "options pawnTypes and capturesToHand")])
def test_an_absurd_value_is_refused_at_its_line_saying_what_is_wrong(text: str, line: int, said: str) -> None:
    done, refused = import_file(text)
    assert not done and [error.line for error in refused] == [line], refused
    assert said in refused[0].message and "does not load" not in refused[0].message, refused[0].message


@pytest.mark.parametrize("text", [
    # Black promotes to nothing: his pawn, promotion compulsory, never enters his last rank; White's does.
    "[onlywhite:chess]\npromotionPieceTypesBlack = -\nstartFen = 4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1\n",
    # Promotion optional: White's pawn enters his last rank without promoting.
    "[onlyblack:chess]\nmandatoryPawnPromotion = false\npromotionPieceTypesWhite = -\n"
    "startFen = 4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1\n"])
def test_one_side_with_nothing_to_promote_to_is_imported_and_played_as_fairy_stockfish_plays_it(text: str) -> None:
    imports_and_plays_alike(text, games=4, plies=12, seed=2)


@pytest.mark.parametrize(("key", "line"), [("maxrank", 3), ("maxRänk", 3), ("max rank", 3)])
def test_an_option_fairy_stockfish_has_not_is_refused_at_its_line_as_none_of_its_options(key: str, line: int) -> None:
    text = f"[typo:chess]\n# a smaller board?\n{key} = 6\n"
    done, refused = import_file(text)
    assert not done and [error.line for error in refused] == [line], refused
    assert f"option {key!r} is none of Fairy-Stockfish's options" in refused[0].message
    pytest.importorskip("pyffish")
    # Fairy-Stockfish plays without it: chess's eight ranks.
    assert printed(text, "print(sf.start_fen('typo') == sf.start_fen('chess'))") == "True"


@pytest.mark.parametrize("bad", ["[]", "[broken:chess", "[:chess]"])
def test_a_malformed_section_line_is_said_at_its_line_and_spoils_no_section_above(bad: str) -> None:
    # Fairy-Stockfish ends a section at any line opening with '[': what follows is not the one above's.
    text = f"[good:chess]\nmaxRank = 8\n{bad}\ncastling = false\n"
    done, refused = import_file(text)
    assert [variant.name for variant in done] == ["good"] and [error.line for error in refused] == [3], refused
    assert "a section's line that is not [NAME] or [NAME:PARENT]" in refused[0].message
    pytest.importorskip("pyffish")
    # The castling = false below the bad line is not the good section's.
    assert "e1g1" in printed(text, "print(*sf.legal_moves('good', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', []))").split()


def test_a_section_with_an_empty_parent_has_none_as_fairy_stockfish_reads_it() -> None:
    text = "[plain:]\ncustomPiece1 = a:W\nstartFen = 8/8/8/8/8/8/8/A7 w - - 0 1\n"
    done, refused = import_file(text)
    assert not refused and [variant.name for variant in done] == ["plain"], refused
    pytest.importorskip("pyffish")
    from tests.helpers.variants_oracle import compare, fsf_games

    games = fsf_games(text, ["plain"], games=1, plies=6, seed=1)
    assert games["plain"] and compare(done[0].text, games["plain"]) is None


@pytest.mark.parametrize(("text", "line"), [("[wide:chess]\nmaxFile = H\n", 2),
                                            ("[castled:chess]\n\ncastlingKingsideFile = G\n", 3)])
def test_a_capital_file_letter_is_refused_as_fairy_stockfish_reads_it_as_no_file(text: str, line: int) -> None:
    done, refused = import_file(text)
    assert not done and [error.line for error in refused] == [line], refused
    assert "a file is a small letter" in refused[0].message, refused[0].message
    pytest.importorskip("pyffish")
    # Fairy-Stockfish counts the capital from 'a': the board has no file, or the King castles off its rank.
    name = text[1:text.index(":")]
    fen = printed(text, f"print(sf.get_fen('{name}', sf.start_fen('{name}'), []))")
    moves = printed(text, f"print(*sf.legal_moves('{name}', 'rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1', []))")
    assert fen.startswith("///////") if name == "wide" else not {"e1g1", "e1h1"} & set(moves.split()), (fen, moves)


@pytest.mark.parametrize("text", [
    # Promoting on b8 and all along the c-file, not on a8.
    "[capitals:chess]\npromotionRegionWhite = B8 C*\nstartFen = 7k/PPP5/8/8/8/8/ppp5/7K w - - 0 1\n",
    "[kept:chess]\nmobilityRegionWhiteKnight = A1 B1 C3 D2 E2 F3 G1 H1 H3 A3\n",
])
def test_a_region_s_capital_file_letters_are_read_as_fairy_stockfish_reads_them(text: str) -> None:
    imports_and_plays_alike(text, games=3, plies=30, seed=2)
