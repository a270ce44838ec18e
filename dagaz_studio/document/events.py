"""Plain events: a list of callbacks a model calls when something it holds changes.

The window's models say what changed through these and know nothing of who listens: a Qt view relays
them as signals, a test or the command line reads them as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVarTuple, Unpack

Args = TypeVarTuple("Args")


class Event(Generic[*Args]):
    """Callbacks called, in the order connected, each time the event is emitted with its arguments.

    ``Event[()]`` takes no arguments, ``Event[bool]`` one. A callback connected or disconnected while
    the event is emitted takes effect from the next emission.
    """

    def __init__(self) -> None:
        self._callbacks: list[Callable[[Unpack[Args]], object]] = []

    def connect(self, callback: Callable[[Unpack[Args]], object]) -> None:
        """Call ``callback`` at every emission from now on (once, however often it is connected)."""
        if callback not in self._callbacks:
            self._callbacks.append(callback)

    def disconnect(self, callback: Callable[[Unpack[Args]], object]) -> None:
        """Stop calling ``callback``; ``ValueError`` when it was not connected."""
        self._callbacks.remove(callback)

    def emit(self, *args: *Args) -> None:
        """Call every connected callback with ``args``."""
        for callback in list(self._callbacks):
            callback(*args)

    def __len__(self) -> int:
        return len(self._callbacks)
