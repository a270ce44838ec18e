"""SAN as Fairy-Stockfish writes it, read on every shipped board of its built-in variants: a user
pasting ``e4``, ``exd5``, ``Nbd2`` or ``P@e4`` from a game it played meets the move it named."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from dagaz_studio.variants_ini import import_file

sf = pytest.importorskip("pyffish")
from tests.helpers.builtin_oracle import board_for, pyffish_game  # noqa: E402


def fsf_game(variant: str, plies: int, seed: int) -> Iterator[tuple[str, Position, list[str], MoveNames]]:
    """A seeded random game pyffish plays (see :func:`pyffish_game`)."""
    return pyffish_game(sf, variant, plies, random.Random(f"{seed}-{variant}"))


def test_a_game_pyffish_plays_ends_where_its_moves_end_it_though_its_last_fen_does_not() -> None:
    # This seed's game passes twice in a row at its ninth ply, which ends a game of Janggi for both.
    for fen, _position, legal, exact in fsf_game("janggimodern", plies=12, seed=2):
        assert sorted(exact.names) == legal, fen


def unread_sans(variant: str, plies: int, seed: int) -> list[str]:
    """The SANs pyffish writes (chess's SAN, whatever the variant's own notation) for the legal moves
    of a seeded random game's positions that do not read as the move: ``SAN (uci) in FEN``."""
    unread = []
    for fen, position, legal, exact in fsf_game(variant, plies, seed):
        names = MoveNames(exact.rules, position)
        for uci in legal:
            san = sf.get_san(variant, fen, uci, False, sf.NOTATION_SAN)
            if names.candidates(san) != exact.candidates(uci):
                unread.append(f"{san} ({uci}) in {fen}")
    return unread


#: Variants whose SAN is not always one move: micro shogi's writes a drop of its promoted Bishop and of
#: its promoted Rook alike (G@a1, both moving as the Gold), Kyoto shogi's of a Lance and of a Knight
#: entering as their promoted sides.
AMBIGUOUS_SAN = {"kyotoshogi", "micro"}
READ = sorted(set(sf.variants()) - AMBIGUOUS_SAN)


#: Variants of thousands of moves a position (a piece's move and a wall's square), read in one.
CROWDED = {"amazons": 1, "duck": 1}


@pytest.mark.parametrize("variant", READ)
def test_every_san_fairy_stockfish_writes_reads_as_its_move(variant: str) -> None:
    assert unread_sans(variant, plies=CROWDED.get(variant, 4), seed=1)[:3] == []


@pytest.mark.parametrize("variant", ["judkins", "kyotoshogi", "micro"])
def test_a_promoted_piece_is_read_by_every_uci_name_fairy_stockfish_writes(variant: str) -> None:
    # Every UCI name reads as its move, Kyoto shogi's turning back (d1e2-) and dropping a piece as its
    # promoted side (+S@b5) too.
    board = load_board(variant)
    rules = Rules(board)
    fen = sf.start_fen(variant)
    position = Position.from_fen(board, fen)
    for number in range(12):
        names = MoveNames(rules, position, style="uci")
        legal = sorted(sf.legal_moves(variant, fen, []))
        assert sorted(names.names) == legal, fen
        choice = legal[number * 7 % len(legal)]
        make_move(position, names.read(choice))
        fen = sf.get_fen(variant, fen, [choice])


@pytest.mark.slow
@pytest.mark.parametrize("variant", READ)
def test_every_san_fairy_stockfish_writes_reads_as_its_move_in_longer_games(variant: str) -> None:
    assert unread_sans(variant, plies=60, seed=2)[:3] == []


def test_a_pawns_san_without_its_letter_reads_where_the_board_letters_it_as_fairy_stockfish_does() -> None:
    # Berolina's Pawn is lettered in SAN (Pab3, as Fairy-Stockfish writes it); the letterless name
    # chess players write and the board once wrote (ab3, axd3) reads as the same move.
    unread = []
    for fen, position, legal, exact in fsf_game("berolina", plies=16, seed=5):
        names = MoveNames(exact.rules, position)
        for uci in legal:
            san = sf.get_san("berolina", fen, uci, False, sf.NOTATION_SAN)
            if san.startswith("P") and names.candidates(san[1:]) != exact.candidates(uci):
                unread.append(f"{san[1:]} ({uci}) in {fen}")
    assert unread[:3] == []


def test_an_imported_variant_reads_its_pawns_moves_without_a_letter() -> None:
    imported, refused = import_file("[mine:chess]\n")
    assert not refused
    from dagaz_studio.board.loader import parse_board

    board = parse_board(imported[0].text, "mine.board")
    position = Position.initial(board)
    names = MoveNames(Rules(board), position, style="san")
    assert names.name(names.read("e4")) == "e4"


