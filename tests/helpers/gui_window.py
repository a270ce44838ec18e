"""The real window in tests: open it on a board, click squares, type notations, wait for the moves."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import Qt

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui import app


def open_window(qtbot, name: str, size: tuple[int, int] = (1200, 900)):
    """The window on a shipped board (by name) or a board file, shown and exposed."""
    boards = shipped_boards()
    window = app.create_window(str(boards[name]) if name in boards else name)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def click(qtbot, window, square: str) -> None:
    """Click the square named ``square`` on the board view."""
    view = window.board_view
    point = view.mapFromScene(view.square_centre(window.board.index(square)))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def click_and_wait(qtbot, window, square: str):
    """Click ``square`` and wait for the moves shown for it; returns the reply."""
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000) as blocker:
        click(qtbot, window, square)
    return blocker.args[0]


def type_and_wait(qtbot, window, text: str):
    """Type ``text`` over the notation editor's text, key by key, and wait for its moves; returns the reply."""
    editor = window.notation_editor
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000) as blocker:
        editor.text_edit.setFocus()
        editor.text_edit.selectAll()
        qtbot.keyClicks(editor.text_edit, text)
    return blocker.args[0]


def wait_for_steps(qtbot, window, notation: str, timeout: int = 30000):
    """Wait until the stepper holds the whole run of the typed ``notation``: its trace recorded, not the
    moves given before it nor an earlier question's run, which a loaded machine may still be showing.
    Returns that reply. The condition is read as it holds, with no events let run after it, so a later
    answer cannot replace what the caller reads next."""
    player = window.trace_player

    def whole() -> bool:
        reply = player._reply
        return (reply is not None and not reply.tracing and reply.query.notation == notation
                and bool(player.sequence))

    qtbot.waitUntil(whole, timeout=timeout)
    return player._reply


def shown_tests_panel(qtbot, window):
    """The Tests panel, shown and raised, once its answer for the open board has come."""
    window.tests_dock.show()
    window.tests_dock.raise_()
    panel = window.tests_panel
    qtbot.waitUntil(lambda: panel.answer is not None and panel.answer.query.board is window.document.board,
                    timeout=20000)
    return panel


def click_hand(qtbot, window, player: int, name: str):
    """Click the piece type ``name`` in ``player``'s hand beside the board and wait for the moves shown
    for it (its drops); returns the reply."""
    view = window.board_view
    centre = view.hand_items()[(player, name)].data(1)
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(centre))
    return blocker.args[0]


class _Turn(NamedTuple):
    """The clocks at one turn of the event loop."""

    wall: float
    #: The GUI thread's own processor time.
    gui: float
    #: Every thread's processor time.
    process: float
    #: How long the GUI thread has waited for a core, or ``None`` where the system does not say.
    gui_waited: float | None


def _open_schedstat(thread: int) -> int | None:
    """A descriptor of the Linux scheduler's statistics for ``thread`` (its system id), or ``None``."""
    import os

    try:
        return os.open(f"/proc/self/task/{thread}/schedstat", os.O_RDONLY)
    except OSError:
        return None


