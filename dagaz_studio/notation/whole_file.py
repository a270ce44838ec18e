"""Writing a file whole or not at all, with nothing left behind by a process that is killed.

The new content is written into a file without a name (``O_TMPFILE``), which the system removes by
itself if the process dies, and only then given a name beside the target and renamed over it in one
step. Where a folder cannot hold a file without a name, the file is written under a hidden name that
carries the writer's process id (``.NAME.PID.RANDOM.partial``); each write into the folder first
removes the files so named of processes that no longer run.
"""

from __future__ import annotations

import contextlib
import os
import stat

_SUFFIX = ".partial"
#: Linux lets a file without a name be linked into a folder through its /proc entry.
_PROC_FD = "/proc/self/fd"


def write_whole(folder: int, name: str, data: bytes, mode: int | None = None, sync: bool = False) -> None:
    """Put ``data`` in ``folder`` (an open folder descriptor) as ``name``, replacing any file of that
    name in one step: a reader sees the old file or the new one, never a part.

    ``mode``: the new file's permissions (default: the replaced file's, else what the umask allows).
    ``sync``: flush the file and the folder to the disk. Raises ``OSError`` when the file cannot be
    written; the old file is then untouched and no new file is left behind.
    """
    if mode is None:
        mode = _mode_for(folder, name)
    sweep(folder, name)
    temporary: str | None = None
    handle = _anonymous(folder)
    named = handle is None
    if handle is None:
        temporary = temporary_name(name)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600,
                         dir_fd=folder)
    try:
        _write_all(handle, data)
        os.fchmod(handle, mode)
        if sync:
            os.fsync(handle)
        if not named:
            temporary = temporary_name(name)
            os.link(f"{_PROC_FD}/{handle}", temporary, dst_dir_fd=folder, follow_symlinks=True)
        assert temporary is not None
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
        temporary = None
        if sync:
            os.fsync(folder)
    finally:
        os.close(handle)
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=folder)


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


def _anonymous(folder: int) -> int | None:
    """A file without a name in ``folder``, open for writing; ``None`` where there cannot be one."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir(_PROC_FD):
        return None
    try:
        return os.open(".", flag | os.O_WRONLY | os.O_CLOEXEC, 0o600, dir_fd=folder)
    except OSError:  # a file system without them (EOPNOTSUPP), an old kernel (EISDIR)
        return None


def temporary_name(name: str) -> str:
    """A hidden name for a file on its way to becoming ``name``, carrying this process's id."""
    return f".{name}.{os.getpid()}.{os.urandom(4).hex()}{_SUFFIX}"


def _mode_for(folder: int, name: str) -> int:
    try:
        found = os.stat(name, dir_fd=folder)
        if stat.S_ISREG(found.st_mode):
            return stat.S_IMODE(found.st_mode)
    except OSError:
        pass
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def sweep(folder: int, name: str) -> None:
    """Remove the temporary files for ``name`` left by processes that no longer run."""
    prefix = f".{name}."
    # A writer that needs its format's suffix (a picture's) has it after the temporary's own.
    endings = (_SUFFIX, _SUFFIX + os.path.splitext(name)[1])
    try:
        entries = os.listdir(folder)
    except OSError:
        return
    for entry in entries:
        ending = next((e for e in endings if entry.endswith(e)), None)
        if not entry.startswith(prefix) or ending is None:
            continue
        parts = entry[len(prefix):-len(ending)].split(".")
        if len(parts) != 2 or not parts[0].isdigit() or _running(int(parts[0])):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry, dir_fd=folder)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: running
        return True
    return True
