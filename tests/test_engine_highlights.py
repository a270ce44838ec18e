"""Marks for moves: quiet moves, captures, pieces removed elsewhere, displaced pieces, chain stops."""

from __future__ import annotations

from dagaz_studio.board import load_board
from dagaz_studio.commands.common import open_position
from dagaz_studio.commands.moves import moves_for
from dagaz_studio.engine.highlights import move_highlights
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
