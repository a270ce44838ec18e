"""The traced run written by the code writer (:mod:`dagaz_studio.engine.trace_code`) against the
runner's: event for event the same trace — kinds, sentences, spans, squares, flags, cursors, hands,
captures, directions, depths, check letters —, the same moves in the same order, the same stop and
the same cut of a trace at its limit.

The runner is the oracle's (:class:`~tests.oracle.rules.OracleRules`); an interpreter with ``fast`` on takes the traced code for every
notation it covers (and the runner for the rest, which then agrees trivially). Pieces of every
shipped board run from the start and from positions random play reaches; random notations come from
the grammar's constructs (``tests/helpers/notation_strategies.py``), as pieces and as drops.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import Board, load_board, shipped_boards
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.program import UNMADE
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import NotationError, parse_notation
from tests.helpers.notation_strategies import drop_notations, notations
from tests.helpers.run_comparison import drop_sites, parseable, played, same_trace, same_traced_run, traced_rules_pair
from tests.oracle.rules import OracleRules
from tools.compile_coverage import fallbacks

#: Boards whose every piece a default run traces both ways: each kind of board and of piece (riders,
#: hoppers, drops and hands, promotions, castling, captures by replacement and by jumping, heaps,
#: stacks); ``-m slow`` runs every shipped board.
SAMPLE = {"chess", "xiangqi", "shogi", "janggi", "international", "fanorona", "amazons", "grand", "seirawan",
          "raumschach", "nightrider", "grasshopper", "sittuyin", "petrified", "kalah", "lasca", "bashni", "oware"}
BOARDS = [name if name in SAMPLE else pytest.param(name, marks=pytest.mark.slow) for name in sorted(shipped_boards())]
#: The random notations' boards in a default run (``-m slow``: every board).
NOTATION_BOARDS = ["chess", "xiangqi", "russian", "shogi", "kalah", "lasca"]


#: The handlers the random notations' interpreters bring: ``[1]`` holds on one square in three,
#: ``[2]`` is not defined (it fails, saying so).
HANDLERS = {1: lambda position, square, player: square % 3 == player}


def _handled_rules(board: Board) -> tuple[Rules, Rules]:
    """The written code's interpreter and the runner's for ``board``, with :data:`HANDLERS`."""
    return Rules(board, dict(HANDLERS)), OracleRules(board, dict(HANDLERS))


@cache
def _handled(board_name: str) -> tuple[Rules, Rules]:
    return _handled_rules(load_board(board_name))



@pytest.mark.parametrize("text", ["N[+?Queen/Bishop]", "N[+?Bishop/Queen]", "N[+?Queen/Pawn]"])
def test_a_promotion_refused_to_a_later_choice_shows_the_piece_as_it_was(text: str) -> None:
    # Each choice puts the promoted piece in hand; the next choice's refusal ("none has been lost")
    # showed the earlier choice's type where the runner shows the moving piece's own.
    fast, runner = traced_rules_pair("chess")
    program, reference = fast.program(parse_notation(text), 0, None), runner.program(parse_notation(text), 0, None)
    for fen in ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN2K1NR w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1NR w - - 0 1"):
        position = Position.from_fen(fast.board, fen)
        for file in "abcdefgh":  # (the back rank, where each lost type is refused or taken)
            square = fast.board.squares.index(file + "1")
            same_trace(fast.run(position, square, program, trace=True), runner.run(position, square, reference, trace=True),
                       f"{fen} {fast.board.squares[square]}")


@pytest.mark.parametrize("board_name", BOARDS)
def test_every_shipped_piece_traces_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    fast, runner = traced_rules_pair(board_name)
    for position in played(board_name, 2, 30):
        position = position.copy()
        for square, piece in enumerate(position.cells):
            if piece is not None and piece.player == position.turn:
                same_traced_run(fast, runner, position, square)
    # Cut at a small limit, and stopped by a small budget, at the same event.
    position = played(board_name, 2, 30)[-1].copy()
    for square, piece in enumerate(position.cells):
        if piece is not None and piece.player == position.turn:
            same_traced_run(fast, runner, position, square, trace_limit=7)
            same_traced_run(fast, runner, position, square, budget=5)


def test_every_shipped_piece_and_drop_notation_has_its_traced_code_written() -> None:
    # Each player's, on every default board: none left to the runner for a construct or its size.
    assert fallbacks(traced=True) == []


def test_the_shipped_pieces_are_traced_by_the_written_code() -> None:
    board = load_board("chess")
    fast = Rules(board)
    position = Position.initial(board)
    movers = [square for square, piece in enumerate(position.cells) if piece is not None and piece.player == position.turn]
    for square in movers:
        fast.run(position, square, trace=True)
    # Every notation by its code from its first traced run (the Queen's and the King's, one of each).
    traced = [program for program in fast._programs.values() if program.traced is not UNMADE]
    assert {program.piece_name for program in traced} == {fast.kind_names[position.cells[square].kind] for square in movers}
    assert all(program.traced is not None for program in traced)


def _random_notation_test(board_name: str, examples: int):  # type: ignore[no-untyped-def]
    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=notations(board_name), which=st.integers(0, 5), square=st.integers(0, 10_000),
           budget=st.sampled_from([50, 1_000, 20_000]), limit=st.sampled_from([20, 50_000]), run=st.integers(0, 3),
           labelled=st.booleans())
    def check(text: str, which: int, square: int, budget: int, limit: int, run: int, labelled: bool) -> None:
        notation = parseable(text)
        fast, runner = _handled(board_name)
        try:
            kind = fast.custom_kind(notation)
            runner.custom_kind(notation)
        except NotationError:
            assume(False)
            return
        positions = played(board_name, 3, 40)
        position = positions[which % len(positions)].copy()
        at = square % len(position.cells)
        position.cells[at] = Piece(position.turn, kind, square % 2 == 0)
        # The piece has made ``run`` moves in a row; its side has made a move labelled ``a``, or not.
        position.runs = ((at, run),) * len(position.board.players)
        position.labels = frozenset({(position.turn, "a")} if labelled else ())
        same_traced_run(fast, runner, position, at, budget=budget, trace_limit=limit)
    return check


@pytest.mark.parametrize("board_name", NOTATION_BOARDS)
def test_random_notations_trace_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    _random_notation_test(board_name, 30)()


@pytest.mark.slow
@pytest.mark.parametrize("board_name", sorted(shipped_boards()))
def test_random_notations_trace_the_same_on_every_board(board_name: str) -> None:
    _random_notation_test(board_name, 100)()


DROP_BOARDS = [name for name in sorted(shipped_boards()) if load_board(name).drops]


@pytest.mark.parametrize("board_name", [name if name in {"shogi", "crazyhouse"}
                                        else pytest.param(name, marks=pytest.mark.slow) for name in DROP_BOARDS])
def test_every_drop_traces_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    fast, runner = traced_rules_pair(board_name)
    for position in played(board_name, 2, 30):
        position = position.copy()
        for kind, square in drop_sites(fast, position):
            before = list(position.cells)
            code = fast.run_drop(position, kind, square, trace=True)
            assert position.cells == before
            same_trace(code, runner.run_drop(position, kind, square, trace=True), f"{kind} {square}")


def _random_drop_test(board_name: str, examples: int):  # type: ignore[no-untyped-def]
    board = load_board(board_name)
    positions = [position for position in played(board_name, 6, 60) if any(position.hands[position.turn])]

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=drop_notations(board_name), which=st.integers(0, 10), square=st.integers(0, 10_000),
           budget=st.sampled_from([50, 2_000]))
    def check(text: str, which: int, square: int, budget: int) -> None:
        notation = parseable(text)
        # Every piece dropped by the notation.
        fast, runner = _handled_rules(replace(board, drops=dict.fromkeys(board.pieces, notation)))
        position = positions[which % len(positions)].copy()
        kind = next(kind for kind, held in enumerate(position.hands[position.turn]) if held)
        at = square % len(position.cells)
        try:
            theirs = runner.run_drop(position, kind, at, trace=True, budget=budget)
        except NotationError:
            assume(False)
            return
        before = list(position.cells)
        ours = fast.run_drop(position, kind, at, trace=True, budget=budget)
        assert position.cells == before
        same_trace(ours, theirs, text)
    return check


@pytest.mark.parametrize("board_name", ["crazyhouse", pytest.param("shogi", marks=pytest.mark.slow)])
def test_random_drops_trace_the_same_by_the_written_code_and_the_runner(board_name: str) -> None:
    _random_drop_test(board_name, 20)()


@pytest.mark.parametrize("text", ["(N[k])*", "([n]N)*[n]", "(N[o:a];[k]E)*+[O:a,n]", "(N;E[n]){1,3}[k]"])
def test_a_mark_taken_again_on_a_way_is_said_once_by_the_written_code_as_by_the_runner(text: str) -> None:
    fast, runner = _handled("chess")
    notation = parse_notation(text)
    kind = fast.custom_kind(notation)
    assert runner.custom_kind(notation) == kind
    for position in played("chess", 2, 30):
        position = position.copy()
        position.cells[27] = Piece(position.turn, kind, True)
        same_traced_run(fast, runner, position, 27)
