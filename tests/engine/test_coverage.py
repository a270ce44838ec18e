"""The code writer covers every construct the runner runs: no shipped piece's notation is left to
the runner, for want of a construct or for its size, and each newly written construct gives the
runner's moves, in its order, with the same stops."""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import load_board
from dagaz_studio.engine.compiler import compile_notation
from dagaz_studio.engine.default_code import CodeGenerator
from dagaz_studio.engine.heap_code import HeapWriter
from dagaz_studio.engine.kind_code import StackWriter
from dagaz_studio.engine.kind_compiler import compile_kind_notation
from dagaz_studio.engine.kind_trace import HeapTraceWriter, StackTraceWriter
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.program import Program
from dagaz_studio.engine.reach_code import ReachWriter
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.trace_code import TraceWriter
from dagaz_studio.notation import Notation, NotationError, parse_notation
from dagaz_studio.notation.nodes import BracketItem, Node
from dagaz_studio.notation.visitor import NODE_TYPES, method_name
from tests.helpers.notation_strategies import drop_notations, notations
from tests.helpers.run_comparison import drop_sites, parseable, played, rules_pair, same_run
from tests.oracle.rules import OracleRules
from tests.oracle.runner import RunnerProgram
from tools.compile_coverage import fallbacks


def test_no_shipped_piece_or_drop_falls_back_to_the_runner() -> None:
    left = fallbacks()
    assert not left, left


#: Every back-end the engine writes code with.
WRITERS = [CodeGenerator, ReachWriter, TraceWriter, HeapWriter, StackWriter, HeapTraceWriter, StackTraceWriter]


@pytest.mark.parametrize("writer", WRITERS, ids=lambda writer: writer.__name__)
def test_every_back_end_writes_every_node_type_the_parser_makes(writer: type) -> None:
    # So no notation, shipped or typed, leaves a writer without a method (its visit_other is an error).
    node_types = {*get_args(Node), *get_args(BracketItem)}
    assert node_types | {Notation} == set(NODE_TYPES)
    assert [node.__name__ for node in node_types if not hasattr(writer, method_name(node))] == []


#: Shipped boards whose pieces use constructs written out only lately, each run compiled and by the
#: runner on positions of random play (tests/engine/test_fast.py runs every board's pieces alike).
BOARDS = ["checkers", "frisian", "duck", "atomic-chess", "petrified", "ataxx", "cambodian", "karouk", "spartan", "sittuyin", "grand", "opulent"]


@pytest.mark.parametrize("board_name", BOARDS)
def test_pieces_with_newly_covered_constructs_run_as_the_runner_runs_them(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    # (tests/engine/test_fast.py runs them with the default budget: here a small one, so that runs stop.)
    for position in played(board_name, 4, 30):
        position = position.copy()
        for square, piece in enumerate(position.cells):
            if piece is not None and piece.player == position.turn:
                same_run(fast, runner, position, square, budget=300)


# --------------------------------------------------------------------------- random notations

#: A default board, one with partial moves and one that wraps, a heap board and a stack board.
KIND_BOARDS = ["chess", "checkers", "oware", "lasca"]
def _compiles(rules: Rules, notation: Notation, player: int) -> None:
    """The notation's code is written (raising nothing)."""
    if rules.board.kind_type.holds_pieces:
        compile_notation(rules, notation, player)
    else:
        compile_kind_notation(rules, notation, player)


@pytest.mark.parametrize("board_name", KIND_BOARDS)
def test_random_notations_compile_and_run_as_the_runner_runs_them(board_name: str) -> None:
    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=notations(board_name), which=st.integers(0, 4), square=st.integers(0, 10_000))
    def check(text: str, which: int, square: int) -> None:
        notation = parseable(text)
        fast, runner = rules_pair(board_name)
        positions = played(board_name, 4, 30)
        position = positions[which % len(positions)].copy()
        try:
            program, kind = _program(fast, runner, notation, position.turn)
        except NotationError:
            assume(False)
            return
        if fast.board.kind_type.holds_pieces:
            at = square % len(position.cells)
            position.cells[at] = Piece(position.turn, kind, square % 2 == 0)
        else:
            # A heap, or a column of the side to move: what the board's pieces move from.
            movers = [at for at, cell in enumerate(position.cells) if cell is not None
                      and cell.player in (-1, position.turn)]
            assume(movers)
            at = movers[square % len(movers)]
        _compiles(fast, notation, position.turn)
        same_run(fast, runner, position, at, program, budget=2_000)
    check()


def _program(fast: Rules, runner: Rules, notation: Notation, player: int) -> tuple[Program, int]:
    """The notation as a piece's, and that piece's kind: a kind of its own on the default board, the
    board's first kind on the others (whose compiled path takes the board's own kinds only)."""
    if not fast.board.kind_type.holds_pieces:
        return runner.program(notation, player, runner.kinds[0]), 0
    kind = fast.custom_kind(notation)
    assert runner.custom_kind(notation) == kind
    return runner.program(notation, player, runner.kinds[kind]), kind


def _odd_or_empty(position: Position, square: int, player: int) -> bool:
    """A handler: the square is empty, or its number and the player's are of one parity."""
    return position.cells[square] is None or square % 2 == player


@pytest.mark.parametrize(("board_name", "text"), [("chess", r"(+)([1]\1)*[2];(X)[1,e]"), ("oware", r"(E[1])+"),
                                                  ("lasca", r"(X)[1]\1[e,1,x]\1[p]")])
