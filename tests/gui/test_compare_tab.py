"""The Compare tab used as a person would: B emptied or typed so that it no longer reads takes the
comparison off the board, and the squares are listed in the board's order. Expected squares come
from python-chess, not from the program."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtCore import Qt

from tests.helpers.gui_window import click_and_wait, open_window


def _compare_tab(qtbot, window, square: str):
    window.tests_dock.show()
    window.tests_dock.raise_()
    panel = window.tests_panel
    panel.tabs.setCurrentIndex(1)
    click_and_wait(qtbot, window, square)
    return panel.compare


def _type_b(qtbot, tab, text: str) -> None:
    """Select B's text and type ``text`` over it (nothing: delete it), key by key."""
    tab.b_text.setFocus()
    tab.b_text.selectAll()
    if text:
        qtbot.keyClicks(tab.b_text, text)
    else:
        qtbot.keyClick(tab.b_text, Qt.Key.Key_Delete)


def _compared(qtbot, tab, text: str) -> None:
    # The answer to B as typed whole (the runner drops those to its earlier keys that come late).
    with qtbot.waitSignal(tab.runner.replyReady, timeout=20000, check_params_cb=lambda _answer: tab.b_text.text() == text):
        _type_b(qtbot, tab, text)


def test_b_emptied_takes_the_comparison_off_the_board(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    _compared(qtbot, tab, "(+)")
    assert tab.marks.marks == {"a3": "a", "c3": "a"} and tab.result.text().startswith("From b1")
    _type_b(qtbot, tab, "")
    assert tab.marks.marks == {} and tab.result.text() == ""
    # An answer on its way for a B typed and emptied at once is not drawn when it comes.
    _type_b(qtbot, tab, "W")
    _type_b(qtbot, tab, "")
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=20000)
    assert tab.marks.marks == {} and tab.result.text() == ""


