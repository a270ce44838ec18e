"""``dagaz-studio check``: exit status and output for good, bad and missing boards."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dagaz_studio.cli import main
from tests.helpers.paths import DATA, REPO


@pytest.mark.parametrize(
    "name, summary",
    [
        ("chess", "chess.board: chess, 64 squares, 8 directions, 6 pieces, 2 players — ok"),
        ("xiangqi", "xiangqi.board: xiangqi, 90 squares, 8 directions, 7 pieces, 2 players — ok"),
        ("fanorona", "fanorona.board: fanorona-9x5, 45 squares, 8 directions, 1 piece, 2 players — ok"),
    ],
)
def test_a_shipped_board_checks_ok(capsys, name, summary):
    assert main(["check", name]) == 0
    out, err = capsys.readouterr()
    assert out == summary + "\n"
    assert err == ""


def test_a_board_file_by_path(capsys, tmp_path):
    path = tmp_path / "tiny.board"
    path.write_text("tiny\ngrid: a-b x 2-1\nN = (0, -1)\n", encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out == "tiny.board: tiny, 4 squares, 1 direction, 0 pieces, 2 players — ok\n"


def test_a_broken_board_lists_every_problem_on_stderr(capsys):
    path = DATA / "bad-grid.board"
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"{path}:2:7: malformed range 'a-8': columns are letters, like 'a-h'",
        f"{path}:2:13: malformed range 'h-1': rows are numbers, like '8-1'",
    ]


def test_an_unknown_board_name(capsys):
    assert main(["check", "no-such-game"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("dagaz-studio: error: no-such-game: no such board file or shipped board")
    assert "chess" in err and "Traceback" not in err


def test_an_unreadable_file(capsys, tmp_path):
    path = tmp_path / "binary.board"
    path.write_bytes(b"\x80\x81grid")
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"dagaz-studio: error: {path}:1: is not UTF-8 text")
    path.write_bytes(b"\xff\xfe\x00grid")
    assert main(["check", str(path)]) == 2
    assert "UTF-16" in capsys.readouterr().err
    assert main(["check", str(tmp_path)]) == 2
    assert "is a directory, not a regular file" in capsys.readouterr().err


def test_check_runs_as_a_program():
    env = dict(os.environ, PYTHONPATH=str(REPO))
    good = subprocess.run(
        [sys.executable, "-m", "dagaz_studio", "check", "xiangqi"], capture_output=True, text=True, env=env, timeout=60
    )
    assert good.returncode == 0, good.stderr
    assert good.stdout.startswith("xiangqi.board: xiangqi, 90 squares")
    bad = subprocess.run(
        [sys.executable, "-m", "dagaz_studio", "check", str(DATA / "broken-everything.board")],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    lines = bad.stderr.splitlines()
    assert len(lines) == 16
    assert lines[0].endswith("broken-everything.board:6:8: malformed vector: unexpected '-1'; expected ','")
    assert "Traceback" not in bad.stderr


def test_setup_fields_past_the_placement_are_checked(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from dagaz_studio.cli import main

    path = tmp_path / "b.board"
    path.write_text("b\ngrid: a-c x 3-1\npiece Rook R: N\nsetup: R2/3/3 w KQ1 e3 x y\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:4:17: setup:" in err and "castling" in err  # at the castling rights
    # A line separator in a comment is no line's end: the setup stays on the line an editor shows.
    path.write_text("b\n# a\u2028b\ngrid: a-c x 3-1\npiece Rook R: N\nsetup: R2/3/3 w KQ1 e3 x y\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    assert f"{path}:5:17: setup:" in capsys.readouterr().err


def test_a_byte_that_is_not_utf8_is_counted_from_1(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "binary.board"
    path.write_bytes(b"\xff")
    assert main(["check", str(path)]) == 2
    assert "is not UTF-8 text (byte 1): " in capsys.readouterr().err
    path.write_bytes(b"ab\n\xff\n")
    assert main(["check", str(path)]) == 2
    assert f"{path}:2: is not UTF-8 text (byte 4): " in capsys.readouterr().err


@pytest.mark.parametrize("command", [["check"], ["test"], ["moves"], ["perft", "--depth", "1"], ["play"], ["export"],
                                     ["render", "--out", "never.png"]])
def test_a_board_with_thousands_of_problems_shows_the_first_and_counts_the_rest(capsys, tmp_path, command):
    from dagaz_studio.commands.common import MAX_PROBLEMS_SHOWN

    path = tmp_path / "many.board"
    path.write_text("bogus statement\n" * 30_000, encoding="utf-8")
    assert main([command[0], str(path), *command[1:]]) == 2
    err = capsys.readouterr().err.splitlines()
    listed = [line for line in err if line.startswith(f"{path}:") and "unknown statement" in line]
    assert len(listed) == MAX_PROBLEMS_SHOWN - 1  # the first line's second problem: no grid
    # 30,001 problems in all: 30,000 statements, and the grid missing.
    assert f"{path}: … and {30_001 - MAX_PROBLEMS_SHOWN:,} more problems" in err
    assert len(err) <= MAX_PROBLEMS_SHOWN + 3


def test_the_window_refusing_a_board_of_thousands_of_problems_shows_the_first(tmp_path):
    path = tmp_path / "many.board"
    path.write_text("bogus statement\n" * 30_000, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "dagaz_studio", "gui", str(path), "--quit-after", "1"],
                            capture_output=True, text=True, timeout=120, env=env, cwd=REPO)
    assert result.returncode == 2
    err = result.stderr.splitlines()
    assert err[0] == "dagaz-studio: error: the board file has problems:"
    assert err[-1] == f"{path}: … and 29,951 more problems" and len(err) == 52
