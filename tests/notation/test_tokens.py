"""Classifying notation text for colouring."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dagaz_studio.notation.tokens import CATEGORIES, notation_tokens


def _spelled(text: str) -> list[tuple[str, str]]:
    return [(text[t.start:t.end], t.category) for t in notation_tokens(text)]


def test_a_rook_is_coloured_part_by_part() -> None:
    assert _spelled("(+)([p]\\1)*") == [
        ("(", "group"), ("+", "direction"), (")", "group"), ("(", "group"), ("[", "bracket"), ("p", "check"),
        ("]", "bracket"), ("\\1", "reference"), (")", "group"), ("*", "quantifier"),
    ]


def test_actions_checks_and_navigation() -> None:
    spelled = dict(_spelled("[(te,=Pawn,x)>E]O[l>N]&^|"))
    assert spelled["=Pawn"] == "check" and spelled[">"] == "bracket"
    assert spelled["&"] == spelled["^"] == spelled["|"] == "action"
    assert spelled["O"] == "direction"


def test_text_after_a_mistake_is_still_coloured() -> None:
    spelled = _spelled("N#(S)[p]\\1")
    assert ("N", "direction") in spelled and ("S", "direction") in spelled
    assert ("p", "check") in spelled and ("\\1", "reference") in spelled
    assert all(text != "#" for text, _ in spelled)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="NSEWOMRTX+*()[]pex^|&;,{}?0123456789\\~=>@! \n", max_size=40))
def test_any_text_is_classified_without_error(text: str) -> None:
    previous_end = 0
    for token in notation_tokens(text):
        assert token.category in CATEGORIES
        assert previous_end <= token.start < token.end <= len(text)
        previous_end = token.end
