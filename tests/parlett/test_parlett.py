"""Parlett's notation: the article's pieces read, translated and written back."""

from __future__ import annotations

import pytest

from dagaz_studio.betza import TranslationError, read_betza
from dagaz_studio.parlett import read_parlett, to_parlett
from dagaz_studio.translation import translate

ARTICLE = [("1*", "K"), ("n*", "Q"), ("nX", "B"), ("n+", "R"), ("~1/2", "N"), ("o1>, c1X>, oi2>", "fmWfcFifmnD")]


@pytest.mark.parametrize(("parlett", "betza"), ARTICLE)
def test_the_articles_parlett_and_betza_describe_the_same_moves(parlett: str, betza: str) -> None:
    assert set(read_parlett(parlett).shapes) == set(read_betza(betza).shapes)
    assert translate(parlett, "parlett", "betza").text == betza
    assert to_parlett(read_betza(betza)) == parlett


def test_what_parlett_cannot_say_is_an_error() -> None:
    with pytest.raises(TranslationError, match="hoppers"):
        translate("mRcpR", "betza", "parlett")
    with pytest.raises(TranslationError, match="some directions"):
        translate("fN", "betza", "parlett")
    with pytest.raises(TranslationError) as caught:
        read_parlett("1*, q")
    assert caught.value.column == 5
