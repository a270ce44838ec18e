"""A text pasted into a one-line field and longer than the field holds is refused, saying so, rather
than cut to fit and read as the part that fitted (a FEN, a move's name or a notation followed by
pages of spaces and then more would otherwise read as its start alone)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dagaz_studio.engine import MAX_FEN_LENGTH
from dagaz_studio.queries import MAX_NOTATION_CHARS
from tests.helpers.gui_window import click_and_wait

#: What a text is padded with to be longer than any field holds: the reader would skip it.
PAGES_OF_SPACES = " " * 40_000


def _paste(qtbot, field, text: str) -> None:
    """Paste ``text`` over the field's text, as Ctrl+V does."""
    QApplication.clipboard().setText(text)
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def test_a_fen_longer_than_the_field_holds_is_refused_not_cut(qtbot, chess_window):
    editor, document = chess_window.position_editor, chess_window.document
    before = document.fen()
    _paste(qtbot, editor.fen_field, "4k3/8/8/8/8/8/8/4K3 w - - 0 1" + PAGES_OF_SPACES + "and then more")
    assert f"longer than {MAX_FEN_LENGTH:,} characters" in editor.fen_error.text()
    qtbot.keyClick(editor.fen_field, Qt.Key.Key_Return)
    assert document.fen() == before
    assert f"longer than {MAX_FEN_LENGTH:,} characters" in editor.fen_error.text()
    assert len(editor.fen_error.text()) < 200  # said in a sentence, the FEN not echoed


def test_the_longest_fen_read_fits_the_field(qtbot, chess_window):
    field = chess_window.position_editor.fen_field
    _paste(qtbot, field, "x" * MAX_FEN_LENGTH)
    assert len(field.text()) == MAX_FEN_LENGTH and chess_window.position_editor.fen_error.text() == ""


def test_a_move_name_longer_than_the_field_holds_is_refused_not_cut(qtbot, chess_window):
    play = chess_window.play_field
    before = chess_window.document.fen()
    _paste(qtbot, play.field, "e4" + PAGES_OF_SPACES + "and then more")
    qtbot.keyClick(play.field, Qt.Key.Key_Return)
    assert play.error is not None and "characters" in play.error
    assert not chess_window.move_play.reading and chess_window.document.fen() == before


def test_bs_notation_longer_than_the_field_holds_is_refused_not_cut(qtbot, chess_window):
    chess_window.tests_dock.show()
    chess_window.tests_panel.tabs.setCurrentIndex(1)
    click_and_wait(qtbot, chess_window, "a1")
    tab = chess_window.tests_panel.compare
    _paste(qtbot, tab.b_text, "(+)" + PAGES_OF_SPACES + "and then more")
    assert tab.b_notation() is None
    assert f"longer than {MAX_NOTATION_CHARS:,} characters" in tab.result.text()


def test_a_bad_fen_is_said_without_quoting_it_back(qtbot, chess_window):
    """What is wrong and where: the FEN itself stands in the field above the message."""
    editor = chess_window.position_editor
    editor.fen_field.setText("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" + " x" * 10_000)
    qtbot.keyClick(editor.fen_field, Qt.Key.Key_Return)
    said = editor.fen_error.text()
    assert said.startswith("bad FEN (extra field): ") and "the extra field is 'x'" in said
    assert "rnbqkbnr" not in said and len(said) < 200
