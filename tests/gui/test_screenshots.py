"""The README's pictures of the window, at 1280×800 and 800×600: the game record, a flipped and zoomed
board, dark mode, Lasca and Oware. Written to docs/screenshots when DAGAZ_SCREENSHOTS is set (to a
temporary folder otherwise), each after checking that the window shows what its caption says."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest

from dagaz_studio.board import shipped_boards
from dagaz_studio.engine.game import fen, legal_moves
from dagaz_studio.engine.rules import Rules
from tests.helpers.gui_window import click_and_wait, open_window
from tests.helpers.paths import REPO
from tests.helpers.random_play import mid_game

SCREENSHOTS = REPO / "docs" / "screenshots"


def _save(qtbot, window, folder: Path, name: str, size: tuple[int, int], always_sized: bool = False) -> None:
    """Save the window as ``name``.png at 1280×800 (with the size after the name if ``always_sized``),
    ``name``-800x600.png at 800×600."""
    qtbot.wait(200)  # the worker's replies drawn
    picture = window.grab()
    assert (picture.width(), picture.height()) == size
    suffix = "" if size == (1280, 800) and not always_sized else f"-{size[0]}x{size[1]}"
    assert picture.save(str(folder / f"{name}{suffix}.png"))


def _play(qtbot, window, name: str) -> None:
    """Type ``name`` into the Play move field and press Enter; the move must be played, and a move the
    window refuses fails the test at once with the window's reason."""
    field = window.play_field.field
    field.setFocus()
    field.selectAll()
    QTest.keyClicks(field, name)
    assert field.text() == name and not field.isReadOnly()
    with qtbot.waitSignal(window.move_play.played, timeout=20000) as answered:
        answered.connect(window.move_play.refused)
        QTest.keyClick(field, Qt.Key.Key_Return)
    assert window.play_field.error is None, f"{name} was not played: {window.play_field.error}"


def _open(qtbot, window, name: str) -> None:
    assert window.files.open_path(str(shipped_boards()[name]))
    assert window.board.name.lower() == name


def _mid_game(window, name: str) -> None:
    """A position of random play (the benchmarks' own), with the first piece that can move selected."""
    position = mid_game(name, 1)[0]
    window.document.set_fen(fen(Rules(position.board), position))


def _select_a_mover(qtbot, window) -> None:
    position = window.document.position
    origin = legal_moves(Rules(position.board), position)[0].origin
    reply = click_and_wait(qtbot, window, window.board.squares[origin])
    assert reply.moves


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_readme_screenshots(qtbot, tmp_path, size: tuple[int, int]) -> None:
    folder = SCREENSHOTS if os.environ.get("DAGAZ_SCREENSHOTS") else tmp_path
    window = open_window(qtbot, "chess", size)

    # The game record: moves played by name, one of them chosen in the record.
    for name in ("e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3", "Bc5", "O-O", "d6"):
        _play(qtbot, window, name)
    window.record_dock.show()
    window.record_dock.raise_()
    record = window.game_record
    record.go(8)  # after 4... Bc5
    assert record.list.count() == 11 and record.list.currentRow() == 8
    _save(qtbot, window, folder, "window-game-record", size)
    window.piece_types_dock.raise_()

    # Xiangqi as Black sees it, zoomed in, a Cannon's moves shown.
    _open(qtbot, window, "xiangqi")
    window.orientation_actions["flip"].setChecked(True)
    window.orientation_actions["zoom_in"].trigger()
    window.orientation_actions["zoom_in"].trigger()
    reply = click_and_wait(qtbot, window, "h8")
    orientation = window.board_view.orientation
    assert orientation.flipped and orientation.zoom > 1 and reply.moves
    window.board_view.centerOn(window.board_view.square_centre(window.board.index("h8")))
    _save(qtbot, window, folder, "window-flipped-zoomed", size)
    window.orientation_actions["flip"].setChecked(False)
    window.orientation_actions["fit"].trigger()

    # Lasca and Oware in mid-game, a piece's moves shown.
    for name in ("lasca", "oware"):
        _open(qtbot, window, name)
        _mid_game(window, name)
        _select_a_mover(qtbot, window)
        _save(qtbot, window, folder, f"window-{name}", size)

    # Dark: why the King cannot castle through an attacked square.
    _open(qtbot, window, "chess")
    window.theme.set_theme("dark")
    try:
        qtbot.waitUntil(lambda: window.palette().color(QPalette.ColorRole.Window).lightnessF() < 0.5)
        window.document.set_fen("r3k3/8/8/8/8/5r2/8/R3K2R w KQ - 0 1")
        click_and_wait(qtbot, window, "e1")
        with qtbot.waitSignal(window.move_explorer.explanationShown, timeout=20000):
            assert window.move_explorer.explain(window.board.index("g1"))
        assert "g1 is not reached" in window.move_explorer.panel.explanation.text()
        _save(qtbot, window, folder, "window-dark", size, always_sized=True)
    finally:
        window.theme.set_theme("light")
