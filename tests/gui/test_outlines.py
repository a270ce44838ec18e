"""Text outlines kept between starts (gui/board_view/outlines.py): read back as they were made, a
damaged or foreign file ignored, and a second start's first paint shapes no text."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QFont

from dagaz_studio.gui.board_view import outlines
from dagaz_studio.notation.user_cache import cache_directory, keep


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The module as a new process has it (nothing read, nothing made), with a cache folder of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(outlines, "_outlines", {})
    monkeypatch.setattr(outlines, "_families", {})
    monkeypatch.setattr(outlines, "_state", {"read": False, "changed": False})


def test_outlines_kept_are_read_back_as_they_were_made(qapp, fresh) -> None:
    font = QFont("DejaVu Sans")
    font.setPixelSize(40)
    made = outlines.outline("♔ a1", font)
    chosen = outlines.family("glyphs", lambda: "Some Family", lambda: "Fallback")
    assert outlines.keep_outlines()
    assert not outlines.keep_outlines()  # nothing new since
    outlines._outlines.clear()
    outlines._families.clear()
    outlines._state.update(read=False, changed=False)
    read = outlines.outline("♔ a1", font)
    assert not outlines._state["changed"]  # read, not made again
    assert read.path == made.path and read.ink == made.ink and read.line_middle == made.line_middle
    assert outlines.family("glyphs", lambda: "Another", lambda: "Fallback") == chosen == "Some Family"


def test_a_fallback_font_is_not_kept_so_that_one_installed_later_is_found(qapp, fresh) -> None:
    assert outlines.family("cjk", lambda: None, lambda: "Sans Serif") == "Sans Serif"
    assert outlines.family("cjk", lambda: "Noto Sans CJK", lambda: "Sans Serif") == "Noto Sans CJK"


@pytest.mark.parametrize("damage", [b"", b"\x00" * 7, b"garbage" * 50, None])
def test_a_damaged_or_foreign_file_is_ignored(qapp, fresh, damage: bytes | None) -> None:
    font = QFont()
    font.setPixelSize(20)
    expected = outlines.outline("b7", font)
    assert outlines.keep_outlines()
    folder = cache_directory()
    assert folder is not None
    path = folder / "outlines.qds"
    if damage is None:  # a file of another Qt: its version string differs
        from PySide6.QtCore import QByteArray, QDataStream, QIODevice

        data = QByteArray()
        stream = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
        stream.writeInt32(outlines.FORMAT)
        stream.writeQString("1.0.0")
        stream.writeInt32(0)
        stream.writeInt32(0)
        damage = bytes(data.data())
    assert keep(path, damage)
    outlines._outlines.clear()
    outlines._state.update(read=False, changed=False)
    again = outlines.outline("b7", font)
    assert outlines._state["changed"]  # made afresh
    assert again.path == expected.path


_SECOND_START = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
application = QApplication([])
from dagaz_studio.gui import app
from dagaz_studio.gui.board_view import outlines
seen = []
class Painted(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not seen:
            seen.append((len(outlines._outlines) > 0, outlines._state["changed"]))
        return False
window = app.open_window("chess")
watch = Painted()
window.board_view.viewport().installEventFilter(watch)
window.startedUp.connect(application.quit)
QTimer.singleShot(60000, application.quit)
application.exec()
print(seen)
window.close()
"""


def test_a_second_start_paints_its_board_with_the_outlines_kept_by_the_first(tmp_path: Path) -> None:
    environment = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config"),
                       XDG_DATA_HOME=str(tmp_path / "data"), QT_QPA_PLATFORM="offscreen",
                       PYTHONPATH=os.pathsep.join(sys.path))
    runs = [subprocess.run([sys.executable, "-c", _SECOND_START], env=environment, capture_output=True, text=True,
                           timeout=120) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    first, second = (run.stdout.strip().splitlines()[-1] for run in runs)
    assert first == "[(True, True)]"  # the first start shaped its text, and kept it
    assert second == "[(True, False)]"  # the second read it all back
