"""The Tests panel's marks belong to the position they were shown on: a failing test's squares, or a
comparison's, leave the board when the position changes under them (undone, a move played); and its
tests run again for an edit, not for a piece type merely selected."""

from __future__ import annotations

from tests.helpers.gui_window import click_and_wait, open_window, shown_tests_panel


def test_a_tests_marks_leave_the_board_when_its_position_is_undone(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    editor = window.notation_editor
    editor.select_piece("Knight")
    with qtbot.waitSignal(panel.resultsShown, timeout=20000, check_params_cb=lambda answer: answer.query.edit == "+"):
        editor.text_edit.setFocus()
        editor.text_edit.selectAll()
        qtbot.keyClicks(editor.text_edit, "+")
    start = window.document.fen()
    panel.show_test(next(i for i, test in enumerate(window.document.board.tests) if test.name == "knight-leaps"))
    assert window.document.fen() != start and "missing" in panel.marks.marks.values()
    assert panel.marks.items()
    window.undo_action.trigger()
    assert window.document.fen() == start
    assert panel.marks.marks == {} and not panel.marks.items()


def test_a_comparisons_marks_leave_the_board_when_a_move_is_played(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    panel.tabs.setCurrentIndex(1)
    click_and_wait(qtbot, window, "b1")
    tab = panel.compare
    with qtbot.waitSignal(tab.runner.replyReady, timeout=20000):
        tab.b_text.setText("(+)")
        tab.compare_here()
    assert tab.marks.marks == {"a3": "a", "c3": "a"}
    window.move_play.play_text("Nc3")  # typed in Play move
    qtbot.waitUntil(lambda: window.document.fen().split()[1] == "b", timeout=20000)
    assert tab.marks.marks == {}


def test_selecting_a_piece_without_editing_it_does_not_run_the_tests_again(qtbot) -> None:
    """Clicking pieces of one type after another changes the notation shown, not the tests' results:
    the tests (a perft among them) are not run again for it."""
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    shown = panel.summary.text()
    for square in ("g1", "b1", "e2", "d8"):
        click_and_wait(qtbot, window, square)
        assert not panel.runner.running and panel.summary.text() == shown
