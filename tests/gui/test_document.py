"""The document: the open board, the edited position, undo, notation edits and saving."""

from __future__ import annotations

import shutil

import pytest

from dagaz_studio.board import BoardFileError, BoardReadError, shipped_boards
from dagaz_studio.board.writer import BoardWriteError
from dagaz_studio.engine.position import FenError, Piece
from dagaz_studio.gui.files.document import QtDocument

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.fixture
def doc(qtbot):
    document = QtDocument()
    document.open_board("chess")
    return document


def sq(doc: QtDocument, name: str) -> int:
    return doc.board.index(name)


def test_open_board_gives_the_initial_position_and_announces_it(qtbot):
    document = QtDocument()
    with qtbot.waitSignals([document.boardChanged, document.positionChanged], order="strict"):
        document.open_board("xiangqi")
    assert document.board.name == "xiangqi"
    assert document.board_path == shipped_boards()["xiangqi"]
    assert document.board_text == shipped_boards()["xiangqi"].read_text(encoding="utf-8")
    assert document.position.fen() == document.board.setup
    assert not document.board_dirty and document.undo_stack.count() == 0


def test_open_board_that_fails_keeps_the_document(doc, tmp_path):
    broken = tmp_path / "broken.board"
    broken.write_text("name: broken\ngrid: a-b x 2-1\nwhat is this\n", encoding="utf-8")
    with pytest.raises(BoardFileError):
        doc.open_board(broken)
    with pytest.raises(BoardReadError):
        doc.open_board(tmp_path / "missing.board")
    assert doc.board.name == "chess" and doc.fen() == START


def test_place_remove_and_undo_redo(qtbot, doc):
    position = doc.position
    with qtbot.waitSignal(doc.positionChanged):
        doc.place(sq(doc, "e4"), 1, "Knight")
    assert doc.position is position
    assert position.cells[sq(doc, "e4")] == Piece(1, list(doc.board.pieces).index("Knight"), True)
    doc.remove(sq(doc, "a1"))
    assert position.cells[sq(doc, "a1")] is None
    assert doc.undo_stack.count() == 2
    with qtbot.waitSignal(doc.positionChanged):
        doc.undo_stack.undo()
    assert position.cells[sq(doc, "a1")] is not None
    doc.undo_stack.undo()
    assert doc.fen() == START
    doc.undo_stack.redo()
    assert doc.position.piece_name(sq(doc, "e4")) == "Knight"


def test_a_piece_placed_on_its_setup_square_is_unmoved(doc):
    doc.clear()
    doc.place(sq(doc, "e2"), 0, "Pawn")
    doc.place(sq(doc, "e3"), 0, "Pawn")
    assert not doc.position.cells[sq(doc, "e2")].moved
    assert doc.position.cells[sq(doc, "e3")].moved
    doc.place(sq(doc, "d4"), 0, "Pawn", moved=False)
    assert not doc.position.cells[sq(doc, "d4")].moved


def test_move_piece_carries_it_and_replaces_what_stood_there(doc):
    doc.move_piece(sq(doc, "d1"), sq(doc, "d7"))
    assert doc.position.piece_name(sq(doc, "d7")) == "Queen"
    assert doc.position.cells[sq(doc, "d7")].player == 0
    assert doc.position.cells[sq(doc, "d1")] is None
    doc.undo_stack.undo()
    assert doc.fen() == START


def test_set_moved_changes_castling_rights(doc):
    doc.set_moved(sq(doc, "h1"), True)
    assert doc.fen().split()[2] == "Qkq"
    doc.set_moved(sq(doc, "h1"), False)
    assert doc.fen().split()[2] == "KQkq"
    assert doc.undo_stack.count() == 2


def test_set_turn(doc):
    doc.set_turn(1)
    assert doc.position.turn == 1 and doc.fen().split()[1] == "b"
    doc.undo_stack.undo()
    assert doc.position.turn == 0


def test_set_fen_and_a_bad_fen_that_keeps_the_position(qtbot, doc):
    fen = "8/8/8/8/3N4/8/8/4K2k b - - 0 1"
    doc.set_fen(fen)
    assert doc.fen() == fen
    with qtbot.assertNotEmitted(doc.positionChanged), pytest.raises(FenError, match="placement"):
        doc.set_fen("8/8/8/8/3Z4/8/8/8 w - - 0 1")
    assert doc.fen() == fen and doc.undo_stack.count() == 1


def test_reset_and_clear(doc):
    doc.clear()
    assert all(cell is None for cell in doc.position.cells)
    doc.place(sq(doc, "a3"), 0, "Rook")
    doc.reset()
    assert doc.fen() == START
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert all(cell is None for cell in doc.position.cells)


def test_edits_that_change_nothing_push_no_command(doc):
    doc.reset()
    doc.remove(sq(doc, "e4"))
    doc.set_turn(0)
    doc.set_fen(START)
    assert doc.undo_stack.count() == 0


def test_set_piece_notation_rebuilds_the_board_and_marks_it_dirty(qtbot, doc):
    with qtbot.waitSignal(doc.dirtyChanged) as dirty, qtbot.waitSignal(doc.boardChanged):
        doc.set_piece_notation("Rook", "(+)([p]\\1){0,1}")
    assert dirty.args == [True] and doc.board_dirty
    assert doc.board.pieces["Rook"].notation_text == "(+)([p]\\1){0,1}"
    assert doc.position.board is doc.board
    assert "piece Rook R: (+)([p]\\1){0,1}\n" in doc.board_text
    with qtbot.waitSignal(doc.dirtyChanged) as clean:
        doc.undo_stack.undo()
    assert clean.args == [False]
    assert doc.board.pieces["Rook"].notation_text == "(+)([p]\\1)*"


def test_a_bad_notation_changes_nothing(doc):
    text = doc.board_text
    with pytest.raises(BoardFileError, match="chess.board:50:18: unclosed"):
        doc.set_piece_notation("Rook", "(+)([p]\\1")
    with pytest.raises(BoardWriteError):
        doc.set_piece_notation("Dragon", "N")
    assert doc.board_text == text and not doc.board_dirty


def test_save_board_writes_the_text_and_clears_dirty(qtbot, tmp_path):
    path = tmp_path / "chess.board"
    shutil.copy(shipped_boards()["chess"], path)
    document = QtDocument()
    document.open_board(path)
    document.set_piece_notation("Knight", "N")
    with qtbot.waitSignal(document.dirtyChanged) as clean:
        assert document.save_board() == path
    assert clean.args == [False]
    assert "piece Knight N: N\n" in path.read_text(encoding="utf-8")
    other = tmp_path / "other.board"
    document.set_piece_notation("Knight", "S")
    document.save_board(other)
    assert document.board_path == other and document.board.source == str(other)
    assert QtDocument().open_board(other) is None


def test_view_placement_names_the_pieces(doc):
    placement = doc.view_placement()
    assert placement[sq(doc, "e1")] == (0, "King", "K")
    assert len(placement) == 32
