"""A traced question answered in two: the moves by the untraced run first (``early``), then the traced
run's answer, which is the answer the question gets when asked in one go."""

from __future__ import annotations

import pytest

from dagaz_studio.engine.position import Position
from dagaz_studio.engine.program import UNMADE
from dagaz_studio.engine.rules import Rules
from dagaz_studio.queries import MovesAnswer, MovesQuery, answer_moves
from tests.helpers.engine_helpers import shipped

POSITIONS = {
    "chess": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "xiangqi": "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1",
    "russian": None,
    "shogi": None,
}


def _same(one: MovesAnswer, other: MovesAnswer) -> None:
    assert [move.key() for move in one.moves] == [move.key() for move in other.moves]
    assert one.allowed == other.allowed and one.names == other.names
    assert [(event.kind, event.text, event.ok) for event in one.trace] == [(e.kind, e.text, e.ok) for e in other.trace]
    assert one.stopped == other.stopped and one.names_error == other.names_error


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_early_moves_and_the_traced_answer_are_those_of_one_traced_question(name: str) -> None:
    board, _ = shipped(name)
    fen = POSITIONS[name]
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    in_two, in_one = Rules(board), Rules(board)
    for square, piece in enumerate(position.cells):
        if piece is None or piece.player != position.turn:
            continue
        query = MovesQuery(board, position, square, names=True, trace=True)
        early: list[MovesAnswer] = []
        whole = answer_moves(in_two, query, early=early.append)
        alone = answer_moves(in_one, query)
        _same(whole, alone)
        assert whole.trace and not whole.tracing
        # The early answer holds the same moves, judged and named alike, without a trace.
        assert len(early) == 1 and early[0].tracing and not early[0].trace and early[0].tree is None
        assert {early[0].moves[i].key() for i in early[0].allowed} == {whole.moves[i].key() for i in whole.allowed}
        assert {early[0].moves[i].key(): text for i, text in early[0].names.items()} == {
            whole.moves[i].key(): text for i, text in whole.names.items()}


def test_a_typed_notation_s_moves_are_given_before_its_traced_code_is_written() -> None:
    board, _ = shipped("chess")
    rules = Rules(board)
    position = Position.initial(board)
    text = "(+)([p]\\1)*"
    written: list[bool] = []

    def early(answer: MovesAnswer) -> None:
        written.append(any(program.notation.text == text and program.traced is not UNMADE
                           for program in rules._programs.values()))

    # An empty e4: the typed rook moves up to the pawns, taking e7's.
    whole = answer_moves(rules, MovesQuery(board, position, board.index("e4"), notation=text, trace=True),
                         early=early)
    assert written == [False]
    traced = [program.traced for program in rules._programs.values()
              if program.notation.text == text and program.traced is not UNMADE]
    assert traced and traced[0]
    targets = {board.squares[whole.moves[i].target] for i in whole.allowed}
    assert targets == {"e3", "e5", "e6", "e7", "a4", "b4", "c4", "d4", "f4", "g4", "h4"}


def test_an_untraced_question_or_one_with_no_square_gives_nothing_early() -> None:
    board, rules = shipped("chess")
    position = Position.initial(board)
    early: list[MovesAnswer] = []
    answer_moves(rules, MovesQuery(board, position, board.index("g1")), early=early.append)
    answer_moves(rules, MovesQuery(board, position, None, trace=True), early=early.append)
    assert early == []
