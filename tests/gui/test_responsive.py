"""The window answers while long notations are pasted, and starts whatever the settings hold."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui import app
from dagaz_studio.gui.docks.tried_notations import REMEMBERED_CHARS
from dagaz_studio.gui.settings import NOTATION_TEXT_KEY, TRY_GROUP, settings
from dagaz_studio.queries import MAX_NOTATION_CHARS
from tests.helpers.gui_window import LoopTicks


def open_window(qtbot, name: str = "chess"):
    window = app.create_window(str(shipped_boards()[name]))
    qtbot.addWidget(window)
    window.resize(1200, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture(autouse=True)
def _objects_of_earlier_tests_frozen(collector_as_after_start_up):
    """Measure as in a fresh window (see tests/gui/conftest.py)."""


def rook_text(length: int) -> str:
    unit = "(+)([p]\\1)*;"
    return (unit * (length // len(unit) + 1))[:length].rstrip(";")


def test_a_100_kb_paste_is_refused_at_once_and_the_window_keeps_answering(qtbot) -> None:
    window = open_window(qtbot)
    editor = window.notation_editor
    editor.select_piece(None)
    editor.set_text("(+)")
    huge = rook_text(100_000)
    QGuiApplication.clipboard().setText(huge)
    editor.text_edit.setFocus()
    with LoopTicks() as ticks:
        QTimer.singleShot(50, lambda: qtbot.keyClick(editor.text_edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier))
        qtbot.wait(1000)
    assert editor.refused and f"{MAX_NOTATION_CHARS:,}" in editor.error_label.text()
    assert editor.text() == "(+)"  # what was there stays
    ticks.assert_answering()  # a freeze took 12 s or more
    editor.set_text(huge)  # the same for a text set by the window
    assert editor.refused and editor.text() == "(+)"
    store = settings()
    store.beginGroup(TRY_GROUP)
    kept = [store.value(key) for key in store.childKeys()]
    store.endGroup()
    assert all(len(value) <= REMEMBERED_CHARS for value in kept)


def test_a_long_notation_under_the_limit_is_read_on_the_worker_and_cancelled_by_typing(qtbot) -> None:
    window = open_window(qtbot)
    editor = window.notation_editor
    editor.select_piece(None)
    long = rook_text(MAX_NOTATION_CHARS - 10)
    readings = []
    editor.reader.replyReady.connect(readings.append)
    with LoopTicks() as ticks:
        editor.set_text(long)
        assert editor.reading_pending  # not read on the event loop
        editor.set_text(long[:-20])    # a newer text: the first reading is dropped
        qtbot.waitUntil(lambda: not editor.reading_pending, timeout=20000)
    assert editor.error is None and "orthogonal" in editor.words.toPlainText()
    assert editor.current_notation() == long[:-20]
    assert [reading.query.text for reading in readings] == [long[:-20]]
    ticks.assert_answering()


def test_start_up_with_huge_or_broken_saved_state_does_not_block(qtbot) -> None:
    store = settings()
    store.setValue(NOTATION_TEXT_KEY, rook_text(1_000_000))
    store.beginGroup(TRY_GROUP)
    for key in ("0123456789abcdef", "junk"):
        store.setValue(key, rook_text(500_000))
    store.endGroup()
    store.setValue("window/state", b"\x00garbage")
    store.setValue("window/geometry", "not bytes")
    store.setValue("position/fen", "this is no FEN")
    store.setValue("position/board", str(shipped_boards()["chess"].resolve()))
    store.sync()
    # Processor time, which reading the huge saved texts would spend: a loaded machine stretches wall time.
    started = time.process_time()
    window = open_window(qtbot)
    assert time.process_time() - started < 5
    editor = window.notation_editor
    editor.select_piece(None)
    assert len(editor.text()) <= REMEMBERED_CHARS
    assert window.document.fen().startswith("rnbqkbnr/pppppppp")
    assert "Could not be restored" in window.statusBar().currentMessage()
    assert "position" in window.statusBar().currentMessage() and "dock layout" in window.statusBar().currentMessage()
    assert settings().value(NOTATION_TEXT_KEY) is None