def test_b_that_no_longer_reads_takes_the_comparison_off_the_board(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    tab.language.setCurrentIndex(tab.language.findData("betza"))
    _compared(qtbot, tab, "W")
    assert tab.marks.marks == {"a3": "a", "c3": "a"}
    _type_b(qtbot, tab, "Wzz")  # a modifier after the atom: not Betza
    assert tab.result.text().startswith("B does not read") and tab.marks.marks == {}


def test_the_squares_compared_are_listed_in_the_boards_order(qtbot) -> None:
    """A Queen against a Knight: the marks of each, and the result line, rank by rank from the far
    side, file by file, whatever order the squares were found in."""
    fen = "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1"
    window = open_window(qtbot, "chess")
    window.document.set_fen(fen)
    tab = _compare_tab(qtbot, window, "d4")
    tab.language.setCurrentIndex(tab.language.findData("betza"))
    _compared(qtbot, tab, "N")
    board = chess.Board(fen)
    queen = {chess.square_name(s) for s in board.attacks(chess.D4)}
    knight = {chess.square_name(s) for s in chess.SquareSet(chess.BB_KNIGHT_ATTACKS[chess.D4])}
    in_order = sorted(queen | knight, key=lambda name: (-int(name[1]), name[0]))
    assert list(tab.marks.marks) == in_order
    only_b = tab.result.text().split("only B ")[1].split(";")[0].split()
    assert only_b == [name for name in in_order if name in knight]


def test_moves_to_the_same_squares_that_differ_are_told_apart(qtbot) -> None:
    """A Pawn on a7 against a step north that never promotes: both reach a8, but only A promotes
    (python-chess's four promotions), and the result line says so rather than that they agree."""
    fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    window = open_window(qtbot, "chess")
    window.document.set_fen(fen)
    tab = _compare_tab(qtbot, window, "a7")
    _compared(qtbot, tab, "N[p]")
    assert tab.marks.marks == {"a8": "both"}
    text = tab.result.text()
    assert "not by the same moves" in text
    only_a = text.split("only A ")[1].split(";")[0].split(", ")
    promotions = [move for move in chess.Board(fen).legal_moves if move.from_square == chess.A7]
    assert len(only_a) == len(promotions) == 4 and all("=" in move for move in only_a)
    assert text.split("only B ")[1] == "a7-a8"


def test_a_difference_found_is_still_said_once_the_board_shows_it(qtbot) -> None:
    """Lasca's Soldier against a step that never promotes: the difference found is in the promotion
    alone; once its position is on the board the result line still says how A and B differ, and A is
    named on the square it stands on there."""
    window = open_window(qtbot, "lasca")
    tab = _compare_tab(qtbot, window, "c3")
    _compared(qtbot, tab, "OM[p]")
    with qtbot.waitSignal(tab.runner.replyReady, timeout=30000):
        qtbot.mouseClick(tab.find_button, Qt.MouseButton.LeftButton)
    comparison = tab.found.comparison
    assert comparison.differ and comparison.only_a and comparison.only_b
    text = tab.result.text()
    assert text.startswith("A and B differ") and "not by the same moves" in text
    assert "=Officer" in text.split("only A ")[1].split(";")[0]
    assert f" on {comparison.square}," in tab.a_label.text()


def test_a_notation_tried_on_an_empty_square_is_named_once(qtbot) -> None:
    from tests.helpers.gui_window import click, type_and_wait

    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    click(qtbot, window, "e4")
    type_and_wait(qtbot, window, "(+)")
    qtbot.waitUntil(lambda: tab.a_square == window.document.board.index("e4"), timeout=20000)
    assert tab.a_label.text() == "A: the typed piece on e4, (+)"


def test_find_a_difference_says_what_is_missing(qtbot) -> None:
    """Asked with a B that does not read, or none, the search says that, not what it said before."""
    window = open_window(qtbot, "lasca")
    tab = _compare_tab(qtbot, window, "c3")
    tab.language.setCurrentIndex(tab.language.findData("betza"))
    _type_b(qtbot, tab, "Wzz")
    assert not tab.find_difference()
    assert tab.result.text().startswith("B does not read")
    _type_b(qtbot, tab, "")
    assert not tab.find_difference()
    assert tab.result.text() == "Give B first: type its notation."
    # The Soldier has no Betza (it promotes in a zone): read back, B is empty, and the search says why.
    tab.source.setCurrentIndex(tab.source.findData("betza-reading"))
    assert not tab.find_difference()
    assert tab.result.text().startswith("A has no Betza")


@pytest.mark.parametrize("size", [(640, 480), (800, 600)])
def test_the_result_line_is_in_sight_in_a_small_window(qtbot, size: tuple[int, int]) -> None:
    """The result line stands under B, not below the search's rows, where a short dock scrolls it away."""
    window = open_window(qtbot, "chess", size)
    tab = _compare_tab(qtbot, window, "b1")
    _compared(qtbot, tab, "(+)")
    assert tab.result.text().startswith("From b1")
    qtbot.waitUntil(lambda: not tab.result.visibleRegion().isEmpty(), timeout=5000)
    assert not tab.b_text.visibleRegion().isEmpty()


def test_another_board_opened_takes_a_and_the_comparison_away(qtbot) -> None:
    """A belongs to the board it was selected on: opened on another board, it is not compared there
    (the chess Knight's notation from xiangqi's a10 square, say), and what was compared is gone."""
    from dagaz_studio.board import shipped_boards

    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    _compared(qtbot, tab, "(+)")
    assert tab.marks.marks
    asked = []
    request = tab.runner.request
    tab.runner.request = lambda query, **options: asked.append(query.board.name) or request(query, **options)
    assert window.files.open_path(str(shipped_boards()["xiangqi"]), ask=False)
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=20000)
    assert asked == [] and tab.a_text is None
    assert tab.marks.marks == {} and tab.result.text() == ""


def test_b_that_runs_away_is_said_to_stop_once(qtbot) -> None:
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    _compared(qtbot, tab, "((+)*)*")
    assert tab.result.text().startswith("B on b1: stopped after ") and "stopped: stopped" not in tab.result.text()


