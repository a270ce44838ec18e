"""Any text read as Betza, in either dialect, reads or is refused with a TranslationError; what reads
is written in the Dagaz notation and back in Betza, or refused so; and what Fairy-Stockfish is given
back moves there as the notation moves here."""

from __future__ import annotations

import random
from contextlib import suppress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dagaz_studio.betza import DIALECTS, TranslationError, read_betza, to_dagaz
from dagaz_studio.betza.betza_writer import to_betza
from dagaz_studio.betza.dagaz_reader import read_dagaz
from dagaz_studio.translation import translate

#: Betza's letters, with the brackets, groups, digits and a few letters no reader knows.
LETTERS = "WFDNAHCZGKRBQLJOUIX" + "mcpgnijyzqoaeutdxkw!'" + "fbvslrh" + "0123456789" + "[]()-?" + " #é"
#: Texts most of whose parts read: a few modifiers, an atom, sometimes a range.
PART = st.builds(lambda mods, atom, count: mods + atom + count,
                 st.text(alphabet="mcpgnifbvslrhejyzqoa", max_size=4), st.sampled_from("WFDNAHCZGKRBQLJO"),
                 st.sampled_from(["", "", "", "0", "2", "3", "12"]))
TEXTS = st.one_of(st.text(alphabet=LETTERS, min_size=1, max_size=16),
                  st.lists(PART, min_size=1, max_size=3).map("".join))


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.sampled_from(DIALECTS))
def test_any_betza_reads_or_is_refused_with_a_translation_error(text: str, dialect: str) -> None:
    try:
        piece = read_betza(text, dialect)
    except TranslationError:
        return
    try:
        notation = to_dagaz(piece)
    except TranslationError:
        return
    try:
        back = read_dagaz(notation)
    except TranslationError:
        return
    for target in DIALECTS:
        with suppress(TranslationError):
            to_betza(back, target)


pytest.importorskip("pyffish")
from tests.helpers.fsf_pieces import moves_as_fairy_stockfish  # noqa: E402


def test_random_text_read_as_fairy_stockfish_and_written_back_for_it_moves_there_as_here() -> None:
    # Texts of any letters, not only the components of the other random tests: where the reading,
    # the notation and the Betza written back all stand, Fairy-Stockfish moves that Betza as the
    # notation moves here.
    rng = random.Random(20261130)
    letters = "WFDNAHCZGKRBQ" * 2 + "mcpgnifbvslrhe" * 2 + "0123" + "jyzqoa"
    written: list[tuple[str, str]] = []
    while len(written) < 40:
        text = "".join(rng.choice(letters) for _ in range(rng.randrange(1, 9)))
        try:
            notation = to_dagaz(read_betza(text, "fsf"))
            betza = translate(notation, "dagaz", "betza", "fsf").text
        except TranslationError:
            continue
        if (betza, notation) not in written:
            written.append((betza, notation))
    assert moves_as_fairy_stockfish(written, rng, "rt") > 60
