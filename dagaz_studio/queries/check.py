"""Which royal pieces stand attacked (check), for the window to mark them.

The rules answer it (:meth:`Rules.capturable`, the same question legality asks); nothing here knows
a game: a royal piece is whatever the board file calls ``royal``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from dagaz_studio.board.model import Board
from dagaz_studio.engine import CancelFlag, Position, Rules, RunawayNotation, game_over, royal_squares

__all__ = ["CheckAnswer", "CheckQuery", "Deadline", "answer_check", "royals_in_check"]


class Deadline:
    """A cancel flag that sets itself ``seconds`` after it is made: a question asked where waiting
    is not an option (the window's own thread) gives up instead of freezing it."""

    def __init__(self, seconds: float) -> None:
        self._end = time.perf_counter() + seconds

    def is_set(self) -> bool:
        """Whether the time is up."""
        return time.perf_counter() >= self._end


def royals_in_check(rules: Rules, position: Position, cancel: CancelFlag | None = None) -> list[int]:
    """The squares of royal pieces, of any player, that another player's piece could capture.

    A notation that runs away, or a question cancelled through ``cancel``, answers nothing rather
    than guessing: an empty list.
    """
    players = len(position.board.players)
    work = position.copy()
    try:
        return [square for player in range(players) for square in royal_squares(rules, work, player)
                if any(rules.capturable(work, square, enemy, cancel=cancel)
                       for enemy in range(players) if enemy != player)]
    except RunawayNotation:
        return []


@dataclass(frozen=True)
class CheckQuery:
    """Which royal pieces of ``position`` (a copy no one else changes) stand attacked."""

    board: Board
    position: Position
    serial: int = 0


@dataclass
class CheckAnswer:
    """The answer to a :class:`CheckQuery`: the squares of the royal pieces in check."""

    query: CheckQuery
    squares: list[int] = field(default_factory=list)
    #: Why there is no answer: the interpreter failed (a bug, which the window reports); empty otherwise.
    error: str = ""
    #: Why the game of the position is over (no legal move, a store past half, an ``end`` statement),
    #: or empty while it goes on.
    over: str = ""

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def answer_check(rules: Rules, query: CheckQuery, cancel: CancelFlag | None = None) -> CheckAnswer:
    """Answer ``query`` with ``rules`` (for its board), as the window's worker does: the royal pieces
    attacked, and whether the game is over (which takes the legal moves, hence a worker's question)."""
    squares = royals_in_check(rules, query.position, cancel)
    if cancel is not None and cancel.is_set():
        return CheckAnswer(query, squares)
    try:
        over = game_over(rules, query.position.copy())
    except ValueError:  # a runaway notation: the game is not judged over
        over = None
    return CheckAnswer(query, squares, over=over.reason if over is not None else "")
