"""Pieces in hand in the window (offscreen): drawn beside the board with their counts; clicking one
shows its legal drops, as the core finds them; the same piece again, or a square, deselects."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.rules import Rules
from tests.helpers.gui_window import click_hand, open_window

FEN = "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/9/2P6/PPSPPPPPP/7R1/LN1GKGSNL[BPPb] w - - 0 8"


def test_hands_are_drawn_beside_the_board_and_follow_the_position(qtbot) -> None:
    window = open_window(qtbot, "shogi")
    assert window.board_view.hand_items() == {}
    window.document.set_fen(FEN)
    held = window.board_view.hand_items()
    assert set(held) == {(0, "Bishop"), (0, "Pawn"), (1, "Bishop")}
    board_right = len(window.board.column_names) * 100.0
    assert all(item.data(1).x() > board_right for item in held.values())
    # The second player's hand is at the top, the first player's at the bottom.
    assert held[(1, "Bishop")].data(1).y() < held[(0, "Bishop")].data(1).y()


def test_clicking_a_piece_in_hand_shows_its_legal_drops(qtbot) -> None:
    window = open_window(qtbot, "shogi")
    window.document.set_fen(FEN)
    reply = click_hand(qtbot, window, 0, "Bishop")
    position = window.document.position
    expected = {m.target for m in legal_moves(Rules(window.board), position.copy()) if m.dropped and m.piece == "Bishop"}
    assert expected and set(window.board_view.highlight_items()) == expected
    assert {m.target for m in reply.shown_moves()} == expected
    assert f"{len(expected)} legal drops" in window.moves_panel.summary.text()
    # Every Sente pawn column is taken: no pawn drop is legal, and the window says so.
    click_hand(qtbot, window, 0, "Pawn")
    assert window.board_view.highlight_items() == {}
    assert "0 legal drops" in window.moves_panel.summary.text()


def test_clicking_a_piece_in_hand_shows_that_pieces_notation(qtbot) -> None:
    window = open_window(qtbot, "shogi")
    window.document.set_fen(FEN)
    editor, board, position = window.notation_editor, window.board, window.document.position
    rook = next(square for square, piece in enumerate(position.cells)
                if piece is not None and piece.player == 0 and list(board.pieces)[piece.kind] == "Rook")
    view = window.board_view
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(view.square_centre(rook)))
    assert editor.piece == "Rook"
    click_hand(qtbot, window, 0, "Bishop")
    assert editor.piece == "Bishop" and editor.text() == board.pieces["Bishop"].notation_text
    assert "Bishop" in editor.target.currentText()


def test_each_hand_is_labelled_with_its_players_name_in_sight(qtbot) -> None:
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    window = open_window(qtbot, "shogi")
    window.document.set_fen(FEN)
    view, board = window.board_view, window.board
    labels = {item.text(): item for item in view.scene().items()
              if isinstance(item, QGraphicsSimpleTextItem) and item.text() in board.players}
    assert set(labels) == set(board.players[:2])
    held = view.hand_items()
    first, second = labels[board.players[0]], labels[board.players[1]]
    # Each name at its own hand's end of the tray: the first player's below, the second's above.
    assert first.sceneBoundingRect().top() >= held[(0, "Bishop")].data(1).y()
    assert second.sceneBoundingRect().bottom() <= held[(1, "Bishop")].data(1).y()
    for label in (first, second):
        box = label.sceneBoundingRect()
        assert view.sceneRect().contains(box), label.text()
        assert box.left() >= len(board.column_names) * 100.0  # beside the board, over the tray
