"""What every name style needs to know about one position: its moves and their pieces."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dagaz_studio.board.model import Board
from dagaz_studio.board.problems import quoted
from dagaz_studio.engine import Move, Position, Rules


class MoveNameError(ValueError):
    """A move name that selects no move, or several.

    ``text`` is the name as given; ``candidates`` the names of the moves it matches (empty when it
    matches none).
    """

    def __init__(self, text: str, candidates: tuple[str, ...] = (), reason: str = "") -> None:
        self.text = text
        self.candidates = candidates
        if candidates:
            message = f"{quoted(text)} matches several moves: {', '.join(candidates)}"
        else:
            message = f"no legal move matches {quoted(text)}"
            if reason:
                message += f" ({reason})"
        super().__init__(message)
        self.message = message


class NameStyleError(ValueError):
    """A name style that does not exist, or that the board cannot support (what and why)."""


@dataclass
class Context:
    """One position's moves, the alternatives every name is told apart from."""

    rules: Rules
    position: Position
    moves: list[Move]
    cache: dict[str, Any] = field(default_factory=dict)  # what a style works out once per position

    @property
    def board(self) -> Board:
        """The board of the position."""
        return self.rules.board

    def kind(self, move: Move) -> int:
        """The kind index of the moving piece."""
        piece = self.position.cells[move.origin]
        if piece is not None:
            return piece.kind
        return self.rules.kind_index.get(move.piece, -1)

    def letter(self, piece: str) -> str:
        """The letter a piece type is named by in SAN: its name letter, without the ``~`` a position
        letter may carry to mark a promoted piece (``Q~``, as Fairy-Stockfish's FEN writes it)."""
        letter = self.board.name_letter(piece)
        return letter[:-1] if len(letter) > 1 and letter.endswith("~") else letter

    def promotion_letters(self, move: Move) -> set[str] | None:
        """The spellings (upper case) a reader may use for the piece a move promotes to."""
        if move.promotion is None:
            return None
        board = self.board
        spellings = {move.promotion.upper()}
        kind = board.pieces.get(move.promotion)
        if kind is not None:
            spellings.add(kind.letter.upper())
        spellings.add(self.letter(move.promotion))
        spellings.discard("")
        # A promoted piece's '~' (Q~) is no part of how players write the promotion (e8=Q).
        return spellings | {s[:-1] for s in spellings if len(s) > 1 and s.endswith("~")}

    def matches_promotion(self, move: Move, written: str | None) -> bool:
        """Whether a promotion written in a name (``None``: none written) fits the move."""
        if written is None:
            return True
        letters = self.promotion_letters(move)
        if letters is None:
            return False
        written = written.upper()
        if written in letters:
            return True
        # A letter no piece goes by may be the initial of the piece's name (shatranj's b8=F, the Ferz
        # lettered Q), as a moving piece's letter may.
        board = self.board
        taken = {kind.letter.upper() for kind in board.pieces.values()} | {board.name_letter(name) for name in board.pieces}
        return written not in taken and (move.promotion or "")[:1].upper() == written

    def promotion_letter(self, move: Move) -> str:
        """The letter that names the piece a move promotes to (its name letter, or its FEN letter)."""
        assert move.promotion is not None
        letter = self.letter(move.promotion)
        if not letter:
            kind = self.board.pieces.get(move.promotion)
            letter = kind.letter.upper().rstrip("~") if kind is not None else move.promotion
        return letter
