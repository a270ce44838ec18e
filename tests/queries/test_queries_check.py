"""Check: the royal pieces the rules say are attacked, against python-chess and Fairy-Stockfish."""

from __future__ import annotations

import random

import chess
import pytest

from dagaz_studio.board import load_board, parse_board
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.queries import Deadline, royals_in_check
from tests.helpers.engine_helpers import CountingFlag

sf = pytest.importorskip("pyffish")


def _checked_side(board, position: Position, squares: list[int]) -> list[int]:
    return sorted({position.cells[square].player for square in squares})


def test_chess_check_matches_python_chess_on_random_games():
    board = load_board("chess")
    rules = Rules(board)
    generator = random.Random(9)
    seen = 0
    for _game in range(12):
        game = chess.Board()
        for _ply in range(60):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.push(generator.choice(moves))
            position = Position.from_fen(board, game.fen())
            squares = royals_in_check(rules, position)
            expected = [board.index(chess.square_name(game.king(game.turn)))] if game.is_check() else []
            assert squares == expected, game.fen()
            seen += bool(expected)
    assert seen >= 5  # the games gave checks to compare, not only quiet positions


def test_xiangqi_check_matches_fairy_stockfish_on_random_games():
    board = load_board("xiangqi")
    rules = Rules(board)
    generator = random.Random(4)
    seen = 0
    for _game in range(6):
        fen = sf.start_fen("xiangqi")
        for _ply in range(50):
            moves = sf.legal_moves("xiangqi", fen, [])
            if not moves:
                break
            move = generator.choice(moves)
            in_check = sf.gives_check("xiangqi", fen, [move])
            fen = sf.get_fen("xiangqi", fen, [move])
            position = Position.from_fen(board, fen)
            squares = royals_in_check(rules, position)
            assert (squares != []) == in_check, fen
            if squares:
                assert _checked_side(board, position, squares) == [position.turn], fen
                seen += 1
    assert seen >= 1


def test_both_sides_are_marked_where_an_edited_position_has_both_kings_attacked():
    board = load_board("chess")
    position = Position.from_fen(board, "4k3/8/8/8/B7/8/8/4K2r w - - 0 1")
    squares = royals_in_check(Rules(board), position)
    assert [board.squares[s] for s in squares] == ["e1", "e8"]


def test_a_board_without_royal_pieces_is_never_in_check():
    board = load_board("fanorona")
    assert royals_in_check(Rules(board), Position.initial(board)) == []


def test_generals_facing_on_an_open_file_are_both_marked():
    # The board file makes facing generals an attack (the "flying general"), which is what forbids
    # the position; an edited position that has it shows both generals attacked.
    board = load_board("xiangqi")
    position = Position.from_fen(board, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
    assert [board.squares[s] for s in royals_in_check(Rules(board), position)] == ["e1", "e10"]


def test_a_deadline_answers_nothing_instead_of_waiting_for_a_long_notation():
    text = "grid: a-h x 8-1\nN = (0, -1)\nE = (1, 0)\nS = (0, 1)\nW = (-1, 0)\n" \
           "piece King K royal: +\npiece Loop L: ((+)[p]){14}[=Loop]\nsetup: 4k3/8/8/8/8/8/8/L3K3 w\n"
    board = parse_board(text)
    rules = Rules(board)
    position = Position.initial(board)
    royals_in_check(rules, position, Deadline(0.05))  # builds the attack tables, once per board
    # A deadline that passes while the question runs (here at its third look): the run ends at that
    # look, and the question answers nothing rather than guessing.
    flag = CountingFlag(set_at=3)
    assert royals_in_check(rules, position, flag) == []
    assert flag.looks == 3 and flag.looks_after == 1
    assert Deadline(0).is_set() and not Deadline(3600).is_set()
    chess_board = load_board("chess")
    checked = Position.from_fen(chess_board, "4k3/8/8/8/B7/8/8/4K3 b - - 0 1")
    assert royals_in_check(Rules(chess_board), checked, Deadline(5)) == [chess_board.index("e8")]
