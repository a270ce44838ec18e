"""A heap board edited in the window as a person would: seeds added one click at a time stop where a
FEN of the board stops (the FEN reader is the judge of what a position may hold), saying why; and
deleting a piece type takes its seeds with it, bare counts (of the first type) included, rather than
leaving them to be read as the next type's."""

from __future__ import annotations

import re

import pytest

from dagaz_studio.board import shipped_boards
from dagaz_studio.board.heaps import MAX_HEAP, parse_heap_placement
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


def _two_types(tmp_path, setup: str):
    text = shipped_boards()["two-seeds"].read_text(encoding="utf-8")
    text = text.replace("setup: 1w1r,2w,1w1r,2w/2w,1w1r,2w,1w1r", f"setup: {setup}")
    path = tmp_path / "two-types.board"
    path.write_text(text, encoding="utf-8")
    return path


def test_deleting_a_heap_boards_first_type_takes_its_bare_counts_with_it(qtbot, tmp_path) -> None:
    # Bare counts are Wheat's (the first type); lettered ones say whose they are.
    setup = "1,2,1r,2/2w,1r,2,1w1r"
    window = open_window(qtbot, str(_two_types(tmp_path, setup)))
    board = window.board
    rubies = {square: counts[1] for square, counts in parse_heap_placement(board, setup).items() if counts[1]}
    window.piece_types.apply_delete("Wheat")
    board = window.document.board
    assert list(board.pieces) == ["Ruby"]
    expected = {window.board.squares[square]: count for square, count in rubies.items()}
    # Read back by the FEN reader: the file's setup, and the position the window shows.
    for placement in (re.search(r"^setup: (\S+)", window.document.board_text, re.M).group(1),
                      window.document.fen().split()[0]):
        left = parse_heap_placement(board, placement)
        assert {board.squares[square]: counts[0] for square, counts in left.items()} == expected, placement
    window.document.undo_stack.undo()
    assert list(window.document.board.pieces) == ["Wheat", "Ruby"]


def test_a_heap_boards_only_type_is_not_deleted_and_the_reason_is_given(qtbot) -> None:
    window = open_window(qtbot, "oware")
    text = window.document.board_text
    with pytest.raises(ValueError, match="only piece type, and its heaps need one"):
        window.piece_types.apply_delete("Seed")
    assert window.document.board_text == text


def test_a_heap_dragged_onto_another_is_added_to_it(qtbot) -> None:
    """Dragging a pit's seeds onto another pit keeps every seed: the counts add up (read back by the FEN
    reader), rather than the pit's seeds being thrown away; an undo takes it back."""
    window = open_window(qtbot, "oware")
    document, board = window.document, window.board
    before = document.fen()
    window.position_editor.piece_dragged(board.index("a1"), board.index("b1"))
    heaps = parse_heap_placement(board, document.fen().split()[0])
    assert sum(sum(counts) for counts in heaps.values()) == 48
    assert heaps[board.index("b1")] == (8,) and board.index("a1") not in heaps
    document.undo_stack.undo()
    assert document.fen() == before
