"""Drops and the hand rules on the light path (perft): the same legal moves, in the same order, and
as many counted, as the full moves find, on positions with pieces in hand where drops block checks,
give check or mate, fill a column or land where a piece could never move again, and stand in lines
other pieces attack along, and where moves would leave a piece that could never move again."""

from __future__ import annotations

import random

import pytest

from dagaz_studio.board import load_board, parse_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import light_legal_count, light_legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move

#: Boards with drops: the shogi family's hand rules, crazyhouse, drops that may not give check
#: (supply), and placement rules the light path leaves to the full moves (sittuyin).
BOARDS = ["shogi", "minishogi", "crazyhouse", "supply", "sittuyin", "torishogi"]


def _light(rules: Rules, position: Position) -> list[Move]:
    return [entry if isinstance(entry, Move) else rules.record_move(position, entry.origin, entry.piece, entry.record)
            for entry in light_legal_moves(rules, position)]


def _same(rules: Rules, position: Position) -> list[Move]:
    full = legal_moves(rules, position)
    assert _light(rules, position) == full, position.fen()
    assert light_legal_count(rules, position) == len(full), position.fen()
    return full


@pytest.mark.parametrize("board_name", BOARDS)
def test_the_light_path_finds_what_full_moves_find_where_pieces_are_in_hand(board_name: str) -> None:
    board = load_board(board_name)
    rules = Rules(board)
    rng = random.Random(board_name)
    for _ in range(3):
        position = Position.initial(board)
        for _ in range(30):
            moves = _same(rules, position)
            if not moves:
                break
            # Captures and drops are chosen more often than chance would: the hands fill, and
            # drops meet checks, columns and lines.
            rare = [move for move in moves if move.captures or move.dropped]
            make_move(position, rng.choice(rare if rare and rng.random() < 0.7 else moves))


@pytest.mark.parametrize(("board_name", "fen"), [
    # A pawn drop on a8 mates (not a move); one that only checks is.
    ("shogi", "kl7/1n7/1G7/9/9/9/9/9/4K4[P] w - - 0 1"),
    ("shogi", "k8/9/1G7/9/9/9/9/9/4K4[P] w - - 0 1"),
    # In check from afar: the drops between block it, the others leave the king attacked.
    ("shogi", "4k4/9/9/9/4r4/9/9/9/4K4[PGs] w - - 0 1"),
    # A pawn in the column already, promoted pawns that do not count, and rows a pawn never leaves.
    ("shogi", "4k4/9/9/9/9/9/P8/1+P7/4K4[PLN] w - - 0 1"),
    # Pieces a move would leave where they could never move again: they must promote there.
    ("shogi", "4k4/P1N6/L2N5/9/9/9/9/9/4K4[-] w - - 0 1"),
    ("minishogi", "4k/P4/5/5/K4[-] w - - 0 1"),
    ("crazyhouse", "4k3/8/8/8/8/8/4r3/4K3[Qn] w - - 0 1"),
    # A drop that screens a cannon's line to the general gives check, which supply's drops may not.
    ("supply", "4k4/9/9/9/9/9/9/4C4/9/4K4[Ppr] w - - 0 1"),
    # A drop between the cannon and the general screens the cannon's line to its own general.
    ("supply", "3k5/4c4/9/9/9/9/9/9/9/4K4[R] w - - 0 1"),
])
def test_the_light_path_finds_what_full_moves_find_for_drops_that_check_block_or_stick(board_name: str,
                                                                                     fen: str) -> None:
    board = load_board(board_name)
    _same(Rules(board), Position.from_fen(board, fen))


#: Plain leapers and riders (perft's quick shapes) that a move or a drop may leave unable to move.
STUCK = """
grid: a-e x 5-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
players: White Black
symmetry Black: N<>S
rule: captures-to-hand
rule: immobility-illegal
drop: [p]
piece Pawn P: N
piece Lance L: (N)([p]\\1)*
piece King K royal: +
setup: k4/2P1L/5/5/4K[P] w 0 1
"""


def test_the_light_path_counts_without_the_moves_that_leave_a_plain_leaper_or_rider_stuck() -> None:
    board = parse_board(STUCK)
    rules = Rules(board)
    # Out of check, a piece standing on no square the attacks on its King read is counted whole.
    for fen in ("k4/2P1L/5/5/4K[P] w 0 1", "k4/5/2K2/p3l/5[p] b 0 1", "2k2/P1L2/5/2p1l/2K2[Pp] w 0 1"):
        _same(rules, Position.from_fen(board, fen))
