"""A notation typed for one thing never moves another: pieces show their own notation, a notation
to try is an explicit mode on a chosen square of its own board, and edits are kept per piece type."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.gui.settings import NOTATION_TEXT_KEY, settings
from tests.helpers.gui_window import click, click_and_wait, open_window, type_and_wait


def royal_square(window) -> str:
    board, position = window.board, window.document.position
    royal = [name for name, piece in board.pieces.items() if piece.royal][0]
    kind = list(board.pieces).index(royal)
    return next(board.squares[s] for s, p in enumerate(position.cells) if p and p.kind == kind and p.player == 0)


def test_a_notation_saved_by_an_earlier_version_moves_no_piece_after_a_restart(qtbot) -> None:
    store = settings()
    store.setValue(NOTATION_TEXT_KEY, "N[=Wizard]")
    store.sync()
    window = open_window(qtbot, "chess")
    reply = click_and_wait(qtbot, window, "e1")
    editor = window.notation_editor
    assert reply.error is None and reply.query.notation is None
    assert "Wizard" not in window.moves_panel.summary.text() and "King on e1" in window.moves_panel.summary.text()
    assert editor.piece == "King" and editor.text() == window.board.pieces["King"].notation_text
    assert editor.words.toPlainText() and editor.tree.toPlainText()
    assert settings().value(NOTATION_TEXT_KEY) is None


def test_selecting_a_piece_loads_its_own_notation_and_reading(qtbot) -> None:
    window = open_window(qtbot, "xiangqi")
    editor = window.notation_editor
    for square in ("b3", "b1", royal_square(window)):
        reply = click_and_wait(qtbot, window, square)
        piece = window.document.position.cells[window.board.index(square)]
        name = list(window.board.pieces)[piece.kind]
        assert reply.query.notation is None
        assert editor.piece == name and editor.text() == window.board.pieces[name].notation_text
        assert "cannot be read" not in editor.words.toPlainText() and editor.words.toPlainText().strip()
        assert editor.tree.toPlainText().strip()


def test_a_notation_tried_on_one_board_never_moves_another_boards_pieces(qtbot) -> None:
    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click(qtbot, window, "d4")  # an empty square: a notation is tried there
    assert editor.trying and "d4" in editor.target.currentText()
    reply = type_and_wait(qtbot, window, "(+)([p]\\1)*")
    assert reply.query.notation == "(+)([p]\\1)*" and reply.query.square == window.board.index("d4")
    assert window.open_file(str(shipped_boards()["xiangqi"]))
    assert editor.text() == ""  # the other board has its own notation to try
    general = royal_square(window)
    reply = click_and_wait(qtbot, window, general)
    assert reply.query.notation is None and reply.error is None
    assert editor.piece is not None and editor.text() == window.board.pieces[editor.piece].notation_text
    assert window.open_file(str(shipped_boards()["chess"]))
    editor.select_piece(None)
    assert editor.text() == "(+)([p]\\1)*"  # it stays with its own board


def test_the_notation_to_try_is_remembered_with_its_board_when_short(qtbot) -> None:
    window = open_window(qtbot, "chess")
    click(qtbot, window, "d4")
    type_and_wait(qtbot, window, "N,OM;E,OT;S TR;W,RM")
    assert window.close()
    again = open_window(qtbot, "chess")
    assert again.move_explorer.selected is None and "click a square" in again.notation_editor.target.currentText()
    click(qtbot, again, "d5")
    assert again.notation_editor.trying and again.notation_editor.text() == "N,OM;E,OT;S TR;W,RM"
    other = open_window(qtbot, "xiangqi")
    other.notation_editor.select_piece(None)
    assert other.notation_editor.text() == ""


def test_unapplied_edits_are_kept_per_piece_type(qtbot) -> None:
    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click_and_wait(qtbot, window, "g1")
    reply = type_and_wait(qtbot, window, "N")
    assert reply.query.notation == "N" and "not applied" in window.moves_panel.summary.text()
    click_and_wait(qtbot, window, "e2")
    assert editor.piece == "Pawn" and editor.text() == window.board.pieces["Pawn"].notation_text
    reply = click_and_wait(qtbot, window, "b1")  # another Knight: the edit applies to its type
    assert editor.piece == "Knight" and editor.text() == "N" and reply.query.notation == "N"
    assert editor.unapplied() == {"Knight": "N"}
    assert window.board.pieces["Knight"].notation_text != "N"


@pytest.mark.parametrize("answer, closes", [(QMessageBox.StandardButton.Cancel, False),
                                            (QMessageBox.StandardButton.Discard, True)])
def test_closing_with_unapplied_edits_asks(qtbot, monkeypatch, answer, closes: bool) -> None:
    window = open_window(qtbot, "chess")
    click_and_wait(qtbot, window, "g1")
    type_and_wait(qtbot, window, "N")
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *rest: asked.append(text) or answer)
    assert window.close() == closes
    assert asked and "Knight" in asked[0]
    assert window.notation_editor.unapplied() == ({} if closes else {"Knight": "N"})
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_switching_board_with_unapplied_edits_can_save_them(qtbot, monkeypatch, tmp_path) -> None:
    source = shipped_boards()["chess"]
    copy = tmp_path / "mine.board"
    copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    window = open_window(qtbot, "chess")
    assert window.open_file(str(copy))
    click_and_wait(qtbot, window, "g1")
    type_and_wait(qtbot, window, "N")
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Save)
    assert window.open_file(str(shipped_boards()["xiangqi"]))
    assert window.board.name == "xiangqi"
    assert load_board(str(copy)).pieces["Knight"].notation_text == "N"


@pytest.mark.parametrize("language", ["betza", "dagaz"])
def test_a_notation_with_an_error_is_never_applied_on_the_way_out(qtbot, monkeypatch, tmp_path, language) -> None:
    source = shipped_boards()["xiangqi"]
    copy = tmp_path / "mine.board"
    copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    window = open_window(qtbot, str(copy))
    click_and_wait(qtbot, window, "b1")
    editor = window.notation_editor
    assert editor.piece == "Horse"
    editor.set_language(language)
    editor.text_edit.setFocus()
    editor.text_edit.selectAll()
    qtbot.keyClicks(editor.text_edit, "Ff")  # "F" alone reads in Betza (a Ferz); "Ff" reads in neither
    qtbot.waitUntil(lambda: editor.error is not None)
    asked, answers = [], [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard]
    # The old prompt (a question offering Save) and the new one (a box with its own buttons) alike.
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *rest: asked.append((text, [])) or QMessageBox.StandardButton.Save)
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: QMessageBox.StandardButton.Ok)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: asked.append(
        (box.text(), [button.text() for button in box.buttons()])) or answers.pop(0))
    assert not window.open_file(str(shipped_boards()["chess"]))
    text, buttons = asked[0]
    assert "error" in text and "Horse" in text and "Apply it" not in text
    assert any("Keep editing" in button for button in buttons) and not any("Save" in b for b in buttons)
    assert window.board.source == str(copy) and not window.document.board_dirty
    assert editor.piece == "Horse" and editor.text() == "Ff"  # still there to edit
    assert window.open_file(str(shipped_boards()["chess"]))  # discarded this time
    assert copy.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    assert window.board.name == "chess" and editor.unapplied() == {}


def test_a_long_draft_still_being_read_on_the_way_out_is_not_called_an_error(qtbot, monkeypatch, tmp_path) -> None:
    copy = tmp_path / "mine.board"
    copy.write_text(shipped_boards()["xiangqi"].read_text(encoding="utf-8"), encoding="utf-8")
    window = open_window(qtbot, str(copy))
    click_and_wait(qtbot, window, "b1")
    editor = window.notation_editor
    editor.set_text(";".join(["(+)([p]\\1)*"] * 40))  # long: read on the worker
    assert editor.reading_pending
    asked, answers = [], [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard]
    monkeypatch.setattr(QMessageBox, "exec", lambda box: asked.append(box.text()) or answers.pop(0))
    assert not window.open_file(str(shipped_boards()["chess"]))  # asked before the reading came back
    assert "Horse" in asked[0] and "still being read" in asked[0] and "has an error" not in asked[0]
    # Let go of, so that nothing is left running on the board's workers when the window closes.
    assert window.open_file(str(shipped_boards()["chess"]))
    qtbot.waitUntil(lambda: not editor.reading_pending, timeout=20000)
    assert window.board.name == "chess" and editor.unapplied() == {}


def test_another_board_starts_with_nothing_selected_even_where_it_has_a_type_of_the_same_name(qtbot) -> None:
    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click_and_wait(qtbot, window, "g1")
    assert editor.piece == "Knight"
    assert window.open_file(str(shipped_boards()["shatranj"]))
    assert "Knight" in window.board.pieces and window.move_explorer.selected is None
    assert editor.piece is None and editor.trying and "click a square" in editor.target.currentText()
    assert editor.text() == ""

def test_the_position_restored_from_the_last_run_is_announced(qtbot) -> None:
    window = open_window(qtbot, "chess")
    window.document.set_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    assert window.close()
    again = open_window(qtbot, "chess")
    assert again.document.fen().startswith("rnbqkbnr/pppppppp/8/8/4P3")
    assert "position left last time is back" in again.statusBar().currentMessage()
    assert "position left last time" in again.play_field.message.text()


def test_file_save_writes_the_edits_not_yet_applied(qtbot, monkeypatch, tmp_path) -> None:
    """Ctrl+S with the Board file panel's text edited and a notation typed but not applied: Save is
    offered, applies both (one undoable step each) and writes them; nothing is asked."""
    copy = tmp_path / "mine.board"
    copy.write_text(shipped_boards()["chess"].read_text(encoding="utf-8"), encoding="utf-8")
    window = open_window(qtbot, str(copy))
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *rest: asked.append(text)
                        or QMessageBox.StandardButton.No)
    text = window.board_text.text_edit
    text.setPlainText(window.board_text.text() + "# kept in the file\n")
    assert window.files.save_action.isEnabled()
    click_and_wait(qtbot, window, "g1")
    type_and_wait(qtbot, window, "N")
    text.setFocus()
    # The Knight's moves are shown again by its new notation: waited for, so no worker outlives the test.
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=10000):
        qtbot.keyClick(text, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    saved = copy.read_text(encoding="utf-8")
    assert "# kept in the file" in saved and load_board(str(copy)).pieces["Knight"].notation_text == "N"
    assert window.notation_editor.unapplied() == {} and not window.board_text.has_unapplied_changes()
    assert not window.document.board_dirty and not window.files.save_action.isEnabled() and asked == []


def test_file_save_with_a_notation_that_cannot_be_applied_saves_the_rest_only_when_told(qtbot, monkeypatch,
                                                                                         tmp_path) -> None:
    copy = tmp_path / "mine.board"
    copy.write_text(shipped_boards()["chess"].read_text(encoding="utf-8"), encoding="utf-8")
    window = open_window(qtbot, str(copy))
    window.document.set_piece_notation("Rook", "(+)")
    click_and_wait(qtbot, window, "g1")
    editor = window.notation_editor
    editor.text_edit.setFocus()
    editor.text_edit.selectAll()
    qtbot.keyClicks(editor.text_edit, "N(")
    qtbot.waitUntil(lambda: editor.error is not None)
    asked, answers = [], [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save]
    monkeypatch.setattr(QMessageBox, "exec", lambda box: asked.append(box.text()) or answers.pop(0))
    before = copy.read_text(encoding="utf-8")
    assert not window.files.save()
    assert copy.read_text(encoding="utf-8") == before and "Knight" in asked[0] and "error" in asked[0]
    assert window.files.save()
    assert load_board(str(copy)).pieces["Rook"].notation_text == "(+)"
    assert editor.unapplied() == {"Knight": "N("}  # still there to mend
    editor.discard_unapplied()


def test_a_reading_of_the_same_text_on_another_board_is_not_shown(qtbot) -> None:
    """A late reading for another board (one opened or edited since) is dropped though its text is
    the one in the editor: the error and words shown are this board's."""
    from dagaz_studio.notation import NotationError
    from dagaz_studio.notation.nodes import Span
    from dagaz_studio.queries import NotationQuery, NotationReading

    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click(qtbot, window, "d4")
    type_and_wait(qtbot, window, "+")
    assert editor.error is None
    words = editor.words.toPlainText()
    other = load_board(shipped_boards()["xiangqi"])
    stale = NotationReading(NotationQuery("+", other), error=NotationError("not this board's", "+", Span(0, 1)))
    editor.reader.replyReady.emit(stale)
    assert editor.error is None and editor.error_label.text() == ""
    assert editor.words.toPlainText() == words
    qtbot.waitUntil(lambda: not editor.reader.running and not window.move_explorer.runner.running, timeout=20000)


def test_a_position_the_board_no_longer_reads_is_said_to_be_dropped_and_why(qtbot, tmp_path) -> None:
    """The board file lost a piece type since the position was left: the window starts on the board's
    own setup and says the position was not restored, naming what its FEN holds that the board lacks."""
    from tests.helpers.gui_window import open_window as open_on

    board = tmp_path / "guards.board"
    text = "name: guards\ngrid: a-c x 3-1\nN = (0, -1)\nplayers: White Black\npiece King K royal: N\n{}" \
           "setup: 2k/3/K2 w\n"
    board.write_text(text.format("piece Guard G: N\n"), encoding="utf-8")
    window = open_on(qtbot, str(board))
    window.document.set_fen("2k/1G1/K2 w - - 0 1")
    assert window.close()
    board.write_text(text.format(""), encoding="utf-8")
    again = open_on(qtbot, str(board))
    assert again.document.at_initial_position()
    said = again.statusBar().currentMessage()
    assert "position left last time was not restored" in said and "'G'" in said
