"""What a position is made of, at the bottom of the engine: the pieces on its squares
(:class:`Piece`), the previous partial move (:class:`LastMove`), the error of a FEN that does not fit
(:class:`FenError`), and :class:`PositionState`, the position as the parts that read or change one
see it. The parts depend on this module rather than on :mod:`~dagaz_studio.engine.position`, which
builds on them (reading and writing FEN through them).
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from dagaz_studio.board.model import Board, PieceType


class Piece(NamedTuple):
    """A piece on the board: its player (index), its kind (index into the board's pieces), and
    whether it has moved."""

    player: int
    kind: int
    moved: bool = False


class LastMove(NamedTuple):
    """The previous partial move: where its piece started and ended, and its last direction
    (a board direction letter, or ``None``)."""

    origin: int
    target: int
    direction: str | None


class FenError(ValueError):
    """A FEN that does not fit the board: which field, and what is wrong with it."""

    def __init__(self, message: str, fen: str, field: str = "") -> None:
        self.message = message
        self.fen = fen
        self.field = field
        where = f" ({field})" if field else ""
        super().__init__(f"bad FEN{where}: {message}: {fen!r}")


class PositionState(Protocol):
    """A position as its parts read and change it (:class:`~dagaz_studio.engine.position.Position`
    says what each field means)."""

    board: Board
    cells: list[Piece | None]
    turn: int
    last_move: LastMove | None
    labels: frozenset[tuple[int, str]]
    halfmove_clock: int
    fullmove_number: int
    hands: list[list[int]]
    runs: tuple[tuple[int, int], ...]
    checks_remaining: tuple[int, int] | None
    passes: int
    checks_pending: int
    hand_order: tuple[tuple[int, int], ...]
    castling_by_column: bool
    landing_named: LastMove | None

    @property
    def kinds(self) -> list[PieceType]:
        """The board's piece types, indexed as :attr:`Piece.kind`."""
