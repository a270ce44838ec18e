"""The trace step drawn over the board view."""

from __future__ import annotations

from dagaz_studio.gui.board_view.trace_overlay import TraceStep
from dagaz_studio.gui.board_view.view import QtBoardView
from tests.helpers.gui_boards import chess_like


def test_a_trace_step_is_drawn_and_survives_a_rebuild(qtbot) -> None:
    view = QtBoardView()
    qtbot.addWidget(view)
    board = chess_like()
    view.set_board(board)
    assert view.trace_step_items() == []
    d4, d5, e5 = board.index("d4"), board.index("d5"), board.index("e5")
    view.set_trace_step(TraceStep(d4, target=d5, hand=("Rook",), captures=(e5,)))
    items = view.trace_step_items()
    assert items and all(item.scene() is view.scene() for item in items)
    centre = view.square_centre(d4)
    assert any(item.sceneBoundingRect().contains(centre) for item in items)
    assert any(item.sceneBoundingRect().contains(view.square_centre(e5)) for item in items)
    view.set_show_coordinates(False)  # rebuilds the scene
    assert len(view.trace_step_items()) == len(items)
    view.set_trace_step(None)
    assert view.trace_step_items() == []
