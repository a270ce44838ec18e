"""Which royal pieces stand attacked (check), for the window to mark them.

The rules answer it (:meth:`Rules.capturable`, the same question legality asks); nothing here knows
a game: a royal piece is whatever the board file calls ``royal``.
"""

from __future__ import annotations

from dagaz_studio.engine.game import royal_squares
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import RunawayNotation

__all__ = ["royals_in_check"]


def royals_in_check(rules: Rules, position: Position) -> list[int]:
    """The squares of royal pieces, of any player, that another player's piece could capture.

    A notation that runs away while the question is asked answers nothing rather than guessing:
    an empty list.
    """
    players = len(position.board.players)
    work = position.copy()
    try:
        return [square for player in range(players) for square in royal_squares(rules, work, player)
                if any(rules.capturable(work, square, enemy) for enemy in range(players) if enemy != player)]
    except RunawayNotation:
        return []
