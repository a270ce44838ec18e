"""The interpreter off the GUI thread.

:class:`QtMoveRunner` takes requests ("the moves of the piece on this square, by this notation") from
the window and hands them to a worker living in its own :class:`QThread`. Every request is numbered;
a new one cancels the one running (through the :class:`threading.Event` the interpreter polls) and
results of stale requests are dropped, so the window only ever shows the answer to the last question.
Typing is coalesced: a request made with ``debounce=True`` runs at once when the worker is idle; while
a run is in flight it waits, the latest such request replacing any earlier one, and runs as soon as
the worker is free (the stale run is cancelled, so that is soon). A runner made with ``early=True``
also delivers the answer a traced question gives before its trace (``early`` in
:func:`~dagaz_studio.queries.answer_moves`), then the whole answer.

The worker owns one :class:`Rules` per board (the interpreter is not thread-safe) and only ever sees
copies of positions; it never touches a widget.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from dagaz_studio.board.model import Board
from dagaz_studio.engine import Rules, collector_paused
from dagaz_studio.notation import NotationError
from dagaz_studio.notation.nodes import Span
from dagaz_studio.queries import MovesAnswer, MovesQuery, NotationQuery, NotationReading, answer_moves

#: Milliseconds a run may take before the window says it is busy.
BUSY_AFTER_MS = 150
#: Seconds the worker may keep the interpreter lock once the window's thread asks for it. Each call
#: Qt makes into Python (a layout asking a Python layout for a height, a paint, a slot) needs the lock;
#: at Python's default of 5 ms, a layout pass of a few hundred such calls met a running notation and
#: left the window unanswering for half a second; at 0.5 ms, for a quarter of a second. The worker
#: gives the lock up only when asked, so a short interval costs it nothing while the window is idle;
#: while both run Python they share the lock as evenly at 0.1 ms as at 5 ms.
WORKER_SWITCH_INTERVAL = 0.0001
#: Typed notations one Rules object keeps before it is replaced (each becomes a piece kind).
_CUSTOM_KINDS_KEPT = 200


def _run_failed(query: MovesQuery, message: str) -> MovesAnswer:
    return MovesAnswer(query, error=message)


def read_failed(query: NotationQuery, message: str) -> NotationReading:
    """The reading of a notation whose reader failed unexpectedly: the message, over the whole text."""
    return NotationReading(query, error=NotationError(message, query.text, Span(0, len(query.text))))


#: Answers one request with the worker's rules for its board (``None`` for a request without a
#: board); polls the flag to stop early. Called ``(rules, request, flag)``, and for a runner made with
#: ``early=True`` also with a function to give an early reply to.
Answer = Callable[..., Any]
#: Makes the reply that reports an answer's unexpected failure (request, message).
Failure = Callable[[Any, str], Any]


class _Worker(QObject):
    """Lives in the worker thread and answers requests one at a time."""

    finished = Signal(object)  # the answer's reply
    #: A reply given before the whole answer (the moves of a run whose trace is being recorded).
    early = Signal(object)
    #: A request has been dealt with (answered, or dropped as cancelled): the worker is free for the next.
    settled = Signal()

    def __init__(self, answer: Answer, failure: Failure, early: bool = False) -> None:
        super().__init__()
        self._answer, self._failure, self._early = answer, failure, early
        self._rules: dict[int, tuple[Board, Rules, Rules]] = {}

    @Slot(object, object)
    def run(self, request: Any, cancel: threading.Event) -> None:
        """Answer one request, unless it was cancelled while it waited in the queue."""
        if cancel.is_set():
            self.settled.emit()
            return
        try:
            typed = getattr(request, "notation", None) is not None
            board = getattr(request, "board", None)
            rules = self._rules_for(board, typed) if board is not None else None
            with collector_paused():
                if self._early:
                    reply = self._answer(rules, request, cancel, lambda first: self._give_early(first, cancel))
                else:
                    reply = self._answer(rules, request, cancel)
        except Exception as error:  # a bug must reach the user as a message, not kill the thread
            traceback.print_exc()  # and whoever runs the window from a terminal, with where it happened
            reply = self._failure(request, f"the interpreter failed: {type(error).__name__}: {error}")
        if not cancel.is_set():
            self.finished.emit(reply)
        self.settled.emit()

    def _give_early(self, reply: Any, cancel: threading.Event) -> None:
        if not cancel.is_set():
            self.early.emit(reply)

    def _rules_for(self, board: Board, typed: bool) -> Rules:
        """The rules for ``board``: those that learn typed notations, or those that never do.

        Legality asks every kind the rules know whether it attacks a square, so a runaway typed
        notation would slow every later question about the board's own pieces.
        """
        known = self._rules.get(id(board))
        if known is not None and known[0] is board:
            plain, custom = known[1], known[2]
            if not typed:
                return plain
            if len(custom.kinds) - len(board.pieces) < _CUSTOM_KINDS_KEPT:
                return custom
        else:
            plain = Rules(board)
        custom = Rules(board)
        # Keeping the board alongside stops its id from being reused by another board.
        self._rules = {id(board): (board, plain, custom)}
        return custom if typed else plain


class QtMoveRunner(QObject):
    """Runs requests on a worker thread; only the latest request's reply is delivered.

    By default a request is a :class:`~dagaz_studio.queries.MovesQuery` answered by
