"""Reading a notation being typed: its colouring, its error, its reading in words and its tree.

Long texts take long to read, so the window reads them off its event loop; texts over
:data:`MAX_NOTATION_CHARS` are refused before any reading starts. With a board, the names the board
must know (piece types, zones) are checked too, so such mistakes show while typing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from dagaz_studio.board.model import Board
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.runner import Program
from dagaz_studio.engine.values import CancelFlag
from dagaz_studio.notation import NotationError, describe, format_tree, parse_notation
from dagaz_studio.notation.nodes import Span
from dagaz_studio.notation.tokens import NotationToken, notation_tokens

#: The longest notation the window reads. The longest shipped notation is a few hundred characters;
#: longer texts are refused at once with a message, before any work.
MAX_NOTATION_CHARS = 4000


@dataclass(frozen=True)
class NotationQuery:
    """A notation's text to read, for ``board`` when given (``serial``: the asker's number)."""

    text: str
    board: Optional[Board] = None
    serial: int = 0


@dataclass
class NotationReading:
    """What :func:`read_notation` found: the tokens to colour, the error if any, the reading."""

    query: NotationQuery
    tokens: list[NotationToken] = field(default_factory=list)
    error: Optional[NotationError] = None
    words: str = ""
    tree: str = ""

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def too_long(text: str) -> Optional[NotationError]:
    """The error for a text over :data:`MAX_NOTATION_CHARS`, or ``None`` when it may be read."""
    if len(text) <= MAX_NOTATION_CHARS:
        return None
    return NotationError(f"the notation is {len(text):,} characters long; the window reads at most "
                         f"{MAX_NOTATION_CHARS:,}", text, Span(MAX_NOTATION_CHARS, len(text)))


def read_notation(rules: Optional[Rules], query: NotationQuery,
                  cancel: Optional[CancelFlag] = None) -> NotationReading:
    """Read ``query.text``: tokens, error, words and tree; board names are checked with ``rules``."""
    reading = NotationReading(query)
    text = query.text
    reading.error = too_long(text)
    if reading.error is not None or not text.strip():
        return reading
    reading.tokens = notation_tokens(text)
    if cancel is not None and cancel.is_set():
        return reading
    try:
        notation = parse_notation(text)
        if rules is not None:
            # Compiling for each player finds the names the board lacks, without adding a piece kind.
            for player in range(len(rules.board.players)):
                Program(rules, notation, player, None)
    except NotationError as error:
        reading.error = error
        return reading
    reading.words = describe(notation)
    reading.tree = format_tree(notation)
    return reading