class LoopTicks:
    """A 10 ms timer on the event loop, recording at each turn the wall time, the GUI thread's own
    time, the whole process's processor time and how long the GUI thread waited for a core."""

    #: Without a turn for this long (wall time), every thread's stack is written down, so that a
    #: stall can say what held the window up.
    STALL_SECONDS = 0.3
    #: The longest the window may wait for another thread of its own between two turns.
    LONGEST_WAIT = 0.1

    def __init__(self) -> None:
        import faulthandler
        import tempfile
        import threading

        from PySide6.QtCore import QCoreApplication, QEvent, QTimer

        # Widgets that earlier tests left to be deleted go now: tearing them down at the first turn
        # of the loop is not what is measured.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        self._schedstat = _open_schedstat(threading.get_native_id())
        self._stacks = tempfile.TemporaryFile("w+")  # noqa: SIM115 (kept open across the loop's turns)
        self.turns = [self._now()]
        self.timer = QTimer()
        self.timer.timeout.connect(self._turn)
        self.timer.start(10)
        # Armed now too: the first turn may be the late one (work started before the loop runs).
        faulthandler.dump_traceback_later(self.STALL_SECONDS, file=self._stacks)

    def _turn(self) -> None:
        import faulthandler

        self.turns.append(self._now())
        faulthandler.dump_traceback_later(self.STALL_SECONDS, file=self._stacks)

    def stacks_at_stalls(self) -> str:
        """What every thread was doing whenever the loop did not turn for :data:`STALL_SECONDS`."""
        self._stacks.seek(0)
        return self._stacks.read()

    def _now(self) -> _Turn:
        import time

        waited = None
        if self._schedstat is not None:
            import os

            # Read through a descriptor kept open: opening and closing a file at every turn would
            # add the kernel's own waits to what is measured.
            waited = int(os.pread(self._schedstat, 100, 0).split()[1]) / 1e9
        return _Turn(time.perf_counter(), time.thread_time(), time.process_time(), waited)

    def stop(self) -> None:
        """Stop recording (once; later calls do nothing)."""
        import faulthandler

        if not self.timer.isActive():
            return
        faulthandler.cancel_dump_traceback_later()
        self.timer.stop()
        self.turns.append(self._now())
        if self._schedstat is not None:
            import os

            os.close(self._schedstat)
            self._schedstat = None

    def __enter__(self) -> LoopTicks:
        return self

    def __exit__(self, *_exception: object) -> None:
        # Stopped also when the test fails inside: no timer, watchdog or descriptor outlives it.
        self.stop()

    def waits_for_own_threads(self) -> list[float]:
        """Between each two turns: how long the window waited for the process's other threads.

        That is the time the GUI thread was neither running nor waiting for a core (mostly, waiting
        for the interpreter lock), but at most the time the other threads ran meanwhile: a thread
        can only keep the lock from the window while it runs. Waits of the machine's making (for a
        core, for the disk, for the host of a virtual machine) are thereby left out. Empty where the
        system keeps no per-thread scheduler statistics."""
        waits = []
        for first, second in zip(self.turns, self.turns[1:]):
            if first.gui_waited is None or second.gui_waited is None:
                return []
            gui = second.gui - first.gui
            off_core = (second.wall - first.wall) - gui - (second.gui_waited - first.gui_waited)
            others_ran = (second.process - first.process) - gui
            waits.append(max(0.0, min(off_core, others_ran)))
        return waits

    def assert_answering(self) -> None:
        """The loop turned all along: between two turns the window itself worked at most 100 ms and
        waited at most 100 ms for its other threads (see :meth:`waits_for_own_threads`).

        Wall time alone only catches a frozen window: on a machine shared by more runnable threads
        than cores, a process waits for a core for seconds at a time. Where the system keeps no
        per-thread scheduler statistics, the whole process's processor time between two turns stands
        in for the wait: at most 0.25 s (a worker holding the interpreter lock for half a second on
        a loaded machine shows as 0.25 s of work)."""
        gaps = [(b.wall - a.wall, b.gui - a.gui, b.process - a.process) for a, b in zip(self.turns, self.turns[1:])]
        wall, gui, process = (max(gap[i] for gap in gaps) for i in range(3))
        assert gui < 0.1, f"the window worked {gui * 1000:.0f} ms without a turn of its event loop"
        assert wall < 3.0, f"the event loop waited {wall * 1000:.0f} ms"
        waits = self.waits_for_own_threads()
        if waits:
            longest = max(waits)
            assert longest < self.LONGEST_WAIT, (
                f"the window waited {longest * 1000:.0f} ms for its other threads without a turn of "
                f"its event loop; the threads' stacks at the stalls:\n{self.stacks_at_stalls()}")
        else:
            assert process < 0.25, (
                f"the process worked {process * 1000:.0f} ms without a turn of the event loop; "
                f"the threads' stacks at the stalls:\n{self.stacks_at_stalls()}")
