"""The Game record dock: moves played are listed in the board's own names, stepped through and jumped
to, kept for the next start, and copied as PGN-like text. python-chess plays the same moves as the oracle."""

from __future__ import annotations

import io

import chess
import chess.pgn
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tests.helpers.gui_window import open_window


def type_move(qtbot, window, text: str) -> str:
    field = window.play_field.field
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)
    with qtbot.waitSignal(window.move_play.played, timeout=10000) as blocker:
        qtbot.keyClick(field, Qt.Key.Key_Return)
    return blocker.args[0]


def placement(fen: str) -> list[str]:
    """Pieces, side to move, castling: what the window's FEN and python-chess's must agree on."""
    return fen.split()[:3]


SANS = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


def _reference() -> list[str]:
    board = chess.Board()
    fens = [board.fen()]
    for san in SANS:
        board.push_san(san)
        fens.append(board.fen())
    return fens


def test_moves_played_are_recorded_and_stepped_through(qtbot) -> None:
    window = open_window(qtbot, "chess")
    dock = window.game_record
    for san in SANS:
        # Typed in UCI: the record names them as the board does (SAN).
        move = chess.Board(window.document.fen()).parse_san(san)
        assert type_move(qtbot, window, move.uci()) == san
    fens = _reference()
    rows = [dock.list.item(row).text() for row in range(dock.list.count())]
    assert rows == ["Start", "1. e4", "1... e5", "2. Nf3", "2... Nc6", "3. Bb5", "3... a6"]
    assert dock.list.currentRow() == 6 and not dock.forward_button.isEnabled()
    qtbot.mouseClick(dock.back_button, Qt.MouseButton.LeftButton)
    assert placement(window.document.fen()) == placement(fens[5]) and dock.list.currentRow() == 5
    qtbot.mouseClick(dock.first_button, Qt.MouseButton.LeftButton)
    assert placement(window.document.fen()) == placement(fens[0]) and not dock.back_button.isEnabled()
    qtbot.mouseClick(dock.forward_button, Qt.MouseButton.LeftButton)
    assert placement(window.document.fen()) == placement(fens[1])
    # A click on a move shows the position after it.
    item = dock.list.item(4)
    qtbot.mouseClick(dock.list.viewport(), Qt.MouseButton.LeftButton, pos=dock.list.visualItemRect(item).center())
    assert placement(window.document.fen()) == placement(fens[4]) and dock.record.current == 4
    qtbot.mouseClick(dock.last_button, Qt.MouseButton.LeftButton)
    assert placement(window.document.fen()) == placement(fens[6])
    # Undo takes the place back with it.
    window.undo_action.trigger()
    assert dock.list.currentRow() == dock.record.current
    assert placement(dock.record.fen) == placement(window.document.fen())
    # Playing from an earlier place replaces the moves after it.
    qtbot.mouseClick(dock.first_button, Qt.MouseButton.LeftButton)
    assert type_move(qtbot, window, "d2d4") == "d4"
    assert [dock.list.item(row).text() for row in range(dock.list.count())] == ["Start", "1. d4"]


def test_copy_as_text_is_pgn_and_the_record_is_back_at_the_next_start(qtbot) -> None:
    window = open_window(qtbot, "chess")
    for move in ("e2e4", "c7c5", "g1f3"):
        type_move(qtbot, window, move)
    qtbot.mouseClick(window.game_record.copy_button, Qt.MouseButton.LeftButton)
    text = QGuiApplication.clipboard().text()
    assert '[FEN "' in text and "1. e4 c5 2. Nf3 *" in text
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "c7c5", "g1f3"]
    qtbot.mouseClick(window.game_record.back_button, Qt.MouseButton.LeftButton)
    window.files.save_state()
    window.close()
    again = open_window(qtbot, "chess")
    rows = [again.game_record.list.item(row).text() for row in range(again.game_record.list.count())]
    assert rows == ["Start", "1. e4", "1... c5", "2. Nf3"]
    assert again.game_record.list.currentRow() == 2


def test_xiangqi_moves_are_recorded_in_wxf(qtbot) -> None:
    window = open_window(qtbot, "xiangqi")
    assert type_move(qtbot, window, "h3e3") == "C2=5"
    assert window.game_record.list.item(1).text() == "1. C2=5"


