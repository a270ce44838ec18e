"""Plain stones, the river's names and check, drawn as the board file asks and the rules say."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QThread
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics
from PySide6.QtWidgets import QGraphicsPathItem

from dagaz_studio.board import load_board, parse_board, shipped_boards
from dagaz_studio.gui import app
from dagaz_studio.gui.board_view.view import UNIT, QtBoardView


@pytest.fixture
def view(qtbot):
    widget = QtBoardView()
    qtbot.addWidget(widget)
    widget.resize(600, 600)
    widget.show()
    return widget


def _texts(item) -> list:
    """Every text path drawn on a piece (its letter or character), however deep."""
    found = [child for child in item.childItems() if isinstance(child, QGraphicsPathItem)]
    for child in item.childItems():
        found += _texts(child)
    return found


def test_stones_boards_draw_plain_stones_in_each_players_colour(view):
    board = load_board("fanorona")
    view.set_board(board, {board.index("a1"): (0, "Stone", "S"), board.index("a5"): (1, "Stone", "S")})
    white, black = view.piece_items()[board.index("a1")], view.piece_items()[board.index("a5")]
    assert _texts(white) == [] and _texts(black) == []
    assert white.brush().gradient() is not None
    colours = [stop[1].lightness() for stop in white.brush().gradient().stops()]
    assert min(colours) > max(stop[1].lightness() for stop in black.brush().gradient().stops())
    # Without the hint the same board letters its pieces.
    lettered = parse_board(shipped_boards()["fanorona"].read_text(encoding="utf-8").replace("draw: stones\n", ""))
    view.set_board(lettered, {lettered.index("a1"): (0, "Stone", "S")})
    assert len(_texts(view.piece_items()[lettered.index("a1")])) == 1


def test_the_rivers_names_are_written_on_it_left_to_right(view):
    board = parse_board("grid: a-i x 10-1\nE = (1, 0)\ndraw: points\ndraw: lines E\ndraw: river 5 6 Chu Han\n")
    view.set_board(board)
    labels = view.river_label_items()
    assert [label.data(0) for label in labels] == ["Chu", "Han"]
    centres = [label.sceneBoundingRect().center() for label in labels]
    river_y = 5 * UNIT  # between the rows drawn 5th and 6th from the top
    assert all(abs(centre.y() - river_y) < UNIT * 0.2 for centre in centres)
    assert centres[0].x() < 4.5 * UNIT < centres[1].x()


def test_xiangqis_names_are_drawn_where_a_font_has_them_and_never_as_empty_boxes(view):
    board = load_board("xiangqi")
    view.set_board(board)
    families = QFontDatabase.families(QFontDatabase.WritingSystem.TraditionalChinese)
    drawable = bool(families) and all(QFontMetrics(QFont(families[0])).inFontUcs4(ord(c)) for c in "楚河漢界")
    assert [label.data(0) for label in view.river_label_items()] == (["楚河", "漢界"] if drawable else [])


def test_the_window_marks_the_king_in_check_and_clears_the_mark_when_it_is_gone(qtbot):
    window = app.create_window("chess")
    qtbot.addWidget(window)
    board = window.board
    view = window.board_view

    def marked(*squares: str) -> None:
        try:
            qtbot.waitUntil(lambda: list(view.check_items()) == [board.index(s) for s in squares], timeout=20000)
        except qtbot.TimeoutError:
            raise AssertionError(f"marked {sorted(view.check_items())}, status {window.statusBar().currentMessage()!r}") from None

    assert view.check_items() == {}
    window.document.set_fen("4k3/8/8/8/B7/8/8/4K3 b - - 0 1")
    marked("e8")  # asked of the worker, not on the window's thread
    mark = view.check_items()[board.index("e8")]
    assert mark.zValue() < view.piece_items()[board.index("e8")].zValue()
    window.document.move_piece(board.index("e8"), board.index("f8"))
    assert view.check_items() == {}  # at once: no mark stays on a square the king has left
    qtbot.wait(200)
    assert view.check_items() == {}
    window.document.undo_stack.undo()
    marked("e8")
    window.document.open_board("xiangqi")
    assert view.check_items() == {}
    qtbot.wait(200)
    assert view.check_items() == {}
    window.shutdown()


def test_the_window_does_not_ask_about_check_on_its_own_thread(qtbot, monkeypatch):
    from dagaz_studio.queries import check

    threads = []
    original = check.royals_in_check
    monkeypatch.setattr(check, "royals_in_check",
                        lambda *args, **kwargs: threads.append(QThread.currentThread()) or original(*args, **kwargs))
    window = app.create_window("chess")
    qtbot.addWidget(window)
    window.document.set_fen("4k3/8/8/8/B7/8/8/4K3 b - - 0 1")
    qtbot.waitUntil(lambda: bool(window.board_view.check_items()), timeout=20000)
    assert threads and all(thread is not window.thread() for thread in threads)
    window.shutdown()


def test_the_window_says_so_when_asking_about_check_fails(qtbot, monkeypatch):
    from dagaz_studio.queries import check

    def failing(*_args: object, **_kwargs: object) -> list[int]:
        raise KeyError("a bug")

    monkeypatch.setattr(check, "royals_in_check", failing)
    window = app.create_window("chess")
    qtbot.addWidget(window)
    window.document.set_fen("4k3/8/8/8/B7/8/8/4K3 b - - 0 1")
    qtbot.waitUntil(lambda: "a bug" in window.statusBar().currentMessage(), timeout=20000)
    assert "royal pieces" in window.statusBar().currentMessage() and not window.board_view.check_items()
    window.shutdown()


def test_the_palette_shows_stones_where_the_board_draws_them(qtbot):
    from dagaz_studio.gui.docks.position_editor import QtPositionEditor
    from dagaz_studio.gui.files.document import QtDocument

    document = QtDocument()
    editor = QtPositionEditor(document)
    qtbot.addWidget(editor)
    document.open_board("fanorona")
    assert (editor.tool_buttons["place:0:0"].text(), editor.tool_buttons["place:1:0"].text()) == ("○", "●")
    document.open_board("xiangqi")
    assert editor.tool_buttons["place:0:0"].text() not in ("○", "●")
