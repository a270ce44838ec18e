"""Each board's pieces look alike on the board and in the piece palette, drawn from the board's own
hints: the symbol set its ``draw: symbols`` names, else the pieces' letters, never symbols found by a
piece's name in another game's set."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QGraphicsEllipseItem

from dagaz_studio.board import load_board
from tests.helpers.gui_window import open_window


def palette(window) -> dict[tuple[int, str], str]:
    """(player, piece name) -> the label of the palette's button that places that piece."""
    board = window.board
    names = list(board.pieces)
    labels = {}
    for tool, button in window.position_editor.tool_buttons.items():
        if tool.startswith("place:"):
            _, player, kind = tool.split(":")
            labels[(int(player), names[int(kind)])] = button.text()
    return labels


def test_chess_draws_and_offers_its_pieces_as_chess_glyphs(qtbot) -> None:
    window = open_window(qtbot, "chess")
    labels = palette(window)
    assert labels[(0, "King")] == "♔" and labels[(1, "King")] == "♚" and labels[(1, "Pawn")] == "♟"
    assert not any(isinstance(item, QGraphicsEllipseItem) for item in window.board_view.piece_items().values())


def test_xiangqi_draws_and_offers_its_pieces_as_characters(qtbot) -> None:
    from dagaz_studio.gui.board_view.piece_items import can_draw

    window = open_window(qtbot, "xiangqi")
    labels = palette(window)
    if can_draw("帥卒"):
        assert labels[(0, "General")] == "帥" and labels[(1, "Soldier")] == "卒"
    else:  # no CJK font: the letters, as the board draws them
        assert labels[(0, "General")] == "K" and labels[(1, "Soldier")] == "p"


def test_lasca_offers_its_soldier_by_its_letter_not_as_a_xiangqi_soldier(qtbot) -> None:
    window = open_window(qtbot, "lasca")
    assert palette(window)[(0, "Soldier")] == "S" and palette(window)[(1, "Soldier")] == "s"


@pytest.mark.parametrize("name", ["shogi", "minishogi", "checkers"])
def test_a_board_without_symbols_draws_every_piece_by_its_letter(qtbot, name) -> None:
    """Shogi's King, Rook, Bishop, Knight and Pawn, and the draughts King, are not chess pieces: the
    board draws them as lettered discs like the board's other pieces, and the palette offers letters."""
    window = open_window(qtbot, name)
    board = window.board
    for (player, piece), label in palette(window).items():
        letter = board.pieces[piece].letter
        assert label == (letter.upper() if player == 0 else letter.lower()), (piece, label)
    items = window.board_view.piece_items()
    assert items and all(isinstance(item, QGraphicsEllipseItem) for item in items.values())


def test_a_kings_row_draughts_king_is_a_disc_too(qtbot) -> None:
    window = open_window(qtbot, "checkers")
    board = load_board("checkers")
    king = board.pieces["King"].letter
    window.document.set_fen(window.document.fen().replace(board.pieces["Man"].letter.lower(), king.lower(), 1))
    assert all(isinstance(item, QGraphicsEllipseItem) for item in window.board_view.piece_items().values())
