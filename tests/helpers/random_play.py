"""Positions reached by seeded random play on a shipped board, for tests and benchmarks that want a
game under way rather than its start."""

from __future__ import annotations

import random

from dagaz_studio.board import load_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules


def mid_game(board_name: str, count: int, seed: int = 7) -> list[Position]:
    """``count`` positions of the board ``board_name``, each 10 to 29 random legal moves from its start
    (fewer where a game ends), the moves drawn from ``seed``."""
    board = load_board(board_name)
    rules = Rules(board)
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        position = Position.initial(board)
        for _ in range(rng.randrange(10, 30)):
            moves = legal_moves(rules, position)
            if not moves:
                break
            make_move(position, rng.choice(moves))
        positions.append(position)
    return positions
