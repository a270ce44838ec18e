"""A new board's text, written from a few choices, loads as the board those choices describe."""

from __future__ import annotations

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dagaz_studio.board import parse_board
from dagaz_studio.board.create import DIRECTION_CHOICES, SYMMETRY_CHOICES, NewBoard, NewBoardError, new_board_text
from dagaz_studio.board.piece_edits import add_piece
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import pseudo_legal_moves
from dagaz_studio.engine.position import Piece, Position

_STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0), "O": (1, -1), "T": (1, 1), "R": (-1, 1), "M": (-1, -1)}


@settings(max_examples=40, deadline=None)
@given(columns=st.integers(1, 26), rows=st.integers(1, 20), directions=st.sampled_from(DIRECTION_CHOICES),
       symmetry=st.sampled_from(SYMMETRY_CHOICES), style=st.sampled_from(["cells", "points"]),
       two=st.booleans())
def test_every_choice_loads_with_the_grid_and_directions_chosen(columns, rows, directions, symmetry, style, two):
    players = ("Red", "Blue") if two else ("Solo",)
    board = parse_board(new_board_text(NewBoard("my-game", columns, rows, directions, players, symmetry, style)))
    assert board.name == "my-game"
    assert len(board.squares) == columns * rows
    assert board.players == players
    assert board.draw.style == style
    wanted = {"orthogonal": "NESW", "diagonal": "OTRM", "both": "NESWOTRM"}[directions]
    assert set(board.directions) == set(wanted)
    for letter in wanted:
        dx, dy = _STEPS[letter]
        for square in range(len(board.squares)):
            c, r = board.column_of[square], board.row_of[square]
            inside = 0 <= c + dx < columns and 0 <= r + dy < rows
            target = board.neighbour(square, letter)
            assert (target is not None) == inside
            if inside:
                assert (board.column_of[target], board.row_of[target]) == (c + dx, r + dy)
    # The second player's north is the board's south unless the players share directions.
    if two and "N" in wanted:
        assert board.player_direction("Blue", "N") == ("N" if symmetry == "none" else "S")
        assert board.player_direction("Blue", "E") == ("W" if symmetry == "turn" else "E")
    if two and "O" in wanted:
        assert board.player_direction("Blue", "O") == {"none": "O", "mirror": "T", "turn": "R"}[symmetry]
    assert Position.initial(board).cells == [None] * (columns * rows)


def test_a_new_8x8_board_with_a_queen_moves_as_python_chess_says():
    text = new_board_text(NewBoard("queens"))
    text = add_piece(text, parse_board(text), "Queen", "Q", "(*)([p]\\1)*")
    board = parse_board(text)
    rules = Rules(board)
    for square in range(64):
        position = Position(board, [None] * 64)
        position.cells[square] = Piece(0, 0, True)
        name = board.squares[square]
        ours = {board.squares[move.target] for move in pseudo_legal_moves(rules, position, square)}
        empty = chess.Board(None)
        empty.set_piece_at(chess.parse_square(name), chess.Piece(chess.QUEEN, chess.WHITE))
        theirs = {chess.square_name(s) for s in empty.attacks(chess.parse_square(name))}
        assert ours == theirs, name


@pytest.mark.parametrize(("change", "field"), [
    ({"name": "9lives"}, "name"), ({"columns": 27}, "columns"), ({"rows": 0}, "rows"),
    ({"directions": "hex"}, "directions"), ({"players": ("A", "B", "C")}, "players"),
    ({"players": ("A", "A")}, "players"), ({"players": ("A", "b c")}, "players"),
    ({"symmetry": "spiral"}, "symmetry"), ({"style": "hexes"}, "style"),
])
def test_choices_a_board_file_cannot_hold_are_refused_by_field(change, field):
    values = {"name": "ok"} | change
    with pytest.raises(NewBoardError) as caught:
        new_board_text(NewBoard(**values))
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError)
