"""What every way through a notation does, asked of its tree: each expectation read off the notation
guide's meaning of the construct."""

from __future__ import annotations

import pytest

from dagaz_studio.notation import parse_notation
from dagaz_studio.notation.shape import always_changes, always_steps, captures_in, leading_zones


@pytest.mark.parametrize(("text", "expected"), [
    ("N", True),
    ("N?", False),             # may be left out
    ("(N)+", True),
    ("N*", False),
    ("N;[p]", False),          # the second way never steps
    ("[p]N;E", True),
    ("(N;E)?\\1", True),      # a group step is a step
    ("^|", False),             # a lift and a put move no cursor
])
def test_a_part_always_steps_only_where_every_way_through_it_does(text: str, expected: bool) -> None:
    assert always_steps(parse_notation(text).body) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("[x]", True),
    ("[p]", False),            # a check changes nothing
    ("^", True),
    ("|", True),
    ("[+Queen]", True),
    ("[x>N]", True),           # a capture on a square looked at
    ("[p>N]", False),
    ("[x];[p]", False),        # one way changes nothing
    ("[x]?", False),
])
def test_a_part_always_changes_only_where_every_way_through_it_does(text: str, expected: bool) -> None:
    assert always_changes(parse_notation(text).body) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("[@camp,!@edge,p]N", ["camp", "edge"]),
    ("[@camp]", ["camp"]),
    ("[p,@camp]N", []),        # a zone after another check is no restriction on where a move begins
    ("N[@camp]", []),
    ("([@camp]N)", []),
])
def test_the_zones_a_notation_begins_with_are_those_its_first_bracket_opens_with(text: str, expected: list[str]) -> None:
    assert [zone.name for zone in leading_zones(parse_notation(text).body)] == expected


def test_captures_are_counted_wherever_they_stand() -> None:
    assert captures_in(parse_notation("[x](N[x];[e,x>N])*").body) == 3
