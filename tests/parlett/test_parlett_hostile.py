"""Parlett's notation under hostile input: every bad text is refused by a typed error saying where,
through the command line as a short message with exit status 2, within bounded time and memory.

Time and memory are guarded by resource limits on a child process (not by wall-clock asserts): a
reading that runs away is killed or fails with MemoryError, and the test fails.
"""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dagaz_studio.betza import read_betza
from dagaz_studio.board.statements import MAX_SQUARES
from dagaz_studio.parlett import (
    DIRECTIONS,
    MAX_DISTANCE,
    MAX_PARLETT_LENGTH,
    MAX_PATH_SQUARES,
    ParlettError,
    read_parlett,
)
from dagaz_studio.translation import translate

#: What a child process may use: far above what reading any Parlett text needs (about 35 MB, most
#: of it the interpreter), far below what an unbounded count takes.
MEMORY_LIMIT = 400 * 2**20
CPU_SECONDS = 20


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def run_limited(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line run in a child process held to :data:`MEMORY_LIMIT` and :data:`CPU_SECONDS`."""
    return subprocess.run([sys.executable, "-m", "dagaz_studio", *args], capture_output=True, text=True,
                          preexec_fn=_limit, timeout=300)


def _refused_cleanly(done: subprocess.CompletedProcess[str], column: int | None = None) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert "Traceback" not in done.stderr and "Error" not in done.stderr.replace("error:", "")
    lines = done.stderr.splitlines()
    assert lines[0].startswith("dagaz-studio: error:")
    # A message of a few short lines, the text shown near the fault, however long the text was.
    assert len(lines) <= 4 and all(len(line) <= 200 for line in lines), done.stderr[:1000]
    if column is not None:
        assert f"{column}: " in lines[-1]


LONG_DIGITS = "9" * 3500
HOSTILE = [
    ("0X", 1, "goes nowhere"),
    ("0*", 1, "goes nowhere"),
    ("o1>, c0X>", 7, "goes nowhere"),
    ("~0X", 2, "goes nowhere"),
    ("~0/0", 2, "goes nowhere"),
    ("999999*", 1, "longer than any board"),
    ("99999999999*", 1, "longer than any board"),
    ("~1/99999999999", 4, "longer than any board"),
    ("~99999999999X", 2, "longer than any board"),
    (LONG_DIGITS + "*", 1, "longer than any board"),
    ("~1/" + LONG_DIGITS, 4, "longer than any board"),
    ("9999*, 9998+", 8, "squares on their way"),
    ("1*, " * 4000, MAX_PARLETT_LENGTH + 1, "characters long"),
    ("1*, " * 900 + "q", 3601, "not Parlett"),
    ("1*,", 4, "end of the text"),
]


_READ_IN_CHILD = """
import sys
from dagaz_studio.parlett import ParlettError, read_parlett
try:
    read_parlett(sys.stdin.read())
except ParlettError as error:
    print(error.column, isinstance(error, ValueError), error.message)
else:
    print("read")
"""


@pytest.mark.parametrize(("text", "column", "says"), HOSTILE, ids=[h[0][:20] for h in HOSTILE])
def test_hostile_parlett_is_a_typed_error_saying_where(text: str, column: int, says: str) -> None:
    # Read in a child process held to the limits: a reading that runs away must not take this one.
    done = subprocess.run([sys.executable, "-c", _READ_IN_CHILD], input=text, capture_output=True, text=True,
                          preexec_fn=_limit, timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    where, typed, message = done.stdout.strip().split(" ", 2)
    assert (int(where), typed) == (column, "True") and says in message, done.stdout


@pytest.mark.parametrize("target", ["dagaz", "english", "betza", "parlett"])
@pytest.mark.parametrize("text", ["0X", "999999*", "~1/99999999999"])
def test_translate_refuses_hostile_parlett_in_bounded_memory(text: str, target: str) -> None:
    _refused_cleanly(run_limited("translate", text, "--from", "parlett", "--to", target))


@pytest.mark.parametrize("text", ["0X", "~0X", "999999*", "~1/99999999999", "1*, " * 4000],
                         ids=["0X", "~0X", "999999*", "~1/99999999999", "long"])
def test_moves_refuses_hostile_parlett_in_bounded_memory(text: str) -> None:
    _refused_cleanly(run_limited("moves", "chess", "--at", "e4", "--piece", text, "--notation", "parlett"))


@pytest.mark.parametrize("text", ["0X", "999999*", f"{MAX_DISTANCE}X"])
def test_compare_refuses_hostile_parlett_in_bounded_memory(text: str) -> None:
    _refused_cleanly(run_limited("compare", "--notation", "parlett", "--notation-b", "betza", "--positions", "1",
                                 "chess", text, "K"))


def test_the_longest_distance_is_the_longest_line_of_the_largest_board() -> None:
    assert MAX_DISTANCE == MAX_SQUARES - 1
    # Every slide of the longest distance fits the budget of squares passed on the way.
    assert len(DIRECTIONS["*"]) * (MAX_DISTANCE - 1) <= MAX_PATH_SQUARES


def test_the_longest_distance_still_reads_and_runs_within_limits() -> None:
    piece = read_parlett(f"{MAX_DISTANCE}*")
    assert {shape.legs[0].vector for shape in piece.shapes} == {
        (dx * MAX_DISTANCE, dy * MAX_DISTANCE) for dx, dy in DIRECTIONS["*"]}
    assert all(len(shape.legs[0].lame_path) == MAX_DISTANCE - 1 for shape in piece.shapes)
    done = run_limited("translate", f"{MAX_DISTANCE}X", "--from", "parlett", "--to", "english")
    assert done.returncode == 0 and str(MAX_DISTANCE) in done.stdout
    # Its Dagaz translation is longer than the notation reader takes: refused, not run.
    _refused_cleanly(run_limited("moves", "chess", "--at", "e4", "--piece", f"{MAX_DISTANCE}X",
                                 "--notation", "parlett"))


def test_a_long_text_of_repeated_moves_reads_as_its_moves() -> None:
    # Repeats cost nothing: the squares on the way are counted once for each distinct slide.
    assert set(read_parlett("9999*, 9999*, 9999X").shapes) == set(read_parlett("9999*").shapes)
    assert set(read_parlett(", ".join(["o1>, c1X>, oi2>"] * 200)).shapes) == set(read_betza("fmWfcFifmnD").shapes)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(k=st.integers(1, MAX_DISTANCE), direction=st.sampled_from(sorted(DIRECTIONS)),
       zeros=st.integers(0, 3))
def test_a_slide_of_k_squares_is_lame_over_the_k_minus_1_before(k: int, direction: str, zeros: int) -> None:
    piece = read_parlett("0" * zeros + f"{k}{direction}")
    assert len(piece.shapes) == len(DIRECTIONS[direction])
    for shape in piece.shapes:
        (leg,) = shape.legs
        dx, dy = leg.vector[0] // k, leg.vector[1] // k
        assert (dx, dy) in DIRECTIONS[direction] and leg.vector == (dx * k, dy * k)
        assert leg.lame_path == tuple((dx * i, dy * i) for i in range(1, k))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(text=st.text(alphabet=st.sampled_from(list("0123456789n~/,ocix*+X<>= ²٣q")), max_size=40))
def test_any_text_reads_or_is_a_parlett_error(text: str) -> None:
    try:
        read_parlett(text)
    except ParlettError as error:
        assert 0 <= error.start <= len(text) and len(error.render().splitlines()) == 3 or not text.strip()


def test_a_refused_translation_from_parlett_names_the_distance() -> None:
    with pytest.raises(ParlettError, match="a distance of 0 goes nowhere"):
        translate("0X", "parlett", "english")
