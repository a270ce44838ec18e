"""Fanorona from boards/others/fanorona.board, against Dagaz's own listed moves and an independent perft."""

from __future__ import annotations

import pytest

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.values import Move
from tests.helpers.engine_helpers import shipped


def _spell(move: Move) -> str:
    board, _ = shipped("fanorona")
    names = board.squares
    text = " - ".join([names[move.origin]] + [names[s] for s in move.stops])
    return text + "".join(f" x {names[s]}" for s in move.captures)


def test_the_five_opening_moves() -> None:
    board, rules = shipped("fanorona")
    got = sorted(_spell(m) for m in legal_moves(rules, Position.initial(board)))
    assert got == sorted([
        "d2 - e3 x f4 x g5",
        "e2 - e3 x e4 x e5",
        "f2 - e3 x d4 x c5",
        "d3 - e3 x f3",
        "d3 - e3 x c3",
    ])


def test_eighteen_replies_with_chains() -> None:
    board, rules = shipped("fanorona")
    position = Position.initial(board)
    opening = next(m for m in legal_moves(rules, position) if _spell(m) == "d3 - e3 x c3")
    make_move(position, opening)
    replies = [_spell(m) for m in legal_moves(rules, position)]
    assert len(replies) == 18
    assert len(set(replies)) == 18
    assert "b4 - c3 - d3 - d2 - e3 x d2 x e1 x e3 x d1 x c1" in replies


def test_chains_never_revisit_a_point_nor_repeat_a_direction() -> None:
    board, rules = shipped("fanorona")
    position = Position.initial(board)
    make_move(position, next(m for m in legal_moves(rules, position) if _spell(m) == "d3 - e3 x c3"))
    for move in legal_moves(rules, position):
        points = [move.origin, *move.stops]
        assert len(points) == len(set(points)), _spell(move)
        steps = [(board.column_of[b] - board.column_of[a], board.row_of[b] - board.row_of[a])
                 for a, b in zip(points, points[1:])]
        assert all(x != y for x, y in zip(steps, steps[1:])), _spell(move)
        assert move.captures, "captures are compulsory here"


@pytest.mark.parametrize(("depth", "expected"), [(1, 5), (2, 39), (3, 724)])
def test_perft(depth: int, expected: int) -> None:
    board, rules = shipped("fanorona")
    assert perft(rules, Position.initial(board), depth) == expected
