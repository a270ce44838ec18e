"""Building a Lark parser once per grammar, not once per start of the program.

Analysing a grammar into LALR tables takes most of a second on a slow machine, far longer than the
rest of a command's start. The built parser is saved in the user's cache directory under a name
that hashes the grammar, the options, and the versions of Lark and Python, so a changed grammar never
loads stale tables; a cache that cannot be read or written is simply not used.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

from lark import Lark, __version__ as lark_version


def cache_directory() -> Optional[Path]:
    """Where built parsers are kept (``$XDG_CACHE_HOME/dagaz-studio``, else ``~/.cache/dagaz-studio``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    return Path(base) / "dagaz-studio"


def cached_lark(name: str, grammar: str, **options: Any) -> Lark:
    """A Lark parser for ``grammar`` with ``options``, loaded from the cache when it was built before."""
    digest = hashlib.sha256(
        "\0".join([grammar, repr(sorted(options.items())), lark_version, sys.version]).encode("utf-8")
    ).hexdigest()[:24]
    directory = cache_directory()
    path = directory / f"{name}-{digest}.lark" if directory is not None else None
    if path is not None:
        try:
            with open(path, "rb") as stream:
                return Lark.load(stream)
        except Exception:  # missing, unreadable or from another build: build it afresh
            pass
    parser = Lark(grammar, **options)
    if path is not None and directory is not None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
            # Written whole, then renamed: a reader in another process never sees half a file.
            handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}-", suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as stream:
                    parser.save(stream)
                os.replace(temporary, path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            pass
    return parser
