"""A heap board edited in the window as a person would: seeds added one click at a time stop where a
FEN of the board stops (the FEN reader is the judge of what a position may hold), saying why."""

from __future__ import annotations

import pytest

from dagaz_studio.board.heaps import MAX_HEAP
from dagaz_studio.engine import FenError, Position
from tests.helpers.gui_window import open_window


def test_seeds_added_click_by_click_stop_at_what_a_fen_may_hold(qtbot) -> None:
    window = open_window(qtbot, "oware")
    editor, document, board = window.position_editor, window.document, window.board
    # One seed short of the most a FEN of the board may hold, all in a1.
    document.set_fen(f"0,0,0,0,0,0/{MAX_HEAP - 1},0,0,0,0,0 w 0 0")
    editor.set_tool("place:-1:0")
    a1 = board.index("a1")
    editor.square_clicked(a1)
    full = document.fen()
    Position.from_fen(board, full)  # the FEN reader takes it
    editor.square_clicked(board.index("b2"))
    assert document.fen() == full
    assert editor.fen_error.text().replace("\u200b", "").startswith("Not changed: the heaps hold 1,000 pieces in all")
    # One more than that is what the FEN reader refuses: the click refused what it would.
    more = full.replace("0,0,0,0,0,0/", "1,0,0,0,0,0/", 1)
    with pytest.raises(FenError):
        Position.from_fen(board, more)
    document.undo_stack.undo()
    assert document.fen().split("/")[1].startswith(f"{MAX_HEAP - 1},")