def test_handlers_are_asked_by_compiled_code_as_by_the_runner(board_name: str, text: str) -> None:
    board = load_board(board_name)
    fast, runner = Rules(board, {1: _odd_or_empty}), OracleRules(board, {1: _odd_or_empty})
    notation = parse_notation(text)
    for position in played(board_name, 4, 30):
        position = position.copy()
        _compiles(fast, notation, position.turn)
        program, _ = _program(fast, runner, notation, position.turn)
        for square, cell in enumerate(position.cells):
            if cell is not None and (cell.player == position.turn or cell.player < 0):
                same_run(fast, runner, position, square, program)


@pytest.mark.parametrize(("board_name", "text"), [("chess", r"(+)[o]([p]\1)*;(X)[O];N[O:up];S[o:up,k]"),
                                                  ("checkers", r"(X)[n];(X)[ex,o]\1[p](&(X)[ex,O]\3[p])*+"),
                                                  ("oware", r"E[o];W[O:up,n]"), ("lasca", r"(X)[o:up]\1[p];[n]"),
                                                  ("lasca", r"X[p,A];(X)[e,a,x]\1[p]"), ("oware", r"(E)[s]\1*;W[S]"),
                                                  ("chess", r"&*,[l];(N&)*[l]E;(E&)+[t]"), ("lasca", r"((X)[p]&)*[L]")])
def test_labelled_null_and_repeated_moves_and_attack_checks_are_kept_by_compiled_code_as_by_the_runner(board_name: str, text: str) -> None:
    fast, runner = rules_pair(board_name)
    notation = parse_notation(text)
    for index, position in enumerate(played(board_name, 4, 30)):
        position = position.copy()
        me = position.turn
        position.labels = frozenset([(me, "up"), (me, "Piece@3")][: index % 3])
        _compiles(fast, notation, me)
        program, _ = _program(fast, runner, notation, me)
        for square, cell in enumerate(position.cells):
            if cell is not None and (cell.player == me or cell.player < 0):
                same_run(fast, runner, position, square, program, budget=2_000)


@pytest.mark.parametrize("board_name", ["chess", "oware"])
@pytest.mark.parametrize("text", ["E[=Nope]", "E[@nowhere]", "E[=1-@nowhere]", "E[+Nope]", "E[*Nope]", "E[=0:Nope]",
                                  "E[+?Nope]"])
def test_a_name_the_board_lacks_is_the_runners_error_when_the_code_is_written(board_name: str, text: str) -> None:
    rules = Rules(load_board(board_name))
    notation = parse_notation(text)
    with pytest.raises(NotationError) as by_runner:
        RunnerProgram(rules, notation, 0, None)
    with pytest.raises(NotationError) as by_writer:
        if rules.board.kind_type.holds_pieces:
            compile_notation(rules, notation, 0)
        else:
            compile_kind_notation(rules, notation, 0)
    assert str(by_writer.value) == str(by_runner.value)
    assert by_writer.value.span == by_runner.value.span
    # The engine's program, which holds the notation, checks its names as the runner does.
    with pytest.raises(NotationError) as by_program:
        Program(rules, notation, 0, None)
    assert (str(by_program.value), by_program.value.span) == (str(by_runner.value), by_runner.value.span)


#: Boards whose pieces are dropped from the hand, each drop statement of its own shape.
DROP_BOARDS = ["crazyhouse", "shogi", "placement-chess", "othello", "torishogi", "kyotoshogi", "ataxx", "sittuyin"]


@pytest.mark.parametrize("board_name", DROP_BOARDS)
def test_drops_run_compiled_as_the_runner_runs_them(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    for position in played(board_name, 4, 40):
        position = position.copy()
        for kind, square in drop_sites(fast, position):
            quick = fast.run_drop(position, kind, square)
            slow = runner.run_drop(position, kind, square)
            traced = runner.run_drop(position, kind, square, trace=True)
            assert quick.moves == slow.moves == traced.moves
            assert quick.stopped == slow.stopped == traced.stopped
            assert quick.work == slow.work


@pytest.mark.parametrize("board_name", ["crazyhouse"])
def test_random_drops_run_compiled_as_the_runner_runs_them(board_name: str) -> None:
    board = load_board(board_name)
    positions = [position for position in played(board_name, 6, 60) if any(any(hand) for hand in position.hands)]

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=drop_notations(board_name), which=st.integers(0, 10), square=st.integers(0, 10_000))
    def check(text: str, which: int, square: int) -> None:
        notation = parseable(text)
        # Every piece dropped by the notation.
        dropping = replace(board, drops=dict.fromkeys(board.pieces, notation))
        fast, runner = Rules(dropping), OracleRules(dropping)
        position = positions[which % len(positions)].copy()
        kind = next(kind for kind, held in enumerate(position.hands[position.turn]) if held)
        at = square % len(position.cells)
        try:
            slow = runner.run_drop(position, kind, at, budget=2_000)
        except NotationError:
            assume(False)
            return
        quick = fast.run_drop(position, kind, at, budget=2_000)
        assert quick.moves == slow.moves
        assert quick.stopped == slow.stopped
    check()


def test_a_runaway_that_asks_attack_questions_stops_where_the_runner_says_it_stops() -> None:
    # Found by the random notations above: the budget ran out inside a [S] question, which the runner
    # names, while the compiled code, looking at the budget only between its questions, stopped later.
    fast, runner = rules_pair("checkers")
    position = played("checkers", 4, 30)[0].copy()
    notation = parse_notation("M;[S,+?Man]*+")
    program, kind = _program(fast, runner, notation, position.turn)
    position.cells[10] = Piece(position.turn, kind, True)
    same_run(fast, runner, position, 10, program, budget=2_000)
    assert "(asking whether" in (fast.run(position, 10, fast.program(notation, position.turn, program.piece),
                                          budget=2_000).stopped or "")
