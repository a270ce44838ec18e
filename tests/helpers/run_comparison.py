"""What the tests comparing the compiled paths with the runner share: the two interpreters of a
board (compiled, and the runner alone), positions reached by random play, and the comparison of one
run three ways (compiled, runner, traced) or of one traced run two ways (written code, runner)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache

from hypothesis import reject

from dagaz_studio.board import load_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.program import Program
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import RunResult
from dagaz_studio.notation import NotationError, parse_notation
from dagaz_studio.notation.nodes import Notation
from tests.oracle.rules import OracleRules


def runner_rules(board_name: str) -> Rules:
    """An interpreter of the board that runs every notation through the runner (the oracle)."""
    return OracleRules(load_board(board_name))


@cache
def rules_pair(board_name: str) -> tuple[Rules, Rules]:
    """A compiled and an interpreted interpreter, kept across examples (their attack tables are dear)."""
    return Rules(load_board(board_name)), runner_rules(board_name)



@cache
def traced_rules_pair(board_name: str) -> tuple[Rules, Rules]:
    """The written code's interpreter and the runner's for the traced comparisons, kept across
    examples; apart from :func:`rules_pair`'s, so that the kinds and traced code other tests add to
    theirs never reach the checks of what these hold."""
    return Rules(load_board(board_name)), runner_rules(board_name)

@cache
def played(board_name: str, games: int, longest: int, fen: str | None = None) -> tuple[Position, ...]:
    """The start (the board's initial position, or ``fen``) and the positions ``games`` random games
    reach from it (each of 2 to ``longest`` - 1 plies, the runner choosing among the legal moves,
    seeded by the board's name); copy one before changing it."""
    board = load_board(board_name)
    rules = runner_rules(board_name)
    rng = random.Random(board_name)
    start = Position.from_fen(board, fen) if fen else Position.initial(board)
    positions = [start]
    for _ in range(games):
        position = start.copy()
        for _ in range(rng.randrange(2, longest)):
            moves = legal_moves(rules, position)
            if not moves:
                break
            make_move(position, rng.choice(moves))
        positions.append(position)
    return tuple(positions)


def same_run(fast: Rules, runner: Rules, position: Position, square: int, program: Program | None = None,
             **options: object) -> None:
    """The piece on ``square`` (moving by ``program``, default its own notation) run compiled, by the
    runner and traced: the same moves in the same order, the same stop, the board as it was."""
    before = list(position.cells)
    quick = fast.run(position, square, fast.program(program.notation, program.player, program.piece)
                     if program is not None else None, **options)  # type: ignore[arg-type]
    assert position.cells == before
    slow = runner.run(position, square, program, **options)  # type: ignore[arg-type]
    traced = runner.run(position, square, program, trace=True, **options)  # type: ignore[arg-type]
    assert quick.moves == slow.moves == traced.moves
    assert slow.stopped == traced.stopped
    assert same_stop(quick.stopped, slow.stopped), (quick.stopped, slow.stopped)


_NESTED = re.compile(r"stopped after ([\d,]+) steps: the notation nests too deeply")
_STOPPED = re.compile(r"stopped after ([\d,]+) steps")


def same_stop(written: str | None, oracle: str | None) -> bool:
    """Whether a written-code run stopped as the oracle's run did. The oracle's closures take more of
    Python's stack a step than written code, so a notation repeating without end may nest too deeply
    for the oracle before the written code spends its budget: that stop agrees when the written code
    stopped too, having gone at least as many steps."""
    if written == oracle:
        return True
    nested = _NESTED.fullmatch(oracle or "")
    went = _STOPPED.match(written or "")
    return bool(nested and went and _steps(went) >= _steps(nested))


def _steps(found: re.Match[str]) -> int:
    return int(found[1].replace(",", ""))


def parseable(text: str) -> Notation:
    """``text`` parsed; a random notation that does not parse is set aside (hypothesis ``assume``),
    as the differential tests compare runs, not the parser."""
    try:
        return parse_notation(text)
    except NotationError:
        reject()
        raise  # ``reject`` raises: never reached


def drop_sites(rules: Rules, position: Position) -> Iterator[tuple[int, int]]:
    """Each piece type the side to move drops, with each square its drop notation may start on."""
    for kind in range(rules.board_kinds):
        if rules.drop_program(kind, position.turn) is not None:
            for square in range(len(position.cells)):
                yield kind, square


def same_trace(code: RunResult, runner: RunResult, where: str) -> None:
    """Two traced runs alike: event for event the same trace, the same moves in the same order, the
    same stop and the same cut at the trace's limit; ``where`` names the run in a failure."""
    for index, (ours, theirs) in enumerate(zip(code.trace, runner.trace)):
        assert ours == theirs, f"{where}: event {index} differs"
    assert len(code.trace) == len(runner.trace), where
    assert code.moves == runner.moves, where
    assert (code.stopped, code.trace_truncated) == (runner.stopped, runner.trace_truncated), where


def same_traced_run(fast: Rules, runner: Rules, position: Position, square: int, **options: int) -> None:
    """The piece on ``square`` run traced by the written code and by the runner, with the same
    ``options`` (a trace limit, a budget): :func:`same_trace`, and the board left as it was."""
    before = list(position.cells)
    code = fast.run(position, square, trace=True, **options)  # type: ignore[arg-type]
    assert position.cells == before
    same_trace(code, runner.run(position, square, trace=True, **options),  # type: ignore[arg-type]
               f"{position.board.squares[square]} {options}")