def sans_written_otherwise(variant: str, plies: int, seed: int, whole: bool = True) -> list[str]:
    """The legal moves of a seeded random game's positions whose SAN, as the board writes it, is not
    Fairy-Stockfish's, check and mate marks included; or, not ``whole``, whose check mark is not the
    one pyffish's own questions give: ``+`` where ``gives_check`` says the player to move is in check
    after the move, ``#`` where he then has no legal move either (a move written in coordinates, which
    SAN cannot tell apart, has none)."""
    otherwise = []
    for fen, position, legal, exact in fsf_game(variant, plies, seed):
        names = MoveNames(exact.rules, position, style="san")
        squares = MoveNames(exact.rules, position, style="coordinates")
        for uci in legal:
            move = exact.read(uci)
            ours = names.name(move)
            if whole:
                theirs = sf.get_san(variant, fen, uci, False, sf.NOTATION_SAN)
                if ours != theirs:
                    otherwise.append(f"{ours} for {theirs} ({uci}) in {fen}")
                continue
            mark = ours[-1] if ours.endswith(("+", "#")) else ""
            checked = ""
            if sf.gives_check(variant, fen, [uci]) and ours != squares.name(move):
                checked = "+" if sf.legal_moves(variant, fen, [uci]) else "#"
            if mark != checked:
                otherwise.append(f"{ours} for a check mark {checked or 'none'} ({uci}) in {fen}")
    return otherwise


#: The built-in variants whose SAN the boards write otherwise than Fairy-Stockfish, and why. Every
#: other one's SAN is Fairy-Stockfish's, check and mate marks included.
WRITTEN_OTHERWISE = {
    # Drops: its SAN writes a drop of the promoted Bishop and of the promoted Rook alike (G@a1, both
    # moving as the Gold), which the board tells apart by their letters in positions (+B@a1, +R@a1).
    "micro": "drops of two promoted pieces of one letter", "kyotoshogi": "as micro (+L@a1 and +N@a1)",
    # Check marks: Fairy-Stockfish's SAN writes none for a royal piece it keeps as an extinction piece,
    # though its gives_check says the player is in check, as the marks written here do.
    "atomic": "its King is an extinction piece: no mark (python-chess writes Qf2+, as the board does)",
    "coregal": "its royal Queen is an extinction piece: no mark for a check on her (Nf3, not Nf3+)",
    "petrified": "its King is an extinction piece: no mark", "spartan": "its Kings are extinction pieces: no mark",
    "shoshogi": "its King is an extinction piece: no mark",
}
WRITTEN_ALIKE = sorted(set(sf.variants()) - set(WRITTEN_OTHERWISE))


@pytest.mark.parametrize("variant", sorted(sf.variants()))
def test_san_and_its_check_marks_are_written_as_fairy_stockfish_writes_them(variant: str) -> None:
    whole = variant in WRITTEN_ALIKE
    assert sans_written_otherwise(variant, plies=CROWDED.get(variant, 12), seed=3, whole=whole)[:3] == []


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(sf.variants()))
def test_san_and_its_check_marks_are_written_as_fairy_stockfish_writes_them_in_longer_games(variant: str) -> None:
    whole = variant in WRITTEN_ALIKE
    assert sans_written_otherwise(variant, plies=CROWDED.get(variant, 40), seed=4, whole=whole)[:3] == []


