"""File ▸ Export for Fairy-Stockfish…: the open board exported off the window's thread, then saved or
copied; a board the export refuses is shown with the reason."""

from __future__ import annotations

import threading
from pathlib import Path

import pyffish
import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QMessageBox

from dagaz_studio.gui.files.export_fsf import QtFsfExportDialog
from dagaz_studio.variants_ini import IniError
from tests.helpers.fsf_oracle import ask
from tests.helpers.gui_window import open_window

#: Milliseconds an export may take on a crowded machine (it plays random games).
EXPORTED = 120000


def exported(qtbot, window) -> QtFsfExportDialog:
    """Trigger File ▸ Export for Fairy-Stockfish… and wait for the dialog's answer."""
    assert window.export_fsf_action in window.file_menu.actions()
    window.export_fsf_action.trigger()
    shown = [dialog for dialog in window.findChildren(QtFsfExportDialog) if dialog.isVisible()]
    assert len(shown) == 1
    dialog = shown[0]
    qtbot.waitUntil(lambda: dialog.answer is not None, timeout=EXPORTED)
    return dialog


def saving_to(monkeypatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(path), "")))


def test_the_export_runs_off_the_window_thread_and_its_section_is_saved_and_copied(qtbot, tmp_path: Path,
                                                                                   monkeypatch) -> None:
    window = open_window(qtbot, "chess")
    window.export_fsf_action.trigger()
    dialog = window.findChild(QtFsfExportDialog)
    # The trigger returned before the export ended: the window went on answering meanwhile.
    assert dialog is not None and dialog.answer is None and dialog.busy.isVisible()
    assert not dialog.save_button.isEnabled() and not dialog.copy_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.answer is not None, timeout=EXPORTED)
    text = dialog.section.toPlainText()
    assert text.startswith("[chess-exported:chess]")
    # Fairy-Stockfish reads the section and plays chess's first moves by it.
    start = pyffish.start_fen("chess")
    assert ask(text, [("chess-exported", start, ["e2e4"])]) == [pyffish.legal_moves("chess", start, ["e2e4"])]
    saved = tmp_path / "mine"
    saving_to(monkeypatch, saved)
    assert dialog.save_as()
    assert (tmp_path / "mine.ini").read_text(encoding="utf-8") == text
    assert "mine.ini" in dialog.problem.text()
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == text


def test_a_board_the_export_refuses_is_shown_with_the_reason(qtbot) -> None:
    from dagaz_studio.board import load_board, shipped_boards
    from dagaz_studio.queries.fsf_export import export_board

    with pytest.raises(IniError) as refused:
        export_board(load_board(str(shipped_boards()["oware"])))
    window = open_window(qtbot, "oware")
    dialog = exported(qtbot, window)
    assert dialog.answer.refusal == refused.value.message
    reason = refused.value.message.split(": ", 1)[1]
    assert refused.value.message.startswith("board Oware: ")
    # The board is named once, then why.
    assert dialog.summary.text() == f"Oware cannot be exported for Fairy-Stockfish: {reason}."
    assert not dialog.section.isVisible() and not dialog.busy.isVisible()
    # Nothing to save or copy: only Close.
    assert not dialog.save_button.isVisible() and not dialog.copy_button.isVisible()
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Close).isVisible()
    # The dialog fits the reason: all its lines, and no empty band round them.
    qtbot.waitUntil(lambda: dialog.summary.height() >= dialog.summary.heightForWidth(dialog.summary.width()))
    assert dialog.summary.height() <= dialog.summary.heightForWidth(dialog.summary.width()) + 8


def test_the_board_exported_is_the_one_open_with_its_unsaved_edits(qtbot) -> None:
    window = open_window(qtbot, "chess")
    text = window.document.board_text
    window.document.model.set_board_text(text.replace("\nchess\n", "\nmy-chess\n", 1), "Rename the board")
    assert window.document.board_dirty
    dialog = exported(qtbot, window)
    assert dialog.answer.query.exported is window.document.board
    assert dialog.section.toPlainText().startswith("[my-chess:chess]")


