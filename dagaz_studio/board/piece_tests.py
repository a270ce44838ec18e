"""Piece tests as a board file states them (``test NAME: …``, docs/boards.md "Tests"): read by the
loader, run by :mod:`dagaz_studio.queries.piece_tests`.

Kept apart from the statements' parser so that a board read from the cache imports no Lark.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dagaz_studio.board.problems import Problem, echoed
from dagaz_studio.board.source import SourcePosition, file_lines

#: What a test expects: the piece's marks exactly, at least some, none of some; a perft count; a
#: named move legal or illegal.
EXPECTATIONS = ("exactly", "at-least", "none-of", "perft", "legal", "illegal")

#: The expectations that ask a piece's marks (and so need a piece).
REACH_EXPECTATIONS = ("exactly", "at-least", "none-of")


@dataclass(frozen=True)
class PieceTest:
    """One ``test`` statement, its words checked against the board.

    The position is ``fen`` (``None``: the board's setup). The piece is the one standing on
    ``square``, or put there: a piece of type ``put_piece``, or one moving by ``notation`` (already
    in the Dagaz notation; ``notation_source`` is the text as written), of ``put_player`` (``None``:
    the side to move); or the piece ``drop`` held in hand by ``drop_player``. ``marks`` are the
    squares of a reach test as written: ``e4`` a square the piece ends a move on, ``xe4`` a square
    whose piece a move takes. Each ``*_at`` is where that part is written in the file (``fen_fields_at``:
    each field of the FEN, which may go on over lines).

    A statement that cannot be read is a test all the same, with its ``problems``: it is never run
    and never passes, and the board's other tests run (:attr:`readable` is false).
    """

    name: str
    at: SourcePosition
    expect: str
    fen: str | None = None
    fen_at: SourcePosition = SourcePosition(0, 0)
    fen_fields_at: tuple[SourcePosition, ...] = ()
    square: str | None = None
    square_at: SourcePosition = SourcePosition(0, 0)
    put_piece: str | None = None
    put_player: int | None = None
    notation: str | None = None
    notation_source: str | None = None
    notation_at: SourcePosition = SourcePosition(0, 0)
    drop: str | None = None
    drop_player: int | None = None
    marks: tuple[str, ...] = ()
    depth: int = 0
    count: int = 0
    move: str | None = None
    move_at: SourcePosition = SourcePosition(0, 0)
    problems: tuple[Problem, ...] = ()

    @property
    def readable(self) -> bool:
        """Whether the statement was read without a problem (and so can be run)."""
        return not self.problems

    def piece_text(self, players: tuple[str, ...]) -> str:
        """The piece as the test names it, in words: ``d4``, ``Knight put on d4``, ``Pawn dropped``."""
        def whose(player: int | None) -> str:
            return f"{players[player]} " if player is not None else ""

        if self.problems:
            return "not run"
        if self.drop is not None:
            return f"{whose(self.drop_player)}{self.drop} dropped"
        if self.put_piece is not None:
            return f"{whose(self.put_player)}{self.put_piece} put on {self.square}"
        if self.notation_source is not None:
            # A notation of thousands of characters is said by its ends, as a long word is quoted.
            return f"{whose(self.put_player)}{echoed(self.notation_source, long=True)} put on {self.square}"
        return self.square or "the position"

    def expectation_text(self) -> str:
        """What the test expects, as written in the file (its marks, count or move)."""
        if self.problems:
            return "cannot be read"
        if self.expect == "perft":
            return f"perft {self.depth} gives {self.count}"
        if self.expect in ("legal", "illegal"):
            return f"{self.expect} {self.move}"
        if self.expect == "exactly" and not self.marks:
            return "reaches nothing"
        words = {"exactly": "reaches", "at-least": "reaches at least", "none-of": "reaches none of"}
        return f"{words[self.expect]} {' '.join(self.marks)}"


#: A test statement's head as a line of a board file begins it (a statement begins at the line's
#: start; indented lines continue the one above).
_TEST_HEAD = re.compile(r"test\s+([^\s:#]+)\s*:")


def written_test_names(text: str) -> set[str]:
    """The names of the test statements written in board-file ``text``, read or not: a name a new
    test must not take. Read line by line, without the statements' parser."""
    return {match.group(1) for line in file_lines(text) if (match := _TEST_HEAD.match(line)) is not None}
