"""The interpreter's worker thread: latest request wins, cancelling, runaway notations, clean shutdown."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("PySide6")


from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.gui.worker.runner import WORKER_SWITCH_INTERVAL, QtMoveRunner
from dagaz_studio.queries import MovesQuery, answer_moves
from tests.helpers.engine_helpers import shipped
from tests.helpers.gui_window import LoopTicks


def RunRequest(board, position, square, **options) -> MovesQuery:  # noqa: N802 - reads as the window's question
    """The question the window asks about a square: traced, any side's piece, legal moves named."""
    options.setdefault("names", options.get("notation") is None)
    options.setdefault("trace", True)
    return MovesQuery(board, position, square, any_turn=True, **options)


@pytest.fixture
def runner(qtbot):
    runner = QtMoveRunner()
    yield runner
    runner.shutdown()


def test_reply_holds_the_moves_and_the_trace(qtbot, runner) -> None:
    board, rules = shipped("chess")
    position = Position.initial(board)
    with qtbot.waitSignal(runner.replyReady, timeout=20000) as blocker:
        runner.request(RunRequest(board, position, board.index("g1")))
    reply = blocker.args[0]
    assert {board.squares[m.target] for m in reply.shown_moves()} == {"f3", "h3"}
    assert reply.trace and reply.tree is not None and reply.stopped is None


def test_a_running_worker_gives_the_window_the_interpreter_lock_within_a_fifth_of_a_millisecond(qtbot, runner) -> None:
    """Each call Qt makes into Python waits for the lock held by a running notation: at Python's
    default 5 ms, a layout pass of a few hundred such calls left the window unanswering for 0.5 s."""
    import sys

    board, _ = shipped("chess")
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    try:
        with qtbot.waitSignal(runner.replyReady, timeout=20000):
            runner.request(RunRequest(board, Position.initial(board), board.index("g1")))
        assert sys.getswitchinterval() <= WORKER_SWITCH_INTERVAL <= 0.0002
    finally:
        sys.setswitchinterval(before)


def test_only_the_latest_request_is_answered(qtbot, runner) -> None:
    board, _ = shipped("chess")
    position = Position.initial(board)
    replies = []
    runner.replyReady.connect(replies.append)
    runner.request(RunRequest(board, position, board.index("d4"), notation="((+)*)*"))
    runner.request(RunRequest(board, position, board.index("b1")))
    last = runner.request(RunRequest(board, position, board.index("g1")))
    qtbot.waitUntil(lambda: bool(replies), timeout=20000)
    qtbot.wait(100)
    assert [r.serial for r in replies] == [last]
    assert {board.squares[m.target] for m in replies[0].shown_moves()} == {"f3", "h3"}


def test_a_keystroke_runs_at_once_when_the_worker_is_idle_and_waits_only_behind_a_run(qtbot) -> None:
    board, _ = shipped("chess")
    position = Position.initial(board)
    ran = []

    def recording(rules, query, cancel):
        ran.append(query.notation)
        return answer_moves(rules, query, cancel)

    runner = QtMoveRunner(answer=recording)
    try:
        replies = []
        runner.replyReady.connect(replies.append)
        # The worker is idle: the first keystroke's run starts now, not after a pause.
        runner.request(RunRequest(board, position, board.index("d4"), notation="((+)*)*"), debounce=True)
        assert runner._in_flight == 1
        # Typed while it runs: the stale run is cancelled and only the latest text waits for the worker.
        texts = ("N", "N,", "N,O", "N,OM")
        for text in texts:
            runner.request(RunRequest(board, position, board.index("d4"), notation=text), debounce=True)
        qtbot.waitUntil(lambda: any(reply.query.notation == texts[-1] for reply in replies), timeout=20000)
        qtbot.wait(100)
        assert [reply.query.notation for reply in replies] == [texts[-1]]
        # The texts typed in between were never run (the first may not have started before it was cancelled).
        assert ran[-1] == texts[-1] and set(ran) <= {"((+)*)*", texts[-1]}
        # Idle again: the next keystroke runs at once.
        with qtbot.waitSignal(runner.replyReady, timeout=20000) as blocker:
            runner.request(RunRequest(board, position, board.index("d4"), notation="N,OT"), debounce=True)
            assert runner._in_flight == 1
        assert blocker.args[0].query.notation == "N,OT"
    finally:
        runner.shutdown()


