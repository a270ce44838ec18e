"""The Compare tab offers "Run 10× longer" where a run spent its budget, as the Moves panel does."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dagaz_studio.engine import DEFAULT_BUDGET
from dagaz_studio.queries import MovesQuery, answer_moves
from dagaz_studio.queries.piece_tests import reach_marks
from dagaz_studio.queries.run_stopped import LONGER
from tests.gui.test_compare_tab import _compare_tab, _compared
from tests.helpers.gui_window import open_window

#: Three runs of up to three orthogonal steps: more ways than the usual budget, fewer than ten times it.
MANY_WAYS = "(+){0,3}" * 3


def test_compare_here_runs_longer_and_ends(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    _compared(qtbot, tab, MANY_WAYS)
    assert tab.result.text().startswith("B on b1: stopped after 100,000 steps")
    assert tab.longer.isVisible() and tab.longer.text() == f"Run {LONGER}× longer"
    with qtbot.waitSignal(tab.runner.replyReady, timeout=60000):
        qtbot.mouseClick(tab.longer, Qt.MouseButton.LeftButton)
    answer = tab.answer
    assert answer.error is None and answer.query.budget == DEFAULT_BUDGET * LONGER
    assert not tab.longer.isVisible()
    # B's marks are those the Moves panel's question finds for the typed piece given as much work.
    board, position = window.document.board, window.document.position
    only_b = {mark for mark, kind in answer.marks.items() if kind in ("b", "both")}
    assert only_b == set(_marks(board, position, MANY_WAYS))


def _marks(board, position, notation: str) -> list[str]:
    from dagaz_studio.engine import Rules

    answer = answer_moves(Rules(board), MovesQuery(board, position.copy(), board.index("b1"), notation=notation,
                                                   legal_only=False, budget=DEFAULT_BUDGET * LONGER))
    assert answer.stopped is None
    return list(reach_marks(board, answer.shown_moves()))


def test_a_new_b_is_compared_with_the_usual_budget(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    _compared(qtbot, tab, MANY_WAYS)
    with qtbot.waitSignal(tab.runner.replyReady, timeout=60000):
        qtbot.mouseClick(tab.longer, Qt.MouseButton.LeftButton)
    _compared(qtbot, tab, MANY_WAYS + ";(+)")
    assert tab.answer.query.budget == DEFAULT_BUDGET
    assert tab.longer.isVisible()


def test_find_a_difference_offers_to_search_longer(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    _compared(qtbot, tab, MANY_WAYS)
    tab.positions.setValue(100)
    with qtbot.waitSignal(tab.find_runner.replyReady, timeout=60000):
        qtbot.mouseClick(tab.find_button, Qt.MouseButton.LeftButton)
    assert tab.found.comparison.budget_spent and tab.longer.isVisible()
    qtbot.mouseClick(tab.longer, Qt.MouseButton.LeftButton)
    # The search again, each run given ten times the work: stopped here, its question is what counts.
    assert tab.find_runner.running and tab._find.budget == DEFAULT_BUDGET * LONGER
    qtbot.mouseClick(tab.cancel_button, Qt.MouseButton.LeftButton)
    assert tab.result.text() == "Search cancelled."
