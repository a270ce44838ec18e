"""Every shipped game that Fairy-Stockfish plays agrees with it: legal moves on positions reached by
seeded random play, the positions those moves lead to, and perft from the start."""

from __future__ import annotations

import pytest

from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from tests.helpers.engine_helpers import shipped
from tests.helpers.games_oracle import (
    FAIRY_GAMES,
    FairyGame,
    compare_random_games,
    fairy_game,
    fairy_moves,
    fairy_perft,
    from_fairy,
    legal_uci,
    our_perft,
    sf,
)

IDS = [game.board for game in FAIRY_GAMES]


@pytest.mark.parametrize("game", FAIRY_GAMES, ids=IDS)
def test_legal_moves_equal_fairy_stockfish_on_random_positions(game: FairyGame) -> None:
    seen = compare_random_games(game, positions=50, seed=14)
    assert seen.captures > 0 or not game.captures


@pytest.mark.slow
@pytest.mark.parametrize("game", FAIRY_GAMES, ids=IDS)
def test_legal_moves_equal_fairy_stockfish_on_500_random_positions(game: FairyGame) -> None:
    seen = compare_random_games(game, positions=500, seed=1402)
    assert seen.captures > 20 or not game.captures
    assert all(getattr(seen, kind) > 0 for kind in game.rare), seen


@pytest.mark.parametrize("game", FAIRY_GAMES, ids=IDS)
def test_perft_from_the_start_equals_fairy_stockfish(game: FairyGame) -> None:
    start = sf.start_fen(game.variant)
    depths = range(1, game.perft_depth + 1)
    assert [our_perft(game, depth) for depth in depths] == [fairy_perft(game, start, d) for d in depths]


@pytest.mark.slow
@pytest.mark.parametrize("game", FAIRY_GAMES, ids=IDS)
def test_deeper_perft_from_the_start_equals_fairy_stockfish(game: FairyGame) -> None:
    depth = game.perft_depth + 1
    assert our_perft(game, depth) == fairy_perft(game, sf.start_fen(game.variant), depth)