@pytest.mark.parametrize(("variant", "fen", "uci", "spellings"), [
    ("janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", "b1a3", ["Na3"]),
    ("janggi", "3k5/9/9/9/9/9/9/9/4K4/2B6 w - - 0 1", "c1e4", ["Be4"]),
    ("supply", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1", "c1a3", ["Ba3"]),
    ("shatranj", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1", "c1a3", ["Aa3"]),
    ("shatranj", "rnbkqbnr/pp1ppppp/2p5/8/8/5P2/PPPPP1PP/RNBKQBNR w - - 0 2", "e1f2", ["Ff2"]),
    ("shatranj", "k7/5P2/8/8/8/8/p7/7K w - - 0 1", "f7f8q", ["f8=F", "f8F"]),
])
def test_a_piece_sans_letter_is_fairy_stockfishs_and_its_letter_in_positions_or_initial_still_reads(
        variant: str, fen: str, uci: str, spellings: list[str]) -> None:
    # Janggi's Horse is H in SAN and N in positions; the shatranj Alfil B, once written A by its name.
    board = load_board(board_for(variant) or variant)
    rules = Rules(board)
    position = Position.from_fen(board, fen)
    move = MoveNames(rules, position, style="uci").read(uci)
    names = MoveNames(rules, position, style="san")
    assert names.name(move) == sf.get_san(variant, fen, uci, False, sf.NOTATION_SAN)
    assert [names.read(spelling) for spelling in spellings] == [move] * len(spellings)


@pytest.mark.parametrize(("variant", "fen", "uci"), [
    # Castling by a King that is not royal (it castles by its flag).
    ("kinglet", "r1bqk2r/pppp1ppp/n3pn2/5N2/1b6/P5P1/1PPPPP1P/RNBQKB1R b KQkq - 3 5", "e8g8"),
    ("koedem", "r1bqk2r/pppp1ppp/n2b3n/4p3/1P6/3P3P/P1P1PPP1/RNBQKBNR[] b KQkq - 0 5", "e8g8"),
    # Told apart from the moves gating the same piece, or leaving the same wall, only.
    ("seirawan", "rnbqkber/ppp1pppp/3p1n2/8/1P3P2/2N5/P1PPP1PP/RHBQKBNR[Eh] b KQCDFGkqbcdf - 0 3", "b8d7h"),
    ("amazons", "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1", "a4a1,a1a4"),
    # Told apart from the other piece's capture there, though each turns over into another piece.
    ("micro", "3+l/pb+b+r/k2P/l1K1/3r[] b - - 1 13", "c4d3-"),
    ("micro", "3+l/pb+b+r/k2P/l1K1/3r[] b - - 1 13", "d4d3-"),
    # Not told apart from a move that cannot promote where it promotes by choice.
    ("judkins", "+B1Rsg1/3k2/1R4/4+bp/P5/KGSN2[N] w - - 1 10", "c6c4+"),
])
def test_a_castling_king_not_royal_and_moves_told_apart_by_gating_walling_or_promoting_are_written_as_fsf_does(
        variant: str, fen: str, uci: str) -> None:
    board = load_board(variant)
    rules = Rules(board)
    position = Position.from_fen(board, fen)
    move = MoveNames(rules, position, style="uci").read(uci)
    assert MoveNames(rules, position, style="san").name(move) == sf.get_san(variant, fen, uci, False,
                                                                            sf.NOTATION_SAN)


@pytest.mark.parametrize("variant", ["atomic", "nocheckatomic", "atomar"])
def test_an_exploding_en_passant_is_written_as_a_capture_as_fairy_stockfish_writes_it(variant: str) -> None:
    # The Pawn taken en passant is taken, not only blown up with the rest: fxg6, not g6.
    fen = "r1bqkbnr/pp2pp1p/2np4/2p2Pp1/8/2P1P3/PP1P2PP/RNBQKBNR w KQkq g6 0 5"
    board = load_board(board_for(variant) or variant)
    rules = Rules(board)
    position = Position.from_fen(board, fen)
    move = MoveNames(rules, position, style="uci").read("f5g6")
    assert MoveNames(rules, position, style="san").name(move) == sf.get_san(variant, fen, "f5g6") == "fxg6"


#: Fairy-Stockfish's shogi variants, whose moves it writes by default in Western shogi notation: the
#: squares in two digits (P-76, Bx33+, +N-43, Kyoto's turning back +L-54- and entering promoted +N*54).
SHOGI_NOTATION = ["checkshogi", "dobutsu", "euroshogi", "gorogoro", "judkins", "kyotoshogi", "micro", "minishogi",
                  "shogi", "shoshogi", "torishogi", "yarishogi"]


@pytest.mark.parametrize("variant", SHOGI_NOTATION)
def test_every_name_fairy_stockfish_writes_in_shogi_notation_reads_as_its_move(variant: str) -> None:
    unread = []
    for fen, position, legal, exact in fsf_game(variant, plies=12, seed=7):
        names = MoveNames(exact.rules, position)
        unread += [f"{sf.get_san(variant, fen, uci)} ({uci}) in {fen}" for uci in legal
                   if names.candidates(sf.get_san(variant, fen, uci)) != exact.candidates(uci)]
    assert unread[:3] == []


def test_a_gold_and_a_tokin_are_told_apart_in_shogi_notation_though_san_letters_both_g() -> None:
    fen = "4k4/9/9/9/9/9/3G+P4/9/4K4[-] w 0 1"
    board = load_board("shogi")
    rules = Rules(board)
    position = Position.from_fen(board, fen)
    exact = MoveNames(rules, position, style="uci")
    names = MoveNames(rules, position, style="san")
    for uci in ("d3d4", "e3d4"):
        assert names.read(sf.get_san("shogi", fen, uci)) == exact.read(uci)
        assert names.name(exact.read(uci)) == sf.get_san("shogi", fen, uci, False, sf.NOTATION_SAN)
