"""Command lines run under a watchdog, and how each ended, in the user's terms.

A :class:`Watchdog` keeps one child process (:mod:`tests.fuzz.worker`) that runs ``dagaz_studio.cli.main``
on each case, so the cost of starting Python is paid once, not once a case. The child holds itself
to :data:`MEMORY_LIMIT` bytes over its start and the watchdog gives each case :data:`HANG_SECONDS`:
a case that runs past that is a hang (the child is killed and another started), one that runs out
of memory (MemoryError, or the child killed) is a memory failure.

Each case ends in one of these :data:`CLASSES`:

``accepted``
    exit status 0 (or another the command gives for work done: ``compare``'s 1).
``refused``
    exit status 2 with a short message: the first line starts ``dagaz-studio:``, no traceback, no
    line longer than :data:`LONGEST_LINE` characters.
``untidy refusal``
    exit status 2 with no traceback, but a message that is not short (the whole input echoed).
``traceback``
    an exception escaped the command, or its output shows one ("Traceback", "internal error"), or
    it exited with another status.
``hang``
    no answer within :data:`HANG_SECONDS` of wall-clock time.
``memory``
    more than :data:`MEMORY_LIMIT` bytes needed.

Cases that were answered but took more than :data:`SLOW_SECONDS` of processor time are counted apart.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Address space a case may use over the child's own start.
MEMORY_LIMIT = 2**30
#: Wall-clock seconds a case may take before it is called a hang (generous: the machine is shared).
HANG_SECONDS = 20.0
#: Processor seconds past which an answered case is reported as slow.
SLOW_SECONDS = 2.0
#: The longest line a refusal may print.
LONGEST_LINE = 1000

CLASSES = ("accepted", "refused", "untidy refusal", "traceback", "hang", "memory")
#: The classes that break the rule.
FAILURES = ("untidy refusal", "traceback", "hang", "memory")

_FUZZ = Path(__file__).resolve().parent


@dataclass
class Case:
    """One command line to run: its family, a label of what kind of input it is, the arguments
    (``{dir}`` stands for a folder holding ``files``), and the input shown in reports."""

    family: str
    category: str
    argv: list[str]
    shown: str
    files: dict[str, str] = field(default_factory=dict)
    #: Exit statuses that mean the command did its work (``compare`` exits 1 when it finds a difference).
    accepts: tuple[int, ...] = (0,)


@dataclass
class Result:
    """How a case ended: its class, a one-line detail, processor and wall-clock seconds, and the
    child's peak resident memory after it."""

    case: Case
    kind: str
    detail: str = ""
    cpu: float = 0.0
    seconds: float = 0.0
    maxrss: int = 0

    @property
    def failed(self) -> bool:
        """Whether the case broke the rule."""
        return self.kind in FAILURES

    @property
    def slow(self) -> bool:
        """Whether the case took more than :data:`SLOW_SECONDS` of processor time."""
        return self.cpu > SLOW_SECONDS

    def report(self, whole: bool = False) -> dict[str, Any]:
        """The result as one JSON-able object; ``whole``: with the case's arguments and files in full,
        so that it can be run again (``run.py --replay``)."""
        shown = self.case.shown if len(self.case.shown) <= 600 else self.case.shown[:600] + \
            f"… ({len(self.case.shown):,} characters)"
        out = {"family": self.case.family, "category": self.case.category, "class": self.kind,
                "detail": self.detail, "argv": [a if len(a) <= 200 else a[:200] + "…" for a in self.case.argv],
                "input": shown, "cpu": round(self.cpu, 2), "seconds": round(self.seconds, 2),
                "maxrss_mb": self.maxrss // 2**20}
        if whole:
            out.update({"whole_argv": self.case.argv, "files": self.case.files, "whole_input": self.case.shown,
                        "accepts": list(self.case.accepts)})
        return out


def classify(answer: dict[str, Any], accepts: tuple[int, ...] = (0,)) -> tuple[str, str]:
    """The class of an answered case and a one-line detail (``accepts``: the exit statuses of a
    command that did its work)."""
    err: str = answer["stderr"]
    first = err.splitlines()[0] if err else ""
    if answer["memory"]:
        return "memory", "MemoryError"
    if answer["escaped"]:
        return "traceback", answer["escaped"].splitlines()[0]
    if "Traceback" in err or "internal error" in err:
        where = next((line for line in err.splitlines() if "internal error" in line), err.strip().splitlines()[-1])
        if "MemoryError" in where:
            return "memory", where[:300]
        return "traceback", where[:300]
    status = answer["status"]
    if status in accepts:
        return "accepted", ""
    if status == 2:
        lines = err.splitlines()
        if first.startswith(("dagaz-studio:", "usage:")) and all(len(line) <= LONGEST_LINE for line in lines):
            return "refused", first[:300]
        longest = max((len(line) for line in lines), default=0)
        return "untidy refusal", f"{answer['stderr_chars']:,} characters, longest line {longest:,}: {first[:200]}"
    return "traceback", f"exit status {status}: {first[:200]}"


class Watchdog:
    """A child process running cases one at a time, restarted after a hang or a memory failure."""

    def __init__(self, memory: int = MEMORY_LIMIT, hang_seconds: float = HANG_SECONDS,
                 target: str = "dagaz_studio.cli:main", source: Path | None = None) -> None:
        self.memory = memory
        #: The folder whose ``dagaz_studio`` the worker runs (default: this checkout's).
        self.source = source or _FUZZ.parent.parent
        self.hang_seconds = hang_seconds
        self.target = target
        self.process: subprocess.Popen[str] | None = None
        self.restarts = 0
        self.baseline = 0

    def __enter__(self) -> Watchdog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> subprocess.Popen[str]:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(self.source), str(_FUZZ.parents[1])])
        process = subprocess.Popen([sys.executable, str(_FUZZ / "worker.py"), "--memory", str(self.memory),
                                    "--target", self.target],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   text=True, env=env, start_new_session=True)
        ready = self._read(process, 120.0)
        if ready is None or not ready.get("ready"):
            self._kill(process)
            raise RuntimeError("the fuzz worker did not start")
        self.baseline = int(ready.get("baseline", 0))
        return process

    @staticmethod
    def _read(process: subprocess.Popen[str], seconds: float) -> dict[str, Any] | None:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], seconds)
        if not ready:
            return None
        line = process.stdout.readline()
        return json.loads(line) if line else None

    @staticmethod
    def _kill(process: subprocess.Popen[str]) -> None:
        # Only the child this watchdog started (and its session, should it have started any).
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def close(self) -> None:
        """End the child process."""
        if self.process is not None:
            if self.process.poll() is None:
                assert self.process.stdin is not None
                self.process.stdin.close()
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._kill(self.process)
            self.process = None

    def run(self, case: Case) -> Result:
        """Run one case and classify how it ended."""
        if self.process is None or self.process.poll() is not None:
            self.process = self._start()
        process = self.process
        assert process.stdin is not None
        started = time.perf_counter()
        try:
            process.stdin.write(json.dumps({"argv": case.argv, "files": case.files}) + "\n")
            process.stdin.flush()
        except BrokenPipeError:
            pass
        answer = self._read(process, self.hang_seconds)
        seconds = time.perf_counter() - started
        if answer is None:
            hung = process.poll() is None
            self._kill(process)
            self.process = None
            self.restarts += 1
            if hung:
                return Result(case, "hang", f"no answer in {self.hang_seconds:.0f} s", seconds=seconds)
            # The child died without answering: the kernel's memory limits are the likely reason.
            return Result(case, "memory", f"the worker died (exit status {process.returncode})", seconds=seconds)
        kind, detail = classify(answer, case.accepts)
        if answer["memory"]:
            process.wait(timeout=30)
            self.process = None
            self.restarts += 1
        return Result(case, kind, detail, answer["cpu"], seconds, int(answer["maxrss"]))
