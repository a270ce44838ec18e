"""Placing games in the window (offscreen): Othello's discs on green, always in hand, their drops
shown as the core finds them; Ataxx's stones; Amazons-like blocks drawn filling their cells."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsRectItem

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.rules import Rules
from tests.helpers.gui_window import click_hand, open_window


def test_othello_is_drawn_on_green_with_discs_always_in_hand(qtbot) -> None:
    window = open_window(qtbot, "othello")
    view = window.board_view
    cells = [item for item in view.scene().items() if isinstance(item, QGraphicsRectItem) and item.data(0) == 0]
    assert cells and cells[0].brush().color() == QColor("seagreen")
    held = view.hand_items()
    assert set(held) == {(0, "Disc"), (1, "Disc")}
    assert "always" in held[(0, "Disc")].toolTip()
    reply = click_hand(qtbot, window, 0, "Disc")
    expected = {m.target for m in legal_moves(Rules(window.board), window.document.position.copy())}
    assert len(expected) == 4 and {m.target for m in reply.shown_moves()} == expected
    assert set(view.highlight_items()) == expected
