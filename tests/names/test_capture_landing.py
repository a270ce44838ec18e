"""A capture on the landing square is written once, as players write it (``a2xb3``), on every board
named by coordinates; the other capture forms stay as their players write them."""

from __future__ import annotations

import random
import re

import pytest

from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from tests.helpers.engine_helpers import shipped

COORDINATE_BOARDS = ["breakthrough", "clobber", "oware", "two-seeds", "lasca", "fanorona", "kalah"]


@pytest.mark.parametrize("game", COORDINATE_BOARDS)
def test_no_capture_name_repeats_its_landing_square(game: str) -> None:
    board, rules = shipped(game)
    rng = random.Random(5)
    position = Position.initial(board)
    for _ in range(15):
        names = MoveNames(rules, position)
        if not names.moves:
            break
        for move, name in names:
            landing = board.squares[move.target]
            # A chain may come back to a square it emptied earlier (Fanorona): that is no repeat.
            if len(move.stops) == 1:
                assert not re.search(rf"-{landing}x{landing}(?![0-9])", name), (game, name)
            assert names.read(name) is move
            # The older spelling still reads.
            if len(move.stops) == 1 and move.captures and move.captures[0] == move.target:
                old = f"{board.squares[move.origin]}-{landing}" + "".join(
                    "x" + board.squares[s] for s in move.captures)
                assert names.read(old) is move
        make_move(position, rng.choice(names.moves))


def test_a_step_that_takes_is_written_with_its_x_between_the_squares() -> None:
    board, rules = shipped("clobber")
    names = MoveNames(rules, Position.initial(board))
    assert {"a6xb6", "a6xa5"} <= set(names.names)


@pytest.mark.parametrize(("game", "fen", "expected"), [
    ("fanorona", "", "d3-e3xc3"),
    ("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"),
    ("checkers", "", "11-15"),
])
def test_other_capture_forms_are_kept(game: str, fen: str, expected: str) -> None:
    board, rules = shipped(game)
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    assert expected in MoveNames(rules, position).names
