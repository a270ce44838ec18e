"""The compiled fast path against the runner: the same moves, in the same order, the same stops.

Three ways of running a piece must agree on every notation and position: the compiled path (what
untraced runs take), the runner alone (the oracle's) and the traced run the window steps
through. Random notations come from the grammar's constructs (``tests/helpers/notation_strategies.py``);
positions from random play on every shipped board.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import NotationError, parse_notation
from tests.helpers.notation_strategies import notations
from tests.helpers.run_comparison import parseable, played, rules_pair, runner_rules, same_run

#: The boards the variants.ini importer made from Fairy-Stockfish's built-ins share its few constructs:
#: a default run takes these of them, ``-m slow`` every one.
IMPORTED_SAMPLE = {"capahouse", "wolf", "omicron", "atomar"}


def _imported(name: str) -> bool:
    return "the variants.ini importer from its template" in shipped_boards()[name].read_text(encoding="utf-8")[:400]


BOARDS = [pytest.param(name, marks=pytest.mark.slow) if _imported(name) and name not in IMPORTED_SAMPLE else name
          for name in sorted(shipped_boards())]
#: Small, so that runaway notations stop quickly; stopping must agree too.
BUDGET = 1_000


def _played(board_name: str) -> tuple[Position, ...]:
    """Positions reached by random legal play (the runner chooses); copy one before changing it."""
    return played(board_name, 3, 40)


def _positions(board_name: str) -> list[Position]:
    return [position.copy() for position in _played(board_name)]


@pytest.mark.parametrize("board_name", BOARDS)
def test_every_shipped_piece_runs_the_same_fast_and_interpreted(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    for position in _positions(board_name):
        for square, piece in enumerate(position.cells):
            if piece is not None and piece.player == position.turn:
                same_run(fast, runner, position, square)
        assert legal_moves(fast, position) == legal_moves(runner, position)


#: A position with more moves than this is counted to depth 1 by a default run and to depth 2 by the
#: slow run only: the Amazons' two thousand moves a position make four million at depth 2, which the
#: runner takes minutes over.
WIDE = 500


def _wide(board_name: str, position: Position) -> bool:
    return perft(rules_pair(board_name)[0], position.copy(), 1) > WIDE


@pytest.mark.parametrize("board_name", BOARDS)
def test_perft_counts_agree(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    for position in _positions(board_name)[:2]:
        depth = 1 if _wide(board_name, position) else 2
        assert perft(fast, position.copy(), depth) == perft(runner, position, depth)


@pytest.mark.slow
@pytest.mark.parametrize("board_name", BOARDS)
def test_perft_counts_agree_at_depth_two_on_wide_positions(board_name: str) -> None:
    wide = [position for position in _positions(board_name)[:2] if _wide(board_name, position)]
    if not wide:
        pytest.skip("no position with that many moves: the default run counts depth 2")
    fast, runner = rules_pair(board_name)
    for position in wide:
        assert perft(fast, position.copy(), 2) == perft(runner, position, 2)


# --------------------------------------------------------------------------- random notations

def _random_notation_test(board_name: str):  # type: ignore[no-untyped-def]
    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=notations(board_name), which=st.integers(0, 5), square=st.integers(0, 10_000))
    def check(text: str, which: int, square: int) -> None:
        notation = parseable(text)
        board = load_board(board_name)
        fast, runner = rules_pair(board_name)
        try:
            kind = fast.custom_kind(notation)
            assert runner.custom_kind(notation) == kind
        except NotationError:
            assume(False)
            return
        positions = _positions(board_name)
        position = positions[which % len(positions)]
        at = square % len(board.squares)
        position.cells[at] = Piece(position.turn, kind, square % 2 == 0)
        same_run(fast, runner, position, at, budget=BUDGET)
    return check


@pytest.mark.parametrize("board_name", BOARDS)
def test_random_notations_run_the_same_fast_traced_and_interpreted(board_name: str) -> None:
    _random_notation_test(board_name)()


@pytest.mark.parametrize("budget", [50, 1_000, 3_000, 3_001])
def test_a_run_stopped_while_a_partial_move_ends_unwinds_cleanly(budget: int) -> None:
    board = load_board("xiangqi")
    rules = runner_rules("xiangqi")
    position = Position.initial(board)
    kind = rules.custom_kind(parse_notation("S;&*"))
    position.cells[0] = Piece(position.turn, kind, True)
    before = list(position.cells)
    result = rules.run(position, 0, budget=budget)
    assert result.stopped is not None and position.cells == before


@pytest.mark.parametrize("text", ["(R,N),([!=Bishop,f>~1,@last]),N", "(N)[p>~1]", "(N)~1[p]", "(N)[p>\\1]\\1",
                                  "(E)(~1[p])*", "(N;S)[p>~1]"])
def test_generated_code_compiles_cleanly_with_warnings_as_errors(text: str) -> None:
    # A group whose direction is known when compiling once gave "3 is None" in the generated code:
    # a SyntaxWarning, and with warnings made errors the notation was quietly left to the runner.
    import warnings

    from dagaz_studio.engine.compiler import compile_notation

    board = load_board("chess")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compile_notation(Rules(board), parse_notation(text), 0)


@pytest.mark.parametrize("board_name", ["crazyhouse"])
def test_a_chain_whose_way_to_a_new_piece_is_never_written_still_completes_its_moves(board_name: str) -> None:
    # Found by the random notations above: the end of a move calls what builds moves that made pieces
    # whenever the notation can make one, but that was known to the compiled code only once the way
    # to its ``[*Name]`` was written, and a way cut short (here by ``(\1)``) never is: a NameError.
    text = "\\1++,[A,!=Bishop,=PromotedRook]++,&+;[!@last]{1,3},&*;(\\1),[*Pawn,+Pawn]"
    fast, runner = rules_pair(board_name)
    kind = fast.custom_kind(parse_notation(text))
    assert runner.custom_kind(parse_notation(text)) == kind
    for position in _positions(board_name):
        for at in (8, len(position.cells) // 2):
            played_here = position.copy()
            played_here.cells[at] = Piece(played_here.turn, kind, True)
            same_run(fast, runner, played_here, at, budget=BUDGET)


@pytest.mark.parametrize("text", ["(E[d]?){,2}", "E,(E,[d]{,2})*"])
def test_a_move_that_also_destroys_is_kept_beside_one_that_lands_alike(text: str) -> None:
    # Landing on a8's eastern neighbours after destroying on the way, or not: two moves with the same
    # landing and captures, one of which changed a square in place. The second was taken for the first.
    fast, runner = rules_pair("atomar")
    kind = fast.custom_kind(parse_notation(text))
    assert runner.custom_kind(parse_notation(text)) == kind
    position = Position.initial(load_board("atomar"))
    position.cells[0] = Piece(position.turn, kind, True)
    same_run(fast, runner, position, 0, budget=BUDGET)


@pytest.mark.parametrize("text", ["+,[(+Queen/Rook)>E]{0,2}+", "+,[(p,+Queen/Rook)>E>N]{0,2}+", "+,[+Queen/Rook]{0,2}+"])
def test_a_possessive_pass_through_a_look_that_promotes_with_a_choice_spends_as_the_runner_does(text: str) -> None:
    # Found by the random notations above: a promotion with a choice inside a look (``(…)>E``) was
    # taken for one way through, so the trial pass's work was counted again for every choice, and a
    # budget the runner's run stays within stopped the compiled run.
    fast, runner = rules_pair("chess")
    kind = fast.custom_kind(parse_notation(text))
    assert runner.custom_kind(parse_notation(text)) == kind
    position = Position.from_fen(load_board("chess"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    at = position.board.index("d4")
    position.cells[at] = Piece(position.turn, kind, True)
    spent = runner.run(position, at).work
    assert fast.run(position, at).work == spent
    same_run(fast, runner, position, at, budget=spent)
