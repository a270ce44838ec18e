"""Pieces in hand: crazyhouse, shogi and minishogi agree with Fairy-Stockfish (pyffish) on legal moves
named as its move strings, on the positions (with their hands) those moves lead to, and on perft."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import FenError, Position
from dagaz_studio.names import MoveNames
from tests.helpers.engine_helpers import shipped

sf = pytest.importorskip("pyffish")

GAMES = ["crazyhouse", "shogi", "minishogi"]  # each board has the name of its Fairy-Stockfish variant


def split_fen(fen: str) -> tuple[str, str, str]:
    """Placement, pieces in hand (sorted: the engines list them in their own orders), and the fields
    after them: side to move, castling and the clocks (Fairy-Stockfish names an en-passant square only
    when a pawn can take there)."""
    fields = fen.split()
    if len(fields) == 6:
        del fields[3]
    placement, hand = fields[0], ""
    if "[" in placement:
        hand = placement[placement.index("[") + 1:-1]
        placement = placement[:placement.index("[")]
    return placement, "".join(sorted(hand)), " ".join(fields[1:])


def fairy_mates_by_pawn_drop(variant: str, fen: str, move: str) -> bool:
    """Whether Fairy-Stockfish's own move lists show ``move`` to be a pawn drop that mates.

    Fairy-Stockfish 0.0.90 judges a mating pawn drop by a shortcut that now and then lets one
    through (its legal moves after the drop are none, with the king in check): the board's rule
    refuses those drops, and the comparison accepts that difference only when pyffish itself
    shows the mate.
    """
    return (move.startswith("P@") and sf.gives_check(variant, fen, [move])
            and not sf.legal_moves(variant, fen, [move]))


@dataclass
class Seen:
    positions: int = 0
    drops: int = 0
    promotions: int = 0
    captures: int = 0
    fairy_pawn_drop_mates: int = 0


def compare_random_games(game: str, positions: int, seed: int) -> Seen:
    """Seeded random games from the start: every position's legal moves and FEN must agree."""
    board, rules = shipped(game)
    rng = random.Random(seed)
    seen = Seen()
    assert split_fen(board.setup or "") == split_fen(sf.start_fen(game))
    while seen.positions < positions:
        position = Position.initial(board)
        fen = sf.get_fen(game, sf.start_fen(game), [])  # as it writes every position it reaches
        played: list[str] = []
        for _ in range(rng.randrange(20, 160)):
            if seen.positions == positions or sf.is_immediate_game_end(game, fen, [])[0]:
                break
            expected = set(sf.legal_moves(game, fen, []))
            names = MoveNames(rules, position, style="uci")
            got = set(names.names)
            assert len(got) == len(names.names), f"{game}: two moves share a name in {fen}"
            missing = expected - got
            if missing and all(fairy_mates_by_pawn_drop(game, fen, move) for move in missing):
                seen.fairy_pawn_drop_mates += len(missing)
                expected -= missing
            assert got == expected, f"{game}: {fen} after {' '.join(played)}"
            assert split_fen(position.fen()) == split_fen(fen), f"{game}: positions differ after {played}"
            assert split_fen(Position.from_fen(board, fen).fen()) == split_fen(fen)
            seen.positions += 1
            if not expected:
                break
            moves = {name: names.read(name) for name in sorted(expected)}  # the same walk, whatever the hash seed
            # Drops, promotions and captures are chosen more often than chance would, so that games
            # fill the hands and reach the promotion rules.
            rare = [name for name, move in moves.items() if move.captures or move.promotion or move.dropped]
            choice = rng.choice(rare) if rare and rng.random() < 0.6 else rng.choice(sorted(expected))
            move = moves[choice]
            seen.drops += move.dropped
            seen.promotions += move.promotion is not None
            seen.captures += bool(move.captures)
            make_move(position, move)
            played.append(choice)
            fen = sf.get_fen(game, fen, [choice])
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_legal_moves_equal_fairy_stockfish_on_random_positions(game: str) -> None:
    seen = compare_random_games(game, positions=200, seed=12)
    assert seen.drops > 10 and seen.promotions > 0 and seen.captures > 10, seen


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_legal_moves_equal_fairy_stockfish_on_1000_random_positions(game: str) -> None:
    seen = compare_random_games(game, positions=1000, seed=1212)
    assert seen.drops > 100 and seen.promotions > 10, seen


