"""A variants.ini section refused for what this importer cannot play as Fairy-Stockfish does says why, at
the line of the option that makes it so; what Fairy-Stockfish plays as if the option were not there is
imported instead, and played against Fairy-Stockfish."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.variants_ini import import_file
from tests.helpers.fsf_oracle import printed
from tests.helpers.variants_oracle import imports_and_plays_alike

#: Each refused section, and the line of the option that makes the refusal.
REFUSED = [
    ("[lop:chess]\nstartFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", 2),
    ("[inner:chess]\n# the Rook on f1 is not the outermost\ncastlingRookKingsideFile = f\n", 3),
    ("[behind:chess]\ncastlingKingsideFile = d\n", 2),
    ("[shuffled:chess]\nchess960 = true\ncastlingRookPieces = rq\n", 3),
    ("[flipping:chess]\nflipEnclosedPieces = reversi\n", 2),
    ("[everyone:chess]\nextinctionPseudoRoyal = true\nextinctionPieceTypes = *\n", 3),
    ("[nothing:chess]\npromotionPieceTypes = q*\n", 2),
    ("[blackless:chess]\npromotionPieceTypes = q\npromotionPieceTypesBlack = * n\n", 3),
    ("[leaping:chess]\ngating = true\ncambodianMoves = true\n", 3),
    ("[met:chess]\nsittuyinPromotion = true\n", 2),
    ("[held:chess]\nstartFen = 8/8/8/8/8/8/8/K6k[Q] w - - 0 1\n", 2),
    ("[diplomats:chess]\nmutuallyImmuneTypes = k\n", 2),
    ("[limited:crazyhouse]\npromotionLimit = q:1 r:2 b:2 n:2\n", 2),
    ("[limited:chess]\npromotionLimit = q:1 r:2 b:2 n:1\n", 2),
    ("[demoted:shogi]\npieceDemotion = true\n", 2),
    ("[must:shogi]\nmandatoryPiecePromotion = true\npromotionLimit = g:1\n", 3),
    ("[onesided:chess]\npassOnStalemateWhite = true\n", 2),
    ("[onesided:chess]\n\npassBlack = true\n", 3),
]


@pytest.mark.parametrize(("text", "line"), REFUSED)
def test_a_refusal_says_why_at_the_line_of_its_option(text: str, line: int) -> None:
    done, refused = import_file(text)
    assert not done and [error.line for error in refused] == [line], refused
    message = refused[0].message
    # What is refused, then, after a colon, why.
    assert re.search(r"not supported(?: together)?: \w|supported only for [^:]*: \w", message), message
    option = text.splitlines()[line - 1].partition("=")[0].strip()
    assert re.search(rf"\boptions? (?:\w+ and )?{option}\b", message), message


def test_the_reason_given_for_mutually_immune_royal_pieces_is_what_fairy_stockfish_plays() -> None:
    pytest.importorskip("pyffish")
    ini = "[diplomats:chess]\nmutuallyImmuneTypes = k\n"
    moves = printed(ini, "print(*sf.legal_moves('diplomats', '8/8/8/3k4/8/3K4/8/8 w - - 0 1', []))").split()
    # The Kings may not take each other, yet the White King still keeps off the squares the Black one attacks.
    assert "d3d4" not in moves and "d3d2" in moves
    _, refused = import_file(ini)
    assert "counts it as attacking them" in refused[0].message


@pytest.mark.parametrize("text", [
    # Knights and Queens facing their own kind, which they may not take; en passant, drops and
    # promoted pieces of the type (a crazyhouse Queen promoted from a pawn) too.
    "[diplomats:chess]\nmutuallyImmuneTypes = qn\n"
    "startFen = r1b1kb1r/pppppppp/8/2nq4/3QN3/8/PPPPPPPP/R1B1KB1R w KQkq - 0 1\n",
    "[pacifists:crazyhouse]\nmutuallyImmuneTypes = qp\nstartFen = 4k3/8/8/3q4/4p3/5P2/Q~7/4K3[Qq] w - - 0 1\n",
    "[dragons:shogi]\nmutuallyImmuneTypes = d\n"])
def test_mutually_immune_pieces_without_blasts_take_none_of_their_own_type_as_in_fairy_stockfish(text: str) -> None:
    imports_and_plays_alike(text, games=3, plies=30, seed=2)


@pytest.mark.parametrize("parent", ["crazyhouse", "chess"])
def test_the_reason_given_for_every_promotion_limited_and_compulsory_is_what_fairy_stockfish_plays(parent: str) -> None:
    pytest.importorskip("pyffish")
    ini = f"[limited:{parent}]\npromotionLimit = q:1 r:2 b:2 n:2\n"
    # Each limit reached, the pawn on d7 has no move, yet gives check.
    fen = "4k3/3P4/8/8/8/8/8/RNBQKBNR[] w - - 0 1" if parent == "crazyhouse" else "4k3/3P4/8/8/8/8/8/RNBQKBNR w - - 0 1"
    assert not [move for move in printed(ini, f"print(*sf.legal_moves('limited', {fen!r}, []))").split()
                if move.startswith("d7")]
    assert printed(ini, f"print(sf.gives_check('limited', {fen.replace(' w ', ' b ')!r}, []))").strip() == "True"
    _, refused = import_file(ini)
    assert "counts it as attacking the squares there" in refused[0].message


@pytest.mark.parametrize("text", [
    "[limited:crazyhouse]\npromotionLimit = q:1\nstartFen = k7/2P1PPP1/8/8/8/8/2p1ppp1/K7[QqRr] w - - 0 1\n",
    "[optional:crazyhouse]\npromotionLimit = q:1 r:2 b:2 n:2\nmandatoryPawnPromotion = false\n"
    "startFen = k7/2P1PPP1/8/8/8/8/2p1ppp1/K7[QqRrNn] w - - 0 1\n"])
def test_a_promotion_limit_with_captures_to_hand_counts_the_pawns_promoted_as_fairy_stockfish_does(text: str) -> None:
    # The pawns promoted to a Queen (Q~), and the Queens dropped, count towards the Queen's limit.
    imports_and_plays_alike(text, games=3, plies=30, seed=2)


def test_grand_chess_with_captures_to_hand_counts_its_promotions_as_fairy_stockfish_does() -> None:
    # Its limits are each side's start: counted on the board, never as the pieces lost, which come back
    # from the hand (Fairy-Stockfish's example grandhouse).
    imports_and_plays_alike("[grandcapture:grand]\npieceDrops = true\ncapturesToHand = true\nstartFen = "
                            "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R[] w - - 0 1\n",
                            games=2, plies=80, seed=1)


@pytest.mark.parametrize("text", [
    # A pawn kept off its first rank and to its mobility region at once, a Knight to its own.
    "[kept:crazyhouse]\nmobilityRegionWhitePawn = *2 *3 *4\nmobilityRegionBlackKnight = *5 *6 *7 *8\n"
    "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PpNn] w KQkq - 0 1\n",
    # Two pawns to a file, and never on the first rank.
    "[doubled:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 2\n"
    "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPpp] w KQkq - 0 1\n",
    # Dropped as its promoted side where the rule of two to a file lets the pawn be dropped.
    "[promoted:shogi]\ndropPromoted = true\ndropNoDoubledCount = 2\n"
    "startFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[PPpp] w - - 0 1\n",
    "[kyoto:kyotoshogi]\nmobilityRegionWhiteLance = *2 *3 *4 *5\nstartFen = p1sgk/5/5/5/PGSK1[LSls] w - - 0 1\n",
    # The Rook on its first rank only, and two to a file, or in its mobility region, or as its promoted side.
    "[rookdrop:crazyhouse]\nsittuyinRookDrop = true\ndropNoDoubled = r\ndropNoDoubledCount = 2\n"
    "startFen = rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR[RRrr] w - - 0 1\n",
    "[rookkept:crazyhouse]\nsittuyinRookDrop = true\nmobilityRegionWhiteRook = a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4\n"
    "startFen = rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1[RRrr] w - - 0 1\n",
    "[rookpromoted:shogi]\nsittuyinRookDrop = true\ndropPromoted = true\n"
    "startFen = lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL[Rr] w - - 0 1\n"])
def test_a_drop_keeps_to_every_drop_rule_of_its_piece_at_once_as_in_fairy_stockfish(text: str) -> None:
    imports_and_plays_alike(text, games=3, plies=30, seed=2)


@pytest.mark.parametrize("text", [
    "[ducky:duck]\nwallingRegion = *4 *5\n",
    "[ducky:duck]\nwallingRegionWhite = *4 *5\nwallingRegionBlack = a1 b2 c3 d4 e5 f6\n",
    # A piece leaving its wall behind moves only from the region, where the wall may stand.
    "[trail:chess]\nking = -\nwallingRule = past\nwallingRegion = *1 *2\nstartFen = 8/8/8/8/8/8/8/R7 w - - 0 1\n",
    "[trail:chess]\nking = -\nwallingRule = past\nwallingRegionWhite = *1 *2 *3 *4\n"
    "wallingRegionBlack = a* b* c* d*\nstartFen = rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1\n"])
def test_a_walling_region_limits_the_duck_and_the_wall_left_behind_as_in_fairy_stockfish(text: str) -> None:
    imports_and_plays_alike(text, games=3, plies=30, seed=2)


@pytest.mark.parametrize("text", [
    # No Rook to castle with: the King has castling rights and no castling move.
    "[alone:chess]\ncastlingRookPieces = z\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n",
    "[alone960:chess]\nchess960 = true\ncastlingRookPieces = z\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n",
    # A walling region without a walling rule, and blast-immune pieces without blasts, change nothing.
    "[unwalled:chess]\nwallingRegion = *4 *5\n",
    "[unblasted:chess]\nblastImmuneTypes = q\n"])
def test_what_fairy_stockfish_plays_as_if_the_option_were_not_there_is_imported_and_played_alike(text: str) -> None:
    imports_and_plays_alike(text, games=2, plies=20, seed=5)


def test_a_lone_carriage_return_ends_no_line_as_fairy_stockfish_reads_it(tmp_path: Path) -> None:
    # std::getline ends a line at a line feed only: the castling after the comment's \r is the comment.
    text = "[kept:chess]\r\n# no castling?\rcastling = false\r\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\r\n"
    ini = tmp_path / "variants.ini"
    ini.write_bytes(text.encode())
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "import", str(ini), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    board = (tmp_path / "out" / "kept.board").read_text(encoding="utf-8")
    imported, _ = import_file(text)
    assert imported[0].text == board
    pytest.importorskip("pyffish")
    from tests.helpers.variants_oracle import compare, fsf_games

    assert "e1g1" in printed(text, "print(*sf.legal_moves('kept', sf.start_fen('kept'), []))").split()
    games = fsf_games(text, ["kept"], games=2, plies=20, seed=3)
    assert compare(board, games["kept"]) is None


@pytest.mark.parametrize(("text", "line", "said"), [
    # Fairy-Stockfish reads maxFile = 10 and ignores the rest; the value is refused at its line.
    ("[wide:chess]\nmaxFile = 10\rmaxRank = 10\n", 2, "option 'maxFile': a carriage return inside its line"),
    # Fairy-Stockfish reads no option after a section's name on its line.
    ("[wide:chess]\rmaxFile = 10\n", 1, "text after the section's name, which Fairy-Stockfish does not read"),
    ("[wide:chess] maxFile = 10\n", 1, "text after the section's name")])
def test_a_line_that_fairy_stockfish_reads_otherwise_than_it_looks_is_refused_at_its_line(text: str, line: int,
                                                                                          said: str) -> None:
    done, refused = import_file(text)
    assert not done and [(error.line, error.section) for error in refused] == [(line, "wide")], refused
    assert said in refused[0].message


def test_a_comment_after_a_section_name_is_read_as_fairy_stockfish_reads_it() -> None:
    done, refused = import_file("[small:chess] # a smaller chess\nmaxRank = 6\n"
                                "startFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
    assert not refused and [variant.name for variant in done] == ["small"]


def test_the_reason_given_for_a_promotion_to_no_piece_is_what_fairy_stockfish_plays() -> None:
    pytest.importorskip("pyffish")
    ini = "[nothing:chess]\npromotionPieceTypes = *\n"
    fen = "1k6/P7/8/8/8/8/8/4K3 w - - 0 1"
    # The promotion to the type 0, its letter a blank.
    assert "'a7a8 '" in printed(ini, f"print(sf.legal_moves('nothing', {fen!r}, []))")
    # The Black King may take what the promotion left on a8, yet not once its FEN is read back.
    played = printed(ini, f"print(*sf.legal_moves('nothing', {fen!r}, ['a7a8 ']))").split()
    written = printed(ini, f"print(sf.get_fen('nothing', {fen!r}, ['a7a8 ']))").strip()
    assert "b8a8" in played and written.startswith("*k6/")
    assert "b8a8" not in printed(ini, f"print(*sf.legal_moves('nothing', {written!r}, []))").split()
    _, refused = import_file(ini)
    assert "a piece of no type" in refused[0].message


def test_the_reason_given_for_opposite_castling_is_what_fairy_stockfish_plays() -> None:
    pytest.importorskip("pyffish")
    ini = "[opposite:chess]\noppositeCastling = true\n"
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    black = printed(ini, f"print(*sf.legal_moves('opposite', {fen!r}, ['e1g1']))").split()
    # Black's Rooks and King have not moved, yet only the castling towards the a-file is left.
    assert "e8c8" in black and "e8g8" not in black
    _, refused = import_file(ini)
    assert "only towards the a-file" in refused[0].message and "have not moved" in refused[0].message
