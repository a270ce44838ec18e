"""The Tests panel beside a piece type's unapplied edit: *Record as test* applies the edit and writes a
test of the type, not of a notation put on its square; an edit that does not read takes the panel's
results and the comparison off, saying why, rather than leaving an earlier text's shown as current.
Expected squares come from python-chess, not from the program."""

from __future__ import annotations

import chess
from PySide6.QtCore import Qt

from tests.helpers.gui_window import click_and_wait, open_window, shown_tests_panel, type_and_wait

#: A White Knight on d4 with room round it.
FEN = "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"
#: The Knight's notation edited into a Wazir's.
WAZIR = "+"


def _wazir_squares() -> set[str]:
    # A King's steps that a Rook makes too: the four orthogonal ones.
    steps = chess.SquareSet(chess.BB_KING_ATTACKS[chess.D4]) & chess.SquareSet(chess.BB_RANK_4 | chess.BB_FILE_D)
    return {chess.square_name(square) for square in steps}


def _edited_knight(qtbot, window):
    panel = shown_tests_panel(qtbot, window)
    window.document.set_fen(FEN)
    click_and_wait(qtbot, window, "d4")
    type_and_wait(qtbot, window, WAZIR)
    qtbot.waitUntil(lambda: panel.answer is not None and panel.answer.query.edit == WAZIR, timeout=20000)
    return panel


def test_a_test_recorded_while_the_type_is_edited_applies_the_edit_and_is_of_the_type(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = _edited_knight(qtbot, window)
    with qtbot.waitSignal(panel.recorded, timeout=20000) as blocker:
        qtbot.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    statement = blocker.args[0]
    assert statement.startswith(f"test reaches-from-d4-1: fen {FEN} at d4 reaches "), statement
    assert "put" not in statement
    assert set(statement.split(" reaches ")[1].split()) == _wazir_squares()
    assert panel.why.text().startswith("The Knight's edited notation was applied first")
    assert window.document.board.pieces["Knight"].notation_text == WAZIR
    assert window.notation_editor.unapplied() == {}
    # The text the test went into has the edit: applied, the test is the Knight's, and it passes.
    with qtbot.waitSignal(panel.resultsShown, timeout=20000):
        qtbot.mouseClick(window.board_text.apply_button, Qt.MouseButton.LeftButton)
    assert window.document.board.pieces["Knight"].notation_text == WAZIR
    item = panel.test_item("reaches-from-d4-1")
    assert item is not None and item.text().startswith("✓ "), item and item.toolTip()


def test_a_test_of_an_edited_type_is_not_recorded_into_a_text_edited_apart(qtbot) -> None:
    """Applying a board file's text edited before the notation's edit would take that edit back: the
    panel says so and records nothing, the edit still unapplied."""
    window = open_window(qtbot, "chess")
    panel = _edited_knight(qtbot, window)
    window.board_text.text_edit.appendPlainText("# a note")
    text = window.board_text.text_edit.toPlainText()
    assert not panel.record()
    assert panel.why.text().startswith("Nothing recorded: the Knight's notation and the board file's text both")
    assert window.board_text.text_edit.toPlainText() == text
    assert window.notation_editor.unapplied() == {"Knight": WAZIR}


def test_an_edit_that_does_not_read_takes_the_tests_results_off_and_says_why(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = _edited_knight(qtbot, window)
    assert panel.test_list.count() > 0
    editor = window.notation_editor
    editor.text_edit.setFocus()
    editor.text_edit.selectAll()
    qtbot.keyClicks(editor.text_edit, "((")
    assert editor.error is not None
    assert panel.test_list.count() == 0 and panel.answer is None
    assert panel.summary.text().startswith("The Knight's edited notation does not read (1:")
    # Nothing is recorded of a text that does not read, and the panel says why.
    text = window.board_text.text_edit.toPlainText()
    qtbot.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    assert panel.why.text().startswith("Nothing recorded: the Knight's edited notation does not read")
    assert window.board_text.text_edit.toPlainText() == text
    # Readable again: the tests run again with it.
    type_and_wait(qtbot, window, WAZIR)
    qtbot.waitUntil(lambda: panel.answer is not None and panel.answer.query.edit == WAZIR, timeout=20000)
    assert panel.test_list.count() > 0


def test_an_edit_that_does_not_read_takes_the_comparison_off(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = _edited_knight(qtbot, window)
    panel.tabs.setCurrentIndex(1)
    tab = panel.compare
    with qtbot.waitSignal(tab.runner.replyReady, timeout=20000):
        tab.b_text.setFocus()
        qtbot.keyClicks(tab.b_text, "(X)")
    assert set(tab.marks.marks) == _wazir_squares() | {"c5", "e5", "c3", "e3"}
    editor = window.notation_editor
    editor.text_edit.setFocus()
    editor.text_edit.selectAll()
    qtbot.keyClicks(editor.text_edit, "((")
    assert tab.a_text is None and tab.marks.marks == {} and tab.result.text() == ""
    assert tab.a_label.text().startswith("A: the notation being edited cannot be compared: ")
