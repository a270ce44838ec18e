"""The Raumschach reference generator checked on its own: the opening moves counted by hand, each
piece's move on a position worked by hand, and random games that keep their pieces and kings."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.oracles import raumschach
from tests.helpers.oracles.raumschach import Move, Position, attacked, legal_moves, make_move, parse

START = parse(raumschach.START)
SQUARES = {raumschach.name(s): s for s in range(raumschach.N ** 3)}


def position(side: str, **pieces: str) -> Position:
    """A position with the given pieces, e.g. ``position("w", Aa1="K", Ee5="k", Cc3="R")``."""
    cells = [""] * len(SQUARES)
    for square, piece in pieces.items():
        cells[SQUARES[square]] = piece
    return parse(raumschach.format_position(Position(tuple(cells), 0)).split()[0] + f" {side}")


def moves_of(square: str, side: str = "w", **pieces: str) -> set[Move]:
    return {m for m in legal_moves(position(side, **pieces)) if m.frm == square}


def test_the_opening_moves_counted_by_hand():
    # Level A's pawns are blocked above by level B's and step forward only; level B's step forward
    # or up. The queen on Bc1 goes up the c1 file (3), along the edge diagonals to Da1, De1 and
    # Ec4 (7) and along the corner diagonals to Da3 and De3 (4); the bishops reach Ea1/Ed1/Ec4/Ed4
    # with their captures; the knights leap to levels A, B and C.
    counts = Counter(move.frm for move in legal_moves(START))
    assert counts == {"Bc1": 14, "Bd1": 7, "Ab1": 6, "Ad1": 6, "Ba1": 6, "Bb1": 4, "Be1": 3,
                      **{f"B{c}2": 2 for c in "abcde"}, **{f"A{c}2": 1 for c in "abcde"}}
    assert raumschach.perft(START, 1) == 61


LONE = {"Ab1": "K", "Ed5": "k"}  # kings off every line through Cc3


@pytest.mark.parametrize(("piece", "count"), [
    ("R", 3 * 4),            # four cells each way along three axes
    ("B", 3 * 4 * 2),        # in each of three planes, four diagonals of two cells
    ("U", 8 * 2),            # eight corner diagonals of two cells
    ("Q", 12 + 24 + 16),
    ("N", 24),
])
def test_each_piece_from_the_centre_of_an_empty_cube(piece, count):
    assert len(moves_of("Cc3", Cc3=piece, **LONE)) == count


def test_the_king_steps_in_26_directions_but_not_next_to_the_other_king():
    # Every cell lies within two steps of Cc3, so the other king always guards some neighbours:
    # from Ed5 it guards Dc4 and Dd4.
    found = {m.to for m in moves_of("Cc3", Cc3="K", Ed5="k")}
    assert len(found) == 24 and not found & {"Dc4", "Dd4"}


def test_unicorns_and_bishops_keep_to_their_own_diagonals():
    assert {m.to for m in moves_of("Cc3", Cc3="U", **LONE)} >= {"Aa1", "Ee5", "Ae1", "Ea5"}
    assert "Ee5" not in {m.to for m in moves_of("Cc3", Cc3="B", **LONE)}
    assert {m.to for m in moves_of("Cc3", Cc3="B", **LONE)} >= {"Ca1", "Aa3", "Ac1", "Ec5"}


def test_pawns_step_forward_or_up_and_capture_with_one_forward_component():
    around = {s: "n" for s in ("Cb4", "Cd4", "Db3", "Dd3", "Dc4", "Db2", "Cb2", "Bc4")}
    found = moves_of("Cc3", Cc3="P", Aa1="K", Ee5="k", **around)
    assert {(m.to, m.captured) for m in found} == {
        ("Cc4", ()), ("Dc3", ()),
        *((s, (s,)) for s in ("Cb4", "Cd4", "Db3", "Dd3", "Dc4"))}
    around = {s: "N" for s in ("Cb2", "Cd2", "Bb3", "Bd3", "Bc2", "Bb4", "Cb4")}
    found = moves_of("Cc3", "b", Cc3="p", Aa5="K", Ee1="k", **around)
    assert {(m.to, m.captured) for m in found} == {
        ("Cc2", ()), ("Bc3", ()),
        *((s, (s,)) for s in ("Cb2", "Cd2", "Bb3", "Bd3", "Bc2"))}


def test_pawns_have_no_double_step_and_are_blocked_by_any_piece():
    assert {m.to for m in moves_of("Ac2", Ac2="P", Aa1="K", Ee5="k")} == {"Ac3", "Bc2"}
    assert moves_of("Ac2", Ac2="P", Ac3="p", Bc2="P", Aa1="K", Ee5="k") == set()


def test_pawns_promote_on_the_far_row_of_the_far_level_only():
    assert {m.promotion for m in moves_of("Ea4", Ea4="P", Ac1="K", Ce3="k")} == set("QRBNU")
    assert {m.promotion for m in moves_of("Da5", Da5="P", Ac1="K", Ce3="k")} == set("QRBNU")
    assert moves_of("Ca5", Ca5="P", Ac1="K", Ce3="k") == {Move("Ca5", (), "Da5", ())}
    assert {m.promotion for m in moves_of("Ab2", "b", Ab2="p", Ec5="K", Ce3="k")} == set("qrbnu")
    after = make_move(position("w", Ea4="P", Ac1="K", Ce3="k"), Move("Ea4", (), "Ea5", (), "U"))
    assert after.cells[SQUARES["Ea5"]] == "U"


def test_no_move_may_leave_ones_own_king_attacked():
    # The rook on Bc1 is pinned against its king by the rook on Ec1: it may only move on the file.
    pinned = moves_of("Bc1", Ac1="K", Bc1="R", Ec1="r", Ea5="k")
    assert {m.to for m in pinned} == {"Cc1", "Dc1", "Ec1"}
    # A king may not step where a unicorn looks.
    assert "Bb2" not in {m.to for m in moves_of("Aa1", Aa1="K", Dd4="u", Ee1="k")}
    assert "Bb2" in {m.to for m in moves_of("Aa1", Aa1="K", Dd5="u", Ee1="k")}


def test_there_is_no_castling():
    assert moves_of("Ac1", Ac1="K", Aa1="R", Ae1="R", Ec5="k") == {
        Move("Ac1", (), to, ()) for to in ("Ab1", "Ad1", "Ab2", "Ac2", "Ad2", "Bb1", "Bc1",
                                           "Bd1", "Bb2", "Bc2", "Bd2")}


def test_the_text_form_rejects_what_is_not_a_position():
    for text in (raumschach.START.replace("|5/5/5/5/5", ""), raumschach.START.replace("BUQBU", "BUQBX"),
                 raumschach.START.replace("RNKNR", "RNKNRR"), raumschach.START.replace("RNKNR", "RN1NR"),
                 raumschach.START[:-1] + "x"):
        with pytest.raises(ValueError):
            parse(text)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=40))
def test_random_games_keep_their_pieces_and_never_leave_a_king_attacked(choices):
    board = START
    for choice in choices:
        legal = legal_moves(board)
        if not legal:
            break
        move = legal[choice % len(legal)]
        following = make_move(board, move)
        count = sum(1 for piece in following.cells if piece)
        assert count == sum(1 for piece in board.cells if piece) - len(move.captured)
        king = "K" if board.side == 0 else "k"
        assert not attacked(following.cells, following.cells.index(king), following.side)
        assert parse(raumschach.format_position(following)) == following
        assert make_move(parse(raumschach.format_position(board)), move) == following
        board = following
