"""One answer to "what are this piece's moves?" for the window and the command line."""

from __future__ import annotations

import pytest

from dagaz_studio.commands.common import CommandError
from dagaz_studio.commands.moves import moves_for
from dagaz_studio.engine.game import legal_moves, pseudo_legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.names import MoveNames
from dagaz_studio.queries import MovesQuery, answer_moves
from tests.helpers.engine_helpers import shipped

MIDGAMES = {
    "chess": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "xiangqi": "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1",
}


@pytest.mark.parametrize("name", sorted(MIDGAMES))
def test_each_piece_answers_its_legal_moves_named_as_the_names_package_names_them(name: str) -> None:
    board, _ = shipped(name)
    rules = Rules(board)
    position = Position.from_fen(board, MIDGAMES[name])
    legal = legal_moves(rules, position)
    named = dict(zip((m.key() for m in legal), MoveNames(rules, position, legal).names))
    for square, piece in enumerate(position.cells):
        if piece is None or piece.player != position.turn:
            continue
        answer = answer_moves(rules, MovesQuery(board, position, square, names=True))
        assert [m.key() for m in answer.shown_moves()] == [m.key() for m in legal if m.origin == square]
        assert {answer.moves[i].key(): text for i, text in answer.names.items()} == {
            m.key(): named[m.key()] for m in legal if m.origin == square}


def test_a_piece_of_the_side_not_to_move_moves_only_when_any_turn_is_asked() -> None:
    board, rules = shipped("chess")
    position = Position.initial(board)
    knight = board.index("g8")
    assert answer_moves(rules, MovesQuery(board, position, knight)).moves == []
    shown = answer_moves(rules, MovesQuery(board, position, knight, any_turn=True)).shown_moves()
    assert sorted(board.squares[m.target] for m in shown) == ["f6", "h6"]
    assert position.turn == 0  # the asker's position is untouched


@pytest.mark.parametrize("text", ["N,OM;E,OT;S TR;W,RM", "(+)([p]\\1)*", "[=Wizard]"])
def test_the_window_and_the_command_line_place_a_typed_piece_alike(text: str) -> None:
    board, _ = shipped("chess")
    position = Position.from_fen(board, MIDGAMES["chess"])
    # Fresh rules on each side: a typed piece's kind is numbered by the rules that learn it.
    answer = answer_moves(Rules(board), MovesQuery(board, position, board.index("d4"), notation=text, any_turn=True))
    if answer.notation_error is not None:
        assert "Wizard" in answer.error
        with pytest.raises(CommandError, match="Wizard"):
            moves_for(board, Rules(board), position, "d4", text, True)
        return
    cli = moves_for(board, Rules(board), position, "d4", text, True)
    assert [m.key() for m in answer.shown_moves()] == [m.key() for m in cli]
    assert cli and all(m.origin == board.index("d4") for m in cli)


def test_a_typed_piece_replacing_an_unmoved_piece_of_its_side_is_unmoved() -> None:
    board, rules = shipped("chess")
    pawn = board.pieces["Pawn"].notation_text
    position = Position.initial(board)
    on_e2 = answer_moves(rules, MovesQuery(board, position, board.index("e2"), notation=pawn)).shown_moves()
    on_e3 = answer_moves(rules, MovesQuery(board, position, board.index("e3"), notation=pawn)).shown_moves()
    assert sorted(board.squares[m.target] for m in on_e2) == ["e3", "e4"]
    assert sorted(board.squares[m.target] for m in on_e3) == ["e4"]


def test_the_side_to_move_without_a_square_is_every_pseudo_legal_or_legal_move() -> None:
    board, rules = shipped("xiangqi")
    position = Position.from_fen(board, MIDGAMES["xiangqi"])
    every = answer_moves(rules, MovesQuery(board, position, legal_only=False)).shown_moves()
    legal = answer_moves(rules, MovesQuery(board, position)).shown_moves()
    assert [m.key() for m in every] == [m.key() for m in pseudo_legal_moves(rules, position)]
    assert [m.key() for m in legal] == [m.key() for m in legal_moves(rules, position)]
