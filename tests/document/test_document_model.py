"""The window's document without Qt: opening, editing, undo, unsaved changes, saving."""

from __future__ import annotations

import shutil

import pytest

from dagaz_studio.board import BoardFileError, BoardReadError, shipped_boards
from dagaz_studio.document import Document
from dagaz_studio.engine import FenError, Piece, Rules, legal_moves

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def listen(doc: Document) -> list[object]:
    """What the document says, in order."""
    heard: list[object] = []
    doc.board_changed.connect(lambda: heard.append("board"))
    doc.position_changed.connect(lambda: heard.append("position"))
    doc.dirty_changed.connect(lambda dirty: heard.append(("dirty", dirty)))
    return heard


@pytest.fixture
def doc() -> Document:
    document = Document()
    document.open_board("chess")
    return document


@pytest.fixture
def own_chess(tmp_path):
    path = tmp_path / "chess.board"
    shutil.copy(shipped_boards()["chess"], path)
    return path


def test_opening_a_board_says_board_then_position_and_starts_a_clean_history():
    document = Document()
    heard = listen(document)
    document.open_board("xiangqi")
    assert heard == ["board", "position"]
    assert document.board_path == shipped_boards()["xiangqi"]
    assert document.board_text == shipped_boards()["xiangqi"].read_text(encoding="utf-8")
    assert document.position.fen() == document.board.setup
    assert not document.board_dirty and document.history.count == 0 and document.read_only


def test_a_board_that_does_not_open_leaves_the_document_as_it_was(doc, tmp_path):
    broken = tmp_path / "broken.board"
    broken.write_text("name: broken\ngrid: a-b x 2-1\nwhat is this\n", encoding="utf-8")
    heard = listen(doc)
    with pytest.raises(BoardFileError):
        doc.open_board(broken)
    with pytest.raises(BoardReadError):
        doc.open_board(tmp_path / "missing.board")
    assert doc.board.name == "chess" and doc.fen() == START and heard == []


def test_edits_change_the_one_position_object_and_each_is_one_undo(doc):
    position, e4 = doc.position, doc.board.index("e4")
    heard = listen(doc)
    doc.place(e4, 1, "Knight")
    doc.remove(doc.board.index("a1"))
    assert doc.position is position and heard == ["position", "position"]
    assert position.cells[e4] == Piece(1, list(doc.board.pieces).index("Knight"), True)
    assert doc.history.undo_text == "Remove the piece on a1"
    doc.history.undo()
    doc.history.undo()
    assert doc.fen() == START and doc.position is position
    doc.history.redo()
    assert doc.position.piece_name(e4) == "Knight" and not doc.board_dirty


def test_edits_that_change_nothing_are_not_kept(doc):
    doc.reset()
    doc.remove(doc.board.index("e4"))
    doc.set_turn(0)
    doc.set_fen(START)
    doc.move_piece(doc.board.index("e4"), doc.board.index("e5"))
    assert doc.history.count == 0


def test_a_fen_that_does_not_fit_keeps_the_position(doc):
    heard = listen(doc)
    with pytest.raises(FenError):
        doc.set_fen("8/8/8/8/3Z4/8/8/8 w - - 0 1")
    assert doc.fen() == START and heard == [] and doc.history.count == 0


def test_a_draughts_board_is_set_up_from_a_pdn_fen_and_a_bad_one_keeps_the_position() -> None:
    from dagaz_studio.pdn import PdnError

    document = Document()
    document.open_board("international")
    start = document.fen()
    document.set_fen("W:WK46:B5")
    assert document.fen() == "9m/10/10/10/10/10/10/10/10/K9 w - - 0 1"
    with pytest.raises(PdnError, match="no square numbered 51"):
        document.set_fen("W:W51:B1")
    assert document.fen() == "9m/10/10/10/10/10/10/10/10/K9 w - - 0 1"
    document.set_fen(" W:W31-50:B1-20 ")
    assert document.fen() == start


def test_a_notation_change_makes_the_board_dirty_until_undone(doc):
    heard = listen(doc)
    doc.set_piece_notation("Rook", "(+)")
    assert heard == [("dirty", True), "board", "position"] and doc.board_dirty
    assert doc.position.board is doc.board and doc.board.pieces["Rook"].notation_text == "(+)"
    assert doc.unsaved_changes() == ["piece notations"]
    doc.history.undo()
    assert heard[-3:] == [("dirty", False), "board", "position"] and doc.unsaved_changes() == []


def test_saving_writes_the_text_and_makes_the_board_clean(doc, own_chess, tmp_path):
    doc.open_board(own_chess)
    assert not doc.read_only
    doc.set_piece_notation("Knight", "N")
    assert doc.save_board() == own_chess and not doc.board_dirty
    assert "piece Knight N: N\n" in own_chess.read_text(encoding="utf-8")
    other = tmp_path / "other.board"
    doc.save_board(other)
    assert doc.board_path == other and doc.board.source == str(other)


