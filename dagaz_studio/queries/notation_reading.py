"""Reading a notation being typed: its colouring, its error, its reading in words and its tree.

Long texts take long to read, so the window reads them off its event loop; texts over
:data:`MAX_NOTATION_CHARS` are refused before any reading starts. With a board, the names the board
must know (piece types, zones) are checked too, so such mistakes show while typing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dagaz_studio.board.model import Board
from dagaz_studio.engine import CancelFlag, Rules, check_names
from dagaz_studio.notation import NotationError, describe, format_tree
from dagaz_studio.notation.cancel import ReadingCancelled, cancellable, look
from dagaz_studio.notation.errors import MAX_NOTATION_LENGTH
from dagaz_studio.notation.nodes import Span

if TYPE_CHECKING:
    from dagaz_studio.notation.tokens import NotationToken

#: The longest notation the window reads: the longest read anywhere. The longest shipped notation is a
#: few hundred characters; longer texts are refused at once with a message, before any work.
MAX_NOTATION_CHARS = MAX_NOTATION_LENGTH


@dataclass(frozen=True)
class NotationQuery:
    """A notation's text to read, for ``board`` when given (``serial``: the asker's number)."""

    text: str
    board: Board | None = None
    serial: int = 0


@dataclass
class NotationReading:
    """What :func:`read_notation` found: the tokens to colour, the error if any, the reading."""

    query: NotationQuery
    tokens: list[NotationToken] = field(default_factory=list)
    error: NotationError | None = None
    words: str = ""
    tree: str = ""
    #: Whether the reading was cancelled before it ended (the other fields are then incomplete).
    cancelled: bool = False

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def too_long(text: str) -> NotationError | None:
    """The error for a text over :data:`MAX_NOTATION_CHARS`, or ``None`` when it may be read."""
    if len(text) <= MAX_NOTATION_CHARS:
        return None
    return NotationError(f"the notation is {len(text):,} characters long; the window reads at most "
                         f"{MAX_NOTATION_CHARS:,}", text, Span(MAX_NOTATION_CHARS, len(text)))


def read_notation(rules: Rules | None, query: NotationQuery,
                  cancel: CancelFlag | None = None) -> NotationReading:
    """Read ``query.text``: tokens, error, words and tree; board names are checked with ``rules``.

    A set ``cancel`` stops the reading within a few hundred tokens of work (each reader and each
    stage looks at it); the reading then comes back with ``cancelled`` true and what it had so far.
    """
    reading = NotationReading(query)
    text = query.text
    reading.error = too_long(text)
    if reading.error is not None or not text.strip():
        return reading
    try:
        with cancellable(cancel):
            _read(rules, text, reading, cancel)
    except ReadingCancelled:
        reading.cancelled = True
    return reading


def _read(rules: Rules | None, text: str, reading: NotationReading, cancel: CancelFlag | None) -> None:
    # The parser (and Lark) is loaded at the first reading, not when the window starts.
    from dagaz_studio.notation.parser import parse_notation
    from dagaz_studio.notation.tokens import notation_tokens

    reading.tokens = notation_tokens(text)
    look(cancel)
    try:
        notation = parse_notation(text)
        if rules is not None:
            # The names the board lacks (the same for every player), without adding a piece kind.
            check_names(rules, notation, cancel=cancel)
    except NotationError as error:
        reading.error = error
        return
    look(cancel)
    reading.words = describe(notation)
    look(cancel)
    reading.tree = format_tree(notation)
