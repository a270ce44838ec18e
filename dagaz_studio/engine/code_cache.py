"""The code written for a board's notations, kept between starts of the program beside the board.

Writing a notation out as Python and compiling it (:mod:`dagaz_studio.engine.compiler`) is most of
the work of a command that lists one position's moves: for chess, some thirty milliseconds against
a few for the moves themselves. :func:`kept_code` keeps what was written for a board — each entry of
:attr:`Rules.written <dagaz_studio.engine.rules.Rules.written>` made with the board's own piece kinds,
with its compiled code — in the user's cache folder, and hands it to the next interpreter of the same
board, which then loads the code without writing or compiling it.

Only a board that itself comes from the board cache (:func:`dagaz_studio.board.cache.kept_as`) has
its code kept, under the board's key and the size and time of every source file of the engine and
the notation (so code written by another version of the compiler is never loaded). A file that
cannot be read, is corrupt or holds another key is ignored and written afresh; a folder that cannot
be written is simply not used. Like the board cache's, its files are unpickled only once their
signature shows this user's program wrote them (:mod:`dagaz_studio.notation.user_cache`).
"""

from __future__ import annotations

import marshal
import pickle
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dagaz_studio.board.cache import kept_as, sources_fingerprint
from dagaz_studio.engine import compiler
from dagaz_studio.notation.user_cache import cache_directory, keep, read_kept

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board
    from dagaz_studio.engine.code_rules import WrittenKey
    from dagaz_studio.engine.rules import Rules

#: Changed whenever what is kept changes shape, so older files are not read.
FORMAT = 1
#: The packages whose code decides what is written for a notation (the board's reader is in the
#: board's own key).
_WRITERS = ("engine", "notation")


def _place(board: Board) -> tuple[Path, tuple[Any, ...]] | None:
    """Where the code written for ``board`` is kept, and the key it is kept under; ``None`` when
    it is not kept."""
    kept = kept_as(board)
    base = cache_directory()
    if kept is None or base is None:
        return None
    board_file, board_key = kept
    return base / "code" / board_file.name, (FORMAT, sys.version, board_key, sources_fingerprint(_WRITERS))


def load(rules: Rules, place: tuple[Path, tuple[Any, ...]]) -> set[WrittenKey]:
    """Give ``rules`` the code kept for its board; the keys of the entries given."""
    path, key = place
    data = read_kept(path)
    if data is None:  # missing, unreadable, or not written by this user's program
        return set()
    try:
        kept = pickle.loads(data)
        if not (isinstance(kept, tuple) and len(kept) == 3 and kept[0] == key):
            return set()
        entries, codes = kept[1], kept[2]
        for written_key, written in entries.items():
            source = written[0][0]
            if source not in compiler.CODE_CACHE:
                compiler.remember_code(source, marshal.loads(codes[source]))
            rules.written.setdefault(written_key, written)
        return set(entries)
    except Exception:  # missing, unreadable, corrupt, or from code that no longer exists: write afresh
        return set()


def save(rules: Rules, place: tuple[Path, tuple[Any, ...]], loaded: set[WrittenKey]) -> None:
    """Keep the code written for ``rules``' board with its own piece kinds, when some of it is new."""
    # The piece kinds a written entry's key names when it was written with the board's own kinds only
    # (as compiler.written_code_key names them).
    own = tuple((kind.name, kind.neutral) for kind in rules.kinds[: rules.board_kinds])
    entries = {written_key: written for written_key, written in list(rules.written.items())
               if written_key[-1] == own and written[0][0] in compiler.CODE_CACHE}
    if not entries or entries.keys() <= loaded:
        return
    try:
        codes = {written[0][0]: marshal.dumps(compiler.CODE_CACHE[written[0][0]]) for written in entries.values()}
        # One pickle: a step's node kept among the constants stays the very node of the notation kept
        # beside it (the compiled code finds the step by identity).
        data = pickle.dumps((place[1], entries, codes), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # code that cannot be kept is simply not kept
        return
    keep(place[0], data)


@contextmanager
def kept_code(rules: Rules) -> Iterator[None]:
    """Within this block, ``rules`` runs the code kept for its board (written and compiled by an
    earlier start); what it writes anew is kept for the next start when the block ends normally."""
    place = _place(rules.board)
    loaded = load(rules, place) if place is not None else set()
    yield
    if place is not None:
        save(rules, place, loaded)
