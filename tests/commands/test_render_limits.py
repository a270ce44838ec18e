"""``dagaz-studio render`` within bounds: a picture of at most so many pixels whatever the board and the
scale asked, and nothing left beside the picture by a render that is killed."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from dagaz_studio.cli import main
from dagaz_studio.gui.board_view.export import MAX_PIXELS, MAX_SIDE
from dagaz_studio.notation import whole_file
from tests.helpers.killed_writer import kill_while_writing
from tests.helpers.paths import REPO

#: The largest board a board file may describe (26 × 384 squares).
HUGE = "huge\n\ngrid: a-z x 1-384\n\nN = (0, -1)\nE = (1, 0)\n\nplayers: White Black\n"


def _render(tmp_path: Path, *words: str) -> subprocess.Popen[str]:
    board = tmp_path / "huge.board"
    board.write_text(HUGE, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(tmp_path / "cache"), QT_QPA_PLATFORM="offscreen")

    def bounded() -> None:  # a picture of gigabytes must not be tried, even by a render that would
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

    return subprocess.Popen([sys.executable, "-m", "dagaz_studio", "render", str(board), *words], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, preexec_fn=bounded)


def _leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.startswith("."))


@pytest.mark.parametrize("scale", ["250", "1000"])
def test_a_scale_too_large_for_the_board_is_refused_with_the_largest_that_fits(tmp_path, scale):
    out = tmp_path / "huge.png"
    process = _render(tmp_path, "--out", str(out), "--scale", scale)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 2
    lines = stderr.splitlines()
    assert len(lines) == 1 and f"--scale {scale}" in lines[0] and f"{MAX_PIXELS:,} pixels" in lines[0], stderr
    largest = float(lines[0].rsplit("--scale ", 1)[1])
    assert 26 * 384 * largest * largest <= MAX_PIXELS and 384 * largest <= MAX_SIDE
    assert not out.exists() and _leftovers(tmp_path) == []


@pytest.mark.slow  # draws a picture of 40 million pixels: some seconds
def test_the_default_scale_shrinks_to_fit_a_huge_board(tmp_path):
    out = tmp_path / "huge.png"
    process = _render(tmp_path, "--out", str(out))
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    assert "pixels per square" in stderr
    image = QImage(str(out))
    assert not image.isNull()
    assert image.width() * image.height() <= MAX_PIXELS and max(image.width(), image.height()) <= MAX_SIDE
    assert image.height() > 10 * image.width()  # the whole board, not a part of it


def test_a_render_killed_midway_leaves_nothing_beside_the_picture(tmp_path):
    out = tmp_path / "huge.png"
    out.write_bytes(b"the previous picture")
    board = tmp_path / "huge.board"
    board.write_text(HUGE, encoding="utf-8")
    # The render stops halfway through writing its picture, and is killed there.
    child = (
        "import os, sys, time\n"
        "import dagaz_studio.notation.whole_file as whole_file\n"
        "def stalled(handle, data):\n"
        "    os.write(handle, bytes(data[: len(data) // 2]))\n"
        "    print('writing', flush=True)\n"
        "    time.sleep(60)\n"
        "whole_file._write_all = stalled\n"
        "from dagaz_studio.cli import main\n"
        f"main(['render', {str(board)!r}, '--out', {str(out)!r}])\n"
    )
    kill_while_writing(child, dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(tmp_path / "cache"),
                                   QT_QPA_PLATFORM="offscreen"))
    assert out.read_bytes() == b"the previous picture"
    assert _leftovers(tmp_path) == []


def test_a_temporary_file_of_a_dead_writer_is_removed_by_the_next_write(tmp_path, monkeypatch):
    # Where a folder cannot hold a file without a name, the file written carries its writer's id.
    monkeypatch.setattr(whole_file, "_anonymous", lambda folder: None)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".x.png.{dead.pid}.0badcafe.partial"
    stale.write_bytes(b"half")
    alive = tmp_path / f".x.png.{os.getppid()}.0badcafe.partial"  # a writer still at work
    alive.write_bytes(b"half")
    folder = os.open(tmp_path, os.O_RDONLY)
    try:
        whole_file.write_whole(folder, "x.png", b"whole")
    finally:
        os.close(folder)
    assert (tmp_path / "x.png").read_bytes() == b"whole"
    assert _leftovers(tmp_path) == [alive.name]



@pytest.mark.parametrize(("scale", "trace"), [
    *((scale, trace) for scale in ("1e400", "1e-400", "1000.0001", "3.9999999", "-0", "9" * 400)
      for trace in ([], ["--trace", "--at", "e2"])),
    ("200.00001", ["--trace", "--at", "e2"]),
])
def test_a_scale_out_of_range_is_refused_as_typed(tmp_path, capsys, scale, trace):
    # As a float, 1e400 is infinite, 1e-400 nought, and 1000.0001 printed with :g is 1000, inside the
    # range: the refusal says the number the user gave, cut short as any echoed word.
    out = tmp_path / "x.png"
    assert main(["render", "chess", "--out", str(out), f"--scale={scale}", *trace]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "give between 4 and" in err, err
    assert f"--scale {scale[:40]}" in err and "inf" not in err
    assert not out.exists()