def test_the_record_shares_a_column_with_the_piece_types_in_both_layouts(qtbot) -> None:
    window = open_window(qtbot, "chess", size=(800, 600))
    for compact in (True, False):
        window.arrange_docks(compact=compact)
        assert window.piece_types_dock in window.tabifiedDockWidgets(window.record_dock)
        assert not window.record_dock.isFloating()


def test_arrow_keys_step_and_an_edited_position_starts_a_new_record(qtbot) -> None:
    window = open_window(qtbot, "chess")
    dock = window.game_record
    for move in ("e2e4", "e7e5"):
        type_move(qtbot, window, move)
    fens = _reference()
    dock.list.setFocus()
    qtbot.keyClick(dock.list, Qt.Key.Key_Up)
    assert dock.record.current == 1 and placement(window.document.fen()) == placement(fens[1])
    # An edit off the record leaves it as it was and says so; the next move starts a new record there.
    window.document.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert dock.list.currentRow() == -1 and "off the record" in dock.note.text()
    assert dock.list.count() == 3
    assert type_move(qtbot, window, "e1e2") == "Ke2"
    assert [dock.list.item(row).text() for row in range(dock.list.count())] == ["Start", "1. Ke2"]
    assert dock.record.start.startswith("4k3/8/8/8/8/8/8/4K3 w")


def test_a_record_from_a_set_up_position_numbers_its_moves_from_the_fen_s_move_number(qtbot) -> None:
    """Played from a FEN at move 12 with Black to move, the record starts at 12... and its text numbers
    the moves as python-chess writes them from that FEN, not from 1."""
    window = open_window(qtbot, "chess")
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12"
    window.document.set_fen(fen)
    for move in ("g8f6", "b1c3"):
        type_move(qtbot, window, move)
    rows = [window.game_record.list.item(row).text() for row in range(window.game_record.list.count())]
    assert rows == ["Start", "12... Nf6", "13. Nc3"]
    game = chess.pgn.Game()
    game.setup(chess.Board(fen))
    game.add_line([chess.Move.from_uci("g8f6"), chess.Move.from_uci("b1c3")])
    movetext = game.accept(chess.pgn.StringExporter(headers=False)).strip()
    assert window.game_record.copy_text().rstrip().endswith(movetext), movetext


def _rows(dock) -> list[str]:
    return [dock.list.item(row).text() for row in range(dock.list.count())]


def test_undo_after_playing_from_an_earlier_place_brings_back_the_moves_it_replaced(qtbot) -> None:
    """Stepping back, playing another move and undoing both: each undo lands on a position the
    record shows, with its row current, and the moves the new one replaced come back with the step
    undone; redo replays the new move. The Edit menu names the step as a step, not a set-up."""
    window = open_window(qtbot, "chess")
    dock = window.game_record
    for move in ("e2e4", "e7e5", "g1f3", "b8c6"):
        type_move(qtbot, window, move)
    fens = _reference()
    item = dock.list.item(2)
    qtbot.mouseClick(dock.list.viewport(), Qt.MouseButton.LeftButton, pos=dock.list.visualItemRect(item).center())
    assert dock.record.current == 2
    assert window.undo_action.text().replace("&", "") == "Undo Go to 1... e5"
    assert type_move(qtbot, window, "d2d4") == "d4"
    assert _rows(dock) == ["Start", "1. e4", "1... e5", "2. d4"]

    def agree() -> None:
        assert dock.list.currentRow() == dock.record.current
        assert placement(dock.record.fen) == placement(window.document.fen())
        assert "off the record" not in dock.note.text()

    window.undo_action.trigger()  # the move played
    agree()
    assert dock.record.current == 2
    window.undo_action.trigger()  # the step back: the moves d4 replaced are back
    agree()
    assert _rows(dock) == ["Start", "1. e4", "1... e5", "2. Nf3", "2... Nc6"]
    assert dock.record.current == 4 and placement(window.document.fen()) == placement(fens[4])
    window.undo_action.trigger()
    agree()
    assert dock.record.current == 3
    for _ in range(3):
        window.redo_action.trigger()
        agree()
    assert _rows(dock) == ["Start", "1. e4", "1... e5", "2. d4"] and dock.record.current == 3


