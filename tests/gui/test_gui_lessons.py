"""Help ▸ Lessons: a student walks a lesson in the window — opens it, types a wrong answer, sees where it
differs, types a right one and sees it marked; progress is kept; every lesson is reached by keyboard."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt

from dagaz_studio.gui.docks.lessons import DONE_KEY, QtLessonsPanel
from dagaz_studio.gui.settings import settings
from dagaz_studio.queries.lessons import course, course_directory
from tests.helpers.gui_window import open_window
from tests.helpers.paths import REPO

SCREENSHOTS = REPO / "docs" / "screenshots"


def _lessons_action(window):
    return next(a for a in window.help_menu.actions() if a.text().replace("&", "") == "Lessons")


def _groups_lesson(qtbot, size: tuple[int, int]):
    """A chess window of ``size`` with the Lessons panel open at the lesson on groups, ready for an answer."""
    window = open_window(qtbot, "chess", size)
    _lessons_action(window).trigger()
    panel = window.lessons_panel
    ids = [panel.chooser.itemData(i) for i in range(panel.chooser.count())]
    panel.chooser.setCurrentIndex(ids.index("06-groups"))
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    return window, panel


def _type(qtbot, panel: QtLessonsPanel, text: str) -> None:
    panel.answer.setFocus()
    panel.answer.selectAll()
    qtbot.keyClick(panel.answer, Qt.Key.Key_Delete)
    qtbot.keyClicks(panel.answer, text)
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)


def test_a_student_walks_the_groups_lesson(qtbot, tmp_path: Path) -> None:
    window = open_window(qtbot, "chess", (800, 600))
    _lessons_action(window).trigger()
    panel = window.lessons_panel
    assert window.lessons_dock.isVisible()
    ids = [panel.chooser.itemData(i) for i in range(panel.chooser.count())]
    panel.chooser.setCurrentIndex(ids.index("06-groups"))
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    assert panel.lesson.id == "06-groups" and "Rook" in panel.text.toPlainText()
    # Before typing: the solution's squares, waiting (the Bishop from d4: its own Pawn on b2, an enemy on f6).
    assert set(panel.marks().values()) == {"missing"} and "g1" in panel.marks() and "g7" not in panel.marks()

    # The worked example: step through it, the notation's part and the step's sentence shown.
    qtbot.mouseClick(panel.example_reset, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    first = panel.example_label.text()
    assert "Step 1 of" in first
    qtbot.mouseClick(panel.example_forward, Qt.MouseButton.LeftButton)
    assert "Step 2 of" in panel.example_label.text() and "lift" in panel.example_label.text()

    # A wrong answer: a Rook. At once: extra squares crossed, missing ones ringed.
    _type(qtbot, panel, "(+)([p]\\1)*")
    marks = panel.marks()
    assert marks["d5"] == "extra" and marks["c5"] == "missing" and "agree" not in marks.values()
    qtbot.keyClick(panel.answer, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    assert "Not yet" in panel.verdict.text() and "Only your answer" in panel.verdict.text()
    assert panel.place is not None and panel.place.square == "d4"

    # Half right: only one diagonal.
    _type(qtbot, panel, "O([p]O)*")
    marks = panel.marks()
    assert marks["e5"] == "agree" and marks["c5"] == "missing" and "extra" not in marks.values()

    # Right, spelt its own way: marked all agreeing, and the check passes and is remembered.
    _type(qtbot, panel, "(X)([p]\\1)*;O")
    assert set(panel.marks().values()) == {"agree"}
    qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    assert "Right" in panel.verdict.text()
    assert "06-groups" in settings().value(DONE_KEY, [])
    assert panel.chooser.currentText().startswith("✔")

    # Hints one at a time, then the solution.
    qtbot.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
    assert "Hint 1" in panel.hints.text() and "Hint 2" not in panel.hints.text()
    qtbot.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
    assert "Hint 2" in panel.hints.text() and not panel.hint_button.isEnabled()
    qtbot.mouseClick(panel.solution_button, Qt.MouseButton.LeftButton)
    assert "(X)([p]\\1)*" in panel.hints.text().replace("\u200b", "")

    # The pictures in docs/screenshots (DAGAZ_SCREENSHOTS=1 writes them there): the three marks at once.
    folder = SCREENSHOTS if os.environ.get("DAGAZ_SCREENSHOTS") else tmp_path
    _type(qtbot, panel, "O([p]O)*;(X)[p];N")
    marks = panel.marks()
    assert {marks["f6"], marks["a7"], marks["d5"]} == {"agree", "missing", "extra"}
    assert window.grab().save(str(folder / "window-lessons-800x600.png"))
    window.resize(1280, 860)
    qtbot.wait(50)
    panel.text.verticalScrollBar().setValue(0)
    window.lessons_dock.widget().verticalScrollBar().setValue(0)
    assert window.grab().save(str(folder / "window-lessons.png"))


def test_every_lesson_is_reached_by_keyboard_and_opens(qtbot) -> None:
    window = open_window(qtbot, "chess", (800, 600))
    _lessons_action(window).trigger()
    panel = window.lessons_panel
    panel.go(0)
    seen = [panel.lesson.id]
    for _ in range(len(course()) - 1):
        qtbot.keyClick(panel.chooser, Qt.Key.Key_Down)
        qtbot.waitUntil(lambda: not panel.running, timeout=20000)
        seen.append(panel.lesson.id)
        assert panel.board_view.board is not None and panel.marks()
    assert seen == [lesson.id for lesson in course()]
    # The panel's controls take the focus in turn.
    for widget in (panel.chooser, panel.answer, panel.check_button, panel.hint_button, panel.solution_button):
        assert widget.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_a_lesson_file_opens_in_the_panel_and_a_broken_one_is_refused(qtbot, tmp_path: Path) -> None:
    window = open_window(qtbot, "chess", (800, 600))
    _lessons_action(window).trigger()
    panel = window.lessons_panel
    mine = tmp_path / "mine.toml"
    mine.write_text((course_directory() / "02-directions.toml").read_text(encoding="utf-8")
                    .replace('title = "Directions and their sets"', 'title = "My directions"'), encoding="utf-8")
    assert panel.open_path(str(mine)) and panel.lesson.title == "My directions"
    broken = tmp_path / "broken.toml"
    broken.write_text('title = "x"\nboard = "chess"\nsquare = "q9"\n', encoding="utf-8")
    assert not panel.open_path(str(broken))
    assert "broken.toml:" in panel.verdict.text().replace("\u200b", "")


def test_the_verdict_shown_says_what_the_fen_leaves_unsaid_and_how_the_answer_was_read() -> None:
    # The command line says both; the window's verdict said neither, so a student saw a position
    # whose FEN, tried, shows no difference, and a Betza answer read otherwise without a word.
    import html

    from dagaz_studio.gui.docks.lesson_marks import verdict_html
    from dagaz_studio.queries.lessons import check_answer, find_lesson

    unsaid = check_answer(find_lesson("14-en-passant"), "N[p];OM[e];[(te,x)>E]O;[(te,x)>W]M", generated=20)
    assert unsaid.unsaid and all(f"Unsaid by the FEN: {html.escape(line)}" in verdict_html(unsaid)
                                 for line in unsaid.unsaid)
    warned = check_answer(find_lesson("21-betza-writing"), "mWWcpWW", generated=4)
    assert warned.warnings and all(html.escape(warning) in verdict_html(warned) for warning in warned.warnings)


def test_the_verdict_on_a_runaway_answer_says_it_runs_away_and_where() -> None:
    # It said "here it moves otherwise", only-your-answer and only-the-solution both empty, and not why.
    import html

    from dagaz_studio.gui.docks.lesson_marks import verdict_html
    from dagaz_studio.queries.lessons import check_answer, find_lesson

    verdict = check_answer(find_lesson("06"), "((+)[A]){30}", generated=4)
    assert verdict.error and verdict.which == "answer"
    shown = verdict_html(verdict).replace("\u200b", "")
    assert "runs away" in shown and html.escape(verdict.error) in shown and "moves otherwise" not in shown
    assert verdict.fen is not None and verdict.fen in shown


def _pasted_answer(qtbot, text: str):
    """The Lessons panel of a chess window, ``text`` pasted as the answer and marked."""
    from PySide6.QtWidgets import QApplication

    window = open_window(qtbot, "chess", (800, 600))
    _lessons_action(window).trigger()
    panel = window.lessons_panel
    qtbot.waitUntil(lambda: panel.lesson is not None and not panel.running, timeout=20000)
    QApplication.clipboard().setText(text)
    panel.answer.setFocus()
    qtbot.keyClick(panel.answer, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    return panel


def test_an_answer_too_long_is_told_in_a_sentence_when_checked_as_when_typed(qtbot) -> None:
    """A pasted answer over the notation's limit: the check says why in prose, as the marking does,
    not as a line of code broken after every character."""
    panel = _pasted_answer(qtbot, "(+)" * 2000)
    marked = panel.verdict.text()
    assert "6,000 characters long" in marked and "<code>" not in marked
    panel.check()
    qtbot.waitUntil(lambda: not panel.checking, timeout=20000)
    assert panel.verdict.text() == marked


def test_an_answer_pasted_longer_than_the_field_holds_is_said_cut_not_said_by_its_cut_length(qtbot) -> None:
    panel = _pasted_answer(qtbot, "(+)" * 20_000)
    assert "cut to fit" in panel.verdict.text() and "32,767 characters long" not in panel.verdict.text()
    panel.check()
    qtbot.waitUntil(lambda: not panel.running and not panel.checking, timeout=20000)
    assert "cut to fit" in panel.verdict.text()


def _wholly_shown(widget, area) -> bool:
    """Whether ``widget`` lies wholly within the part of the scroll area ``area`` shows, laid out as its
    text now asks (the place it stood before its text was set, in view, would otherwise pass)."""
    from PySide6.QtCore import QCoreApplication, QEvent, QPoint

    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    top = widget.mapTo(area.viewport(), QPoint(0, 0)).y()
    return widget.isVisible() and top >= 0 and top + widget.height() <= area.viewport().height()


def test_the_verdict_of_a_check_shows_without_scrolling_at_800_by_600(qtbot) -> None:
    """At 800×600 the panel's column scrolls; a student who checked an answer saw the verdict only
    in part, or not at all, below the fold."""
    window, panel = _groups_lesson(qtbot, (800, 600))
    area = window.lessons_dock.widget()
    assert area.verticalScrollBar().maximum() > 0, "the column no longer scrolls at 800×600: nothing to test"
    _type(qtbot, panel, "(+)([p]\\1)*")
    area.verticalScrollBar().setValue(0)
    with qtbot.waitSignal(panel.checked, timeout=20000):
        qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    assert "Not yet" in panel.verdict.text()
    qtbot.waitUntil(lambda: _wholly_shown(panel.verdict, area), timeout=5000)


def _as_copied(label) -> str:
    """The text of ``label`` as a user who selects it all and copies it gets it: its unseen breaks too."""
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setHtml(label.text())
    return document.toPlainText()


def _paste(qtbot, field, text: str) -> None:
    from PySide6.QtWidgets import QApplication

    QApplication.clipboard().setText(text)
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def test_a_solution_or_a_fen_copied_from_the_panel_reads_where_it_is_pasted(qtbot) -> None:
    """The panel shows the solution and the verdict's FEN with unseen breaks, so that they wrap; copied
    and pasted as the answer, in the notation editor or in the position's FEN field, they were refused
    for "unexpected U+200B", a character nobody sees."""
    window, panel = _groups_lesson(qtbot, (1000, 800))
    qtbot.mouseClick(panel.solution_button, Qt.MouseButton.LeftButton)
    solution = _as_copied(panel.hints).split("Solution: ")[1]
    assert "\u200b" in solution  # as shown, so that it wraps
    _paste(qtbot, panel.answer, solution)
    assert panel.answer.text() == solution.replace("\u200b", "")
    qtbot.waitUntil(lambda: not panel.running, timeout=20000)
    with qtbot.waitSignal(panel.checked, timeout=20000) as checked:
        qtbot.keyClick(panel.answer, Qt.Key.Key_Return)
    assert checked.args[0].passed

    editor = window.notation_editor.text_edit
    _paste(qtbot, editor, solution)
    assert editor.toPlainText() == solution.replace("\u200b", "")

    _type(qtbot, panel, "(+)([p]\\1)*")
    with qtbot.waitSignal(panel.checked, timeout=20000) as checked:
        qtbot.keyClick(panel.answer, Qt.Key.Key_Return)
    fen = checked.args[0].fen
    shown = _as_copied(panel.verdict).split("position ")[1].split(")")[0]
    assert "\u200b" in shown and shown.replace("\u200b", "") == fen
    fen_field = window.position_editor.fen_field
    _paste(qtbot, fen_field, shown)
    qtbot.keyClick(fen_field, Qt.Key.Key_Return)
    assert window.position_editor.fen_error.text() == "" and window.document.fen() == fen


def test_the_panel_fits_its_column_at_640_by_480_and_is_never_scrolled_sideways(qtbot) -> None:
    """At 640×480 the rows of buttons made the panel wider than its column, cut at the side; and the
    verdict scrolled into view scrolled the column sideways too, cutting every line's start off."""
    from PySide6.QtCore import QCoreApplication, QEvent

    window, panel = _groups_lesson(qtbot, (640, 480))
    area = window.lessons_dock.widget()
    _type(qtbot, panel, "(+)([p]\\1)*")
    with qtbot.waitSignal(panel.checked, timeout=20000):
        qtbot.keyClick(panel.answer, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _wholly_shown(panel.verdict, area), timeout=5000)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    assert area.horizontalScrollBar().value() == 0
    for button in (panel.solution_button, panel.open_button, panel.answer):
        assert button.mapTo(area.viewport(), button.rect().topRight()).x() < area.viewport().width()


def test_the_lessons_panel_open_when_the_window_closes_is_open_at_the_next_start(qtbot) -> None:
    """The other panels came back where they were; the Lessons panel, made only when asked for, did
    not, and a panel closed stays closed."""
    window = open_window(qtbot, "chess", (1280, 800))
    _lessons_action(window).trigger()
    lessons = window.lessons_panel
    lessons.chooser.setCurrentIndex(3)
    chosen = lessons.lesson.id
    window.help_dock.show()
    window.help_dock.raise_()  # above the Lessons in their tabs
    assert window.close()
    again = open_window(qtbot, "chess", (1280, 800))
    dock = getattr(again, "lessons_dock", None)
    assert dock is not None and not dock.isHidden() and not dock.isFloating()
    assert again.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert dock in again.tabifiedDockWidgets(again.help_dock)
    # The tab on top is the one left on top.
    qtbot.waitUntil(lambda: again.help_dock.isVisible() and dock.visibleRegion().isEmpty(), timeout=5000)
    assert again.lessons_panel.lesson.id == chosen
    dock.close()
    assert again.close()
    third = open_window(qtbot, "chess", (1280, 800))
    assert getattr(third, "lessons_dock", None) is None
