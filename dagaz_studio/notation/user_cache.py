"""The user's cache folder, where what takes long to build is kept between starts of the program
(built parsers, loaded boards, read resource tables).

Whatever is kept there can be built again: a file that cannot be read is ignored, and a folder that
cannot be written is simply not used.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Callable, Optional


def cache_directory() -> Optional[Path]:
    """``$XDG_CACHE_HOME/dagaz-studio``, else ``~/.cache/dagaz-studio``; ``None`` when no absolute
    folder is known."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    return Path(base) / "dagaz-studio"


def keep(path: Path, write: Callable[[IO[bytes]], object]) -> bool:
    """Keep what ``write`` writes as ``path``, or nothing if the folder cannot be written; whether
    it was kept.

    Written whole, then renamed: a reader in another process never sees half a file.
    """
    import tempfile  # only writing needs it: a start that reads its caches does without

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                write(stream)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return False
    return True
