"""Building a Lark parser once per grammar, not once per start of the program.

Analysing a grammar into LALR tables takes most of a second on a slow machine, far longer than the
rest of a command's start. The built parser is saved in the user's cache directory under a name
that hashes the grammar, the options, and the versions of Lark and Python, so a changed grammar never
loads stale tables; a cache that cannot be read or written is simply not used. The tables are a
pickle: only a file whose signature shows this user's program wrote it is loaded
(:mod:`dagaz_studio.notation.user_cache`).
"""

from __future__ import annotations

import hashlib
import sys
from typing import Any

from lark import Lark
from lark import __version__ as lark_version

from dagaz_studio.notation.user_cache import cache_directory, keep, read_kept


def cached_lark(name: str, grammar: str, **options: Any) -> Lark:
    """A Lark parser for ``grammar`` with ``options``, loaded from the cache when it was built before."""
    digest = hashlib.sha256(
        "\0".join([grammar, repr(sorted(options.items())), lark_version, sys.version]).encode("utf-8")
    ).hexdigest()[:24]
    directory = cache_directory()
    path = directory / f"{name}-{digest}.lark" if directory is not None else None
    data = read_kept(path) if path is not None else None
    if data is not None:
        import io

        try:
            return Lark.load(io.BytesIO(data))
        except Exception:  # from another build: build it afresh
            pass
    parser = Lark(grammar, **options)
    if path is not None:
        keep(path, parser.save)
    return parser
