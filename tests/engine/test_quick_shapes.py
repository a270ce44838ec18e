"""The quick riders and leapers of bulk work against the compiled code they stand for: on random
boards of every shipped game, the same light records in the same order, and the same answer to every
attack question (also of the notations whose captures are those of riders and leapers together)."""

from __future__ import annotations

import random

import pytest

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.compiler import Found, compile_probe, new_work
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.quick_shapes import attack_parts, quick_moves, quick_probe
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET


def _boards() -> list[str]:
    """The shipped games with pieces (not heaps or stacks) of which some kind captures as riders and
    leapers do."""
    out = []
    for name in shipped_boards():
        board = load_board(name)
        if board.kind_type.holds_pieces and any(attack_parts(kind.notation) for kind in board.pieces.values()):
            out.append(name)
    return out


def _answer(probe, cells, origin, piece, target) -> bool:
    try:
        probe(cells, origin, piece, target, new_work(DEFAULT_BUDGET, None), None)
    except Found:
        return True
    return False


@pytest.mark.parametrize("name", _boards())
def test_quick_shapes_answer_as_the_compiled_code(name: str) -> None:
    board = load_board(name)
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
            slow = plan[0].moves if whole else None
            slow_probe = compile_probe(rules, notation, player)
            quick = quick_moves(rules, notation, player, slow) if whole else None
            probe = quick_probe(rules, notation, player, slow_probe)
            assert probe is not None, (name, rules.kind_names[kind])
            pairs.append((kind, player, slow, quick, slow_probe, probe))
    assert pairs, name
    chance = random.Random(name)
    for _ in range(3):
        density = chance.choice((0.1, 0.3, 0.6))
        cells = [Piece(chance.randrange(-1 if any(k.neutral for k in rules.kinds) else 0, players),
                       chance.randrange(len(rules.kinds)), True) if chance.random() < density else None
                 for _ in range(squares)]
        for kind, player, slow, quick, slow_probe, probe in pairs:
            for origin in chance.sample(range(squares), min(squares, 6)):
                piece = Piece(player, kind, True)
                saved, cells[origin] = cells[origin], piece
                if quick is not None:
                    expected: list = []
                    found: list = []
                    slow(cells, origin, piece, expected, set(), new_work(DEFAULT_BUDGET, None), None)
                    quick(cells, origin, piece, found, set(), new_work(DEFAULT_BUDGET, None), None)
                    assert found == expected, (name, rules.kind_names[kind], board.squares[origin])
                for target in range(squares):
                    if target != origin and cells[target] is not None:
                        answer = _answer(slow_probe, cells, origin, piece, target)
                        assert _answer(probe, cells, origin, piece, target) == answer, (name, target)
                        known = probe.quick_reads(cells, origin, piece, target)
                        if known is None:
                            continue
                        assert known[0] == answer, (name, rules.kind_names[kind], target)
                        # The answer depends on the squares read alone: a change elsewhere leaves it.
                        other = chance.randrange(squares)
                        if other not in known[1] and other not in (origin, target):
                            kept, cells[other] = cells[other], None if cells[other] else Piece(1 - player, kind, True)
                            assert _answer(slow_probe, cells, origin, piece, target) == answer, (name, other)
                            cells[other] = kept
                cells[origin] = saved