:func:`~dagaz_studio.queries.answer_moves`; ``answer`` and
    ``failure`` put other questions to the interpreter the same way (requests are dataclasses with
    ``board`` and ``serial`` fields, replies have a ``serial`` property).
    Call :meth:`shutdown` before the application ends (the window does so when it closes).
    """

    #: The reply to the latest request (a :class:`~dagaz_studio.queries.MovesAnswer` by default).
    replyReady = Signal(object)
    #: A run has taken long enough that the user should know the window is working (or has ended).
    busyChanged = Signal(bool)
    _submit = Signal(object, object)

    def __init__(self, parent: QObject | None = None, answer: Answer = answer_moves,
                 failure: Failure = _run_failed, early: bool = False) -> None:
        super().__init__(parent)
        self._answer, self._failure, self._early = answer, failure, early
        self._thread: QThread | None = None
        self._worker: _Worker | None = None
        self._serial = 0
        self._cancel: threading.Event | None = None
        self._pending: Any = None
        #: Requests handed to the worker and not yet settled (answered or dropped).
        self._in_flight = 0
        self._busy = False
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(BUSY_AFTER_MS)
        self._busy_timer.timeout.connect(lambda: self._set_busy(True))

    @property
    def serial(self) -> int:
        """The number of the latest request."""
        return self._serial

    @property
    def running(self) -> bool:
        """Whether a request is waiting or being answered."""
        return self._pending is not None or (self._cancel is not None and not self._cancel.is_set())

    def request(self, request: Any, debounce: bool = False) -> int:
        """Ask the worker; returns the request's number. Any earlier request is cancelled.

        ``debounce``: when a run is in flight, wait for the worker to be free (the latest request
        waiting wins) rather than queue behind it; when the worker is idle, run at once."""
        self._serial += 1
        request = replace(request, serial=self._serial)
        self._cancel_running()
        self._pending = request
        if not debounce or self._in_flight == 0:
            self._submit_pending()
        return self._serial

    def cancel(self) -> None:
        """Cancel whatever is waiting or running; no reply will come for it."""
        self._serial += 1
        self._pending = None
        self._cancel_running()
        self._set_busy(False)

    def shutdown(self) -> None:
        """Cancel any run and stop the worker thread, waiting for it to end."""
        self.cancel()
        thread = self._thread
        if thread is not None:
            thread.quit()
            thread.wait()
            self._thread = None
            self._worker = None
            self._in_flight = 0

    # ------------------------------------------------------------------ private

    def _cancel_running(self) -> None:
        if self._cancel is not None:
            self._cancel.set()
            self._cancel = None

    def _ensure_thread(self) -> None:
        if self._thread is not None:
            return
        # The interval is the process's: lowering it is safe for every other thread too.
        sys.setswitchinterval(min(sys.getswitchinterval(), WORKER_SWITCH_INTERVAL))
        thread = QThread(self)
        thread.setObjectName("dagaz-interpreter")
        # Deeply nested notations recurse deeply; a roomy stack keeps the interpreter's own limits in charge.
        thread.setStackSize(64 * 1024 * 1024)
        worker = _Worker(self._answer, self._failure, self._early)
        worker.moveToThread(thread)
        thread.finished.connect(worker.deleteLater)
        self._submit.connect(worker.run)
        worker.finished.connect(self._on_finished)
        worker.early.connect(self._on_early)
        worker.settled.connect(self._on_settled)
        thread.start()
        self._thread, self._worker = thread, worker

    @Slot()
    def _submit_pending(self) -> None:
        request, self._pending = self._pending, None
        if request is None or request.serial != self._serial:
            return
        self._ensure_thread()
        self._cancel = threading.Event()
        if not self._busy_timer.isActive() and not self._busy:
            self._busy_timer.start()
        self._in_flight += 1
        self._submit.emit(request, self._cancel)

    @Slot()
    def _on_settled(self) -> None:
        self._in_flight = max(0, self._in_flight - 1)
        if self._in_flight == 0 and self._pending is not None:
            self._submit_pending()

    @Slot(object)
    def _on_finished(self, reply: Any) -> None:
        if reply.serial != self._serial:
            return  # an answer to a question nobody is asking any more
        self._cancel = None
        self._set_busy(False)
        self.replyReady.emit(reply)

    @Slot(object)
    def _on_early(self, reply: Any) -> None:
        if reply.serial != self._serial:
            return
        # The rest of the answer is on its way: the window is not waiting on it (the request stays
        # cancellable, and the next one waits for it as before).
        self._set_busy(False)
        self.replyReady.emit(reply)

    def _set_busy(self, busy: bool) -> None:
        if not busy:
            self._busy_timer.stop()
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)
