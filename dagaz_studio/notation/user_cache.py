"""The user's cache folder, where what takes long to build is kept between starts of the program
(built parsers, loaded boards, the code written for their notations, read resource tables).

Whatever is kept there can be built again: a file that cannot be read is ignored, and a folder that
cannot be written is simply not used.

What is kept holds code (pickles, compiled code), so the cache must not be a way in for anyone else:

- the folder is created readable by its user only (``0700``), and is not used at all when it is not
  the user's own, when others may write to it, or when it is a symbolic link — a cache folder on a
  shared folder (``XDG_CACHE_HOME=/tmp``) planted by another user is never read;
- every file kept is signed with a key of the user's own (keyed BLAKE2b, a MAC as strong as HMAC),
  kept in the folder's ``key`` file, created ``0600`` with ``O_EXCL`` and refused when others may read
  or write it or it is not the user's: a file the program did not write itself (planted, damaged,
  or from another version) is never unpickled, only ignored and written afresh;
- only regular files are read, opened without following links and without waiting (``O_NOFOLLOW |
  O_NONBLOCK``): a FIFO or a device in the folder is ignored, not waited on;
- files are named relative to the folder once it is open (``dir_fd``), so the folder cannot be
  swapped for another between its check and its use.

Keyed BLAKE2b rather than :mod:`hmac`: it comes with the interpreter's own small module, where
:mod:`hmac` loads OpenSSL — a few milliseconds of every command's start.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO

#: The first bytes of every file kept, before its signature.
MAGIC = b"dagaz-studio cache 1\n"
#: The signature's length, in bytes.
TAG = 32
#: The user's key, in the cache folder.
KEY_FILE = "key"
#: A file larger than this is not read (no kept file comes near it).
MAX_READ = 256 << 20

_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
#: The key read for each cache folder (by device and inode), so it is read once per process.
_KEYS: dict[tuple[int, int], bytes] = {}
#: Files named relative to an open folder, and owners: without them the cache is not used at all.
_USABLE = hasattr(os, "geteuid") and os.open in os.supports_dir_fd and os.rename in os.supports_dir_fd


def cache_directory() -> Path | None:
    """``$XDG_CACHE_HOME/dagaz-studio``, else ``~/.cache/dagaz-studio``; ``None`` when no absolute
    folder is known."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    return Path(base) / "dagaz-studio"


def _own(found: os.stat_result) -> bool:
    """Whether a folder is the user's own and only theirs to write."""
    return found.st_uid == os.geteuid() and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _open_folder(name: str | Path, parent: int | None, create: bool) -> int | None:
    """A descriptor of folder ``name`` (in ``parent``, when given), created ``0700`` when missing and
    ``create``; ``None`` when it is missing or must not be used."""
    for attempt in (0, 1):
        try:
            handle = os.open(name, _FOLDER_FLAGS, dir_fd=parent)
            break
        except FileNotFoundError:
            if not create or attempt:
                return None
            try:
                if parent is None:
                    Path(name).parent.mkdir(parents=True, exist_ok=True)
                os.mkdir(name, 0o700, dir_fd=parent)
            except FileExistsError:
                pass
            except OSError:
                return None
        except OSError:  # not a folder, a link, not allowed
            return None
    try:
        if _own(os.fstat(handle)):
            return handle
    except OSError:
        pass
    os.close(handle)
    return None


def _read_regular(name: str, folder: int, limit: int) -> bytes | None:
    """The content of regular file ``name`` in ``folder``, owned by the user; ``None`` for anything else."""
    try:
        handle = os.open(name, _READ_FLAGS, dir_fd=folder)
    except OSError:
        return None
    try:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode) or found.st_uid != os.geteuid() or found.st_size > limit:
            return None
        chunks = []
        size = 0
        while size <= found.st_size:
            chunk = os.read(handle, max(found.st_size - size, 0) + 1)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size <= limit else None
    except OSError:
        return None
    finally:
        os.close(handle)


def _key(folder: int, create: bool) -> bytes | None:
    """The user's key for ``folder``: read once per process, made when missing and ``create``; ``None``
    when there is none or it may have been read or changed by others."""
    try:
        where = os.fstat(folder)
    except OSError:
        return None
    known = _KEYS.get((where.st_dev, where.st_ino))
    if known is not None:
        return known
    try:
        handle = os.open(KEY_FILE, _READ_FLAGS, dir_fd=folder)
    except FileNotFoundError:
        return _new_key(folder, (where.st_dev, where.st_ino)) if create else None
    except OSError:
        return None
    try:
        found = os.fstat(handle)
        if (not stat.S_ISREG(found.st_mode) or found.st_uid != os.geteuid()
                or found.st_mode & (stat.S_IRWXG | stat.S_IRWXO) or found.st_size != TAG):
            return None
        key = os.read(handle, TAG + 1)
    except OSError:
        return None
    finally:
        os.close(handle)
    if len(key) != TAG:
        return None
    _KEYS[(where.st_dev, where.st_ino)] = key
    return key


