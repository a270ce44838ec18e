"""Stopping the reading of a long notation from another thread.

Reading a notation at the length limit takes a noticeable fraction of a second, and the window reads
long texts on a worker that a newer text cancels. The asker sets a flag (anything with ``is_set()``,
such as :class:`threading.Event`) for the reading done inside :func:`cancellable`; the readers look at
it every :data:`LOOK_EVERY` tokens and stop with :class:`ReadingCancelled`. The flag is held in a
context variable, so each thread (each worker) has its own and the cached :func:`parse_notation`
keeps its one-argument signature.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class _Flag(Protocol):
    def is_set(self) -> bool: ...


class ReadingCancelled(Exception):
    """A reading stopped because the one who asked for it cancelled it (not a mistake in the text)."""


#: Tokens read between two looks at the flag: a few hundred microseconds of work.
LOOK_EVERY = 64

_flag: ContextVar[_Flag | None] = ContextVar("notation_reading_cancel", default=None)


@contextmanager
def cancellable(flag: _Flag | None) -> Iterator[None]:
    """Let ``flag`` stop the readings done inside this block (in this thread)."""
    token = _flag.set(flag)
    try:
        yield
    finally:
        _flag.reset(token)


def current_flag() -> _Flag | None:
    """The flag the readings of this thread look at, if any."""
    return _flag.get()


def look(flag: _Flag | None) -> None:
    """Stop with :class:`ReadingCancelled` when ``flag`` is set."""
    if flag is not None and flag.is_set():
        raise ReadingCancelled("the reading was cancelled")
