"""Editing the position in the window: palette, remove tool, drag, moved/unmoved, side to move, FEN,
undo/redo, reset and clear; files, unsaved changes, drops, what is remembered, and export."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ElementTree

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication, QImage, QKeySequence, QMouseEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from dagaz_studio.board import shipped_boards
from dagaz_studio.engine import MAX_FEN_LENGTH
from dagaz_studio.gui import app
from dagaz_studio.gui.board_view import export
from dagaz_studio.gui.board_view.view import DEFAULT_HIGHLIGHT_COLOURS, highlight_colours, set_highlight_colours

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.fixture
def window(qtbot, tmp_path):
    path = tmp_path / "chess.board"
    shutil.copy(shipped_boards()["chess"], path)
    widget = app.create_window(str(path))
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    set_highlight_colours(DEFAULT_HIGHLIGHT_COLOURS)


def click(qtbot, window, square: str, button=Qt.MouseButton.LeftButton) -> None:
    view = window.board_view
    qtbot.mouseClick(view.viewport(), button, pos=view.mapFromScene(view.square_centre(window.board.index(square))))


def test_palette_places_pieces_and_remove_takes_them(qtbot, window):
    editor = window.position_editor
    assert len([t for t in editor.tool_buttons if t.startswith("place:")]) == 2 * len(window.board.pieces)
    knight = list(window.board.pieces).index("Knight")
    qtbot.mouseClick(editor.tool_buttons[f"place:1:{knight}"], Qt.MouseButton.LeftButton)
    assert editor.tool == f"place:1:{knight}"
    click(qtbot, window, "e4")
    click(qtbot, window, "d5")
    assert window.document.position.piece_name(window.board.index("e4")) == "Knight"
    assert window.board.index("d5") in window.board_view.piece_items()
    qtbot.mouseClick(editor.tool_buttons["remove"], Qt.MouseButton.LeftButton)
    click(qtbot, window, "e4")
    assert window.board.index("e4") not in window.board_view.piece_items()
    assert editor.fen_field.text() == window.document.fen()
    assert window.document.fen().startswith("rnbqkbnr/pppppppp/8/3n4/8/8/")


def _mouse(view, kind, pos, button, buttons):
    event = QMouseEvent(kind, QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def test_dragging_a_piece_moves_it(qtbot, window):
    view = window.board_view
    start = view.mapFromScene(view.square_centre(window.board.index("g1")))
    end = view.mapFromScene(view.square_centre(window.board.index("f3")))
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    _mouse(view, QEvent.Type.MouseButtonPress, start, left, left)
    _mouse(view, QEvent.Type.MouseMove, (start + end) / 2, none, left)
    _mouse(view, QEvent.Type.MouseMove, end, none, left)
    _mouse(view, QEvent.Type.MouseButtonRelease, end, left, none)
    position = window.document.position
    assert position.piece_name(window.board.index("f3")) == "Knight"
    assert position.cells[window.board.index("g1")] is None
    assert window.board.index("f3") in view.piece_items() and window.board.index("g1") not in view.piece_items()


def test_a_click_without_moving_is_not_a_drag(qtbot, window):
    click(qtbot, window, "g1")
    assert window.document.undo_stack.count() == 0


def test_context_menu_marks_a_piece_moved(qtbot, window):
    menu = window.position_editor.square_menu(window.board.index("h1"))
    moved = menu.actions()[0]
    assert moved.isCheckable() and not moved.isChecked()
    moved.trigger()
    assert window.document.fen().split()[2] == "Qkq"
    assert window.position_editor.square_menu(window.board.index("e4")) is None


def test_side_to_move_box(qtbot, window):
    box = window.position_editor.turn_box
    assert [box.itemText(i) for i in range(box.count())] == list(window.board.players)
    box.setCurrentIndex(1)
    box.activated.emit(1)
    assert window.document.position.turn == 1
    window.undo_action.trigger()
    assert box.currentIndex() == 0


def test_fen_field_sets_up_and_a_bad_fen_shows_the_error_and_keeps_the_position(qtbot, window):
    field = window.position_editor.fen_field
    assert field.text() == START
    field.clear()
    qtbot.keyClicks(field, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert window.document.fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert len(window.board_view.piece_items()) == 3
    field.clear()
    qtbot.keyClicks(field, "4k3/8/8/8/8/8/8/4K2Z w - - 0 1")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert "bad FEN" in window.position_editor.fen_error.text()
    assert window.document.fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"


def test_the_fen_field_of_a_draughts_board_reads_a_pdn_fen_and_shows_a_bad_one_s_error(qtbot, window):
    window.document.open_board("checkers")
    field = window.position_editor.fen_field
    field.clear()
    qtbot.keyClicks(field, "W:WK10:B14,22")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert window.document.fen() == "8/8/3k4/2M5/8/2M5/8/8 b - - 0 1"
    field.clear()
    qtbot.keyClicks(field, "W:W33:B1")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert "no square numbered 33" in window.position_editor.fen_error.text()
    assert window.document.fen() == "8/8/3k4/2M5/8/2M5/8/8 b - - 0 1"


def test_undo_redo_shortcuts_reset_and_clear(qtbot, window):
    editor = window.position_editor
    assert window.undo_action.shortcut() == QKeySequence.StandardKey.Undo or window.undo_action.shortcut().toString() == "Ctrl+Z"
    assert "Ctrl+Shift+Z" in [s.toString() for s in window.redo_action.shortcuts()]
    qtbot.mouseClick(editor.clear_button, Qt.MouseButton.LeftButton)
    assert window.board_view.piece_items() == {}
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(window.board_view.piece_items()) == 32
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.board_view.piece_items() == {}
    qtbot.mouseClick(editor.reset_button, Qt.MouseButton.LeftButton)
    assert window.document.fen() == START
    assert editor.undo_button.isEnabled() and not editor.redo_button.isEnabled()


def test_every_platform_key_for_undo_and_redo_works_and_no_key_is_bound_twice(qtbot, window):
    from PySide6.QtGui import QAction, QShortcut

    from dagaz_studio.gui.docks.help import QtShortcutsDialog

    with qtbot.waitActive(window):
        window.activateWindow()
    bound = [keys.toString() for action in window.findChildren(QAction) for keys in action.shortcuts()]
    bound += [shortcut.key().toString() for shortcut in window.findChildren(QShortcut)]
    assert bound and len(bound) == len(set(bound)), sorted(bound)
    table = QtShortcutsDialog(window.menuBar(), window).table
    listed = [table.item(row, 0).text() for row in range(table.rowCount())]
    redo_row = next(keys for row, keys in enumerate(listed) if table.item(row, 1).text().startswith("Redo"))
    redo_keys = [keys.toString(QKeySequence.SequenceFormat.NativeText)
                 for keys in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)]
    assert redo_row.split(", ") == redo_keys
    for standard, cleared in ((QKeySequence.StandardKey.Undo, 32), (QKeySequence.StandardKey.Redo, 0)):
        for keys in QKeySequence.keyBindings(standard):
            qtbot.mouseClick(window.position_editor.clear_button, Qt.MouseButton.LeftButton)
            if standard == QKeySequence.StandardKey.Redo:
                window.document.undo_stack.undo()
            window.board_view.setFocus()
            qtbot.keyClick(window.board_view, keys[0].key(), keys[0].keyboardModifiers())
            assert len(window.board_view.piece_items()) == cleared, keys.toString()


def test_closing_with_a_changed_notation_asks_and_cancel_keeps_the_window(qtbot, window, monkeypatch):
    answers = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: answers.pop(0))
    window.document.set_piece_notation("Knight", "N")
    assert window.isWindowModified() and window.files.save_action.isEnabled()
    answers.append(QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert window.isVisible()
    answers.append(QMessageBox.StandardButton.Save)
    assert window.close()
    assert "piece Knight N: N\n" in window.document.board_path.read_text(encoding="utf-8")


def test_opening_another_board_with_unsaved_changes_can_discard_them(qtbot, window, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Discard)
    window.document.set_piece_notation("Knight", "N")
    assert window.open_file(str(shipped_boards()["xiangqi"]))
    assert window.board.name == "xiangqi" and not window.document.board_dirty


def test_save_as_writes_a_new_file(qtbot, window, tmp_path, monkeypatch):
    target = tmp_path / "mine.board"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    window.document.set_piece_notation("Rook", "(+)")
    window.files.save_as_action.trigger()
    assert window.document.board_path == target and not window.document.board_dirty
    assert "piece Rook R: (+)\n" in target.read_text(encoding="utf-8")
    assert str(target.resolve()) in window.files.recent_boards()


def test_dropping_a_board_file_opens_it(qtbot, window):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(shipped_boards()["fanorona"]))])
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    # Qt drops drag events that no drag is under way for, so they go to the window's handlers directly.
    enter = QDragEnterEvent(QPoint(50, 50), Qt.DropAction.CopyAction, mime, buttons, modifiers)
    enter.ignore()
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, buttons, modifiers)
    window.dropEvent(drop)
    assert window.board.name.startswith("fanorona")
    assert window.acceptDrops()


def test_open_recent_lists_boards_opened_before(qtbot, window):
    window.open_file(str(shipped_boards()["xiangqi"]))
    window.files.recent_menu.aboutToShow.emit()
    names = [action.text() for action in window.files.recent_menu.actions()]
    assert names[:2] == ["xiangqi.board", "chess.board"]
    window.files.recent_menu.actions()[1].trigger()
    assert window.board.name == "chess"


def test_the_next_window_comes_back_as_this_one_was_left(qtbot, window):
    window.document.set_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    window.resize(700, 560)
    window.removeDockWidget(window.position_dock)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.position_dock)
    window.position_dock.show()
    set_highlight_colours({"move": "#123456"})
    assert window.close()
    set_highlight_colours(DEFAULT_HIGHLIGHT_COLOURS)
    again = app.create_window(None)
    qtbot.addWidget(again)
    assert again.document.board_path == window.document.board_path
    assert again.document.fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert again.document.undo_stack.count() == 0
    assert again.dockWidgetArea(again.position_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert (again.width(), again.height()) == (700, 560)
    assert highlight_colours()["move"] == "#123456"


def test_copy_image_and_export_from_the_window(qtbot, window, tmp_path, monkeypatch):
    window.board_view.set_highlights({window.board.index("e4"): "move"})
    window.files.copy_image_action.trigger()
    copied = QGuiApplication.clipboard().image()
    assert copied.size() == export.image_size(window.board_view)
    png, svg = tmp_path / "board.png", tmp_path / "board"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(png), ""))
    window.files.export_png_action.trigger()
    assert QImage(str(png)).convertToFormat(copied.format()) == copied
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(svg), ""))
    window.files.export_svg_action.trigger()
    root = ElementTree.parse(tmp_path / "board.svg").getroot()
    assert root.tag.endswith("svg") and "#009e73" in (tmp_path / "board.svg").read_text(encoding="utf-8").lower()


def test_a_neutral_piece_is_in_the_palette_once_and_placed_as_nobodys(qtbot, tmp_path):
    path = tmp_path / "amazons.board"
    shutil.copy(shipped_boards()["amazons"], path)
    window = app.create_window(str(path))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    editor = window.position_editor
    board = window.board
    arrow, amazon = list(board.pieces).index("Arrow"), list(board.pieces).index("Amazon")
    places = sorted(t for t in editor.tool_buttons if t.startswith("place:"))
    assert places == sorted([f"place:0:{amazon}", f"place:1:{amazon}", f"place:-1:{arrow}"])
    assert "nobody" in editor.tool_buttons[f"place:-1:{arrow}"].toolTip()
    qtbot.mouseClick(editor.tool_buttons[f"place:-1:{arrow}"], Qt.MouseButton.LeftButton)
    click(qtbot, window, "e5")
    placed = window.document.position.cells[board.index("e5")]
    assert placed is not None and placed.player < 0 and placed.kind == arrow
    assert window.document.fen().split()[0].split("/")[5] == "4*5"
    # On the board too it is nobody's: not the last player's, which index -1 of the players would name.
    tip = window.board_view.piece_items()[board.index("e5")].toolTip()
    assert tip == "Arrow (nobody's)", tip
    # Asked for a side, an arrow is still nobody's.
    window.document.place(board.index("f5"), 0, "Arrow")
    assert window.document.position.cells[board.index("f5")].player < 0


def test_the_palette_shows_letters_where_the_fonts_lack_a_pieces_characters(qtbot):
    from dagaz_studio.gui.board_view.piece_items import can_draw
    from dagaz_studio.gui.resources import piece_face
    from tests.helpers.gui_window import open_window

    window = open_window(qtbot, "xiangqi")
    buttons = {tool: button for tool, button in window.position_editor.tool_buttons.items() if tool.startswith("place:")}
    assert len(buttons) == 14
    # Each label drawn by the fonts there are: the characters with a CJK font, the letters without one.
    assert all(can_draw(button.text()) for button in buttons.values())
    chariot = piece_face(window.board, "Chariot", "R", 0)
    assert chariot.kind == "character"
    assert buttons["place:0:0"].text() == (chariot.text if can_draw(chariot.text) else "R")


@pytest.mark.parametrize("text", ["x" * 100_000, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1"])
def test_a_long_bad_fen_or_move_name_is_said_within_its_panel(qtbot, window, text):
    """The error quoting a long line without spaces wraps inside its panel and is cut short, instead of
    widening the panel past the window (its buttons and legend out of sight behind a scroll bar)."""
    window.resize(1200, 900)
    qtbot.wait(50)
    for field, dock in ((window.position_editor.fen_field, window.position_dock),
                        (window.play_field.field, window.moves_dock)):
        field.setText(text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
        qtbot.wait(50)  # the layout follows the message at the next turn of the event loop
        area = dock.widget()
        assert not area.horizontalScrollBar().isVisible(), dock.windowTitle()
        assert area.widget().width() <= area.viewport().width()
    assert window.play_field.error is not None and len(window.play_field.message.text()) < 1000
    said = "bad FEN" if len(text) <= MAX_FEN_LENGTH else f"longer than {MAX_FEN_LENGTH:,} characters"
    assert said in window.position_editor.fen_error.text() and len(window.position_editor.fen_error.text()) < 1000
