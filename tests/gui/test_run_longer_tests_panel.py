"""The Tests panel offers "Run 10× longer" where a test's run spent its budget, as the Moves panel does:
a Frisian King among many enemies, whose squares are pydraughts', passes given more work."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from dagaz_studio.engine import DEFAULT_BUDGET
from dagaz_studio.queries.run_stopped import LONGER
from tests.commands.test_budget_compare_test import _eleven_test
from tests.helpers.gui_window import open_window, shown_tests_panel


def test_a_test_that_spent_its_budget_runs_longer_and_passes(qtbot, tmp_path) -> None:
    pytest.importorskip("draughts")
    path = _eleven_test(tmp_path)
    window = open_window(qtbot, str(path))
    panel = shown_tests_panel(qtbot, window)
    eleven = panel.answer.results[-1]
    assert eleven.name == "eleven" and not eleven.passed and eleven.budget_spent
    assert all(result.passed for result in panel.answer.results[:-1])
    assert panel.longer.isVisible() and panel.longer.text() == f"Run {LONGER}× longer"
    with qtbot.waitSignal(panel.resultsShown, timeout=60000):
        qtbot.mouseClick(panel.longer, Qt.MouseButton.LeftButton)
    assert panel.answer.query.budget == DEFAULT_BUDGET * LONGER
    assert all(result.passed for result in panel.answer.results)
    assert not panel.longer.isVisible()
    assert panel.summary.text().endswith(f"; each run given {DEFAULT_BUDGET * LONGER:,} units of work")
    # Run again keeps the budget given; the board changed, its tests are given the usual one again.
    with qtbot.waitSignal(panel.resultsShown, timeout=60000):
        qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    assert panel.answer.query.budget == DEFAULT_BUDGET * LONGER
    with qtbot.waitSignal(panel.resultsShown, timeout=60000):
        window.document.set_board_text(path.read_text() + "# a comment\n", "Add a comment")
    assert panel.answer.query.budget == DEFAULT_BUDGET and panel.longer.isVisible()


def test_tests_that_spend_no_budget_offer_nothing(qtbot) -> None:
    window = open_window(qtbot, "frisian")
    panel = shown_tests_panel(qtbot, window)
    assert panel.answer.results and all(result.passed for result in panel.answer.results)
    assert not panel.longer.isVisible()


def test_why_not_is_asked_with_the_budget_the_tests_ran_with(qtbot, tmp_path) -> None:
    pytest.importorskip("draughts")
    path = _eleven_test(tmp_path)
    # The King does not step to a1 here (it must take): a mark missing however long it runs.
    path.write_text(path.read_text().rstrip("\n") + " a1\n")
    window = open_window(qtbot, str(path))
    panel = shown_tests_panel(qtbot, window)
    with qtbot.waitSignal(panel.resultsShown, timeout=60000):
        qtbot.mouseClick(panel.longer, Qt.MouseButton.LeftButton)
    eleven = panel.answer.results[-1]
    assert eleven.missing == ("a1",) and eleven.error is None
    panel.show_test(len(panel.answer.results) - 1)
    with qtbot.waitSignal(panel.detail_runner.replyReady, timeout=60000):
        assert panel.why_not("a1")
    assert panel.why.text().startswith("a1") and "stopped after" not in panel.why.text()
