"""``dagaz-studio render`` draws what the window draws: the pieces in hand, with their counts, in the tray beside
the board (the second player's at the top, the first player's at the bottom), and heaps and columns."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage

from dagaz_studio.board import load_board
from dagaz_studio.cli import main
from dagaz_studio.commands.common import open_position
from dagaz_studio.gui.board_view.hands import HAND_GAP
from dagaz_studio.gui.board_view.view import UNIT

SCALE = 0.64
ZH = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR[{}] w KQkq - 0 3"


def _render(tmp_path, name: str, fen: str) -> QImage:
    out = tmp_path / f"{len(list(tmp_path.iterdir()))}.png"
    assert main(["render", name, "--fen", fen, "--out", str(out)]) == 0
    return QImage(str(out))


def _settled(tmp_path, name: str, fen: str) -> QImage:
    """``fen`` drawn until two pictures of it in a row are alike. A render ends by processing the events
    pending: in a process that ran the window's tests first, a picture could be drawn before the events
    they left were processed and the next after (a pit far from the one changed differed), so each
    test's first picture is one that drawing again no longer changes."""
    last = _render(tmp_path, name, fen)
    for _ in range(5):
        again = _render(tmp_path, name, fen)
        if again == last:
            break
        last = again
    return last


def _box(board, column: float, row: float, width: float = 1.0, height: float = 1.0) -> QRect:
    """Pixels of a box whose top left is ``column``, ``row`` in squares from the board's top left corner."""
    margin = 0.55 if board.draw.coordinates else 0.12
    return QRect(round((column + margin) * UNIT * SCALE), round((row + margin) * UNIT * SCALE),
                 round(width * UNIT * SCALE), round(height * UNIT * SCALE))


def _same(one: QImage, other: QImage, box: QRect) -> bool:
    return one.copy(box) == other.copy(box)


def test_pieces_in_hand_are_drawn_in_the_tray_at_their_owners_end(tmp_path):
    board = load_board("crazyhouse")
    columns, rows = len(board.column_names), len(board.row_names)
    empty, held = _settled(tmp_path, "crazyhouse", ZH.format("-")), _render(tmp_path, "crazyhouse", ZH.format("Qq"))
    assert (empty.width(), empty.height()) == (held.width(), held.height())
    tray = columns + HAND_GAP
    # The board itself is drawn alike; the tray gains a piece at each end: Black's at the top, White's at the bottom.
    assert _same(empty, held, _box(board, -0.5, 0, columns + 0.6, rows))
    assert not _same(empty, held, _box(board, tray, 0, 1.2, 1))
    assert not _same(empty, held, _box(board, tray, rows - 1, 1.2, 1))
    assert _same(empty, held, _box(board, tray, 1.2, 1.5, rows - 2.4))


def test_a_count_is_written_beside_a_piece_held_more_than_once(tmp_path):
    board = load_board("crazyhouse")
    columns, rows = len(board.column_names), len(board.row_names)
    one, two = _settled(tmp_path, "crazyhouse", ZH.format("Qq")), _render(tmp_path, "crazyhouse", ZH.format("QQq"))
    centre = columns + HAND_GAP + 0.55
    # The same queen, with "×2" right of White's and nothing new beside Black's.
    assert _same(one, two, _box(board, centre - 0.4, rows - 0.9, 0.8, 0.8))
    assert not _same(one, two, _box(board, centre + 0.42, rows - 1, 0.5, 1))
    assert _same(one, two, _box(board, columns + HAND_GAP, 0, 1.5, 1))


def test_placement_chess_starts_with_its_pieces_drawn_in_hand(tmp_path):
    board = load_board("placement")
    columns, rows = len(board.column_names), len(board.row_names)
    start = open_position(board, None).fen()
    assert "[" in start
    emptied = re.sub(r"\[[^\]]*\]", "[-]", start)
    with_hands, without = _settled(tmp_path, "placement", start), _render(tmp_path, "placement", emptied)
    assert _same(with_hands, without, _box(board, -0.5, 0, columns + 0.6, rows))
    for row in (0, rows - 1):
        assert not _same(with_hands, without, _box(board, columns + HAND_GAP, row, 1.5, 1))


@pytest.mark.parametrize("hand", ["Qq", "QQq"])
def test_the_fen_with_a_hand_is_the_position_drawn(hand):
    # Guards the tests above: the FEN's hand is read as pieces held, not ignored.
    board = load_board("crazyhouse")
    position = open_position(board, ZH.format(hand))
    assert sum(map(sum, position.hands)) == len(hand)


@pytest.mark.parametrize("name, plain, changed, square, elsewhere", [
    # A pit of seven seeds, not four: the count the window writes on the pit changes.
    ("oware", "4,4,4,4,4,4/4,4,4,4,4,4 w 0 0", "4,4,4,4,4,4/4,4,4,7,4,4 w 0 0", "d1", "a1"),
    # A column of two pieces, not one: the window draws the piece below under the top one.
    ("lasca", "s1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S w",
     "s1s1s1s/1s1s1s1/s1s1s1s/7/S1(Ss)1S1S/1S1S1S1/S1S1S1S w", "c3", "a3"),
])
def test_heaps_and_columns_are_drawn_as_the_window_draws_them(tmp_path, name, plain, changed, square, elsewhere):
    board = load_board(name)
    before, after = _settled(tmp_path, name, plain), _render(tmp_path, name, changed)

    def box(at: str) -> QRect:
        index = board.index(at)
        return _box(board, board.column_of[index], board.row_of[index])

    assert not _same(before, after, box(square))
    assert _same(before, after, box(elsewhere))


def test_a_tray_holding_more_kinds_than_it_has_squares_hides_none(qtbot):
    from dagaz_studio.gui.board_view.export import draw_position
    from dagaz_studio.gui.board_view.view import QtBoardView

    board = load_board("placement")
    position = open_position(board, None)
    view = QtBoardView()
    qtbot.addWidget(view)
    draw_position(view, board, position, {})
    held = view.hand_items()
    # Placement chess starts with five kinds in each hand: ten, beside eight rows.
    assert len(held) == sum(1 for hand in position.hands for count in hand if count) > len(board.row_names)
    boxes = {key: item.sceneBoundingRect() for key, item in held.items()}
    for key, box in boxes.items():
        assert not any(box.intersects(other) for k, other in boxes.items() if k != key), key
        # A click on a piece's centre takes that piece.
        assert view.hand_at(held[key].data(1)) == key