def _search_then_comparison(qtbot, monkeypatch, request, board: str, square: str, b: str):
    """The Compare tab of a window on ``board``, A on ``square``, B typed as ``b``; the comparison of the
    position shown, asked as B was typed, is held until Find a difference has answered, and comes
    after it. Returns the tab, both answers said."""
    import threading

    from dagaz_studio.gui.docks import compare_tab
    from dagaz_studio.queries.test_panel import CompareQuery

    release = threading.Event()
    request.addfinalizer(release.set)  # a failing test does not leave the worker waiting as the window closes
    answer = compare_tab.answer_panel

    def held(rules, query, cancel):
        if isinstance(query, CompareQuery):
            release.wait(60)  # until the search has answered
        return answer(rules, query, cancel)

    monkeypatch.setattr(compare_tab, "answer_panel", held)
    window = open_window(qtbot, board, (800, 600))
    tab = _compare_tab(qtbot, window, square)
    _type_b(qtbot, tab, b)
    with qtbot.waitSignal(tab.find_runner.replyReady, timeout=30000):
        qtbot.mouseClick(tab.find_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(tab.runner.replyReady, timeout=30000):
        release.set()
    return tab


def test_where_b_ran_away_in_the_search_stays_said_when_the_comparison_shown_comes_after(qtbot, monkeypatch,
                                                                                         request) -> None:
    """B runs away on the setup's a8, position 2 of the search, and from A's a1 of the position shown
    too. The comparison of the position shown, asked as B was typed, comes after the search's answer:
    it is said under where the search stopped, not in its place (that said B ran away, and where only
    of the position shown), and it names its own square and position, as the search's line does. The
    setup's FEN is python-chess's."""
    from dagaz_studio.gui.docks.label_text import unbroken

    runaway = "(+)([p]\\1)*;(+)[P]((+)[A]){30}"
    tab = _search_then_comparison(qtbot, monkeypatch, request, "chess", "a1", runaway)
    said = unbroken(tab.result.text()).split("\n")
    assert said[0].startswith(f"B on a8 of {chess.STARTING_FEN}: stopped after ")
    assert said[-1].startswith(f"B on a1 of {chess.STARTING_FEN}: stopped after ")


def test_a_long_fen_in_the_result_line_wraps_within_the_panel(qtbot, monkeypatch, request) -> None:
    """Flipello's FEN holds each side's sixty discs in hand, a run of 125 letters: word wrap found no
    place to break it, and the line widened the tab past its dock, every line cut off at the side."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QScrollArea

    tab = _search_then_comparison(qtbot, monkeypatch, request, "flipello", "d5", "((+)*)*")
    assert "P" * 60 in tab.result.text().replace("\u200b", "")
    area = tab.parentWidget()
    while not isinstance(area, QScrollArea):
        area = area.parentWidget()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    assert area.horizontalScrollBar().maximum() == 0
    assert tab.result.geometry().right() < area.viewport().width()


@pytest.mark.parametrize("a_runs_away", [True, False])
def test_the_comparison_says_which_of_a_and_b_ran_away(a_runs_away: bool) -> None:
    """A may be a typed notation too: one that runs away was said to be B."""
    import threading

    from dagaz_studio.board import load_board, shipped_boards
    from dagaz_studio.engine import Position
    from dagaz_studio.queries.test_panel import CompareQuery, answer_panel

    board = load_board(shipped_boards()["chess"])
    runaway, rook = "((+)*)*", "(+)([p]\\1)*"
    a, b = (runaway, rook) if a_runs_away else (rook, runaway)
    answer = answer_panel(None, CompareQuery(board, Position.initial(board), board.index("a1"), a, b),
                          threading.Event())
    assert answer.error is not None and "stopped" in answer.error
    assert answer.which == ("A" if a_runs_away else "B")


def test_a_search_where_neither_definition_moves_says_so(qtbot) -> None:
    """Oware's circuit is E and W: a typed S and a B of N step nowhere, so they agree only as nothing
    agrees with nothing; the tab says so, as the compare command does, rather than a bare "no difference"."""
    from tests.helpers.gui_window import type_and_wait

    window = open_window(qtbot, "oware")
    tab = _compare_tab(qtbot, window, "a1")
    type_and_wait(qtbot, window, "S")
    qtbot.waitUntil(lambda: tab.a_name == "typed piece", timeout=20000)
    _type_b(qtbot, tab, "N")
    tab.positions.setValue(300)
    with qtbot.waitSignal(tab.find_runner.replyReady, timeout=30000):
        qtbot.mouseClick(tab.find_button, Qt.MouseButton.LeftButton)
    assert not tab.found.comparison.differ
    assert tab.result.text().startswith("No difference found in 300 positions, but neither A nor B moves a piece "
                                        "in any position tried")


#: Four repetitions of up to nine orthogonal steps: a great many ways, more than the usual budget.
MANY_WAYS = "(+){0,9}" * 4
SPENT = "(it spent the 100,000 units of work a run is given: a piece with a great many ways may end given more)"


@pytest.mark.parametrize(("b", "spends"), [(MANY_WAYS, True), ("((+)*)*", False)])
def test_a_run_that_spends_the_usual_budget_says_so_plainly(qtbot, b: str, spends: bool) -> None:
    """Compare here and Find a difference say of a B that spent the usual budget that it did, as the Moves
    panel says it; one that nests too deeply stops before spending it, and is not said to."""
    window = open_window(qtbot, "chess")
    tab = _compare_tab(qtbot, window, "b1")
    _compared(qtbot, tab, b)
    assert tab.result.text().startswith("B on b1: stopped after ")
    assert tab.result.text().endswith(SPENT) == spends
    with qtbot.waitSignal(tab.find_runner.replyReady, timeout=30000):
        qtbot.mouseClick(tab.find_button, Qt.MouseButton.LeftButton)
    said = tab.found.comparison.error
    assert said is not None and said.endswith(SPENT) == spends
