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


def test_owners_names_a_per_player_zone_whose_squares_belong_to_its_players():
    board = parse_board("grid: a-c x 2-1\nplayers: South North\nzone rows: South a1-c1; North a2-c2\n"
                        "draw: owners rows\n")
    assert board.draw.owners == "rows"
    assert [board.owner(board.index(s)) for s in ("a1", "c1", "b2")] == ["South", "South", "North"]
    assert parse_board("grid: a-c x 2-1\n").owner(0) is None
    assert load_board("oware").owner(load_board("oware").index("a2")) == "North"


@pytest.mark.parametrize("zone", ["nowhere", "middle"])
def test_owners_must_name_a_zone_with_squares_for_each_player(zone):
    text = "grid: a-c x 2-1\nplayers: South North\nzone middle: b1 b2\ndraw: owners " + zone + "\n"
    with pytest.raises(BoardFileError) as caught:
        parse_board(text)
    assert f"draw: no zone '{zone}' with squares for each player" in str(caught.value)
