"""The notation editor's language selector: Betza and Parlett typed, translated into Dagaz as you type."""

from __future__ import annotations

from dagaz_studio.translation import translate
from test_gui_moves import click_and_wait, open_window


def test_betza_typed_in_the_editor_moves_the_piece_by_its_translation(qtbot) -> None:
    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    editor.language.setCurrentIndex(editor.language.findData("betza"))
    editor.set_text("N")
    reply = click_and_wait(qtbot, window, "d4")
    assert reply.query.notation == translate("N", "betza", "dagaz").text
    marks = {window.board.squares[s] for s, item in window.board_view.highlight_items().items() if item.kind != "selected"}
    assert marks == {"c6", "e6", "f5", "f3", "b5", "b3"}
    assert "In the Dagaz notation: " + translate("N", "betza", "dagaz").text in editor.words.toPlainText()


def test_unreadable_betza_is_underlined_where_it_is(qtbot) -> None:
    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    editor.language.setCurrentIndex(editor.language.findData("betza"))
    editor.set_text("fmO2")
    assert editor.error is not None and "castling (O)" in editor.error_label.text()
    assert editor.error_selection() == (2, 3)
    editor.language.setCurrentIndex(editor.language.findData("parlett"))
    editor.set_text("o1>, c1X>")
    assert editor.error is None
    assert editor.current_notation() == translate("o1>, c1X>", "parlett", "dagaz").text