def test_a_runaway_notation_stops_while_the_window_keeps_responding(qtbot, runner, collector_as_after_start_up) -> None:
    board, _ = shipped("chess")
    position = Position(board, [None] * len(board.squares))
    ticks = LoopTicks()
    try:
        with qtbot.waitSignal(runner.replyReady, timeout=20000) as blocker:
            runner.request(RunRequest(board, position, board.index("d4"), notation="(*){12}"))
    finally:
        ticks.stop()
    reply = blocker.args[0]
    assert reply.stopped and reply.stopped.startswith("stopped after")
    ticks.assert_answering()


def test_cancel_stops_a_long_run_promptly(qtbot, runner) -> None:
    board, _ = shipped("chess")
    position = Position(board, [None] * len(board.squares))
    replies = []
    runner.replyReady.connect(replies.append)
    runner.request(RunRequest(board, position, board.index("d4"), notation="(*){12}", budget=50_000_000,
                              trace=False))
    qtbot.wait(200)
    # Processor time, which the run would spend while the shutdown waited for its end: a loaded machine
    # stretches wall time.
    started = time.process_time()
    runner.shutdown()
    assert time.process_time() - started < 2.0
    assert replies == []


def test_answer_moves_is_the_interpreter_answer() -> None:
    board, _ = shipped("chess")
    rules = Rules(board)
    position = Position.from_fen(board, "4r3/8/8/8/8/8/4B3/4K3 w - - 0 1")
    reply = answer_moves(rules, RunRequest(board, position, board.index("e2")))
    assert reply.moves and reply.allowed == []
    assert legal_moves(rules, position, board.index("e2")) == []
    bad = answer_moves(rules, RunRequest(board, position, board.index("e2"), notation="N)"))
    assert bad.error and "without a matching" in bad.error


def test_the_collector_rests_while_a_worker_runs_and_resumes_after(qtbot) -> None:
    import gc

    seen = []

    def answer(rules, query, cancel):
        seen.append(gc.isenabled())
        return answer_moves(rules, query, cancel)

    first, second = QtMoveRunner(answer=answer), QtMoveRunner(answer=answer)
    try:
        board, _ = shipped("chess")
        position = Position.initial(board)
        assert gc.isenabled()
        with qtbot.waitSignal(first.replyReady, timeout=20000), qtbot.waitSignal(second.replyReady, timeout=20000):
            first.request(RunRequest(board, position, board.index("g1")))
            second.request(RunRequest(board, position, board.index("b1")))
        assert seen == [False, False]
        qtbot.waitUntil(gc.isenabled, timeout=20000)
        # A collector paused by someone else stays paused.
        gc.disable()
        try:
            with qtbot.waitSignal(first.replyReady, timeout=20000):
                first.request(RunRequest(board, position, board.index("g1")))
            qtbot.wait(50)
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        first.shutdown()
        second.shutdown()


def test_a_runner_with_early_replies_gives_the_moves_then_the_whole_answer(qtbot) -> None:
    board, _ = shipped("chess")
    runner = QtMoveRunner(early=True)
    try:
        replies: list = []
        runner.replyReady.connect(replies.append)
        serial = runner.request(RunRequest(board, Position.initial(board), board.index("g1")))
        qtbot.waitUntil(lambda: any(not reply.tracing for reply in replies), timeout=20000)
        assert [(reply.serial, reply.tracing, bool(reply.trace)) for reply in replies] == [
            (serial, True, False), (serial, False, True)]
        assert {board.squares[m.target] for m in replies[0].shown_moves()} == {"f3", "h3"}
        # A new question gives up the trace of the one before: the first one's whole answer never comes.
        replies.clear()
        first = runner.request(RunRequest(board, Position.initial(board), board.index("e4"), notation="(*){12}"))
        qtbot.waitUntil(lambda: any(reply.serial == first for reply in replies), timeout=20000)
        second = runner.request(RunRequest(board, Position.initial(board), board.index("b1")))
        qtbot.waitUntil(lambda: any(reply.serial == second and not reply.tracing for reply in replies), timeout=20000)
        assert all(reply.tracing for reply in replies if reply.serial == first)
    finally:
        runner.shutdown()
