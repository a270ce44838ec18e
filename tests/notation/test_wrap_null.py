"""Steps that wrap around the board's side edges (``E%``, ``\\1%``) and null moves (``[n]``):
read, written back, explained, and run (docs/notation.md, 7.8 and 7.9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import legal_moves, pseudo_legal_moves
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.notation import NotationError, describe, parse_notation, to_notation
from dagaz_studio.notation.nodes import GroupStep, Step, walk
from tests.helpers.paths import DATA

BOARD = DATA / "betza-8x8.board"

#: A rook of a cylinder board: it rides round the side edges, and stops before its own square.
CYLINDER_ROOK = r"(+%)([p,B]\1%)*"


@pytest.fixture(scope="module")
def rules() -> Rules:
    return Rules(load_board(str(BOARD)))


def targets(rules: Rules, notation: str, fen: str, square: str) -> list[str]:
    """Where a typed piece of the side to move, standing on ``square``, moves by ``notation``."""
    board = rules.board
    kind = rules.custom_kind(parse_notation(notation), "Typed")
    position = Position.from_fen(board, fen)
    index = board.index(square)
    position.cells[index] = Piece(position.turn, kind, True)
    return sorted(board.squares[m.target] for m in pseudo_legal_moves(rules, position, index))


def test_percent_after_a_step_or_group_step_makes_it_wrap() -> None:
    nodes = list(walk(parse_notation(r"(E%)\1%N~1").body))
    steps = [n for n in nodes if isinstance(n, (Step, GroupStep))]
    assert [(type(n).__name__, n.wrap) for n in steps] == [
        ("Step", True), ("GroupStep", True), ("Step", False), ("GroupStep", False)]
    assert parse_notation("+%").body == Step(("+",), parse_notation("+%").body.span, True)


@pytest.mark.parametrize("text", [r"(+%)([pB]\1%)*", "WE%;X%", "*%{2}", "[n]", "(N)[p]~1[n]", r"(N)\1%,+%"])
def test_wrapping_steps_and_null_moves_are_written_back_as_read(text: str) -> None:
    assert to_notation(parse_notation(text)) == text


@pytest.mark.parametrize("text, message", [
    ("N[p]%", "'%' makes a step wrap around the board's edge"),
    ("(N)%", "'%' makes a step wrap around the board's edge"),
    ("%", "'%' makes a step wrap around the board's edge"),
    (r"(N)[x>\1%]", "a navigation does not wrap around the board's edge"),
])
def test_percent_anywhere_but_after_a_step_is_an_error(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_notation(text)
    assert message in str(error.value)


def test_the_english_reading_says_a_step_wraps_and_a_move_may_be_null() -> None:
    assert "coming round from the other side" in describe(parse_notation("E%"))
    assert "coming round" not in describe(parse_notation("E"))
    assert "null move" in describe(parse_notation("[n]"))


def test_a_wrapping_rook_rides_round_the_side_edges_and_stops_before_its_own_square(rules: Rules) -> None:
    empty = "8/8/8/8/8/8/8/8 w - - 0 1"
    rank = [f + "1" for f in "bcdefgh"]
    file = ["a" + str(r) for r in range(2, 9)]
    assert targets(rules, CYLINDER_ROOK, empty, "a1") == sorted(rank + file)
    # A plain rook on the same square reaches the same squares: wrapping adds nothing on an empty rank.
    assert targets(rules, r"(+)([p]\1)*", empty, "a1") == sorted(rank + file)
    # With blockers, only wrapping reaches past the edge: from c1, west to a1 and round to h1, g1.
    fen = "8/8/8/8/8/8/8/3B1b2 w - - 0 1"
    assert targets(rules, r"(WE%)([p,B]\1%)*", fen, "c1") == ["a1", "b1", "f1", "g1", "h1"]
    assert targets(rules, r"(WE)([p]\1)*", fen, "c1") == ["a1", "b1"]


def test_a_wrapping_step_keeps_to_its_row_and_never_leaves_across_the_top_or_bottom(rules: Rules) -> None:
    empty = "8/8/8/8/8/8/8/8 w - - 0 1"
    # A knight's leap written as unit steps, each wrapping: from h1, two up and one right is a3.
    assert targets(rules, "N%N%E%", empty, "h1") == ["a3"]
    assert targets(rules, "X%", empty, "h1") == ["a2", "g2"]
    assert targets(rules, "X%", empty, "a8") == ["b7", "h7"]
    assert targets(rules, "N%", empty, "e8") == []
    # Black's directions are White's turned by a half turn: his E% from a8 comes round to h8.
    assert targets(rules, "E%", "8/8/8/8/8/8/8/8 b - - 0 1", "a8") == ["h8"]


def test_a_direction_given_by_link_chains_does_not_wrap(tmp_path: Path) -> None:
    path = tmp_path / "ring.board"
    # E links a1 to b1 to c1, and no further: no vector, so no other side to come round to.
    path.write_text("line\ngrid: a-d x 1\nE = a1>b1>c1\npiece Stone S: E%\n", encoding="utf-8")
    board = load_board(str(path))
    rules = Rules(board)
    position = Position.from_fen(board, "S3 w - - 0 1")
    assert [board.squares[m.target] for m in pseudo_legal_moves(rules, position, 0)] == ["b1"]
    for fen, square in (("2S1 w - - 0 1", 2), ("3S w - - 0 1", 3)):
        assert pseudo_legal_moves(rules, Position.from_fen(board, fen), square) == []


def test_a_null_move_leaves_the_piece_where_it_is_and_hands_the_turn_on(rules: Rules) -> None:
    board = rules.board
    fen = "8/8/8/8/3B4/8/8/8 w - - 0 1"
    # Without [n], a piece back on its square with nothing changed has made no move.
    assert targets(rules, "N[p]S", fen, "d1") == []
    assert targets(rules, "N[p]S[n]", fen, "d1") == ["d1"]
    assert targets(rules, "[n]", fen, "d1") == ["d1"]
    kind = rules.custom_kind(parse_notation("[n]"), "Sentry")
    position = Position.from_fen(board, fen)
    position.cells[board.index("d1")] = Piece(0, kind, True)
    before = list(position.cells)
    (move,) = [m for m in legal_moves(rules, position) if m.origin == board.index("d1")]
    assert (move.origin, move.target, move.captures) == (board.index("d1"), board.index("d1"), ())
    undo = make_move(position, move)
    assert position.cells == before and position.turn == 1
    unmake_move(position, undo)
    assert position.turn == 0


def test_the_lions_pass_is_a_null_move_only_beside_an_empty_square(rules: Rules) -> None:
    # A piece that steps to an empty neighbour and straight back (Chu Shogi's Lion passing, jitto).
    lion_pass = "(*)[p]~1[n]"
    assert targets(rules, lion_pass, "8/8/8/8/8/8/BB6/1B6 w - - 0 1", "a1") == []
    assert targets(rules, lion_pass, "8/8/8/8/8/8/BB6/8 w - - 0 1", "a1") == ["a1"]


def test_the_guides_cylinder_knight_comes_round_the_side_edges(rules: Rules) -> None:
    knight = "N%,OM%;E%,OT%;S%,TR%;W%,RM%"
    assert targets(rules, knight, "8/8/8/8/8/8/8/8 w - - 0 1", "h1") == ["a3", "b2", "f2", "g3"]
    assert targets(rules, "N,OM;E,OT;S,TR;W,RM", "8/8/8/8/8/8/8/8 w - - 0 1", "h1") == ["f2", "g3"]
