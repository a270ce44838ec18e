"""A promotion's SAN reads back as its move on every shipped board: ``e8=Q``, shogi's ``Bxc3=H`` and,
on a board that gives a promoted piece no name letter of its own, ``Bxc3=+B`` and ``+Bd4``."""

from __future__ import annotations

import json
import random
import re

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.board.loader import parse_board
from dagaz_studio.board.shipped import shipped_boards
from dagaz_studio.cli import main
from dagaz_studio.engine import Rules, describe_move, legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames, san
from dagaz_studio.names.context import Context


def unread_promotions(board_text_or_name: str, plies: int, seed: int) -> list[str]:
    """The promotions (and drops of a piece as its promoted side) of a seeded random game whose SAN, as
    written before any falls back to coordinates, does not read as the move (among others SAN cannot
    tell apart), or whose name does not read back as the move alone."""
    board = load_board(board_text_or_name) if "\n" not in board_text_or_name else parse_board(board_text_or_name)
    rules = Rules(board)
    position = Position.initial(board)
    rng = random.Random(f"{seed}-{board.name}")
    unread = []
    for _ in range(plies):
        moves = legal_moves(rules, position)
        if not moves:
            break
        promoting = [i for i, move in enumerate(moves) if move.promotion is not None]
        if promoting:
            context = Context(rules, position.copy(), moves)
            written = san.write(context)
            names = MoveNames(rules, position, moves, style="san")
            for i in promoting:
                if i not in (san.read(context, written[i]) or []) or names.candidates(names.names[i]) != [i]:
                    unread.append(f"{written[i]} / {names.names[i]} ({describe_move(board, moves[i])}) in "
                                  f"{position.to_fen()}")
        make_move(position, rng.choice(moves))
    return unread


#: Shipped boards whose squares SAN can name (a letter and a number).
ON_A_GRID = sorted(name for name in shipped_boards()
                   if all(re.fullmatch(r"[a-z]\d+", square) for square in load_board(name).squares))


@pytest.mark.parametrize("board", ON_A_GRID)
def test_a_promotions_san_reads_back_as_its_move(board: str) -> None:
    assert unread_promotions(board, plies=100, seed=5)[:3] == []


#: Shogi as shipped but for its name letters: its promoted pieces are written as in positions.
UNLETTERED_SHOGI = re.sub(r"^name-letter .*\n", "", shipped_boards()["shogi"].read_text(), flags=re.M)


def test_a_promoted_piece_without_a_name_letter_is_written_as_in_positions_and_read_back() -> None:
    board = parse_board(UNLETTERED_SHOGI)
    rules = Rules(board)
    names = MoveNames(rules, Position.from_fen(board, "4k4/9/9/9/9/9/9/1B7/4K4[-] w 0 1"), style="san")
    assert {"Bh8", "Bh8=+B", "Bg7=+B+"} <= set(names.names)
    assert names.read("Bh8=+B").promotion == "Horse" and names.read("Bh8").promotion is None
    names = MoveNames(rules, Position.from_fen(board, "4k4/9/9/9/9/9/9/1+B7/4K4[-] w 0 1"), style="san")
    assert {"+Bc3", "+Bb3", "+Bg7+"} <= set(names.names)
    assert names.read("+Bb3").piece == "Horse"
    assert unread_promotions(UNLETTERED_SHOGI, plies=150, seed=5) == []


@pytest.mark.parametrize("style", ["san", "coordinates"])
def test_a_piece_dropped_as_its_promoted_side_is_named_apart_from_its_plain_drop(style: str) -> None:
    # Kyoto shogi: a Silver in hand enters as a Silver (S@b5) or as its promoted side, the Bishop-like
    # +S: B@b5 in SAN, as Fairy-Stockfish writes it, S@b5=SilverPromoted in coordinates.
    board = load_board("kyotoshogi")
    rules = Rules(board)
    position = Position.from_fen(board, "p1ks+l/5/5/1K3/1L1+NP[Ns] b - - 0 3")
    names = MoveNames(rules, position, style=style)
    uci = MoveNames(rules, position, style="uci")
    assert len(set(names.names)) == len(names.names)
    assert names.read(names.name(uci.read("+S@b5"))) == uci.read("+S@b5") != uci.read("S@b5")
    assert names.name(uci.read("+S@b5")) == {"san": "B@b5", "coordinates": "S@b5=SilverPromoted"}[style]


@pytest.mark.parametrize(("board", "fen"), [
    ("shogi", "lng2gsnl/r2k3b1/pspppp1pp/6p2/1p7/PP2P4/B1PPKPPPP/2RS2G2/LN1G2SNL[] b - - 19 10"),
    ("kyotoshogi", "p1ks+l/5/5/1K3/1L1+NP[Ns] b - - 0 3"),
    ("micro", "1b1+l/pBk1/p1+r1/1+R2/2K1[l] b - - 1 9"),
    ("judkins", "rbnsgk/5p/6/6/P5/KGSNBR[-] w 0 1"),
])
def test_the_command_line_lists_each_move_by_a_san_that_plays_it(board: str, fen: str, capsys) -> None:
    assert main(["moves", board, "--fen", fen, "--legal", "--style", "san", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["moves"]
    names = [move["name"] for move in listed]
    assert len(set(names)) == len(names) and any(move["promotion"] for move in listed)
    for move, name in zip(listed, names):
        if move["promotion"]:
            assert main(["play", board, "--fen", fen, name]) == 0, name
    capsys.readouterr()


def test_drops_of_promoted_sides_that_san_letters_alike_are_written_by_their_letters_in_positions() -> None:
    # Micro shogi: Fairy-Stockfish writes the promoted Bishop's and the promoted Rook's entry G@a1 both.
    fen = "1+R1+l/p2l/p1k1/4/2K1[Brb] b - - 0 12"
    sf = pytest.importorskip("pyffish")
    assert sf.get_san("micro", fen, "+B@a1", False, sf.NOTATION_SAN) == sf.get_san(
        "micro", fen, "+R@a1", False, sf.NOTATION_SAN) == "G@a1"
    board = load_board("micro")
    rules = Rules(board)
    position = Position.from_fen(board, fen)
    names, uci = MoveNames(rules, position, style="san"), MoveNames(rules, position, style="uci")
    for name in ("+B@a1", "+R@a1", "B@a1", "R@a1"):
        assert names.name(uci.read(name)).rstrip("+#") == name and names.read(name) == uci.read(name)
