"""How a game ends: why a position's game is over, for the command line and the window.

:func:`game_over` says why: by an ``end`` statement (docs/boards.md; :func:`over_by_board`, asked
by :mod:`~dagaz_studio.engine.end_rules`), by the last of an ``extinction`` piece lost, by a store
holding most of the pieces, or because the side to move has no legal move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dagaz_studio.engine import game
from dagaz_studio.engine.end_rules import GameOver, board_over
from dagaz_studio.engine.heaps import majority_reached
from dagaz_studio.engine.royals import royal_attacked

if TYPE_CHECKING:
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.engine.values import Move


def over_by_board(rules: Rules, position: Position) -> GameOver | None:
    """Why one of the board's ``end`` statements has ended the game, or ``None`` (cheap: no move is
    looked for, but by an ``answered`` reach)."""
    return board_over(rules, position, game.legal_moves)


def game_over(rules: Rules, position: Position, moves: Sequence[Move] | None = None) -> GameOver | None:
    """Why the game of ``position`` is over, or ``None`` while it goes on. ``moves``, the legal moves
    of the position if already known, saves working them out."""
    board = rules.board
    if board.ends:
        said = over_by_board(rules, position)
        if said is not None:
            return said
    players = board.players
    short = game.extinct_player(rules, position) if rules.extinction_kinds else None
    if short is not None:
        player, kind = short
        wins = any(ending.kind == "extinction" and "wins" in ending.options for ending in board.ends)
        winner = (player if wins else 1 - player) if len(players) == 2 else None
        below = rules.extinction_below
        left = "no" if below == 1 else f"fewer than {below} of"
        return GameOver(f"{players[player]} has {left} {rules.kind_names[kind]} left", "extinction", winner)
    if majority_reached(position):
        leader = max(range(len(players)), key=lambda p: sum(position.hands[p]))
        return GameOver(f"{players[leader]}'s store holds more than half of the pieces", "majority", leader)
    if moves is None:
        moves = game.legal_moves(rules, position)
    if moves:
        return None
    me = position.turn
    if rules.royal_kinds and royal_attacked(rules, position, me):
        return GameOver(f"{players[me]} has no legal move, with a royal piece attacked (checkmate)", "no-moves")
    return GameOver(f"{players[me]} has no legal move", "no-moves")
