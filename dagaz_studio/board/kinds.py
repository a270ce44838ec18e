"""Board kinds (``kind: default | heap | stack`` in a board file): what one square holds, a type a kind.

A board carries its kind as an object (:attr:`Board.kind_type <dagaz_studio.board.model.Board.kind_type>`;
:attr:`Board.kind` stays its name, as the file writes it). Everything that differs between kinds asks
that object a question by its meaning — does a square hold one piece, a heap, a column; do taken
pieces go to a store — and never compares a kind's name. A layer above the board that does work of
its own for a kind (the engine's FEN forms and runs, the window's drawing) keeps that work in the
layer, in a table keyed by the kind object. A new kind is a class here, entered in :data:`KINDS`,
plus its entries in those tables (docs/interpreter.md, "Where a new board kind goes").
"""

from __future__ import annotations

from typing import ClassVar


class BoardKind:
    """A board kind. Its answers are class attributes, so that a hot loop reads them once, as plain
    attributes, before it starts."""

    #: The name a board file gives it (``kind: heap``).
    name: ClassVar[str] = ""
    #: A square holds at most one piece, written as a letter in a FEN; the engine's light records
    #: and its per-piece compiled runs serve such boards, where the other kinds have their own path.
    holds_pieces: ClassVar[bool] = False
    #: A square holds a heap of pieces that belong to nobody, possibly of several types (a mancala
    #: pit's seeds); a move lifts a whole heap and sows it.
    holds_heaps: ClassVar[bool] = False
    #: A square holds a column of pieces, the top one's player owning it (Lasca's, Bashni's).
    holds_columns: ClassVar[bool] = False
    #: The pieces a move takes off the board go to its mover's store, counted by type rather than
    #: held as pieces to drop (a mancala store): with ``rule: captures-to-hand`` the FEN lists the
    #: stores, and ``rule: majority-wins`` weighs them.
    keeps_stores: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"<board kind {self.name}>"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # A board sent to another process keeps the one object of its kind, which tables are keyed by.
        return kind_named, (self.name,)


class DefaultKind(BoardKind):
    """One piece a square at most (chess, draughts, shogi)."""

    name = "default"
    holds_pieces = True


class HeapKind(BoardKind):
    """Heaps of pieces that belong to nobody (``kind: heap``: mancala's pits; docs/boards.md)."""

    name = "heap"
    holds_heaps = True
    keeps_stores = True


class StackKind(BoardKind):
    """Columns of pieces, owned by their top piece (``kind: stack``: Lasca, Bashni; docs/boards.md)."""

    name = "stack"
    holds_columns = True


DEFAULT = DefaultKind()
HEAP = HeapKind()
STACK = StackKind()

#: Every board kind by the name a board file gives it, the default first.
KINDS: dict[str, BoardKind] = {kind.name: kind for kind in (DEFAULT, STACK, HEAP)}
#: The names a board file's ``kind:`` accepts.
BOARD_KINDS = tuple(KINDS)


def kind_named(name: str) -> BoardKind:
    """The board kind of that name; raises ``KeyError`` for a name that is none (the board loader
    reports an unknown ``kind:`` before a board is made)."""
    return KINDS[name]
