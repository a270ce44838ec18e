"""``--jobs N`` within bounds: no more workers than cores, and workers that end with their parent —
Ctrl-C, SIGTERM or SIGKILL — without a traceback each."""

from __future__ import annotations

import multiprocessing.process
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from dagaz_studio.cli import main
from dagaz_studio.commands import perft, pool
from tests.helpers.paths import REPO

ROOT = REPO
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_more_jobs_than_cores_use_the_cores_and_say_so(monkeypatch, capsys):
    monkeypatch.setattr(pool, "cores", lambda: 2)
    asked = []
    real = perft.pool

    def counted(jobs, *arguments, **options):  # type: ignore[no-untyped-def]
        asked.append(jobs)
        return real(jobs, *arguments, **options)

    monkeypatch.setattr(perft, "pool", counted)
    assert main(["perft", "chess", "--depth", "2", "--jobs", "32"]) == 0
    out, err = capsys.readouterr()
    assert out.split()[-1] == "400"
    assert asked == [2]
    assert "--jobs 32" in err and "2 cores" in err


def test_workers_that_cannot_be_started_are_one_line_and_status_2(monkeypatch, capsys):
    def refused(*_arguments, **_options):  # type: ignore[no-untyped-def]
        raise BlockingIOError(11, "Resource temporarily unavailable")

    # Starting a worker process is what the system refuses (fork or spawn alike).
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refused)
    assert main(["perft", "chess", "--depth", "2", "--jobs", "2"]) == 2
    err = capsys.readouterr().err
    assert "could not start" in err and "Resource temporarily unavailable" in err and len(err.splitlines()) == 1


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as listed:
            return [int(word) for word in listed.read().split()]
    except OSError:
        pytest.skip("needs /proc/PID/task/PID/children")


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as status:
            return status.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _as_from_a_terminal() -> None:
    # A suite started in the background (``pytest &``) has Ctrl-C ignored, and its children inherit that.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for(condition: Callable[[], bool], what: str, process: subprocess.Popen[str]) -> None:
    """Poll ``condition`` until it holds, failing with ``what`` if the command ends first or a minute
    passes (a loaded machine may take that long)."""
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline and process.poll() is None, what
        time.sleep(0.01)


def _signal_mask(pid: int, field: str) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name == field:
                return int(value, 16)
    return 0


def _cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat", encoding="ascii") as status:
        user, system = status.read().rsplit(")", 1)[1].split()[11:13]
    return int(user) + int(system)


def _at_work_now(worker: int) -> bool:
    """Whether a worker has run its start function (Ctrl-C ignored and no longer held back) and has
    since spent processor time at its work."""
    interrupt = 1 << (signal.SIGINT - 1)
    try:
        started = _signal_mask(worker, "SigIgn") & interrupt and not _signal_mask(worker, "SigBlk") & interrupt
        return bool(started) and _cpu_ticks(worker) > 0
    except OSError:
        return False


def _workers_at_work(process: subprocess.Popen[str]) -> list[int]:
    """The command's two workers, once both are at work."""
    _wait_for(lambda: len(_children(process.pid)) >= 2, "the workers never started", process)
    workers = _children(process.pid)
    _wait_for(lambda: all(_at_work_now(worker) for worker in workers), "the workers never got to work", process)
    return workers