def test_undo_past_a_new_record_brings_back_the_one_it_replaced(qtbot) -> None:
    """A move played off the record starts a new one; undoing back past it shows the old record again,
    at the position undone to."""
    window = open_window(qtbot, "chess")
    dock = window.game_record
    for move in ("e2e4", "e7e5"):
        type_move(qtbot, window, move)
    window.document.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    window.undo_action.trigger()
    assert dock.list.currentRow() == 2 and "off the record" not in dock.note.text()
    window.redo_action.trigger()
    assert "off the record" in dock.note.text()
    type_move(qtbot, window, "e1e2")
    assert _rows(dock) == ["Start", "1. Ke2"]
    window.undo_action.trigger()
    assert dock.list.currentRow() == 0
    window.undo_action.trigger()
    assert _rows(dock) == ["Start", "1. e4", "1... e5"] and dock.list.currentRow() == 2
    window.redo_action.trigger()
    assert _rows(dock) == ["Start", "1. Ke2"] and dock.list.currentRow() == 0
    window.redo_action.trigger()
    assert dock.list.currentRow() == 1


def test_the_record_stays_when_the_board_is_saved_under_another_name(qtbot, monkeypatch, tmp_path) -> None:
    """Saving a shipped board's copy (or Save as) keeps the board open, under a new name: the game
    record stays, and is the copy's at the next start; opening another board file does not take it."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    window = open_window(qtbot, "chess")
    dock = window.game_record
    for move in ("e2e4", "e7e5"):
        type_move(qtbot, window, move)
    target = tmp_path / "mine.board"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.No)
    window.document.set_piece_notation("Rook", "(+)")
    window.files.save_action.trigger()
    assert window.document.board_path == target
    assert _rows(dock) == ["Start", "1. e4", "1... e5"] and dock.list.currentRow() == 2
    window.files.save_state()
    window.close()
    again = open_window(qtbot, str(target))
    assert _rows(again.game_record) == ["Start", "1. e4", "1... e5"]
    other = tmp_path / "other.board"
    other.write_text(target.read_text(encoding="utf-8"), encoding="utf-8")
    assert again.open_file(str(other))
    assert again.game_record.record is None


def test_a_recorded_position_the_board_no_longer_reads_says_why_and_keeps_the_place(qtbot) -> None:
    """The King's type deleted (its pieces gone, so the record is not carried over): the record's
    positions name a piece the board no longer has, stepping to one says so, and the record stays
    where the board is."""
    window = open_window(qtbot, "chess")
    dock = window.game_record
    for move in ("e2e4", "e7e5"):
        type_move(qtbot, window, move)
    window.piece_types.apply_delete("King")
    before = window.document.fen()
    qtbot.mouseClick(dock.first_button, Qt.MouseButton.LeftButton)
    assert window.document.fen() == before
    assert "no longer fits the board" in dock.note.text()
    assert dock.record.current == 2


def test_a_re_lettered_piece_type_is_carried_into_the_record_and_back_by_undo(qtbot) -> None:
    """The Knight's letter changed (N to H): every recorded position says H, the record still steps,
    and undoing the change brings back the record's N."""
    window = open_window(qtbot, "chess")
    dock = window.game_record
    for move in ("e2e4", "e7e5", "g1f3", "b8c6"):
        type_move(qtbot, window, move)
    fens = list(_reference()[:5])
    window.piece_types.apply_edit("Knight", "Knight", "H", False)
    assert dock.record.current == 4 and dock.list.currentRow() == 4
    assert dock.record.fen == window.document.fen()
    assert all("N" not in dock.record.fen_at(place).split()[0].upper() for place in range(5))
    qtbot.mouseClick(dock.first_button, Qt.MouseButton.LeftButton)
    assert "no longer fits" not in dock.note.text()
    assert placement(window.document.fen())[0] == placement(fens[0])[0].replace("N", "H").replace("n", "h")
    qtbot.mouseClick(dock.last_button, Qt.MouseButton.LeftButton)
    assert placement(window.document.fen())[0] == placement(fens[4])[0].replace("N", "H").replace("n", "h")
    # Undone (the Go to steps, then the change itself), the record reads N again, on the record.
    while "H" in window.document.board_text.split("piece Knight ")[1][:1]:
        window.undo_action.trigger()
    assert "N" in window.document.fen() and dock.record.fen == window.document.fen()
    assert [placement(dock.record.fen_at(place)) for place in range(5)] == [placement(fen) for fen in fens]
    window.redo_action.trigger()
    assert dock.record.fen == window.document.fen() and "H" in window.document.fen()
    qtbot.waitUntil(lambda: not window.move_explorer.runner.running and not window.move_play.runner.running,
                    timeout=20000)


