"""Random positions of every reference generator: reproducible, varied, and each one legal in the
sense that its text form reads back to it and the generator answers it."""

from __future__ import annotations

import pytest

from tests.helpers.oracles import bashni, kalah, lasca, oware, random_positions, raumschach

GAMES = [oware, kalah, lasca, bashni, raumschach]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__.rsplit(".", 1)[-1])
def test_random_positions_are_reproducible_varied_and_readable(game):
    positions = random_positions(game, 40, seed=7, plies=30)
    assert len(positions) == 40
    assert random_positions(game, 40, seed=7, plies=30) == positions
    assert random_positions(game, 40, seed=8, plies=30) != positions
    assert len({game.format_position(p) for p in positions}) > 20
    for position in positions:
        assert game.parse(game.format_position(position)) == position
        assert isinstance(game.legal_moves(position), list)