def _at_work(words: list[str], stdin_text: str | None = None) -> tuple[subprocess.Popen[str], list[int]]:
    """The command started in a session of its own, once its two workers run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "dagaz_studio", *words], env=env, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=_as_from_a_terminal)
    if stdin_text is not None:
        assert process.stdin is not None
        process.stdin.write(stdin_text)
        process.stdin.flush()
    return process, _workers_at_work(process)


def _gone(workers: list[int]) -> bool:
    """Whether the workers end within ten seconds (those that do not are killed): each waited on
    through a descriptor that becomes readable as the process ends."""
    deadline = time.monotonic() + 10
    gone = True
    for worker in workers:
        try:
            descriptor = os.pidfd_open(worker)
        except ProcessLookupError:  # already ended and reaped
            continue
        try:
            ready, _, _ = select.select([descriptor], [], [], max(0.0, deadline - time.monotonic()))
            if not ready and _running(worker):
                os.kill(worker, signal.SIGKILL)
                gone = False
        finally:
            os.close(descriptor)
    return gone


PERFT = ["perft", "chess", "--depth", "6", "--jobs", "2"]


@pytest.mark.parametrize("sent, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGKILL, -9)])
def test_workers_end_with_their_parent_and_print_nothing(sent, status):
    process, workers = _at_work(PERFT)
    if sent == signal.SIGINT:
        os.killpg(process.pid, sent)  # Ctrl-C reaches every process of the terminal
    else:
        process.send_signal(sent)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == status
    assert stderr == ""
    assert _gone(workers)


@pytest.mark.parametrize("sent, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_batch_waiting_on_its_input_ends_at_once_without_a_traceback(sent, status):
    lines = f"{START}\n" * 200
    process, workers = _at_work(["moves", "chess", "--fen", "-", "--jobs", "2"], lines)
    assert process.stdout is not None
    # Its input stays open: the command answers the lines it has, then waits for more, as it would
    # on a terminal. The signal comes once every line has its answer (a loaded machine may take a while).
    first = ""
    while first.count("\n") < 200:  # every line answered: the command now waits for more
        ready, _, _ = select.select([process.stdout], [], [], 60)
        assert ready, "no answer came"
        chunk = os.read(process.stdout.fileno(), 1 << 16).decode()
        assert chunk, "the command ended before answering"
        first += chunk
    if sent == signal.SIGINT:
        os.killpg(process.pid, sent)
    else:
        process.send_signal(sent)
    try:
        assert process.wait(timeout=30) == status
    finally:
        process.kill()
        assert process.stdin is not None and process.stderr is not None and process.stdout is not None
        process.stdin.close()
    answered = first + process.stdout.read()
    assert answered.count("\n") == 200 and answered.endswith("\n")  # whole answers, nothing after the signal
    assert process.stderr.read() == ""
    assert _gone(workers)


@pytest.mark.parametrize("words", [
    PERFT,
    ["compare", "chess", "Rook", "(+)(([p]\\1))*", "--positions", str(10_000_000), "--jobs", "2"],
    ["moves", "chess", "--fen", "-", "--jobs", "2"],
], ids=["perft", "compare", "moves"])
def test_a_worker_killed_at_work_is_said_and_the_command_ends(words, tmp_path):
    # The out-of-memory killer, or a user, may end one worker: its work is lost, and the command
    # says so and ends (status 2) rather than wait for ever for the answer that will not come.
    lines = tmp_path / "lines.fen"
    lines.write_text(f"{START}\n" * 200_000, encoding="ascii")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(lines, encoding="ascii") as batch:
        process = subprocess.Popen([sys.executable, "-m", "dagaz_studio", *words], env=env, text=True, stdin=batch,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    workers = _workers_at_work(process)
    os.kill(workers[0], signal.SIGKILL)
    try:
        _, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 2, stderr
    assert stderr.startswith("dagaz-studio: error: a worker process ended before its work was done"), stderr
    assert "Traceback" not in stderr
    assert _gone(workers)


@pytest.mark.parametrize("source", ["terminal", "pipe"])
def test_each_line_is_answered_before_the_next_is_written(source: str) -> None:
    # A person typing positions one by one, or a program (a GUI, an engine's harness) writing one and
    # reading its answer before the next, waits for each answer: workers handed lines ahead must not
    # hold it back until more lines come.
    if source == "terminal":
        import pty

        writer, reading = pty.openpty()
    else:
        reading, writer = os.pipe()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "dagaz_studio", "moves", "chess", "--fen", "-", "--jobs", "2"],
                               env=env, stdin=reading, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(reading)
    try:
        assert process.stdout is not None
        for _ in range(3):
            os.write(writer, f"{START}\n".encode("ascii"))
            ready, _, _ = select.select([process.stdout], [], [], 60)
            assert ready, "a line was not answered while its writer waits for the answer"
            assert os.read(process.stdout.fileno(), 1 << 16).decode().count("\n") == 1
        if source == "terminal":
            os.write(writer, b"\x04")  # Ctrl-D: the end of the input
        else:
            os.close(writer)
            writer = -1
        assert process.wait(timeout=60) == 0
        assert process.stderr is not None and process.stderr.read() == b""
    finally:
        process.kill()
        process.wait()
        if writer >= 0:
            os.close(writer)


_SLOW_START = """
import os, signal, sys, time
from pathlib import Path
from dagaz_studio.commands import pool

real = pool._worker_started
forked = Path(os.environ["FORKED"])


def slow(*arguments):
    # A loaded machine may keep a worker between its fork and its start function while Ctrl-C comes
    # (held back meanwhile): this one says it was forked, and waits there until Ctrl-C has come.
    (forked / str(os.getpid())).touch()
    deadline = time.monotonic() + 60
    while signal.SIGINT not in signal.sigpending() and time.monotonic() < deadline:
        time.sleep(0.01)
    real(*arguments)


pool._worker_started = slow
from dagaz_studio.cli import main

sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_while_the_workers_start_prints_no_traceback(tmp_path):
    # Ctrl-C reaches the workers too, also one forked but not yet set to ignore it.
    forked = tmp_path / "forked"
    forked.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), FORKED=str(forked))
    process = subprocess.Popen([sys.executable, "-c", _SLOW_START, *PERFT], env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=_as_from_a_terminal)
    try:
        _wait_for(lambda: len(list(forked.iterdir())) >= 2, "the workers were never forked", process)
        workers = [int(path.name) for path in forked.iterdir()]
        assert not any(_at_work_now(worker) for worker in workers)  # forked, and still starting
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 130
    assert stderr == ""
    assert _gone(workers)


def test_ctrl_c_while_qt_is_imported_is_held_until_the_import_is_done() -> None:
    # An interrupted import of PySide6 aborts the interpreter ("Fatal Python error: libshiboken/signature"),
    # with a core dump, rather than ending with status 130.
    from dagaz_studio.commands.common import interrupt_deferred

    reached = False
    with pytest.raises(KeyboardInterrupt), interrupt_deferred():
        os.kill(os.getpid(), signal.SIGINT)
        reached = True
    assert reached
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_render_imports_qt_with_ctrl_c_held(monkeypatch, tmp_path) -> None:
    import contextlib

    from dagaz_studio.commands import common

    held = []

    @contextlib.contextmanager
    def counted():
        held.append(True)
        yield

    monkeypatch.setattr(common, "interrupt_deferred", counted)
    assert main(["render", "chess", "--out", str(tmp_path / "a.svg")]) == 0
    assert main(["render", "chess", "--at", "e2", "--trace", "--out", str(tmp_path / "b.svg")]) == 0
    assert len(held) == 2


def test_the_window_imports_qt_with_ctrl_c_held(monkeypatch) -> None:
    # Ctrl-C while the window's modules were imported: "ImportError: libshiboken: could not import
    # module 'PySide6.QtGui'" and its traceback, status 1.
    import contextlib

    from dagaz_studio.commands import common

    held = []

    @contextlib.contextmanager
    def counted():
        held.append(True)
        yield

    monkeypatch.setattr(common, "interrupt_deferred", counted)
    assert main(["gui", "no-such-board"]) == 2
    assert held == [True]
