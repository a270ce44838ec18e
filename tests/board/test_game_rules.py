"""The rules a board names are one typed value: each word a board file may write sets one field, and
the board's rules are read back as the words written."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dagaz_studio.board import parse_board
from dagaz_studio.board.game_rules import RULE_WORDS, GameRules
from dagaz_studio.board.statements import KNOWN_RULES

_BOARD = "grid: a-c x 3-1\nN = (0, -1)\npiece Rook R: N\nsetup: 3/3/R2 w\n"


def test_each_field_has_one_word_and_each_word_one_field() -> None:
    names = [field.name for field in fields(GameRules)]
    assert sorted(RULE_WORDS.values()) == sorted(names)
    assert len(set(RULE_WORDS.values())) == len(RULE_WORDS)
    assert tuple(RULE_WORDS) == KNOWN_RULES


@given(st.sets(st.sampled_from(sorted(RULE_WORDS))))
def test_a_board_file_s_rules_read_back_as_the_words_written(words: set[str]) -> None:
    text = _BOARD + "".join(f"rule: {word}\n" for word in sorted(words))
    rules = parse_board(text).rules
    assert rules.words == words
    for word, name in RULE_WORDS.items():
        assert getattr(rules, name) is (word in words)
    assert bool(rules) is bool(words)


def test_a_word_that_names_no_rule_is_refused() -> None:
    with pytest.raises(KeyError):
        GameRules.named(["no-such-rule"])


def test_rules_are_asked_by_meaning_not_by_word() -> None:
    # A word compared with the rules' value would silently be false: the value refuses the question.
    with pytest.raises(TypeError):
        _ = "no-check" in GameRules(no_check=True)  # type: ignore[operator]
