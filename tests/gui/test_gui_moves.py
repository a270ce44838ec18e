"""Seeing moves in the real window (offscreen): clicking pieces, typing notations, errors, the trace
player, "why (not) here?", runaway notations, and no thread left running."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.highlights import move_highlights
from dagaz_studio.engine.rules import Rules
from dagaz_studio.gui.board_view.view import HIGHLIGHT_KINDS
from dagaz_studio.gui.docks.moves_panel import LEGEND_TEXT
from tests.helpers.gui_window import LoopTicks, click, click_and_wait, open_window, type_and_wait
from tests.helpers.tiny_board import king_and_rook_board


def expected_highlights(window, square: str) -> dict[int, str]:
    """What the interpreter says, asked directly (not through the window)."""
    board = window.board
    position = window.document.position.copy()
    origin = board.index(square)
    return move_highlights(legal_moves(Rules(board), position, origin), origin)


@pytest.mark.parametrize("name, square", [("chess", "g1"), ("chess", "e2"), ("xiangqi", "b3"), ("xiangqi", "b1"),
                                          ("fanorona", "d3"), ("fanorona", "e2")])
def test_each_shipped_board_shows_exactly_the_interpreters_moves(qtbot, name: str, square: str) -> None:
    window = open_window(qtbot, name)
    reply = click_and_wait(qtbot, window, square)
    assert reply.error is None and reply.moves
    marks = {s: item.kind for s, item in window.board_view.highlight_items().items()}
    assert marks == expected_highlights(window, square)
    assert marks[window.board.index(square)] == "selected"
    assert any(kind in ("move", "capture") for kind in marks.values())
    assert window.trace_player.sequence and window.trace_player.current_event() is not None


def test_legal_only_toggle_shows_the_notations_moves_too(qtbot, chess_window) -> None:
    window = chess_window
    window.document.set_fen("4r3/8/8/8/8/8/4B3/4K3 w - - 0 1")  # the bishop is pinned
    reply = click_and_wait(qtbot, window, "e2")
    assert reply.moves and reply.allowed == []
    assert set(window.board_view.highlight_items()) == {window.board.index("e2")}
    assert "0 legal moves" in window.moves_panel.summary.text()
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000):
        window.moves_panel.legal_only.setChecked(False)
    assert len(window.board_view.highlight_items()) == len(reply.moves) + 1


def test_typing_a_notation_changes_the_highlights_as_you_type(qtbot, chess_window) -> None:
    window = chess_window
    board = window.board
    click_and_wait(qtbot, window, "d2")
    before = set(window.board_view.highlight_items())
    reply = type_and_wait(qtbot, window, "(+)([p]\\1)*")
    assert reply.query.notation == "(+)([p]\\1)*"
    marks = {board.squares[s] for s, item in window.board_view.highlight_items().items() if item.kind != "selected"}
    # A rook on d2 among the initial pieces: up the d file to d7 (capturing), nothing sideways.
    assert marks == {"d3", "d4", "d5", "d6", "d7"}
    assert set(window.board_view.highlight_items()) != before
    assert window.board_view.highlight_items()[board.index("d7")].kind == "capture"
    assert window.notation_editor.words.toPlainText()
    assert window.notation_editor.tree.toPlainText()


def test_a_typed_notation_moves_a_new_piece_from_an_empty_square(qtbot, chess_window) -> None:
    window = chess_window
    window.notation_editor.set_text("N,OM;E,OT;S TR;W,RM")
    reply = click_and_wait(qtbot, window, "d4")
    marks = {window.board.squares[s] for s, item in window.board_view.highlight_items().items() if item.kind != "selected"}
    assert reply.query.notation and marks == {"c6", "e6", "f5", "f3", "b5", "b3"}  # not onto its own c2/e2


def test_bad_notation_is_underlined_with_its_message(qtbot, chess_window) -> None:
    window = chess_window
    editor = window.notation_editor
    click_and_wait(qtbot, window, "d2")
    editor.text_edit.setFocus()
    qtbot.keyClicks(editor.text_edit, "(+)([p]\\1*")
    assert editor.error is not None
    assert "unclosed '('" in editor.error_label.text() and "1:4" in editor.error_label.text()
    assert editor.error_selection() == (3, 4)
    qtbot.keyClicks(editor.text_edit, ")")
    assert editor.error is None and editor.error_label.text() == "" and editor.error_selection() is None


def test_unknown_piece_names_are_underlined_while_typing_and_no_moves_stay_current(qtbot, chess_window) -> None:
    window = chess_window
    editor, view = window.notation_editor, window.board_view
    click_and_wait(qtbot, window, "d2")
    assert len(view.highlight_items()) > 1  # the pawn's moves
    editor.text_edit.setFocus()
    editor.text_edit.selectAll()
    qtbot.keyClicks(editor.text_edit, "N[=Dragon]")
    # No run is needed to find it: the board's names are checked as the text is read.
    assert editor.error is not None and "Dragon" in editor.error.message
    assert "Dragon" in editor.error_label.text()
    assert editor.error_selection() == (2, 9)
    assert set(view.highlight_items()) == {window.board.index("d2")}
    assert "error" in window.moves_panel.summary.text() and "no moves" in window.moves_panel.summary.text()
    assert window.trace_player.sequence == [] or window.trace_player.current_event() is None


def test_stepping_a_trace_forward_and_back(qtbot, chess_window) -> None:
    window = chess_window
    player = window.trace_player
    view = window.board_view
    reply = click_and_wait(qtbot, window, "b1")
    assert player.position == 0 and player.current_event().kind == "start"
    steps = []
    player.stepChanged.connect(steps.append)
    qtbot.mouseClick(player.forward_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(player.forward_button, Qt.MouseButton.LeftButton)
    assert player.position == 2 and len(steps) == 2
    assert steps[-1] is reply.trace[2]
    assert view.trace_step_items()
    assert player.sentence.text() and reply.trace[2].text.split(":")[0][:10] in player.sentence.text()
    qtbot.mouseClick(player.back_button, Qt.MouseButton.LeftButton)
    assert player.position == 1
    qtbot.mouseClick(player.end_button, Qt.MouseButton.LeftButton)
    assert player.position == len(reply.trace) - 1
    qtbot.mouseClick(player.start_button, Qt.MouseButton.LeftButton)
    assert player.position == 0
    player.slider.setValue(5)
    assert player.position == 5 and player.current_event() is reply.trace[5]


def test_the_step_is_marked_in_the_editor_when_it_shows_the_notation_run(qtbot, chess_window) -> None:
    window = chess_window
    editor, player = window.notation_editor, window.trace_player
    click_and_wait(qtbot, window, "d2")
    type_and_wait(qtbot, window, "(+)([p]\\1)*")
    index = next(i for i, e in enumerate(player._reply.trace) if e.kind == "check")  # the first [p]
    player.go_to(index)
    assert editor.step_selection() == (5, 6)
    assert "background" in player.notation_label.text()


def test_play_goes_through_the_steps_by_itself(qtbot, chess_window) -> None:
    window = chess_window
    player = window.trace_player
    click_and_wait(qtbot, window, "g1")
    player.speed.setValue(60)
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)
    assert player.playing
    qtbot.waitUntil(lambda: player.position >= 5, timeout=20000)
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)
    assert not player.playing


def test_choosing_a_move_replays_only_its_steps(qtbot, chess_window) -> None:
    window = chess_window
    player = window.trace_player
    reply = click_and_wait(qtbot, window, "g1")
    f3 = next(i for i, m in enumerate(reply.moves) if window.board.squares[m.target] == "f3")
    player.show_move(f3)
    events = [reply.trace[i] for i in player.sequence]
    assert events[0].kind == "start" and events[-1].kind == "move" and events[-1].move == f3
    assert len(events) < len(reply.trace)
    assert not any("h3" in e.text for e in events)
    player.go_to_end()
    assert "g1-f3" in player.sentence.text()


def test_why_and_why_not_from_the_square_menu(qtbot, chess_window) -> None:
    window = chess_window
    board = window.board
    window.document.set_fen("8/8/8/8/3p4/8/8/3R3K w - - 0 1")
    click_and_wait(qtbot, window, "d1")
    menu = QMenu()
    window.move_explorer.square_actions(board.index("d5"), menu)
    action = next(a for a in menu.actions() if a.text() == "Why (not) here?")
    with qtbot.waitSignal(window.move_explorer.explanationShown, timeout=20000) as shown:
        action.trigger()
    explanation = shown.args[0]
    assert explanation is window.move_explorer.explanation
    assert not explanation.reachable and "d1-d2-d3-d4: [p] failed on d4" in window.moves_panel.explanation.text()
    # The stepper stands at the failed check, not at the first step.
    failed = window.trace_player.current_event()
    assert failed.square == board.index("d4") and not failed.ok
    assert window.trace_player.position == len(window.trace_player.sequence) - 1 > 0
    with qtbot.waitSignal(window.move_explorer.explanationShown, timeout=20000) as shown:
        assert window.move_explorer.explain(board.index("d4"))
    assert shown.args[0].reachable and "d1xd4" in window.moves_panel.explanation.text()
    assert window.trace_player.current_event().kind == "move"


def test_why_not_names_the_attacker_of_a_square_castling_crosses(qtbot, chess_window) -> None:
    window = chess_window
    board = window.board
    window.document.set_fen("r3k3/8/8/8/8/8/5r2/R3K2R w KQq - 0 1")
    click_and_wait(qtbot, window, "e1")
    with qtbot.waitSignal(window.move_explorer.explanationShown, timeout=20000):
        assert window.move_explorer.explain(board.index("g1"))
    text = window.moves_panel.explanation.text()
    assert "[A] failed on f1: the Black Rook on f2 attacks it" in text
    step = window.trace_player.current_event()
    assert step.check == "[A]" and step.square == board.index("f1") and not step.ok
    assert "[A] failed on f1: the Black Rook on f2 attacks it" in window.trace_player.sentence.text()


def test_why_not_for_a_tried_notation_names_the_attacker_too(qtbot, chess_window) -> None:
    window = chess_window
    board = window.board
    window.document.set_fen("4k3/8/8/8/8/1r6/8/7K w - - 0 1")
    click(qtbot, window, "d4")  # an empty square: a notation is tried there
    type_and_wait(qtbot, window, "+[A]")
    with qtbot.waitSignal(window.move_explorer.explanationShown, timeout=20000):
        assert window.move_explorer.explain(board.index("d2"))
    lines = window.moves_panel.explanation.text().splitlines()
    # One step never gets two squares away, but the way that failed still names the attacker.
    assert lines[0] == "d2 is not reached: no way through the notation heads for it."
    assert lines[2] == "• d4-d3: [A] failed on d3: the Black Rook on b3 attacks it"


def test_a_runaway_notation_stops_while_the_window_keeps_responding(qtbot, chess_window,
                                                                   collector_as_after_start_up) -> None:
    window = chess_window
    window.notation_editor.set_text("(*){12}")
    ticks = LoopTicks()
    try:
        # A runaway run is long by nature: on a loaded machine, longer than a click's usual wait.
        with qtbot.waitSignal(window.move_explorer.replyShown, timeout=60000) as blocker:
            click(qtbot, window, "d4")
        reply = blocker.args[0]
    finally:
        ticks.stop()
    assert reply.stopped and reply.stopped.startswith("stopped after")
    assert "stopped after" in window.moves_panel.summary.text()
    # The timer kept firing while the run went on: the event loop answered all along, from the click
    # to the reply.
    ticks.assert_answering()


def test_a_notation_whose_code_takes_seconds_to_compile_leaves_the_window_answering(
        qtbot, chess_window, collector_as_after_start_up) -> None:
    # Six hundred puts, each a step away: megabytes of written code, whose one compile() held the
    # interpreter's lock for seconds while the window stood still.
    window = chess_window
    click(qtbot, window, "e4")  # an empty square: a notation is tried there
    ticks = LoopTicks()
    try:
        with qtbot.waitSignal(window.move_explorer.replyShown, timeout=120000):
            window.notation_editor.set_text("(+" + "|+" * 600 + ")")
        qtbot.waitUntil(lambda: not window.trace_player._reply.tracing, timeout=120000)
    finally:
        ticks.stop()
    ticks.assert_answering()


def test_a_new_notation_cancels_the_running_one(qtbot, chess_window) -> None:
    window = chess_window
    explorer = window.move_explorer
    window.notation_editor.set_text("(*){12}")
    click(qtbot, window, "d4")
    qtbot.waitUntil(lambda: explorer.runner.running, timeout=2000)  # the runaway run starts at once
    assert explorer.runner.running
    # Processor time, which a runaway run left going would spend: a loaded machine stretches wall time.
    started = time.process_time()
    reply = type_and_wait(qtbot, window, "N")
    assert time.process_time() - started < 3.0
    assert reply.query.notation == "N" and reply.stopped is None


def test_the_legend_explains_every_kind_with_a_symbol(qtbot, chess_window) -> None:
    legend = chess_window.moves_panel.legend
    assert set(legend.rows) == set(HIGHLIGHT_KINDS)
    assert all(legend.rows[kind].text() == LEGEND_TEXT[kind] for kind in HIGHLIGHT_KINDS)


def test_editing_a_piece_types_notation(qtbot, chess_window) -> None:
    window = chess_window
    editor = window.notation_editor
    editor.select_piece("Knight")
    assert editor.text() == window.board.pieces["Knight"].notation_text
    assert editor.apply_button.isVisible()
    editor.set_text("N")
    qtbot.mouseClick(editor.apply_button, Qt.MouseButton.LeftButton)
    assert window.board.pieces["Knight"].notation_text == "N"
    assert window.document.board_dirty
    reply = click_and_wait(qtbot, window, "g1")
    assert {window.board.squares[m.target] for m in reply.shown_moves()} == set()  # g2 holds a pawn
    window.document.undo_stack.undo()
    assert window.board.pieces["Knight"].notation_text != "N"


def test_closing_the_window_leaves_no_thread_running(qtbot) -> None:
    window = open_window(qtbot, "chess")
    window.notation_editor.set_text("(*){12}")
    click(qtbot, window, "d4")
    qtbot.wait(300)
    thread = window.move_explorer.runner._thread
    assert thread is not None and thread.isRunning()
    # Processor time, which the runaway run would spend while the closing waited for its end: a loaded
    # machine stretches wall time.
    started = time.process_time()
    assert window.close()
    assert not thread.isRunning() and time.process_time() - started < 2.0


def test_an_unreadable_notation_replaces_the_reading(qtbot, chess_window) -> None:
    editor = chess_window.notation_editor
    editor.set_text("(+)([p]\\1)*")
    qtbot.waitUntil(lambda: "orthogonal" in editor.words.toPlainText())
    editor.set_text("(+)([p]\\1*")
    qtbot.waitUntil(lambda: "cannot be read" in editor.words.toPlainText())
    assert "unclosed '('" in editor.words.toPlainText()
    assert "orthogonal" not in editor.words.toPlainText()


def test_left_and_right_step_the_trace_wherever_the_focus_is_outside_a_text_field(qtbot, chess_window) -> None:
    window = chess_window
    window.activateWindow()
    player = window.trace_player
    click_and_wait(qtbot, window, "b1")
    for widget in (window.board_view, window.moves_panel.legal_only, window.position_dock):
        widget.setFocus()
        start = player.position
        qtbot.keyClick(widget, Qt.Key.Key_Right)
        qtbot.keyClick(widget, Qt.Key.Key_Right)
        assert player.position == start + 2
        qtbot.keyClick(widget, Qt.Key.Key_Left)
        assert player.position == start + 1
    editor = window.notation_editor.text_edit
    editor.setFocus()
    editor.setPlainText("N")
    start = player.position
    qtbot.keyClick(editor, Qt.Key.Key_Left)  # moves the text cursor, not the trace
    assert player.position == start


def test_an_explosion_is_marked_on_the_pieces_it_destroys(qtbot) -> None:
    window = open_window(qtbot, "atomic-chess")
    window.document.set_fen("4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1")
    reply = click_and_wait(qtbot, window, "d1")
    assert reply.error is None
    marks = {s: item.kind for s, item in window.board_view.highlight_items().items()}
    assert marks == expected_highlights(window, "d1")
    board = window.board
    assert marks[board.index("d7")] == "capture" and marks[board.index("e8")] == "destroyed"
    assert "destroyed" in window.board_view.highlight_items()[board.index("e8")].toolTip()


def test_a_stopped_run_counts_its_steps_as_the_player_does_and_calls_its_moves_partial(qtbot, chess_window) -> None:
    import re

    window = chess_window
    window.notation_editor.set_text("((+)*)*")  # stops at its nesting limit, some moves found
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=60000) as blocker:
        click(qtbot, window, "d4")
    reply = blocker.args[0]
    assert reply.stopped and reply.moves and not reply.trace_truncated
    summary = window.moves_panel.summary.text()
    player = window.trace_player
    counts = {int(n.replace(",", "")) for n in re.findall(r"([\d,]+) steps", summary)}
    counts |= {int(n.replace(",", "")) for n in re.findall(r"of ([\d,]+)", player.counter.text())}
    assert counts == {len(player.sequence)}, (summary, player.counter.text())
    assert "partial" in summary and "partial" in player.moves.item(0).text()


ROOK_BOARD = king_and_rook_board("rooks", "a-h x 8-1", "7k/8/8/8/8/8/8/K6R w")


def test_the_selected_piece_stays_selected_by_its_square_when_the_grid_grows(qtbot, tmp_path) -> None:
    """Two columns more, applied in the Board file panel: the Rook on h1 stays the one selected, its
    moves shown from h1 (pieces are carried over by square name, and so is the selection)."""
    path = tmp_path / "rooks.board"
    path.write_text(ROOK_BOARD, encoding="utf-8")
    window = open_window(qtbot, str(path))
    click_and_wait(qtbot, window, "h1")
    wider = ROOK_BOARD.replace("a-h x 8-1", "a-j x 8-1").replace("7k/8/8/8/8/8/8/K6R", "7k2/10/10/10/10/10/10/K6R2")
    window.board_text.text_edit.setPlainText(wider)
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=10000) as blocker:
        assert window.board_text.apply()
    board = window.board
    assert len(board.squares) == 80 and window.move_explorer.selected == board.index("h1")
    assert blocker.args[0].query.square == board.index("h1")
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=10000) as blocker:
        window.undo_action.trigger()
    assert len(window.board.squares) == 64 and blocker.args[0].query.square == window.board.index("h1")
