"""Moves by name in the real window (offscreen): the move list's names, the "Play move" field, playing
a listed move by double-clicking it, undo, and the remembered Xiangqi name style."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtCore import Qt

from dagaz_studio.board import shipped_boards
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import describe_move
from dagaz_studio.gui import app
from dagaz_studio.gui.explorer.name_styles import XIANGQI_STYLE_LABELS
from dagaz_studio.gui.settings import XIANGQI_NAMES_KEY, settings
from dagaz_studio.names import MoveNames

sf = pytest.importorskip("pyffish")

OPENING = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]
#: Red cannons on e5 and e3: the front one is named CF / FC / C+ by style.
TWO_CANNONS = "3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1"


def open_window(qtbot, name: str):
    window = app.create_window(str(shipped_boards()[name]))
    qtbot.addWidget(window)
    window.resize(1200, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def select_and_wait(qtbot, window, square: str):
    """Click ``square`` on the board and wait for its moves."""
    view = window.board_view
    point = view.mapFromScene(view.square_centre(window.board.index(square)))
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    return blocker.args[0]


def listed(window) -> list[str]:
    """The move rows of the move list (the first row is "All steps")."""
    moves = window.trace_player.moves
    return [moves.item(row).text() for row in range(1, moves.count())]


def listed_names(window) -> list[str]:
    return [text.split()[0] for text in listed(window)]


def type_move(qtbot, window, text: str, signal: str = "played") -> str:
    """Type ``text`` into the Play move field and press Enter; returns what the signal carried."""
    field = window.play_field.field
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)
    with qtbot.waitSignal(getattr(window.move_play, signal), timeout=20000) as blocker:
        qtbot.keyClick(field, Qt.Key.Key_Return)
    return blocker.args[0]


def core_names(window, square: str, style: str | None = None) -> list[str]:
    """The core's names of the moves from ``square``, asked directly (not through the window)."""
    board = window.board
    names = MoveNames(Rules(board), window.document.position, style=style)
    return sorted(name for move, name in names if move.origin == board.index(square))


def test_the_knights_moves_are_listed_by_their_san_names(qtbot) -> None:
    window = open_window(qtbot, "chess")
    select_and_wait(qtbot, window, "g1")
    assert sorted(listed_names(window)) == ["Nf3", "Nh3"] == core_names(window, "g1")
    assert "Nf3    g1-f3" in listed(window)  # the coordinates beside the name
    row = listed(window).index("Nf3    g1-f3") + 1
    assert "g1-f3" in window.trace_player.moves.item(row).toolTip()


def test_typed_names_play_the_opening_as_python_chess_does(qtbot) -> None:
    window = open_window(qtbot, "chess")
    reference = chess.Board()
    for name in OPENING:
        assert type_move(qtbot, window, name) == name
        reference.push_san(name)
        assert window.play_field.field.text() == ""
    # Placement, side to move, castling and en passant (the engine counts quiet moves for the clock
    # without knowing pawns, so the halfmove clock is not compared).
    assert window.document.fen().split()[:4] == reference.fen().split()[:4]
    assert window.document.undo_stack.count() == len(OPENING)
    select_and_wait(qtbot, window, "e1")
    assert "O-O" in listed_names(window)
    assert sorted(listed_names(window)) == core_names(window, "e1")


def test_a_mating_move_is_played_and_listed_with_python_chesss_mark(qtbot) -> None:
    window = open_window(qtbot, "chess")
    reference = chess.Board()
    for name in ["f3", "e5", "g4"]:
        assert type_move(qtbot, window, name) == name
        reference.push_san(name)
    select_and_wait(qtbot, window, "d8")
    mate = reference.san(chess.Move.from_uci("d8h4"))
    assert mate == "Qh4#" and mate in listed_names(window)
    assert type_move(qtbot, window, "Qh4") == mate  # typed without its mark, recorded with it


