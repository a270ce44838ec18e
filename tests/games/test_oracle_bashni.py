"""The Bashni reference generator checked on its own: against pydraughts' Russian draughts while
no column has formed, each rule on a position worked by hand, and piece conservation on random
games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.oracles import bashni
from tests.helpers.oracles.bashni import Move, Position, legal_moves, make_move, parse, perft

START = parse(bashni.START)
SQUARES = {bashni.name(s): s for s in range(bashni.SIZE * bashni.SIZE)}


def position(side: str, **columns: str) -> Position:
    """A position with the given columns (top first), e.g. ``position("w", c3="M", d4="mM")``."""
    cells = [""] * len(SQUARES)
    for square, column in columns.items():
        cells[SQUARES[square]] = column
    return parse(bashni.format_position(Position(tuple(cells), 0)).split()[0] + f" {side}")


def moves(side: str, **columns: str) -> set[Move]:
    return set(legal_moves(position(side, **columns)))


def russian_perft(board, depth: int) -> int:
    """pydraughts' Russian draughts perft, one move for each (squares visited, squares taken)."""
    if depth == 0:
        return 1
    distinct = {}
    for move in board.legal_moves():
        distinct.setdefault((tuple(move.steps_move), tuple(move.captures)), move)
    if depth == 1:
        return len(distinct)
    total = 0
    for move in distinct.values():
        board.push(move)
        total += russian_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize("depth", [1, 2, 3, pytest.param(4, marks=pytest.mark.slow),
                                   pytest.param(5, marks=pytest.mark.slow)])
def test_perft_agrees_with_russian_draughts_before_columns_matter(depth):
    # Until a column with a captured piece inside is itself captured, Bashni is Russian draughts.
    draughts = pytest.importorskip("draughts")
    assert perft(START, depth) == russian_perft(draughts.Board(variant="russian"), depth)


def test_men_step_forward_and_kings_fly():
    assert {m.to for m in moves("w", c3="M")} == {"b4", "d4"}
    assert {m.to for m in moves("b", c3="m")} == {"b2", "d2"}
    assert {m.to for m in moves("w", a1="K", c5="m")} == {"b2", "c3", "d4", "e5", "f6", "g7", "h8"}
    assert {m.to for m in moves("w", d4="Mkk")} == {"c5", "e5"}  # the commander decides


def test_men_capture_backwards_too():
    assert moves("w", d4="M", c3="m") == {Move("d4", (), "b2", ("c3",))}


def test_a_capture_takes_the_top_piece_and_puts_it_under_the_capturer():
    before = position("w", d4="M", c5="mM")
    (move,) = legal_moves(before)
    assert move == Move("d4", (), "b6", ("c5",))
    assert bashni.format_position(make_move(before, move)) == "8/8/1(Mm)6/2M5/8/8/8/8 b"


def test_capturing_is_compulsory_and_goes_on_while_it_can():
    assert moves("w", c1="M", d2="m", f4="m", h2="M") == {Move("c1", ("e3",), "g5", ("d2", "f4"))}


def test_a_king_captures_from_afar_and_lands_anywhere_beyond():
    assert moves("w", a1="K", d4="m") == {Move("a1", (), to, ("d4",)) for to in ("e5", "f6", "g7", "h8")}


def test_a_king_that_can_go_on_capturing_must_land_where_it_can():
    assert moves("w", a1="K", d4="m", e7="m") == {Move("a1", ("f6",), "d8", ("d4", "e7"))}


def test_a_column_is_not_jumped_twice_in_one_move():
    # After c3xe5 the two-piece column on d4 is still black; e5xc3 would jump it again.
    assert moves("w", c3="M", d4="mm") == {Move("c3", (), "e5", ("d4",))}
    assert moves("w", b2="K", d4="mm") == {Move("b2", (), to, ("d4",)) for to in ("e5", "f6", "g7", "h8")}


def test_a_man_crowned_in_the_middle_of_a_capture_goes_on_as_a_king():
    found = moves("w", b6="M", c7="m", f6="m")
    assert found == {Move("b6", ("d8",), to, ("c7", "f6"), "K") for to in ("g5", "h4")}
    assert moves("w", c7="M") == {Move("c7", (), "b8", (), "K"), Move("c7", (), "d8", (), "K")}


def test_the_text_form_rejects_impossible_columns():
    for text in ("8/8/8/8/8/8/8/8 x", "8/8/8/8/8/8/8 w", "(m)7/8/8/8/8/8/8/8 w",
                 "1(mx)6/8/8/8/8/8/8/8 w", "m7/8/8/8/8/8/8/8 w"):
        with pytest.raises(ValueError):
            parse(text)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=80))
def test_random_games_keep_every_piece_and_survive_their_text_form(choices):
    board = START
    for choice in choices:
        legal = legal_moves(board)
        if not legal:
            break
        move = legal[choice % len(legal)]
        following = make_move(board, move)
        pieces = "".join(following.cells)
        assert len(pieces) == 24
        assert sum(p.isupper() for p in pieces) == 12
        mover = following.cells[SQUARES[move.to]]
        assert len(mover) == len(board.cells[SQUARES[move.frm]]) + len(move.captured)
        assert parse(bashni.format_position(following)) == following
        assert make_move(parse(bashni.format_position(board)), move) == following
        board = following
