"""Board files with hands and with levels: what they declare, and each mistake placed at its line and
column; a drop run and traced like any move."""

from __future__ import annotations

import pytest

from dagaz_studio.board import BoardFileError, parse_board
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules

HANDS = """grid: a-c x 3-1
piece Pawn P: N([@far][+Tokin])?
piece Tokin +P: NEWS
piece Queen Q~: *
piece King K royal: *
zone far: White a3-c3; Black a1-c1
drop: [p]
drop Pawn: [p,!@far]
rule: captures-to-hand
"""


def _problems(text: str) -> list[str]:
    with pytest.raises(BoardFileError) as caught:
        parse_board(text, "t.board")
    return [f"{p.line}:{p.column}: {p.message}" for p in caught.value.problems]


def test_drops_promoted_letters_and_hand_rules_are_read() -> None:
    board = parse_board(HANDS.replace("piece Queen Q~: *\n", ""))
    assert board.has_hands and set(board.drops) == {"Pawn"}  # the King is royal, the Tokin promoted
    assert board.drops["Pawn"].text == "[p,!@far]"
    assert board.demotions == {"Tokin": "Pawn"}
    assert board.rules.captures_to_hand
    assert not parse_board("grid: a-c x 3-1\npiece King K royal: *").has_hands


@pytest.mark.parametrize(("text", "expected"), [
    (HANDS, "4:7: 'Q~' is a promoted piece's letter, but no piece promotes to it"),
    (HANDS + "drop Ghost: [p]\n", "10:6: unknown piece type 'Ghost'"),
    (HANDS + "drop: [p]\n", "10:1: the drop of every piece is already given"),
    (HANDS + "drop King: [q]\n", "10:13: unknown check 'q'"),
    (HANDS + "drop King: [@nowhere]\n", "10:13: unknown zone 'nowhere'"),
    ("grid: a-c x 3-1 x a-c", "1:19: malformed range 'a-c': levels are capital letters, like 'A-E'"),
    ("grid: a-z x 1-20 x A-Z", "1:7: the grid has 13,520 squares: a board has at most 10,000"),
])
def test_each_mistake_is_placed(text: str, expected: str) -> None:
    assert any(problem.startswith(expected) for problem in _problems(text)), _problems(text)


def test_a_3d_grid_names_squares_level_first_and_steps_between_levels() -> None:
    board = parse_board("grid: a-b x 2-1 x A-C\nU = (0, 0, 1)\nE = (1, 0)\nzone top: Ca1-Cb2")
    assert len(board.squares) == 12 and board.squares[0] == "Aa2" and board.level_names == ("A", "B", "C")
    assert board.squares[board.neighbour(board.index("Aa1"), "U")] == "Ba1"
    assert board.neighbour(board.index("Ca1"), "U") is None
    assert board.squares[board.neighbour(board.index("Ba1"), "E")] == "Bb1"
    assert {board.squares[s] for s in board.zones["top"].squares_for("White")} == {"Ca1", "Cb1", "Ca2", "Cb2"}


def test_a_drop_is_traced_from_the_hand() -> None:
    board = parse_board(HANDS.replace("piece Queen Q~: *\n", "") + "setup: 3/1K1/1k1[P] w")
    rules = Rules(board)
    position = Position.initial(board)
    result = rules.run_drop(position, list(board.pieces).index("Pawn"), board.index("a2"), trace=True)
    assert [m.dropped and board.squares[m.target] for m in result.moves] == ["a2"]
    assert "from the hand" in result.trace[0].text
    # The far row is not for pawns, and an occupied square is no drop.
    assert not rules.run_drop(position, 0, board.index("a3")).moves
    assert not rules.run_drop(position, 0, board.index("b2")).moves


def test_check_summarises_levels_and_hands(capsys: pytest.CaptureFixture[str]) -> None:
    from dagaz_studio.cli import main

    assert main(["check", "raumschach"]) == 0 and "125 squares, 5 levels," in capsys.readouterr().out
    assert main(["check", "minishogi"]) == 0 and "hands (5 piece types dropped)" in capsys.readouterr().out