# Published perft counts (shogi and minishogi: as Fairy-Stockfish and the shogi programs count them;
# crazyhouse equals chess until a capture can come back as a drop, at depth 5).
PUBLISHED = {
    "crazyhouse": [20, 400, 8902],
    "shogi": [30, 900, 25470],
    "minishogi": [14, 181, 2512, 35401],
}


@pytest.mark.parametrize("game", GAMES)
def test_perft_from_the_start_equals_the_published_counts(game: str) -> None:
    board, rules = shipped(game)
    counts = PUBLISHED[game]
    assert [perft(rules, Position.initial(board), depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.slow
def test_perft_4_of_shogi_and_5_of_crazyhouse() -> None:
    board, rules = shipped("shogi")
    assert perft(rules, Position.initial(board), 4) == 719_731
    board, rules = shipped("crazyhouse")
    assert perft(rules, Position.initial(board), 5) == 4_888_832


def fairy_perft(game: str, fen: str, depth: int) -> int:
    moves = sf.legal_moves(game, fen, [])
    if depth == 1:
        return len(moves)
    return sum(fairy_perft(game, sf.get_fen(game, fen, [move]), depth - 1) for move in moves)


# Positions with full hands, where drops dominate.
MIDGAME = [
    ("shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PPSPPPPPP/7R1/LN1GKGSNL[Bb] w - - 0 8"),
    ("minishogi", "r1sgk/4p/5/P4/KGS1R[Bb] w - - 0 4"),
    ("crazyhouse", "r1bqkb1r/pppp1ppp/2n5/4p3/4n3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 4"),
]


@pytest.mark.parametrize(("game", "fen"), MIDGAME, ids=[game for game, _ in MIDGAME])
def test_perft_with_pieces_in_hand_equals_fairy_stockfish(game: str, fen: str) -> None:
    board, rules = shipped(game)
    assert perft(rules, Position.from_fen(board, fen), 2) == fairy_perft(game, fen, 2)


# ------------------------------------------------------------------ the rules, one by one


def uci_moves(game: str, fen: str) -> set[str]:
    board, rules = shipped(game)
    position = Position.from_fen(board, fen)
    return set(MoveNames(rules, position, legal_moves(rules, position), style="uci").names)


def test_no_piece_is_dropped_or_moved_where_it_could_never_move() -> None:
    moves = uci_moves("shogi", "4k4/9/9/9/9/9/9/9/4K4[PLN] w - - 0 1")
    assert {"P@e8", "L@e8", "N@e7"} <= moves
    assert not {m for m in moves if re.fullmatch(r"[PL]@.9|N@.[89]", m)}
    # A pawn reaching the last row must promote; on the row before, it may choose.
    moves = uci_moves("shogi", "4k4/P8/9/9/9/9/9/9/4K4[-] w - - 0 1")
    assert "a8a9+" in moves and "a8a9" not in moves
    moves = uci_moves("shogi", "4k4/9/P8/9/9/9/9/9/4K4[-] w - - 0 1")
    assert {"a7a8", "a7a8+"} <= moves


def test_no_pawn_is_dropped_into_a_column_with_an_unpromoted_pawn_of_its_side() -> None:
    moves = uci_moves("shogi", "4k4/9/9/9/9/9/P8/1+P7/4K4[P] w - - 0 1")
    assert not {m for m in moves if m.startswith("P@a")}
    assert "P@b5" in moves  # a promoted pawn does not count


def test_a_pawn_drop_that_mates_is_not_a_move_but_one_that_checks_is() -> None:
    # The king on a9 is boxed in by its own pieces; a pawn on a8, guarded by the gold, mates.
    mate = "kl7/1n7/1G7/9/9/9/9/9/4K4[P] w - - 0 1"
    assert "P@a8" not in uci_moves("shogi", mate)
    assert sf.gives_check("shogi", mate, ["P@a8"]) and not sf.legal_moves("shogi", mate, ["P@a8"])
    check = "k8/9/1G7/9/9/9/9/9/4K4[P] w - - 0 1"
    assert "P@a8" in uci_moves("shogi", check)


@pytest.mark.parametrize("fen", ["1k7/9/1G7/9/9/9/9/9/4K4[P] w - - 1+1 0 1",
                                 "kl7/1n7/1G7/9/9/9/9/9/4K4[P] w - - 1+1 0 1"])
def test_a_pawn_drop_whose_check_wins_by_the_count_is_a_move_as_fairy_stockfish_lists_it(fen: str) -> None:
    # Check shogi's first check wins: the drop ends the game by the count, which leaves the king no
    # move, so it mates no one, whether or not he could have got out of check.
    assert "P@a8" in uci_moves("checkshogi", fen)
    assert uci_moves("checkshogi", fen) == set(sf.legal_moves("checkshogi", fen, []))
    board, rules = shipped("checkshogi")
    assert perft(rules, Position.from_fen(board, fen), 1) == len(sf.legal_moves("checkshogi", fen, []))


def test_captured_pieces_change_side_and_lose_their_promotion() -> None:
    board, rules = shipped("shogi")
    position = Position.from_fen(board, "4k4/9/9/9/4+p4/4R4/9/9/4K4[-] w - - 0 1")
    move = MoveNames(rules, position, style="uci").read("e4e5")
    make_move(position, move)
    assert position.fen().split()[0] == "4k4/9/9/9/4R4/9/9/9/4K4[P]"
    board, rules = shipped("crazyhouse")
    position = Position.from_fen(board, "4k3/8/8/8/8/8/8/q~3K3[] b - - 0 1")
    for name in ("a1d1", "e1d1"):  # the promoted queen checks and is taken: a pawn in White's hand
        make_move(position, MoveNames(rules, position, style="uci").read(name))
    assert position.fen().split()[0] == "4k3/8/8/8/8/8/8/3K4[P]"


# ------------------------------------------------------------------ FEN and bad input


def test_hands_are_read_and_written_with_promoted_pieces_and_both_fen_forms() -> None:
    board, _ = shipped("shogi")
    start = Position.from_fen(board, sf.start_fen("shogi"))  # "[-] w 0 1"
    # written as Fairy-Stockfish writes the positions it reaches
    assert start.fen() == sf.get_fen("shogi", sf.start_fen("shogi"), []) == \
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    fen = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[PPb] b - - 0 2"
    assert split_fen(Position.from_fen(board, fen).fen()) == split_fen(fen)


@pytest.mark.parametrize(("game", "fen", "message"), [
    ("shogi", "4k4/9/9/9/9/9/9/9/4K4[Z] w - - 0 1", "no piece has the letter 'Z'"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K4[K] w - - 0 1", "a royal piece ('K') cannot be held"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K4[P w - - 0 1", "in brackets"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K4[2P] w - - 0 1", "unexpected '2'"),
    ("chess", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "no pieces in hand"),
])
def test_a_bad_hand_is_a_fen_error(game: str, fen: str, message: str) -> None:
    board, _ = shipped(game)
    with pytest.raises(FenError, match=re.escape(message)):
        Position.from_fen(board, fen)


def test_the_command_line_refuses_a_bad_hand_and_a_drop_not_in_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "shogi", "--fen", "4k4/9/9/9/9/9/9/9/4K4[Z] w - - 0 1"]) == 2
    assert "no piece has the letter 'Z'" in capsys.readouterr().err
    assert main(["play", "shogi", "P@e5"]) == 2
    assert "Sente holds no Pawn in hand" in capsys.readouterr().err
    assert main(["play", "shogi", "c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/")


def test_json_names_a_drop_by_its_square_alone(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["moves", "crazyhouse", "--fen", "r3k3/1P6/8/8/8/8/8/4K3[P] w - - 0 1", "--legal", "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    drops = [m for m in moves if m.get("drop")]
    assert len(drops) == 47 and all(m["from"] is None and m["piece"] == "Pawn" for m in drops)
    assert {m["to"] for m in drops} == {c + r for c in "abcdefgh" for r in "234567"} - {"b7"}
