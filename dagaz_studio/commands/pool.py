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
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

T = TypeVar("T")
R = TypeVar("R")

#: What a worker opened once: set in each worker by :func:`start_worker` (and in the parent, for one job).
STATE: dict[str, Any] = {}


def add_jobs_option(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``--jobs N`` option."""
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help=f"processes to {what}; 1: this process only; the output is the same")


def cores() -> int:
    """The cores this process may use (its CPU affinity, not every core of the machine)."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return int(counted() or 1)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def jobs_for(requested: int | None, large: bool) -> int:
    """How many processes to use: as asked, up to the cores this process may use (more would only
    share them, at the cost of a process each), or every core for large work and one otherwise."""
    available = cores()
    if requested is not None:
        if requested > available:
            print(f"dagaz-studio: note: --jobs {requested}: this process may use {available} "
                  f"core{'s' if available > 1 else ''}; using {available} job{'s' if available > 1 else ''}",
                  file=sys.stderr)
            return available
        return max(1, requested)
    return available if large else 1


def start_worker(opener: Callable[..., dict[str, Any]], *arguments: Any) -> None:
    """Run in each worker when it starts: open what the work needs once."""
    STATE.clear()
    STATE.update(opener(*arguments))


class Terminated(SystemExit):
    """This process was asked to end (SIGTERM) while its workers were at work: they are ended with it,
    and the process exits with status 143 (128 + SIGTERM), as the shell reports a process so ended."""

    def __init__(self) -> None:
        super().__init__(143)


def _die_with(parent: int) -> None:
    """End this worker as soon as ``parent`` ends, however it ends (even killed): a worker left
    behind would compute for nobody, then fail writing its answer."""
    import signal

    if sys.platform.startswith("linux"):
        try:
            import ctypes

            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no C library to ask: the parent's own clean-up still ends it
            pass
    if os.getppid() != parent:  # the parent ended before the above took hold
        os._exit(1)


def _worker_started(parent: int, opener: Callable[..., dict[str, Any]] | None, *arguments: Any) -> None:
    """Run in each worker when it starts."""
    import signal

    # Ctrl-C reaches every process of the terminal; the parent answers it by ending the workers, which
    # must not each print a traceback. SIGTERM (the parent ending them) ends a worker quietly.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with(parent)
    if opener is not None:
        start_worker(opener, *arguments)


def _terminate(_signal: int, _frame: Any) -> None:
    raise Terminated()


@contextmanager
def pool(jobs: int, opener: Callable[..., dict[str, Any]], *arguments: Any, opened: bool = False) -> Iterator[Executor]:
    """A pool of ``jobs`` worker processes, each started with ``opener(*arguments)``, for the length
    of the block; the workers are ended with the block, or with this process however it ends.

    Forked when this process runs no other thread (quick, and the modules are already loaded);
    otherwise started afresh, since forking a process with threads can leave a worker stuck. With
    ``opened``, this process has already put ``opener(*arguments)`` in :data:`STATE`: forked workers
    keep that copy, with whatever it compiled and worked out, rather than open it again.

    Within the block SIGTERM raises :class:`Terminated` (the workers are ended, no traceback). Raises
    :class:`~dagaz_studio.commands.common.CommandError` when the workers cannot be started (too many
    processes), or when one ends before its work is done (killed, or out of memory): the work it
    held is lost, and waiting for it would wait for ever. (A pool of :mod:`multiprocessing` waits for
    ever then, even to be ended; an executor's pool knows its workers' ends, and says so.)
    """
    import multiprocessing  # only now: every command declares --jobs, few start a pool
    import signal
    import threading
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from dagaz_studio.commands.common import CommandError

    method = "fork" if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods() else "spawn"
    sys.stdout.flush()
    context = multiprocessing.get_context(method)
    keep = opened and method == "fork"
    before = set(multiprocessing.active_children())
    workers = ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_started,
                                  initargs=(os.getpid(), None) if keep else (os.getpid(), opener, *arguments))
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main else None
    try:
        try:
            # The workers start with the first work handed out: started now, a refusal is said here.
            workers.submit(int).result()
        except OSError as error:  # fork refused: the user's process limit, or memory
            raise CommandError(f"--jobs {jobs}: could not start the worker processes ({error.strerror or error}); "
                               "give fewer jobs") from None
        try:
            yield workers
        except BrokenProcessPool:
            raise CommandError("a worker process ended before its work was done (killed, or out of memory?); "
                               "run again, with fewer --jobs") from None
    finally:
        # Work still running is of no use now (the block ended early, or was interrupted): its
        # workers are ended, not waited for; the executor, finding them gone, lets go of the rest,
        # and its thread is waited for (one shutdown: a first one lets go of the thread unjoined,
        # which would then race the interpreter's exit).
        for worker in set(multiprocessing.active_children()) - before:
            worker.terminate()
        workers.shutdown(wait=True, cancel_futures=True)
        if main:
            signal.signal(signal.SIGTERM, previous)


def ordered(workers: Executor, jobs: int, work: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
    """``work(item)`` of each of ``items`` on ``workers`` (``jobs`` of them), answered in the order
    given; the items are handed out as answers come, two a worker ahead, so that a search of ever so
    many ends at its first answer without handing out the rest."""
    from collections import deque

    ahead = 2 * jobs
    pending: deque[Future[R]] = deque()
    for item in items:
        pending.append(workers.submit(work, item))
        if len(pending) >= ahead:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()
