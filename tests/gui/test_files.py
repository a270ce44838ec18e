"""Files in the window: a shipped board is never written over, saves and exports are whole or not at
all, and a full disk keeps the user's work in the window."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from dagaz_studio.board import shipped_boards, writer
from dagaz_studio.gui import app
from dagaz_studio.notation import whole_file


def open_window(qtbot, path: str):
    window = app.create_window(path)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def own_board(tmp_path):
    (tmp_path / "boards").mkdir()
    path = tmp_path / "boards" / "chess.board"
    shutil.copy(shipped_boards()["chess"], path)
    return path


def full_disk(monkeypatch) -> None:
    """Every file written from now on runs out of space before it is complete."""
    def no_space(*_args) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(writer, "_settle", no_space)
    monkeypatch.setattr(whole_file, "_write_all", no_space)


def test_save_on_a_shipped_board_saves_a_copy_in_the_documents_folder(qtbot, monkeypatch, tmp_path) -> None:
    shipped = shipped_boards()["chess"]
    before = shipped.read_bytes()
    window = open_window(qtbot, str(shipped))
    assert window.document.read_only
    window.document.set_piece_notation("Rook", "(+)")
    assert window.files.save_action.isEnabled() and "copy" in window.files.save_action.text()
    asked = []
    target = tmp_path / "my chess.board"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda parent, title, start, *rest: asked.append(start) or (str(target), ""))
    window.files.save_action.trigger()
    assert shipped.read_bytes() == before  # the installed file is untouched
    assert asked and asked[0].endswith("chess.board") and str(shipped.parent) not in asked[0]
    assert "piece Rook R: (+)\n" in target.read_text(encoding="utf-8")
    assert window.document.board_path == target and not window.document.read_only


def test_saving_the_document_itself_refuses_a_shipped_board() -> None:
    from dagaz_studio.gui.files.document import QtDocument

    document = QtDocument()
    document.open_board("chess")
    document.set_piece_notation("Rook", "(+)")
    with pytest.raises(ValueError, match="read-only"):
        document.save_board()


def test_a_full_disk_keeps_the_previous_file_and_the_edit_in_the_window(qtbot, monkeypatch, own_board) -> None:
    before = own_board.read_bytes()
    window = open_window(qtbot, str(own_board))
    window.document.set_piece_notation("Rook", "(+)")
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warnings.append(text))
    full_disk(monkeypatch)
    assert not window.files.save()
    assert own_board.read_bytes() == before
    assert warnings and "No space left" in warnings[0]
    assert window.document.board_dirty and "piece Rook R: (+)" in window.document.board_text
    assert [p.name for p in own_board.parent.iterdir()] == ["chess.board"]  # no partial file left


@pytest.mark.parametrize("action, suffix", [("export_png_action", ".png"), ("export_svg_action", ".svg")])
def test_an_export_is_whole_or_not_at_all(qtbot, monkeypatch, own_board, action: str, suffix: str) -> None:
    window = open_window(qtbot, str(own_board))
    target = own_board.with_suffix(suffix)
    target.write_bytes(b"the previous picture")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warnings.append(text))
    full_disk(monkeypatch)
    getattr(window.files, action).trigger()
    assert target.read_bytes() == b"the previous picture" and warnings
    monkeypatch.undo()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    getattr(window.files, action).trigger()
    assert target.read_bytes() != b"the previous picture" and target.stat().st_size > 100
    assert sorted(p.name for p in own_board.parent.iterdir()) == sorted(["chess.board", target.name])


def test_the_title_names_the_file_open_and_a_saved_copy_by_its_own_name(qtbot, monkeypatch, own_board, tmp_path) -> None:
    window = open_window(qtbot, str(own_board))
    assert "chess.board" in window.windowTitle()
    copy = tmp_path / "my-variant.board"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(copy), ""))
    window.files.save_as_action.trigger()
    assert window.document.board_path == copy
    assert "my-variant.board" in window.windowTitle() and "chess.board" not in window.windowTitle()


def test_file_dialogs_start_in_home_without_a_documents_folder_and_never_among_the_shipped_boards(
        qtbot, monkeypatch, tmp_path) -> None:
    from PySide6.QtCore import QStandardPaths

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda _where: str(home / "Documents"))  # not there
    window = open_window(qtbot, str(shipped_boards()["chess"]))
    started = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda parent, title, start, *rest: started.append(start) or ("", ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda parent, title, start, *rest: started.append(start) or ("", ""))
    window.files.export_png_action.trigger()
    window.files.export_svg_action.trigger()
    window.files.save_as_action.trigger()
    window.open_action.trigger()
    window.import_action.trigger()
    assert len(started) == 5
    shipped = shipped_boards()["chess"].resolve().parent
    for start in started:
        folder = Path(start)
        folder = folder if folder.suffix == "" else folder.parent
        assert folder.resolve() == home.resolve(), started
        assert shipped not in (folder.resolve(), *folder.resolve().parents)


def test_save_with_a_board_text_that_does_not_load_says_where_and_writes_nothing(qtbot, monkeypatch,
                                                                                  own_board) -> None:
    before = own_board.read_bytes()
    window = open_window(qtbot, str(own_board))
    window.board_text.text_edit.setPlainText(window.board_text.text() + "piece Wizard W: (\n")
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warnings.append(text))
    assert window.files.save_action.isEnabled()
    window.files.save_action.trigger()
    assert own_board.read_bytes() == before
    assert warnings and "cannot be applied" in warnings[0] and "not saved" in warnings[0]
    line = len(before.decode("utf-8").splitlines()) + 1
    assert f"\n{line}:" in warnings[0], warnings[0]
    assert window.board_text_dock.isVisible() and window.board_text.has_unapplied_changes()
    window.board_text.revert()
    assert not window.files.save_action.isEnabled()


def test_an_export_named_without_its_suffix_asks_before_replacing_the_file_it_names(qtbot, monkeypatch,
                                                                                  own_board) -> None:
    """The save dialog confirmed 'board', which is free; 'board.png', which is written, is not."""
    window = open_window(qtbot, str(own_board))
    picture = own_board.parent / "board.png"
    picture.write_bytes(b"my picture")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(own_board.parent / "board"), ""))
    asked, answers = [], [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *rest: asked.append(text)
                        or answers.pop(0))
    window.files.export_png_action.trigger()
    assert picture.read_bytes() == b"my picture" and asked and "board.png already exists" in asked[0]
    window.files.export_png_action.trigger()
    assert picture.read_bytes() != b"my picture" and len(asked) == 2
