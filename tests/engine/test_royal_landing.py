"""perft's legality spares asking again whether a royal piece is attacked where its own ``[A]`` found
it safe, only where the answer after the move is bound to be the same: these boards have attackers
whose answer changes with the move itself (the piece has moved now, it is the last move now, a
displaced piece no longer blocks a line), and the light path must find what the full moves find."""

from __future__ import annotations

import pytest

from dagaz_studio.board import parse_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import light_legal_moves, perft
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move
from tests.oracle.rules import OracleRules

BOARD = """
grid: a-j x 8-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
O = (1, -1)
M = (-1, -1)
T = (1, 1)
R = (-1, 1)
players: White Black
symmetry Black: N<>S O<>T M<>R
piece King K royal: *[FA]; [MA](E[pA]){2}|E[f,=Rook,M]^W{2}
piece Rook R: (+)([p]\\1)*
# Takes only a piece that has moved before.
piece Hunter H: *([p];[em])
# Takes only the piece that has just moved there.
piece Sniper S: *([p];[et])
setup: 4k5/10/10/10/10/10/10/4K2R2 w
"""


def _moves(fen: str) -> tuple[list[Move], list[Move]]:
    board = parse_board(BOARD)
    position = Position.from_fen(board, fen)
    rules = Rules(board)
    light = [entry if isinstance(entry, Move) else rules.record_move(position, entry.origin, entry.piece, entry.record)
             for entry in light_legal_moves(rules, position)]
    return light, legal_moves(rules, position)


def _targets(moves: list[Move], board_fen: str) -> set[str]:
    board = parse_board(BOARD)
    return {board.squares[move.target] for move in moves if move.piece == "King"}


@pytest.mark.parametrize("fen, illegal", [
    # The King on e1 has not moved; beside the Hunter it would have.
    ("4k5/10/10/10/10/4h5/10/4K5 w", {"d2", "e2", "f2"}),
    # The King has moved; stepping beside the Sniper makes it the last move.
    ("4k5/10/10/10/10/3s6/10/3K6 w", {"c2", "d2", "e2"}),
    # Castling moves the Rook that kept the enemy Rook's line off g1.
    ("4k5/10/10/10/10/10/10/4K2R1r w", {"g1"}),
])
def test_a_royal_piece_is_asked_about_again_where_the_move_changes_the_answer(fen: str, illegal: set[str]) -> None:
    light, full = _moves(fen)
    assert light == full
    assert not illegal & _targets(full, fen)
    # Each of those squares was found safe by the King's own question: the move was generated.
    board = parse_board(BOARD)
    position = Position.from_fen(board, fen)
    rules = Rules(board)
    king = next(s for s, piece in enumerate(position.cells) if piece is not None and piece.kind == 0 and piece.player == 0)
    assert illegal <= {board.squares[move.target] for move in rules.run(position, king).moves}


@pytest.mark.parametrize("fen", [
    "4k5/10/10/10/10/4h5/10/4K5 w", "4k5/10/10/10/10/3s6/10/3K6 w", "4k5/10/10/10/10/10/10/4K2R1r w",
    "4k5/10/3s6/10/4h5/10/10/4K2R1r w",
])
def test_perft_on_the_light_path_counts_what_full_moves_count(fen: str) -> None:
    board = parse_board(BOARD)
    fast = Rules(board)
    slow = OracleRules(board)
    for depth in (1, 2, 3):
        assert perft(fast, Position.from_fen(board, fen), depth) == perft(slow, Position.from_fen(board, fen), depth)