def test_a_file_that_cannot_be_written_is_said_and_the_section_kept(qtbot, tmp_path: Path, monkeypatch) -> None:
    window = open_window(qtbot, "chess")
    dialog = exported(qtbot, window)
    text = dialog.section.toPlainText()
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    saving_to(monkeypatch, blocker / "chess.ini")
    assert not dialog.save_as()
    assert "not saved" in dialog.problem.text() and "a-file" in dialog.problem.text()
    assert dialog.isVisible() and dialog.section.toPlainText() == text and dialog.save_button.isEnabled()
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    # A folder where the file would go: said as one, without asking to replace it, and left as it was.
    folder = tmp_path / "export.ini"
    (folder / "inside").mkdir(parents=True)
    asked: list[object] = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *args: asked.append(args)))
    for chosen in (folder, tmp_path / "export"):
        saving_to(monkeypatch, chosen)
        assert not dialog.save_as()
        assert dialog.problem.text() == (f"The section was not saved to {folder}: it is a folder, not a regular "
                                         "file. It is still here to save elsewhere or copy.")
    assert asked == [] and [child.name for child in folder.iterdir()] == ["inside"]
    assert dialog.section.toPlainText() == text and dialog.save_button.isEnabled()


def test_a_dialog_closed_while_exporting_drops_its_answer_and_the_next_export_gets_its_own(qtbot) -> None:
    window = open_window(qtbot, "chess")
    window.export_fsf_action.trigger()
    first = window.findChild(QtFsfExportDialog)
    first.close()
    assert window.fsf_exporter.dialog is None
    second = exported(qtbot, window)
    assert second is not first and second.section.toPlainText().startswith("[chess-exported:chess]")


def test_edits_not_applied_in_the_panels_are_said_to_be_left_out(qtbot) -> None:
    window = open_window(qtbot, "chess")
    quiet = exported(qtbot, window)
    assert quiet.note.isHidden()
    quiet.close()
    window.board_text.text_edit.setPlainText(window.document.board_text.replace("\nchess\n", "\nmy-chess\n", 1))
    dialog = exported(qtbot, window)
    assert not dialog.note.isHidden() and "not yet applied" in dialog.note.text()
    assert dialog.section.toPlainText().startswith("[chess-exported:chess]")


class _Watched:
    """The export as the window's worker runs it: whether it is playing its games yet, and how it ended."""

    def __init__(self, monkeypatch) -> None:
        from dagaz_studio.queries import fsf_export

        self.playing = threading.Event()
        self.ended: list[str] = []
        legal_moves, export_board = fsf_export.legal_moves, fsf_export.export_board

        def moves_looked_for(*args, **kwargs):
            self.playing.set()
            return legal_moves(*args, **kwargs)

        def export_watched(board, cancel=None):
            try:
                text = export_board(board, cancel)
            except fsf_export.ExportCancelled:
                self.ended.append("cancelled")
                raise
            self.ended.append("exported")
            return text

        monkeypatch.setattr(fsf_export, "legal_moves", moves_looked_for)
        monkeypatch.setattr(fsf_export, "export_board", export_watched)


def _exporting(qtbot, monkeypatch) -> tuple[object, QtFsfExportDialog, _Watched]:
    """A window exporting chess, its dialog, and the export's watcher, once the export plays its games."""
    watched = _Watched(monkeypatch)
    window = open_window(qtbot, "chess")
    window.export_fsf_action.trigger()
    dialog = window.findChild(QtFsfExportDialog)
    qtbot.waitUntil(watched.playing.is_set, timeout=EXPORTED)
    return window, dialog, watched


def test_cancel_stops_the_export_under_way(qtbot, monkeypatch) -> None:
    window, dialog, watched = _exporting(qtbot, monkeypatch)
    cancel = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    assert cancel is not None and cancel.isVisible() and dialog.buttons.button(QDialogButtonBox.StandardButton.Close) is None
    cancel.click()
    assert not dialog.isVisible() and window.fsf_exporter.dialog is None
    qtbot.waitUntil(lambda: bool(watched.ended), timeout=EXPORTED)
    assert watched.ended == ["cancelled"]
    # The worker is free: the next export runs to its end and is shown.
    again = exported(qtbot, window)
    assert again.section.toPlainText().startswith("[chess-exported:chess]") and watched.ended[1:] == ["exported"]
    assert again.buttons.button(QDialogButtonBox.StandardButton.Cancel) is None
    assert again.buttons.button(QDialogButtonBox.StandardButton.Close).isVisible()


def test_closing_the_window_cancels_the_export_under_way(qtbot, monkeypatch) -> None:
    window, _dialog, watched = _exporting(qtbot, monkeypatch)
    assert window.close()
    # Closing waits for the worker to end: it ended by the cancel, not by exporting to the end.
    qtbot.waitUntil(lambda: bool(watched.ended), timeout=EXPORTED)
    assert watched.ended == ["cancelled"]
