"""Keeping Python's cycle collector out of the interpreter's bounded stretches of work.

Building a long notation's closures, compiling its code and running a piece allocate objects by the
hundred thousand. Every few hundred allocations Python's cycle collector runs, and now and then it
walks every object the process holds: with a 10,000-character notation read and compiled (a few
hundred thousand objects), one such walk takes up to 100 ms, during which a run cannot look at its
cancel flag. The interpreter's objects are freed by reference counting as soon as they are let go;
the few cycles its work makes (an exception and its frames) wait, at most for one run, a bounded
stretch of work (the run's budget), until the collector is on again.

A run by the runner does make some garbage in cycles (its closures), and a long run makes a great
deal: while the collector is paused, a run collects its youngest objects itself at each look at its
cancel flag (:func:`collect_young`), a pass over a few thousand objects at most. (Compiled code lets
go of its local functions that call themselves when it is done, and leaves no cycles.)
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block, if it was running: nested and concurrent blocks
    only restart it when the outermost one that paused it ends."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def collect_young() -> None:
    """While the collector is paused, collect the objects made since the last collection (the
    youngest generation): cheap, and a long run's cyclic garbage does not pile up."""
    if not gc.isenabled():
        gc.collect(0)
