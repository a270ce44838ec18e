"""Reading board files: statements, continuation lines, directions, symmetries, zones, hints."""

from __future__ import annotations

import pytest

from dagaz_studio.board import BoardFileError, PlacementError, parse_board, parse_placement
from dagaz_studio.board.loader import split_statements
from tests.helpers.paths import REPO

ARTICLE = """\
fanorona-9x5
grid: a-i x 5-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
O = a3>b4>c5,a1>b2>c3>d4>e5,c1>d2>e3>f4>g5,e1>f2>g3>h4>i5,g1>h2>i3
T = a3>b2>c1,a5>b4>c3>d2>e1,c5>d4>e3>f2>g1,e5>f4>g3>h2>i1,g5>h4>i3
R = c5>b4>a3,e5>d4>c3>b2>a1,g5>f4>e3>d2>c1,i5>h4>g3>f2>e1,i3>h2>g1
M = c1>b2>a3,e1>d2>c3>b4>a5,g1>f2>e3>d4>c5,i1>h2>g3>f4>e5,i3>h4>g5
"""


def test_the_article_board_loads_verbatim():
    board = parse_board(ARTICLE)
    assert board.name == "fanorona-9x5"
    assert board.kind == "default"
    assert len(board.squares) == 45
    assert board.players == ("White", "Black")
    assert board.pieces == {} and board.setup is None
    step = lambda square, letter: board.neighbour(board.index(square), letter)
    assert step("a3", "O") == board.index("b4")
    assert step("c5", "O") is None
    assert step("b3", "O") is None  # a weak point has no diagonal
    assert step("e3", "M") == board.index("d4")
    assert step("e3", "N") == board.index("e4")


def test_the_article_text_is_the_one_the_guide_and_the_shipped_board_give():
    assert "```\n" + ARTICLE + "```" in (REPO / "docs" / "boards.md").read_text(encoding="utf-8")
    assert (REPO / "boards" / "others" / "fanorona.board").read_text(encoding="utf-8").startswith(ARTICLE)


def test_statements_join_continuation_lines_and_drop_comments():
    text = "grid: a-b x 2-1  # a tiny board\n\n# only a comment\nplayers: A\n   B # second\n\tC\n"
    statements = split_statements(text)
    assert [s.text for s in statements] == ["grid: a-b x 2-1", "players: A B C"]
    players = statements[1]
    assert players.where(players.text.index("B")) == (5, 4)
    assert players.where(players.text.index("C")) == (6, 2)


def test_name_statement_kind_and_default_name():
    board = parse_board("name: Tiny\nkind: stack\ngrid: a-b x 2-1")
    assert (board.name, board.kind) == ("Tiny", "stack")
    assert parse_board("grid: a-b x 2-1", "somewhere/my-game.board").name == "my-game"


@pytest.mark.parametrize(
    "grid, columns, rows",
    [
        ("a-h x 8-1", "abcdefgh", [str(r) for r in range(8, 0, -1)]),
        ("a-i x 10-1", "abcdefghi", [str(r) for r in range(10, 0, -1)]),
        ("c-a x 1-3", "cba", ["1", "2", "3"]),
        ("a x 1", "a", ["1"]),
    ],
)
def test_grid_ranges_run_either_way(grid, columns, rows):
    board = parse_board(f"grid: {grid}")
    assert board.column_names == tuple(columns)
    assert board.row_names == tuple(rows)
    assert board.squares[0] == columns[0] + rows[0]
    assert board.squares[-1] == columns[-1] + rows[-1]
    assert len(board.squares) == len(columns) * len(rows)


def test_vectors_and_link_chains_mix_and_chains_add_up():
    board = parse_board("grid: a-c x 3-1\nE = (1, 0)\nO = a1>b2\nO = b2>c3, b1>c2\n")
    step = lambda square, letter: board.neighbour(board.index(square), letter)
    assert step("a1", "E") == board.index("b1") and step("c1", "E") is None
    assert [step(s, "O") for s in ("a1", "b2", "b1", "a2")] == [board.index("b2"), board.index("c3"), board.index("c2"), None]
    assert list(board.directions) == ["E", "O"]


