"""The board file's text edited in the window: problems underlined where they are, applied undoably."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui.docks.board_text import QtBoardTextEditor
from dagaz_studio.gui.files.document import QtDocument


@pytest.fixture
def setup(qtbot, tmp_path):
    path = tmp_path / "chess.board"
    shutil.copy(shipped_boards()["chess"], path)
    document = QtDocument()
    editor = QtBoardTextEditor(document)
    qtbot.addWidget(editor)
    document.open_board(str(path))
    return document, editor, path


def _underlined(editor: QtBoardTextEditor) -> list[tuple[int, int, str]]:
    """(line, column, text) of every underlined stretch, 1-based as the loader counts."""
    found = []
    for selection in editor.text_edit.extraSelections():
        cursor = selection.cursor
        block = editor.text_edit.document().findBlock(cursor.selectionStart())
        found.append((block.blockNumber() + 1, cursor.selectionStart() - block.position() + 1, cursor.selectedText()))
    return found


def test_the_board_files_text_is_shown_and_follows_the_open_board(setup):
    document, editor, _path = setup
    assert editor.text() == document.board_text and not editor.apply_button.isEnabled()
    document.open_board("xiangqi")
    assert editor.text() == shipped_boards()["xiangqi"].read_text(encoding="utf-8")


def test_problems_are_underlined_at_their_line_and_column_as_you_type(setup, qtbot):
    document, editor, _path = setup
    lines = editor.text().splitlines()
    rook = next(i for i, line in enumerate(lines) if line.startswith("piece Rook"))
    lines[rook] = "piece Rook R: (+)([p]\\1)*[=Ghost]"
    lines.insert(rook + 1, "zone home: White a1-h2 z9")
    editor.text_edit.setPlainText("\n".join(lines) + "\n")
    qtbot.waitUntil(lambda: len(editor.problems) == 2, timeout=10000)
    ghost = lines[rook].index("=Ghost") + 1
    assert _underlined(editor) == [(rook + 1, ghost, "=Ghost"), (rook + 2, lines[rook + 1].index("z9") + 1, "z9")]
    messages = [editor.problem_list.item(i).text() for i in range(editor.problem_list.count())]
    assert "unknown piece type 'Ghost'" in messages[0] and messages[0].startswith(f"{rook + 1}:")
    assert "z9" in messages[1]
    # Not applied, and Apply refuses: the board keeps its last good text.
    assert "Ghost" not in document.board_text
    assert editor.apply() is False and "Ghost" not in document.board_text
    assert "2 problems" in editor.status_label.text()
    editor.problem_list.itemClicked.emit(editor.problem_list.item(1))
    assert editor.text_edit.textCursor().blockNumber() == rook + 1


def test_a_good_edit_is_applied_undoably_and_the_position_kept(setup, qtbot):
    document, editor, path = setup
    document.set_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    text = editor.text().replace("players: White Black", "players: White Black\nzone middle: d4-e5")
    editor.text_edit.setPlainText(text)
    assert editor.check() == [] and editor.apply_button.isEnabled()
    with qtbot.waitSignal(editor.applied):
        editor.apply_button.click()
    assert "middle" in document.board.zones and document.board_text == text
    assert document.fen().startswith("4k3/8/8/8/8/8/4P3/4K3 w")
    assert document.board_dirty and not editor.apply_button.isEnabled()
    document.undo_stack.undo()
    assert "middle" not in document.board.zones and editor.text() == path.read_text(encoding="utf-8")
    document.undo_stack.redo()
    assert editor.text() == text


def test_edits_not_yet_applied_survive_a_change_made_elsewhere_until_reverted(setup):
    document, editor, _path = setup
    edited = editor.text() + "\nrule: compulsory-capture\n"
    editor.text_edit.setPlainText(edited)
    document.set_piece_notation("Rook", "(+)([p]\\1){0,3}")
    assert editor.text() == edited and "changed since" in editor.status_label.text()
    editor.revert_button.click()
    assert editor.text() == document.board_text and "{0,3}" in editor.text()


def test_ctrl_return_applies(setup, qtbot):
    document, editor, _path = setup
    editor.text_edit.setPlainText(editor.text().replace("draw: checkered\n", ""))
    editor.show()
    editor.text_edit.setFocus()
    qtbot.keyClick(editor.text_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert not document.board.draw.checkered


@pytest.mark.parametrize(("answer", "goes_on", "applied"), [
    (QMessageBox.StandardButton.Apply, True, True),
    (QMessageBox.StandardButton.Discard, True, False),
    (QMessageBox.StandardButton.Cancel, False, False),
])
def test_edits_not_applied_are_asked_about_before_they_could_be_lost(setup, monkeypatch, answer, goes_on, applied):
    document, editor, _path = setup
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or answer)
    assert editor.ask_unapplied() and asked == []  # nothing to ask about
    edited = editor.text() + "rule: compulsory-capture\n"
    editor.text_edit.setPlainText(edited)
    assert editor.ask_unapplied() is goes_on and "not applied" in asked[0]
    assert document.board.rules.compulsory_capture is applied
    assert editor.text() == (edited if answer != QMessageBox.StandardButton.Discard else document.board_text)


def test_apply_asked_for_a_text_that_does_not_load_keeps_the_window_open(setup, monkeypatch):
    _document, editor, _path = setup
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Apply)
    editor.text_edit.setPlainText(editor.text() + "rule: no-such-rule\n")
    assert editor.ask_unapplied() is False and editor.problems


def test_a_bad_test_is_underlined_and_the_text_still_applies(setup, qtbot):
    """A test statement with a problem is that test's, not the board's: underlined as you type, and
    Apply uses the text, the board keeping the test as one that cannot be read."""
    document, editor, _path = setup
    lines = editor.text().splitlines()
    editor.text_edit.setPlainText("\n".join(lines) + "\ntest misspelt: at d4 put Knigth reaches e6\n")
    qtbot.waitUntil(lambda: len(editor.problems) == 1, timeout=2000)
    assert _underlined(editor) == [(len(lines) + 1, 26, "Knigth")]
    assert "1 test cannot be read" in editor.status_label.text()
    assert editor.apply() is True and "Knigth" in document.board_text
    (misspelt,) = [test for test in document.board.tests if test.name == "misspelt"]
    assert not misspelt.readable
    assert [(problem.line, problem.column) for problem in editor.problems] == [(len(lines) + 1, 26)]


def test_apply_keeps_a_notation_applied_elsewhere_since_the_edits_began(setup):
    document, editor, _path = setup
    editor.text_edit.setPlainText(editor.text() + "\nrule: compulsory-capture\n")
    document.set_piece_notation("Rook", "(+)([p]\\1){0,3}")
    assert editor.apply()
    assert document.board.pieces["Rook"].notation_text == "(+)([p]\\1){0,3}"
    assert document.board.rules.compulsory_capture
    assert editor.text() == document.board_text and not editor.has_unapplied_changes()


@pytest.mark.parametrize(("answer", "kept_by_the_board"), [
    (QMessageBox.StandardButton.Apply, "(+)[p]"),
    (QMessageBox.StandardButton.Cancel, "(+)([p]\\1){0,3}"),
], ids=["apply", "cancel"])
def test_apply_over_a_line_changed_elsewhere_asks_first(setup, monkeypatch, answer, kept_by_the_board):
    document, editor, _path = setup
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or answer)
    rook_line = next(line for line in editor.text().splitlines() if line.startswith("piece Rook"))
    editor.text_edit.setPlainText(editor.text().replace(rook_line, rook_line.split(":")[0] + ": (+)[p]"))
    document.set_piece_notation("Rook", "(+)([p]\\1){0,3}")
    line = editor.text().splitlines().index(rook_line.split(":")[0] + ": (+)[p]") + 1
    assert editor.apply() == (answer == QMessageBox.StandardButton.Apply)
    assert len(asked) == 1 and f"line {line}" in asked[0]
    assert document.board.pieces["Rook"].notation_text == kept_by_the_board
