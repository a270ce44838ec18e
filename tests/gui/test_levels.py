"""A 3-D board in the window (offscreen): its levels side by side, apart, each square clickable where
it is drawn, and a piece's moves marked on every level they reach."""

from __future__ import annotations

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.rules import Rules
from dagaz_studio.gui.board_view.levels import level_grid
from dagaz_studio.gui.board_view.view import UNIT
from tests.helpers.gui_window import click_and_wait, open_window


def test_levels_are_drawn_side_by_side_and_squares_found_where_drawn(qtbot) -> None:
    window = open_window(qtbot, "raumschach")
    view, board = window.board_view, window.board
    a1, b1 = view.square_centre(board.index("Aa1")), view.square_centre(board.index("Ba1"))
    assert a1.y() == b1.y() and b1.x() > view.square_centre(board.index("Ae1")).x()
    centres = {(view.square_centre(s).x(), view.square_centre(s).y()) for s in range(len(board.squares))}
    assert len(centres) == len(board.squares) == 125
    assert all(view.square_at(view.square_centre(s)) == s for s in range(len(board.squares)))


def test_a_piece_s_moves_are_marked_across_levels(qtbot) -> None:
    window = open_window(qtbot, "raumschach")
    reply = click_and_wait(qtbot, window, "Bc1")
    board = window.board
    expected = {m.target for m in legal_moves(Rules(board), window.document.position.copy(), board.index("Bc1"))}
    marked = set(window.board_view.highlight_items()) - {board.index("Bc1")}
    assert marked == expected == {m.target for m in reply.shown_moves()}
    assert len({board.level_of[s] for s in marked}) >= 3


def test_in_a_narrow_window_the_levels_wrap_into_rows_with_larger_squares(qtbot) -> None:
    window = open_window(qtbot, "raumschach")
    view, board = window.board_view, window.board
    window.resize(800, 600)
    window.reset_layout()
    qtbot.waitUntil(lambda: view.square_centre(board.index("Ea1")).y() > view.square_centre(board.index("Aa1")).y(),
                    timeout=10000)
    one_row = level_grid(board)  # the five levels side by side
    one_row_scale = min(view.viewport().width() / ((one_row.width + 1.1) * UNIT),
                        view.viewport().height() / ((one_row.height + 1.1) * UNIT))
    assert view.transform().m11() > 1.4 * one_row_scale
    centres = {(view.square_centre(s).x(), view.square_centre(s).y()) for s in range(len(board.squares))}
    assert len(centres) == len(board.squares) == 125
    assert all(view.square_at(view.square_centre(s)) == s for s in range(len(board.squares)))
    # Within a level the squares keep their places: a1 bottom left, e5 top right.
    a1, e5 = view.square_centre(board.index("Ea1")), view.square_centre(board.index("Ee5"))
    assert a1.x() < e5.x() and a1.y() > e5.y()
    window.resize(1600, 1000)
    window.reset_layout()
    qtbot.waitUntil(lambda: view.square_centre(board.index("Ea1")).y() == view.square_centre(board.index("Aa1")).y(),
                    timeout=10000)
