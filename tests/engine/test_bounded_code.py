"""Every notation the parser takes is written as code, however long or deeply nested: the code nests
no deeper than its limit (parts written apart as functions of their own), grows about in proportion
to the notation (a repetition's body tried and then taken is written once where it holds another),
and runs as the runner runs it."""

from __future__ import annotations

import random
import time
import warnings

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine.compiler import CodeTooLarge, Compiled, Found, compile_notation, new_work
from dagaz_studio.engine.default_code import CodeGenerator
from dagaz_studio.engine.emitter import APART, APART_INDENT, MAX_INDENT
from dagaz_studio.engine.kind_compiler import compile_kind_notation
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.program import UNMADE
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import NotationError, parse_notation
from tests.helpers.run_comparison import played, rules_pair, same_run

#: Notations past every limit the writer had: nesting, length, alternatives in a row, doubling.
DEEP = {
    "nested groups": "(" * 95 + "N[e]" + ")" * 95,
    "nested repetitions": "(" * 40 + "N" + ")*" * 40,
    "nested possessive repetitions": "(" * 30 + "N[e];E" + ")?+" * 30,
    "nested tried repetitions": "(" * 30 + "N;[e]" + ")*+" * 30,
    "a long sequence": "(N[e]),(S[e])," * 150 + "N",
    "alternatives in a row": "(N;S)," * 60 + "[e]",
    "a long bracket": "N[" + "e," * 600 + "e]",
    "a long alternation": ";".join(["N,[e],S,[e],E"] * 280),
    "optional runs in a row": "(N[e],N[e],S[e])?+," * 60 + "W",
}


