"""The real-world measure of `import`: the example variants.ini Fairy-Stockfish itself ships.

At least half of its sections import and play as Fairy-Stockfish plays them (compared on random
games it plays from the same text, each FEN it writes read and written back unchanged); every other section is refused with a message naming what is
missing; the README's figures are the ones measured here.
"""

from __future__ import annotations

import re

import pytest

from dagaz_studio.variants_ini import IniError, read_ini
from dagaz_studio.variants_ini.importing import Imported
from dagaz_studio.variants_ini.inheritance import resolve
from tests.helpers.example_ini import example_import, example_rules, example_text
from tests.helpers.paths import REPO

pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare_rules, fsf_games  # noqa: E402

README = REPO / "README.md"


def imported_and_refused() -> tuple[str, int, tuple[Imported, ...], tuple[IniError, ...]]:
    text = example_text()
    imported, refused = example_import()
    return text, len(read_ini(text)), imported, refused


def test_at_least_half_of_the_example_sections_play_as_fairy_stockfish_does() -> None:
    text, total, imported, refused = imported_and_refused()
    assert len(imported) + len(refused) == total
    assert 2 * len(imported) >= total, f"only {len(imported)} of {total} sections import"
    games = fsf_games(text, [variant.name for variant in imported], games=1, plies=12, seed=5)
    different = {}
    for variant in imported:
        assert games.get(variant.name) is not None, f"Fairy-Stockfish did not load {variant.name}"
        try:
            rules = example_rules(variant.name)
        except ValueError as error:
            different[variant.name] = f"the board does not load: {error}"
            continue
        difference = compare_rules(rules, games[variant.name], read_back=True)
        if difference is not None:
            different[variant.name] = difference
    assert not different


def test_every_other_example_section_is_refused_naming_what_is_missing() -> None:
    text, _, imported, refused = imported_and_refused()
    sections = read_ini(text)
    for error in refused:
        assert error.section in sections
        named = re.search(r"option (\w+)", error.message)
        if named:
            # The option named is one the section, or a section or built-in variant it inherits from, sets.
            options, _ = resolve(error.section, sections)
            assert named.group(1) in options, error.message
        else:
            assert "not supported" in error.message, error.message
    assert {v.name for v in imported}.isdisjoint(error.section for error in refused)


def test_the_readme_reports_the_measured_count() -> None:
    _, total, imported, refused = imported_and_refused()
    readme = README.read_text(encoding="utf-8")
    figures = re.search(r"example variants\.ini Fairy-Stockfish ships \((\d+) sections\).*?imports (\d+) and.*?"
                        r"(\d+) are refused", readme, re.S)
    assert figures is not None
    assert tuple(map(int, figures.groups())) == (total, len(imported), len(refused))


def test_an_option_no_board_file_can_say_is_refused_saying_why() -> None:
    _, _, _, refused = imported_and_refused()
    reasons = {error.section: error.message for error in refused}
    assert "as if the square turned to stone were empty" in reasons["nuclear"]
    assert "oppositeCastling" in reasons["opposite-castling"] and "castling rights" in reasons["opposite-castling"]
    assert "wallOrMove" in reasons["atlantis"] and "instead of moving" in reasons["atlantis"]
