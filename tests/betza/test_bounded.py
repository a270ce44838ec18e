"""Hostile Betza texts are read in time bounded by their length, or refused with a typed error.

Each check runs the command line in a child process with a time limit, so that a reading that grows
without bound fails the test instead of hanging the run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.betza import TranslationError, read_betza, to_dagaz
from dagaz_studio.notation import parse_notation
from tests.helpers.paths import REPO

ROOT = REPO


def translate(*args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "dagaz_studio", "translate", *args], capture_output=True,
                          text=True, timeout=timeout, env=env)


@pytest.mark.parametrize("text", ["aaaaaaN", "aaaaaK", "aaaaaaW", "a" * 1000 + "W", "af" * 1000 + "W",
                                  "[" + "W?" * 300 + "W]", "[" + "K-" * 12 + "K]"])
def test_many_legs_are_refused_at_once(text: str) -> None:
    done = translate(text)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "paths" in done.stderr or "legs" in done.stderr


def test_legs_are_counted_before_they_are_built() -> None:
    # Fourteen legs of seven turns each: built one by one they would not fit in memory.
    with pytest.raises(TranslationError, match="paths"):
        read_betza("a" * 14 + "K")
    with pytest.raises(TranslationError, match="legs"):
        read_betza("a" * 3000 + "W")


def test_a_long_straight_multi_leg_move_is_read_without_recursion() -> None:
    # Ninety legs straight on: one path for each first direction, no matter how deep.
    piece = read_betza("maf" * 89 + "W")
    assert len(piece.shapes) == 4
    assert all(len(shape.legs) == 90 for shape in piece.shapes)


def test_a_range_past_any_board_is_unlimited() -> None:
    done = translate("R999999999")
    assert done.returncode == 0, done.stderr
    assert parse_notation(done.stdout.strip())
    assert to_dagaz(read_betza("R999999999")) == to_dagaz(read_betza("R"))
    assert "R0" in done.stderr
    assert to_dagaz(read_betza("W" + "9" * 400)) == to_dagaz(read_betza("W0"))


@pytest.mark.parametrize("text", ["pR9999", "zB500", "pR9000R99999999999999999999"])
def test_a_translation_too_long_for_the_notation_is_refused(text: str) -> None:
    done = translate(text)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "at most" in done.stderr


def test_repeated_warnings_are_given_once() -> None:
    done = translate("W" * 3000)
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "2,999 times" in lines[0]


def test_a_text_longer_than_the_notation_is_refused_before_it_is_read() -> None:
    # The refusal's message shows that it came before the reading; the child's time limit is only a
    # guard against a hang, and a loaded machine takes seconds to start the interpreter alone.
    done = translate("W" * 131_000)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 4 and "131,000 characters" in done.stderr
    assert max(len(line) for line in done.stderr.splitlines()) < 200


def test_a_variants_ini_piece_of_many_legs_does_not_hang_the_import(tmp_path: Path) -> None:
    ini = tmp_path / "v.ini"
    ini.write_text("[legs:chess]\ncustomPiece1 = a:aaaaaaN\nstartFen = 8/8/8/8/8/8/8/A7 w - - 0 1\n"
                   "king = -\npawn = -\ncastling = false\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "import", str(ini), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=30, env=env)
    assert "Traceback" not in done.stderr
    assert done.returncode in (0, 2)


@pytest.mark.parametrize(("text", "source", "column"), [
    ("R\x1b[2J", "betza", 2), ("R\x01Nx", "betza", 2), ("R\u200bN", "betza", 2), ("fmW\x07", "betza", 4),
    ("(+)\x1b", "dagaz", 4), ("1*\x1b[31m", "parlett", 3),
])
def test_an_error_shows_unprintable_text_escaped_with_the_caret_under_its_column(text: str, source: str,
                                                                               column: int) -> None:
    # A pasted escape sequence must not recolour or clear the terminal, nor a line break split the
    # text from its caret: each such character shows as its escape (\x1b), as every notation's error
    # shows it, the caret under the character its column names.
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "translate", "--from", source, "--", text],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2
    heading, shown, caret = done.stderr.splitlines()[:3]
    assert heading == f"dagaz-studio: error: bad {source}:"
    escaped = [char if char.isprintable() else char.encode("unicode_escape").decode("ascii") for char in text]
    assert shown == "".join(escaped), shown
    assert caret.index("^") == len("".join(escaped[:column - 1])), done.stderr


@pytest.mark.parametrize("text", ["O10000", "KisO99999", "iO" + "9" * 300])
def test_castling_past_any_board_is_refused_at_its_count(text: str) -> None:
    # Its translation would repeat a step more often than the notation counts: said at the count.
    with pytest.raises(TranslationError, match="castling of 10,000 steps or more") as caught:
        read_betza(text)
    assert caught.value.start == text.index("O") + 1


def test_the_longest_castling_reads_and_runs() -> None:
    parse_notation(to_dagaz(read_betza("O9999")))
