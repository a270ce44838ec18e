"""The Compare tab used as a person would: B emptied or typed so that it no longer reads takes the
comparison off the board, and the squares are listed in the board's order. Expected squares come
from python-chess, not from the program."""

from __future__ import annotations

import chess
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
