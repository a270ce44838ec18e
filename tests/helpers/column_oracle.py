"""Column-draughts boards (Lasca, Bashni) move by move against the reference generators of tests/helpers/oracles:
each legal move, put in the generators' terms, with the FEN of the position it leads to."""

from __future__ import annotations

from types import ModuleType

from dagaz_studio.board import Board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move
from tests.helpers.engine_helpers import shipped
from tests.helpers.oracles import Move as OracleMove


def as_oracle(rules: Rules, board: Board, move: Move) -> OracleMove:
    """A move as the reference generators write it: squares, landing stops, captures, promotion letter."""
    squares = board.squares
    promotion = ""
    if move.promotion:
        letter = rules.kinds[rules.kind_index[move.promotion]].letter
        promotion = letter.upper() if move.player == 0 else letter.lower()
    return OracleMove(squares[move.origin], tuple(squares[s] for s in move.stops[:-1]), squares[move.target],
                      tuple(squares[s] for s in move.captures), promotion)


def successors(game: str, fen: str) -> dict[OracleMove, str]:
    """The shipped board's legal moves from ``fen``, each with the FEN it leads to; unmaking restores ``fen``."""
    board, rules = shipped(game)
    position = Position.from_fen(board, fen)
    out = {}
    for move in legal_moves(rules, position):
        undo = make_move(position, move)
        out[as_oracle(rules, board, move)] = position.fen()
        unmake_move(position, undo)
        assert position.fen() == fen
    return out


def reference(generator: ModuleType, fen: str) -> dict[OracleMove, str]:
    """The reference generator's legal moves from ``fen``, each with the FEN it leads to."""
    position = generator.parse(fen)
    return {m: generator.format_position(generator.make_move(position, m)) for m in generator.legal_moves(position)}
