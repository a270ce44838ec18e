"""An export checks its section by playing random games, which takes seconds: a cancel flag stops it
between built-ins and between moves, never taken for the board playing otherwise, and Ctrl-C ends
``dagaz-studio export`` quietly with status 130."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.queries.fsf_export import ExportCancelled, export_board
from tests.helpers.paths import REPO


class _SetAfter:
    """A cancel flag that is set from its ``looks``-th look on, wherever the export looks at it."""

    def __init__(self, looks: int) -> None:
        self.left = looks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


@pytest.mark.parametrize("looks", [0, 1, 30, 400, 3000])
def test_a_cancel_stops_the_export_wherever_it_comes(looks: int) -> None:
    # Set at the start, between moves or inside a run of the interpreter (whose moves, cut short,
    # are then some only): always a cancel, never a refusal of the board.
    flag = _SetAfter(looks)
    with pytest.raises(ExportCancelled):
        export_board(load_board("chess"), flag)
    # Stopped at once: few looks after the one that found the flag set.
    assert flag.left > -5


def test_a_flag_never_set_changes_nothing() -> None:
    board = load_board("gardner")  # a built-in's section, quickly played
    assert export_board(board, _SetAfter(10**12)) == export_board(board)


#: ``dagaz-studio export``, saying on stderr when the export starts playing its games.
WRAPPER = """
import runpy, sys
from dagaz_studio.queries import fsf_export

legal_moves = fsf_export.legal_moves


def playing(*args, **kwargs):
    if not getattr(playing, "said", False):
        playing.said = True
        sys.stderr.write("playing\\n")
        sys.stderr.flush()
    return legal_moves(*args, **kwargs)


fsf_export.legal_moves = playing
runpy.run_module("dagaz_studio", run_name="__main__", alter_sys=True)
"""


def _as_from_a_terminal() -> None:
    # A suite started in the background (``pytest &``) has Ctrl-C ignored, and its children inherit that.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_ends_an_export_under_way_quietly(tmp_path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(tmp_path / "cache"))
    process = subprocess.Popen([sys.executable, "-c", WRAPPER, "export", "duck"], env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=_as_from_a_terminal)
    try:
        assert process.stderr is not None
        ready, _, _ = select.select([process.stderr], [], [], 120)
        assert ready and process.stderr.readline() == "playing\n"
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches every process of the terminal
        out, rest = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    assert (process.returncode, out, rest) == (130, "", "")


#: In a process of its own, where the built-in variants are not read yet: an export cancelled while it
#: reads them, and how many it had read of how many.
FIRST_EXPORT = """
from dagaz_studio.board import load_board
from dagaz_studio.queries.fsf_export import ExportCancelled, export_board
from dagaz_studio.variants_ini.export import builtin_boards


class SetAfter:
    left = 10

    def is_set(self):
        self.left -= 1
        return self.left < 0


try:
    export_board(load_board("chess"), SetAfter())
except ExportCancelled:
    print(len(builtin_boards(stop=lambda: True)), len(builtin_boards()))
"""


def test_a_first_export_is_cancelled_while_it_reads_the_built_in_variants(tmp_path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", FIRST_EXPORT], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    read, every = map(int, done.stdout.split())
    # Stopped within a few variants of the cancel, of the hundred and more there are to read.
    assert read < 20 < every
