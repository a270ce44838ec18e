"""Loaded boards kept between starts of the program, so a board file is parsed once, not at every start.

Parsing a board file — its statements and every piece's notation, through Lark — takes most of a
command's start. :func:`parse_board_cached` keeps the loaded :class:`Board` in the user's cache
directory (beside the built parsers, :func:`~dagaz_studio.notation.user_cache.cache_directory`),
one file per board file name, holding the key it was built for: the board file's text and name, the
version of Dagaz Studio and Python, and the size and time of every source file that reads boards (so
a changed reader never hands back a board read the old way). The key is kept whole and compared
whole rather than hashed: the board is read before the window's first paint, and loading a hash
library would cost more than comparing a few kilobytes. A cache file that
cannot be read, is corrupt, or holds another key is ignored and written afresh; a cache directory
that cannot be written is simply not used. Only boards that load are kept: a board file with
problems is parsed every time, so its problems are always reported (a board kept with tests it
cannot read carries their problems).

Cache files are unpickled only once their signature shows this user's program wrote them, in a
folder only the user may write (:mod:`dagaz_studio.notation.user_cache`): a file planted in the
cache is ignored, never run.
"""

from __future__ import annotations

import os
import pickle
import re
import sys
import weakref
import zlib
from pathlib import Path

from dagaz_studio import __version__
from dagaz_studio.board.model import Board
from dagaz_studio.notation.user_cache import cache_directory as user_cache_directory
from dagaz_studio.notation.user_cache import keep, read_kept

#: Changed whenever what is kept changes shape, so older cache files are not read.
FORMAT = 3
#: The packages whose code turns a board file's text into a :class:`Board`.
_READERS = ("board", "notation")


def cache_directory() -> Path | None:
    """Where loaded boards are kept (``boards`` in the user's cache folder); ``None`` when no absolute
    cache folder is known."""
    base = user_cache_directory()
    return base / "boards" if base is not None else None


def sources_fingerprint(packages: tuple[str, ...]) -> str:
    """The size and modification time of every source file (Python and grammar) in ``packages``,
    subpackages of ``dagaz_studio``: what a kept result built by their code must match to be read."""
    package = Path(__file__).resolve().parent.parent
    parts: list[str] = []
    for name in packages:
        try:
            entries = sorted(os.scandir(package / name), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith((".py", ".lark")):
                stat = entry.stat()
                parts.append(f"{name}/{entry.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return "\n".join(parts)


def board_key(text: str, filename: str) -> tuple[str, ...]:
    """The key a board loaded from ``text`` (named ``filename``) is kept under."""
    return (str(FORMAT), __version__, sys.version, sources_fingerprint(_READERS), filename, text)


def cache_path(filename: str) -> Path | None:
    """The cache file for boards read from ``filename`` (one per name: a new text replaces the old)."""
    directory = cache_directory()
    if directory is None:
        return None
    # Readable, and told apart from other paths that read the same once cleaned.
    readable = re.sub(r"[^A-Za-z0-9_.-]+", "_", os.path.basename(filename))[-60:]
    return directory / f"{readable}-{zlib.crc32(filename.encode('utf-8', 'surrogatepass')):08x}.pickle"


#: Each board this process read from, or kept in, the cache: by the board's id (a board is not
#: hashable), the board itself (weakly), its cache file and its key.
_ORIGINS: dict[int, tuple[weakref.ref[Board], Path, tuple[str, ...]]] = {}


def kept_as(board: Board) -> tuple[Path, tuple[str, ...]] | None:
    """The cache file ``board`` was read from or kept in, and its key; ``None`` for a board the
    cache does not hold (one with problems, one made otherwise, or when no cache folder is usable).

    What is worked out from a board and kept between starts beside it (the compiled code of its
    notations, :mod:`dagaz_studio.engine.code_cache`) is kept under this key."""
    known = _ORIGINS.get(id(board))
    if known is None or known[0]() is not board:
        return None
    return known[1], known[2]


def _remember(board: Board, path: Path, key: tuple[str, ...]) -> None:
    if len(_ORIGINS) > 256:  # boards long dropped: forget them
        # Over a copy: a board may be loaded on another thread (a worker's) meanwhile.
        for stale in [number for number, known in list(_ORIGINS.items()) if known[0]() is None]:
            del _ORIGINS[stale]
    _ORIGINS[id(board)] = (weakref.ref(board), path, key)


def parse_board_cached(text: str, filename: str = "<board>") -> Board:
    """:func:`~dagaz_studio.board.loader.parse_board`, through the cache: the board kept for this
    very text, name and reader, else the board parsed afresh (and kept for next time).

    Raises :class:`~dagaz_studio.board.statements.BoardFileError` as ``parse_board`` does.
    """
    key = board_key(text, filename)
    path = cache_path(filename)
    if path is not None:
        board = _read(path, key)
        if board is not None:
            _remember(board, path, key)
            return board
    from dagaz_studio.board.loader import parse_board

    board = parse_board(text, filename)
    if path is not None and _write(path, key, board):
        _remember(board, path, key)
    return board


def _read(path: Path, key: tuple[str, ...]) -> Board | None:
    data = read_kept(path)
    if data is None:  # missing, unreadable, or not written by this user's program
        return None
    try:
        kept = pickle.loads(data)
    except Exception:  # from code that no longer exists: parse afresh
        return None
    if (isinstance(kept, tuple) and len(kept) == 2 and kept[0] == key and isinstance(kept[1], Board)):
        return kept[1]
    return None


def _write(path: Path, key: tuple[str, ...], board: Board) -> bool:
    """Keep ``board``; whether it could be (a folder that cannot be written is not an error)."""
    try:
        board.work_out()
        data = pickle.dumps((key, board), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a board that cannot be kept is simply not kept
        return False
    return keep(path, data)
