"""The square menu's "Why (not) here?" in the window: the first line says why in short, and the ways
listed are those that could have led there (a King's steps are not offered for a castling square)."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from tests.helpers.gui_window import click_and_wait, open_window


def _why_not(qtbot, window, square: str) -> list[str]:
    menu = QMenu()
    window.move_explorer.square_actions(window.board.index(square), menu)
    action = next(a for a in menu.actions() if a.text() == "Why (not) here?")
    with qtbot.waitSignal(window.move_explorer.explanationShown, timeout=20000):
        action.trigger()
    return window.moves_panel.explanation.text().splitlines()


def test_castling_s_attacked_square_leads_the_why_not(qtbot, chess_window) -> None:
    window = chess_window
    window.document.set_fen("5r2/8/8/8/8/8/3PP3/3QK2R w K - 0 1")
    click_and_wait(qtbot, window, "e1")
    lines = _why_not(qtbot, window, "g1")
    assert lines[0].startswith("g1 is not reached: alternative 2 of 3")
    assert "the Black Rook on f8 attacks it" in lines[0]
    bullets = [line for line in lines if line.startswith("• ")]
    assert bullets[0].startswith("• e1-f1 (alternative 2 of 3")
    assert not any(line.startswith(("• e1-d1", "• e1-e2", "• e1-f2")) for line in bullets)
    # The stepper stands at the check that stopped castling.
    step = window.trace_player.current_event()
    assert step.check == "[A]" and step.square == window.board.index("f1") and not step.ok


def test_the_horse_s_blocked_leg_and_the_cannon_s_missing_piece(qtbot) -> None:
    window = open_window(qtbot, "xiangqi")
    click_and_wait(qtbot, window, "b1")
    lines = _why_not(qtbot, window, "d2")
    assert "[p] failed on c1: a friendly Elephant stands there" in lines[0]
    assert not any(line.startswith("• b1-a1") for line in lines)
    window.document.set_fen("3k5/1r7/9/9/9/9/9/1C7/9/5K3 w")
    click_and_wait(qtbot, window, "b3")
    lines = _why_not(qtbot, window, "b9")
    assert "[P] failed on b8, b7, b6, b5, b4: it is empty" in lines[0]


def test_a_pit_sown_on_the_way_is_said_to_be_reached(qtbot) -> None:
    """On a heap board a sowing puts a seed in every pit it passes: asked about one of them, the window
    says the move adds to its heap, not that no way through the notation acts there."""
    window = open_window(qtbot, "oware")
    click_and_wait(qtbot, window, "c1")
    lines = _why_not(qtbot, window, "e1")
    assert lines[0] == "e1 is reached: the move c1-f2 adds to the heap there."
    assert window.trace_player.current_event() is not None


def test_why_not_for_a_piece_in_hand_says_where_it_can_be_dropped(qtbot) -> None:
    """With a piece in hand selected, "Why (not) here?" answers for its drops (which are not run step
    by step), rather than doing nothing."""
    from tests.helpers.gui_window import click_hand

    window = open_window(qtbot, "shogi")
    window.document.set_fen("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bp] b - - 0 2")
    click_hand(qtbot, window, 0, "Bishop")
    assert _why_not(qtbot, window, "e5") == ["e5 is reached: the Sente Bishop in hand can be dropped there."]
    assert _why_not(qtbot, window, "e9") == [
        "e9 is not reached: the Sente Bishop in hand is dropped on an empty square, and a Gote King stands there."]
    click_hand(qtbot, window, 1, "Pawn")
    lines = _why_not(qtbot, window, "a5")  # a second Pawn on the file: the piece's drop flag forbids it
    assert lines[0].startswith("a5 is not reached: the Gote Pawn in hand could be dropped there")
    assert lines[0].endswith("the game's rules forbid that drop: a Gote Pawn stands on a7, in its column, where no "
                             "other may be dropped (no-drop-doubled).")
    window = open_window(qtbot, "crazyhouse")
    window.document.set_fen("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR[P] w Kk - 0 1")
    click_hand(qtbot, window, 0, "Pawn")
    assert _why_not(qtbot, window, "a8") == [
        "a8 is not reached: the drop rules of the White Pawn in hand leave that square out."]


def test_why_not_for_a_drop_names_what_forbids_it_as_fairy_stockfish_judges(qtbot) -> None:
    """A drop the notation makes but the rules forbid is said to be forbidden for what forbids it: the
    checking piece it does not block, or the Pawn already on its file; Fairy-Stockfish agrees that it
    is no legal move and that a drop between the checker and the King is."""
    import pyffish

    from tests.helpers.gui_window import click_hand

    window = open_window(qtbot, "crazyhouse")
    fen = "4r2k/8/8/8/8/8/8/4K3[N] w - - 0 1"
    window.document.set_fen(fen)
    click_hand(qtbot, window, 0, "Knight")
    legal = set(pyffish.legal_moves("crazyhouse", fen, []))
    assert "N@a5" not in legal and "N@e4" in legal
    assert _why_not(qtbot, window, "a5") == [
        "a5 is not reached: the White Knight in hand could be dropped there by the board's drop notation, but the "
        "game's rules forbid that drop: it would leave the White King on e1 attacked by the Black Rook on e8."]
    assert _why_not(qtbot, window, "e4")[0].startswith("e4 is reached")
    window = open_window(qtbot, "shogi")
    fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[P] w - 1"
    window.document.set_fen(fen)
    click_hand(qtbot, window, 0, "Pawn")
    assert not any(move.startswith("P@") for move in pyffish.legal_moves("shogi", fen, []))
    assert "P@e5" in pyffish.legal_moves("shogi", fen.replace("PPPPPPPPP/1B", "PPPP1PPPP/1B"), [])
    assert _why_not(qtbot, window, "e5")[0].endswith(
        "forbid that drop: a Sente Pawn stands on e3, in its column, where no other may be dropped (no-drop-doubled).")


def test_on_a_board_of_levels_a_way_along_another_level_does_not_head_for_the_square(qtbot) -> None:
    """Raumschach: the Queen on Bc1 cannot reach Aa1 (two files across and a level down is no line of
    hers). Her rook's way west along level B, stopped by the Unicorn on Bb1, never leads to level A:
    it is not given as what stopped her."""
    window = open_window(qtbot, "raumschach")
    click_and_wait(qtbot, window, "Bc1")
    lines = _why_not(qtbot, window, "Aa1")
    assert lines[0] == "Aa1 is not reached: no way through the notation heads for it.", lines[0]
    # A square ahead of a way on its own level is still told by the way that headed for it.
    assert _why_not(qtbot, window, "Bc4")[0].startswith(
        "Bc4 is not reached: alternative 1 of 4 ((+)([p]\\1)*): [p] failed on Bc2: a friendly Pawn stands there")