# Positions that call on each game's rarer rules, read from Fairy-Stockfish's FEN, with a move that
# shows the rule among the legal moves. (Random play seldom keeps castling open; these do.)
RARE_POSITIONS = [
    ("capablanca", "rnabqkbcnr/pppp1ppppp/10/10/P2Pp5/10/1PP1PPPPPP/RNABQKBCNR b KQkq d3 0 3", "e4d3"),
    ("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1i1"),
    ("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1", "f8c8"),
    ("capablanca", "5k4/2P7/10/10/10/10/10/5K4 w - - 0 1", "c7c8c"),
    # Grand chess: a Pawn promotes only to a piece its side has lost (here the Queen alone), may stay
    # a Pawn on the eighth and ninth rows, and cannot step onto the tenth when nothing is lost.
    ("grand", "r8r/1nbqkcabn1/P9/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1", "a8a9q"),
    ("grand", "r8r/1nbqkcabn1/P9/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1", "a8a9"),
    ("grand", "1r7r/Pnbqkcabn1/10/10/10/10/10/10/2BQKCABN1/R8R w - - 0 1", "a9b10n"),
    ("grand", "r8r/1nbqkcabn1/10/10/10/10/10/10/1NBQKCAB2/R8R b - - 0 1", "b9c7"),
    ("grand", "4k5/10/10/10/3pP5/10/10/10/10/4K5 w - d7 0 2", "e6d7"),
    ("knightmate", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"),
    ("knightmate", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8"),
    ("knightmate", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2", "d5e6"),
    ("knightmate", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8m"),
    ("berolina", "4k3/1P6/8/8/8/8/4P3/4K3 w - - 0 1", "b7a8q"),
    ("berolina", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2g4"),
    ("berolina", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
    ("makruk", "8/8/8/4P3/8/8/8/k6K w - - 0 1", "e5e6m"),
    ("makruk", "k7/8/8/8/4p3/8/8/7K b - - 0 1", "e4e3m"),
    ("makruk", "k7/8/8/8/8/4p3/8/7K b - - 0 1", "e3e2m"),
    ("shatranj", "k7/5P2/8/8/8/8/p7/7K w - - 0 1", "f7f8q"),
    ("minixiangqi", "3k3/7/7/7/7/7/2K4 w - - 0 1", "c1c2"),
    ("breakthrough", "8/8/8/3p4/4P3/8/8/8 w - - 0 1", "e4d5"),
    ("janggi", "4k4/9/9/9/9/9/9/3R5/9/3K5 w - - 0 1", "d3f1"),
    ("janggi", "4k4/9/4c4/9/9/9/4P4/9/9/3K5 b - - 0 1", "e8e1"),
    ("janggi", "4k4/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1", "d8e9"),
    # Janggi's pass: a General standing safe passes; one in check does not.
    ("janggi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d1d1"),
    ("janggi", "3k5/9/9/9/9/9/9/9/9/3KR4 b - - 0 1", "d10d10"),
    ("janggi", "3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1", "d10e9"),
    # Othello (Fairy-Stockfish is given discs in hand): a player without a placing passes (named by
    # the square of his first disc from a1);
    # a disc enclosing runs in every direction; a board where only some squares enclose.
    ("othello", "pppppPPP/ppppppPP/pppppppP/ppppPppP/PppppPpP/PPppPppP/PPPPPPPP/2PPPPPP[PPpp] w - - 0 30", "c1c1"),
    ("othello", "P1P1P3/1ppp4/Pp1pP3/1pppP3/P1PpP3/8/8/8[PPpp] w - - 0 1", "P@c6"),
    ("othello", "8/8/2PPP3/2PppP2/2PpPP2/2PPP3/8/8[PPpp] b - - 0 1", "P@g4"),
    # Ataxx: a pass when blocked; a jump into a ring of enemies; clones beside either stone.
    ("ataxx", "PPPPPpp/1PPPPpP/PPPpppP/PPPPpPP/PppppPP/Ppppppp/ppppppp b - - 0 90", "a1a1"),
    ("ataxx", "7/7/2ppp2/2p1p2/2ppp2/1P5/7 w - - 0 1", "b2d4"),
    ("ataxx", "7/7/2ppp2/2p1p2/2ppp2/7/P5P w - - 0 1", "P@f2"),
    # Atomic: the Queen may blow up the King beside the Bishop she takes, though her own King is in
    # check; Kings side by side are not in check (the Rook on e8 does not check e1, and castling
    # goes on); no capture beside one's own King; en passant explodes around the landing square.
    ("atomic-chess", "4k3/3b4/8/8/8/7Q/8/r3K3 w - - 0 1", "h3d7"),
    ("atomic-chess", "4r3/8/8/8/8/8/3k4/4K2R w K - 0 1", "e1g1"),
    ("atomic-chess", "4k3/8/8/8/8/8/3q4/3RK3 w - - 0 1", "e1f1"),
    ("atomic-chess", "4k3/8/8/2nPpn2/3n4/8/8/4K3 w - e6 0 2", "d5e6"),
    ("atomic-chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"),
    ("atomic-chess", "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8q"),
]


@pytest.mark.parametrize(("name", "fen", "shows"), RARE_POSITIONS)
def test_rare_rules_from_fen_equal_fairy_stockfish(name: str, fen: str, shows: str) -> None:
    game = fairy_game(name)
    board, _ = shipped(game.board)
    expected = set(fairy_moves(game, fen, []))
    assert shows in expected
    assert legal_uci(game, from_fairy(board, fen)) == expected


def test_janggi_has_no_pass_in_check() -> None:
    game = fairy_game("janggi")
    board, _ = shipped("janggi")
    fen = "3k5/9/9/9/9/9/9/9/9/3KR4 b - - 0 1"  # the Chariot on e1 does not check d10; a Chariot on d1 would
    assert "d10d10" in legal_uci(game, fen)
    checked = "3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1"
    assert not any(move[:2] == move[2:] for move in legal_uci(game, checked))
    assert legal_uci(game, checked) == set(fairy_moves(game, checked, []))


def test_othello_turns_every_enclosed_run_as_fairy_stockfish_does() -> None:
    board, rules = shipped("othello")
    fen = "P1P1P3/1ppp4/Pp1pP3/1pppP3/P1PpP3/8/8/8 w - - 0 1"
    position = Position.from_fen(board, fen)
    make_move(position, MoveNames(rules, position, style="uci").read("P@c6"))
    expected = sf.get_fen("flipello", fen.replace(" w ", "[PPPPpppp] w ", 1), ["P@c6"])
    assert position.fen().split()[0].split("[")[0] == expected.split("[")[0] == "P1P1P3/1PPP4/PPPPP3/1PPPP3/P1PpP3/8/8/8"


def test_ataxx_turns_every_neighbour_and_a_player_without_stones_has_no_move() -> None:
    board, rules = shipped("ataxx")
    fen = "7/7/2ppp2/2p1p2/2ppp2/1P5/7 w - - 0 1"
    position = Position.from_fen(board, fen)
    make_move(position, MoveNames(rules, position, style="uci").read("b2d4"))
    assert position.fen().split()[0] == sf.get_fen("ataxx", fen, ["b2d4"]).split()[0]
    game = fairy_game("ataxx")
    empty_handed = "7/P1P4/7/6P/4PP1/1P5/P6 b - - 7 6"
    assert legal_uci(game, empty_handed) == set(fairy_moves(game, empty_handed, [])) == set()


def test_play_reads_othello_placings_and_passes(capsys: pytest.CaptureFixture[str]) -> None:
    from dagaz_studio.cli import main

    fen = "pppppPPP/ppppppPP/pppppppP/ppppPppP/PppppPpP/PPppPppP/PPPPPPPP/2PPPPPP w - - 0 30"
    assert main(["play", "othello", "--fen", fen, "c1c1", "P@b1"]) == 0
    expected = sf.get_fen("flipello", fen.replace(" w ", "[Pp] w ", 1), ["c1c1", "P@b1"])
    assert capsys.readouterr().out.splitlines()[-1].split()[0].split("[")[0] == expected.split()[0].split("[")[0]
    assert main(["play", "othello", "P@d6", "P@c4"]) == 0
    expected = sf.get_fen("flipello", sf.start_fen("flipello"), ["P@d6", "P@c4"])
    assert capsys.readouterr().out.splitlines()[-1].split()[0].split("[")[0] == expected.split()[0].split("[")[0]


def test_berolina_en_passant_follows_a_diagonal_double_step() -> None:
    # Black's e7c5 passes d6, where White's d5 pawn could have taken it: it takes it there now.
    # (A FEN cannot say this: its en-passant square is read as a straight double step.)
    game = fairy_game("berolina")
    board, rules = shipped("berolina")
    fen = "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1"
    position = Position.from_fen(board, fen)
    make_move(position, MoveNames(rules, position, style="uci").read("e7c5"))
    names = MoveNames(rules, position, style="uci")
    assert set(names.names) == set(sf.legal_moves(game.variant, fen, ["e7c5"]))
    assert names.read("d5d6").captures == (board.index("c5"),)
