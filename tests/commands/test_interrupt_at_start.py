"""Ctrl-C while the command line is still importing ends it quietly with status 130, as Ctrl-C in a
running command does: never a traceback from whichever import was under way.

Not timed: the interrupt is sent from inside the process, by an import finder, as the named module
starts to be imported, so it lands in that import every run."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

import pytest

from tests.helpers.paths import REPO

#: Run as ``python -m dagaz_studio`` runs, or as the installed ``dagaz-studio`` script runs (the
#: entry point pyproject.toml names), with SIGINT sent as ``TARGET`` starts to be imported.
WRAPPER = """
import importlib, os, runpy, signal, sys

target, entry = sys.argv.pop(1), sys.argv.pop(1)


class InterruptAt:
    def find_spec(self, name, path=None, module=None):
        if name == target:
            sys.stderr.write(f"interrupting at {name}\\n")
            sys.stderr.flush()
            os.kill(os.getpid(), signal.SIGINT)
        return None


sys.meta_path.insert(0, InterruptAt())
if entry == "-m":
    runpy.run_module("dagaz_studio", run_name="__main__", alter_sys=True)
else:
    module, function = entry.split(":")
    sys.exit(getattr(importlib.import_module(module), function)())
"""

SCRIPT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]["dagaz-studio"]


@pytest.mark.parametrize("entry", ["-m", SCRIPT])
@pytest.mark.parametrize("target", ["argparse", "dagaz_studio.cli", "dagaz_studio.commands.streams",
                                    "dagaz_studio.commands.moves", "dagaz_studio.engine"])
def test_ctrl_c_while_importing_ends_quietly_with_status_130(tmp_path, entry, target):
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", WRAPPER, target, entry, "moves", "chess", "--legal"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.stderr.splitlines()[:1] == [f"interrupting at {target}"]  # the interrupt was sent
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.returncode == 130 and done.stdout == ""
