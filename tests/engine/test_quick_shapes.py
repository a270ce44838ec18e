"""The quick riders and leapers of bulk work against the compiled code they stand for: on random
boards of every shipped game, the same light records in the same order, and the same answer to every
attack question (also of the notations whose captures are those of riders and leapers together), and
so on a board of riders whose step is several steps taken together, where rays meet and come round.
The tables must answer from some square themselves: where they leave every question to the compiled
code, the comparison alone would never see them wrong."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dagaz_studio.board import load_board, parse_board, shipped_boards
from dagaz_studio.board.model import Board
from dagaz_studio.engine.compiler import Abort, Found, compile_function, new_work
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.quick_shapes import attack_parts, quick_moves, quick_probe
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET

#: Riders whose step is several steps taken together, on a flat board: rays that go where none of
#: their steps goes alone (Slant, Camel), rays that meet (Bent, Short: each way to a square is asked
#: by the compiled code), rays that come round (Round, on rows linked into rings), and a notation of
#: such riders in alternatives. And leapers that step again by a direction they recorded, or check
#: their last step's against it (Knight, Hook).
SEVERAL_STEPS = r"""
several
grid: a-f x 6-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
O = (1, -1)
M = (-1, -1)
T = (1, 1)
R = (-1, 1)
U = a1>b1>c1>d1>e1>f1>a1, a4>b4>c4>d4>e4>f4>a4
players: White Black
symmetry Black: N<>S O<>T M<>R
piece King K royal: *
piece Slant A: (NS)(E)([p]\1\2)*
piece Camel C: (N)(N)(EW)([p]\1\2\3)*
piece Bent B: (NE)(NE)([p]\1\2)*
piece Short H: (X)(NS)([p]\1\2){0,2}
piece Round L: (U)(U)([p]\1\2)*;(U)(N)([p]\1\2)*
piece Mixed Q: (+)([p]\1)*;(NS)(E)([p]\1\2)*;(U)(S)([p]\1\2)*
piece Knight N: (+)\1,+[!\1,!~1]
piece Hook J: (+)\1,+[!\1,!~1];(NE),+[\1];(X)~1,+;(U)\1,N
setup: k5/6/2acb1/1BCA2/6/K5 w
"""


def _boards() -> list[str]:
    """The shipped games with pieces (not heaps or stacks) of which some kind captures as riders and
    leapers do."""
    out = []
    for name in shipped_boards():
        board = load_board(name)
        if board.kind_type.holds_pieces and any(attack_parts(kind.notation) for kind in board.pieces.values()):
            out.append(name)
    return out


def _answer(probe, cells, origin, piece, target) -> bool | str:
    try:
        probe(cells, origin, piece, target, new_work(DEFAULT_BUDGET, None), None)
    except Found:
        return True
    except Abort as stop:
        return stop.kind  # a ray round a ring of empty squares goes on until the run is too deep
    return False


def _moves(moves, cells, origin, piece) -> list | str:
    out: list = []
    try:
        moves(cells, origin, piece, out, set(), new_work(DEFAULT_BUDGET, None), None)
    except Abort as stop:
        return stop.kind
    return out


class _Counted:
    """A compiled function that counts the calls the quick code leaves to it."""

    def __init__(self, code: Any) -> None:
        self.code, self.calls = code, 0

    def __call__(self, *args: Any) -> None:
        self.calls += 1
        self.code(*args)


def _compare(board: Board, chance: random.Random, rounds: int) -> None:
    """The quick shapes of every kind and player of ``board`` against the compiled code, on
    ``rounds`` random boards; and each kind's tables answer for themselves from some square (a quick
    shape that left every question to the compiled code would pass the comparison unseen)."""
    name = board.name
    rules = Rules(board)
    squares, players = len(board.squares), len(board.players)
    pairs = []
    for kind in range(len(rules.kinds)):
        for player in range(players):
            program = rules.kind_program(kind, player)
            plan = rules.plan(program)
            notation = program.notation
            if not plan or not attack_parts(notation):
                continue
            whole = len(plan) == 1 and not plan[0].rich
            slow = _Counted(plan[0].moves) if whole else None
            slow_probe = _Counted(compile_function(rules, notation, player, "probe"))
            quick = quick_moves(rules, notation, player, slow) if whole else None
            probe = quick_probe(rules, notation, player, slow_probe)
            assert probe is not None, (name, rules.kind_names[kind])
            pairs.append((kind, player, slow, quick, slow_probe, probe))
    assert pairs, name
    asked = {id(slow_probe): 0 for *_, slow_probe, _ in pairs}
    for _ in range(rounds):
        density = chance.choice((0.1, 0.3, 0.6))
        cells = [Piece(chance.randrange(-1 if any(k.neutral for k in rules.kinds) else 0, players),
                       chance.randrange(len(rules.kinds)), True) if chance.random() < density else None
                 for _ in range(squares)]
        for kind, player, slow, quick, slow_probe, probe in pairs:
            for origin in chance.sample(range(squares), min(squares, 6)):
                piece = Piece(player, kind, True)
                saved, cells[origin] = cells[origin], piece
                if quick is not None:
                    expected = _moves(slow.code, cells, origin, piece)
                    assert _moves(quick, cells, origin, piece) == expected, (name, rules.kind_names[kind],
                                                                             board.squares[origin])
                for target in range(squares):
                    if target != origin and cells[target] is not None:
                        answer = _answer(slow_probe.code, cells, origin, piece, target)
                        asked[id(slow_probe)] += 1
                        assert _answer(probe, cells, origin, piece, target) == answer, (name, target)
                        known = probe.quick_reads(cells, origin, piece, target)
                        if known is None:
                            continue
                        assert known[0] == answer, (name, rules.kind_names[kind], target)
                        # The answer depends on the squares read alone: a change elsewhere leaves it.
                        other = chance.randrange(squares)
                        if other not in known[1] and other not in (origin, target):
                            kept, cells[other] = cells[other], None if cells[other] else Piece(1 - player, kind, True)
                            assert _answer(slow_probe.code, cells, origin, piece, target) == answer, (name, other)
                            cells[other] = kept
                cells[origin] = saved
    for kind, player, slow, quick, slow_probe, _ in pairs:
        if quick is not None:
            slow.calls = 0
            for origin in range(squares):
                _moves(quick, [None] * squares, origin, Piece(player, kind, True))
            assert slow.calls < squares, (name, rules.kind_names[kind], "moves")
        if asked[id(slow_probe)]:
            assert slow_probe.calls < asked[id(slow_probe)], (name, rules.kind_names[kind], "attacks")


@pytest.mark.parametrize("name", _boards())
def test_quick_shapes_answer_as_the_compiled_code(name: str) -> None:
    _compare(load_board(name), random.Random(name), 3)


def test_riders_of_several_steps_taken_together_answer_as_the_compiled_code() -> None:
    # Raumschach's 3-D bishop, unicorn and queen, on more boards than every shipped game gets.
    _compare(load_board("raumschach"), random.Random("raumschach, again"), 6)
    _compare(parse_board(SEVERAL_STEPS), random.Random("several"), 12)


def test_a_notation_of_too_many_paths_is_left_to_the_compiled_code_which_stops_at_its_budget() -> None:
    # A King's step nine times over walks 8**9 paths from each square: the quick tables would be
    # built before any move, with no budget to stop them, where the compiled code stops at its own.
    import time

    from dagaz_studio.engine import Position, RunawayNotation
    from dagaz_studio.engine.quick_shapes import MOST_PATHS
    from dagaz_studio.notation.parser import parse_notation
    from dagaz_studio.queries.compare_positions import piece_moves

    for text in ("*,*,*,*,*,*,*,*,*", "(*),(*),(*),(*),(*),(*),(*),(*),(*)",
                 "(*)(*)(*)(*)(*)(*)(*)(*)(*)([p]\\1\\2\\3\\4\\5\\6\\7\\8\\9)*"):
        notation = parse_notation(text)
        assert MOST_PATHS < 8 ** 9 and attack_parts(notation) == []
        rules = Rules(load_board("chess"))
        kind = rules.custom_kind(notation, "typed")
        started = time.monotonic()
        with pytest.raises(RunawayNotation):
            piece_moves(rules, Position.from_fen(rules.board, "8/8/8/8/8/8/8/8 w - - 0 1"), 27, kind)
        assert time.monotonic() - started < 30
    assert attack_parts(parse_notation("*,*,*,*"))  # 10,000 paths, counting * as ten: quick still
