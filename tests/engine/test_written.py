"""The code written for a board's notations is written once per board: a second interpreter of the
board (the window has two; a benchmark makes one per run) loads it again, bound to itself."""

from __future__ import annotations

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine import compiler
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules


def test_a_second_interpreter_of_a_board_loads_the_code_written_for_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    board = load_board("chess")
    first = Rules(board)
    first.warm()
    written = 0
    module = compiler.CodeGenerator.module

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal written
        written += 1
        return module(self, *args, **kwargs)

    monkeypatch.setattr(compiler.CodeGenerator, "module", counting)
    second = Rules(board)
    second.warm()
    assert written == 0
    king = second.kind_index["King"]
    for rules in (first, second):
        for part in rules.plan(rules.kind_program(king, 0)):  # type: ignore[union-attr]
            assert part.moves.__globals__["R"] is rules  # type: ignore[union-attr]
    position = Position.initial(board)
    assert perft(second, position, 3) == perft(first, position, 3) == 8902



def test_the_code_kept_with_a_board_is_let_go_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing one notation after another on a board would otherwise keep the code of every one."""
    monkeypatch.setattr(compiler, "MAX_KEPT_WRITTEN", 3)
    board = load_board("chess")
    rules = Rules(board)
    rules.warm()
    assert 0 < len(rules.written) <= 4
    position = Position.initial(board)
    assert perft(rules, position, 2) == 400
