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
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: What a worker opened once: set in each worker by :func:`start_worker` (and in the parent, for one job).
STATE: dict[str, Any] = {}


def add_jobs_option(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``--jobs N`` option."""
    parser.add_argument("--jobs", type=_job_count, default=None, metavar="N",
                        help=f"processes to {what}; 1: this process only; the output is the same")


def _job_count(text: str) -> int:
    """A ``--jobs`` value: a whole number of processes, at least one (0 or less is no number of them)."""
    from dagaz_studio.commands.common import whole_number

    count = whole_number(text)
    if count < 1:
        raise argparse.ArgumentTypeError(f"{count}: give 1 or more processes")
    return count


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
    # Held back since the fork (see pool()): one that came meanwhile is now ignored, or ends it quietly.
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    _die_with(parent)
    if opener is not None:
        start_worker(opener, *arguments)


def _terminate(_signal: int, _frame: Any) -> None:
    raise Terminated()


class Workers:
    """Worker processes, each with a pipe of its own: an item of work is handed to a worker with room
    for it, and its answer read from that worker's pipe once there; a worker's end is seen at once
    (its pipe closes). Nothing is shared between workers, so a worker killed at any moment (by the
    out-of-memory killer, or a user) leaves nothing half-written that another would wait on. (A
    :mod:`multiprocessing` pool then waits for ever, even to be ended: a worker killed while it held
    the shared queue's lock; :mod:`concurrent.futures`' executor waits for ever on an answer half
    written by a worker ended at work.)"""

    def __init__(self, context: Any, jobs: int, initargs: tuple[Any, ...]) -> None:
        self.processes: list[Any] = []
        self.pipes: list[Any] = []
        for _ in range(jobs):
            here, there = context.Pipe()
            process = context.Process(target=_serve, args=(there, initargs), daemon=True)
            process.start()
            there.close()  # the worker's end is the worker's alone: its end closes the pipe
            self.processes.append(process)
            self.pipes.append(here)

    def ordered(self, work: Callable[[T], R], items: Iterable[T], ahead: int = 2, source: Any = None) -> Iterator[R]:
        """``work(item)`` of each of ``items``, answered in the order given. The items are handed out
        as answers come, ``ahead`` a worker at the most, so that a search of ever so many ends at
        its first answer without handing out the rest; raises :class:`WorkerLost` when a worker
        ends before its answers come. (Answers of work left unread stay in the pipes: one run of
        work a pool, as each command asks.) With ``source`` (what the items are read from: its
        ``fileno()`` and ``ready()``, :class:`~dagaz_studio.commands.common.InputLines`), no item
        is read while answers are due and the next could not be read at once: a program that sends
        a line and waits for its answer is answered."""
        given = iter(items)
        waiting: dict[Any, deque[int]] = {pipe: deque() for pipe in self.pipes}
        answers: dict[int, Any] = {}
        handed = answered = 0
        more = True
        while True:
            # Answers already come are read first (without waiting): a batch read line by line
            # prints each as soon as it is there, not once the next lines are read.
            self._gather(waiting, answers, 0)
            if answered in answers:
                answer = answers.pop(answered)
                answered += 1
                if isinstance(answer, _Failed):
                    raise answer.error
                yield answer
                continue
            pipe = min(self.pipes, key=lambda pipe: len(waiting[pipe]))
            if more and len(waiting[pipe]) < ahead:
                if source is not None and handed > answered and not source.ready():
                    self._gather(waiting, answers, None, source)
                    continue
                try:
                    item = next(given)
                except StopIteration:
                    more = False
                else:
                    try:
                        pipe.send((work, item))
                    except OSError:  # the worker ended while it had nothing to do
                        raise WorkerLost() from None
                    waiting[pipe].append(handed)
                    handed += 1
                    continue
            if answered == handed:
                return
            self._gather(waiting, answers, None)

    def _gather(self, waiting: dict[Any, deque[int]], answers: dict[int, Any], timeout: float | None,
                source: Any = None) -> None:
        """Read the answers the workers have written (waiting up to ``timeout`` for one, ``None``:
        until one comes, or until ``source`` has something to read), each kept under the number of
        its item."""
        from multiprocessing.connection import wait

        busy = [pipe for pipe in self.pipes if waiting[pipe]]
        if not busy:
            return
        for ready in wait(busy if source is None else [*busy, source], timeout):
            if ready is source:
                continue
            try:
                answers[waiting[ready].popleft()] = ready.recv()
            except (EOFError, OSError):
                raise WorkerLost() from None

    def end(self) -> None:
        """End every worker now (work still running is of no use: the block ended early, or was
        interrupted), and wait for their ends."""
        for process in self.processes:
            process.kill()
        for process in self.processes:
            process.join()
        for pipe in self.pipes:
            pipe.close()


class WorkerLost(Exception):
    """A worker ended before its work was done."""


class _Failed:
    """A worker's work raised ``error``: raised again where its answer is read, in order."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def _serve(pipe: Any, initargs: tuple[Any, ...]) -> None:
    """A worker's life: started as :func:`_worker_started` says, then each item of work read from
    ``pipe`` and its answer (or what it raised) written back, until the pipe closes."""
    _worker_started(*initargs)
    while True:
        try:
            work, item = pipe.recv()
        except (EOFError, OSError):
            return
        try:
            answer = work(item)
        except Exception as error:  # said where the answer is read, as that process would have raised it
            answer = _Failed(error)
        try:
            pipe.send(answer)
        except Exception as error:  # an answer (or error) that cannot be pickled: nothing of it was sent
            pipe.send(_Failed(RuntimeError(f"a worker's answer could not be sent back: {error}")))


@contextmanager
def pool(jobs: int, opener: Callable[..., dict[str, Any]], *arguments: Any, opened: bool = False) -> Iterator[Workers]:
    """A pool of ``jobs`` worker processes, each started with ``opener(*arguments)``, for the length
    of the block; the workers are ended with the block, or with this process however it ends.

    Forked when this process runs no other thread (quick, and the modules are already loaded);
    otherwise started afresh, since forking a process with threads can leave a worker stuck. With
    ``opened``, this process has already put ``opener(*arguments)`` in :data:`STATE`: forked workers
    keep that copy, with whatever it compiled and worked out, rather than open it again.

    Within the block SIGTERM raises :class:`Terminated` (the workers are ended, no traceback). Raises
    :class:`~dagaz_studio.commands.common.CommandError` when the workers cannot be started (too many
    processes), or when one ends before its work is done (killed, or out of memory): the work it
    held is lost, and waiting for it would wait for ever.
    """
    import multiprocessing  # only now: every command declares --jobs, few start a pool
    import signal
    import threading

    from dagaz_studio.commands.common import CommandError

    method = "fork" if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods() else "spawn"
    sys.stdout.flush()
    context = multiprocessing.get_context(method)
    keep = opened and method == "fork"
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main else None
    workers: Workers | None = None
    # A worker answers signals as this process does until its start function sets its own: Ctrl-C
    # in between would print its traceback. So Ctrl-C and SIGTERM are held back while the workers
    # start (each unblocks them in _worker_started), and here until all are started: one that came
    # meanwhile then ends the block, and the workers with it.
    held = (signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
            if main and hasattr(signal, "pthread_sigmask") else None)
    try:
        try:
            workers = Workers(context, jobs, (os.getpid(), None) if keep else (os.getpid(), opener, *arguments))
        except OSError as error:  # fork refused: the user's process limit, or memory
            raise CommandError(f"--jobs {jobs}: could not start the worker processes ({error.strerror or error}); "
                               "give fewer jobs") from None
        finally:
            if held is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
        try:
            yield workers
        except WorkerLost:
            raise CommandError("a worker process ended before its work was done (killed, or out of memory?); "
                               "run again, with fewer --jobs") from None
    finally:
        if workers is not None:
            workers.end()
        if main:
            signal.signal(signal.SIGTERM, previous)
