"""The Oware reference generator checked on its own: each abapa rule on a position worked by hand,
and seed conservation on random games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.oracles import oware
from tests.helpers.oracles.oware import Move, legal_moves, make_move, parse, perft

START = parse(oware.START)


def after(text: str, origin: str) -> str:
    """The text of the position after sowing from ``origin``."""
    position = parse(text)
    (move,) = [m for m in legal_moves(position) if m.frm == origin]
    return oware.format_position(make_move(position, move))


def test_start_has_one_move_a_pit_and_no_capture_for_two_moves():
    assert sorted(m.frm for m in legal_moves(START)) == ["a1", "b1", "c1", "d1", "e1", "f1"]
    # Four seeds never reach past the opponent's fourth pit and never make 2 or 3 there in two moves.
    assert perft(START, 1) == 6
    assert perft(START, 2) == 36


def test_sowing_runs_counter_clockwise_from_south_into_north():
    assert after(oware.START, "a1") == "4,4,4,4,4,4/0,5,5,5,5,4 b 0 0"
    assert after(oware.START, "f1") == "4,4,5,5,5,5/4,4,4,4,4,0 b 0 0"
    assert after("4,4,4,4,4,4/4,4,4,4,4,4 b 0 0", "a2") == "0,4,4,4,4,4/5,5,5,5,4,4 w 0 0"


def test_a_lap_of_twelve_seeds_or_more_skips_its_origin():
    # 12 seeds from a1: b1..f1, f2..a2 (11 pits), then b1 again, never a1.
    assert after("1,1,1,1,1,1/12,0,0,0,0,0 w 0 0", "a1") == "2,2,2,2,2,2/0,2,1,1,1,1 b 0 0"


def test_the_last_seed_making_two_or_three_captures_backwards_along_the_opponents_row():
    # f1's three seeds make f2 2, e2 3 and d2 2 (the last): all three are taken, last one first.
    text = "5,0,0,1,2,1/0,0,0,0,0,3 w 0 0"
    (move,) = legal_moves(parse(text))
    assert move == Move("f1", (), "d2", ("d2", "e2", "f2"))
    assert oware.format_position(make_move(parse(text), move)) == "5,0,0,0,0,0/0,0,0,0,0,0 b 7 0"


def test_the_backward_run_stops_at_a_pit_without_two_or_three():
    text = "5,0,0,1,0,1/0,0,0,0,0,3 w 0 0"  # e2 ends with one seed
    (move,) = legal_moves(parse(text))
    assert move.captured == ("d2",)
    assert oware.format_position(make_move(parse(text), move)) == "5,0,0,0,1,2/0,0,0,0,0,0 b 2 0"


def test_no_capture_in_ones_own_row_or_of_other_counts():
    text = "5,0,0,0,0,1/0,0,0,1,0,0 w 0 0"  # d1 sows e1 (1 seed): own row
    assert legal_moves(parse(text))[0].captured == ()
    text = "5,0,0,0,0,3/0,0,0,0,0,1 w 0 0"  # f2 ends with four
    assert legal_moves(parse(text))[0].captured == ()


def test_a_move_that_would_take_all_the_opponents_seeds_takes_nothing():
    text = "0,0,0,0,1,1/0,0,0,0,0,2 w 0 0"
    (move,) = legal_moves(parse(text))
    assert move.captured == ()
    assert oware.format_position(make_move(parse(text), move)) == "0,0,0,0,2,2/0,0,0,0,0,0 b 0 0"


def test_a_player_must_feed_an_opponent_who_has_no_seeds():
    text = "0,0,0,0,0,0/1,0,0,0,0,1 w 0 0"  # a1 stays home, f1 reaches f2
    assert [m.frm for m in legal_moves(parse(text))] == ["f1"]


def test_a_player_who_cannot_feed_an_empty_opponent_has_no_move():
    assert legal_moves(parse("0,0,0,0,0,0/1,0,0,0,0,0 w 0 0")) == []


def test_more_than_twenty_four_captured_seeds_end_the_game():
    assert legal_moves(parse("4,4,4,0,0,0/4,3,4,0,0,0 w 25 0")) == []
    assert legal_moves(parse("4,4,4,0,0,0/4,3,4,0,0,0 b 0 25")) == []
    assert len(legal_moves(parse("0,0,0,0,0,0/0,0,0,0,0,0 w 24 24"))) == 0  # no seeds: no move
    assert len(legal_moves(parse("0,0,0,0,0,0/0,0,0,0,0,1 w 24 23"))) == 1


def test_the_text_form_rejects_what_is_not_a_position():
    for text in ("4,4,4,4,4/4,4,4,4,4,4 w 0 0", "4,4,4,4,4,4/4,4,4,4,4,4 x 0 0",
                 "4,4,4,4,4,4 w 0 0", "4,4,4,4,4,4/4,4,4,4,4,-1 w 0 0"):
        try:
            parse(text)
        except ValueError:
            continue
        raise AssertionError(f"accepted {text!r}")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=120))
def test_random_games_keep_every_seed_and_survive_their_text_form(choices):
    position = START
    for choice in choices:
        moves = legal_moves(position)
        if not moves:
            break
        move = moves[choice % len(moves)]
        following = make_move(position, move)
        assert sum(following.pits) + sum(following.captured) == 48
        gain = following.captured[position.side] - position.captured[position.side]
        assert following.captured[1 - position.side] == position.captured[1 - position.side]
        assert (gain > 0) == bool(move.captured)
        assert 2 * len(move.captured) <= gain <= 3 * len(move.captured)
        assert all(following.pits[oware.INDEX[pit]] == 0 for pit in move.captured)
        assert parse(oware.format_position(following)) == following
        assert make_move(parse(oware.format_position(position)), move) == following
        position = following
