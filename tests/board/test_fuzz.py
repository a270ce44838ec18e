"""Whatever a board file holds, loading it either gives a board or raises BoardFileError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import BoardFileError, parse_board, shipped_boards

TEXTS = [path.read_text(encoding="utf-8") for path in shipped_boards().values()]
# Characters that matter to board files and notations, so mutations hit the interesting cases.
ALPHABET = st.sampled_from(list("abcdxyzABKNSEWOT0123456789 \t\n#:=,;()[]{}<>-/|^&*+?@!\\~.") + ["piece ", "zone ", "grid: "])


@st.composite
def mutated_board(draw):
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 6))):
        position = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "duplicate-line"]))
        if kind == "insert":
            text = text[:position] + draw(ALPHABET) + text[position:]
        elif kind == "delete":
            text = text[:position] + text[position + draw(st.integers(1, 20)) :]
        elif kind == "replace":
            text = text[:position] + draw(ALPHABET) + text[position + 1 :]
        else:
            lines = text.splitlines(keepends=True)
            if lines:
                line = lines[position % len(lines)]
                lines.insert(draw(st.integers(0, len(lines))), line)
                text = "".join(lines)
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_board())
def test_mutated_boards_load_or_raise_board_file_error(text):
    try:
        parse_board(text, "fuzz.board")
    except BoardFileError as error:
        assert error.problems
        for problem in error.problems:
            assert problem.line >= 1 and problem.column >= 1
            assert str(problem).startswith("fuzz.board:")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_loads_or_raises_board_file_error(text):
    try:
        parse_board(text)
    except BoardFileError as error:
        assert error.problems
