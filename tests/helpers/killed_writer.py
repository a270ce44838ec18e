"""Killing a writer at a known moment: the child prints ``writing`` once it is halfway through a write,
and is killed there with SIGKILL (no handler, no clean-up: what a power cut or the OOM killer does)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap


def kill_while_writing(child: str, env: dict[str, str] | None = None) -> None:
    """Run ``child`` (Python source, dedented) and SIGKILL it once it prints ``writing``."""
    environment = env if env is not None else {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen([sys.executable, "-c", textwrap.dedent(child)], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=environment)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "writing"
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == -signal.SIGKILL