def test_a_board_opened_through_a_symbolic_link_is_saved_where_it_leads(doc, own_chess, tmp_path):
    # A new file renamed over the link took the link's place: the file it led to missed the edit.
    link = tmp_path / "current.board"
    link.symlink_to(own_chess)
    doc.open_board(link)
    doc.set_piece_notation("Knight", "N")
    doc.save_board()
    assert link.is_symlink() and link.resolve() == own_chess.resolve()
    assert "piece Knight N: N\n" in own_chess.read_text(encoding="utf-8")


def test_a_shipped_board_is_saved_only_elsewhere(doc):
    with pytest.raises(ValueError, match="read-only"):
        doc.save_board()


def test_after_saving_elsewhere_undo_keeps_the_position_on_the_open_board(doc, own_chess, tmp_path):
    """Saving under a new name reads the board again; an edit undone after it must not bring back the
    board object read before, or what is asked of the position (its checks) no longer matches the board."""
    doc.open_board(own_chess)
    doc.place(doc.board.index("e4"), 0, "Queen")
    doc.save_board(tmp_path / "renamed.board")
    doc.history.undo()
    assert doc.position.board is doc.board and doc.board.source == str(tmp_path / "renamed.board")
    doc.history.redo()
    assert doc.position.board is doc.board


def test_after_saving_elsewhere_an_undone_board_edit_reads_the_board_under_its_new_name(doc, own_chess, tmp_path):
    renamed = tmp_path / "renamed.board"
    doc.open_board(own_chess)
    doc.set_piece_notation("Rook", "(+)")
    doc.set_board_text(doc.board_text + "\n# a note\n", "Add a note")
    doc.save_board(renamed)
    doc.history.undo()
    assert doc.board.source == str(renamed) and doc.position.board is doc.board
    doc.history.undo()
    assert doc.board.source == str(renamed) and doc.position.board is doc.board
    assert doc.board.pieces["Rook"].notation_text == "(+)([p]\\1)*" and doc.board_dirty
    doc.history.redo()
    doc.history.redo()
    assert doc.board.source == str(renamed) and not doc.board_dirty


def test_unsaved_changes_in_words(doc, own_chess):
    board = doc.board
    doc.open_text("", None, board)
    doc.place(0, 0, "Rook")
    assert not doc.board_dirty and doc.unsaved_changes() == []
    doc.open_board(own_chess)
    doc.forget_saved_text()
    assert doc.board_dirty and doc.unsaved_changes() == ["on disk"] and doc.saved_text is None
    doc.open_board(own_chess)
    doc.set_board_text(doc.board_text + "\n# a note\n", "Add a note")
    assert doc.unsaved_changes() == ["other lines"]


def test_a_move_found_on_another_position_is_refused(doc):
    rules = Rules(doc.board)
    found_on = doc.position.copy()
    move = legal_moves(rules, found_on)[0]
    doc.place(doc.board.index("e4"), 0, "Queen")
    with pytest.raises(ValueError, match="the position changed"):
        doc.play_move(move, "a move", on=found_on)
    doc.history.undo()
    doc.play_move(move, "a move", on=found_on)
    assert doc.history.undo_text == "Play a move" and doc.position.turn == 1


def test_using_the_position_as_the_setup_rewrites_the_setup_line(doc):
    doc.remove(doc.board.index("a1"))
    doc.use_position_as_setup()
    assert doc.board.setup.startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w")
    assert doc.at_initial_position() and doc.board_dirty
    doc.history.undo()
    assert not doc.board_dirty and not doc.at_initial_position()


def test_placement_names_the_pieces(doc):
    placement = doc.placement()
    assert placement[doc.board.index("e1")] == (0, "King", "K") and len(placement) == 32


def test_a_board_built_without_a_file_opens_with_the_pieces_it_can_hold(doc):
    board = doc.board
    doc.place(0, 0, "Rook")
    doc.open_placed(board, {0: (1, "Knight", "N"), 5: (0, "Dragon", "D"), 99: (0, "Rook", "R")})
    assert doc.board_path is None and doc.history.count == 0 and not doc.board_dirty
    knight = list(board.pieces).index("Knight")
    assert {square: piece for square, piece in enumerate(doc.position.cells) if piece} == {0: Piece(1, knight, True)}
    assert doc.unsaved_changes() == []


def test_the_position_left_last_time_comes_back_with_nothing_to_undo(doc):
    doc.place(doc.board.index("e4"), 0, "Queen")
    fen = "8/8/8/8/3N4/8/8/4K2k b - - 0 1"
    doc.resume(fen)
    assert doc.fen() == fen and doc.history.count == 0
    with pytest.raises(FenError):
        doc.resume("8/8/8/8/3Z4/8/8/8 w - - 0 1")
    assert doc.fen() == fen


