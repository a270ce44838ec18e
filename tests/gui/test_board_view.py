"""The board view draws boards from their geometry and hints, pieces, highlights, and reports clicks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from dagaz_studio.gui.board_view.view import HIGHLIGHT_KINDS, UNIT, HighlightItem, QtBoardView
from tests.helpers.gui_boards import chess_like, diagonal_links, fanorona_like, xiangqi_like


@pytest.fixture
def view(qtbot):
    widget = QtBoardView()
    qtbot.addWidget(widget)
    widget.resize(600, 600)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_cells_board_has_one_cell_per_square(view):
    board = chess_like()
    view.set_board(board)
    assert sorted(view.square_items()) == list(range(64))
    assert view.line_items() == []


def test_checkered_cells_alternate_and_a1_is_dark(view):
    board = chess_like()
    view.set_board(board)
    cells = view.square_items()
    a1, b1, a2 = (cells[board.index(name)].brush().color() for name in ("a1", "b1", "a2"))
    assert a1 != b1 and a1 == cells[board.index("h8")].brush().color()
    assert b1 == a2
    assert a1.lightness() < b1.lightness()


def test_xiangqi_points_lines_river_and_palaces(view):
    board = xiangqi_like()
    view.set_board(board)
    assert len(view.square_items()) == 90
    horizontal = 10 * 8
    vertical = 9 * 9 - 7  # only the two edge columns bridge the river
    palace_diagonals = 2 * 2
    assert len(view.line_items()) == horizontal + vertical + palace_diagonals

    river_top = (4 + 0.5) * UNIT
    river_bottom = (5 + 0.5) * UNIT
    crossing = [
        line.line() for line in view.line_items()
        if min(line.line().y1(), line.line().y2()) <= river_top and max(line.line().y1(), line.line().y2()) >= river_bottom
    ]
    assert sorted(round(line.x1() / UNIT - 0.5) for line in crossing) == [0, 8]


def test_fanorona_diagonals_follow_the_links_only(view):
    board = fanorona_like()
    view.set_board(board)
    assert len(view.square_items()) == 45
    orthogonal = 5 * 8 + 9 * 4
    diagonals = [line for line in view.line_items() if line.line().dx() != 0 and line.line().dy() != 0]
    assert len(diagonals) == diagonal_links(board) == 32
    assert len(view.line_items()) == orthogonal + 32
    # No diagonal passes through a weak point (column + row odd), e.g. b5.
    b5 = view.square_centre(board.index("b5"))
    for line in diagonals:
        for end in (line.line().p1(), line.line().p2()):
            assert end != b5


def test_pieces_are_drawn_and_replaced(view):
    board = chess_like()
    view.set_board(board, {board.index("e1"): (0, "King", "K"), board.index("e8"): (1, "Amazon", "A")})
    assert sorted(view.piece_items()) == sorted([board.index("e1"), board.index("e8")])
    view.set_placement({board.index("d4"): (0, "Pawn", "P")})
    assert list(view.piece_items()) == [board.index("d4")]


def _click(qtbot, view, square):
    point = view.mapFromScene(view.square_centre(square))
    with qtbot.waitSignal(view.squareClicked, timeout=1000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    return blocker.args[0]


@pytest.mark.parametrize("make, names", [(chess_like, ["a1", "e4", "h8"]), (xiangqi_like, ["e1", "a10", "i5"]), (fanorona_like, ["a1", "e3", "i5"])])
def test_clicking_a_square_centre_reports_that_square(qtbot, view, make, names):
    board = make()
    view.set_board(board)
    for name in names:
        assert _click(qtbot, view, board.index(name)) == board.index(name)


def test_click_near_a_point_maps_to_the_nearest_point(view):
    board = xiangqi_like()
    view.set_board(board)
    e5 = view.square_centre(board.index("e5"))
    assert view.square_at(e5 + QPointF(UNIT * 0.3, -UNIT * 0.2)) == board.index("e5")
    assert view.square_at(e5 + QPointF(UNIT * 0.7, UNIT * 0.8)) == board.index("f4")
    assert view.square_at(QPointF(-UNIT, -UNIT)) is None


def test_click_off_the_board_reports_nothing(qtbot, view):
    board = chess_like()
    view.set_board(board)
    received = []
    view.squareClicked.connect(received.append)
    corner = view.mapFromScene(view.sceneRect().topLeft() + QPointF(2, 2))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=corner)
    assert received == []


def test_highlights_show_one_mark_per_square_of_its_kind(view):
    board = chess_like()
    view.set_board(board)
    wanted = {board.index(name): kind for name, kind in zip(["a1", "b2", "c3", "d4", "e5", "f6", "g7"], HIGHLIGHT_KINDS)}
    view.set_highlights(wanted)
    items = view.highlight_items()
    assert {square: item.kind for square, item in items.items()} == wanted
    for square, item in items.items():
        assert item.scene() is view.scene()
        assert item.pos() == view.square_centre(square)
    view.set_highlights({board.index("h8"): "move"})
    assert list(view.highlight_items()) == [board.index("h8")]
    assert sum(isinstance(item, HighlightItem) for item in view.scene().items()) == 1
    view.clear_highlights()
    assert view.highlight_items() == {}


def test_highlight_kinds_differ_in_pixels(qtbot, view):
    """Each kind draws something different on the same square (shape, not colour only)."""
    board = chess_like()
    view.set_board(board)
    square = board.index("d4")
    area = view.mapFromScene(view.square_centre(square))
    images = {}
    for kind in HIGHLIGHT_KINDS:
        view.set_highlights({square: kind})
        image = view.grab().toImage()
        gray = image.convertToFormat(image.Format.Format_Grayscale8)
        step = max(1, view.transform().m11() * UNIT / 10)
        images[kind] = tuple(
            gray.pixelColor(int(area.x() + dx * step), int(area.y() + dy * step)).value() for dx in range(-4, 5) for dy in range(-4, 5)
        )
    assert len(set(images.values())) == len(HIGHLIGHT_KINDS)


def test_unknown_highlight_kind_is_refused(view):
    view.set_board(chess_like())
    with pytest.raises(ValueError, match="unknown highlight kind"):
        view.set_highlights({0: "sparkle"})


def test_board_fits_the_view_when_resized(qtbot, view):
    view.set_board(chess_like())
    view.resize(300, 300)
    qtbot.waitUntil(lambda: view.viewport().width() <= 300, timeout=10000)
    small = view.mapFromScene(view.sceneRect()).boundingRect()
    view.resize(800, 500)
    qtbot.waitUntil(lambda: view.viewport().width() > 700, timeout=10000)
    large = view.mapFromScene(view.sceneRect()).boundingRect()
    assert large.height() > small.height()
    assert large.height() <= view.viewport().height() + 2
    assert small.width() <= 302
