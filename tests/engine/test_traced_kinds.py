"""The traced run written by the code writer on heap and stack boards
(:mod:`dagaz_studio.engine.kind_trace`) against the runner's: event for event the same trace —
kinds, sentences, spans, squares, flags, cursors, hands, captures, directions, depths —, the same
moves in the same order, the same stop and the same cut of a trace at its limit.

The runner is the oracle's (:class:`~tests.oracle.rules.OracleRules`). Every heap and stack of every shipped heap or stack board runs
from positions random play reaches; random notations come from the grammar's constructs, the parts
these boards give a meaning of their own more often (``tests/helpers/notation_strategies.py``), run
from a heap with a piece of the notation's kind added, or a column it tops, or typed as the window
types one.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.heaps import Heap, typed_heap
from dagaz_studio.engine.heaps import as_cell as heap_cell
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.program import UNMADE, Program
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.stacks import Column
from dagaz_studio.engine.stacks import as_cell as column_cell
from dagaz_studio.notation import Notation, NotationError, parse_notation
from tests.helpers.notation_strategies import notations
from tests.helpers.run_comparison import parseable, played, same_trace, same_traced_run, traced_rules_pair

#: Every shipped board whose squares hold heaps or columns.
BOARDS = sorted(name for name in shipped_boards() if not load_board(name).kind_type.holds_pieces)


def test_the_shipped_boards_of_heaps_and_stacks_are_all_compared() -> None:
    assert {"kalah", "oware", "two-seeds", "lasca", "bashni"} <= set(BOARDS)


@pytest.mark.parametrize("board_name", BOARDS)
def test_every_shipped_heap_and_column_traces_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    fast, runner = traced_rules_pair(board_name)
    positions = played(board_name, 2, 30)
    for position in positions:
        position = position.copy()
        for square, cell in enumerate(position.cells):
            if cell is not None:  # the enemy's columns too: the run says why they do not move
                same_traced_run(fast, runner, position, square)
    # Cut at a small limit, and stopped by a small budget, at the same event.
    position = positions[-1].copy()
    for square, cell in enumerate(position.cells):
        if cell is not None:
            same_traced_run(fast, runner, position, square, trace_limit=7)
            same_traced_run(fast, runner, position, square, budget=5)


def test_the_shipped_pieces_are_traced_by_the_written_code() -> None:
    for board_name in BOARDS:
        fast, _ = traced_rules_pair(board_name)
        position = Position.initial(fast.board)
        for square, cell in enumerate(position.cells):
            if cell is not None:
                fast.run(position, square, trace=True)
        traced = [program.traced for program in fast._programs.values() if program.traced is not UNMADE]
        assert traced and all(code is not None for code in traced), board_name


def _typed_traced(board_name: str, text: str, square_name: str | None = None, retyped: bool = False):
    """The traced run of ``text`` typed as a new piece type, from ``square_name`` (default: the first
    square holding something; ``retyped``: its heap made of the new type), checked event for event
    against the runner's."""
    fast, runner = traced_rules_pair(board_name)
    position = Position.initial(fast.board)
    notation = parse_notation(text)
    kind = fast.custom_kind(notation)
    runner.custom_kind(notation)
    square = (next(square for square, cell in enumerate(position.cells) if cell is not None) if square_name is None
              else fast.board.squares.index(square_name))
    if retyped:
        position.cells[square] = position.cells[square]._replace(kind=kind)  # type: ignore[union-attr]
    code = fast.run(position, square, fast.program(notation, position.turn, fast.kinds[kind]), trace=True)
    same_trace(code, runner.run(position, square, runner.program(notation, position.turn, runner.kinds[kind]), trace=True),
               text)
    return code, fast.board.squares[square]


