"""Reading a long notation stops soon after it is cancelled.

Durations depend on the machine and its load, so the work is counted instead: the Python calls made
between two looks at the cancel flag (about a microsecond each), and the calls from the look that
found the flag set to the end of the reading.
"""

from __future__ import annotations

import sys

import pytest

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation.cancel import ReadingCancelled, cancellable
from dagaz_studio.notation.parser import MAX_NOTATION_LENGTH, parse_notation
from dagaz_studio.notation.tokens import notation_tokens
from dagaz_studio.queries import MAX_NOTATION_CHARS, NotationQuery, read_notation

#: Python calls allowed between two looks at the flag: a few tens of milliseconds of work, well inside
#: the 100 ms a cancel may take (reading a text at the window's limit takes over 200,000; the longest
#: stretches are the stages after the parse: building the tree, compiling, describing).
LONGEST_STRETCH = 30_000

SHAPES = ["N[p]", "(+)([p]\\1)*;", "[p>N]", "(&*)", "N[pe]"]


def _text(unit: str, length: int) -> str:
    return unit * (length // len(unit))


class CountingFlag:
    """A cancel flag that counts the Python calls made between its looks, and sets itself at a look."""

    def __init__(self, set_at_look: int | None = None) -> None:
        self.calls = 0
        self.looks = 0
        self.stretches: list[int] = []
        self.since_last = 0
        self.set_at_look = set_at_look
        self.calls_after_set: int | None = None

    def profile(self, frame, event, arg) -> None:
        if event == "call":
            self.calls += 1
            self.since_last += 1
            if self.calls_after_set is not None:
                self.calls_after_set += 1

    def is_set(self) -> bool:
        self.looks += 1
        self.stretches.append(self.since_last)
        self.since_last = 0
        if self.set_at_look is not None and self.looks >= self.set_at_look:
            if self.calls_after_set is None:
                self.calls_after_set = 0
            return True
        return False

    def watch(self, work):
        sys.setprofile(self.profile)
        try:
            return work()
        finally:
            sys.setprofile(None)


@pytest.fixture(scope="module")
def rules() -> Rules:
    return Rules(load_board(shipped_boards()["chess"]))


@pytest.mark.parametrize("unit", SHAPES)
def test_the_window_reading_looks_at_the_flag_often(rules: Rules, unit: str) -> None:
    text = _text(unit, MAX_NOTATION_CHARS)
    parse_notation.cache_clear()
    flag = CountingFlag()
    reading = flag.watch(lambda: read_notation(rules, NotationQuery(text, rules.board), flag))
    assert not reading.cancelled and reading.tokens
    stretches = flag.stretches + [flag.since_last]
    assert flag.calls > 4 * LONGEST_STRETCH  # the reading is long enough for the check to mean something
    assert max(stretches) <= LONGEST_STRETCH, f"{max(stretches):,} calls without a look ({flag.looks} looks)"


@pytest.mark.parametrize("unit", SHAPES)
@pytest.mark.parametrize("at_look", [1, 3, 10])
def test_a_cancelled_reading_ends_at_the_next_look(rules: Rules, unit: str, at_look: int) -> None:
    text = _text(unit, MAX_NOTATION_CHARS)
    parse_notation.cache_clear()
    flag = CountingFlag(set_at_look=at_look)
    reading = flag.watch(lambda: read_notation(rules, NotationQuery(text, rules.board), flag))
    assert reading.cancelled
    assert flag.looks == at_look  # nothing read on after the look that saw the flag set
    assert flag.calls_after_set is not None and flag.calls_after_set <= 200


@pytest.mark.parametrize("read", [parse_notation, notation_tokens], ids=["parse", "colour"])
def test_the_readers_stop_inside_a_text_at_the_parser_limit(read) -> None:
    text = _text("N[p]", MAX_NOTATION_LENGTH)
    parse_notation.cache_clear()
    flag = CountingFlag(set_at_look=2)
    with pytest.raises(ReadingCancelled), cancellable(flag):
        flag.watch(lambda: read(text))
    assert flag.calls_after_set is not None and flag.calls_after_set <= 200
    # Cancelled readings are not kept: the same text read afterwards, without a flag, is read whole.
    assert read(text)


def test_without_a_flag_readings_are_unchanged() -> None:
    parse_notation.cache_clear()
    assert parse_notation("(+)([p]\\1)*").group_count == 2
    assert notation_tokens("(+)([p]\\1)*")


def test_a_moves_question_about_a_long_typed_notation_stops_while_reading_it(rules: Rules) -> None:
    from dagaz_studio.engine.position import Position
    from dagaz_studio.queries import MovesQuery, answer_moves

    text = _text("N[p]", MAX_NOTATION_CHARS)
    parse_notation.cache_clear()
    flag = CountingFlag(set_at_look=3)  # set while the text is being parsed
    query = MovesQuery(rules.board, Position.initial(rules.board), 28, notation=text)
    answer = flag.watch(lambda: answer_moves(rules, query, flag))
    assert answer.stopped == "cancelled" and answer.error is None and not answer.moves
    assert flag.looks == 3 and flag.calls_after_set is not None and flag.calls_after_set <= 200
