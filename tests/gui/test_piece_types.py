"""Piece types made in the window: new, renamed, re-lettered, deleted; placed, moved and saved."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from dagaz_studio.board import parse_board, shipped_boards
from dagaz_studio.gui.docks.piece_types import QtPieceTypeDialog, QtPieceTypes
from dagaz_studio.gui.docks.position_editor import QtPositionEditor
from dagaz_studio.gui.files.document import QtDocument


@pytest.fixture
def setup(qtbot, tmp_path):
    path = tmp_path / "xiangqi.board"
    shutil.copy(shipped_boards()["xiangqi"], path)
    document = QtDocument()
    document.open_board(str(path))
    editor = QtPositionEditor(document)
    types = QtPieceTypes(document)
    qtbot.addWidget(editor)
    qtbot.addWidget(types)
    return document, editor, types, path


def test_a_new_type_appears_in_the_palette_for_both_sides_can_be_placed_moved_and_saved(setup):
    document, editor, types, path = setup
    before = len([t for t in editor.tool_buttons if t.startswith("place:")])
    types.apply_new("Leaper", "L", True, "(X)\\1")
    kind = list(document.board.pieces).index("Leaper")
    assert {f"place:0:{kind}", f"place:1:{kind}"} <= set(editor.tool_buttons)
    assert len([t for t in editor.tool_buttons if t.startswith("place:")]) == before + 2
    assert types.list.item(types.list.count() - 1).text() == "Leaper (L) · royal"
    # Placed with the palette as any other type, for each side.
    e5, e6 = document.board.index("e5"), document.board.index("e6")
    editor.tool_buttons[f"place:0:{kind}"].click()
    editor.square_clicked(e5)
    editor.tool_buttons[f"place:1:{kind}"].click()
    editor.square_clicked(e6)
    assert document.position.piece_name(e5) == "Leaper" and document.position.cells[e6].player == 1
    assert "/4l4/4L4/" in document.fen()
    document.move_piece(e5, document.board.index("e4"))
    assert document.position.piece_name(document.board.index("e4")) == "Leaper"
    # The rest of the position came through the change untouched.
    assert document.fen().startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/4l4/9/P1P1L1P1P/")
    assert document.board_dirty
    document.save_board()
    saved = parse_board(path.read_text(encoding="utf-8"))
    assert saved.pieces["Leaper"].notation_text == "(X)\\1" and saved.pieces["Leaper"].royal


def test_a_renamed_type_keeps_its_pieces_and_undo_brings_the_old_name_back(setup):
    document, _editor, types, _path = setup
    fen = document.fen()
    types.apply_edit("Chariot", "Rook", "R", False)
    assert "Rook" in document.board.pieces and "Chariot" not in document.board.pieces
    assert document.fen() == fen
    assert document.position.piece_name(document.board.index("a1")) == "Rook"
    types.apply_edit("Horse", "Horse", "H", False)
    assert document.fen().startswith("rhbakabhr/")
    types._select("Rook")
    document.undo_stack.undo()
    assert types.selected() == "Rook"
    document.undo_stack.undo()
    assert types.selected() == "Chariot"  # the selection follows its type's name back
    assert "Chariot" in document.board.pieces and document.fen() == fen
    assert [types.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(types.list.count())] == list(document.board.pieces)


def test_deleting_a_type_takes_its_pieces_and_palette_buttons_away(setup):
    document, editor, types, _path = setup
    types.apply_delete("Cannon")
    assert "Cannon" not in document.board.pieces
    assert document.fen().startswith("rnbakabnr/9/9/p1p1p1p1p/")
    assert len([t for t in editor.tool_buttons if t.startswith("place:")]) == 2 * len(document.board.pieces)
    types.apply_new("Scout", "X", False, "N[+Soldier]")
    with pytest.raises(ValueError, match="Soldier is named in the notation of Scout"):
        types.apply_delete("Soldier")


def test_the_piece_being_placed_stays_chosen_while_its_type_stays(setup):
    """A notation applied, a type added or an earlier one deleted, or the type renamed, leaves the
    palette on the piece the user picked; only that type's going takes the tool back to Select."""
    document, editor, types, _path = setup

    def soldier(player: int) -> str:
        return f"place:{player}:{list(document.board.pieces).index('Soldier')}"

    editor.tool_buttons[soldier(1)].click()
    document.set_piece_notation("Chariot", "(+)([p]\\1)*[e]")
    assert editor.tool == soldier(1) and editor.tool_buttons[soldier(1)].isChecked()
    types.apply_new("Leaper", "L", False, "(X)\\1")
    assert editor.tool == soldier(1)
    types.apply_delete("Cannon")
    assert editor.tool == soldier(1) and editor.tool_buttons[soldier(1)].isChecked()
    editor.square_clicked(document.board.index("e5"))
    assert document.position.piece_name(document.board.index("e5")) == "Soldier"
    assert document.position.cells[document.board.index("e5")].player == 1
    document.undo_stack.undo()
    assert editor.tool == soldier(1)
    types.apply_edit("Soldier", "Pawn", "P", False)
    assert editor.tool == f"place:1:{list(document.board.pieces).index('Pawn')}"
    document.undo_stack.undo()
    assert editor.tool == soldier(1)
    types.apply_delete("Soldier")
    assert editor.tool == "select" and editor.tool_buttons["select"].isChecked()


