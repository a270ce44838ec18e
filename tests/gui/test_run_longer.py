"""Running a piece longer: a run that spent its budget is offered ten times the work, which lists the
moves of a piece with a great many ways; nothing is offered where a run ended, nested too deeply or was
cancelled. A typed move whose reading spent the budget is offered the same."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from dagaz_studio.engine import DEFAULT_BUDGET, legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.gui.explorer.run_budget import MOST_WINDOW_BUDGET, budget_sentence, can_run_longer
from dagaz_studio.queries import MovesAnswer, MovesQuery, answer_moves
from tests.helpers.gui_window import click, click_and_wait, open_window

#: Black's King on e9 takes eleven pieces, men and Kings, in about two thousand orders: more work than a
#: run is given.
ELEVEN = "B:W11,12,20,22,25,31,35,37,K1,K13,K14,K27,K44,K49,K5,K9:B26,K3,K40,K8"


def _run_longer(qtbot, window) -> MovesAnswer:
    """Click the offer to run the shown piece longer and wait for its whole reply."""
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=120000) as blocker:
        qtbot.mouseClick(window.moves_panel.longer, Qt.MouseButton.LeftButton)
    return blocker.args[0]


def test_a_king_with_a_great_many_ways_is_listed_when_run_longer(qtbot) -> None:
    window = open_window(qtbot, "frisian")
    window.document.set_fen(ELEVEN)
    panel = window.moves_panel
    reply = click_and_wait(qtbot, window, "e9")
    assert reply.stopped and reply.budget_spent
    assert "the list is partial" in panel.summary.text() and "not judged legal" in panel.summary.text()
    assert panel.longer.isVisible() and panel.longer.text() == "Run 10× longer"
    reply = _run_longer(qtbot, window)
    board = window.board
    e9 = board.index("e9")
    # Captures are compulsory: the King's moves are judged over the whole side's, given the same work.
    position = Position.from_fen(board, window.document.fen())
    theirs = [move for move in legal_moves(Rules(board), position, budget=1_000_000) if move.origin == e9]
    assert reply.query.budget == DEFAULT_BUDGET * 10 and reply.stopped is None
    assert theirs and sorted(move.key() for move in reply.shown_moves()) == sorted(move.key() for move in theirs)
    assert f"{len(theirs)} legal moves" in panel.summary.text() and "partial" not in panel.summary.text()
    assert "1,000,000 units of work" in panel.summary.text()
    assert not panel.longer.isVisible()
    # The legal moves are named too (the names need the whole side's moves).
    assert len(reply.names) == len(theirs)
    # The budget holds for the King while the position stands; another position is given the usual.
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=60000) as blocker:
        panel.legal_only.setChecked(False)
    assert blocker.args[0].query.budget == DEFAULT_BUDGET * 10
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=60000) as blocker:
        window.document.set_fen("W" + ELEVEN[1:])  # White to move: the King's moves shown as if Black were
    assert blocker.args[0].query.budget == DEFAULT_BUDGET and panel.longer.isVisible()


def test_nothing_is_offered_for_a_run_that_ended_or_nested_too_deeply(qtbot, chess_window) -> None:
    window = chess_window
    panel = window.moves_panel
    reply = click_and_wait(qtbot, window, "g1")
    assert reply.stopped is None and not panel.longer.isVisible()
    click(qtbot, window, "g1")  # deselected
    assert window.move_explorer.selected is None
    click(qtbot, window, "d4")  # an empty square: a notation is tried there
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=60000) as blocker:
        window.notation_editor.set_text("(+)*")
    reply = blocker.args[0]
    assert reply.stopped and "nested" in reply.stopped and not reply.budget_spent
    assert not panel.longer.isVisible() and "units of work" not in panel.summary.text()


def test_a_longer_run_is_cancelled_by_clicking_the_piece_again(qtbot, chess_window) -> None:
    window = chess_window
    explorer, panel = window.move_explorer, window.moves_panel
    window.notation_editor.set_text("(*){12}")  # repeats without end: every budget is spent
    with qtbot.waitSignal(explorer.replyShown, timeout=60000) as blocker:
        click(qtbot, window, "d4")
    assert blocker.args[0].budget_spent and panel.longer.isVisible()
    assert _run_longer(qtbot, window).query.budget == DEFAULT_BUDGET * 10 and panel.longer.isVisible()
    shown = []
    explorer.replyShown.connect(shown.append)
    qtbot.mouseClick(panel.longer, Qt.MouseButton.LeftButton)
    assert not panel.longer.isVisible()  # not offered twice while it runs
    qtbot.waitUntil(lambda: explorer.runner._in_flight == 1, timeout=20000)
    assert explorer.budget.for_selection((window.board.index("d4"), None)) == MOST_WINDOW_BUDGET
    # Processor time, which the run of ten million units would spend: a loaded machine stretches wall time.
    started = time.process_time()
    click(qtbot, window, "d4")  # the piece again: deselected, its run given up
    qtbot.waitUntil(lambda: explorer.runner._in_flight == 0, timeout=60000)
    assert time.process_time() - started < 5.0
    assert not any(reply.query.budget == MOST_WINDOW_BUDGET for reply in shown)
    assert not panel.longer.isVisible() and explorer.reply is None


def test_a_cancelled_run_or_one_given_the_most_is_offered_nothing() -> None:
    import threading

    from tests.helpers.engine_helpers import shipped

    board, rules = shipped("chess")
    position = Position(board, [None] * len(board.squares))
    cancel = threading.Event()
    cancel.set()
    query = MovesQuery(board, position, board.index("d4"), notation="(*){12}", any_turn=True)
    spent = answer_moves(rules, query)
    cancelled = answer_moves(rules, query, cancel)
    assert cancelled.stopped == "cancelled" and not can_run_longer(cancelled)
    assert can_run_longer(spent)
    most = MovesAnswer(MovesQuery(board, position, budget=MOST_WINDOW_BUDGET), stopped=spent.stopped,
                       budget_spent=True)
    assert not can_run_longer(most) and "the most the window gives" in budget_sentence(most)


def test_a_move_of_the_king_run_longer_is_played_by_its_typed_name(qtbot) -> None:
    window = open_window(qtbot, "frisian")
    window.document.set_fen(ELEVEN)
    click_and_wait(qtbot, window, "e9")
    reply = _run_longer(qtbot, window)
    name = reply.names[reply.allowed[0]]
    # Reading a typed name works out the position's legal moves: with the work they were listed with.
    field = window.play_field.field
    field.setFocus()
    qtbot.keyClicks(field, name)
    said: list[str] = []
    window.move_play.played.connect(said.append)
    window.move_play.refused.connect(said.append)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(said), timeout=60000)
    assert said == [name] and window.document.position.turn == 0


def _enter(qtbot, window, text: str) -> None:
    field = window.play_field.field
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_a_name_read_past_the_run_budget_offers_to_run_longer_and_then_plays(qtbot) -> None:
    from draughts import Board as DraughtsBoard

    oracle = DraughtsBoard(variant="frisian", fen=ELEVEN)
    legal = {move.pdn_move for move in oracle.legal_moves()}
    name = sorted(legal)[0]
    window = open_window(qtbot, "frisian")
    window.document.set_fen(ELEVEN)
    play, field = window.move_play, window.play_field
    before = window.document.fen()
    with qtbot.waitSignal(play.refused, timeout=30000) as refused:
        _enter(qtbot, window, name)
    message = refused.args[0]
    assert "cannot be worked out" in message and "Run 10× longer" in message and "1,000,000" in message
    assert field.longer.isVisible() and field.longer.text() == "Run 10× longer"
    assert window.document.fen() == before  # nothing played
    with qtbot.waitSignal(play.played, timeout=60000) as played:
        qtbot.mouseClick(field.longer, Qt.MouseButton.LeftButton)
    assert played.args[0] in legal
    assert window.document.fen() != before and not field.longer.isVisible()


def test_the_offer_to_run_longer_goes_with_the_name_it_was_made_for(qtbot) -> None:
    window = open_window(qtbot, "frisian")
    window.document.set_fen(ELEVEN)
    play, field = window.move_play, window.play_field
    with qtbot.waitSignal(play.refused, timeout=30000):
        _enter(qtbot, window, "8x10")
    assert field.longer.isVisible()
    qtbot.keyClicks(field.field, "x32")  # typing says nothing more of the name read before
    assert not field.longer.isVisible()
    assert not play.read_longer()  # another name: nothing is read for the old one
