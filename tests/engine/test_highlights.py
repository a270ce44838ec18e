"""Marks for moves: quiet moves, captures, pieces removed elsewhere or destroyed, displaced pieces, chain stops."""

from __future__ import annotations

import random

from dagaz_studio.board import load_board
from dagaz_studio.commands.common import open_position
from dagaz_studio.commands.moves import moves_for
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.highlights import destroyed_squares, move_highlights
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.rules import Rules


def _marks(name: str, fen, at: str) -> dict[str, str]:
    board = load_board(name)
    moves = moves_for(board, Rules(board), open_position(board, fen), at, None, True)
    return {board.squares[s]: kind for s, kind in move_highlights(moves, board.index(at)).items()}


def test_castling_marks_the_rooks_as_displaced():
    marks = _marks("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1")
    assert marks == {"e1": "selected", "d1": "move", "d2": "move", "e2": "move", "f2": "move", "f1": "move",
                     "c1": "move", "g1": "move", "a1": "displaced", "h1": "displaced"}


def test_en_passant_marks_the_pawn_taken_beside_the_destination():
    marks = _marks("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5")
    assert marks == {"e5": "selected", "e6": "move", "d6": "move", "d5": "removed"}


def test_a_capture_on_the_destination_is_a_capture():
    marks = _marks("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4")
    assert marks == {"e4": "selected", "e5": "move", "d5": "capture"}


def test_fanorona_approach_marks_the_line_of_stones_removed():
    marks = _marks("fanorona", None, "e2")
    assert marks["e3"] == "move" and marks["e4"] == "removed" and marks["e5"] == "removed"


def test_without_an_origin_nothing_is_selected():
    assert move_highlights([]) == {}


def test_an_explosion_marks_the_pieces_it_destroys():
    # The Rook takes d7: the King beside it is blown up (destroyed, not captured); the Rook goes too,
    # on the square of its capture.
    marks = _marks("atomic-chess", "4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1", "d1")
    assert marks == {"d1": "selected", "a1": "move", "b1": "move", "c1": "move", "d2": "move", "d3": "move",
                     "d4": "move", "d5": "move", "d6": "move", "d7": "capture", "e8": "destroyed"}


def test_sowing_empties_pits_but_destroys_nothing():
    # Kalah's capture lifts the facing pit's seeds and carries them to the store: a heap board's
    # moves empty pits they lift, and nothing is marked destroyed there.
    board = load_board("kalah")
    rules = Rules(board)
    position = open_position(board, None)
    rng = random.Random(3)
    lifted = 0
    for _ in range(80):
        moves = legal_moves(rules, position)
        if not moves:
            break
        lifted += sum(bool(destroyed_squares(move)) for move in moves)
        assert "destroyed" not in move_highlights(moves, heaps=True).values()
        make_move(position, rng.choice(moves))
    assert lifted
