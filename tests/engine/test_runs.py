"""Moves in a row (``[u0-2]``) and counts of one type of piece (``[=0:Man]``): read, run, kept.

Frisian draughts' King, checked against pydraughts in tests/games/test_draughts.py, is the first use;
an invented piece, a Tired Rook that rests after two moves in a row, is the second.
"""

from __future__ import annotations

import pytest

from dagaz_studio.board.loader import BoardFileError, parse_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import FenError, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.names import MoveNames
from dagaz_studio.notation import NotationError, describe, parse_notation, to_notation
from dagaz_studio.notation.nodes import CountCheck, RunCheck, walk
from tests.oracle.rules import OracleRules

TIRED = """tired
grid: a-d x 4-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
O = (1, -1)
M = (-1, -1)
T = (1, 1)
R = (-1, 1)
players: White Black
symmetry Black: N<>S O<>T M<>R
piece Rook R: [u0-1](+)([p]\\1)*
piece King K: *[p]
piece Pawn P: [=1-:Rook]N[p]
setup: 3k/4/4/R2K w
"""


def _items(text: str) -> list[object]:
    return [node for node in walk(parse_notation(text).body) if isinstance(node, (RunCheck, CountCheck))]


@pytest.mark.parametrize(("text", "expected"), [
    ("[u0-2]", RunCheck(0, 2, None)),  # type: ignore[arg-type]
    ("[u3-]", RunCheck(3, None, None)),  # type: ignore[arg-type]
    ("[u1]", RunCheck(1, 1, None)),  # type: ignore[arg-type]
    ("[=0:Man]", CountCheck(0, 0, None, None, "Man")),  # type: ignore[arg-type]
    ("[=2-:Rook@camp]", CountCheck(2, None, "camp", None, "Rook")),  # type: ignore[arg-type]
])
def test_the_checks_are_read(text: str, expected: object) -> None:
    (item,) = _items(text)
    assert {**vars(item), "span": None} == {**vars(expected), "span": None}
    assert to_notation(parse_notation(text)) == text


@pytest.mark.parametrize(("text", "message"), [
    ("[u]", "write a count of moves in a row as un, un-m or un-"),
    ("[ux]", "write a count of moves in a row"),
    ("[u3-1]", "minimum above maximum"),
    ("[=1:]", "must be followed by a piece name"),
    ("[=1:3x]", "bad piece name '3x'"),
    ("[=3x]", "bad piece name '3x'"),
])
def test_bad_checks_are_reported(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_notation(text)
    assert message in str(error.value)


def test_the_checks_read_in_english() -> None:
    text = describe(parse_notation("[u0-2,=0:Man]"))
    assert "made 0 to 2 moves in a row without capturing" in text
    assert "no Mans" in text or "no Man" in text


def test_an_unknown_piece_in_a_count_is_reported_by_the_board() -> None:
    with pytest.raises(BoardFileError) as error:
        parse_board(TIRED.replace("[=1-:Rook]", "[=1-:Ghost]"))
    assert "unknown piece type 'Ghost'" in str(error.value)


def _sources(position: Position, rules: Rules) -> set[str]:
    return {rules.board.squares[move.origin] for move in legal_moves(rules, position)}


@pytest.mark.parametrize("fast", [True, False], ids=["compiled", "runner"])
def test_a_tired_rook_rests_after_two_moves_in_a_row(fast: bool) -> None:
    board = parse_board(TIRED)
    rules = Rules(board) if fast else OracleRules(board)
    position = Position.initial(board)
    for name in ["Ra2", "Kc4", "Rb2", "Kd4"]:
        make_move(position, MoveNames(rules, position).read(name))
    assert "b2" not in _sources(position, rules) and "d1" in _sources(position, rules)
    make_move(position, MoveNames(rules, position).read("Kc1"))
    make_move(position, MoveNames(rules, position).read("Kc4"))
    assert "b2" in _sources(position, rules)


def test_a_capture_ends_the_run() -> None:
    board = parse_board(TIRED.replace("setup: 3k/4/4/R2K w", "setup: k3/p3/4/R2K w"))
    rules = Rules(board)
    position = Position.initial(board)
    make_move(position, MoveNames(rules, position).read("Ra2"))
    make_move(position, MoveNames(rules, position).read("Kb4"))
    assert position.runs[0] == (board.index("a2"), 1)
    take = next(move for move in legal_moves(rules, position) if board.squares[move.target] == "a3")
    assert take.captures
    make_move(position, take)
    assert position.runs[0] == (board.index("a3"), 0)
    make_move(position, MoveNames(rules, position).read("Kb3"))
    assert "a3" in _sources(position, rules)  # after a capture, the Rook moves again


def test_the_count_of_a_type_of_piece_is_the_movers() -> None:
    # White's Pawn may step only while White has a Rook; Black's Rook does not count for White.
    board = parse_board(TIRED.replace("setup: 3k/4/4/R2K w", "setup: 3k/r3/4/1P1K w"))
    rules = Rules(board)
    assert "b1" not in _sources(Position.initial(board), rules)
    with_rook = Position.from_fen(board, "3k/r3/4/RP1K w")
    assert "b1" in _sources(with_rook, rules)


def test_runs_are_kept_through_perft_and_taken_back() -> None:
    board = parse_board(TIRED)
    rules = Rules(board)
    position = Position.initial(board)
    make_move(position, MoveNames(rules, position).read("Ra2"))
    before = position.fen()
    assert before.endswith(" 1@a2,-")
    assert perft(rules, position, 3) > 0
    assert position.fen() == before


def _full_perft(rules: Rules, position: Position, depth: int) -> int:
    """Perft by whole moves, each made by make_move (the light path's count checked against it)."""
    if depth == 0:
        return 1
    count = 0
    for move in legal_moves(rules, position):
        undo = make_move(position, move)
        count += _full_perft(rules, position, depth - 1)
        unmake_move(position, undo)
    return count


def test_perft_by_light_records_counts_the_rested_rook_as_whole_moves_do() -> None:
    # Perft makes light records in place: a Rook's run must be kept by them as by a whole move, or it
    # moves a third time in a row.
    board = parse_board(TIRED)
    rules = Rules(board)
    position = Position.initial(board)
    assert perft(rules, position, 5) == _full_perft(rules, position, 5)


def test_the_runs_field_is_read_and_checked() -> None:
    board = parse_board(TIRED)
    position = Position.from_fen(board, "3k/4/R3/3K b - - 1 1 2@a2,-")
    assert position.runs == ((board.index("a2"), 2), (-1, 0))
    assert Position.from_fen(board, position.fen()).runs == position.runs
    for bad in ["2@z9,-", "2@a2", "x@a2,-", "-,-,-"]:
        with pytest.raises(FenError) as error:
            Position.from_fen(board, f"3k/4/R3/3K b - - 1 1 {bad}")
        assert error.value.field == "moves in a row"


def test_a_board_that_counts_no_runs_refuses_a_seventh_field() -> None:
    board = parse_board(TIRED.replace("[u0-1]", ""))
    assert not board.counts_runs
    with pytest.raises(FenError) as error:
        Position.from_fen(board, "3k/4/R3/3K b - - 1 1 2@a2,-")
    assert error.value.field == "extra field"


def test_unmake_puts_the_runs_back() -> None:
    board = parse_board(TIRED)
    rules = Rules(board)
    position = Position.initial(board)
    undo = make_move(position, MoveNames(rules, position).read("Ra2"))
    assert position.runs
    unmake_move(position, undo)
    assert not any(count for _, count in position.runs)
