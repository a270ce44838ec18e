"""Coordinate names (Fanorona's captures and chains), and the name API's contracts."""

from __future__ import annotations

import random

import pytest

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.values import describe_move
from dagaz_studio.names import STYLES, MoveNameError, MoveNames, NameStyleError, name_moves, read_move
from tests.helpers.engine_helpers import shipped


def test_fanorona_opening_names_show_what_each_move_captures() -> None:
    board, rules = shipped("fanorona")
    assert sorted(name_moves(rules, Position.initial(board))) == [
        "d2-e3xf4xg5", "d3-e3xc3", "d3-e3xf3", "e2-e3xe4xe5", "f2-e3xd4xc5"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("d3-e3xc3", "d3-e3xc3"), ("d3e3xc3", "d3-e3xc3"), ("d3-e3xf3", "d3-e3xf3"), ("d2-e3xf4", "d2-e3xf4xg5"),
     ("e2e3", "e2-e3xe4xe5"), (" e2-e3 ", "e2-e3xe4xe5")],
)
def test_coordinates_read_with_or_without_the_captures(text: str, expected: str) -> None:
    board, rules = shipped("fanorona")
    assert describe_move(board, read_move(rules, Position.initial(board), text)) == expected


def test_a_path_two_captures_share_is_ambiguous() -> None:
    board, rules = shipped("fanorona")
    with pytest.raises(MoveNameError) as caught:
        read_move(rules, Position.initial(board), "d3-e3")
    assert str(caught.value) == "'d3-e3' matches several moves: d3-e3xf3, d3-e3xc3"


def test_every_style_reads_back_on_random_fanorona_positions() -> None:
    board, rules = shipped("fanorona")
    rng = random.Random(4)
    chains = 0
    for _game in range(6):
        position = Position.initial(board)
        for _ply in range(30):
            moves = legal_moves(rules, position)
            if not moves:
                break
            for style in STYLES:
                names = MoveNames(rules, position, moves, style)
                for move, name in names:
                    assert names.read(name) == move, (position.fen(), style, name)
            chains += sum(len(m.stops) > 1 for m in moves)
            make_move(position, rng.choice(moves))
    assert chains > 0


def test_unknown_style_and_a_move_from_elsewhere() -> None:
    board, rules = shipped("chess")
    position = Position.initial(board)
    with pytest.raises(NameStyleError, match="unknown name style 'figurine'"):
        MoveNames(rules, position, style="figurine")
    names = MoveNames(rules, position)
    assert names.style == "san" and len(names) == 20
    with pytest.raises(KeyError):
        names.name(legal_moves(rules, Position.from_fen(board, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))[0])


def test_names_stay_right_after_the_position_changes() -> None:
    board, rules = shipped("xiangqi")
    position = Position.initial(board)
    names = MoveNames(rules, position)
    make_move(position, names.read("C2=5"))
    assert names.name(names.read("H2+3")) == "H2+3"


def test_a_capture_where_the_move_lands_is_written_origin_x_target() -> None:
    board, rules = shipped("xiangqi")
    position = Position.initial(board)
    captures = [move for move in legal_moves(rules, position) if move.captures]
    assert captures  # the cannons take the horses
    for move in captures:
        assert list(move.captures) == [move.target]
        name = describe_move(board, move)
        assert name == f"{board.squares[move.origin]}x{board.squares[move.target]}"
        assert describe_move(board, read_move(rules, position, name)) == name
