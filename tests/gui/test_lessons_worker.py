"""Help ▸ Lessons checks on a worker: the window keeps answering during a long check, Cancel stops it,
and typing or checking again drops the result of the check that went before."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import Qt

from dagaz_studio.gui.docks.lessons import DONE_KEY, QtLessonsPanel
from dagaz_studio.gui.settings import settings
from dagaz_studio.queries.lessons import course_directory, read_lesson
from tests.helpers.gui_window import LoopTicks, open_window


def _long_lesson(tmp_path: Path) -> Path:
    """The Bishop's lesson, compared on so many generated positions that a right answer's check takes
    many seconds."""
    text = (course_directory() / "06-groups.toml").read_text(encoding="utf-8")
    path = tmp_path / "long-groups.toml"
    path.write_text(text.replace("[exercise]\n", "[exercise]\ngenerated = 2000\n"), encoding="utf-8")
    assert read_lesson(path).generated == 2000
    return path


def _panel(qtbot, tmp_path: Path) -> QtLessonsPanel:
    window = open_window(qtbot, "chess", (1280, 800))
    next(a for a in window.help_menu.actions() if a.text().replace("&", "") == "Lessons").trigger()
    panel = window.lessons_panel
    assert panel.open_path(str(_long_lesson(tmp_path)))
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    return panel


def _type(qtbot, panel: QtLessonsPanel, text: str) -> None:
    panel.answer.setFocus()
    panel.answer.selectAll()
    qtbot.keyClick(panel.answer, Qt.Key.Key_Delete)
    qtbot.keyClicks(panel.answer, text)


def test_the_window_answers_during_a_long_check_and_cancel_stops_it(qtbot, tmp_path: Path) -> None:
    panel = _panel(qtbot, tmp_path)
    _type(qtbot, panel, "(X)([p]\\1)*")
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    panel.parentWidget().parentWidget().verticalScrollBar().setValue(0)  # the panel's column, at its top
    with LoopTicks() as ticks:
        qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: panel.progress.value() > 5, timeout=20000)  # under way, and saying so
        assert panel.checking and panel.progress.isVisible() and panel.cancel_button.isVisible()
        # Scrolled into view: the column is taller than the window.
        assert not panel.progress.visibleRegion().isEmpty() and not panel.cancel_button.visibleRegion().isEmpty()
        qtbot.wait(300)
        ticks.stop()
    ticks.assert_answering()
    assert panel.checking, "the check ended too soon to show the window answering during it"

    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    assert not panel.checking and not panel.progress.isVisible() and "cancelled" in panel.verdict.text()
    # The worker is free at once: the next question is answered long before the check could have ended.
    # Measured in processor time, which a check left running would spend, and not in wall time, which a
    # loaded machine stretches by waits for a core.
    started = time.process_time()
    _type(qtbot, panel, "(X)([p]\\1)*;N")
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    assert time.process_time() - started < 2.0
    assert panel.marks()["d5"] == "extra"
    assert panel.lesson is not None and panel.lesson.id not in settings().value(DONE_KEY, [])


def test_typing_and_checking_again_show_only_the_latest_checks_result(qtbot, tmp_path: Path) -> None:
    panel = _panel(qtbot, tmp_path)
    shown = []
    panel.checked.connect(shown.append)
    _type(qtbot, panel, "(X)([p]\\1)*")
    qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.progress.value() > 5, timeout=20000)
    # A second answer, checked before the first check ended: typing it cancels the first.
    _type(qtbot, panel, "(+)([p]\\1)*")
    qtbot.keyClick(panel.answer, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(shown), timeout=20000)
    qtbot.wait(300)
    assert len(shown) == 1 and not shown[0].passed
    assert "Not yet" in panel.verdict.text() and not panel.checking
    assert panel.lesson is not None and panel.lesson.id not in settings().value(DONE_KEY, [])

    # Check twice over the same answer, then cancel: neither run's result shows. The worker answers
    # in turn, so once the marking asked after them is shown, both checks are over.
    shown.clear()
    _type(qtbot, panel, "(X)([p]\\1)*")
    qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.progress.value() > 5, timeout=20000)
    first = panel.check_serial
    qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    assert panel.checking and panel.check_serial != first and panel.progress.value() <= 1
    qtbot.keyClick(panel.answer, Qt.Key.Key_Escape)  # Esc in the panel cancels too
    assert not panel.checking and "cancelled" in panel.verdict.text()
    panel.mark()
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    qtbot.wait(50)
    assert shown == [] and "agree" in panel.verdict.text()


def test_a_failure_of_the_interpreter_is_said_not_shown_as_nothing_to_mark(qtbot, tmp_path: Path,
                                                                            monkeypatch) -> None:
    from dagaz_studio.queries import lesson_questions

    panel = _panel(qtbot, tmp_path)

    def broken(_lesson, _answer):
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(lesson_questions, "mark_answer", broken)
    _type(qtbot, panel, "N")
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    assert "broken on purpose" in panel.verdict.text().replace("\u200b", "") and panel.marks() == {}