def _new_key(folder: int, identity: tuple[int, int]) -> bytes | None:
    """Make the folder's key: written whole under a name of its own (``O_EXCL``, ``0600``), then linked
    as the key file only if there is none yet, so two first starts at once agree on one key."""
    from dagaz_studio.notation.whole_file import sweep, temporary_name

    key = os.urandom(TAG)
    sweep(folder, KEY_FILE)  # what a start killed while making it left
    temporary = temporary_name(KEY_FILE)
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600,
                         dir_fd=folder)
        try:
            os.fchmod(handle, 0o600)  # whatever the umask
            if os.write(handle, key) != TAG:
                return None
        finally:
            os.close(handle)
        try:
            os.link(temporary, KEY_FILE, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
        except FileExistsError:  # another start made one first: use that
            _KEYS.pop(identity, None)
            return _key(folder, create=False)
        _KEYS[identity] = key
        return key
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=folder)


def _signature(key: bytes, name: str, data: bytes) -> bytes:
    try:
        from _blake2 import blake2b  # the interpreter's own: no OpenSSL to load
    except ImportError:  # pragma: no cover - an interpreter without it
        from hashlib import blake2b
    mac = blake2b(key=key, digest_size=TAG, person=b"dagaz-studio")
    mac.update(name.encode("utf-8", "surrogatepass") + b"\0")
    mac.update(data)
    return mac.digest()


def _parts(path: Path) -> tuple[Path, list[str], str] | None:
    """The cache folder, the subfolders and the file name of ``path``, a file in the cache folder."""
    base = cache_directory()
    if base is None:
        return None
    try:
        relative = path.relative_to(base).parts
    except ValueError:
        return None
    if not relative or any(part in ("", ".", "..") for part in relative):
        return None
    return base, list(relative[:-1]), relative[-1]


def _open_path(base: Path, folders: list[str], create: bool) -> tuple[int | None, bytes | None]:
    """A descriptor of the innermost of ``folders`` in the cache folder ``base``, and the user's key;
    ``(None, None)`` when the cache cannot be used."""
    if not _USABLE:
        return None, None
    folder = _open_folder(base, None, create)
    if folder is None:
        return None, None
    key = _key(folder, create)
    if key is None:
        os.close(folder)
        return None, None
    for part in folders:
        inner = _open_folder(part, folder, create)
        os.close(folder)
        if inner is None:
            return None, None
        folder = inner
    return folder, key


def read_kept(path: Path) -> bytes | None:
    """What :func:`keep` kept as ``path`` (a file in the cache folder); ``None`` when it is missing,
    cannot be read, or was not written by this user's program (its signature does not hold)."""
    parts = _parts(path)
    if parts is None:
        return None
    base, folders, name = parts
    folder, key = _open_path(base, folders, create=False)
    if folder is None or key is None:
        return None
    try:
        data = _read_regular(name, folder, MAX_READ)
    finally:
        os.close(folder)
    if data is None or not data.startswith(MAGIC) or len(data) < len(MAGIC) + TAG:
        return None
    tag, payload = data[len(MAGIC):len(MAGIC) + TAG], data[len(MAGIC) + TAG:]
    from _operator import _compare_digest

    if not _compare_digest(tag, _signature(key, "/".join([*folders, name]), payload)):
        return None
    return payload


def keep(path: Path, write: bytes | Callable[[IO[bytes]], object]) -> bool:
    """Keep ``write`` (bytes, or what it writes to a stream) as ``path``, a file in the cache folder,
    signed; whether it was kept (a folder that cannot be written, or must not be, is not an error).

    Written whole, then renamed: a reader in another process never sees half a file.
    """
    if callable(write):
        import io

        stream = io.BytesIO()
        write(stream)
        data = stream.getvalue()
    else:
        data = write
    parts = _parts(path)
    if parts is None:
        return False
    base, folders, name = parts
    folder, key = _open_path(base, folders, create=True)
    if folder is None or key is None:
        return False
    from dagaz_studio.notation.whole_file import write_whole

    try:
        write_whole(folder, name, MAGIC + _signature(key, "/".join([*folders, name]), data) + data, mode=0o600)
    except OSError:
        return False
    finally:
        os.close(folder)
    return True
