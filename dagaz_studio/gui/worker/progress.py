"""A job's progress, from the worker thread to the window.

A :class:`~dagaz_studio.gui.worker.runner.QtMoveRunner` answers one request at a time and sends back
only the answer. A long job that should say how far it has got is given :meth:`QtProgressRelay.report`
(a plain callable, so the Qt-free code calls it without knowing Qt); the relay, living in the window's
thread, hears it through a queued signal and the window drops reports of runs it no longer waits for.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class QtProgressRelay(QObject):
    """Carries (the run's serial, work done, work in all) from any thread to its own."""

    advanced = Signal(int, int, int)

    def report(self, serial: int, done: int, total: int) -> None:
        """Called on the worker thread; the window hears :attr:`advanced`. Never touches a widget."""
        self.advanced.emit(serial, done, total)
