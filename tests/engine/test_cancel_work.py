"""Every stretch of a run's work looks at the cancel flag soon, and the budget counts what takes time.

Counted in Python calls (about a microsecond each, whatever the load of the machine), not seconds:
from the start of a run to its first look at the flag, between two looks, and from the last look to
the end, including what a run prepares the first time it meets a notation or a board — building the
runner's closures, writing and compiling the fast code, working out where every piece could capture
— and what it does after its last step, building the moves it found. Durations are measured by
``tests/benchmarks/measure_runaway.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dagaz_studio.board import load_board, parse_board
from dagaz_studio.engine.emitter import deep_enough
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import parse_notation
from dagaz_studio.notation.cancel import ReadingCancelled, cancellable
from dagaz_studio.notation.parser import MAX_NOTATION_LENGTH
from tests.helpers.engine_helpers import counting_reach_runs
from tests.oracle.rules import OracleRules

#: Python calls allowed without a look at the flag: a few tens of milliseconds at most.
LONGEST_STRETCH = 30_000
#: Python calls one unit of the budget may stand for: the budget of 100,000 units is then at most a
#: second or so of work, the target for a runaway to stop (a traced run also writes its events).
CALLS_PER_UNIT = {"compiled": 8, "runner": 8, "traced": 16}

_LIMIT = MAX_NOTATION_LENGTH
SHAPES = {
    "rider dozen": "(*){12}",
    "possessive attacks": "(*[a])*+",
    "attacks": "(*[a])*",
    "capturing repetition": "(*[x])*",
    "chain": "(&(*))*",
    "attacks at the limit": "*[a]" * (_LIMIT // 4),
    "repetitions at the limit": "(*)*" * (_LIMIT // 4),
    "alternatives at the limit": "(" + ";".join(["(*)*"] * ((_LIMIT - 3) // 5)) + ")*",
    "partial moves at the limit": "(&*)" * (_LIMIT // 4),
}


class CallCounter:
    """A cancel flag that counts the Python calls made between its looks (never set unless asked)."""

    def __init__(self, set_at: int | None = None) -> None:
        self.since = 0
        self.calls = 0
        self.stretches: list[int] = []
        self.looks = 0
        self.set_at = set_at

    def _profile(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            self.since += 1
            self.calls += 1

    def is_set(self) -> bool:
        self.looks += 1
        self.stretches.append(self.since)
        self.since = 0
        return self.set_at is not None and self.looks >= self.set_at

    def watch(self, work: Callable[[], Any]) -> Any:
        sys.setprofile(self._profile)
        try:
            return work()
        finally:
            # Python drops a profile function that raises (RecursionError in a deep run): the calls
            # after it would not be counted, and a test could pass for counting none.
            counted = sys.getprofile() == self._profile
            sys.setprofile(None)
            self.stretches.append(self.since)
            assert counted, "the call counter was dropped midway"

    @property
    def longest(self) -> int:
        return max(self.stretches)


def _fresh(board_name: str, way: str) -> tuple[Rules, Position, int]:
    # A board read anew: what interpreters of one board object share (the pieces' reach, the attack
    # tables) is not worked out yet either.
    shipped = load_board(board_name)
    board = parse_board(Path(shipped.source or "").read_text(encoding="utf-8"), shipped.source or "<board>")
    # Nothing worked out yet: the run prepares what it needs, looking at the flag.
    rules = OracleRules(board) if way == "runner" else Rules(board)
    return rules, Position.initial(board), len(board.squares) // 2


@pytest.mark.parametrize("way", ["compiled", "runner", "traced"])
@pytest.mark.parametrize(("board_name", "shape"), [("chess", shape) for shape in SHAPES] + [
    ("fanorona", "possessive attacks"), ("fanorona", "capturing repetition"), ("fanorona", "chain"),
])
def test_a_typed_runaway_looks_at_the_flag_from_reading_to_its_last_move(board_name: str, shape: str,
                                                                          way: str) -> None:
    rules, position, at = _fresh(board_name, way)
    flag = CallCounter()

    def typed_and_run() -> Any:
        with cancellable(flag):
            kind = rules.custom_kind(parse_notation(SHAPES[shape]))
        position.cells[at] = Piece(position.turn, kind, True)
        return rules.run(position, at, trace=way == "traced", budget=20_000, cancel=flag)

    parse_notation.cache_clear()
    flag.watch(typed_and_run)
    assert flag.longest <= LONGEST_STRETCH, f"{flag.longest:,} calls without a look at the cancel flag"


@pytest.mark.parametrize("way", ["compiled", "runner", "traced"])
@pytest.mark.parametrize(("board_name", "shape"), [
    ("chess", "rider dozen"), ("xiangqi", "rider dozen"), ("fanorona", "capturing repetition"),
    ("fanorona", "possessive attacks"), ("xiangqi", "chain"), ("chess", "attacks at the limit"),
    # The enemy men's questions are the runner's: stopped there, the compiled run was run again whole.
    ("international", "attacks"),
])
def test_the_budget_counts_the_work_that_takes_time(board_name: str, shape: str, way: str) -> None:
    rules, position, at = _fresh(board_name, way)
    position.cells[at] = Piece(position.turn, rules.custom_kind(parse_notation(SHAPES[shape])), True)
    # The tables of the board and the notation's code, each made once, are not the run's work.
    rules.run(position, at, trace=way == "traced", budget=2_000)
    flag = CallCounter()
    result = flag.watch(lambda: rules.run(position, at, trace=way == "traced", budget=30_000, cancel=flag))
    assert result.stopped is not None and result.work > 30_000
    assert flag.calls <= CALLS_PER_UNIT[way] * result.work, f"{flag.calls / result.work:.1f} calls per unit of work"


@pytest.mark.parametrize("board_name", ["fanorona", "clobber"])
def test_a_run_cancelled_late_ends_soon_whatever_it_found(board_name: str) -> None:
    # A capturing repetition finds tens of thousands of moves in a long run; building every one of
    # them after the look that found the flag set took up to a second.
    rules, position, at = _fresh(board_name, "compiled")
    position.cells[at] = Piece(position.turn, rules.custom_kind(parse_notation(SHAPES["capturing repetition"])), True)
    rules.run(position, at, budget=2_000)  # compiled once, outside the count
    flag = CallCounter(set_at=1_500)  # some 750,000 units of work: some 15,000 moves found
    result = flag.watch(lambda: rules.run(position, at, budget=10**9, cancel=flag))
    assert result.stopped == "cancelled" and flag.looks == 1_500
    assert flag.stretches[-1] <= LONGEST_STRETCH, f"{flag.stretches[-1]:,} calls after the flag was seen set"


def test_building_a_long_notation_stops_when_cancelled_and_keeps_nothing() -> None:
    board = load_board("chess")
    rules = Rules(board)
    notation = parse_notation("(*)*" * (_LIMIT // 4))
    flag = CallCounter(set_at=3)
    with pytest.raises(ReadingCancelled):
        flag.watch(lambda: _typed_in(rules, notation, flag))
    assert flag.looks == 3 and rules.kinds == list(board.pieces.values())
    assert rules.custom_kind(notation) == len(board.pieces)  # built whole once asked again


def _typed_in(rules: Rules, notation: Any, flag: CallCounter) -> int:
    with cancellable(flag):
        return rules.custom_kind(notation)


def test_compiling_a_long_notation_stops_when_cancelled_and_keeps_nothing() -> None:
    board = load_board("chess")
    rules = Rules(board)
    kind = rules.custom_kind(parse_notation("*[a]" * (_LIMIT // 4)))
    position = Position.initial(board)
    at = board.index("d4")
    position.cells[at] = Piece(position.turn, kind, True)
    flag = CallCounter(set_at=2)
    result = flag.watch(lambda: rules.run(position, at, budget=10**9, cancel=flag))
    assert result.stopped == "cancelled" and result.moves == [] and flag.looks == 2
    # Nothing half-compiled is kept: asked again, the code is written afresh (and cancelled at once).
    with pytest.raises(ReadingCancelled):
        rules.plan(rules.kind_program(kind, position.turn), CallCounter(set_at=0))


def test_a_quickly_built_move_is_the_move_its_constructor_builds() -> None:
    # quick_move sets the fields itself: a field added to Move must be added there too.
    import dataclasses

    from dagaz_studio.engine.position import LastMove
    from dagaz_studio.engine.values import Move, quick_move

    values = dict(piece="Stone", player=1, origin=3, target=5, captures=(4,), stops=(5,), promotion=None, also=(),
                  changes=((3, None), (4, None), (5, Piece(1, 0, True))), last=LastMove(3, 5, "E"))
    built, quick = Move(labels=frozenset(), **values), quick_move(**values)  # type: ignore[arg-type]
    assert quick == built and vars(quick) == vars(built)
    assert set(vars(quick)) == {f.name for f in dataclasses.fields(Move)}



@pytest.mark.parametrize("way", ["compiled", "runner"])
@pytest.mark.parametrize("board_name", ["international", "frisian"])
def test_a_runaway_on_a_fresh_board_works_out_the_reach_of_the_pieces_standing_only(board_name: str,
                                                                                      way: str) -> None:
    # An attack question first works out where each enemy piece could ever capture (a run of its
    # notation with every check passing: on the draughts boards, hundreds of steps each). Asked
    # often about one square, it worked out every kind's reach from every square (on these boards,
    # more than a whole budget, uncounted): a runaway took twice as long to stop the first time.
    rules, position, at = _fresh(board_name, way)
    position.cells[at] = Piece(position.turn, rules.custom_kind(parse_notation("(*[a])*")), True)
    standing = {(rules.kind_names[piece.kind], piece.player, square) for square, piece in enumerate(position.cells)
                if piece is not None}
    runs = counting_reach_runs(rules)
    flag = CallCounter()
    deep_enough()  # as a run sets it (deep reach runs)
    result = flag.watch(lambda: rules.run(position, at, cancel=flag))
    assert result.stopped is not None and result.stopped.startswith("stopped after")
    # No table of what could capture a square: it takes every kind's reach from every square.
    assert set(runs) <= standing and not rules.tabled
    assert flag.longest <= LONGEST_STRETCH, f"{flag.longest:,} calls without a look at the cancel flag"


#: Python calls a run may make from the look that found the flag set to its end, however deep it was.
UNWINDING_CALLS = 2_000


@pytest.mark.parametrize("way", ["compiled", "runner", "traced"])
@pytest.mark.parametrize(("board_name", "shape"), [
    ("xiangqi", "chain"), ("xiangqi", "partial moves at the limit"), ("chess", "nested to the limit"),
])
def test_a_deep_run_stopped_unwinds_without_work(board_name: str, shape: str, way: str) -> None:
    # Stopped thousands of frames deep, a run only undoes each frame's own change on its way out: a
    # stop seen in the window must not wait on work in proportion to the depth, once per frame.
    rules, position, at = _fresh(board_name, way)
    text = "(" * 99 + "*" + ")*" * 99 if shape == "nested to the limit" else SHAPES[shape]
    position.cells[at] = Piece(position.turn, rules.custom_kind(parse_notation(text)), True)
    rules.run(position, at, budget=2_000)  # compiled once, outside the count
    flag = CallCounter(set_at=50)  # some 25,000 units of work in: deep in its repetitions
    deep_enough()  # as a run sets it
    result = flag.watch(lambda: rules.run(position, at, trace=way == "traced", budget=10**9, cancel=flag))
    assert result.stopped == "cancelled" and flag.looks == 50
    assert flag.stretches[-1] <= UNWINDING_CALLS, f"{flag.stretches[-1]:,} calls after the flag was seen set"


@pytest.mark.parametrize("way", ["compiled", "runner"])
def test_a_relay_of_lifted_pieces_counts_each_displaced_piece_when_its_move_completes(way: str) -> None:
    # Relay moving, each piece put down and the next lifted, completes a move displacing one piece
    # more than the last: building and checking each is work in proportion to its length, which the
    # budget did not count, so a runaway relay ran for seconds (quadratic in its length) before stopping.
    rules, position, at = _fresh("fanorona", way)
    position.cells[at] = Piece(position.turn, rules.custom_kind(parse_notation("(*|^)*")), True)
    deep_enough()
    result = rules.run(position, at, budget=50_000)
    assert result.stopped is not None and result.moves
    longest = max(len(move.also) for move in result.moves)
    # Moves of every length up to the longest were completed, each counting its displaced pieces.
    assert sum(range(longest + 1)) <= result.work <= 50_000 + 2 * longest + 16


def test_a_traced_runaway_says_each_move_in_a_few_words() -> None:
    # Relay moving, each piece put down and the next lifted, completes thousands of moves, each
    # displacing one piece more than the last: a sentence naming every square of every one of them
    # took seconds to write (the words, not Python calls, so the count above never saw it).
    rules, position, at = _fresh("chess", "traced")
    position.cells[at] = Piece(position.turn, rules.custom_kind(parse_notation("(*|^)*")), True)
    deep_enough()
    # Completing each move counts the pieces it displaced, so the default budget ends the relay some
    # 450 pieces long: a larger one lets it reach moves displacing over a thousand.
    result = rules.run(position, at, trace=True, budget=1_500_000)
    assert result.stopped is not None and max(len(move.also) for move in result.moves) > 1_000
    assert max(len(event.text) for event in result.trace) <= 1_000
