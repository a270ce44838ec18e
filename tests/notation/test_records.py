"""Frozen records behave as the frozen dataclasses they replace: value equality by type, hashing,
repr, immutability, defaults, replace and pickling."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dagaz_studio.notation import parse_notation, records
from dagaz_studio.notation.nodes import Lift, Put, Span, Step, walk
from dagaz_studio.notation.records import FrozenRecordError, record


@record
class Pair:
    left: int
    right: str | None = None


@dataclasses.dataclass(frozen=True)
class PairDataclass:
    left: int
    right: str | None = None


@given(st.integers(), st.one_of(st.none(), st.text(max_size=5)), st.integers(), st.one_of(st.none(), st.text(max_size=5)))
def test_equality_hash_and_repr_are_a_frozen_dataclass_s(a, b, c, d):
    assert (Pair(a, b) == Pair(c, d)) == (PairDataclass(a, b) == PairDataclass(c, d))
    if Pair(a, b) == Pair(c, d):
        assert hash(Pair(a, b)) == hash(Pair(c, d))
    assert repr(Pair(a, right=b)).replace("Pair(", "PairDataclass(") == repr(PairDataclass(a, b))


def test_records_of_different_types_with_the_same_fields_differ():
    span = Span(0, 1)
    assert Lift(span) != Put(span)
    assert Lift(span) == Lift(Span(0, 1))
    assert len({Lift(span), Put(span), Lift(Span(0, 1))}) == 2


def test_fields_cannot_be_assigned_or_deleted():
    pair = Pair(1)
    with pytest.raises(FrozenRecordError):
        pair.left = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del pair.right
    assert pair == Pair(1, None)


def test_defaults_keywords_and_missing_arguments():
    assert Step(("N",), Span(0, 1)).wrap is False
    assert Step(letters=("N",), span=Span(0, 1), wrap=True).wrap is True
    with pytest.raises(TypeError):
        Pair()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        record(type("Bad", (), {"__annotations__": {"a": "int", "b": "int"}, "a": 1}))


def test_replace_and_fields():
    pair = Pair(1, "x")
    assert records.replace(pair, right="y") == Pair(1, "y")
    assert pair == Pair(1, "x")
    assert records.fields(pair) == ("left", "right") == records.fields(Pair)
    with pytest.raises(TypeError):
        records.replace(pair, middle=3)
    match pair:
        case Pair(left, right):
            assert (left, right) == (1, "x")


@pytest.mark.parametrize("text", ["(+)([p]\\1)*", "*[FA]; [MA](E[pA]){2}|E[f,=Rook,M]^W{2}", "N[=Pawn,@last,+Queen/Rook]"])
def test_parse_trees_pickle_and_copy_whole(text):
    notation = parse_notation(text)
    for again in (pickle.loads(pickle.dumps(notation, protocol=pickle.HIGHEST_PROTOCOL)), copy.deepcopy(notation)):
        assert again == notation
        assert hash(again) == hash(notation)
        assert [type(node) for node in walk(again)] == [type(node) for node in walk(notation)]
