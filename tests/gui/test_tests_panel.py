"""The Tests panel: the board's tests with pass or fail, run again on the worker as a notation is
edited; a failing test's squares marked apart on the board; "why not"; Record as test; Compare and
Find a difference. Expected squares come from python-chess, not from the program."""

from __future__ import annotations

import os

import chess
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMenu

from tests.helpers.gui_window import LoopTicks, click_and_wait, open_window, shown_tests_panel
from tests.helpers.paths import REPO
from tests.helpers.tiny_board import king_and_rook_board

SCREENSHOTS = REPO / "docs" / "screenshots"


def _click_item(qtbot, widget, item, button=Qt.MouseButton.LeftButton) -> None:
    widget.scrollToItem(item)
    rect = widget.visualItemRect(item)
    qtbot.mouseClick(widget.viewport(), button, pos=rect.center())


def _right_click_item(qtbot, widget, item) -> None:
    """A right click on ``item``: the press, and the context-menu event the platform sends with it."""
    from PySide6.QtGui import QContextMenuEvent

    widget.scrollToItem(item)
    point = widget.visualItemRect(item).center()
    qtbot.mousePress(widget.viewport(), Qt.MouseButton.RightButton, pos=point)
    QApplication.sendEvent(widget.viewport(), QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point,
                                                                widget.viewport().mapToGlobal(point)))
    qtbot.mouseRelease(widget.viewport(), Qt.MouseButton.RightButton, pos=point)


def _choose_in_next_menu(qtbot, text: str) -> None:
    """Trigger the item ``text`` of the menu about to open (a menu runs its own loop until chosen)."""
    def choose() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, choose)
            return
        action = next((a for a in menu.actions() if a.text() == text), None)
        if action is None:
            menu.close()
            raise AssertionError(f"no {text!r} in {[a.text() for a in menu.actions()]}")
        menu.setActiveAction(action)
        qtbot.keyClick(menu, Qt.Key.Key_Return)
    QTimer.singleShot(20, choose)


def _knight_targets(square: str) -> set[str]:
    return {chess.square_name(s) for s in chess.SquareSet(chess.BB_KNIGHT_ATTACKS[chess.parse_square(square)])}


def _wazir_targets(square: str) -> set[str]:
    s = chess.parse_square(square)
    f, r = chess.square_file(s), chess.square_rank(s)
    return {chess.square_name(chess.square(f + dx, r + dy)) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= f + dx < 8 and 0 <= r + dy < 8}


def _break_the_knight(qtbot, window, panel) -> None:
    """Edit the Knight's notation into a Wazir's in the notation editor, as a user types it."""
    editor = window.notation_editor
    editor.select_piece("Knight")
    with qtbot.waitSignal(panel.resultsShown, timeout=20000,
                          check_params_cb=lambda answer: answer.query.edit == "+"):
        editor.text_edit.setFocus()
        editor.text_edit.selectAll()
        qtbot.keyClicks(editor.text_edit, "+")