def test_other_spellings_are_read_too(qtbot) -> None:
    window = open_window(qtbot, "chess")
    assert type_move(qtbot, window, "e2e4") == "e4"
    assert type_move(qtbot, window, "e7-e5") == "e5"
    assert type_move(qtbot, window, "Ng1-f3") == "Nf3"
    assert window.document.fen().split()[0] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"


def test_a_name_that_matches_no_move_is_refused_and_changes_nothing(qtbot) -> None:
    window = open_window(qtbot, "chess")
    before = window.document.fen()
    message = type_move(qtbot, window, "Nf9", "refused")
    assert message.startswith("no legal move matches 'Nf9' (chess names its moves in SAN, such as ")
    assert window.play_field.error == message and window.play_field.message.isVisible()
    assert window.document.fen() == before and window.document.undo_stack.count() == 0
    assert window.play_field.field.text() == "Nf9"  # kept, to be corrected
    qtbot.keyClicks(window.play_field.field, "x")
    assert window.play_field.error is None


def test_a_name_that_matches_several_moves_lists_them(qtbot) -> None:
    window = open_window(qtbot, "chess")
    window.document.set_fen("4k3/8/8/8/8/8/1N3N2/4K3 w - - 0 1")
    before = window.document.fen()
    message = type_move(qtbot, window, "Nd3", "refused")
    assert "matches several moves" in message and "Nbd3" in message and "Nfd3" in message
    assert message in window.play_field.message.text()
    assert window.document.fen() == before


def test_undo_takes_a_played_move_back(qtbot) -> None:
    window = open_window(qtbot, "chess")
    start = window.document.fen()
    type_move(qtbot, window, "d4")
    after = window.document.fen()
    assert after != start and window.undo_action.text().endswith("Play d4")
    window.undo_action.trigger()
    assert window.document.fen() == start
    window.redo_action.trigger()
    assert window.document.fen() == after


def test_double_clicking_a_listed_move_plays_it(qtbot) -> None:
    window = open_window(qtbot, "chess")
    select_and_wait(qtbot, window, "g1")
    moves = window.trace_player.moves
    item = moves.item(listed(window).index("Nf3    g1-f3") + 1)
    point = moves.visualItemRect(item).center()
    with qtbot.waitSignal(window.move_play.played, timeout=20000) as blocker:
        # A real double-click starts with a click; the view ignores a double-click on an item not pressed.
        qtbot.mouseClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=point)
        qtbot.mouseDClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert blocker.args == ["Nf3"]
    reference = chess.Board()
    reference.push_san("Nf3")
    assert window.document.fen().split()[:4] == reference.fen().split()[:4]
    assert window.document.undo_stack.count() == 1


def test_a_listed_move_of_the_side_not_to_move_is_not_played(qtbot) -> None:
    window = open_window(qtbot, "chess")
    reply = select_and_wait(qtbot, window, "g8")
    before = window.document.fen()
    index = next(iter(reply.names))
    with qtbot.waitSignal(window.move_play.refused, timeout=20000) as blocker:
        window.trace_player.moveActivated.emit(index)
    assert "Black is not to move" in blocker.args[0]
    assert window.document.fen() == before


def test_xiangqi_h2_plus_3_gives_the_fen_fairy_stockfish_gives(qtbot) -> None:
    window = open_window(qtbot, "xiangqi")
    start = window.document.fen()
    assert type_move(qtbot, window, "H2+3") == "H2+3"
    assert window.document.fen().split()[:2] == sf.get_fen("xiangqi", start, ["h1g3"]).split()[:2]
    assert type_move(qtbot, window, "c8.5") == "C8=5"  # Black's cannon, read in another spelling
    select_and_wait(qtbot, window, "b1")
    assert sorted(listed_names(window)) == core_names(window, "b1")


