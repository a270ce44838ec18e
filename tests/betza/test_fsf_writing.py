"""Betza written for Fairy-Stockfish (``--to betza --dialect fsf``) moves there as the piece moves here,
or is refused saying why: random pieces read from XBoard's Betza and from the Betza both read alike,
written back for Fairy-Stockfish and moved by it (pyffish, in a child process) beside their notation."""

from __future__ import annotations

import random

import pytest

from dagaz_studio.translation import TranslationError, translate
from tests.betza.test_xboard_dialect import component as xboard_component
from tests.helpers.betza_pieces import random_piece

pytest.importorskip("pyffish")
from tests.helpers.fsf_pieces import moves_as_fairy_stockfish  # noqa: E402


def test_betza_written_for_fairy_stockfish_moves_there_as_here() -> None:
    rng = random.Random(20261129)
    written: list[tuple[str, str]] = []
    refused = 0
    while len(written) < 90:
        if rng.random() < 0.5:
            text, dialect = "".join(xboard_component(rng) for _ in range(rng.choice([1, 2]))), "xboard"
        else:
            text, dialect = random_piece(rng), rng.choice(["xboard", "fsf"])
        try:
            notation = translate(text, "betza", "dagaz", dialect).text
        except TranslationError:
            continue  # what neither reader moves
        try:
            betza = translate(notation, "dagaz", "betza", "fsf").text
        except TranslationError:
            refused += 1
            continue
        if (betza, notation) not in written:
            written.append((betza, notation))
    assert moves_as_fairy_stockfish(written, rng, "wr") > 200
    assert refused < 90


@pytest.mark.parametrize(("betza", "dialect", "written"), [
    ("sbW12", "xboard", "sbR"),  # Fairy-Stockfish reads one digit: W1, then skips the 2
    ("mrfQ12A", "xboard", "mRmBA"),
    ("ffmnAA", "xboard", "A"),  # it keeps one leap a direction: a later fmnA would make the A lame forward
])
def test_betza_for_fairy_stockfish_says_what_it_reads_alike(betza: str, dialect: str, written: str) -> None:
    notation = translate(betza, "betza", "dagaz", dialect).text
    assert translate(notation, "dagaz", "betza", "fsf").text == written


@pytest.mark.parametrize(("betza", "why"), [
    ("ffA3", "riders of W, F and N only"),
    ("D0", "riders of W, F and N only"),
    ("isfW", "no initial captures"),
    ("rbnN12", "where this piece has none"),  # to it, nN0 is a nightrider that nothing blocks
    ("W10", "one digit"),  # W1 to it, and its board is 12 wide: W10 is no rook there
])
def test_betza_fairy_stockfish_would_move_otherwise_is_refused_saying_why(betza: str, why: str) -> None:
    notation = translate(betza, "betza", "dagaz").text
    with pytest.raises(TranslationError, match="Fairy-Stockfish would move") as refusal:
        translate(notation, "dagaz", "betza", "fsf")
    assert why in str(refusal.value)
    assert translate(notation, "dagaz", "betza").text  # XBoard reads it


@pytest.mark.parametrize(("text", "source"), [("fmWifmnD", "betza"), ("N[p];[M]N[p]N[p]", "dagaz")])
def test_initial_moves_read_or_written_for_fairy_stockfish_warn_of_its_double_step_region(text: str,
                                                                                         source: str) -> None:
    # Fairy-Stockfish's i is where the piece stands, not whether it has moved (tests/variants_ini/
    # test_export_parents.py shows it on a piece that stepped out and back).
    target = "dagaz" if source == "betza" else "betza"
    warnings = translate(text, source, target, "fsf").warnings
    assert sum("double-step region (doubleStepRegion), moved or not" in warning for warning in warnings) == 1
    assert not any("double-step" in warning for warning in translate(text, source, target, "xboard").warnings)
