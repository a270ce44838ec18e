"""Keeping Python's cycle collector out of bounded stretches of work, from any thread.

Reading a long notation, compiling it and running a piece allocate objects by the hundred thousand.
Every few hundred allocations Python's cycle collector runs, and now and then it walks every object
the process holds: with a 10,000-character notation read and compiled (a few hundred thousand
objects), one such walk takes up to 100 ms, and while it walks, every thread waits: a run cannot look
at its cancel flag, and the window cannot paint. Reading a notation makes no cycles; the
interpreter's objects are freed by reference counting as soon as they are let go, and the few cycles
its work makes (an exception and its frames) wait, at most for one run, a bounded stretch of work
(the run's budget), until the collector is on again.

The collector's switch is one for the whole process, while the pauses come from several threads at
once (the window reads what is typed while its worker runs a piece). So pauses are counted: the
collector comes back when the last pause ends, never while another thread's pause is still on, and
only if it was on when the first began (a caller who turned it off keeps it off).

A run by the interpreter's runner does make some garbage in cycles (its closures), and a long run
makes a great deal: while the collector is paused, a run collects its youngest objects itself at
each look at its cancel flag (:func:`collect_young`), a pass over a few thousand objects at most.
(Compiled code lets go of its local functions that call themselves when it is done: it leaves no
cycles.)
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_pauses = 0
_resume_when_done = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector's automatic passes for the block.

    Blocks nest and overlap across threads: the passes resume when the last block ends, and only
    if they were on when the first began.
    """
    global _pauses, _resume_when_done
    with _lock:
        if _pauses == 0:
            _resume_when_done = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _resume_when_done:
                gc.enable()


def collect_young() -> None:
    """While the collector is paused, collect the objects made since the last collection (the
    youngest generation): cheap, and a long run's cyclic garbage does not pile up."""
    if not gc.isenabled():
        gc.collect(0)