def test_a_piece_made_on_a_heap_board_and_captured_at_once_traces_as_the_runner_says() -> None:
    # ``[*Ruby,x]``: the piece made is not a heap; its capture is said as any piece's.
    code, square = _typed_traced("two-seeds", "[*Ruby,x]")
    assert any(event.kind == "capture" and "Ruby" in event.text and event.text.endswith(square) for event in code.trace)


def test_a_heap_is_said_as_a_heap_of_its_pieces_not_as_a_piece_of_its_first_type() -> None:
    # A heap belongs to nobody and holds b1's wheat and ruby seeds: it was said "a neutral Wheat".
    code, _ = _typed_traced("two-seeds", "E[=Ruby]", "a1")
    assert "[=Ruby] passed on b1: a heap of 2 pieces (1 Wheat, 1 Ruby) stands there" in [e.text for e in code.trace]
    code, _ = _typed_traced("two-seeds", "E[d]", "a1")
    assert "a heap of 2 pieces (1 Wheat, 1 Ruby) on b1 is destroyed" in [e.text for e in code.trace]
    # The last seed in hand is one piece.
    code, _ = _typed_traced("two-seeds", "E|E", "a1")
    assert "put the 1 piece in hand on c1" in [e.text for e in code.trace]


def test_a_typed_notation_moving_a_heap_back_whole_traces_as_the_runner_says() -> None:
    # The runner keeps the typed heap that stood on the square: not a move.
    code, _ = _typed_traced("kalah", "N,S", "c1", retyped=True)
    assert not code.moves


@pytest.mark.parametrize("board_name", ["lasca", "bashni"])
def test_a_safety_check_on_a_stack_board_is_answered_as_the_runner_answers_it(board_name: str) -> None:
    # Asked by the default board's compiled attack question, a stand-in piece was captured as no
    # column is: the square was said safe where the runner finds it is not.
    fast, runner = traced_rules_pair(board_name)
    notation = parse_notation("X[p,s]")
    for position in played(board_name, 4, 30):
        for square, cell in enumerate(position.cells):
            if cell is not None:
                ours = fast.program(notation, position.turn, fast.kinds[0])
                theirs = runner.program(notation, position.turn, runner.kinds[0])
                assert fast.run(position, square, ours).moves == runner.run(position, square, theirs).moves
                same_trace(fast.run(position, square, ours, trace=True), runner.run(position, square, theirs, trace=True),
                           position.board.squares[square])


def _typed(fast: Rules, runner: Rules, notation: Notation, position: Position, at: int) -> tuple[Program, Program]:
    kind = fast.custom_kind(notation)
    assert runner.custom_kind(notation) == kind
    if fast.board.kind_type.holds_heaps:
        position.cells[at] = typed_heap(position.cells[at], kind, fast.board_kinds)
    else:
        position.cells[at] = Piece(position.turn, kind, True)
    return fast.program(notation, position.turn, fast.kinds[kind]), runner.program(notation, position.turn,
                                                                                     runner.kinds[kind])


def _as_a_kind(fast: Rules, runner: Rules, notation: Notation, position: Position, at: int,
               square: int) -> tuple[Program, Program]:
    """The notation as that of one of the board's kinds, run from a square holding one: a heap with a
    piece of it added, or a column of the side to move with it on top."""
    kind = square % fast.board_kinds
    cell = position.cells[at]
    if fast.board.kind_type.holds_heaps:
        counts = list(cell.counts) if isinstance(cell, Heap) else [0] * fast.board_kinds
        counts[kind] += 1 + square % 3
        position.cells[at] = heap_cell(Heap(-1, counts.index(next(c for c in counts if c)), False, tuple(counts)))
    else:
        below = cell.pieces if isinstance(cell, Column) else ()
        position.cells[at] = column_cell(Column(((position.turn, kind),) + below, square % 2 == 0))
    return fast.program(notation, position.turn, fast.kinds[kind]), runner.program(notation, position.turn,
                                                                                     runner.kinds[kind])


