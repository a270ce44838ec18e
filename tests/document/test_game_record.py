"""The game record without Qt: places, playing over later moves, numbering, text and keeping."""

from __future__ import annotations

import io
import json

import chess
import chess.pgn
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dagaz_studio.document.record import GameRecord, RecordError

START = chess.STARTING_FEN


def _played(sans: list[str], fen: str = START) -> GameRecord:
    board = chess.Board(fen)
    record = GameRecord(fen, 2, 0 if board.turn == chess.WHITE else 1, board="chess")
    for san in sans:
        board.push_san(san)
        record.play(san, board.fen())
    return record


def test_a_copy_plays_on_without_touching_the_original() -> None:
    record = _played(["e4", "e5", "Nf3"])
    record.go(1)
    copy = record.copy()
    copy.play("d5", "some fen")
    assert [move.name for move in record.moves] == ["e4", "e5", "Nf3"] and record.current == 1
    assert [move.name for move in copy.moves] == ["e4", "d5"]


def test_back_forward_first_last_and_jumps_give_each_position() -> None:
    sans = ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    record = _played(sans)
    board = chess.Board()
    fens = [board.fen()]
    for san in sans:
        board.push_san(san)
        fens.append(board.fen())
    assert record.current == 5 and record.fen == fens[5]
    assert record.back() == fens[4] and record.back() == fens[3]
    assert record.forward() == fens[4]
    assert record.first() == fens[0] and record.back() == fens[0]  # nothing before the start
    assert record.last() == fens[5] and record.forward() == fens[5]
    assert record.go(2) == fens[2] and record.find(fens[4]) == 4
    assert record.labels() == ["1. e4", "1... e5", "2. Nf3", "2... Nc6", "3. Bb5"]


def test_playing_before_the_end_replaces_the_later_moves() -> None:
    record = _played(["e4", "e5", "Nf3"])
    record.go(1)
    board = chess.Board()
    board.push_san("e4")
    board.push_san("c5")
    record.play("c5", board.fen())
    assert [m.name for m in record.moves] == ["e4", "c5"] and record.current == 2


def test_the_text_is_pgn_python_chess_reads_back() -> None:
    sans = ["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7"]
    record = _played(sans)
    text = record.as_text()
    assert text.startswith('[Board "chess"]\n[FEN "' + START + '"]\n\n1. d4 d5 2. c4 e6')
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors
    assert [move.uci() for move in game.mainline_moves()] == _ucis(sans)
    assert game.end().board().fen() == record.fen


def _ucis(sans: list[str]) -> list[str]:
    board = chess.Board()
    out = []
    for san in sans:
        out.append(board.push_san(san).uci())
    return out


def test_a_record_starting_with_the_second_side_numbers_with_dots() -> None:
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    record = _played(["e5", "Nf3"], fen)
    assert record.labels() == ["1... e5", "2. Nf3"]
    assert record.as_text().endswith("\n\n1... e5 2. Nf3 *\n")


def test_three_sides_number_a_round_of_three() -> None:
    record = GameRecord("start", 3, 0)
    for name in "abcd":
        record.play(name, f"after {name}")
    assert record.labels() == ["1. a", "1... b", "1... c", "2. d"]


@given(st.lists(st.tuples(st.text(min_size=1, max_size=8), st.text(min_size=1, max_size=20)), max_size=12),
       st.integers(0, 14), st.integers(1, 4), st.integers(0, 3))
def test_kept_data_reads_back_the_same(moves, place, players, first) -> None:
    record = GameRecord("start fen", players, first, board='a "board"')
    for name, fen in moves:
        record.play(name, fen)
    record.go(place)
    again = GameRecord.from_data(json.loads(json.dumps(record.to_data())))
    assert again == record
    assert again.as_text() == record.as_text()


@pytest.mark.parametrize("data", [None, [], {"start": 3}, {"start": "x", "moves": [["a"]]},
                                  {"start": "x", "players": 0}, {"start": "x", "moves": [["", "f"]]},
                                  {"start": "x", "current": True}, {"start": "x", "moves": [["a", "b"]] * 5001}])
def test_data_not_a_record_is_refused_with_a_typed_error(data) -> None:
    with pytest.raises(RecordError):
        GameRecord.from_data(data)


def test_a_side_moving_twice_keeps_its_round_and_says_whose_move_it_is() -> None:
    record = GameRecord("start", 2, 0)
    for name, player in (("a", 0), ("b", 1), ("c", 1), ("d", 0), ("e", 0), ("f", 1)):
        record.play(name, f"after {name}", player)
    assert record.labels() == ["1. a", "1... b", "1... c", "2. d", "2. e", "2... f"]
    assert record.as_text().endswith("\n\n1. a b 1... c 2. d 2. e f *\n")
    again = GameRecord.from_data(json.loads(json.dumps(record.to_data())))
    assert again == record
    with pytest.raises(RecordError):
        GameRecord.from_data({"start": "x", "moves": [["a", "f", "South"]]})