def test_a_re_lettered_piece_type_renames_the_recorded_moves_and_undo_names_them_back(qtbot) -> None:
    """The Knight's letter changed (N to H): the listed moves and the copied text say Hf3 as the FEN
    header says H, the moves without the letter keep their names, and an undo brings back Nf3."""
    window = open_window(qtbot, "chess")
    dock = window.game_record
    for move in ("e2e4", "e7e5", "g1f3", "b8c6"):
        type_move(qtbot, window, move)
    window.piece_types.apply_edit("Knight", "Knight", "H", False)
    assert _rows(dock) == ["Start", "1. e4", "1... e5", "2. Hf3", "2... Hc6"]
    text = dock.copy_text()
    assert "Hf3" in text and "Nf3" not in text and "RHBQKBHR" in text
    # The renamed moves still step, and a move played after the edit is named as the board names it.
    qtbot.mouseClick(dock.first_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dock.last_button, Qt.MouseButton.LeftButton)
    assert "no longer fits" not in dock.note.text()
    assert type_move(qtbot, window, "f1b5") == "Bb5"
    while "H" in window.document.board_text.split("piece Knight ")[1][:1]:
        window.undo_action.trigger()
    assert _rows(dock)[:5] == ["Start", "1. e4", "1... e5", "2. Nf3", "2... Nc6"]
    qtbot.waitUntil(lambda: not window.move_explorer.runner.running and not window.move_play.runner.running,
                    timeout=20000)


def test_a_second_move_in_a_row_is_numbered_as_its_player_s(qtbot) -> None:
    """Kalah's sowing that ends in the mover's store gives the mover another move: the record numbers
    each move by who made it, so South's second move is not listed, nor written, as North's."""
    window = open_window(qtbot, "kalah")
    dock = window.game_record
    type_move(qtbot, window, "d1-h1")  # the last seed in South's store: South moves again
    assert window.document.position.turn == 0
    type_move(qtbot, window, "b1-f1")
    type_move(qtbot, window, "d2-b1")  # then North
    rows = [dock.list.item(row).text() for row in range(dock.list.count())]
    assert rows == ["Start", "1. d1-h1", "1. b1-f1", "1... d2-b1"]
    assert dock.record.as_text().endswith("\n\n1. d1-h1 1. b1-f1 d2-b1 *\n")
    window.undo_action.trigger()
    type_move(qtbot, window, "d2-b1")
    assert [dock.list.item(row).text() for row in range(dock.list.count())][-1] == "1... d2-b1"


def test_a_damaged_kept_record_nested_thousands_deep_is_set_aside_at_the_next_start(qtbot) -> None:
    from dagaz_studio.gui.docks.game_record import RECORD_KEY
    from dagaz_studio.gui.settings import settings

    window = open_window(qtbot, "chess")
    type_move(qtbot, window, "e2e4")
    window.files.save_state()
    window.close()
    settings().setValue(RECORD_KEY, "[" * 100_000)
    again = open_window(qtbot, "chess")
    rows = [again.game_record.list.item(row).text() for row in range(again.game_record.list.count())]
    assert again.isVisible() and "1. e4" not in rows


@pytest.mark.parametrize("size", [(640, 480), (800, 600)])
def test_the_record_fits_its_column_in_a_small_window(qtbot, size) -> None:
    """At 640×480 the record's buttons were wider than its column: the last one cut off, and the panel
    scrolled sideways."""
    from PySide6.QtCore import QCoreApplication, QEvent

    window = open_window(qtbot, "chess", size)
    window.record_dock.show()
    window.record_dock.raise_()
    area = window.record_dock.widget()
    qtbot.waitUntil(lambda: window.game_record.isVisible() and not window.game_record.visibleRegion().isEmpty(),
                    timeout=5000)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    assert area.horizontalScrollBar().maximum() == 0
    last = window.game_record.last_button
    assert last.mapTo(area.viewport(), last.rect().topRight()).x() < area.viewport().width()
