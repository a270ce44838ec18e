"""A notation typed on a heap board (the window's notation box, ``moves --piece``): the pieces of a
heap belong to nobody and are seeds of the board's own kinds, so the heap on the square moves by
the typed notation; the moves are those the board's own notation would make from there when the
same notation is typed, and never a traceback."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine.heaps import Heap
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.queries.moves import MovesQuery, answer_moves
from tests.helpers.engine_helpers import shipped

HEAP_BOARDS = ["oware", "kalah", "two-seeds"]


def _pits(board_name: str) -> tuple:
    board, rules = shipped(board_name)
    position = Position.initial(board)
    return board, rules, position, [square for square, cell in enumerate(position.cells) if isinstance(cell, Heap)]


@pytest.mark.parametrize("board_name", HEAP_BOARDS)
@pytest.mark.parametrize("trace", [False, True])
def test_the_boards_own_notation_typed_on_a_pit_moves_that_pit(board_name: str, trace: bool) -> None:
    board, _, position, pits = _pits(board_name)
    for square in pits:
        kind = position.cells[square].kind
        text = board.pieces[Rules(board).kind_names[kind]].notation.text
        own = answer_moves(Rules(board), MovesQuery(board, position, square, legal_only=False))
        typed = answer_moves(Rules(board), MovesQuery(board, position, square, notation=text, legal_only=False,
                                                      trace=trace))
        assert typed.error is None and typed.stopped is None
        assert [(m.origin, m.target, m.captures) for m in typed.moves] == \
            [(m.origin, m.target, m.captures) for m in own.moves]
    assert any(answer_moves(Rules(board), MovesQuery(board, position, square, legal_only=False)).moves
               for square in pits)


@pytest.mark.parametrize("board_name", HEAP_BOARDS)
def test_a_typed_sowing_puts_one_seed_a_step_and_keeps_the_heaps_seeds(board_name: str) -> None:
    board, rules, position, pits = _pits(board_name)
    square = pits[0]
    heap = position.cells[square]
    answer = answer_moves(rules, MovesQuery(board, position, square, notation="(E|)*", legal_only=False))
    assert answer.error is None
    # One move for every number of seeds sown before the rest go down together.
    assert len(answer.moves) == heap.size
    for move in answer.moves:
        after = dict(move.changes)
        total = sum(cell.size for cell in after.values() if isinstance(cell, Heap))
        before = sum(position.cells[s].size for s in after if isinstance(position.cells[s], Heap))
        assert total == before  # seeds are moved, never made or lost


def test_an_empty_pit_typed_on_holds_one_seed_of_the_first_kind() -> None:
    board, rules, position, _ = _pits("oware")
    empty = Position.from_fen(board, "0,4,4,4,4,4/4,4,4,4,4,4 w 0 0")
    answer = answer_moves(rules, MovesQuery(board, empty, board.squares.index("a1"), notation="E|",
                                            legal_only=False))
    assert answer.error is None
    assert [board.squares[m.target] for m in answer.moves] == ["b1"]


@pytest.mark.parametrize("board_name", HEAP_BOARDS)
def test_moves_piece_on_a_heap_board_lists_the_pits_moves(board_name: str, capsys) -> None:
    board, _, position, pits = _pits(board_name)
    at = board.squares[pits[0]]
    assert main(["moves", board_name, "--at", at, "--piece", "E|"]) == 0
    out = capsys.readouterr().out
    assert "no moves" not in out and out.strip()


@pytest.mark.parametrize("text", ["&E|", "&E|E|", "^&E|", "&^E|", "E|&E|"])
@pytest.mark.parametrize("trace", [False, True])
def test_a_typed_heap_put_back_whole_and_lifted_again_sows_seeds_of_the_boards_kinds(text: str, trace: bool) -> None:
    board, rules, position, pits = _pits("two-seeds")
    for square in pits[:3]:
        answer = answer_moves(rules, MovesQuery(board, position, square, notation=text, legal_only=False,
                                                trace=trace))
        assert answer.error is None and answer.stopped is None
        for move in answer.moves:
            for _, cell in move.changes:
                assert cell is None or (isinstance(cell, Heap) and len(cell.counts) == len(board.pieces))
