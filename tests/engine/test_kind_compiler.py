"""The compiled path of heap and stack boards (engine/kind_compiler.py) against the runner.

Three ways of running a heap or a column must agree on every notation and position: the compiled
code (what untraced runs take), the runner alone (the oracle's) and the traced run. The
notations are drawn from the parts these boards give a meaning of their own (lifting a heap, putting
one seed, taking the top of a column, counting pieces, ``&``, ``[k]``) mixed with the rest of the
grammar (``tests/helpers/notation_strategies.py``); positions from random play on the shipped heap and stack boards.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import load_board
from dagaz_studio.board.loader import parse_board
from dagaz_studio.engine import compiler, kind_compiler
from dagaz_studio.engine.compiler import new_work
from dagaz_studio.engine.counts import zone_holds, zone_size
from dagaz_studio.engine.endings import game_over
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.heaps import Heap
from dagaz_studio.engine.kind_code import KindWriter
from dagaz_studio.engine.kind_compiler import HeapAdder, compile_kind_notation, kind_perft, kind_plan, remembered_run
from dagaz_studio.engine.kind_items import first_steps
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.stacks import Column
from dagaz_studio.notation import NotationError, parse_notation
from dagaz_studio.notation.shape import captures_on_enemy_first
from tests.helpers.notation_strategies import notations
from tests.helpers.paths import REPO
from tests.helpers.run_comparison import parseable, played, rules_pair, same_run
from tests.oracle.rules import OracleRules

BOARDS = ["oware", "kalah", "two-seeds", "lasca", "bashni"]
#: Small, so that runaway notations stop quickly; stopping must agree too.
BUDGET = 2_000


def _played(board_name: str) -> tuple[Position, ...]:
    return played(board_name, 4, 30)


def _gates(rules: Rules, player: int) -> tuple[list, list[bool]]:
    """By kind, the squares of every way's first step from each square (``gate``: a piece whose every
    one holds a friend is not run) and whether its captures all begin on an enemy's piece
    (``quiet_alone``), as the compiled code of the kind for ``player`` carries them."""
    plans = [kind_plan(rules, rules.kind_program(kind, player)) for kind in range(rules.board_kinds)]
    return ([None if plan is None else plan.gate for plan in plans],  # type: ignore[attr-defined]
            [plan is not None and plan.quiet_alone for plan in plans])  # type: ignore[attr-defined]


@pytest.mark.parametrize("board_name", BOARDS)
def test_every_piece_of_the_board_compiles(board_name: str) -> None:
    rules = Rules(load_board(board_name))
    for kind in range(rules.board_kinds):
        for player in range(len(rules.board.players)):
            assert kind_plan(rules, rules.kind_program(kind, player)) is not None


@pytest.mark.parametrize("board_name", BOARDS)
def test_the_board_runs_the_same_compiled_and_interpreted(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    for position in _played(board_name):
        position = position.copy()
        for square, cell in enumerate(position.cells):
            if cell is not None:
                same_run(fast, runner, position, square)
        assert legal_moves(fast, position) == legal_moves(runner, position)
        assert perft(fast, position, 2) == perft(runner, position, 2)


def _random_notation_test(board_name: str):  # type: ignore[no-untyped-def]
    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=notations(board_name), which=st.integers(0, 4), square=st.integers(0, 10_000))
    def check(text: str, which: int, square: int) -> None:
        notation = parseable(text)
        fast, runner = rules_pair(board_name)
        positions = _played(board_name)
        position = positions[which % len(positions)].copy()
        at = square % len(position.cells)
        kind = square % fast.board_kinds
        # The notation as that of one of the board's kinds, run from a square holding one: a heap
        # with a piece of it added, or a column of the side to move with it on top.
        cell = position.cells[at]
        if fast.board.kind == "heap":
            counts = list(cell.counts) if isinstance(cell, Heap) else [0] * fast.board_kinds
            counts[kind] += 1 + square % 3
            position.cells[at] = Heap(-1, counts.index(next(c for c in counts if c)), False,  # type: ignore[assignment]
                                      tuple(counts))
        else:
            below = cell.pieces if isinstance(cell, Column) else ()
            position.cells[at] = Column(((position.turn, kind),) + below, square % 2 == 0)  # type: ignore[assignment]
        try:
            program = runner.program(notation, position.turn, runner.kinds[kind])
        except NotationError:
            assume(False)
            return
        same_run(fast, runner, position, at, program, budget=BUDGET)
        same_run(fast, runner, position, at, program)
    return check


@pytest.mark.parametrize("board_name", BOARDS)
def test_random_notations_run_the_same_compiled_traced_and_interpreted(board_name: str) -> None:
    _random_notation_test(board_name)()


def test_a_piece_on_a_heap_board_is_left_to_the_runner() -> None:
    # Not a heap: the compiled start refuses it as the runner's does, with no moves.
    fast, runner = rules_pair("oware")
    position = Position.initial(load_board("oware"))
    position.cells[0] = Piece(0, 0, False)
    same_run(fast, runner, position, 0)


@pytest.mark.parametrize(("board_name", "text"), [("lasca", "X[p]"), ("bashni", "(X)[ex]\\1[p]"), ("oware", "E|E|")])
def test_a_typed_notation_s_piece_among_the_board_s_lists_the_moves_the_runner_lists(board_name: str, text: str) -> None:
    # The typed kind has no compiled code of the board's: the side's moves are found square by square.
    fast, runner = rules_pair(board_name)
    for position in _played(board_name)[:3]:
        position = position.copy()
        lists = []
        for rules in (fast, runner):
            kind = rules.custom_kind(parse_notation(text), "Typed")
            square = next(square for square, cell in enumerate(position.cells) if cell is not None
                          and (cell[0] == position.turn or fast.board.kind == "heap"))
            typed = position.copy()
            typed.cells[square] = (Heap(-1, kind, False, typed.cells[square].counts) if fast.board.kind == "heap"  # type: ignore[union-attr]
                                   else Column(((position.turn, kind),), True))
            lists.append(legal_moves(rules, typed))
        assert lists[0] == lists[1] and lists[0]


@pytest.mark.parametrize("board_name", BOARDS)
def test_perft_by_light_records_counts_as_the_runner_does_and_leaves_the_position(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    for position in _played(board_name)[1:3]:
        position = position.copy()
        before = (position.fen(), list(position.cells))
        counted = kind_perft(fast, position, 3)
        assert counted is not None  # every shipped heap and stack board counts by light records
        assert (position.fen(), list(position.cells)) == before
        assert counted == perft(runner, position, 3)


@pytest.mark.parametrize("text", ["E,([!@pits,E]),E;E,E,E", "E[e]", "(E[E])*"])
def test_a_heap_belongs_to_nobody_so_is_no_enemy_compiled_as_interpreted(text: str) -> None:
    fast, runner = rules_pair("two-seeds")
    notation = parse_notation(text)
    for position in _played("two-seeds"):
        for square, cell in enumerate(position.cells):
            if isinstance(cell, Heap):
                program = runner.program(notation, position.turn, runner.kinds[cell.kind])
                same_run(fast, runner, position.copy(), square, program)


#: Captures followed by a step onto a square that must be empty, which the compiled code looks at
#: before taking anything; and near misses that it must not treat so (a second capture, a landing
#: that need not be empty, a bracket asking something before ``[p]``).
LANDINGS = {
    "lasca": [r"(X)[ex]\1[p]", r"(X)[ex]~1[p]", r"O[ex]O[p]", r"(OM)[e,x]\1[p](&(X)[C,ex]\3[p])*+",
              r"(X)[ex]\1[p,C]", r"(X)[x,ex]\1[p]", r"(X)[ex]\1[P]", r"(X)[ex]\1[C,p]", r"(X)(O)[ex]\1[p]",
              r"(X)[ex](\1)[p]", r"((X)[ex]\1[p])*"],
    "bashni": [r"(X)([p]\1)*[ex]\1[p](\1[p,C])*", r"(X)[ex]~1[p]X[p]", r"M[ex]M[p]T[ex]T[p]"],
    "oware": [r"E[x]E[p]", r"(E)[x]\1[p]", r"(W)[=1-,x]~1[p]", r"(E)[x]\1[p]W[x]W[p]"],
}


@pytest.mark.parametrize("board_name,text", [(board, text) for board, texts in LANDINGS.items() for text in texts])
def test_a_capture_that_cannot_land_counts_its_work_as_the_runner_does(board_name: str, text: str) -> None:
    fast, runner = rules_pair(board_name)
    notation = parse_notation(text)
    for position in _played(board_name):
        for square, cell in enumerate(position.cells):
            if cell is None or (cell[0] != position.turn and cell[0] >= 0):
                continue
            program = runner.program(notation, position.turn, runner.kinds[cell[1]])
            assert kind_plan(fast, fast.program(notation, position.turn, fast.kinds[cell[1]])) is not None
            quick = fast.run(position, square, fast.program(notation, position.turn, fast.kinds[cell[1]]))
            slow = runner.run(position, square, program)
            assert (quick.moves, quick.work) == (slow.moves, slow.work)
            # Stopping at every budget up to the run's work agrees too.
            for budget in range(0, slow.work + 1, max(1, slow.work // 12)):
                same_run(fast, runner, position.copy(), square, program, budget=budget)


@pytest.mark.parametrize("board_name", BOARDS)
def test_the_code_written_for_random_notations_compiles_without_warnings(board_name: str) -> None:
    # Python warns of ``is`` asked of a literal (a direction known as the code is written); with
    # warnings as errors such code would not compile and the notation would fall to the runner.
    rules = Rules(load_board(board_name))

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=notations(board_name), kind=st.integers(0, 10))
    def check(text: str, kind: int) -> None:
        notation = parseable(text)
        compiler.CODE_CACHE.clear()  # compiled afresh: a warning is given once, at compiling
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            compile_kind_notation(rules, notation, kind % len(rules.board.players))
    check()


@pytest.mark.parametrize("text", [r"(E)\1", r"(E)[\1]", r"(E)~1", r"(E)[!~1]", r"(E)[x]\1[p]", r"(E)[x]~1[p]"])
def test_a_direction_known_as_the_code_is_written_gives_no_warning(text: str) -> None:
    rules = Rules(load_board("oware"))
    compiler.CODE_CACHE.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compile_kind_notation(rules, parse_notation(text), 0)


@pytest.mark.parametrize("board_name", ["oware", "lasca"])
def test_a_second_interpreter_of_the_board_loads_the_code_written_for_the_first(
        board_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    board = load_board(board_name)
    first = Rules(board)
    position = Position.initial(board)
    expected = legal_moves(first, position)
    written: list[str] = []
    module = KindWriter.module
    monkeypatch.setattr(KindWriter, "module", lambda self: written.append(self.notation.text) or module(self))
    second = Rules(board)
    assert legal_moves(second, position) == expected
    assert written == []
    # Each interpreter runs its own state: the second's plans are not the first's.
    program = second.kind_program(0, 0)
    assert kind_plan(second, program) is not kind_plan(first, first.kind_program(0, 0))


_CELLS = st.lists(st.one_of(
    st.none(),
    st.lists(st.integers(0, 3), min_size=2, max_size=2).filter(any).map(lambda c: Heap(-1, 0, False, tuple(c))),
    st.integers(0, 1).map(lambda p: Column(((p, 0),), True)),
), min_size=8, max_size=8)


@settings(max_examples=200, deadline=None)
@given(cells=_CELLS, squares=st.lists(st.integers(0, 7), unique=True, max_size=8))
def test_a_zone_holds_a_piece_exactly_when_it_holds_at_least_one(cells: list, squares: list[int]) -> None:
    assert zone_holds(cells, tuple(squares)) == (zone_size(cells, tuple(squares)) >= 1)


@settings(max_examples=100, deadline=None)
@given(sowings=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 1)), max_size=40))
def test_sowing_one_piece_at_a_time_makes_the_heap_counted_afresh(sowings: list[tuple[int, int]]) -> None:
    # Sowing the same heaps again and again (the adder's cached answers) and onto new heaps of equal
    # counts (new objects) gives the heap the counts make, each time.
    adders = [HeapAdder(kind, 2) for kind in range(2)]
    pits: list = [None, Heap(-1, 1, False, (0, 2)), None, None]
    for pit, kind in sowings:
        counts = list(pits[pit].counts) if pits[pit] is not None else [0, 0]
        counts[kind] += 1
        expected = Heap(-1, counts.index(next(count for count in counts if count)), False, tuple(counts))
        assert adders[kind][pits[pit]] == expected
        pits[pit] = adders[kind][pits[pit]] if pit % 2 else expected


@pytest.mark.parametrize(("text", "letters"), [
    (r"OM[p];(OM)[ex]\1[p](&[!@last](OM)[C,ex]\3[p])*+", "OM"),
    (r"(OM[p];(OM)[ex]\2[p])([@last][+Officer])?+", "OM"),
    (r"X[p];(X)[ex]\1[p]", "X"),
    (r"O[e]", "O"),
    (r"[@last]OM[p]", None),      # a check before the step
    (r"OM", None),                # no check after it: it may land on a friend's column
    (r"O[f]", None),              # a friend there is what it asks for
    (r"(X)([p]\1)*[ex]", None),   # a repetition after the step
    (r"OM[p];O", None),           # one way without a check
])
def test_the_first_steps_a_piece_needs_free_are_found_only_where_every_way_begins_with_one(
        text: str, letters: str | None) -> None:
    rules = Rules(load_board("lasca"))
    writer = KindWriter(rules, parse_notation(text), 0)
    expected = None if letters is None else writer.directions(tuple(letters))
    assert first_steps(writer, parse_notation(text).body) == expected


@pytest.mark.parametrize("board_name", ["lasca", "bashni"])
def test_a_piece_not_run_because_its_first_steps_land_on_friends_has_no_move_by_the_runner(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    skipped = 0
    for position in _played(board_name):
        gates, _ = _gates(fast, position.turn)
        for square, cell in enumerate(position.cells):
            if cell is None or cell[0] != position.turn or gates[cell[1]] is None:
                continue
            if all(position.cells[first] is not None and position.cells[first][0] == position.turn
                   for first in gates[cell[1]][square]):
                skipped += 1
                assert runner.run(position, square).moves == []
    assert skipped > 0


def test_a_local_function_written_where_a_test_had_no_body_yet_compiles() -> None:
    # The test before it is given a body first: the function's parameters are then those it reads.
    rules = Rules(load_board("kalah"))
    # (A step more after the repetition: its continuation is then too long to be written in place.)
    moves = compile_kind_notation(rules, parse_notation(r"[=Seed],(\1);E*,E{2}E"), 0)
    assert "def kf" in moves.source  # type: ignore[attr-defined]


@pytest.mark.parametrize("rule", ["rule: compulsory-capture", None])
def test_lasca_with_and_without_compulsory_captures_counts_as_the_runner_does(rule: str | None) -> None:
    # Where captures are not compulsory, a piece that can step is run at once; where they are, after
    # the pieces next to an enemy's: the counts are the runner's either way.
    text = (REPO / "boards" / "draughts" / "lasca.board").read_text()
    if rule is None:
        text = text.replace("rule: compulsory-capture", "")
    board = parse_board(text)
    fast, runner = Rules(board), OracleRules(board)
    for position in played("lasca", 2, 12):
        position = Position.from_fen(board, position.fen())
        assert perft(fast, position.copy(), 3) == perft(runner, position.copy(), 3)


@pytest.mark.parametrize("board_name", ["lasca", "oware"])
def test_a_typed_notation_of_a_board_piece_s_text_leaves_the_piece_compiled(board_name: str) -> None:
    # Typed first (no piece of the board's: left to the traced code), then the board's own piece.
    rules = Rules(load_board(board_name))
    notation = rules.kinds[0].notation
    assert kind_plan(rules, rules.program(notation, 0)) is None
    assert kind_plan(rules, rules.kind_program(0, 0)) is not None
    assert kind_perft(rules, Position.initial(rules.board), 2) is not None


def test_two_kinds_of_one_notation_count_as_the_runner_does() -> None:
    # Lasca's Officer moving as its Soldier: one notation, its code written once, each kind's own plan.
    text = (REPO / "boards" / "draughts" / "lasca.board").read_text()
    board = parse_board(text.replace(r"piece Officer O: X[p];(X)[ex]\1[p](&(X)[C,ex]\3[p])*+",
                                     r"piece Officer O: (OM[p];(OM)[ex]\2[p](&[!@last](OM)[C,ex]\4[p])*+)([@last][+Officer])?+"))
    fast, runner = Rules(board), OracleRules(board)
    assert kind_plan(fast, fast.kind_program(0, 0)) is not kind_plan(fast, fast.kind_program(1, 0))
    for fen in ("7/7/7/3o3/2S1S2/7/7 w", "7/7/7/3o3/2S1S2/1s5/O6 w", "o6/7/2O4/3o3/2S1S2/7/7 b"):
        position = Position.from_fen(board, fen)
        assert kind_perft(fast, position, 3) == perft(runner, position, 3)


@pytest.mark.parametrize(("text", "targets"), [
    ("[=1:Soldier]OM[e]", ["d4"]),    # the soldier on a1 (the one lifted from c3 is not counted)
    ("[=0:Soldier]OM[e]", []),
    ("[=0:Officer]OM[e]", ["d4"]),    # an officer under a soldier is the soldier's prisoner
    ("OM[e][+?Soldier]", ["d4"]),     # of the setup's 11 soldiers, White's tops are 2
    ("OM[e][+?Officer]", []),         # the setup gave White no officer
])
def test_a_column_is_counted_as_its_top_piece_by_counts_and_lost_promotions(text: str, targets: list[str]) -> None:
    # As the end statements count it, and as everything that asks about a square's piece reads it.
    board = load_board("lasca")
    position = Position.from_fen(board, "7/7/7/3s3/2(So)4/7/S6 w")
    square = board.index("c3")
    for rules in (Rules(board), OracleRules(board)):
        program = rules.program(parse_notation(text), 0, board.pieces["Soldier"])
        for trace in (False, True):
            moves = rules.run(position, square, program, trace=trace).moves
            assert [board.squares[move.target] for move in moves] == targets


def test_end_collect_counts_a_stack_board_s_columns_by_their_top_pieces() -> None:
    text = (REPO / "boards" / "draughts" / "lasca.board").read_text()
    board = parse_board(text + "\nend collect Officer: 1\n")
    rules = Rules(board)
    assert game_over(rules, Position.from_fen(board, "7/7/7/3s3/2(So)4/7/S6 w")) is None  # a prisoner is not held
    over = game_over(rules, Position.from_fen(board, "7/7/7/3s3/2(Os)4/7/S6 w"))
    assert over is not None and over.rule == "collect" and over.winner == 0


@pytest.mark.parametrize(("text", "expected"), [
    (r"(OM[p];(OM)[ex]\2[p](&[!@last](OM)[C,ex]\4[p])*+)([@last][+Officer])?+", True),
    (r"X[p];(X)[ex]\1[p](&(X)[C,ex]\3[p])*+", True),
    (r"OM[p]", True),                 # captures nothing
    (r"OM[p](OM)[ex]\1[p]", False),   # a step onto an empty square, then a capture
    (r"(OM[p];(OM)[ex])(OM)[ex]", False),  # what follows the first steps captures
    (r"(X)([p]\1)*[ex]\1[p]", False),  # a rider's capture: its first step may be onto an empty square
    (r"O[x]", False),                 # no check that an enemy stands there first
])
def test_a_capture_is_found_to_begin_on_an_enemy_only_where_every_capturing_way_does(text: str, expected: bool) -> None:
    assert captures_on_enemy_first(parse_notation(text).body) is expected


@pytest.mark.parametrize("board_name", ["lasca", "bashni"])
def test_a_piece_left_out_once_a_capture_is_found_has_no_capture_by_the_runner(board_name: str) -> None:
    fast, runner = rules_pair(board_name)
    left = 0
    for position in _played(board_name):
        me = position.turn
        gates, quiet = _gates(fast, me)
        for square, cell in enumerate(position.cells):
            if cell is None or cell[0] != me or gates[cell[1]] is None or not quiet[cell[1]]:
                continue
            firsts = [position.cells[first] for first in gates[cell[1]][square]]
            if all(first is None or first[0] == me for first in firsts):
                left += 1
                assert all(not move.captures for move in runner.run(position, square).moves)
    assert left > 0


def test_the_code_kept_for_a_stack_board_between_starts_is_loaded_without_writing_or_compiling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dagaz_studio.engine.code_cache import kept_code

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(compiler, "CODE_CACHE", {})
    board = load_board("lasca")
    rules = Rules(board)
    position = Position.initial(board)
    with kept_code(rules):
        expected = legal_moves(rules, position)
    monkeypatch.setattr(compiler, "CODE_CACHE", {})  # a new start: nothing compiled in this process
    again = load_board("lasca")
    assert again is not board

    def refuse(*_args: object) -> None:
        raise AssertionError("a notation's code was written or compiled again")
    monkeypatch.setattr(KindWriter, "module", refuse)
    monkeypatch.setattr(kind_compiler, "compile", refuse, raising=False)  # the module's name shadows the builtin
    rules = Rules(again)
    with kept_code(rules):
        assert legal_moves(rules, Position.initial(again)) == expected


#: Sowing repetitions, each from positions with heaps big enough to go round the board (a lap skips
#: or sows the pit it began from), one with two kinds of seed.
SOWINGS = [
    ("oware", "15,4,4,4,4,0/4,4,4,25,4,1 w 0 0",
     [r"(E|)++", r"(E([b]E)?+|)++", r"(E([B]E)?+|)*+", r"(E|){2,}+[=2-3][x]", r"[@pits](E([b]E)?+|)++W[=1-]"]),
    ("kalah", "0,14,4,4,4,4,4,0/0,4,4,4,4,4,13,0 w", [r"(E([@skip]E)?+|)++([@store][k])?+", r"(E([@skip]E)?+|)*+E"]),
    ("two-seeds", "7w6r,2w,1w1r,2w/2w,1w1r,9w,1w1r w 0 0", [r"(E|)++", r"(E([b]E)?+|)++([=Ruby][x])?+"]),
]


@pytest.mark.parametrize(("board_name", "fen", "text"),
                         [(board, fen, text) for board, fen, texts in SOWINGS for text in texts])
def test_sowing_by_a_table_finds_and_counts_as_the_runner_does(board_name: str, fen: str, text: str) -> None:
    fast, runner = rules_pair(board_name)
    notation = parse_notation(text)
    start = Position.from_fen(load_board(board_name), fen)
    for position in (start, *played(board_name, 2, 12, fen)):
        for square, cell in enumerate(position.cells):
            if not isinstance(cell, Heap):
                continue
            program = runner.program(notation, position.turn, runner.kinds[cell.kind])
            compiled = fast.program(notation, position.turn, fast.kinds[cell.kind])
            plan = kind_plan(fast, compiled)
            assert plan is not None and "def sw" in plan.source  # type: ignore[attr-defined]
            quick = fast.run(position, square, compiled)
            slow = runner.run(position, square, program)
            assert (quick.moves, quick.work) == (slow.moves, slow.work)
            for budget in range(0, slow.work + 1, max(1, slow.work // 6)):
                same_run(fast, runner, position.copy(), square, program, budget=budget)


@pytest.mark.parametrize("rule", ["rule: compulsory-capture", None])
def test_the_last_ply_counted_without_its_moves_counts_as_the_runner_does(rule: str | None) -> None:
    # Notations with one way through: perft counts the last ply by the runs that find a move, with
    # captures compulsory (the moves that capture nothing set aside) or not.
    lines = []
    for line in (REPO / "boards" / "draughts" / "lasca.board").read_text().splitlines():
        if line.startswith("piece Soldier"):
            line = r"piece Soldier S: (O)([ex]\1)?+[p]([@last][+Officer])?+"
        elif line.startswith("piece Officer"):
            line = r"piece Officer O: (M)([ex]\1)?+[p]"
        elif line.startswith("rule: compulsory-capture"):
            line = rule or ""
        lines.append(line)
    board = parse_board("\n".join(lines) + "\n")
    fast, runner = Rules(board), OracleRules(board)
    plans = [kind_plan(fast, fast.kind_program(kind, 0)) for kind in range(fast.board_kinds)]
    assert all(plan is not None and plan.tallies for plan in plans)  # type: ignore[attr-defined]
    counts = []
    for position in played("lasca", 2, 12):
        position = Position.from_fen(board, position.fen())
        counts.append(perft(fast, position.copy(), 3))
        assert counts[-1] == perft(runner, position.copy(), 3)
    assert min(counts) > 0


@pytest.mark.parametrize(("store", "tallies"), [("South h1; North a2", True), ("South g1-h1; North a2-b2", False)])
def test_ways_apart_by_zone_are_one_way_and_counted_as_the_runner_counts(store: str, tallies: bool) -> None:
    # Kalah's ending: ways that begin in zones apart, and a greedy step out of a zone followed by
    # the same step into it, leave one way through; where the zones meet, two ways may both go on.
    text = (REPO / "boards" / "mancala" / "kalah.board").read_text()
    board = parse_board(text.replace("zone store: South h1; North a2", f"zone store: {store}"))
    fast, runner = Rules(board), OracleRules(board)
    plan = kind_plan(fast, fast.kind_program(0, 0))
    assert plan is not None and plan.tallies is tallies  # type: ignore[attr-defined]
    for position in played("kalah", 2, 10):
        position = Position.from_fen(board, position.fen())
        assert perft(fast, position.copy(), 3) == perft(runner, position.copy(), 3)


def test_a_run_remembered_by_what_it_read_runs_again_only_once_a_square_it_read_changes() -> None:
    # A piece run after the others (no enemy on a first step, captures compulsory) is remembered in
    # perft by the squares its run read: while they stand as they stood, its records are the same.
    rules = Rules(load_board("lasca"))
    position = Position.initial(rules.board)
    cells, index = position.cells, rules.board.index
    plan = kind_plan(rules, rules.kind_program(0, 0))
    assert plan is not None and plan.reads_cells_alone  # type: ignore[attr-defined]
    runs: list[int] = []

    class Counted:
        bind = staticmethod(plan.bind)  # type: ignore[attr-defined]

        def run(self, origin: int, piece: object) -> None:
            runs.append(origin)
            plan.run(origin, piece)  # type: ignore[attr-defined]

    found: list = []
    only: list = [False, []]
    work = new_work(10**6, None)
    plan.bind(cells, 0, found, set(), work, position, None, rules.dir_letters, only)  # type: ignore[attr-defined]
    try:
        remembered = remembered_run(Counted(), position, 0, (found, set(), only), rules.dir_letters)

        def records(square: str) -> tuple[bool, list, bool, int]:
            # Whether the records go to the captures' list, the records, whether they capture, the work.
            work[0] = 0
            kept = remembered(cells, index(square), cells[index(square)], work, position)
            return kept[3] is found, kept[4], kept[5], kept[6]

        first = records("c3")
        assert first[:3] == (False, first[1], False) and runs == [index("c3")]
        assert sorted(key[1] for key in first[1]) == sorted([index("b4"), index("d4")]) and first[3] > 0
        cells[index("g7")] = None  # a square the run does not read
        assert records("c3") == first and len(runs) == 1
        cells[index("b4")], cells[index("a5")] = cells[index("a5")], None
        # An enemy on a first step, the square beyond it empty: the run reads anew, and captures.
        to_captures, captures, captured, _ = records("c3")
        assert len(runs) == 2 and to_captures and captured and [key[2] for key in captures] == [(index("b4"),)]
    finally:
        plan.bind(None, None, None, None, None, None, None, None)  # type: ignore[attr-defined]


@pytest.mark.parametrize("board_name", ["oware", "lasca"])
def test_perft_by_light_records_runs_with_the_cycle_collector_paused(board_name: str, monkeypatch) -> None:
    # As on piece boards: otherwise, now and then, a collection walks every object the process holds,
    # and a perft's time depends on when the process's allocations happen to trigger one.
    import gc

    rules = Rules(load_board(board_name))
    asked: list[bool] = []
    counted = rules.bulk_perft
    monkeypatch.setattr(rules, "bulk_perft", lambda *args: asked.append(gc.isenabled()) or counted(*args))
    assert gc.isenabled()
    assert perft(rules, Position.initial(rules.board), 2) > 0
    assert asked == [False] and gc.isenabled()


@pytest.mark.parametrize(("text", "said"), [
    ("[=1:Soldier]OM[e]", "[=1:Soldier] passed: White has 1 Soldier on the board"),
    ("[=2-:Soldier@last]OM[e]", "[=2-:Soldier@last] failed: White has 0 Soldiers in the zone last"),
    ("[=1]OM[e]", "[=1] failed: c3 holds 0"),  # the column is lifted: its square is empty
])
def test_a_count_of_the_mover_s_pieces_of_a_type_says_whose_and_where_it_counted(text: str, said: str) -> None:
    # A count of a type is of the mover's pieces on the whole board (or in a zone), not of the square
    # the run stands on: its words say so, as the compiled traced run and the oracle's say alike.
    board = load_board("lasca")
    position = Position.from_fen(board, "7/7/7/3s3/2(So)4/7/S6 w")
    for rules in (Rules(board), OracleRules(board)):
        program = rules.program(parse_notation(text), 0, board.pieces["Soldier"])
        trace = rules.run(position, board.index("c3"), program, trace=True).trace
        assert said in [event.text for event in trace], [event.text for event in trace]
