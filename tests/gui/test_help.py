"""Help at hand: the guides rendered and searchable, shortcuts read from the menus, About, welcome."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from dagaz_studio.gui.docks.help import (
    GUIDES,
    QtHelpBrowser,
    QtShortcutsDialog,
    QtWelcomeDialog,
    about_text,
    action_shortcuts,
    docs_dir,
    welcome_due,
)


def test_each_guide_is_rendered_from_its_markdown_not_shown_as_source(qtbot):
    browser = QtHelpBrowser()
    qtbot.addWidget(browser)
    for key, (_title, name) in GUIDES.items():
        browser.show_guide(key)
        assert browser.current_guide() == key
        shown = browser.browser.toPlainText()
        source = (docs_dir() / name).read_text(encoding="utf-8")
        first_heading = next(line for line in source.splitlines() if line.startswith("# "))
        assert shown.startswith(first_heading[2:])  # the heading, without its '#'
        assert "```" not in shown and "| --- |" not in shown


def test_search_marks_every_match_and_steps_through_them_wrapping_round(qtbot):
    browser = QtHelpBrowser()
    qtbot.addWidget(browser)
    browser.show_guide("boards")
    text = browser.browser.toPlainText()
    expected = text.lower().count("symmetry")
    assert expected >= 3
    assert browser.search("symmetry") == expected
    assert len(browser.browser.extraSelections()) == expected
    assert browser.match_label.text() == f"1 of {expected}"
    for number in range(2, expected + 1):
        assert browser.find_next()
        assert browser.match_label.text() == f"{number} of {expected}"
    assert browser.find_next() and browser.match_label.text() == f"1 of {expected}"
    assert browser.find_previous() and browser.match_label.text() == f"{expected} of {expected}"
    assert browser.browser.textCursor().selectedText().lower() == "symmetry"
    assert browser.search("no such words anywhere") == 0 and browser.match_label.text() == "no match"


def test_a_link_to_another_guide_opens_it_here(qtbot):
    browser = QtHelpBrowser()
    qtbot.addWidget(browser)
    browser.show_guide("boards")
    browser.browser.setSource(browser.browser.source().resolved("names.md"))
    assert browser.current_guide() == "names"
    assert browser.guide_box.currentData() == "names"
    assert browser.browser.toPlainText().startswith("Move names") or "WXF" in browser.browser.toPlainText()


def test_the_shortcuts_list_reads_the_menus_and_adds_the_other_keys(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    file_menu = window.menuBar().addMenu("&File")
    open_action = QAction("&Open…", window)
    open_action.setShortcut(QKeySequence("Ctrl+O"))
    file_menu.addAction(open_action)
    file_menu.addAction(QAction("No keys", window))
    recent = file_menu.addMenu("Open &Recent")
    again = QAction("Again", window)
    again.setShortcut(QKeySequence("Ctrl+Shift+T"))
    recent.addAction(again)
    assert action_shortcuts(window.menuBar()) == [("File", "Open", "Ctrl+O"), ("File ▸ Open Recent", "Again", "Ctrl+Shift+T")]
    dialog = QtShortcutsDialog(window.menuBar())
    qtbot.addWidget(dialog)
    keys = [dialog.table.item(row, 0).text() for row in range(dialog.table.rowCount())]
    assert keys[:2] == ["Ctrl+O", "Ctrl+Shift+T"] and "Left / Right" in keys


def test_about_names_the_version():
    from dagaz_studio import __version__
    assert f"Dagaz Studio {__version__}" in about_text()


def test_the_welcome_is_due_until_dismissed_once_unless_asked_to_stay(qtbot, tmp_path):
    store = QSettings(str(tmp_path / "welcome.ini"), QSettings.Format.IniFormat)
    assert welcome_due(store)
    dialog = QtWelcomeDialog(store)
    qtbot.addWidget(dialog)
    assert dialog.text_label.text().count("<li>") == 3
    dialog.reject()
    assert not welcome_due(QSettings(str(tmp_path / "welcome.ini"), QSettings.Format.IniFormat))
    dialog = QtWelcomeDialog(store)
    qtbot.addWidget(dialog)
    dialog.show_again_box.setChecked(True)
    asked = []
    dialog.guideRequested.connect(asked.append)
    dialog.guide_button.click()
    assert asked == ["notation"] and welcome_due(store)


def test_f1_opens_the_guide_in_a_window_wide_enough_for_its_tables(qtbot) -> None:
    from tests.helpers.gui_window import open_window

    window = open_window(qtbot, "chess", (1280, 900))
    with qtbot.waitActive(window):
        window.activateWindow()
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_F1)
    dock, browser = window.help_dock, window.help_browser
    assert dock.isVisible() and browser.current_guide() == "notation"
    assert browser.browser.viewport().width() >= 600, browser.browser.viewport().width()
    # The guide speaks of the notation, not of the program's insides.
    text = browser.browser.toPlainText()
    assert "Structure" in text and ".lark" not in text


def test_a_letter_typed_alone_marks_a_bounded_number_of_its_thousands_of_matches(qtbot):
    """One letter matches thousands of times in the notation guide: typed key by key, a letter marks
    at most MOST_MARKED of them (marking every one held up the next key), the count says there are
    more, and Enter still steps beyond the matches marked."""
    from dagaz_studio.gui.docks.help import MOST_MARKED

    browser = QtHelpBrowser()
    qtbot.addWidget(browser)
    browser.show_guide("notation")
    assert browser.browser.toPlainText().lower().count("e") > 10 * MOST_MARKED
    qtbot.keyClicks(browser.search_field, "e")
    assert len(browser.matches) == MOST_MARKED and len(browser.browser.extraSelections()) == MOST_MARKED
    assert browser.match_label.text() == f"1 of {MOST_MARKED}+"
    for _ in range(MOST_MARKED):
        assert browser.find_next()
    assert browser.match_label.text() == f"{MOST_MARKED}+ matches"
    assert browser.browser.textCursor().selectedText().lower() == "e"


def test_the_search_keeps_its_arrows_beside_it_at_every_width(qtbot):
    """In a narrow dock the search field took the line and its arrows wrapped away from it, one on each
    line at some widths; now the field and both arrows share a line, inside the panel, at every width."""
    from PySide6.QtCore import QCoreApplication, QEvent

    browser = QtHelpBrowser()
    qtbot.addWidget(browser)
    browser.show_guide("notation")
    browser.show()
    qtbot.waitExposed(browser)
    browser.search("rook")
    for width in range(150, 501, 10):
        browser.resize(width, 300)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        row = [browser.search_field, browser.previous_button, browser.next_button]
        places = [widget.mapTo(browser, widget.rect().center()) for widget in row]
        assert len({place.y() for place in places}) == 1, f"at {width} pixels the search is split over lines"
        assert all(widget.mapTo(browser, widget.rect().topRight()).x() < browser.width() for widget in row)
        assert browser.search_field.width() >= 80


def test_the_help_tab_raised_shows_the_guide_its_chooser_names(qtbot):
    """The Help tab, raised by a click rather than a guide chosen from the menu, showed the chooser's
    "Notation guide" above a blank page."""
    from tests.helpers.gui_window import open_window

    window = open_window(qtbot, "chess", (800, 600))
    window.help_dock.show()
    window.help_dock.raise_()
    browser = window.help_browser
    qtbot.waitUntil(lambda: browser.current_guide() == browser.guide_box.currentData(), timeout=5000)
    assert browser.browser.toPlainText().strip()
