"""One way of reading every file the user names: board files, variants.ini files, recovery files.

Devices, FIFOs and directories are refused unread (a FIFO never blocks), the size limit is counted
on what is read, and a byte-order mark, CRLF line ends and other encodings are met alike by each door.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.board import BoardReadError, load_board
from dagaz_studio.board.text_file import TextFileError, read_text_file
from dagaz_studio.variants_ini import IniError
from dagaz_studio.variants_ini.files import read_ini_file

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
needs_dev_zero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")

BOARD = "name: tiny\ngrid: a-b x 2-1\nN = (0, -1)\nplayers: White Black\npiece King K royal: N\nsetup: K1/1k w\n"
INI = "[tiny:chess]\nmaxRank = 4\nmaxFile = 4\nstartFen = k3/4/4/3K w - - 0 1\n"


def _limited() -> None:
    """In the child: an address space of 1.5 GB, so a reader that would grow without end fails
    fast instead of taking the machine's memory."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))


def _run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dagaz_studio", *args], capture_output=True, text=True,
                          timeout=timeout, preexec_fn=_limited if sys.platform != "win32" else None)


@needs_dev_zero
def test_importing_a_link_to_an_endless_device_is_refused_unread(tmp_path: Path) -> None:
    link = tmp_path / "variants.ini"
    link.symlink_to("/dev/zero")
    done = _run("import", str(link), "--out", str(tmp_path / "out"), timeout=30)
    assert done.returncode == 2 and "character device" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


@needs_fifo
def test_importing_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "variants.ini"
    os.mkfifo(fifo)
    done = _run("import", str(fifo), "--out", str(tmp_path / "out"), timeout=30)
    assert done.returncode == 2 and "FIFO" in done.stderr and "Traceback" not in done.stderr


@needs_fifo
@needs_dev_zero
def test_board_files_that_are_devices_or_fifos_are_refused_the_same_way(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.board"
    os.mkfifo(fifo)
    link = tmp_path / "zero.board"
    link.symlink_to("/dev/zero")
    for path, said in ((fifo, "FIFO"), (link, "character device"), (tmp_path, "directory")):
        with pytest.raises(BoardReadError, match=said):
            load_board(path)
        with pytest.raises(IniError, match=said):
            read_ini_file(path)


@needs_fifo
def test_a_file_swapped_for_a_fifo_after_the_look_is_refused_not_waited_on(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "swapped.board"
    os.mkfifo(fifo)
    regular = os.stat(__file__)
    from dagaz_studio.board import text_file

    # The look says a regular file; the FIFO is what gets opened, without blocking, and refused.
    monkeypatch.setattr(text_file.os, "stat", lambda _path: regular)
    with pytest.raises(TextFileError, match="FIFO"):
        read_text_file(fifo, 1000)


def test_the_size_limit_is_counted_on_what_is_read_not_on_what_the_file_says(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.ini"
    path.write_bytes(b"#" * 500_000)
    real_stat, real_read = os.stat, os.read
    read: list[int] = []

    def stat_saying_nothing(target: object) -> os.stat_result:
        found = list(real_stat(target))  # type: ignore[call-overload]
        found[stat.ST_SIZE] = 0  # as a device's metadata says
        return os.stat_result(found)

    def counted(descriptor: int, count: int) -> bytes:
        data = real_read(descriptor, count)
        read.append(len(data))
        return data
    from dagaz_studio.board import text_file

    monkeypatch.setattr(text_file.os, "stat", stat_saying_nothing)
    monkeypatch.setattr(text_file.os, "read", counted)
    with pytest.raises(TextFileError, match="more than 1,000 bytes"):
        read_text_file(path, 1000)
    assert sum(read) == 1001  # reading stopped one byte past the limit
    assert len(read_text_file(path, 500_000)) == 500_000


def test_a_byte_order_mark_and_crlf_line_ends_are_read_alike_by_every_door(tmp_path: Path) -> None:
    for name, mark, newline in (("plain", "", "\n"), ("marked", "\ufeff", "\n"), ("crlf", "\ufeff", "\r\n")):
        (tmp_path / f"{name}.ini").write_bytes((mark + INI.replace("\n", newline)).encode("utf-8"))
        (tmp_path / f"{name}.board").write_bytes((mark + BOARD.replace("\n", newline)).encode("utf-8"))
    assert {read_ini_file(tmp_path / f"{name}.ini") for name in ("plain", "marked", "crlf")} == {INI}
    boards = [load_board(tmp_path / f"{name}.board") for name in ("plain", "marked", "crlf")]
    assert {(len(board.squares), board.setup) for board in boards} == {(4, "K1/1k w")}
    outputs = []
    for name in ("plain", "marked", "crlf"):
        out = tmp_path / f"out-{name}"
        done = _run("import", str(tmp_path / f"{name}.ini"), "--out", str(out))
        assert done.returncode == 0, done.stderr
        outputs.append((out / "tiny.board").read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]


@pytest.mark.parametrize(("data", "said"), [
    ("\ufeff[x]".encode("utf-16-le"), "UTF-16 text"),
    ("[x]".encode("utf-32"), "UTF-32 text"),
    (b"[x]\nmaxRank = \xe9\n", "not UTF-8 text"),
])
def test_other_encodings_are_refused_by_every_door_with_the_same_words(tmp_path: Path, data: bytes, said: str) -> None:
    path = tmp_path / "other.txt"
    path.write_bytes(data)
    with pytest.raises(IniError, match=said):
        read_ini_file(path)
    with pytest.raises(BoardReadError, match=said):
        load_board(path)
    line = data.count(b"\n", 0, data.find(b"\xe9")) + 1 if b"\xe9" in data else 1
    with pytest.raises(TextFileError) as caught:
        read_text_file(path, 1000)
    assert caught.value.line == line


def test_a_line_past_the_limit_is_refused_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "long.ini"
    path.write_text("[x]\nmaxRank = 8\n# " + "x" * 20_000 + "\n", encoding="utf-8")
    with pytest.raises(TextFileError) as caught:
        read_text_file(path, 100_000, max_line=10_000, what="variants.ini")
    assert caught.value.line == 3 and "at most 10,000" in caught.value.message
    done = _run("import", str(path), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and f"{path}:3:" in done.stderr and "Traceback" not in done.stderr