@pytest.mark.parametrize("style, front", [("wxf", "CF+1"), ("wxf-prefix", "FC+1"), ("wxf-signs", "C++1")])
def test_the_xiangqi_style_setting_names_two_cannons_on_a_file(qtbot, style: str, front: str) -> None:
    window = open_window(qtbot, "xiangqi")
    window.document.set_fen(TWO_CANNONS)
    select_and_wait(qtbot, window, "e5")
    assert "CF+1" in listed_names(window)  # the board's default
    # Through another style, so that choosing the default changes something too.
    for chosen in (["wxf-signs"] if style == "wxf" else []) + [style]:
        with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000):
            window.xiangqi_names_menu.style_actions[chosen].trigger()
    assert window.xiangqi_names_menu.style_actions[style].isChecked()
    if style != "wxf":
        assert "CF+1" not in listed_names(window)
    assert front in listed_names(window)
    assert sorted(listed_names(window)) == core_names(window, "e5", style)
    # Typed names are read in every style, whichever is shown.
    assert type_move(qtbot, window, "C++1") == front


def test_the_xiangqi_style_is_remembered(qtbot) -> None:
    window = open_window(qtbot, "xiangqi")
    assert window.move_play.xiangqi_style == "wxf"
    window.xiangqi_names_menu.style_actions["wxf-signs"].trigger()
    assert settings().value(XIANGQI_NAMES_KEY) == "wxf-signs"
    window.close()
    again = open_window(qtbot, "xiangqi")
    assert again.move_play.xiangqi_style == "wxf-signs"
    assert again.xiangqi_names_menu.style_actions["wxf-signs"].isChecked()
    assert set(again.xiangqi_names_menu.style_actions) == set(XIANGQI_STYLE_LABELS)
    again.document.set_fen(TWO_CANNONS)
    select_and_wait(qtbot, again, "e5")
    assert "C++1" in listed_names(again)


def test_fanorona_moves_are_named_in_coordinates(qtbot) -> None:
    window = open_window(qtbot, "fanorona")
    reply = select_and_wait(qtbot, window, "d3")
    board = window.board
    allowed = [text for text in listed(window) if not text.endswith("(not allowed)")]
    assert sorted(allowed) == sorted(describe_move(board, reply.moves[i]) for i in reply.allowed)
    assert type_move(qtbot, window, "d3-e3xc3") == "d3-e3xc3"
    assert window.document.undo_stack.count() == 1


def test_a_typed_notations_moves_cannot_be_played(qtbot) -> None:
    window = open_window(qtbot, "chess")
    window.notation_editor.set_text("N,OM;E,OT;S TR;W,RM")
    reply = select_and_wait(qtbot, window, "d4")
    assert reply.moves and not reply.names
    with qtbot.waitSignal(window.move_play.refused, timeout=20000) as blocker:
        window.trace_player.moveActivated.emit(reply.allowed[0])
    assert "notation not on the board" in blocker.args[0]
    assert window.document.undo_stack.count() == 0


def test_a_move_being_read_when_another_board_opens_is_not_played_there(qtbot) -> None:
    window = open_window(qtbot, "chess")
    played: list[str] = []
    window.move_play.played.connect(played.append)
    window.move_play.play_text("e2e4")
    assert window.open_file("chess")  # the same game again: the move would fit its position
    qtbot.waitUntil(lambda: not window.move_play.reading, timeout=10000)
    qtbot.wait(200)  # an answer already on its way would have come by now
    assert played == [] and window.document.at_initial_position()
    assert not window.play_field.field.isReadOnly()


def test_a_name_left_in_the_field_goes_when_another_board_opens(qtbot) -> None:
    """A name refused on chess stayed typed when xiangqi was opened: Enter there read it again on a
    board it was never meant for. A piece type's notation changed on the same board keeps it."""
    window = open_window(qtbot, "chess")
    type_move(qtbot, window, "Nf9", "refused")
    window.document.set_piece_notation("Knight", "(+)")  # the same board, changed
    assert window.play_field.field.text() == "Nf9"
    assert window.open_file("xiangqi")
    assert window.play_field.field.text() == "" and window.play_field.error is None