def test_the_dialog_shows_why_a_type_cannot_be_added_and_stays_open(setup, qtbot):
    document, _editor, types, _path = setup
    dialog = QtPieceTypeDialog(types.apply_new, "New piece type", notation="")
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name_field, "Wazir")
    qtbot.keyClicks(dialog.letter_field, "r")
    dialog.notation_field.setPlainText("+")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert "already the Chariot's" in dialog.error_label.text()
    assert dialog.result() == 0 and "Wazir" not in document.board.pieces
    dialog.letter_field.setText("W")
    dialog.notation_field.setPlainText("+[Ghost")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.error_label.text().startswith("notation, column 2: ")  # where the '[' stands
    assert "xiangqi.board" not in dialog.error_label.text()
    dialog.notation_field.setPlainText("N[=Ghost]")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.error_label.text() == "notation, column 3: unknown piece type 'Ghost'"
    dialog.notation_field.setPlainText("+")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result() == dialog.DialogCode.Accepted
    assert document.board.pieces["Wazir"].letter == "W"


def test_a_long_pasted_name_is_refused_within_the_dialogs_width(setup, qtbot):
    from dagaz_studio.gui.docks.label_text import unbroken

    _document, _editor, types, _path = setup
    dialog = QtPieceTypeDialog(types.apply_new, "New piece type", notation="+")
    qtbot.addWidget(dialog)
    dialog.name_field.setText("Wazir" * 600 + "!")
    dialog.letter_field.setText("W")
    dialog.show()
    width = dialog.width()
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert unbroken(dialog.error_label.text()).startswith("The name is longer than 64 characters")
    assert dialog.result() == 0
    assert dialog.sizeHint().width() < max(width, 800)


def test_a_name_pasted_longer_than_the_field_holds_is_refused_not_cut(setup, qtbot):
    document, _editor, types, _path = setup
    dialog = QtPieceTypeDialog(types.apply_new, "New piece type", notation="+")
    qtbot.addWidget(dialog)
    dialog.letter_field.setText("W")
    QApplication.clipboard().setText("W" + "a" * 99_999)
    dialog.name_field.setFocus()
    qtbot.keyClick(dialog.name_field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert "longer than 64 characters" in dialog.error_label.text() and dialog.result() == 0
    assert not any(name.startswith("Waaa") for name in document.board.pieces)


def test_delete_asks_first_and_names_the_notation_that_still_uses_the_type(setup, monkeypatch):
    document, _editor, types, _path = setup
    asked, warned = [], []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warned.append(args[2]))
    types.apply_new("Scout", "X", False, "N[+Soldier]")
    types.list.setCurrentRow(list(document.board.pieces).index("Soldier"))
    types.delete_button.click()
    assert "Soldier" in asked[0] and "named in the notation of Scout" in warned[0]
    assert "Soldier" in document.board.pieces
    types.list.setCurrentRow(list(document.board.pieces).index("General"))
    types.delete_button.click()
    assert "General" not in document.board.pieces


