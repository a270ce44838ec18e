"""The Kalah reference generator checked on its own: each rule on a position worked by hand, and
seed conservation on random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.oracles import kalah
from tests.helpers.oracles.kalah import Move, legal_moves, make_move, parse, perft

START = parse(kalah.START)


def after(text: str, origin: str) -> tuple[Move, str]:
    """The move sowing from ``origin`` and the text of the position it leads to."""
    position = parse(text)
    (move,) = [m for m in legal_moves(position) if m.frm == origin]
    return move, kalah.format_position(make_move(position, move))


def test_sowing_runs_counter_clockwise_and_the_turn_passes():
    assert after(kalah.START, "b1") == (Move("b1", (), "f1", ()), "0,4,4,4,4,4,4,0/0,0,5,5,5,5,4,0 b")


def test_the_last_seed_in_ones_own_store_gives_another_move():
    assert after(kalah.START, "d1") == (Move("d1", (), "h1", ()), "0,4,4,4,4,4,4,0/0,4,4,0,5,5,5,1 w")
    north = "0,4,4,4,4,4,4,0/0,4,4,4,4,4,4,0 b"
    assert after(north, "e2") == (Move("e2", (), "a2", ()), "1,5,5,5,0,4,4,0/0,4,4,4,4,4,4,0 b")


def test_perft_counts_the_extra_move_as_a_move_of_its_own():
    # Five of South's six moves pass the turn (6 replies each); d1 ends in the store and South
    # moves again with five non-empty pits.
    assert perft(START, 1) == 6
    assert perft(START, 2) == 5 * 6 + 5


def test_ones_own_store_is_sown_and_the_opponents_skipped():
    move, text = after("0,1,1,1,1,1,1,0/0,1,0,0,0,0,8,0 w", "g1")
    assert (move.to, text) == ("b1", "0,2,2,2,2,2,2,0/0,2,0,0,0,0,0,1 b")
    move, text = after("0,8,0,0,0,0,1,0/0,1,1,1,1,1,1,0 b", "b2")
    assert (move.to, text) == ("g2", "1,0,0,0,0,0,2,0/0,2,2,2,2,2,2,0 w")


def test_the_last_seed_in_ones_own_empty_pit_takes_the_opposite_pit():
    move, text = after("0,1,5,1,1,1,1,0/0,1,0,1,1,1,1,0 w", "b1")
    assert move == Move("b1", (), "c1", ("c1", "c2"))
    assert text == "0,1,0,1,1,1,1,0/0,0,0,1,1,1,1,6 b"
    # A lap back into the emptied origin pit counts as landing in an empty pit.
    move, text = after("0,1,1,1,1,1,1,0/0,0,0,0,0,0,13,0 w", "g1")
    assert move == Move("g1", (), "g1", ("g1", "g2"))
    assert text == "0,2,2,2,2,2,0,0/0,1,1,1,1,1,0,4 b"


@pytest.mark.parametrize("text", [
    "0,1,0,1,1,1,1,0/0,1,0,1,1,1,1,0 w",  # the opposite pit is empty
    "0,1,5,1,1,1,1,0/0,1,1,1,1,1,1,0 w",  # the pit was not empty
    "0,1,5,1,1,1,1,0/0,0,0,0,0,0,4,0 w",  # the last seed is in the opponent's row
])
def test_no_capture_without_an_empty_own_pit_facing_seeds(text):
    position = parse(text)
    for move in legal_moves(position):
        assert move.captured == ()
        following = make_move(position, move)
        origin = kalah.INDEX[move.frm]
        assert all(following.pits[pit] >= position.pits[pit]
                   for pit in range(kalah.CIRCUIT) if pit != origin)


@pytest.mark.parametrize("text", ["5,0,0,0,0,0,0,0/0,1,0,0,0,0,0,3 w",
                                  "5,0,0,0,0,0,0,0/0,1,0,0,0,0,0,3 b",
                                  "5,1,0,0,0,0,0,0/0,0,0,0,0,0,0,3 w"])
def test_the_game_ends_when_either_side_has_no_seeds_in_its_pits(text):
    assert legal_moves(parse(text)) == []


def test_the_text_form_rejects_what_is_not_a_position():
    for text in ("0,4,4,4,4,4,4/0,4,4,4,4,4,4,0 w", "0,4,4,4,4,4,4,1/0,4,4,4,4,4,4,0 w",
                 "0,4,4,4,4,4,4,0/0,4,4,4,4,4,4,0", "0,4,4,4,4,4,4,0/0,4,x,4,4,4,4,0 w"):
        with pytest.raises(ValueError):
            parse(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=100))
def test_random_games_keep_every_seed_and_survive_their_text_form(choices):
    position = START
    for choice in choices:
        moves = legal_moves(position)
        if not moves:
            break
        move = moves[choice % len(moves)]
        following = make_move(position, move)
        assert sum(following.pits) == 48
        own_store = kalah.NAMES[kalah.STORES[position.side]]
        assert (following.side == position.side) == (move.to == own_store)
        assert all(following.pits[kalah.INDEX[pit]] == 0 for pit in move.captured)
        assert parse(kalah.format_position(following)) == following
        assert make_move(parse(kalah.format_position(position)), move) == following
        position = following
