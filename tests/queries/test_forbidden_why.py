"""Why the game's rules forbid a move the notation makes: the royal piece it would leave attacked and
the piece that would attack it, checked against python-chess; or the board's rule that chooses other
moves (draughts' compulsory capture)."""

from __future__ import annotations

import random
import re

import chess

from dagaz_studio.engine.position import Position
from dagaz_studio.queries import ExplainQuery, MovesQuery, answer_explanation, answer_moves
from tests.helpers.engine_helpers import shipped

_TYPES = {"Pawn": chess.PAWN, "Knight": chess.KNIGHT, "Bishop": chess.BISHOP, "Rook": chess.ROOK,
          "Queen": chess.QUEEN, "King": chess.KING}
_LEFT = re.compile(r"it would leave the White King on (\w\d) attacked by the Black (\w+) on (\w\d)\.$")


def _explained(name: str, fen: str, origin: str, square: str):
    board, rules = shipped(name)
    moves = answer_moves(rules, MovesQuery(board, Position.from_fen(board, fen), board.index(origin), trace=True))
    explanation = answer_explanation(rules, ExplainQuery(board, moves, board.index(square))).explanation
    assert explanation is not None
    return explanation


def test_a_pinned_knight_s_move_names_the_pinning_rook() -> None:
    why = _explained("chess", "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "e2", "c3")
    assert not why.reachable
    assert why.sentence.endswith("forbid that move: it would leave the White King on e1 attacked by the Black Rook "
                                 "on e8.")


def test_every_forbidden_move_names_a_piece_python_chess_says_attacks_the_king() -> None:
    """In positions of random games, each move the notation makes but the rules forbid (the King
    left in check) names the King's square and a piece that, by python-chess, attacks it after the move."""
    board, rules = shipped("chess")
    rng = random.Random(7)
    named = 0
    for _ in range(40):
        game = chess.Board()
        for _ in range(rng.randrange(6, 50)):
            legal = list(game.legal_moves)
            if not legal or game.is_game_over():
                break
            game.push(rng.choice(legal))
        if game.turn != chess.WHITE or game.is_game_over():
            continue
        position = Position.from_fen(board, game.fen())
        for origin in chess.SQUARES:
            piece = game.piece_at(origin)
            if piece is None or piece.color != chess.WHITE:
                continue
            answer = answer_moves(rules, MovesQuery(board, position.copy(), board.index(chess.square_name(origin)),
                                                    trace=True))
            allowed = set(answer.allowed)
            for index, move in enumerate(answer.moves):
                if index in allowed or move.promotion or len(move.also):
                    continue
                target = board.squares[move.target]
                why = answer_explanation(rules, ExplainQuery(board, answer, move.target)).explanation
                if why.reachable:
                    continue  # another move to that square is allowed
                found = _LEFT.search(why.sentence)
                assert found is not None, why.sentence
                king, kind, attacker = found.groups()
                after = game.copy()
                after.push(chess.Move(origin, chess.parse_square(target)))
                assert after.king(chess.WHITE) == chess.parse_square(king)
                assert chess.parse_square(attacker) in after.attackers(chess.BLACK, chess.parse_square(king))
                assert after.piece_at(chess.parse_square(attacker)).piece_type == _TYPES[kind]
                named += 1
    assert named >= 10


def test_a_quiet_move_forbidden_by_compulsory_capture_says_so() -> None:
    why = _explained("lasca", "7/7/7/3(so)3/2S4/7/7 w", "c3", "b4")
    assert not why.reachable
    assert why.sentence.endswith("forbid that move: it captures nothing while another move captures, and the "
                                 "board's rule compulsory-capture makes capturing compulsory.")
