"""Runaway and cancelled runs stop soon, whatever the notation and board; typing a notation is cheap.

Every way a run can spend its time — steps, attack questions, the bookkeeping of chains of partial
moves — is counted as work, and the cancel flag is looked at every few hundred units of it. These tests
check the counting: a runaway stops at its budget, the flag is looked at as often as promised, and a
cancel stops the run at the next look. How long that takes in seconds depends on the machine and its
load, so it is measured by ``tests/benchmarks/measure_runaway.py`` (under 1 s to stop, 100 ms to cancel).
"""

from __future__ import annotations

import sys
import threading

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine.compiler import POLL_EVERY as CANCEL_EVERY
from dagaz_studio.engine.default_code import CodeGenerator
from dagaz_studio.engine.emitter import RECURSION_LIMIT
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET
from dagaz_studio.notation import parse_notation
from dagaz_studio.notation.parser import MAX_NOTATION_LENGTH
from tests.helpers.engine_helpers import CountingFlag, counting_reach_runs
from tests.oracle.rules import OracleRules

RUNAWAYS = [("fanorona", "(*[a])*+", "e3"), ("xiangqi", "(&(*))*", "e5"), ("chess", "((*)[A]){30}", "d4"),
            ("fanorona", "(N;S)*", "e3"), ("chess", "(*){12}", "a4"), ("checkers", "(&(*)[a])*", "d4"),
            ("janggi", "(*[s]){30}", "e5"), ("capablanca", "(&*)" * (MAX_NOTATION_LENGTH // 4), "e4")]
#: The units a run may spend past its budget: the action it was taking when the budget ran out.
OVERSHOOT = 1_000
#: How the run is made: compiled where it can be, by the runner alone, traced.
WAYS = ["compiled", "runner", "traced"]


def _typed(board_name: str, text: str, square: str, way: str = "compiled") -> tuple[Rules, Position, int]:
    board = load_board(board_name)
    rules = OracleRules(board) if way == "runner" else Rules(board)
    position = Position.initial(board)
    at = board.index(square)
    position.cells[at] = Piece(position.turn, rules.custom_kind(parse_notation(text)), True)
    return rules, position, at


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(("board_name", "text", "square"), RUNAWAYS)
def test_a_runaway_run_stops_at_its_budget(board_name: str, text: str, square: str, way: str) -> None:
    rules, position, at = _typed(board_name, text, square, way)
    before = position.copy()
    result = rules.run(position, at, trace=way == "traced")
    assert result.stopped is not None and result.stopped.startswith("stopped after")
    assert result.work <= DEFAULT_BUDGET + OVERSHOOT
    assert position.cells == before.cells


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(("board_name", "text", "square"), RUNAWAYS)
def test_the_cancel_flag_is_looked_at_every_few_hundred_units_of_work(board_name: str, text: str, square: str,
                                                                       way: str) -> None:
    rules, position, at = _typed(board_name, text, square, way)
    flag = CountingFlag()
    result = rules.run(position, at, trace=way == "traced", cancel=flag)
    assert result.work > 10 * CANCEL_EVERY
    # A look at every mark reached; work that comes in one go (a chain's bookkeeping, a question asked
    # of an enemy piece, which looks on its own meanwhile) can carry the run past a mark or two.
    assert flag.looks >= result.work // (2 * CANCEL_EVERY)


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(("board_name", "text", "square"), RUNAWAYS)
def test_a_cancelled_run_stops_at_the_next_look(board_name: str, text: str, square: str, way: str) -> None:
    rules, position, at = _typed(board_name, text, square, way)
    before = position.copy()
    flag = CountingFlag(set_at=5)
    result = rules.run(position, at, trace=way == "traced", budget=10**9, cancel=flag)
    assert result.stopped == "cancelled"
    assert flag.looks_after == 1
    assert result.work <= 7 * CANCEL_EVERY + OVERSHOOT
    assert position.cells == before.cells


@pytest.mark.parametrize("way", WAYS)
def test_a_run_is_cancelled_from_another_thread_as_the_window_does(way: str) -> None:
    rules, position, at = _typed("xiangqi", "(&(*))*", "e5", way)
    flag = CountingFlag(on_look=3)
    outcome: dict[str, object] = {}

    def work() -> None:
        outcome["result"] = rules.run(position, at, trace=way == "traced", budget=10**12, cancel=flag)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    assert flag.under_way.wait(60), "the run never looked at its cancel flag"
    flag.set()
    thread.join(60)  # a guard against a hang, not a measure: the run ends at its next look
    assert not thread.is_alive()
    assert outcome["result"].stopped == "cancelled"  # type: ignore[attr-defined]
    assert flag.looks_after == 1


def test_a_compiled_run_whose_attack_questions_go_to_the_runner_still_looks_at_the_flag() -> None:
    # The enemy's notation chains partial moves, which only the runner runs: each question about it
    # adds its work to the compiled run's in one go, past the marks where the flag is looked at.
    board = load_board("chess")
    rules = Rules(board)
    position = Position(board, [None] * len(board.squares))
    enemy = rules.custom_kind(parse_notation("(&(*)){1,2}"))
    for square in ("a8", "h8", "a1", "h1", "d8", "e1"):
        position.cells[board.index(square)] = Piece(1, enemy, True)
    at = board.index("d4")
    position.cells[at] = Piece(0, rules.custom_kind(parse_notation("((*)[A])*")), True)
    assert rules.plan(rules.kind_program(position.cells[at].kind, 0)) is not None  # the runaway is compiled
    flag = CountingFlag()
    result = rules.run(position, at, cancel=flag)
    assert result.stopped is not None and result.work > 10 * CANCEL_EVERY
    assert flag.looks >= result.work // (2 * CANCEL_EVERY)


def test_typing_a_notation_keeps_the_attack_tables() -> None:
    board = load_board("chess")
    rules = Rules(board)
    before = rules.attackers(board.index("e4"), 1)
    for text in ("N", "(+)([p]\\1)*", "*[a]"):
        rules.custom_kind(parse_notation(text))
    assert rules.attackers(board.index("e4"), 1) is before


def test_a_typed_enemy_piece_still_attacks() -> None:
    board = load_board("chess")
    rules = Rules(board)
    position = Position.from_fen(board, "4k3/8/8/8/8/8/4K3/8 w - - 0 1")
    position.cells[board.index("e3")] = Piece(1, rules.custom_kind(parse_notation("N")), True)  # Black's N is south
    assert rules.capturable(position, board.index("e2"), 1)
    assert not rules.capturable(position, board.index("d2"), 1, stand_in=Piece(0, 0, True))


@pytest.mark.parametrize(("text", "stops"), [("(*){12}", True), ("(*){2}", False)])
def test_a_full_trace_keeps_its_limit_and_the_run_its_moves(text: str, stops: bool) -> None:
    rules, position, at = _typed("chess", text, "d4", "runner")
    plain = rules.run(position, at)
    traced = rules.run(position, at, trace=True, trace_limit=50)
    assert traced.trace_truncated
    assert [m.key() for m in traced.moves] == [m.key() for m in plain.moves]
    assert traced.work == plain.work and traced.stopped == plain.stopped
    if stops:
        # Why the run ended is still said, as the last event, one past the limit.
        assert len(traced.trace) == 51 and traced.trace[-1].kind == "stopped"
        assert traced.trace[-1].text == plain.stopped
    else:
        assert len(traced.trace) == 50


def test_a_question_given_up_while_its_notation_is_read_is_not_run() -> None:
    from dagaz_studio.queries import MovesQuery, answer_moves

    board = load_board("chess")
    rules = Rules(board)
    flag = CountingFlag(set_at=1)
    answer = answer_moves(rules, MovesQuery(board, Position.initial(board), board.index("d4"),
                                            notation="(*){12}"), flag)
    assert answer.stopped == "cancelled" and answer.moves == []
    assert flag.looks == 1


def _largest_board() -> str:
    """A board file at the limit of squares (26 x 384), a King and two riders a side."""
    from dagaz_studio.board.loader import MAX_SQUARES

    rows = 384
    assert 26 * rows <= MAX_SQUARES
    setup = "/".join(["qrk23"] + ["26"] * (rows - 2) + ["QR23K"])
    return "\n".join([
        "big", f"grid: a-z x {rows}-1", "N = (0, -1)", "E = (1, 0)", "S = (0, 1)", "W = (-1, 0)", "O = (1, -1)",
        "M = (-1, -1)", "T = (1, 1)", "R = (-1, 1)", "players: White Black", "symmetry Black: N<>S O<>T M<>R",
        "piece King K royal: *", "piece Queen Q: (*)([p]\\1)*", "piece Rook R: (+)([p]\\1)*",
        f"setup: {setup} w", "",
    ])


def test_a_board_too_large_for_attack_tables_asks_only_the_pieces_on_it() -> None:
    from dagaz_studio.board import parse_board
    from dagaz_studio.engine.game import legal_moves

    board = parse_board(_largest_board(), "big.board")
    rules = Rules(board)
    assert rules.scans
    runs = counting_reach_runs(rules)
    position = Position.initial(board)
    moves = legal_moves(rules, position)
    assert moves and all(position.cells[m.origin].player == 0 for m in moves)
    # Only the pieces standing on the board were worked out, not every kind on every square.
    assert len(runs) <= 6


@pytest.mark.parametrize("way", ["compiled", "runner"])
def test_looking_over_a_large_board_for_attackers_is_counted_as_work(way: str) -> None:
    from dagaz_studio.board import parse_board

    board = parse_board(_largest_board(), "big.board")
    rules = OracleRules(board) if way == "runner" else Rules(board)
    position = Position.initial(board)
    at = board.index("m200")
    position.cells[at] = Piece(0, rules.custom_kind(parse_notation("*[a]")), True)
    result = rules.run(position, at)
    # Eight steps, each asking once about each enemy: every question counts its look over the board.
    assert rules.scan_cost() == len(board.squares) // 64
    assert result.work >= 8 * rules.scan_cost()
    runaway = Piece(0, rules.custom_kind(parse_notation("((*)[A]){30}")), True)
    position.cells[at] = runaway
    result = rules.run(position, at)
    assert result.stopped is not None and result.work <= DEFAULT_BUDGET + OVERSHOOT


class _TooManyCalls(Exception):
    pass


def _calls_until_done(work, ceiling: int) -> int:
    """The Python calls ``work`` makes; past ``ceiling`` it is stopped (so a blow-up fails, not hangs)."""
    calls = 0

    def count(frame, event, arg) -> None:
        nonlocal calls
        if event == "call":
            calls += 1
            if calls > ceiling:
                raise _TooManyCalls

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return calls


_CHUNK = "(N;S)" * 16
#: Notations whose ways multiply: alternatives one after another, whole or as the parts of a choice.
MULTIPLYING = ["(N;S)" * 12, "(N;S)" * 40, "(N;S)" * (MAX_NOTATION_LENGTH // 5),
               ";".join([_CHUNK] * (MAX_NOTATION_LENGTH // (len(_CHUNK) + 1)))]
#: Python calls (about a microsecond each) a run may make before it first looks at its cancel flag:
#: compiling is not interrupted, so this is the longest a cancel can wait for it.
PREPARING_CALLS = 120_000


@pytest.mark.parametrize("text", MULTIPLYING, ids=["12", "40", "longest", "parts"])
def test_preparing_a_run_of_a_multiplying_notation_is_bounded(text: str) -> None:
    # Compiling wrote code for every way through such a notation: 18 alternatives in a row took 8 s,
    # 2,000 never ended. Past a fixed amount of writing the runner takes it, counting its work.
    rules, position, at = _typed("chess", text, "d4")
    flag = CountingFlag(set_at=1)
    outcome: list = []
    calls = _calls_until_done(lambda: outcome.append(rules.run(position, at, budget=10**9, cancel=flag)),
                              ceiling=20 * PREPARING_CALLS)
    assert outcome[0].stopped == "cancelled" and flag.looks == 1
    assert calls <= PREPARING_CALLS, f"{calls:,} calls before the first look at the cancel flag"
    whole = rules.run(position, at)  # 12 in a row end (4,096 ways); longer ones run away
    assert whole.work <= DEFAULT_BUDGET + OVERSHOOT and (whole.stopped is None) == (len(text) < 100)


def test_writing_code_and_a_traced_run_each_nest_as_deep_as_the_one_limit() -> None:
    # A notation's code is written nesting a few calls a node, its traced run a few calls a part:
    # each raises Python's limit to the same depth, whichever comes first in the process.
    board = load_board("chess")
    position = Position.initial(board)
    at = board.squares.index("b1")
    saved = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(1_000)
        rules = Rules(board)
        CodeGenerator(rules, parse_notation("(N)*[e]"), 0)
        assert sys.getrecursionlimit() == RECURSION_LIMIT
        rules.run(position, at, trace=True)  # its traced code written
        sys.setrecursionlimit(1_000)
        rules.run(position, at, trace=True)
        assert sys.getrecursionlimit() == RECURSION_LIMIT
    finally:
        sys.setrecursionlimit(saved)


def test_a_pieces_reach_does_not_depend_on_the_recursion_limit_earlier_runs_left() -> None:
    """Working out where a piece could ever capture runs its notation through the runner; a runner's
    own run raises Python's recursion limit, a compiled run does not. A rider up a 300-square file nests
    some thousand calls deep: its reach must come out the same in a process that has only made compiled
    runs (the limit as Python starts, 1,000) as after a runner's run."""
    from dagaz_studio.board import parse_board

    text = "grid: a-b x 300-1\nN = (0, -1)\npiece Rider R: (N)*\n"
    saved = sys.getrecursionlimit()
    reaches = []
    try:
        for limit in (1_000, RECURSION_LIMIT):
            sys.setrecursionlimit(limit)
            board = parse_board(text)  # a board of its own: reach is kept with the board
            reaches.append(Rules(board).reach(0, 0, board.squares.index("a1")))
    finally:
        sys.setrecursionlimit(saved)
    column = {square for square, name in enumerate(board.squares) if name.startswith("a")}
    assert reaches[0] == reaches[1] == column


@pytest.mark.parametrize("board_name", ["xiangqi", "chess"])
def test_no_one_question_pays_for_a_whole_attack_table(board_name: str) -> None:
    """Once a square has been asked about often, its table of possible attackers pays; but building
    it costs every kind's reach from every square (630 runs on Xiangqi, 30 ms), which one keystroke's
    question in the window would pay all at once: that work is spread over the questions that follow."""
    import random

    from dagaz_studio.board import parse_board, shipped_boards
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.making import make_move

    path = shipped_boards()[board_name]
    board = parse_board(path.read_text(encoding="utf-8"), path.name)  # a board of its own: nothing shared yet
    rules = Rules(board)
    position = Position.initial(board)
    chooser = random.Random(7)
    for _ in range(12):
        make_move(position, chooser.choice(legal_moves(rules, position)))
    rules = Rules(board)
    made = counting_reach_runs(rules)
    runs = []
    royal = next(square for square, piece in enumerate(position.cells)
                 if piece is not None and piece.player == position.turn and piece.kind in rules.royal_kinds)
    enemy = 1 - position.turn
    every = rules.board_kinds * len(board.squares)
    for _ in range(3 * every):
        before = len(made)
        rules.candidates(position.cells, royal, enemy)
        runs.append(len(made) - before)
    assert max(runs) < every // 4, max(runs)
    assert enemy in rules.tabled  # the table came all the same, for the questions after


def test_a_table_earned_by_one_interpreter_is_finished_by_the_next() -> None:
    """The reach sets and tables are kept with the board for every interpreter of it, and so is the
    earning of a table: a benchmark's or a window's fresh interpreter goes on where the last stopped."""
    from dagaz_studio.board import parse_board, shipped_boards

    path = shipped_boards()["chess"]
    board = parse_board(path.read_text(encoding="utf-8"), path.name)
    position = Position.initial(board)
    king = board.index("e1")
    first = Rules(board)
    every = first.board_kinds * len(board.squares)
    for _ in range(every + 5):
        first.candidates(position.cells, king, 1)
    assert 1 not in first.tabled  # earned, and a few of its reach sets worked out
    second = Rules(board)
    for _ in range(every):
        second.candidates(position.cells, king, 1)
    assert 1 in second.tabled


def _nested_possessive(levels: int) -> str:
    return "(+" * levels + ")*+" * levels


def _peak_memory_of_reading(text: str) -> int:
    import tracemalloc

    from tests.oracle.runner import RunnerProgram

    rules = OracleRules(load_board("chess"))
    notation = parse_notation(text)
    tracemalloc.start()
    try:
        RunnerProgram(rules, notation, 0, None)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_reading_nested_possessive_repetitions_grows_with_the_notation_not_its_nesting() -> None:
    # Each possessive pass was built twice (tried, then taken), so the closures doubled with every
    # level: 16 levels took 320 MB, 20 ran out of memory as the window read a typed notation.
    shallow, deep = _peak_memory_of_reading(_nested_possessive(6)), _peak_memory_of_reading(_nested_possessive(12))
    assert deep < 4 * shallow, f"{shallow:,} bytes at 6 levels, {deep:,} at 12"
