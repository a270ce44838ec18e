"""Standard input and output that fail — a reader gone, a full disk, a closed stream — end the command
with exit status 2 and one line on standard error, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.paths import REPO

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(tmp_path / "cache"))


def _shell(tmp_path: Path, redirections: str, *words: str) -> subprocess.CompletedProcess[str]:
    """The command line run by the shell with ``redirections`` (stderr captured)."""
    command = " ".join([f"'{sys.executable}'", "-m", "dagaz_studio", *words, redirections])
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=_env(tmp_path), timeout=120)


def _one_line(stderr: str, *words: str) -> None:
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("dagaz-studio: error:")
    for word in words:
        assert word in lines[0]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("words", [["moves", "chess", "--legal"], ["--help"]])
def test_a_full_disk_is_one_line_and_status_2(tmp_path, words):
    done = _shell(tmp_path, "> /dev/full", *words)
    assert done.returncode == 2
    _one_line(done.stderr, "standard output", "No space left")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_closed_standard_input_is_one_line_and_status_2(tmp_path, jobs):
    done = _shell(tmp_path, "<&-", "moves", "chess", "--fen", "-", "--jobs", jobs)
    assert done.returncode == 2
    _one_line(done.stderr, "standard input", "closed")


def test_a_closed_standard_output_is_one_line_and_status_2(tmp_path):
    done = _shell(tmp_path, ">&-", "moves", "chess", "--legal")
    assert done.returncode == 2
    _one_line(done.stderr, "standard output", "closed")


def test_a_closed_standard_error_still_gives_status_2_and_nothing_on_standard_output(tmp_path):
    done = _shell(tmp_path, "2>&-", "moves", "chess", "--fen", "bad")
    assert done.returncode == 2
    assert done.stdout == ""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path, jobs):
    # As `seq 100000 | head -1` ends: nothing said (the reader has what it wanted), status 141, the
    # shell's for a process ended by SIGPIPE, so that `set -o pipefail` still tells.
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{START}\n" * 3000)  # far more answers than a pipe holds
    with open(batch, "rb") as lines:
        process = subprocess.Popen([sys.executable, "-m", "dagaz_studio", "moves", "chess", "--fen", "-",
                                    "--jobs", jobs], stdin=lines, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=_env(tmp_path))
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith(b"a2-a3")
        process.stdout.close()
        stderr = process.stderr.read().decode()
        assert process.wait(timeout=120) == 141
    assert stderr == ""


def test_a_short_output_to_a_reader_that_stops_early_is_quiet_too(tmp_path):
    done = _shell(tmp_path, "| head -1; exit ${PIPESTATUS[0]}", "perft", "chess", "--depth", "2", "--divide")
    # 0 when the pipe took the whole output before head ended, 141 when not: either way, nothing said.
    assert done.returncode in (0, 141) and done.stderr == "" and done.stdout == "a2-a3: 20\n"


def test_a_command_that_prints_nothing_does_not_mind_a_closed_standard_output(tmp_path):
    done = _shell(tmp_path, ">&- <&-", "render", "chess", "--out", str(tmp_path / "chess.svg"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "chess.svg").stat().st_size > 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("redirections", ["2> /dev/full", "> /dev/full 2> /dev/full"])
def test_standard_error_full_too_still_gives_status_2(tmp_path, redirections):
    done = _shell(tmp_path, redirections, "moves", "chess", "--fen", "bad")
    assert done.returncode == 2


def test_a_standard_output_that_cannot_encode_a_character_escapes_it(tmp_path):
    """An ASCII or Latin-1 locale (or PYTHONIOENCODING) cannot encode every character: a '—' in a message is
    written escaped, not a traceback."""
    text = (REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8")
    board = tmp_path / "dash.board"
    board.write_text(text + "test dash: at e2 put Black Pawn reaches e1\n", encoding="utf-8")
    command = [sys.executable, "-m", "dagaz_studio", "test", str(board)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env=dict(_env(tmp_path), PYTHONIOENCODING="ascii"))
    assert "Traceback" not in done.stderr
    assert done.returncode == 1
    assert "FAILED dash: Black Pawn put on e2; missing e1" in done.stdout and "\\u2014" in done.stdout
