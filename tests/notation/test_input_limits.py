"""The documented limits on what is read: each refused at once, with a typed error that says so."""

from __future__ import annotations

import contextlib
import re
import sys
import tracemalloc
from pathlib import Path

import pytest

from dagaz_studio.board import BoardFileError, load_board, parse_board
from dagaz_studio.board.loader import MAX_BOARD_FILE, MAX_SQUARES
from dagaz_studio.cli import main
from dagaz_studio.engine import DEFAULT_BUDGET
from dagaz_studio.notation import NotationError, parse_notation
from dagaz_studio.notation.parser import MAX_COUNT, MAX_NESTING, MAX_NOTATION_LENGTH
from dagaz_studio.notation.tokens import notation_tokens
from tests.helpers.paths import REPO

DOCS = REPO / "docs"


def _fresh_parse(text: str):
    return parse_notation.__wrapped__(text)  # past the cache: each call reads the text


def _board(grid: str) -> str:
    return f"name: big\ngrid: {grid}\nplayers: white black\nN=(0,1)\npiece Rook R: (N)*\n"


def test_a_grid_of_a_hundred_million_squares_is_refused_at_once() -> None:
    # At once: refused before any square is made (a megabyte would not hold a hundred thousand).
    # The parser is loaded first (reading any board does), so that the measure is of this board alone.
    parse_board(_board("a-b x 1-2"), "small.board")
    tracemalloc.start()
    try:
        with pytest.raises(BoardFileError) as caught:
            parse_board(_board("a-z x 1-100000000"), "big.board")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000
    (problem,) = caught.value.problems
    assert f"at most {MAX_SQUARES:,}" in problem.message and "2,600,000,000 squares" in problem.message
    assert (problem.line, problem.column) == (2, 7)


def test_row_numbers_of_thousands_of_digits_are_refused_not_converted() -> None:
    with pytest.raises(BoardFileError, match="at most 12 digits"):
        parse_board(_board(f"a-b x 1-{'9' * 5000}"))


def test_a_grid_at_the_limit_loads() -> None:
    board = parse_board(_board("a-z x 1-384"))
    assert len(board.squares) == 26 * 384 <= MAX_SQUARES


def test_a_board_file_past_its_length_limit_is_refused_unread(tmp_path: Path, capsys) -> None:
    path = tmp_path / "long.board"
    path.write_text(_board("a-h x 8-1") + "#" * MAX_BOARD_FILE, encoding="utf-8")
    with pytest.raises(BoardFileError, match="a board file has at most"):
        load_board(path)
    assert main(["check", str(path)]) == 2
    assert "at most" in capsys.readouterr().err


def _unread(monkeypatch) -> None:
    """Make reading a notation's structure or grammar fail the test: a refusal must come first."""
    from dagaz_studio.notation import parser

    def read(*_args: object) -> None:
        raise AssertionError("the text was read")
    monkeypatch.setattr(parser, "_check_structure", read)
    monkeypatch.setattr(parser, "_parse_tree", read)


def test_a_notation_past_the_length_limit_is_refused_before_parsing(monkeypatch) -> None:
    text = "N" * (MAX_NOTATION_LENGTH + 1)
    with monkeypatch.context() as patched:
        _unread(patched)
        with pytest.raises(NotationError, match=f"at most {MAX_NOTATION_LENGTH:,}") as caught:
            _fresh_parse("(" * 50 + text)
    assert caught.value.span.start == MAX_NOTATION_LENGTH
    _fresh_parse("N" * MAX_NOTATION_LENGTH)  # at the limit it is read


def test_a_two_megabyte_notation_is_refused_at_once_everywhere(capsys, monkeypatch) -> None:
    text = "N[p]" * 500_000
    _unread(monkeypatch)
    with pytest.raises(NotationError):
        _fresh_parse(text)
    assert main(["parse", text]) == 2
    assert "at most" in capsys.readouterr().err
    assert notation_tokens(text) is not None  # colouring does not parse past the limit either


@pytest.mark.parametrize("count", ["{10001}", "{1,10001}", "{10001,}", "{ 10001 }", "{" + "9" * 3000 + "}",
                                   "{" + "9" * 3000 + ",1}", "{ " + "9" * 3000 + " }"])
def test_repetition_counts_above_the_limit_are_refused(count: str) -> None:
    with pytest.raises(NotationError, match=f"limit of {MAX_COUNT:,}"):
        _fresh_parse(f"N{count}")


@pytest.mark.parametrize("text", ["N{²}", "N{1,②}", "N{٣}", "[p]\\²", "N²", "[²]"])
def test_digits_other_than_ascii_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        _fresh_parse(text)
    notation_tokens(text)


def test_nesting_past_the_limit_is_refused() -> None:
    _fresh_parse("(" * MAX_NESTING + "N" + ")" * MAX_NESTING)
    with pytest.raises(NotationError, match=f"more than {MAX_NESTING}"):
        _fresh_parse("(" * (MAX_NESTING + 1) + "N" + ")" * (MAX_NESTING + 1))


def _python_calls(work) -> int:
    """How many Python-level calls ``work`` makes: a measure of reading's work that no load can skew."""
    calls = 0

    def count(frame, event, arg) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize(("unit", "tail"), [("N[p]", ""), ("(+)([p]\\1)*;", "N"), ("[p]N;", ""), ("N[pe]", "[q]")])
def test_reading_a_notation_grows_linearly_up_to_the_limit(unit: str, tail: str) -> None:
    # The 0.5 s target is measured by tests/benchmarks/bench_parse.py. Here the work is counted instead
    # of timed: ten times the text may take about ten times the calls, never a hundred (the quadratic
    # reading this replaced took seconds at the limit).
    def reading(length: int):
        text = unit * ((length - len(tail)) // len(unit)) + tail

        def work() -> None:
            with contextlib.suppress(NotationError):
                _fresh_parse(text)
        return work

    _fresh_parse("N")  # the parser is built once; that is not reading
    small = _python_calls(reading(MAX_NOTATION_LENGTH // 10))
    large = _python_calls(reading(MAX_NOTATION_LENGTH))
    assert large <= 12 * small, f"{small} calls for a tenth of the limit, {large} at the limit"


def _documented(doc: str, pattern: str) -> int:
    match = re.search(pattern, (DOCS / doc).read_text(encoding="utf-8"))
    assert match, f"{doc} does not state {pattern!r}"
    return int(match.group(1).replace(",", ""))


def test_the_docs_state_the_limits_the_code_applies() -> None:
    assert _documented("interpreter.md", r"budget \(([\d,]+) by default\)") == DEFAULT_BUDGET
    assert _documented("boards.md", r"at most ([\d,]+) squares") == MAX_SQUARES
    assert _documented("boards.md", r"at most ([\d,]+) characters") == MAX_BOARD_FILE
    assert _documented("notation.md", r"at most ([\d,]+) characters") == MAX_NOTATION_LENGTH
    assert _documented("notation.md", r"more than ([\d,]+) levels") == MAX_NESTING
    assert _documented("notation.md", r"counts in braces up to ([\d,]+)") == MAX_COUNT
