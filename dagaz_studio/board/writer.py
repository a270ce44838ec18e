"""Writing board files: change one piece's notation and keep every other character of the file; save
a file so that it is never left half-written.

A piece statement may be folded over several lines (a line beginning with white space continues the
statement above) and may carry comments. Only the statement's notation is replaced: the head
(``piece Pawn P royal:``), the comment ending its first line, comment lines between its folded
lines, and every other line of the file are left byte for byte as they were.

Files are saved through a temporary file in the same folder, replaced over the old one only once it is
complete (:func:`atomic_path`, :func:`write_atomically`): a crash, a kill or a full disk mid-save
leaves the previous file as it was.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dagaz_studio.board.source import file_lines

__all__ = ["BoardWriteError", "SaveError", "atomic_path", "replace_piece_notation", "replace_setup", "through_links",
           "write_atomically"]


class SaveError(ValueError):
    """A file that could not be saved (a full disk, no permission, a folder that is gone); the previous
    file, if any, is unchanged. ``path`` is the file, ``reason`` the system's words."""

    def __init__(self, path: str | Path, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"cannot save {path}: {reason} (the previous file, if any, is unchanged)")


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write the new file to; it replaces ``path`` when the block ends.

    For writers that can only write to a path (Qt's picture writers). The temporary file is in the same
    folder (so the final rename stays on one file system), has the same suffix (so writers that choose
    a format by suffix still do) and carries this process's id in its hidden name, so that a process
    killed mid-write leaves a file the next write into that folder removes. It is flushed to disk and
    given the old file's permissions before ``os.replace`` puts it in place in one step. If the block
    raises, or writing fails, the temporary file is removed and ``path`` is untouched; an ``OSError``
    (a full disk) becomes :class:`SaveError`.
    """
    from dagaz_studio.notation.whole_file import sweep, temporary_name

    target = Path(path)
    temporary = target.parent / (temporary_name(target.name) + target.suffix)
    try:
        folder = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            sweep(folder, target.name)
        finally:
            os.close(folder)
        os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600))
    except OSError as error:
        raise SaveError(target, error.strerror or str(error)) from error
    try:
        yield temporary
        _settle(temporary, target)
        os.replace(temporary, target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise SaveError(target, error.strerror or str(error)) from error
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def write_atomically(path: str | Path, data: str | bytes, encoding: str = "utf-8") -> None:
    """Save ``data`` (text is encoded, line endings kept as given) as ``path``, all or nothing.

    The bytes go into a file without a name that becomes ``path`` only once complete, so a kill at any
    moment leaves the previous file as it was and nothing beside it. Raises :class:`SaveError` when it
    cannot be written; the previous file is then unchanged.
    """
    from dagaz_studio.notation.whole_file import write_whole

    try:
        target = through_links(Path(path))
    except OSError as error:
        raise SaveError(Path(path), error.strerror or str(error)) from error
    payload = data.encode(encoding) if isinstance(data, str) else data
    try:
        folder = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as error:
        raise SaveError(target, error.strerror or str(error)) from error
    try:
        write_whole(folder, target.name, payload, sync=True)
    except OSError as error:
        raise SaveError(target, error.strerror or str(error)) from error
    finally:
        os.close(folder)


def through_links(path: Path) -> Path:
    """The file a write to ``path`` replaces: where a symbolic link leads, so that the link stays a link
    (a new file renamed over the link would take its place, and the file it leads to would miss the
    write). Raises ``OSError`` for what is not a regular file (a FIFO, a device, a folder), or a link
    to one: a new file renamed over it would put it away."""
    if not path.is_symlink():
        if path.exists() and not path.is_file():
            # Said without the path, which every message of a save that failed names already.
            raise OSError(errno.EINVAL, "it is a folder, not a regular file" if path.is_dir() else
                          f"{path} is not a regular file")
        return path
    target = Path(os.path.realpath(path))
    if target.is_symlink():
        # Where links lead round in a loop, the path is still a link: a file renamed over it would put
        # the link away, and no file would be where it led.
        raise OSError(errno.ELOOP, "a link that leads round in a loop, to no file")
    if target.exists() and not target.is_file():
        raise OSError(errno.EINVAL, f"a link to {target}, which is not a regular file")
    if not target.parent.is_dir():
        raise OSError(errno.ENOENT, f"a link to {target}, in a folder that does not exist")
    return target


def _settle(temporary: Path, target: Path) -> None:
    # On disk before the rename, or a crash just after it could leave an empty file in its place.
    with open(temporary, "rb+") as stream:
        os.fsync(stream.fileno())
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(temporary, mode)


def _sync_folder(folder: Path) -> None:
    # The rename itself reaches the disk with the folder; not every system can open a folder.
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)

_PIECE_HEAD = re.compile(r"piece\s+(?P<name>\S+)\s+\S+(?:\s+(?:royal|resets-clock|no-drop-mate|no-drop-check|no-drop-doubled|unlimited|neutral|extinction|castles|drop-first|betza-fsf|betza))*"
                        r"\s*:[ \t]*")
#: A piece line's Betza flag: the notation written back is the Dagaz notation, so the flag goes.
_BETZA_FLAG = re.compile(r"\s+betza(?:-fsf)?(?=[\s:])")


class BoardWriteError(ValueError):
    """The change cannot be written: no such piece, or a notation a board file cannot hold."""


def _content(line: str) -> str:
    """A line without its comment and line ending."""
    return line.rstrip("\r\n").split("#", 1)[0]


def _line_ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")):]


def replace_piece_notation(text: str, piece_name: str, notation: str) -> str:
    """The board file ``text`` with the notation of the piece named ``piece_name`` replaced.

    A notation of several lines is written folded: its first line after the head, the others as
    continuation lines. Raises :class:`BoardWriteError` if the file defines no such piece, or if the
    notation holds ``#`` (which would start a comment) or is empty.
    """
    parts = [part.strip() for part in notation.splitlines()]
    parts = [part for part in parts if part]
    if not parts:
        raise BoardWriteError("the notation is empty")
    if "#" in notation:
        raise BoardWriteError("a notation in a board file cannot hold '#': it starts a comment")

    lines = file_lines(text, keepends=True)
    start = _find_piece_line(lines, piece_name)
    if start is None:
        raise BoardWriteError(f"the board file defines no piece named {piece_name!r}")
    continuation = _continuation_lines(lines, start)

    first = lines[start]
    body = first.rstrip("\r\n")
    comment_at = body.find("#")
    comment = body[comment_at:] if comment_at >= 0 else ""
    # Keep the blank before a trailing comment so that the line reads as it did.
    code = body[:comment_at] if comment_at >= 0 else body
    gap = code[len(code.rstrip()):] if comment else ""
    head = _PIECE_HEAD.match(code.lstrip())
    assert head is not None  # _find_piece_line matched it
    indent = code[: len(code) - len(code.lstrip())]
    ending = _line_ending(first) or _dominant_ending(lines)
    new_first = indent + _BETZA_FLAG.sub("", head.group(0)) + parts[0] + (gap or (" " if comment else "")) + comment + _line_ending(first)
    if len(parts) > 1 and not _line_ending(first):
        new_first += ending

    fold_indent = _fold_indent(lines, continuation)
    folded = [fold_indent + part + ending for part in parts[1:]]

    dropped = set(continuation)
    out: list[str] = []
    for number, line in enumerate(lines):
        if number == start:
            out.append(new_first)
            # New folded lines go where the old ones began, before any comment lines between them.
            out.extend(folded)
        elif number not in dropped:
            out.append(line)
    result = "".join(out)
    if text and not text.endswith(("\n", "\r")) and result.endswith("\n"):
        # A file that ended without a line ending still does.
        result = result[: -2 if result.endswith("\r\n") else -1]
    return result


_SETUP_HEAD = re.compile(r"setup\s*:[ \t]*")


def replace_setup(text: str, fen: str) -> str:
    """The board file ``text`` with its ``setup:`` line saying ``fen`` (added at the end if it has none).

    The line's comment and every other line stay as they were. Raises :class:`BoardWriteError` for a
    FEN a setup line cannot hold (empty, several lines, or ``#``, which would start a comment).
    """
    fen = fen.strip()
    if not fen or "\n" in fen or "\r" in fen:
        raise BoardWriteError("a setup is one line of FEN")
    if "#" in fen:
        raise BoardWriteError("a setup in a board file cannot hold '#': it starts a comment")
    lines = file_lines(text, keepends=True)
    for number, line in enumerate(lines):
        head = _SETUP_HEAD.match(_content(line))
        if head is None:
            continue
        content = _content(line)
        comment = line.rstrip("\r\n")[len(content):]
        gap = content[len(content.rstrip()):] if comment else ""
        lines[number] = f"{content[:head.end()]}{fen}{gap}{comment}{_line_ending(line)}"
        return "".join(lines)
    ending = _dominant_ending(lines)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += ending
    return "".join(lines) + f"setup: {fen}{ending}"


def _find_piece_line(lines: list[str], piece_name: str) -> int | None:
    for number, line in enumerate(lines):
        content = _content(line)
        if not content.strip() or content[:1].isspace():
            continue
        head = _PIECE_HEAD.match(content)
        if head is not None and head.group("name") == piece_name:
            return number
    return None


def _continuation_lines(lines: list[str], start: int) -> list[int]:
    """The lines that continue the statement beginning on line ``start`` (comment lines excluded).

    As the loader reads it, an indented line continues the statement above even across blank and
    comment lines; the statement ends at the next line that starts at the margin.
    """
    found: list[int] = []
    for number in range(start + 1, len(lines)):
        content = _content(lines[number])
        if not content.strip():
            continue
        if not content[:1].isspace():
            break
        found.append(number)
    return found


def _fold_indent(lines: list[str], continuation: list[int]) -> str:
    if continuation:
        line = lines[continuation[0]]
        return line[: len(line) - len(line.lstrip(" \t"))]
    return "    "


def _dominant_ending(lines: list[str]) -> str:
    return "\r\n" if sum(line.endswith("\r\n") for line in lines) * 2 > len(lines) else "\n"
