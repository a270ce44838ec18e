"""The interpreter off the GUI thread.

:class:`QtMoveRunner` takes requests ("the moves of the piece on this square, by this notation") from
the window and hands them to a worker living in its own :class:`QThread`. Every request is numbered;
a new one cancels the one running (through the :class:`threading.Event` the interpreter polls) and
results of stale requests are dropped, so the window only ever shows the answer to the last question.
Typing is debounced: a request made with ``debounce=True`` waits until the typing pauses.

The worker owns one :class:`Rules` per board (the interpreter is not thread-safe) and only ever sees
copies of positions; it never touches a widget.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field, replace
from typing import Optional

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from dagaz_studio.board.model import Board
from dagaz_studio.engine.explain import TraceTree, build_tree
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.interpreter import DEFAULT_BUDGET, DEFAULT_TRACE_LIMIT, Move, Rules, RunawayNotation, TraceEvent
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.notation import NotationError, parse_notation

#: Milliseconds typing must pause before the notation is run.
DEBOUNCE_MS = 200
#: Milliseconds a run may take before the window says it is busy.
BUSY_AFTER_MS = 150
#: Typed notations one Rules object keeps before it is replaced (each becomes a piece kind).
_CUSTOM_KINDS_KEPT = 200


@dataclass(frozen=True)
class RunRequest:
    """One question for the interpreter: the moves of the piece on ``square``.

    ``notation``: a typed notation that replaces whatever stands on ``square`` by a piece of the
    side to move (``None``: the piece there moves by its own notation, for its own player).
    ``legal_only``: also work out which moves the game's rules allow.
    """

    board: Board
    position: Position
    square: int
    notation: Optional[str] = None
    legal_only: bool = True
    trace: bool = True
    budget: int = DEFAULT_BUDGET
    trace_limit: int = DEFAULT_TRACE_LIMIT
    serial: int = 0


@dataclass
class RunReply:
    """The interpreter's answer to a :class:`RunRequest` of the same ``serial``.

    ``allowed`` lists the indexes of the moves the game's rules allow (all of them when legality
    was not asked); ``error`` is a sentence for the user when nothing could be run.
    """

    request: RunRequest
    moves: list[Move] = field(default_factory=list)
    allowed: list[int] = field(default_factory=list)
    trace: list[TraceEvent] = field(default_factory=list)
    tree: Optional[TraceTree] = None
    stopped: Optional[str] = None
    trace_truncated: bool = False
    error: Optional[str] = None
    player: int = 0
    seconds: float = 0.0

    @property
    def serial(self) -> int:
        """The number of the request answered."""
        return self.request.serial

    def shown_moves(self) -> list[Move]:
        """The moves to show: only the allowed ones when legality was asked."""
        return [self.moves[i] for i in self.allowed]


def run_request(rules: Rules, request: RunRequest, cancel: Optional[threading.Event] = None) -> RunReply:
    """Answer ``request`` with ``rules`` (which must be for the request's board). Qt-free."""
    started = time.perf_counter()
    reply = RunReply(request)
    position = request.position.copy()
    square = request.square
    if request.notation is not None:
        try:
            kind = rules.custom_kind(parse_notation(request.notation))
        except NotationError as error:
            reply.error = error.message
            return reply
        standing = position.cells[square]
        moved = standing.moved if standing is not None and standing.player == position.turn else False
        position.cells[square] = Piece(position.turn, kind, moved)
    piece = position.cells[square]
    if piece is None:
        reply.error = f"nothing stands on {request.board.squares[square]}"
        return reply
    # A piece of the side not to move shows its moves as if it were its turn.
    position.turn = piece.player
    reply.player = piece.player
    result = rules.run(position, square, trace=request.trace, budget=request.budget, cancel=cancel,
                       trace_limit=request.trace_limit)
    reply.moves = result.moves
    reply.trace = result.trace
    reply.stopped = result.stopped
    reply.trace_truncated = result.trace_truncated
    reply.allowed = list(range(len(result.moves)))
    if request.legal_only and result.stopped is None:
        try:
            legal = {move.key() for move in legal_moves(rules, position, square, cancel)}
        except RunawayNotation as error:
            reply.stopped = f"legality not known: {error}"
        else:
            reply.allowed = [i for i, move in enumerate(result.moves) if move.key() in legal]
    if reply.trace:
        reply.tree = build_tree(reply.trace)
    reply.seconds = time.perf_counter() - started
    return reply


class _Worker(QObject):
    """Lives in the worker thread and answers requests one at a time."""

    finished = Signal(object)  # RunReply

    def __init__(self) -> None:
        super().__init__()
        self._rules: dict[int, tuple[Board, Rules]] = {}

    @Slot(object, object)
    def run(self, request: RunRequest, cancel: threading.Event) -> None:
        """Answer one request, unless it was cancelled while it waited in the queue."""
        if cancel.is_set():
            return
        try:
            reply = run_request(self._rules_for(request.board), request, cancel)
        except Exception as error:  # a bug must reach the user as a message, not kill the thread
            reply = RunReply(request, error=f"the interpreter failed: {type(error).__name__}: {error}")
        if not cancel.is_set():
            self.finished.emit(reply)

    def _rules_for(self, board: Board) -> Rules:
        known = self._rules.get(id(board))
        if known is not None and known[0] is board and len(known[1].kinds) - len(board.pieces) < _CUSTOM_KINDS_KEPT:
            return known[1]
        rules = Rules(board)
        # Keeping the board alongside stops its id from being reused by another board.
        self._rules = {id(board): (board, rules)}
        return rules


class QtMoveRunner(QObject):
    """Runs requests on a worker thread; only the latest request's reply is delivered.

    Call :meth:`shutdown` before the application ends (the window does so when it closes).
    """

    #: The reply to the latest request (a :class:`RunReply`).
    replyReady = Signal(object)
    #: A run has taken long enough that the user should know the window is working (or has ended).
    busyChanged = Signal(bool)
    _submit = Signal(object, object)

    def __init__(self, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self._thread: Optional[QThread] = None
        self._worker: Optional[_Worker] = None
        self._serial = 0
        self._cancel: Optional[threading.Event] = None
        self._pending: Optional[RunRequest] = None
        self._busy = False
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self._submit_pending)
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
        return self._debounce.isActive() or (self._cancel is not None and not self._cancel.is_set())

    def request(self, request: RunRequest, debounce: bool = False) -> int:
        """Ask the worker; returns the request's number. Any earlier request is cancelled."""
        self._serial += 1
        request = replace(request, serial=self._serial)
        self._cancel_running()
        self._pending = request
        if debounce:
            self._debounce.start()
        else:
            self._debounce.stop()
            self._submit_pending()
        return self._serial

    def cancel(self) -> None:
        """Cancel whatever is waiting or running; no reply will come for it."""
        self._serial += 1
        self._debounce.stop()
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

    # ------------------------------------------------------------------ private

    def _cancel_running(self) -> None:
        if self._cancel is not None:
            self._cancel.set()
            self._cancel = None

    def _ensure_thread(self) -> None:
        if self._thread is not None:
            return
        thread = QThread(self)
        thread.setObjectName("dagaz-interpreter")
        # Deeply nested notations recurse deeply; a roomy stack keeps the interpreter's own limits in charge.
        thread.setStackSize(64 * 1024 * 1024)
        worker = _Worker()
        worker.moveToThread(thread)
        thread.finished.connect(worker.deleteLater)
        self._submit.connect(worker.run)
        worker.finished.connect(self._on_finished)
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
        self._submit.emit(request, self._cancel)

    @Slot(object)
    def _on_finished(self, reply: RunReply) -> None:
        if reply.serial != self._serial:
            return  # an answer to a question nobody is asking any more
        self._cancel = None
        self._set_busy(False)
        self.replyReady.emit(reply)

    def _set_busy(self, busy: bool) -> None:
        if not busy:
            self._busy_timer.stop()
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)