def test_the_checks_still_to_give_survive_a_fen_set_up_an_undo_and_a_piece_type_edit() -> None:
    """On a board that counts checks, a FEN's "2+3" stays 2+3 on the board: set up, undone to and
    redone, and across a piece type re-lettered (the counts are the game's, not the pieces')."""
    from dagaz_studio.board.piece_edits import update_piece

    doc = Document()
    doc.open_board("3check")
    given = "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3"
    doc.set_fen(given)
    assert doc.fen() == given
    doc.set_board_text(update_piece(doc.board_text, doc.board, "Knight", letter="H"), "Change the Knight",
                       {"Knight": "Knight"})
    assert doc.fen() == given.replace("N", "H").replace("n", "h")
    doc.set_fen(doc.fen().replace("2+3", "1+3"))
    doc.history.undo()
    assert " 2+3 " in doc.fen()
    doc.history.undo()
    assert doc.fen() == given
    doc.history.undo()
    assert " 3+3 " in doc.fen() and doc.at_initial_position()


def test_a_board_edit_that_writes_positions_alike_carries_a_fen_without_reading_it(monkeypatch) -> None:
    """A notation applied or a type added leaves every FEN as written: a long game record is carried
    over such an edit at no cost; a new letter is carried by reading the position."""
    from dagaz_studio.board.piece_edits import add_piece, update_piece
    from dagaz_studio.engine import Position

    doc = Document()
    doc.open_board("chess")
    fen = doc.fen()
    read = []
    original = Position.from_fen
    monkeypatch.setattr(Position, "from_fen", classmethod(lambda cls, *args: read.append(args) or original(*args)))
    doc.set_piece_notation("Rook", "(+)([p]\\1)*[e]")
    assert doc.carry_fen(fen) == fen and not read
    doc.set_board_text(add_piece(doc.board_text, doc.board, "Wazir", "W", "+"), "New piece type Wazir")
    assert doc.carry_fen(fen) == fen and not read
    doc.set_board_text(update_piece(doc.board_text, doc.board, "Rook", letter="T"), "Change the Rook", {"Rook": "Rook"})
    assert doc.carry_fen(fen) == fen.replace("R", "T").replace("r", "t") and read


def test_a_type_renamed_by_hand_in_the_text_keeps_its_pieces() -> None:
    """The Knight renamed Horse all through the board file's text (no rename said): a name gone whose
    letter a new name took is that type renamed, so its pieces stay on the board."""
    doc = Document()
    doc.open_board("chess")
    fen = doc.fen()
    doc.set_board_text(doc.board_text.replace("Knight", "Horse"), "Edit the board file")
    assert "Horse" in doc.board.pieces and doc.fen() == fen
    assert doc.renamed == {"Knight": "Horse"}
    doc.history.undo()
    assert "Knight" in doc.board.pieces and doc.fen() == fen and doc.renamed == {"Horse": "Knight"}


def test_a_board_built_without_a_file_says_it_has_no_setup_line_to_write() -> None:
    from dagaz_studio.board import load_board
    from dagaz_studio.board.writer import BoardWriteError

    doc = Document()
    doc.open_placed(load_board(shipped_boards()["chess"]), {0: (0, "Rook", "R")})
    with pytest.raises(BoardWriteError, match="built without a board file"):
        doc.use_position_as_setup()
    assert doc.board_text == "" and not doc.history.can_undo


def test_pieces_are_added_to_and_taken_from_a_hand_one_undoable_step_each() -> None:
    document = Document()
    document.open_board(shipped_boards()["shogi"])
    document.set_fen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1")
    document.add_to_hand(0, "Gold")
    document.add_to_hand(1, "Pawn")
    assert "[Gp]" in document.fen()
    document.take_from_hand(0, "Gold")
    assert "[p]" in document.fen()
    document.history.undo()
    assert "[Gp]" in document.fen()
    with pytest.raises(ValueError, match="holds no Silver"):
        document.take_from_hand(0, "Silver")
    with pytest.raises(ValueError, match="King cannot be held in hand: it is royal"):
        document.add_to_hand(0, "King")
    chess = Document()
    chess.open_board(shipped_boards()["chess"])
    with pytest.raises(ValueError, match="no pieces in hand"):
        chess.add_to_hand(0, "Knight")
    shogi = Document()
    shogi.open_board(shipped_boards()["shogi"])
    with pytest.raises(ValueError, match=r"Tokin \(\+P\) cannot be held"):
        shogi.add_to_hand(0, "Tokin")
    for name in ("Pawn", "Lance", "Knight", "Silver", "Gold", "Bishop", "Rook"):
        shogi.add_to_hand(1, name)
    fen = shogi.fen()
    shogi.set_fen(fen)  # the FEN that says the hands reads back
    assert shogi.fen() == fen and "[plnsgbr]" in fen
