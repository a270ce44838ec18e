"""What a position is made of, at the bottom of the engine: the pieces on its squares
(:class:`Piece`), the previous partial move (:class:`LastMove`), the error of a FEN that does not fit
(:class:`FenError`), and :class:`PositionState`, the position as the parts that read or change one
see it. The parts depend on this module rather than on :mod:`~dagaz_studio.engine.position`, which
builds on them (reading and writing FEN through them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, cast

from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.board.problems import echoed


class Piece(NamedTuple):
    """A piece on the board: its player (index), its kind (index into the board's pieces), and
    whether it has moved."""

    player: int
    kind: int
    moved: bool = False


def as_cell(content: tuple[Any, ...] | None) -> Piece | None:
    """A heap or a column as the content of :attr:`PositionState.cells`, where it stands in the place
    of a piece."""
    return cast("Piece | None", content)


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
        super().__init__(f"bad FEN{where}: {message}: '{echoed(fen, long=True)}'")


@dataclass
class PositionState:
    """What a position is made of, as the parts that read or change one see it (made as a
    :class:`~dagaz_studio.engine.position.Position`). ``cells`` holds a :class:`Piece` or ``None`` for
    every square index.

    ``labels`` records which labelled kinds of move each player has made (``[o]``); ``last_move`` is
    the previous partial move (``[l]``, ``[t]``, ``\\0``).
    """

    board: Board
    cells: list[Piece | None]
    turn: int = 0
    last_move: LastMove | None = None
    labels: frozenset[tuple[int, str]] = frozenset()
    halfmove_clock: int = 0
    fullmove_number: int = 1
    #: The pieces each player holds in hand, on a board with hands: ``hands[player][kind]`` counts
    #: them (kinds as :attr:`Piece.kind`). Empty on a board without hands.
    hands: list[list[int]] = field(default_factory=list)
    #: Each player's run of moves in a row by one piece, as (square, count), on a board whose notation
    #: asks (``[u0-2]``, :mod:`dagaz_studio.engine.runs`); empty when none is under way.
    runs: tuple[tuple[int, int], ...] = ()
    #: The checks each of the two players has still to give, where the FEN gives them (``3+3``;
    #: :mod:`dagaz_studio.engine.fen_forms`), written back as read; ``None`` without.
    checks_remaining: tuple[int, int] | None = None
    #: How many passes in a row have just been made (``end passes``, ``end facing``). No FEN says it:
    #: a position read from one has none behind it, as in Fairy-Stockfish.
    passes: int = 0
    #: The player whose last move may have given a check not counted yet in ``checks_remaining``
    #: (``end checks``: counted when the game is next asked about); -1 when none is.
    checks_pending: int = -1
    #: The (player, kind) pairs in the order the hand field of the FEN the position was read from
    #: lists them, written back in that order (Fairy-Stockfish lists a hand by its own order of piece
    #: types); others follow in the board's order. Not a part of the position: positions equal but
    #: for it are equal.
    hand_order: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    #: The FEN read named castling rights by their partners' columns (Shredder-FEN, ``JAja``) on a
    #: board with shuffled starts, where the setup's rights are otherwise written ``KQkq``: written
    #: back so. Not a part of the position either.
    castling_by_column: bool = field(default=False, compare=False)
    #: The last move read from a FEN whose en-passant field named the square it landed on too, as
    #: Fairy-Stockfish names it after the double step of a piece other than its own pawn (``h3h4``):
    #: written back so while it is the last move (the same object: a later move is another).
    landing_named: LastMove | None = field(default=None, compare=False)

    @property
    def kinds(self) -> list[PieceType]:
        """The board's piece types, indexed as :attr:`Piece.kind`."""
        return list(self.board.pieces.values())