def _depth(source: str) -> int:
    return max((len(line) - len(line.lstrip(" "))) // 4 for line in source.split("\n"))


@pytest.mark.parametrize("name", sorted(DEEP))
def test_deep_and_long_notations_are_written_within_python_s_limits(name: str) -> None:
    rules = Rules(load_board("chess"))
    notation = parse_notation(DEEP[name])
    assert len(notation.text) <= 4_000
    started = time.process_time()
    source, _ = CodeGenerator(rules, notation, 0).module(notation.body, ("moves", "attacks", "probe"))
    assert time.process_time() - started < 5
    assert _depth(source) <= MAX_INDENT
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compile(source, "<test>", "exec")
    # Linear, not exponential: a few dozen lines a character at most.
    assert source.count("\n") < 40 * len(notation.text)


def test_a_deep_notation_s_code_is_written_apart() -> None:
    rules = Rules(load_board("chess"))
    notation = parse_notation(DEEP["a long sequence"])
    source = compile_notation(rules, notation, 0).source
    assert f"def {APART}" in source
    assert _depth(source) < APART_INDENT + 12


def test_nested_tried_repetitions_grow_in_proportion() -> None:
    rules = Rules(load_board("chess"))
    sizes = []
    for depth in (10, 20, 40):
        notation = parse_notation("(" * depth + "N;[e]" + ")*+" * depth)
        sizes.append(compile_notation(rules, notation, 0).source.count("\n"))
    # Doubling the nesting about doubles the code (it once doubled at every level).
    assert sizes[2] - sizes[1] < 3 * (sizes[1] - sizes[0])


def _random_notation(rng: random.Random, size: int) -> str:
    letters = "NSEWOMRT"
    items = ["e", "p", "f", "x", "e,w", "k", "c", "m"]

    def atom() -> str:
        pick = rng.random()
        if pick < 0.5:
            return rng.choice(letters)
        if pick < 0.6:
            return rng.choice(["^", "|", "\\1"])
        return "[" + rng.choice(items) + "]"

    def part(depth: int) -> str:
        if depth == 0 or rng.random() < 0.35:
            return atom()
        options = [",".join(part(depth - 1) for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(1, 3))]
        return "(" + ";".join(options) + ")" + rng.choice(["", "", "*", "?", "*+", "?+", "{2}"])
    text = "(" + part(4) + ")"
    while len(text) < size:
        text = rng.choice(["(" + text + ")" + rng.choice(["", "?+", "*+", "?"]), text + "," + part(3)])
    return text


#: Boards of each kind of writer: the default board's, a stack board's and a heap board's.
@pytest.mark.parametrize(("board_name", "seed"), [("chess", 1), ("chess", 2), ("chess", 3), ("lasca", 4),
                                                  ("oware", 5)])
def test_long_random_notations_run_compiled_as_the_runner_runs_them(board_name: str, seed: int) -> None:
    rng = random.Random(seed)
    fast, runner = rules_pair(board_name)
    positions = played(board_name, 3, 20)
    for _ in range(3):
        text = _random_notation(rng, 400)
        notation = parse_notation(text)
        position = positions[rng.randrange(len(positions))].copy()
        if fast.board.kind_type.holds_pieces:
            compile_notation(fast, notation, position.turn)  # written whole, nothing left out
            kind = fast.custom_kind(notation)
            assert runner.custom_kind(notation) == kind
            program = runner.program(notation, position.turn, runner.kinds[kind])
            square = rng.randrange(len(position.cells))
            position.cells[square] = Piece(position.turn, kind, False)
        else:
            compile_kind_notation(fast, notation, position.turn)
            program = runner.program(notation, position.turn, runner.kinds[0])
            square = next(at for at, cell in enumerate(position.cells)
                          if cell is not None and cell.player in (-1, position.turn))
        same_run(fast, runner, position, square, program, budget=3_000)


#: Deep notations the runner's closures are made for quickly too (it makes a possessive repetition's
#: closures twice at every level of nesting, so not thirty levels of them).
RUN = {name: DEEP[name] for name in ("nested groups", "a long sequence", "optional runs in a row", "alternatives in a row")}
RUN["nested tried repetitions"] = "(" * 8 + "N;[e]" + ")*+" * 8


@pytest.mark.parametrize("name", sorted(RUN))
def test_deep_notations_run_compiled_as_the_runner_runs_them(name: str) -> None:
    fast, runner = rules_pair("chess")
    notation = parse_notation(RUN[name])
    position = played("chess", 1, 10)[1].copy()
    kind = fast.custom_kind(notation)
    assert runner.custom_kind(notation) == kind
    program = runner.program(notation, position.turn, runner.kinds[kind])
    own = fast.program(notation, position.turn, fast.kinds[kind])
    assert fast.plan(own) is not None  # compiled
    for square in (27, 36):
        position.cells[square] = Piece(position.turn, kind, False)
        same_run(fast, runner, position, square, program, budget=3_000)
        # Traced by its written code, event for event as the runner.
        traced = fast.run(position, square, own, trace=True, budget=3_000)
        assert own.traced not in (None, UNMADE)
        expected = runner.run(position, square, program, trace=True, budget=3_000)
        assert (traced.moves, traced.stopped, traced.trace) == (expected.moves, expected.stopped, expected.trace)


@pytest.mark.parametrize(("board_name", "item"), [("lasca", "[e]"), ("oware", "")])
def test_deep_notations_on_heap_and_stack_boards_run_compiled_as_the_runner_runs_them(board_name: str,
                                                                                       item: str) -> None:
    fast, runner = rules_pair(board_name)
    letters = sorted(fast.board.directions)
    notation = parse_notation(",".join(f"({letters[i % len(letters)]}{item})?+" for i in range(120)))
    position = played(board_name, 1, 10)[1].copy()
    assert f"def {APART}" in compile_kind_notation(fast, notation, position.turn).source
    program = runner.program(notation, position.turn, runner.kinds[0])
    own = fast.program(notation, position.turn, fast.kinds[0])
    for square, cell in enumerate(position.cells):
        if cell is not None and cell.player in (-1, position.turn):
            same_run(fast, runner, position, square, program, budget=3_000)
            traced = fast.run(position, square, own, trace=True, budget=3_000)
            expected = runner.run(position, square, program, trace=True, budget=3_000)
            assert (traced.moves, traced.stopped, traced.trace) == (expected.moves, expected.stopped, expected.trace)
    assert own.traced not in (None, UNMADE)  # traced by its written code


def test_code_past_the_limits_is_refused_with_a_typed_error_not_left_to_the_runner(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # No notation the parser takes comes near the limits: lowered here to reach them.
    monkeypatch.setattr(CodeGenerator, "max_lines", 100)
    rules = Rules(load_board("chess"))
    notation = parse_notation(DEEP["a long sequence"])
    with pytest.raises(CodeTooLarge) as refused:
        compile_notation(rules, notation, 0)
    assert isinstance(refused.value, NotationError) and "too long" in str(refused.value)
    position = played("chess", 1, 10)[1].copy()
    kind = rules.custom_kind(notation)
    position.cells[27] = Piece(position.turn, kind, False)
    with pytest.raises(CodeTooLarge):
        rules.run(position, 27)


def test_a_long_notation_s_attack_question_written_when_asked_answers_as_a_short_one() -> None:
    rules = Rules(load_board("chess"))
    position = played("chess", 1, 10)[1]
    rook = "(+)([p]\\1)*,[x]"
    short = compile_notation(rules, parse_notation(rook), 0)
    long = compile_notation(rules, parse_notation(";".join([rook] * 60)), 0)
    assert "def attacks" in short.source and "def attacks" not in long.source  # written when asked
    piece = Piece(0, 0, False)

    def answers(compiled: Compiled, origin: int) -> list[bool]:
        found = []
        for target in range(64):
            cells = list(position.cells)
            cells[origin] = piece
            try:
                compiled.attacks(cells, origin, piece, target, new_work(10**6, None), position)
                found.append(False)
            except Found:
                found.append(True)
        return found
    for origin in (0, 27, 36, 63):
        assert answers(long, origin) == answers(short, origin)
        assert any(answers(short, origin)) or origin == 0


#: A random notation (found by comparing long ones with the runner) whose code written apart once
#: ended in a test with nothing under it: a step in a direction Checkers lacks.
CHECKERS_CASE = (
    '(((((((((([f],((|,W;O,R),(S,S,[m])?,W;([p];O,N,[e];S,[p])?+,(T,N)*+;([e,w],[p],M;S,[k],R)?+,(O,\\'
    '1){2});(E;(M;[k],[x],[e])),(([e,w],M;E,O)?+,[e];(N){2},M)*;([p],(T,T;[x],[c],M)*+,[e];([m])?;(R,'
    '[e,w],N){2})*+,(M,([m];E,S;N),([f]);(R;W;R,[c])*+;R)*+)*+,([p],[p],((E,[m];[x];O,[f],S)?,(E)))?,'
    '(T,((N,[m],[p];O,[m]);(R,W,T;M,[k])?+;([x];[c],[k]),(S;[f],T));(W,([x],M;W),[e];([f];[x],O,[p])*'
    ',(E,^)?+)*+))))*+,([p],([x],O,(T,R,W)?+;([x];T,[p];T)*+,(S,[x],[m]){2})?+,(([e],[f],[m];[e,w],M)'
    '*,(R,[m],[e,w];N,^,[e])?,([p];N,[e];[e,w],\\1,N));(([c],[p],[x];W)?+,N,T)*,W;([p];(W,[m];[c],O,R)'
    '*,(R,[f];M,[k];S)*+,(O,T);([p];N,W))*,(([e,w],^,[k])?;([e,w],[e,w])*+,W;(S;[e,w],E,\\1;[c])*+,([m'
    '],[e,w],[c];[e];|),[k])?)*)?)*+)*+,([k],((M,[e],R)*+;([e],[m],N;[e])?;T)*+,|;S,O,[k])?+)*+,(((R;'
    '[e,w],N,[c])*,([e,w])*,(S,T;[e];W,S)?)?,((N,T)*+),O)?+))?+,((([p],[f];T,T)*+;(M,R;[c]),W,W)*+)*,'
    '((([e];M)?,(O,[f],[x];O),(O,[x];[e],N,N;[p],E,E)?;S)*,((T)?){2},(([f],N,R;M,W;T,[x])?+;(M,[m],[e'
    ',w];S,[e,w];[e,w],M)*,([p],W,O){2},(R;W,R,S)?+)*+;(W,(\\1,W,[e,w];[k],O;[x]),R))'
)


def test_code_written_apart_that_ends_in_a_step_never_taken_compiles() -> None:
    rules = Rules(load_board("checkers"))
    for player in (0, 1):
        compile_notation(rules, parse_notation(CHECKERS_CASE), player)


def test_the_code_kept_for_long_notations_is_bounded_in_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    # A window typing a notation near the length limit writes some megabytes of code a keystroke.
    from dagaz_studio.engine import compiler

    monkeypatch.setattr(compiler, "MAX_KEPT_SOURCE", 200_000)
    rules = Rules(load_board("chess"))
    for count in range(100, 106):
        compile_notation(rules, parse_notation("(N;S)," * count + "[e]"), 0)
        assert sum(len(kept[0][0]) for kept in rules.written.values()) < 200_000 + 150_000


def test_the_code_kept_for_a_board_may_grow_while_another_interpreter_weighs_it() -> None:
    # The code written for a board is shared by its interpreters on every thread (the window's
    # workers): one may keep new code while another sums what is kept. A source that keeps code
    # as it is measured stands in for that thread, deterministically.
    from dagaz_studio.board.loader import parse_board
    from dagaz_studio.engine.compiler import written_code_key
    from tests.helpers.paths import REPO

    rules = Rules(parse_board((REPO / "boards" / "chess" / "chess.board").read_text()))

    class Growing(str):
        def __len__(self) -> int:
            rules.written[("kept meanwhile", len(rules.written))] = (("", {}), False, 0)
            return 1

    rules.written[("kept before",)] = ((Growing("source"), {}), False, 0)
    key = written_code_key(rules, parse_notation("(+)"), 0, None, "moves")
    assert key not in rules.written and len(rules.written) == 2
