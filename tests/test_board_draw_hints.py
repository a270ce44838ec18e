"""The draw hints that say how pieces and the river look: plain stones, the river's names."""

from __future__ import annotations

import pytest

from dagaz_studio.board import BoardFileError, load_board, parse_board


def test_stones_and_river_names_are_read_from_the_board_file():
    board = parse_board("grid: a-i x 10-1\ndraw: points\ndraw: river 5 6 楚河 漢界   # Chu river, Han border\ndraw: stones\n")
    assert board.draw.stones
    assert board.draw.river == (4, 5) and board.draw.river_labels == ("楚河", "漢界")
    ascii_names = parse_board("grid: a-c x 4-1\ndraw: river 3 2 Chu-river Han-border\n")
    assert ascii_names.draw.river_labels == ("Chu-river", "Han-border")
    plain = parse_board("grid: a-i x 10-1\ndraw: river 5 6\n")
    assert not plain.draw.stones and plain.draw.river_labels == ()


def test_the_shipped_boards_ask_for_them():
    assert load_board("fanorona").draw.stones
    assert load_board("xiangqi").draw.river_labels == ("楚河", "漢界")
    assert not load_board("chess").draw.stones and not load_board("xiangqi").draw.stones


@pytest.mark.parametrize(("line", "column", "what"), [
    ("draw: stones white", 14, "'white'"),
    ("draw: river 5 楚河", 15, "'楚河'"),
    ("draw: stone", 7, "'stone'"),
])
def test_a_misplaced_word_is_reported_where_it_stands(line, column, what):
    with pytest.raises(BoardFileError) as caught:
        parse_board(f"grid: a-i x 10-1\n{line}\n")
    problem = caught.value.problems[0]
    assert (problem.line, problem.column) == (2, column) and what in problem.message


def test_a_board_names_the_set_of_symbols_its_pieces_are_drawn_with():
    assert parse_board("grid: a-c x 3-1\ndraw: symbols chess\n").draw.symbols == "chess"
    assert parse_board("grid: a-c x 3-1\n").draw.symbols == ""
    assert load_board("chess").draw.symbols == "chess" and load_board("xiangqi").draw.symbols == "xiangqi"
    # Pieces that share a name with another game's are not drawn with that game's symbols.
    assert load_board("shogi").draw.symbols == "" and load_board("lasca").draw.symbols == ""
