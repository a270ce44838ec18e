"""Nothing half-written: a save killed midway or failing on a full disk leaves the previous file intact."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from dagaz_studio.board.writer import SaveError, atomic_path, write_atomically
from dagaz_studio.cli import main
from tests.helpers.killed_writer import kill_while_writing

OLD = "name: old\ngrid: a-h x 8-1\n"


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".partial" in p.name)


def test_write_atomically_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.board"
    path.write_text(OLD, encoding="utf-8")
    path.chmod(0o640)
    write_atomically(path, "name: new\r\ngrid: a-c x 3-1\r\n")
    assert path.read_bytes() == b"name: new\r\ngrid: a-c x 3-1\r\n"
    assert path.stat().st_mode & 0o777 == 0o640
    write_atomically(tmp_path / "fresh.board", b"x")
    assert (tmp_path / "fresh.board").read_bytes() == b"x"
    assert _leftovers(tmp_path) == []


def test_a_full_disk_mid_save_is_a_save_error_and_the_old_file_stays(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "game.board"
    path.write_text(OLD, encoding="utf-8")

    def disk_full(_descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SaveError, match="No space left on device") as caught:
        write_atomically(path, "name: new\n" * 1000)
    assert caught.value.path == path
    assert path.read_text(encoding="utf-8") == OLD
    assert _leftovers(tmp_path) == []


def test_an_error_while_writing_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.board"
    path.write_text(OLD, encoding="utf-8")
    with pytest.raises(RuntimeError), atomic_path(path) as temporary:
        temporary.write_text("name: half", encoding="utf-8")
        raise RuntimeError("the writer broke down")
    assert path.read_text(encoding="utf-8") == OLD
    assert _leftovers(tmp_path) == []


def test_a_save_killed_midway_leaves_the_previous_file_intact(tmp_path: Path) -> None:
    path = tmp_path / "game.board"
    path.write_text(OLD, encoding="utf-8")
    kill_while_writing(f"""
        import sys, time
        from dagaz_studio.board.writer import atomic_path
        with atomic_path({str(path)!r}) as temporary, open(temporary, "w", encoding="utf-8") as stream:
            stream.write("name: half-written\\n" * 10000)
            stream.flush()
            print("writing", flush=True)
            time.sleep(60)
            stream.write("the rest\\n")
    """)
    assert path.read_text(encoding="utf-8") == OLD


def test_a_save_killed_midway_leaves_no_file_beside_the_previous_one(tmp_path: Path) -> None:
    """A board saved by the window or the importer is written into a file without a name: a kill
    mid-write leaves the folder exactly as it was, with no hidden partial file."""
    folder = tmp_path / "boards"
    folder.mkdir()
    path = folder / "game.board"
    path.write_text(OLD, encoding="utf-8")
    kill_while_writing(f"""
        import os, sys, time
        import dagaz_studio.notation.whole_file as whole_file
        from dagaz_studio.board.writer import write_atomically

        def stalled_write(handle, data):
            print("writing", flush=True)
            time.sleep(60)

        whole_file.os.write = stalled_write
        write_atomically({str(path)!r}, "name: new\\n" * 1000)
    """)
    assert path.read_text(encoding="utf-8") == OLD
    assert sorted(p.name for p in folder.iterdir()) == ["game.board"]


def test_a_picture_writer_killed_midway_leaves_a_file_the_next_save_removes(tmp_path: Path) -> None:
    """A writer that needs a path (Qt's picture writers) gets a hidden file named with its process id;
    once that process is gone, the next save into the folder removes what it left."""
    path = tmp_path / "board.svg"
    path.write_text("<svg/>", encoding="utf-8")
    kill_while_writing(f"""
        import time
        from dagaz_studio.board.writer import atomic_path
        with atomic_path({str(path)!r}) as temporary, open(temporary, "w", encoding="utf-8") as stream:
            stream.write("<svg>half")
            stream.flush()
            print("writing", flush=True)
            time.sleep(60)
    """)
    assert len(_leftovers(tmp_path)) == 1
    with atomic_path(path) as temporary:
        temporary.write_text("<svg>new</svg>", encoding="utf-8")
    assert path.read_text(encoding="utf-8") == "<svg>new</svg>"
    assert _leftovers(tmp_path) == []


def test_render_failing_midway_reports_it_and_keeps_the_previous_picture(tmp_path: Path, monkeypatch,
                                                                         capsys) -> None:
    import dagaz_studio.notation.whole_file as whole_file

    out = tmp_path / "board.svg"
    out.write_text("<svg>the previous picture</svg>", encoding="utf-8")
    written = []

    def half_then_full_disk(handle: int, data) -> int:  # type: ignore[no-untyped-def]
        if written:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(1)
        return os.write(handle, bytes(data[: len(data) // 2]))

    monkeypatch.setattr(whole_file.os, "write", half_then_full_disk)
    assert main(["render", "chess", "--out", str(out)]) == 2
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert "No space left on device" in err and "unchanged" in err and "Traceback" not in err
    assert out.read_text(encoding="utf-8") == "<svg>the previous picture</svg>"
    assert _leftovers(tmp_path) == []


def test_render_writes_the_picture_whole(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    out.write_text("old", encoding="utf-8")
    assert main(["render", "chess", "--at", "e2", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").rstrip().endswith("</svg>")
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("save", ["board", "render"])
def test_links_in_a_loop_are_refused_and_stay_links(tmp_path: Path, capsys, save: str) -> None:
    # A link in a loop leads to no file: a file renamed over it would put the link itself away.
    folder = tmp_path / "out"
    folder.mkdir()
    loop, back, alone = folder / "a.svg", folder / "b.svg", folder / "self.svg"
    loop.symlink_to("b.svg")
    back.symlink_to("a.svg")
    alone.symlink_to("self.svg")
    lost = folder / "lost.svg"
    lost.symlink_to("nowhere/x.svg")
    for path, said in ((loop, "loop"), (back, "loop"), (alone, "loop"), (lost, "folder that does not exist")):
        if save == "board":
            with pytest.raises(SaveError, match=said):
                write_atomically(path, OLD)
        else:
            assert main(["render", "chess", "--out", str(path)]) == 2
            err = capsys.readouterr().err
            assert said in err and len(err.splitlines()) == 1
    assert [os.readlink(path) for path in (loop, back, alone, lost)] == ["b.svg", "a.svg", "self.svg", "nowhere/x.svg"]
    assert sorted(path.name for path in folder.iterdir()) == ["a.svg", "b.svg", "lost.svg", "self.svg"]