def test_the_boards_tests_are_listed_with_pass_or_fail(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    board = window.document.board
    assert panel.test_list.count() == len(board.tests) >= 20
    assert all(panel.test_list.item(row).text().startswith("✓ ") for row in range(panel.test_list.count()))
    assert "passed, 0 failed" in panel.summary.text()


def test_editing_a_notation_runs_the_tests_again_and_a_failing_test_shows_its_squares(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    _break_the_knight(qtbot, window, panel)
    item = panel.test_item("knight-leaps")
    assert item is not None and item.text().startswith("✗ ")
    assert panel.test_item("perft-start-2").text().startswith("✗ ")
    _click_item(qtbot, panel.test_list, item)
    test = next(t for t in window.document.board.tests if t.name == "knight-leaps")
    assert window.document.fen().split()[0] == test.fen.split()[0]
    # The Edit menu names the step as what the user did.
    steps = [command.text for command in window.document.undo_stack.history.commands]
    assert "Show the position of test knight-leaps" in steps and "Set up from FEN" not in steps
    square = test.square
    knight, wazir = _knight_targets(square), _wazir_targets(square)
    marks = panel.marks.marks
    assert {m for m, kind in marks.items() if kind == "missing"} == knight
    assert {m for m, kind in marks.items() if kind == "extra"} == wazir
    # Drawn on the board, each kind its own shape.
    drawn = {(item.kind, item.pos().x(), item.pos().y()) for item in panel.marks.items()}
    assert len(drawn) == len(knight | wazir)
    view = window.board_view
    for item in panel.marks.items():
        assert item.kind in ("missing", "extra")
    assert {view.square_at(item.pos()) for item in panel.marks.items() if item.kind == "missing"} == \
        {window.document.board.index(s) for s in knight}


def test_reverting_the_edit_runs_the_tests_again(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    _break_the_knight(qtbot, window, panel)
    with qtbot.waitSignal(panel.resultsShown, timeout=20000,
                          check_params_cb=lambda answer: answer.query.edit is None):
        qtbot.mouseClick(window.notation_editor.revert_button, Qt.MouseButton.LeftButton)
    assert all(panel.test_list.item(row).text().startswith("✓ ") for row in range(panel.test_list.count()))


def test_why_not_a_missing_square_from_the_list_and_from_the_board(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    _break_the_knight(qtbot, window, panel)
    _click_item(qtbot, panel.test_list, panel.test_item("knight-leaps"))
    missing = next(panel.mark_list.item(row) for row in range(panel.mark_list.count())
                   if panel.mark_list.item(row).text().startswith("missing "))
    mark = missing.text().split()[-1]
    with qtbot.waitSignal(panel.detail_runner.replyReady, timeout=20000) as blocker:
        _choose_in_next_menu(qtbot, f"Why not {mark}?")
        _right_click_item(qtbot, panel.mark_list, missing)
    reason = blocker.args[0].reason
    assert reason and mark in panel.why.text() and "not reached" in reason
    # The board's own square menu asks the same question.
    view = window.board_view
    board = window.document.board
    point = view.mapFromScene(view.square_centre(board.index(mark)))
    panel.why.setText("")
    with qtbot.waitSignal(panel.detail_runner.replyReady, timeout=20000):
        _choose_in_next_menu(qtbot, f"Why not {mark} (test knight-leaps)?")
        view.squareContextMenuRequested.emit(board.index(mark), view.viewport().mapToGlobal(point))
    assert panel.why.text().startswith(f"{mark}: ")


def test_record_as_test_writes_what_the_board_shows(qtbot) -> None:
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    click_and_wait(qtbot, window, "g1")
    with qtbot.waitSignal(panel.recorded, timeout=20000) as blocker:
        qtbot.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    statement = blocker.args[0]
    start = chess.Board()
    targets = sorted(chess.square_name(m.to_square) for m in start.legal_moves if m.from_square == chess.G1)
    assert statement.startswith("test reaches-from-g1-1: fen " + start.fen().split()[0])
    assert sorted(statement.split(" reaches ")[1].split()) == targets
    text = window.board_text.text_edit.toPlainText()
    assert text.rstrip().endswith(statement)
    # Applied, it is one of the board's tests, and it passes.
    with qtbot.waitSignal(panel.resultsShown, timeout=20000):
        qtbot.mouseClick(window.board_text.apply_button, Qt.MouseButton.LeftButton)
    assert panel.test_item("reaches-from-g1-1").text().startswith("✓ ")


def _compare_tab(qtbot, window, square: str):
    panel = shown_tests_panel(qtbot, window)
    panel.tabs.setCurrentIndex(1)
    click_and_wait(qtbot, window, square)
    return panel.compare


def test_compare_draws_a_only_b_only_and_both_apart(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    tab.source.setCurrentIndex(tab.source.findData("typed"))
    tab.language.setCurrentIndex(tab.language.findData("betza"))
    with qtbot.waitSignal(tab.runner.replyReady, timeout=20000,
                          check_params_cb=lambda answer: answer.query.b != answer.query.a):
        tab.b_text.setFocus()
        qtbot.keyClicks(tab.b_text, "nN")
    # From b1 in the setup a Knight reaches a3 and c3; the lame Knight's first step, b2, is taken.
    marks = tab.marks.marks
    assert marks == {"a3": "a", "c3": "a"}
    # Now a Rook against a Wazir, on an emptier board: both, A only.
    window.document.set_fen("4k3/8/8/8/3R4/8/8/4K3 w - - 0 1")
    click_and_wait(qtbot, window, "d4")
    with qtbot.waitSignal(tab.runner.replyReady, timeout=20000):
        tab.b_text.clear()
        qtbot.keyClicks(tab.b_text, "W")
    board = chess.Board("4k3/8/8/8/3R4/8/8/4K3 w - - 0 1")
    rook = {chess.square_name(s) for s in board.attacks(chess.D4)}
    marks = tab.marks.marks
    assert {m for m, kind in marks.items() if kind == "both"} == _wazir_targets("d4")
    assert {m for m, kind in marks.items() if kind == "a"} == rook - _wazir_targets("d4")
    kinds = {item.kind for item in tab.marks.items()}
    assert kinds == {"a", "both"}


def test_compare_with_another_piece_type(qtbot) -> None:
    window = open_window(qtbot, "chess")
    fen = "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1"
    window.document.set_fen(fen)
    tab = _compare_tab(qtbot, window, "d4")
    with qtbot.waitSignal(tab.runner.replyReady, timeout=20000):
        tab.source.setCurrentIndex(tab.source.findData("Rook"))
    board = chess.Board(fen)
    queen = {chess.square_name(s) for s in board.attacks(chess.D4)}
    board.set_piece_at(chess.D4, chess.Piece(chess.ROOK, chess.WHITE))
    rook = {chess.square_name(s) for s in board.attacks(chess.D4)}
    marks = tab.marks.marks
    assert {m for m, kind in marks.items() if kind == "both"} == rook
    assert {m for m, kind in marks.items() if kind == "a"} == queen - rook
    assert "b" not in marks.values()


def test_find_a_difference_opens_the_counterexample(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    tab.source.setCurrentIndex(tab.source.findData("typed"))
    tab.language.setCurrentIndex(tab.language.findData("betza"))
    tab.b_text.setText("nN")
    # The comparison of the counterexample's position, asked once the search answers, is listened for
    # from the start: it may answer within the wait for the search's own reply.
    compared: list[object] = []
    with qtbot.waitSignal(tab.find_runner.replyReady, timeout=30000) as blocker:
        qtbot.mouseClick(tab.find_button, Qt.MouseButton.LeftButton)
        assert tab.progress.isVisible() and tab.cancel_button.isEnabled()
        tab.runner.replyReady.connect(compared.append)
    result = blocker.args[0].comparison
    assert result.differ and result.pieces == 1 and not tab.progress.isVisible()
    counter = window.board.index(result.square)
    qtbot.waitUntil(lambda: any(reply.query.square == counter and reply.query.position.fen() == window.document.fen()
                                for reply in compared), timeout=20000)
    tab.runner.replyReady.disconnect(compared.append)
    # The counterexample on the board: its position with the Knight (A) on its square.
    board = chess.Board(result.fen)
    square = chess.parse_square(result.square)
    board.set_piece_at(square, chess.Piece(chess.KNIGHT, board.turn))
    assert window.document.fen().split()[0] == board.fen().split()[0]
    # A only: the Knight's targets whose first orthogonal step is taken (python-chess's squares).
    blocked = set()
    for target in chess.SquareSet(chess.BB_KNIGHT_ATTACKS[square]):
        dx = chess.square_file(target) - chess.square_file(square)
        dy = chess.square_rank(target) - chess.square_rank(square)
        leg = chess.square(chess.square_file(square) + (dx // 2 if abs(dx) == 2 else 0),
                           chess.square_rank(square) + (dy // 2 if abs(dy) == 2 else 0))
        if board.piece_at(leg) is not None and board.color_at(target) != board.turn:
            blocked.add(("x" if board.piece_at(target) else "") + chess.square_name(target))
    assert blocked and {m for m, kind in tab.marks.marks.items() if kind == "a"} == blocked
    assert "b" not in tab.marks.marks.values()


def test_a_search_is_cancelled(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "d1")
    tab.source.setCurrentIndex(tab.source.findData("betza-reading"))
    assert tab.b_text.text() == "Q"
    tab.positions.setValue(100_000)
    with LoopTicks() as ticks:  # the search is the worker's: the window keeps answering meanwhile
        qtbot.mouseClick(tab.find_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: tab.progress.value() > 0, timeout=30000)
        qtbot.mouseClick(tab.cancel_button, Qt.MouseButton.LeftButton)
    ticks.assert_answering()
    assert tab.find_button.isEnabled() and not tab.progress.isVisible() and "cancelled" in tab.result.text()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_screenshots(qtbot, tmp_path, size: tuple[int, int]) -> None:
    """The panel with a failing test shown; kept in docs/screenshots when DAGAZ_SCREENSHOTS is set."""
    window = open_window(qtbot, "chess", size)
    panel = shown_tests_panel(qtbot, window)
    _break_the_knight(qtbot, window, panel)
    _click_item(qtbot, panel.test_list, panel.test_item("knight-leaps"))
    qtbot.wait(300)
    picture = window.grab()
    assert picture.width() == size[0] and picture.height() == size[1]
    folder = SCREENSHOTS if os.environ.get("DAGAZ_SCREENSHOTS") else tmp_path
    assert picture.save(str(folder / f"window-tests-{size[0]}x{size[1]}.png"))


WIDE = king_and_rook_board("wide", "a-z x 2-1", "K21Rr2/25k w") + "test none: at w2 reaches none of x2\n"


def test_a_taking_on_a_column_named_x_is_marked_on_its_own_square(qtbot, tmp_path) -> None:
    """On a board with a column x, a 'none of x2' test whose Rook takes on x2 marks x2 extra (the
    taking, 'xx2'), and no longer also as expected: the taking's x is one letter only."""
    path = tmp_path / "wide.board"
    path.write_text(WIDE, encoding="utf-8")
    window = open_window(qtbot, str(path))
    panel = shown_tests_panel(qtbot, window)
    item = panel.test_item("none")
    assert item is not None and item.text().startswith("✗ ")
    _click_item(qtbot, panel.test_list, item)
    assert panel.marks.marks == {"xx2": "extra"}
    assert [(mark.kind, view_square) for mark, view_square in
            ((mark, window.board_view.square_at(mark.pos())) for mark in panel.marks.items())] == \
        [("extra", window.document.board.index("x2"))]


def test_a_search_stops_when_the_board_changes_and_says_so(qtbot) -> None:
    """A search of the board left behind is stopped with it, not left saying "Searching…" while it runs
    on (its answer would fit no board the window shows)."""
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "d1")
    tab.source.setCurrentIndex(tab.source.findData("betza-reading"))
    tab.positions.setValue(100_000)
    qtbot.mouseClick(tab.find_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.progress.value() > 0, timeout=30000)
    assert window.open_file("xiangqi")
    assert not tab.find_runner.running and tab.find_button.isEnabled() and not tab.progress.isVisible()
    assert "Searching" not in tab.result.text() and "board changed" in tab.result.text()
    # The Queen of the board left behind is no longer A: another search asks for a piece first.
    assert "Queen" not in tab.a_label.text() and not tab.find_difference()
    assert "Select a piece" in tab.result.text()


def test_a_test_that_cannot_be_read_is_listed_failing_and_underlined(qtbot, tmp_path) -> None:
    """A misspelt test leaves the board open: the panel lists it ✗ with where and what, the other
    tests pass, clicking it leaves the position alone, and the Board file panel underlines it."""
    text = (REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8")
    path = tmp_path / "misspelt.board"
    path.write_text(text + "test misspelt: at d4 put Knigth reaches e6\n", encoding="utf-8")
    line = len(text.splitlines()) + 1
    window = open_window(qtbot, str(path))
    panel = shown_tests_panel(qtbot, window)
    board = window.document.board
    assert panel.test_list.count() == len(board.tests)
    item = panel.test_item("misspelt")
    assert item is not None and item.text().startswith("✗ ")
    assert f"misspelt.board:{line}:26: unknown piece type 'Knigth'" in item.toolTip()
    assert sum(panel.test_list.item(row).text().startswith("✗ ") for row in range(panel.test_list.count())) == 1
    assert "1 could not be read" in panel.summary.text()
    fen = window.document.fen()
    _click_item(qtbot, panel.test_list, item)
    assert window.document.fen() == fen
    assert "unknown piece type 'Knigth'" in panel.detail.text()
    problems = window.board_text.problems
    assert [(problem.line, problem.column) for problem in problems] == [(line, 26)]


def test_a_draughts_tests_pdn_position_is_shown(qtbot, tmp_path) -> None:
    from dagaz_studio.pdn import fen_from_pdn

    text = (REPO / "boards" / "draughts" / "international.board").read_text(encoding="utf-8")
    path = tmp_path / "pdn.board"
    path.write_text(text + "test takes: fen W:W28:B23 at e5 reaches g7 xf6\n", encoding="utf-8")
    window = open_window(qtbot, str(path))
    panel = shown_tests_panel(qtbot, window)
    item = panel.test_item("takes")
    assert item is not None and item.text().startswith("✓ ")
    _click_item(qtbot, panel.test_list, item)
    board = window.document.board
    assert window.document.fen().split()[0] == fen_from_pdn(board, "W:W28:B23").split()[0]
    assert "cannot be shown" not in panel.why.text()


def test_a_test_recorded_as_another_board_opens_is_not_written_into_that_board(qtbot) -> None:
    """Record as test asked on chess, xiangqi opened before the answer came: the chess test does not
    land in xiangqi's board file text, and the panel says it was not recorded."""
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    click_and_wait(qtbot, window, "g1")
    recorded: list[str] = []
    panel.recorded.connect(recorded.append)
    assert panel.record()
    assert window.open_file("xiangqi")
    qtbot.waitUntil(lambda: not panel.detail_runner.running, timeout=10000)
    qtbot.wait(200)  # an answer already on its way would have come by now
    assert recorded == [] and window.board_text.text() == window.document.board_text
    assert "not recorded" in panel.why.text()
    qtbot.waitUntil(lambda: panel.answer is not None and panel.answer.query.board is window.document.board,
                    timeout=20000)


def test_a_test_of_a_runaway_notation_or_name_says_why_it_failed_within_the_panel(qtbot, tmp_path) -> None:
    """A test's notation of thousands of characters, or its name, is said by its start and its end:
    why the test failed, which follows them, is in sight, and the panel keeps its width."""
    from dagaz_studio.board import shipped_boards

    path = tmp_path / "chess.board"
    name = "n" * 10_000
    path.write_text(shipped_boards()["chess"].read_text(encoding="utf-8")
                    + "\ntest runaway: at d4 put `" + "(+)" * 1300 + "` reaches d5\n"
                    + f"test {name}: at e2 reaches e3\n", encoding="utf-8")
    window = open_window(qtbot, str(path))
    panel = shown_tests_panel(qtbot, window)
    width = window.tests_dock.width()
    for test, why in (("runaway", "the notation may repeat without end"), (name, "extra e4")):
        item = panel.test_item(test)
        assert item is not None and len(item.text()) < 300
        _click_item(qtbot, panel.test_list, item)
        shown = panel.detail.text()
        assert why in shown and len(shown) < 600
        QApplication.processEvents()  # the layout follows the label at the next turn of the event loop
        area = window.tests_dock.widget()
        assert window.tests_dock.width() == width and not area.horizontalScrollBar().isVisible()


def test_a_failed_test_is_said_alike_by_the_panel_and_the_test_command(qtbot, tmp_path, capsys) -> None:
    """A failing test of a runaway name, one of a notation of thousands of characters, and one that spends
    the usual budget are said by the panel as the test command's FAILED lines say them: the same start
    and end of each, the same why (but for how to give a run more work)."""
    from dagaz_studio.board import shipped_boards
    from dagaz_studio.cli import main
    from dagaz_studio.gui.docks.tests_panel import FAILED

    path = tmp_path / "chess.board"
    name = "begins-" + "n" * 3000 + "-ends"
    path.write_text(shipped_boards()["chess"].read_text(encoding="utf-8")
                    + "\ntest runaway: at d4 put `" + "(+)" * 1300 + "` reaches d5\n"
                    + f"test {name}: at e2 reaches e3\n"
                    + "test many-ways: at d4 put `" + "(+){0,9}" * 4 + "` reaches d5\n", encoding="utf-8")
    assert main(["test", str(path)]) == 1
    by_the_command = [line.split(": FAILED ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    window = open_window(qtbot, str(path))
    panel = shown_tests_panel(qtbot, window)
    items = [panel.test_list.item(row) for row in range(panel.test_list.count())]
    by_the_panel = [item.toolTip().removeprefix("FAILED: ") for item in items if item.text().startswith(FAILED)]
    assert len(by_the_command) == 3 and all("…" in said for said in by_the_command[:2])
    # A run that spends the usual budget says so plainly; a test that fails on its squares spent none. The
    # command says which --budget lets it go further, the panel that more may let it end (and offers it).
    spent = "(it spent the 100,000 units of work a run is given: a piece with a great many ways may end given more)"
    given_more = ("(it spent the 100,000 units of work a run is given; if the piece only has a great many ways, "
                  "--budget 1000000 lets it go further)")
    assert by_the_panel == [said.replace(given_more, spent) for said in by_the_command]
    assert by_the_command[2].endswith(given_more) and given_more not in by_the_command[1]
