"""Record as test: on a piece held in hand, the drops the board shows, written as a `drop` test that
passes once applied (the squares expected come from Fairy-Stockfish, not from the program); on a
board where the piece only enters by a gate, why nothing is written; tests recorded one after the
other before Apply, each under a name of its own."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.helpers.gui_window import click_and_wait, click_hand, open_window, shown_tests_panel

sf = pytest.importorskip("pyffish")

#: Crazyhouse after 1. e4 e5 2. Nf3 Nc6 with a pawn in each hand; White to move.
FEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3"


def _record(qtbot, panel) -> str:
    with qtbot.waitSignal(panel.recorded, timeout=20000) as blocker:
        qtbot.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    return blocker.args[0]


def _apply(qtbot, window, panel) -> None:
    with qtbot.waitSignal(panel.resultsShown, timeout=20000):
        qtbot.mouseClick(window.board_text.apply_button, Qt.MouseButton.LeftButton)


def test_a_piece_in_hand_is_recorded_as_a_drop_test_that_passes(qtbot) -> None:
    window = open_window(qtbot, "crazyhouse")
    panel = shown_tests_panel(qtbot, window)
    window.document.set_fen(FEN)
    click_hand(qtbot, window, 0, "Pawn")
    statement = _record(qtbot, panel)
    assert statement.startswith(f"test drops-Pawn-1: fen {FEN} drop Pawn reaches ")
    drops = {move[2:] for move in sf.legal_moves("crazyhouse", FEN, []) if move.startswith("P@")}
    assert set(statement.split(" reaches ")[1].split()) == drops
    assert window.board_text.text_edit.toPlainText().rstrip().endswith(statement)
    # The other side's pawn in hand: its owner is named, as the side to move is not his.
    click_hand(qtbot, window, 1, "Pawn")
    other = _record(qtbot, panel)
    assert other.startswith(f"test drops-Pawn-2: fen {FEN} drop Black Pawn reaches ")
    black = FEN.replace(" w ", " b ")
    drops = {move[2:] for move in sf.legal_moves("crazyhouse", black, []) if move.startswith("P@")}
    assert set(other.split(" reaches ")[1].split()) == drops
    _apply(qtbot, window, panel)
    for name in ("drops-Pawn-1", "drops-Pawn-2"):
        item = panel.test_item(name)
        assert item is not None and item.text().startswith("✓ "), item and item.toolTip()


def test_a_piece_that_only_enters_by_a_gate_is_not_recorded_and_the_panel_says_why(qtbot) -> None:
    """S-chess's Hawk in hand is never dropped: a `drop` test of it could not be read, so none is written."""
    window = open_window(qtbot, "seirawan")
    panel = shown_tests_panel(qtbot, window)
    text = window.board_text.text_edit.toPlainText()
    click_hand(qtbot, window, 0, "Hawk")
    with qtbot.waitSignal(panel.detail_runner.replyReady, timeout=20000):
        qtbot.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    assert window.board_text.text_edit.toPlainText() == text
    assert panel.why.text().startswith("Nothing recorded: a Hawk in hand is never dropped on this board")


def test_tests_recorded_before_apply_take_names_of_their_own(qtbot) -> None:
    """Two tests of g1 recorded one after the other, not yet applied: the second is not named as the
    first (a name twice in a file is a problem at Apply)."""
    window = open_window(qtbot, "chess")
    panel = shown_tests_panel(qtbot, window)
    click_and_wait(qtbot, window, "g1")
    first = _record(qtbot, panel)
    second = _record(qtbot, panel)
    assert first.split(":")[0] == "test reaches-from-g1-1" and second.split(":")[0] == "test reaches-from-g1-2"
    _apply(qtbot, window, panel)
    assert window.board_text.problems == []
    for name in ("reaches-from-g1-1", "reaches-from-g1-2"):
        item = panel.test_item(name)
        assert item is not None and item.text().startswith("✓ ")


def test_with_every_move_shown_the_test_recorded_says_it_has_the_legal_ones(qtbot) -> None:
    """Legal moves only off, a King in check: the board shows every drop of the pawn in hand, the test
    has those Fairy-Stockfish allows (the ones that block), and the panel says so."""
    fen = "4r2k/8/8/8/8/8/8/4K3[P] w - - 0 1"
    window = open_window(qtbot, "crazyhouse")
    panel = shown_tests_panel(qtbot, window)
    window.document.set_fen(fen)
    window.moves_panel.legal_only.setChecked(False)
    shown = click_hand(qtbot, window, 0, "Pawn")
    statement = _record(qtbot, panel)
    drops = {move[2:] for move in sf.legal_moves("crazyhouse", fen, []) if move.startswith("P@")}
    assert set(statement.split(" reaches ")[1].split()) == drops and len(shown.shown_moves()) > len(drops)
    assert "legal moves" in panel.why.text() and "Legal moves only is off" in panel.why.text()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_record_as_test_is_in_sight_without_scrolling(qtbot, size: tuple[int, int]) -> None:
    """The Tests tab's buttons stand above its lists, not below them where a short dock scrolls them away."""
    window = open_window(qtbot, "chess", size)
    panel = shown_tests_panel(qtbot, window)
    qtbot.waitUntil(lambda: not panel.record_button.visibleRegion().isEmpty(), timeout=5000)
    assert not panel.run_button.visibleRegion().isEmpty()
