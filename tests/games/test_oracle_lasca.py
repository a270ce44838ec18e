"""The Lasca reference generator checked on its own: each of Lasker's rules on a position worked
by hand, and piece conservation on random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.oracles import lasca
from tests.helpers.oracles.lasca import Move, Position, legal_moves, make_move, parse, perft

START = parse(lasca.START)
SQUARES = {lasca.name(s): s for s in range(lasca.SIZE * lasca.SIZE)}


def position(side: str, **columns: str) -> Position:
    """A position with the given columns (top first), e.g. ``position("w", c3="S", d4="so")``."""
    cells = [""] * len(SQUARES)
    for square, column in columns.items():
        cells[SQUARES[square]] = column
    return parse(lasca.format_position(Position(tuple(cells), 0)).split()[0] + f" {side}")


def moves(side: str, **columns: str) -> set[Move]:
    return set(legal_moves(position(side, **columns)))


def test_the_start_and_its_replies_worked_by_hand():
    # Six steps forward from row 3; each one leaves a hole that lets Black take the stepping
    # soldier in exactly one way, and taking is compulsory.
    assert perft(START, 1) == 6
    assert perft(START, 2) == 6
    for move in legal_moves(START):
        (reply,) = legal_moves(make_move(START, move))
        assert reply.captured == (move.to,)


def test_soldiers_step_forward_only_and_officers_both_ways():
    assert {m.to for m in moves("w", d4="S")} == {"c5", "e5"}
    assert {m.to for m in moves("b", d4="s")} == {"c3", "e3"}
    assert {m.to for m in moves("w", d4="O")} == {"c5", "e5", "c3", "e3"}
    assert {m.to for m in moves("w", d4="Soo")} == {"c5", "e5"}  # the commander decides


def test_a_capture_takes_the_top_piece_and_puts_it_under_the_capturer():
    before = position("w", c3="S", d4="sO")
    (move,) = legal_moves(before)
    assert move == Move("c3", (), "e5", ("d4",))
    after = make_move(before, move)
    assert lasca.format_position(after) == "7/7/4(Ss)2/3O3/7/7/7 b"  # the officer is free again


def test_soldiers_do_not_capture_backwards_but_officers_do():
    assert moves("w", d4="S", c3="s") == {Move("d4", (), "c5", ()), Move("d4", (), "e5", ())}
    assert moves("w", d4="O", c3="s") == {Move("d4", (), "b2", ("c3",))}


def test_capturing_is_compulsory_and_goes_on_while_it_can():
    found = moves("w", a1="S", b2="s", d4="s", g1="S")
    assert found == {Move("a1", ("c3",), "e5", ("b2", "d4"))}


def test_a_column_is_not_jumped_twice_in_one_move():
    # After c3xe5 the two-piece column on d4 is still black, and e5xc3 would jump it again.
    assert moves("w", c3="O", d4="ss") == {Move("c3", (), "e5", ("d4",))}


def test_promotion_on_the_far_row_ends_the_move():
    # The soldier reaches e7, becomes an officer, and may not go on to take f6 backwards ...
    assert moves("w", c5="S", d6="s", f6="s") == {Move("c5", (), "e7", ("d6",), "O")}
    # ... which an officer that was one already does.
    assert moves("w", c5="O", d6="s", f6="s") == {Move("c5", ("e7",), "g5", ("d6", "f6"))}
    assert moves("w", b6="S") == {Move("b6", (), "a7", (), "O"), Move("b6", (), "c7", (), "O")}
    assert lasca.format_position(make_move(position("w", b6="Sss"), Move("b6", (), "a7", (), "O"))) \
        .startswith("(Oss)6/")


def test_a_player_without_columns_or_moves_has_none():
    assert moves("b", a1="S") == set()
    assert moves("w", a7="S") == set()  # a soldier on the far row can never move


def test_the_text_form_rejects_impossible_columns():
    for text in ("s1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S x",
                 "s1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1 w",
                 "(s)1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S w",
                 "(sx)1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S w",
                 "ss1s1s1/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S w"):
        with pytest.raises(ValueError):
            parse(text)


@settings(max_examples=40, deadline=None)
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
        assert len(pieces) == 22
        assert sum(p in "Ss" for p in pieces) + sum(p in "Oo" for p in pieces) == 22
        assert sum(p.isupper() for p in pieces) == 11
        mover = following.cells[SQUARES[move.to]]
        assert len(mover) == len(board.cells[SQUARES[move.frm]]) + len(move.captured)
        assert parse(lasca.format_position(following)) == following
        assert make_move(parse(lasca.format_position(board)), move) == following
        board = following
