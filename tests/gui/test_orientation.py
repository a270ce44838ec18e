"""Zoom, flip and the labels along the board's edges: WXF file numbers on a board that names its
moves so (counted from each player's right, as WXF counts them), coordinates on heap boards."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.gui.board_view.edges import edge_labels, file_labels
from dagaz_studio.gui.board_view.levels import level_grid
from dagaz_studio.gui.board_view.orientation import ZOOM_STEP
from tests.helpers.gui_window import click_and_wait, open_window


def _scale(window) -> float:
    return window.board_view.transform().m11()


def test_flip_draws_each_square_where_the_opposite_one_was_and_clicks_follow(qtbot, chess_window) -> None:
    window, board = chess_window, chess_window.board
    view = window.board_view
    before = {name: view.square_centre(board.index(name)) for name in ("a1", "h8", "e2", "d7")}
    window.orientation_actions["flip"].setChecked(True)
    assert view.orientation.flipped
    assert view.square_centre(board.index("a1")) == before["h8"]
    assert view.square_centre(board.index("e2")) == before["d7"]
    # The piece drawn on a square is where the square now is, and a click there selects it.
    assert view.piece_items()[board.index("e2")].sceneBoundingRect().contains(view.square_centre(board.index("e2")))
    reply = click_and_wait(qtbot, window, "e2")
    assert {board.squares[m.target] for m in reply.shown_moves()} == {"e3", "e4"}
    window.orientation_actions["flip"].setChecked(False)
    assert view.square_centre(board.index("a1")) == before["a1"]


def test_zoom_in_out_fit_and_ctrl_wheel(qtbot, chess_window) -> None:
    window = chess_window
    view = window.board_view
    fitted = _scale(window)
    window.orientation_actions["zoom_in"].trigger()
    assert abs(_scale(window) - fitted * ZOOM_STEP) < 1e-6 and view.orientation.zoom == ZOOM_STEP
    window.orientation_actions["zoom_out"].trigger()
    window.orientation_actions["zoom_out"].trigger()  # never smaller than the whole board
    assert abs(_scale(window) - fitted) < 1e-6
    centre = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(centre, view.mapToGlobal(centre.toPoint()).toPointF(), QPoint(), QPoint(0, 240),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False)
    view.wheelEvent(wheel)
    assert abs(view.orientation.zoom - ZOOM_STEP ** 2) < 1e-9
    # A resize keeps the zoom over the new fit; Fit board goes back to the whole board.
    window.resize(window.width() - 40, window.height())
    qtbot.wait(50)
    window.orientation_actions["fit"].trigger()
    assert view.orientation.zoom == 1.0
    rect = view.mapFromScene(view.sceneRect()).boundingRect()
    assert view.viewport().rect().adjusted(-2, -2, 2, 2).contains(rect)


def _files(board, flipped: bool) -> tuple[list[str], list[str]]:
    """The file numbers along the bottom and the top edges, left to right."""
    labels = file_labels(board, flipped)
    bottom = sorted((label for label in labels if label.y > 1), key=lambda label: label.x)
    top = sorted((label for label in labels if label.y < 0), key=lambda label: label.x)
    return [label.text for label in bottom], [label.text for label in top]


def test_wxf_files_along_each_side_s_edge() -> None:
    board = load_board("xiangqi")
    # WXF: each side numbers the files 1 to 9 from its own right, so Red (at the bottom) reads 9…1
    # left to right along its edge and Black's numbers, seen from Red's side, run 1…9 along the top.
    assert _files(board, False) == ([str(n) for n in range(9, 0, -1)], [str(n) for n in range(1, 10)])
    # Flipped, Black sits at the bottom and reads its own files 9…1 from the left.
    assert _files(board, True) == ([str(n) for n in range(9, 0, -1)], [str(n) for n in range(1, 10)])
    red_bottom = [label for label in file_labels(board, False) if label.y > 1]
    black_bottom = [label for label in file_labels(board, True) if label.y > 1]
    # The same column carries Red's number unflipped and Black's flipped: 10 minus each other.
    a_file_red = next(label for label in red_bottom if label.x == 0.5)
    a_file_black = next(label for label in black_bottom if label.x == 8.5)
    assert (a_file_red.text, a_file_black.text) == ("9", "1")
    # The column letters give way to the files on those edges; the rank names stay beside.
    labels = edge_labels(board, level_grid(board), False, True)
    assert not any(label.kind == "column" for label in labels)
    assert sum(label.kind == "row" for label in labels) == 20


def test_a_board_not_named_in_wxf_has_no_file_numbers() -> None:
    board = load_board("chess")
    assert file_labels(board, False) and not [label for label in edge_labels(board, level_grid(board), False, True)
                                                  if label.kind == "file"]


def test_a_heap_board_shows_its_pits_names(qtbot) -> None:
    window = open_window(qtbot, "oware")
    board = window.board
    labels = edge_labels(board, level_grid(board), False, True)
    assert {label.text for label in labels if label.kind == "column"} == set(board.column_names)
    assert window.board_view._coordinates_shown()


def test_another_board_opens_whole_and_keeps_the_flip(qtbot, chess_window) -> None:
    window = chess_window
    window.orientation_actions["flip"].setChecked(True)
    window.orientation_actions["zoom_in"].trigger()
    assert window.open_file(str(shipped_boards()["xiangqi"]))
    assert window.board_view.orientation.zoom == 1.0 and window.board_view.orientation.flipped


def test_flipped_the_hands_change_sides_with_their_players(qtbot) -> None:
    window = open_window(qtbot, "shogi")
    view = window.board_view
    window.document.set_fen("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1")
    items = view.hand_items()
    first, second = items[(0, "Pawn")].data(1), items[(1, "Pawn")].data(1)
    assert first.y() > second.y()  # the first player's hand beside his side, at the bottom
    window.orientation_actions["flip"].setChecked(True)
    items = view.hand_items()
    assert items[(0, "Pawn")].data(1).y() < items[(1, "Pawn")].data(1).y()
    assert view.hand_at(items[(0, "Pawn")].data(1)) == (0, "Pawn")
