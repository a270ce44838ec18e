"""Piece creation (``[*Name]``) and neutral pieces: a new piece appears on an empty square, the
mover's or nobody's; a neutral piece is written with its own letter (``*``) in positions, and is
neither friend nor enemy to anyone."""

from __future__ import annotations

import pytest

from dagaz_studio.board import BoardFileError, parse_board
from dagaz_studio.board.placement import NEUTRAL
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.names import MoveNames
from dagaz_studio.notation import NotationError, parse_notation
from dagaz_studio.notation.english import describe
from dagaz_studio.notation.nodes import Create, walk
from tests.helpers.engine_helpers import shipped
from tests.oracle.rules import OracleRules

BOARD = """
grid: a-d x 4-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
players: White Black
piece Builder B: [*Block] + [p]
piece Brick * neutral: [P]
piece Block K: [P]
piece Rook R: (+)([p]\\1)*
piece Hunter H: E[e]
piece Layer L: E[*Block]E[p]
names: uci
"""


def _board():
    return parse_board(BOARD, "create.board")


def test_the_notation_reads_a_creation_and_says_it_in_words() -> None:
    notation = parse_notation("N[*Arrow]")
    created = [node for node in walk(notation) if isinstance(node, Create)]
    assert [node.name for node in created] == ["Arrow"]
    assert "a new Arrow appears on the square" in describe(notation)
    with pytest.raises(NotationError, match="must be followed by a piece name"):
        parse_notation("N[*]")


def test_a_board_names_unknown_created_pieces_and_letters_only_neutral_pieces_star() -> None:
    with pytest.raises(BoardFileError, match="unknown piece type 'Ghost'"):
        parse_board(BOARD.replace("[*Block] +", "[*Ghost] +"), "create.board")
    with pytest.raises(BoardFileError, match="only a neutral piece is lettered"):
        parse_board(BOARD.replace("Brick * neutral", "Brick *"), "create.board")


def test_a_created_piece_is_the_movers_or_nobodys_and_fails_on_an_occupied_square() -> None:
    board = _board()
    rules = Rules(board)
    # The Layer lays a Block on the square east of it and lands beyond: not over a piece.
    assert legal_moves(rules, Position.from_fen(board, "4/4/Lr2/4 w")) == []
    [laid] = legal_moves(rules, Position.from_fen(board, "4/4/L3/4 w"))
    assert (laid.target, laid.created) == (board.index("c2"), (board.index("b2"),))
    # The Builder leaves a Block, its own, on the square it leaves.
    position = Position.from_fen(board, "4/4/1B2/4 w")
    moves = legal_moves(rules, position)
    assert sorted(board.squares[move.target] for move in moves) == ["a2", "b1", "b3", "c2"]
    for move in moves:
        assert move.created == (board.index("b2"),)
        undo = make_move(position, move)
        block = position.cells[board.index("b2")]
        assert block is not None and block.player == 0 and rules.kinds[block.kind].name == "Block"
        unmake_move(position, undo)
        assert position.cells[board.index("b2")] is not None  # the Builder is back
    names = MoveNames(rules, position, moves, style="uci")
    assert sorted(names.names) == ["b2a2,a2b2", "b2b1,b1b2", "b2b3,b3b2", "b2c2,c2b2"]


def test_a_neutral_piece_is_written_star_read_as_nobodys_and_no_enemy() -> None:
    board = _board()
    rules = Rules(board)
    fen = "4/4/R*1r/4 w - - 0 1"
    position = Position.from_fen(board, fen)
    brick = position.cells[board.index("b2")]
    assert brick is not None and brick.player == NEUTRAL
    assert position.fen() == fen
    # [e] is false on a neutral piece: the Hunter takes the enemy Rook, not the Brick.
    assert legal_moves(rules, Position.from_fen(board, "4/4/H*2/4 w")) == []
    assert len(legal_moves(rules, Position.from_fen(board, "4/4/Hr2/4 w"))) == 1


def test_the_amazons_arrow_flies_from_the_landing_square_and_reads_back() -> None:
    board, rules = shipped("amazons")
    position = Position.initial(board)
    names = MoveNames(rules, position, style="uci")
    assert len(names.names) == 2176
    move = names.read("d1d7,d7g4")
    make_move(position, move)
    assert position.fen().split()[0] == "3q2q3/10/10/q2Q5q/10/10/Q5*2Q/10/10/6Q3"
    # The square the amazon left is empty, so an arrow may fall back on it.
    position = Position.initial(board)
    assert "d1d2,d2d1" in MoveNames(rules, position, style="uci").names


# --------------------------------------------------------------------------- explosions

BLAST = """
grid: a-c x 3-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
players: White Black
piece Bomber B: E([p];[e,!(f,=Boss)>N,!(f,=Boss)>S]|[d] [(P,!=Dud,d)>N]?+ [(P,!=Dud,d)>S]?+)
piece Boss K royal: [P]
piece Dud D: [P]
"""


def test_a_negated_look_holds_at_the_edge_and_refuses_actions() -> None:
    notation = parse_notation("[!(f,=King)>N]")
    assert "it must not be so there" in describe(notation)
    with pytest.raises(NotationError, match="only checks"):
        parse_notation("[!(x)>N]")
    with pytest.raises(NotationError, match="must be sent"):
        parse_notation("[!(f)]")


def test_an_explosion_destroys_without_capturing_and_spares_what_the_board_says() -> None:
    board = parse_board(BLAST, "blast.board")
    rules = Rules(board)
    # The Bomber on a2 takes b2: it is destroyed with it, and so are b3 (an enemy Boss) and b1 (a
    # friend), but not a Dud. Only b2 is captured.
    position = Position.from_fen(board, "1k1/Bd1/1B1 w")
    [blast] = legal_moves(rules, position, board.index("a2"))
    assert blast.captures == (board.index("b2"),)
    make_move(position, blast)
    assert position.fen().split()[0] == "3/3/3"
    # Beside its own Boss the Bomber cannot explode; at the edge (a row with nothing above) it can.
    position = Position.from_fen(board, "1K1/Bd1/3 w")
    assert legal_moves(rules, position) == []
    position = Position.from_fen(board, "3/3/Bd1 w")
    assert [board.squares[m.target] for m in legal_moves(rules, position)] == ["b1"]


@pytest.mark.parametrize("board_name", ["amazons", "snailtrail"])
def test_notations_that_make_pieces_compile_whole_and_name_their_new_pieces(board_name: str) -> None:
    from dagaz_studio.engine.compiler import compile_notation

    board, rules = shipped(board_name)
    runner = OracleRules(board)
    for piece in board.pieces.values():
        if any(isinstance(node, Create) for node in walk(piece.notation)):
            assert compile_notation(rules, piece.notation, 0).rich
    position = Position.initial(board)
    fast_moves = legal_moves(rules, position)
    assert fast_moves == legal_moves(runner, position)
    assert all(move.created for move in fast_moves)
    assert MoveNames(rules, position, style="uci").names == MoveNames(runner, position, style="uci").names
