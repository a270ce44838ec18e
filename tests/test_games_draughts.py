"""Shipped draughts boards agree with pydraughts on positions reached by seeded random play."""

from __future__ import annotations

import pytest

from draughts_oracle import DraughtsGame, compare_random_games, square_numbers
from engine_helpers import shipped

GAMES = [DraughtsGame("checkers", "english", first="B")]
IDS = [game.board for game in GAMES]


def test_squares_are_numbered_as_draughts_players_number_them() -> None:
    board, _ = shipped("checkers")
    numbers = square_numbers(board)
    assert (numbers[1], numbers[4], numbers[5], numbers[29], numbers[32]) == ("b8", "h8", "a7", "a1", "g1")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_legal_moves_equal_pydraughts_on_random_positions(game: DraughtsGame) -> None:
    seen = compare_random_games(game, positions=50, seed=14)
    assert seen.captures > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_legal_moves_equal_pydraughts_on_500_random_positions(game: DraughtsGame) -> None:
    seen = compare_random_games(game, positions=500, seed=1402)
    assert seen.chains > 0 and seen.crownings > 0, seen

