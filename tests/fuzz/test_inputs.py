"""Hostile input, fuzzed at a modest count on every run of the suite (``tests/fuzz/run.py`` goes longer).

Notations run as pieces, board files and FENs, made from what ships and mutated (see
``tests/fuzz/cases.py``): only the project's typed errors may escape, and every run ends within its
budget.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dagaz_studio.notation import parse_notation
from tests.fuzz.cases import (
    Corpus,
    _guarded,
    board_text,
    check_board,
    check_fen,
    check_move_name,
    check_notation,
    fen_text,
    move_name,
    notation_text,
)

FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return Corpus.shipped(seed=0, positions_per_board=6)


def _passes(outcome) -> None:  # type: ignore[no-untyped-def]
    assert outcome.failure is None, f"{outcome.kind} {outcome.case!r}: {outcome.failure}"


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_notations_parse_and_run_or_raise_typed_errors(corpus: Corpus, rng: random.Random) -> None:
    _passes(check_notation(rng, corpus, notation_text(rng, corpus)))


@FUZZ
@given(text=st.text(alphabet=st.sampled_from(list("NSEWMORTX+*()[]{};,?^|&\\~0123456789²②٣ pexfo:=@!>")), max_size=60),
       rng=st.randoms(use_true_random=False))
def test_token_soup_notations_parse_and_run_or_raise_typed_errors(corpus: Corpus, text: str,
                                                                  rng: random.Random) -> None:
    _passes(check_notation(rng, corpus, text))


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_board_files_load_or_raise_typed_errors(corpus: Corpus, rng: random.Random) -> None:
    _passes(check_board(rng, corpus, board_text(rng, corpus)))


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_fens_read_and_round_trip_or_raise_typed_errors(corpus: Corpus, rng: random.Random) -> None:
    name, fen = fen_text(rng, corpus)
    _passes(check_fen(rng, corpus, name, fen))


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_move_names_read_or_raise_typed_errors(corpus: Corpus, rng: random.Random) -> None:
    _passes(check_move_name(corpus, *move_name(rng, corpus)))


@FUZZ
@given(fen=st.text(max_size=80), board=st.sampled_from(["chess", "xiangqi", "fanorona"]),
       rng=st.randoms(use_true_random=False))
def test_arbitrary_text_as_a_fen_reads_or_raises_a_fen_error(corpus: Corpus, fen: str, board: str,
                                                              rng: random.Random) -> None:
    _passes(check_fen(rng, corpus, board, fen))


def test_a_case_that_breaks_the_rule_is_reported(corpus: Corpus) -> None:
    # The guard itself must be able to fail: an untyped error is a failure, a typed one is not.
    def untyped() -> None:
        int("²")

    def typed() -> None:
        parse_notation("(")

    assert _guarded("x", "case", untyped).failure == "ValueError: invalid literal for int() with base 10: '²'"
    assert _guarded("x", "case", typed).failure is None


# Found by the long run: a budget spent while a compound move ('&') put its piece down unwound with
# the hand already emptied, and an IndexError hid the runaway stop.
FOUND_COMPOUND = ("(*)[p]|(((\\1[ex])++;~1(~1[ex])++)(&+;~1(~1[ex])++)(&+;~1(~1[ex])++)(&+;~1(~1[ex])++)"
                  "(&+;~1(~1[ex])++)(&(*)[!\\0][pR]|((\\6[ex])++;~6(~6[ex])++))*)?")


@pytest.mark.parametrize("budget", [50, 500, 5_000, 20_000])
def test_a_budget_spent_inside_a_compound_move_stops_the_run_cleanly(budget: int) -> None:
    from dagaz_studio.board import load_board
    from dagaz_studio.engine import Rules
    from dagaz_studio.engine.position import Piece, Position

    board = load_board("chess")
    rules = Rules(board)
    kind = rules.custom_kind(parse_notation(FOUND_COMPOUND))
    position = Position.initial(board)
    before = position.fen()
    square = board.index("a7")
    position.cells[square] = Piece(position.turn, kind, True)
    result = rules.run(position, square, budget=budget)
    assert result.stopped is not None and "stopped after" in result.stopped
    position.cells[square] = Position.initial(board).cells[square]
    assert position.fen() == before


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(list("NSEWOX+*()[]{};,?^|&\\~0129 pexo:=@!>P") + ["[p]", "{2,3}", "(+)"]),
                     min_size=1, max_size=25).map("".join))
def test_a_syntax_error_read_in_one_pass_says_what_reading_twice_said(text: str) -> None:
    # The parser explains a syntax error from the state it kept while parsing; the reference is the
    # state found by parsing the text again up to the error.
    from lark.exceptions import UnexpectedInput

    from dagaz_studio.notation.errors import NotationError
    from dagaz_studio.notation.parser import _parse_tree, _syntax_error, notation_grammar

    try:
        notation_grammar().parse(text)
    except UnexpectedInput as exc:
        reference = _syntax_error(text, exc)
    else:
        return
    with pytest.raises(NotationError) as caught:
        _parse_tree(text)
    assert (caught.value.message, caught.value.span, caught.value.expected) == (
        reference.message, reference.span, reference.expected)