@pytest.mark.parametrize("size", [(1280, 900), (1280, 800), (800, 600)])
def test_the_new_edit_and_delete_buttons_are_always_in_sight_beside_the_list(qtbot, size):
    from tests.helpers.gui_window import open_window

    window = open_window(qtbot, "xiangqi", size)
    window.piece_types_dock.show()
    window.piece_types_dock.raise_()
    qtbot.wait(50)
    types = window.piece_types
    types.list.setCurrentRow(types.list.count() - 1)
    buttons = (types.new_button, types.edit_button, types.delete_button)
    # The panel is laid out at later turns of the event loop, which a loaded machine may not have
    # turned within the 50 ms: waited for.
    qtbot.waitUntil(lambda: all(button.visibleRegion().boundingRect().size() == button.size() for button in buttons),
                    timeout=10000)
    for button in buttons:
        # Wholly in sight, not clipped by the dock or scrolled away.
        assert button.isVisible() and button.visibleRegion().boundingRect().size() == button.size(), button.text()
    assert types.list.visibleRegion().boundingRect().height() >= types.list.sizeHintForRow(0) * 2
    # The list scrolls within itself: its last row is reached with the buttons still in sight.
    types.list.scrollToBottom()
    assert types.delete_button.visibleRegion().boundingRect().size() == types.delete_button.size()


def test_a_draft_of_a_renamed_types_notation_follows_the_rename_and_its_undo(qtbot):
    """A notation being edited, not applied, when its type is renamed in the Piece types panel: the
    editor stays on the type under its new name with the draft as typed, and an undo takes both back."""
    from tests.helpers.gui_window import click_and_wait, open_window, type_and_wait

    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click_and_wait(qtbot, window, "g1")
    type_and_wait(qtbot, window, "N,OM;E,OT")
    assert editor.unapplied() == {"Knight": "N,OM;E,OT"}
    window.piece_types.apply_edit("Knight", "Horse", "N", False)
    assert editor.unapplied() == {"Horse": "N,OM;E,OT"}
    assert editor.piece == "Horse" and editor.text() == "N,OM;E,OT"
    window.document.undo_stack.undo()
    assert editor.unapplied() == {"Knight": "N,OM;E,OT"} and editor.piece == "Knight"
    # No draft is left for the closing window to ask about.
    editor.discard_unapplied()
    qtbot.waitUntil(lambda: not editor.unapplied() and not editor.reading_pending and not editor.reader.running
                    and not window.move_explorer.runner.running, timeout=20000)


def test_the_longest_name_a_type_may_have_leaves_the_moves_panel_its_width(qtbot):
    from tests.helpers.gui_window import click_and_wait, open_window

    window = open_window(qtbot, "chess", (800, 600))
    name = "W" + "a" * 63
    window.piece_types.apply_new(name, "W", False, "+")
    window.document.set_fen("4k3/8/8/8/3W4/8/8/4K3 w - - 0 1")
    area = window.moves_dock.widget()
    width = area.width()
    click_and_wait(qtbot, window, "d4")
    assert name in window.move_explorer.panel.summary.text()
    QApplication.processEvents()  # the layout follows the label at the next turn of the event loop
    assert area.width() == width and not area.horizontalScrollBar().isVisible()
    assert area.widget().width() <= area.viewport().width()