def test_symmetry_forms():
    board = parse_board(
        "grid: a-c x 3-1\nplayers: Red Black Green\nsymmetry Black: N<>S O<>T\nsymmetry Green: N=E E=S S=W W=N\n"
    )
    assert board.player_direction("Black", "N") == "S"
    assert board.player_direction("Black", "T") == "O"
    assert board.player_direction("Black", "M") == "M"
    assert [board.player_direction("Green", d) for d in "NESW"] == ["E", "S", "W", "N"]
    assert board.player_direction("Red", "N") == "N"


def test_zones_shared_and_per_player():
    board = parse_board(
        "grid: a-e x 5-1\nplayers: Red Black\nzone centre: c3, b2 d4-d4\nzone palace: Red b1-d2; Black d5-b4\n"
    )
    names = lambda squares: sorted(board.squares[i] for i in squares)
    assert names(board.zones["centre"].squares_for("Red")) == ["b2", "c3", "d4"]
    assert names(board.zones["palace"].squares_for("Red")) == ["b1", "b2", "c1", "c2", "d1", "d2"]
    assert names(board.zones["palace"].squares_for("Black")) == ["b4", "b5", "c4", "c5", "d4", "d5"]


def test_pieces_rules_and_draw_hints():
    board = parse_board(
        "grid: a-c x 3-1\nN = (0, -1)\nE = (1, 0)\nzone top: a3-c3\n"
        "piece King K royal: N[@top];E\n   [=Man]\npiece Man m: N[+King]\n"
        "rule: compulsory-capture\ndraw: points\ndraw: lines N E\ndraw: river 2 1\ndraw: diagonals a1-b2\n"
    )
    king = board.pieces["King"]
    assert king.royal and king.letter == "K" and king.notation_text == "N[@top];E [=Man]"
    assert king.defined_at.line == 5 and king.defined_at.column == 7
    assert not board.pieces["Man"].royal
    assert board.rules.words == {"compulsory-capture"}
    assert board.draw.style == "points"
    assert board.draw.lines == ("N", "E")
    assert board.draw.river == (1, 2)
    assert board.draw.diagonals == ((0, 1, 1, 2),)


# --------------------------------------------------------------------------- placements


def _tiny_board(columns: str = "a-j", rows: str = "2-1"):
    return parse_board(f"grid: {columns} x {rows}\npiece Man M: N\npiece King K: N\n")


def test_placement_reads_multi_digit_runs_and_both_players():
    board = _tiny_board()
    pieces = parse_placement(board, "10/Mk8")
    assert pieces == {board.index("a1"): (0, board.pieces["Man"]), board.index("b1"): (1, board.pieces["King"])}
    assert parse_placement(board, "10/10 w - - 0 1") == {}


@pytest.mark.parametrize(
    "placement, offset, words",
    [
        ("10", 0, "1 row, but the grid has 2"),
        ("10/9", 3, "has 9 squares"),
        ("10/11", 3, "more than 10"),
        ("10/9MM", 5, "more than 10"),
        ("10/Mq8", 4, "no piece has the letter 'q'"),
        ("10/M?8", 4, "unexpected '?'"),
        ("", 0, "empty"),
    ],
)
def test_placement_errors_say_what_and_where(placement, offset, words):
    with pytest.raises(PlacementError) as caught:
        parse_placement(_tiny_board(), placement)
    assert caught.value.offset == offset
    assert words in caught.value.message
    assert isinstance(caught.value, ValueError)


def test_board_file_error_is_a_value_error_listing_problems():
    with pytest.raises(BoardFileError) as caught:
        parse_board("grid: a-b x 2-1\nfoo: 1\nbar: 2\n", "x.board")
    assert isinstance(caught.value, ValueError)
    assert [str(p) for p in caught.value.problems] == [
        "x.board:2:1: unknown statement 'foo'",
        "x.board:3:1: unknown statement 'bar'",
    ]
    assert str(caught.value) == "x.board:2:1: unknown statement 'foo'\nx.board:3:1: unknown statement 'bar'"
