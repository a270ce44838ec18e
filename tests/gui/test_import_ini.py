"""File ▸ Import Fairy-Stockfish variants: the sections listed, the ticked ones written and opened."""

from __future__ import annotations

from pathlib import Path

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.gui.files.import_ini import QtImportDialog
from dagaz_studio.variants_ini import import_file
from tests.helpers.paths import DATA

SAMPLE = DATA / "variants-sample.ini"


def loaded_dialog(qtbot, ini: Path, folder: Path) -> QtImportDialog:
    dialog = QtImportDialog(ini, folder=folder)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.loaded, timeout=20000)
    return dialog


def test_the_sections_are_listed_ticked_or_refused_with_the_reason(qtbot, tmp_path: Path) -> None:
    imported, refused = import_file(SAMPLE.read_text(encoding="utf-8"))
    assert imported and refused  # the sample has both kinds
    dialog = loaded_dialog(qtbot, SAMPLE, tmp_path)
    assert [variant.name for variant in dialog.ticked()] == [variant.name for variant in imported]
    texts = [dialog.sections.item(row).text() for row in range(dialog.sections.count())]
    for error in refused:
        line = next(text for text in texts if text.startswith(f"{error.section}: refused"))
        assert error.message in line
    assert f"{len(imported)} of {len(imported) + len(refused)} sections" in dialog.summary.text()


def test_import_writes_the_ticked_variants_and_opens_the_current_one(qtbot, tmp_path: Path) -> None:
    out = tmp_path / "imported"
    dialog = loaded_dialog(qtbot, SAMPLE, out)
    wanted = dialog.ticked()[-1]
    for row in range(dialog.sections.count()):
        item = dialog.sections.item(row)
        if item.data(256) not in (None, wanted.name):  # Qt.UserRole
            item.setCheckState(item.checkState().Unchecked)
        if item.data(256) == wanted.name:
            dialog.sections.setCurrentItem(item)
    with qtbot.waitSignal(dialog.boardImported, timeout=20000) as opened:
        dialog.import_button.click()
    path = Path(opened.args[0])
    assert path.parent == out and sorted(out.iterdir()) == [path]
    assert path.read_text(encoding="utf-8") == wanted.text
    assert load_board(str(path)).name
    assert not dialog.isVisible()


def test_a_folder_that_cannot_be_written_is_said_and_the_dialog_stays(qtbot, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    dialog = loaded_dialog(qtbot, SAMPLE, blocker / "inside")
    emitted: list[str] = []
    dialog.boardImported.connect(emitted.append)
    dialog.import_button.click()
    assert "Nothing more was written" in dialog.problem.text()
    assert dialog.isVisible() and not emitted


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b""])
def test_a_file_that_is_no_variants_ini_gets_a_message(qtbot, tmp_path: Path, content: bytes) -> None:
    ini = tmp_path / "broken.ini"
    ini.write_bytes(content)
    dialog = loaded_dialog(qtbot, ini, tmp_path / "out")
    assert dialog.sections.count() == 0 or not dialog.ticked()
    assert not dialog.import_button.isEnabled()
    assert "broken.ini" in dialog.summary.text()


def test_file_import_opens_the_variant_chosen_in_the_window(qtbot, tmp_path: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    from tests.helpers.gui_window import open_window

    window = open_window(qtbot, "chess")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args, **kwargs: (str(SAMPLE), "")))
    assert window.import_action in window.file_menu.actions()
    window.import_action.trigger()
    dialog = window.findChild(QtImportDialog)
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.loaded, timeout=20000)
    dialog.folder.setText(str(tmp_path))
    first = dialog.ticked()[0]
    dialog.import_button.click()
    qtbot.waitUntil(lambda: window.document.board_path == tmp_path / f"{first.name}.board", timeout=20000)
    assert window.document.board.name == load_board(str(tmp_path / f"{first.name}.board")).name


def test_board_files_already_in_the_folder_are_replaced_only_when_the_user_says_so(qtbot, tmp_path: Path,
                                                                                    monkeypatch) -> None:
    """Importing the same file again into the folder of an earlier import: the boards edited since
    are not written over unasked; the question names them, and Cancel leaves every file as it was."""
    from PySide6.QtWidgets import QMessageBox

    out = tmp_path / "imported"
    first = loaded_dialog(qtbot, SAMPLE, out)
    with qtbot.waitSignal(first.boardImported, timeout=5000):
        first.import_button.click()
    edited = sorted(out.iterdir())[0]
    edited.write_text(edited.read_text(encoding="utf-8") + "# my own line\n", encoding="utf-8")
    before = {path: path.read_bytes() for path in out.iterdir()}
    asked, answers = [], [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *rest: asked.append(text)
                        or answers.pop(0))
    again = loaded_dialog(qtbot, SAMPLE, out)
    emitted: list[str] = []
    again.boardImported.connect(emitted.append)
    again.import_button.click()
    assert {path: path.read_bytes() for path in out.iterdir()} == before and not emitted
    assert asked and edited.name in asked[0] and again.isVisible()
    again.import_button.click()
    assert emitted and "# my own line" not in edited.read_text(encoding="utf-8")