def _random_notation_test(board_name: str, examples: int):  # type: ignore[no-untyped-def]
    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=notations(board_name), which=st.integers(0, 4), square=st.integers(0, 10_000),
           budget=st.sampled_from([50, 1_000, 20_000]), limit=st.sampled_from([20, 50_000]))
    def check(text: str, which: int, square: int, budget: int, limit: int) -> None:
        notation = parseable(text)
        fast, runner = traced_rules_pair(board_name)
        positions = played(board_name, 4, 30)
        position = positions[which % len(positions)].copy()
        at = square % len(position.cells)
        try:
            if square % 4 == 3:
                # A typed notation, as the window puts it on a square: moving the heap there, or a
                # piece of the side to move.
                ours, theirs = _typed(fast, runner, notation, position, at)
            else:
                ours, theirs = _as_a_kind(fast, runner, notation, position, at, square)
        except NotationError:
            assume(False)
            return
        for options in ({"budget": budget, "trace_limit": limit}, {}):
            said = runner.run(position, at, theirs, trace=True, **options)  # type: ignore[arg-type]
            # Where the runner's recursion outgrows Python's stack, the step it stops at depends on
            # the stack the test runs on: nothing to compare.
            assume("nests too deeply" not in (said.stopped or ""))
            before = list(position.cells)
            code = fast.run(position, at, ours, trace=True, **options)  # type: ignore[arg-type]
            assert position.cells == before
            same_trace(code, said, f"{text} {options}")
    return check


@pytest.mark.parametrize("board_name", BOARDS)
def test_random_notations_trace_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    _random_notation_test(board_name, 12)()


@pytest.mark.slow
@pytest.mark.parametrize("board_name", BOARDS)
def test_many_random_notations_trace_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    _random_notation_test(board_name, 300)()


@pytest.mark.parametrize("board_name", ["kalah", "lasca"])
def test_random_drops_on_heaps_and_columns_run_by_the_written_code_as_the_runner_runs_them(board_name: str) -> None:
    # No shipped heap or stack board drops: every piece is given the notation as its drop, and a
    # piece of each kind is dropped on squares empty and held (on a heap board, onto a heap).
    from dataclasses import replace

    from tests.oracle.rules import OracleRules

    board = load_board(board_name)
    positions = played(board_name, 4, 30)

    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=notations(board_name), which=st.integers(0, 4),
           square=st.integers(0, 10_000), budget=st.sampled_from([50, 2_000]))
    def check(text: str, which: int, square: int, budget: int) -> None:
        notation = parseable(text)
        dropping = replace(board, drops=dict.fromkeys(board.pieces, notation))
        fast, runner = Rules(dropping), OracleRules(dropping)
        position = Position.from_fen(dropping, positions[which % len(positions)].fen())
        kind, at = square % len(board.pieces), square % len(position.cells)
        try:
            said = runner.run_drop(position, kind, at, trace=True, budget=budget)
        except NotationError:
            assume(False)
            return
        assume("nests too deeply" not in (said.stopped or ""))
        before = list(position.cells)
        quick = fast.run_drop(position, kind, at, budget=budget)
        assert position.cells == before
        assert quick.moves == runner.run_drop(position, kind, at, budget=budget).moves == said.moves
        assert quick.stopped == said.stopped
        same_trace(fast.run_drop(position, kind, at, trace=True, budget=budget), said, f"{text} drop {kind} on {at}")
    check()


def test_a_heap_boards_run_begins_by_lifting_the_whole_heap_whichever_side_moves() -> None:
    rules = Rules(load_board("kalah"))
    position = Position.initial(rules.board)
    for square in (1, 9):  # a heap on the far row and one on the mover's: a heap is nobody's
        start, lift = rules.run(position, square, trace=True).trace[:2]
        name = rules.board.squares[square]
        assert (lift.kind, lift.text, len(lift.hand)) == ("lift", f"lift the heap of 4 pieces from {name}", 4)
        assert start.text == f"start on {name}"
