"""Undo and redo as plain commands: each edit is a :class:`Command` kept in a :class:`History`.

A command knows how to do and undo itself; the history keeps them in order with a place among them,
as an editor's undo stack does: undoing moves the place back, redoing forward, and a new command
drops those undone after the place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from dagaz_studio.document.events import Event

State = TypeVar("State")


class Command(Protocol):
    """One undoable edit, named for the Edit menu by ``text``."""

    @property
    def text(self) -> str:
        """What the edit did, in words ("Place White Rook on e4")."""
        ...

    def redo(self) -> None:
        """Do the edit (again)."""

    def undo(self) -> None:
        """Put back what was there before the edit."""


@dataclass(frozen=True)
class Change(Generic[State]):
    """An edit kept as the state before and after it; ``use`` puts one of them in place."""

    text: str
    use: Callable[[State], None]
    before: State
    after: State

    def redo(self) -> None:
        """Put the state after the edit in place."""
        self.use(self.after)

    def undo(self) -> None:
        """Put the state before the edit back."""
        self.use(self.before)


class History:
    """The commands done, in order, and the place among them: those before it are undone by
    :meth:`undo`, those after it (undone) redone by :meth:`redo`.

    :attr:`changed` is emitted after every push, undo, redo or clear, once the command has run.
    """

    def __init__(self) -> None:
        self._commands: list[Command] = []
        self._index = 0
        #: The commands or the place among them changed.
        self.changed: Event[()] = Event()

    def push(self, command: Command) -> None:
        """Do ``command`` and keep it as the last one; the commands undone before it are dropped.
        A command whose :meth:`~Command.redo` raises is not kept."""
        command.redo()
        del self._commands[self._index:]
        self._commands.append(command)
        self._index = len(self._commands)
        self.changed.emit()

    def undo(self) -> None:
        """Undo the command before the place (nothing happens when there is none)."""
        if not self.can_undo:
            return
        self._commands[self._index - 1].undo()
        self._index -= 1
        self.changed.emit()

    def redo(self) -> None:
        """Redo the command after the place (nothing happens when there is none)."""
        if not self.can_redo:
            return
        self._commands[self._index].redo()
        self._index += 1
        self.changed.emit()

    def clear(self) -> None:
        """Forget every command: what is in place now cannot be undone."""
        self._commands.clear()
        self._index = 0
        self.changed.emit()

    @property
    def count(self) -> int:
        """How many commands are kept, undone ones included."""
        return len(self._commands)

    @property
    def index(self) -> int:
        """The place: how many commands are done (0 when everything is undone)."""
        return self._index

    @property
    def last_done(self) -> Command | None:
        """The command whose redo put in place what is there now (``None`` when none is done): what
        tells apart the states the history steps through."""
        return self._commands[self._index - 1] if self._index > 0 else None

    @property
    def commands(self) -> tuple[Command, ...]:
        """The commands kept, done and undone, in order."""
        return tuple(self._commands)

    @property
    def can_undo(self) -> bool:
        """Whether there is a command to undo."""
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone command to redo."""
        return self._index < len(self._commands)

    @property
    def undo_text(self) -> str:
        """What :meth:`undo` would undo, in words ("" when nothing)."""
        return self._commands[self._index - 1].text if self.can_undo else ""

    @property
    def redo_text(self) -> str:
        """What :meth:`redo` would redo, in words ("" when nothing)."""
        return self._commands[self._index].text if self.can_redo else ""
