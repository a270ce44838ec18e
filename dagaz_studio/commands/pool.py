"""Bulk work on every core: ``--jobs N`` for ``perft`` and ``moves --fen -``.

A command splits its work into independent pieces (the first moves of a perft, the lines of a batch),
hands them to a pool of processes, and prints the answers in the order one process would have: the
output is the same whatever the number of jobs. Each worker opens the board once, in
:func:`start_worker`, and keeps it for every piece of work it is given.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Callable, Optional

#: What a worker opened once: set in each worker by :func:`start_worker` (and in the parent, for one job).
STATE: dict[str, Any] = {}


def add_jobs_option(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``--jobs N`` option."""
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help=f"processes to {what}; 1: this process only; the output is the same")


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def jobs_for(requested: Optional[int], large: bool) -> int:
    """How many processes to use: as asked, or every core for large work and one otherwise."""
    if requested is not None:
        return max(1, requested)
    return cores() if large else 1


def start_worker(opener: Callable[..., dict[str, Any]], *arguments: Any) -> None:
    """Run in each worker when it starts: open what the work needs once."""
    STATE.clear()
    STATE.update(opener(*arguments))


def pool(jobs: int, opener: Callable[..., dict[str, Any]], *arguments: Any, opened: bool = False) -> Any:
    """A process pool of ``jobs`` workers, each started with ``opener(*arguments)``.

    Forked when this process runs no other thread (quick, and the modules are already loaded);
    otherwise started afresh, since forking a process with threads can leave a worker stuck. With
    ``opened``, this process has already put ``opener(*arguments)`` in :data:`STATE`: forked workers
    keep that copy, with whatever it compiled and worked out, rather than open it again.
    """
    import multiprocessing  # only now: every command declares --jobs, few start a pool
    import threading

    method = "fork" if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods() else "spawn"
    sys.stdout.flush()
    context = multiprocessing.get_context(method)
    if opened and method == "fork":
        return context.Pool(jobs)
    return context.Pool(jobs, initializer=start_worker, initargs=(opener, *arguments))
