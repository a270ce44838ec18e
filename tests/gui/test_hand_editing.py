"""Editing what the players hold in hand from the Position panel (shogi): the palette's piece goes
into the hand clicked, the Remove tool or a held piece's menu takes one away, each one undoable step,
and the FEN says it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from dagaz_studio.gui.board_view.hands import HAND_GAP, HAND_WIDTH
from dagaz_studio.gui.board_view.style import UNIT
from tests.helpers.gui_window import click_hand, open_window

#: Shogi with nothing in hand (the FEN's hand field empty).
EMPTY = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"


def _hand_field(window) -> str:
    fen = window.document.fen()
    return fen[fen.index("[") + 1:fen.index("]")]


def _click_tray(qtbot, window, player: int) -> None:
    """Click ``player``'s half of the hands' tray, mid-way between its end and the middle (no piece
    stands there while a hand holds fewer than four kinds)."""
    view = window.board_view
    rows = len(window.board.row_names)
    x = (view._levels.width + HAND_GAP + HAND_WIDTH / 2) * UNIT
    y = rows * UNIT * (0.6 if player == 0 else 0.4)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(QPointF(x, y)))


def _tool(window, player: int, name: str) -> str:
    return f"place:{player}:{list(window.board.pieces).index(name)}"


def test_the_palette_puts_pieces_in_the_hand_clicked_and_remove_takes_them_back(qtbot) -> None:
    window = open_window(qtbot, "shogi")
    window.document.set_fen(EMPTY)
    editor = window.position_editor
    editor.set_tool(_tool(window, 0, "Pawn"))
    _click_tray(qtbot, window, 0)
    _click_tray(qtbot, window, 0)
    assert _hand_field(window) == "PP"
    # The hand clicked holds it, whichever side's button chose the piece.
    editor.set_tool(_tool(window, 0, "Rook"))
    _click_tray(qtbot, window, 1)
    assert _hand_field(window) == "PPr"
    assert set(window.board_view.hand_items()) == {(0, "Pawn"), (1, "Rook")}
    window.undo_action.trigger()
    assert _hand_field(window) == "PP"
    # The Remove tool takes one of the piece clicked.
    editor.set_tool("remove")
    click_hand(qtbot, window, 0, "Pawn")
    assert _hand_field(window) == "P"
    window.undo_action.trigger()
    assert _hand_field(window) == "PP"
    # A royal piece is never held: the panel says so, and the hand stays as it was.
    editor.set_tool(_tool(window, 0, "King"))
    _click_tray(qtbot, window, 0)
    assert _hand_field(window) == "PP" and "cannot be held" in editor.fen_error.text()
    # Turned round, the first player's hand is at the top, and a click there fills it.
    window.board_view.orientation.set_flipped(True)
    editor.set_tool(_tool(window, 1, "Gold"))
    _click_tray(qtbot, window, 1)
    assert _hand_field(window) == "PPG"
    qtbot.waitUntil(lambda: not window.move_explorer.runner.running and not window.move_play.runner.running,
                    timeout=20000)


def test_a_held_piece_s_menu_adds_one_and_removes_one(qtbot) -> None:
    window = open_window(qtbot, "shogi")
    window.document.set_fen(EMPTY.replace("[]", "[Bs]"))
    menu = window.position_editor.hand_menu(1, "Silver")
    actions = {action.text(): action for action in menu.actions()}
    actions["Add one"].trigger()
    assert _hand_field(window) == "Bss"
    actions["Remove one"].trigger()
    actions["Remove one"].trigger()
    assert _hand_field(window) == "B" and set(window.board_view.hand_items()) == {(0, "Bishop")}
    menu.deleteLater()
    window.undo_action.trigger()
    assert _hand_field(window) == "Bs"
    qtbot.waitUntil(lambda: not window.move_explorer.runner.running and not window.move_play.runner.running,
                    timeout=20000)


def test_a_board_without_hands_has_no_tray_to_click(qtbot) -> None:
    window = open_window(qtbot, "chess")
    view = window.board_view
    assert view.hand_owner_at(QPointF((view._levels.width + HAND_GAP + 0.5) * UNIT, UNIT)) is None
    qtbot.waitUntil(lambda: not window.move_explorer.runner.running and not window.move_play.runner.running,
                    timeout=20000)
