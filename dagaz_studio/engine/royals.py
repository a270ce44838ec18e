"""Royal pieces: where they stand, whether they are attacked, whether a move gives check. Below the
game's rules (:mod:`~dagaz_studio.engine.game`) and the end-of-game questions, which both ask."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from dagaz_studio.engine.compiler import Abort, new_work
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.values import DEFAULT_BUDGET

if TYPE_CHECKING:
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.engine.values import CancelFlag, Move



def takes_royal(rules: Rules, position: Position, player: int, squares: Iterable[int]) -> bool:
    """Whether a move of ``player`` changing ``squares`` takes another player's royal piece off the
    board (by a capture or an explosion): that wins the game, whatever it leaves attacked."""
    cells, royal = position.cells, rules.royal_kinds
    # With rule: duple-check, one of several royal pieces is taken as any piece is (the last is never attacked).
    return not rules.board.rules.duple_check and any((piece := cells[s]) is not None and piece.player != player
                                                  and piece.player >= 0 and piece.kind in royal for s in squares)


def royal_squares(rules: Rules, position: Position, player: int) -> list[int]:
    """Where the royal pieces of ``player`` stand."""
    royal = rules.royal_kinds
    if not royal:
        return []
    cells = position.cells
    if rules.board.kind_type.holds_pieces:
        # Pieces only (no heaps or columns): read by index, which a named tuple does faster.
        return [s for s, piece in enumerate(cells) if piece is not None and piece[0] == player and piece[1] in royal]
    return [s for s, piece in enumerate(cells)
            if piece is not None and piece.player == player and piece.kind in royal]


def attacked_by_others(rules: Rules, position: Position, square: int, player: int,
                       cancel: CancelFlag | None = None, probe: bool = False) -> bool:
    """Whether a piece of a player other than ``player`` could capture on ``square`` (``probe``: see
    :meth:`Rules.capturable`)."""
    return any(rules.capturable(position, square, enemy, cancel=cancel, probe=probe)
               for enemy in range(len(position.board.players)) if enemy != player)


def royal_attacked(rules: Rules, position: Position, player: int, royals: list[int] | None = None,
                   cancel: CancelFlag | None = None, probe: bool = False) -> bool:
    """Whether any royal piece of ``player`` (those on ``royals``, where given) could be captured by
    another player (duple-check: every one)."""
    if royals is None:
        royals = royal_squares(rules, position, player)
    attacked = (attacked_by_others(rules, position, square, player, cancel, probe) for square in royals)
    return bool(royals) and all(attacked) if rules.board.rules.duple_check else any(attacked)


def gives_check(rules: Rules, position: Position, move: Move, cancel: CancelFlag | None = None) -> bool:
    """Whether making ``move`` would leave a royal piece of another player capturable by the mover
    (``rule: no-check`` forbids such moves)."""
    undo = make_move(position, move)
    try:
        return royals_attacked_by(rules, position, move.player, cancel)
    finally:
        unmake_move(position, undo)


def royals_attacked_by(rules: Rules, position: Position, player: int, cancel: CancelFlag | None = None) -> bool:
    """Whether ``player`` could capture a royal piece of another player now (gives check)."""
    if not rules.royal_kinds:
        return False
    return any(rules.capturable(position, square, player, cancel=cancel)
               for other in range(len(position.board.players)) if other != player
               for square in royal_squares(rules, position, other))


#: An attack question asked of a position by :func:`watched_squares`: the attacker's square and piece,
#: the royal square asked about, the attacker's player, and the squares its answer read.
Asker = tuple[int, Piece, int, int, frozenset[int]]


def watched_squares(rules: Rules, position: Position, royals: list[int], enemies: tuple[int, ...],
                    askers: list[Asker] | None = None) -> set[int] | None:
    """The squares a move must change to put a royal piece in danger, when none is in danger now.

    Whether an enemy piece attacks a square depends only on the squares its run reads; the compiled
    run of each enemy piece that could reach a royal piece is asked once, noting what it reads. A
    move that changes none of those squares, and moves no royal piece, leaves every royal piece as
    safe as it was. ``None`` when a royal piece is attacked now, or an attacker's answer depends on
    more than the board (the game's history, or a notation not compiled whole): then every move is
    asked about.
    """
    cells = position.cells
    watched: set[int] = set(royals)
    for square in royals:
        for enemy in enemies:
            for origin in rules.candidates(cells, square, enemy):
                piece = cells[origin]
                assert piece is not None
                if rules.footprint(piece.kind, enemy, origin) is None:
                    return None
                answer = rules.attack_reads(position, origin, square, enemy)
                if answer is None or answer[0]:
                    return None
                watched |= answer[1]
                watched.add(origin)
                if askers is not None:
                    askers.append((origin, piece, square, enemy, answer[1]))
    return watched


def safe_after(rules: Rules, position: Position, changes: Sequence[tuple[int, Piece | None]], player: int,
               askers: list[Asker], after: list[int] | None = None, enemies: Iterable[int] = ()) -> bool | None:
    """Whether a move of ``player`` changing squares as ``changes`` says (each square and what it then
    holds, in order) leaves his royal pieces unattacked, where only ``askers`` could answer otherwise
    than before it (each asked again, as :func:`watched_squares` noted it); or, given ``after`` (where
    his royal pieces then stand), every piece of ``enemies`` that could attack one of those squares
    is asked, where no piece reads the game's history (the board after the move is all its question
    reads). The board is changed for the questions and put back. ``None`` when a question did not
    end: the caller asks in full."""
    cells = position.cells
    saved = [(square, cells[square]) for square, _ in changes]
    for square, now in changes:
        cells[square] = now
    turn = position.turn
    position.turn = (player + 1) % len(rules.board.players)
    try:
        work = new_work(DEFAULT_BUDGET, None)
        work.append(True)  # perft's pruned questions (see Rules.fast_threat)
        ask = rules._ask
        if after is not None:
            for square in after:
                for enemy in enemies:
                    for attacker in rules.candidates(cells, square, enemy):
                        if ask(position, attacker, square, enemy, work, True):
                            return False
            return True
        for attacker, attacking, square, enemy, _ in askers:
            # A captured attacker attacks nothing any more.
            if cells[attacker] == attacking and ask(position, attacker, square, enemy, work, True):
                return False
        return True
    except (Abort, RecursionError):
        return None
    finally:
        position.turn = turn
        for square, was in reversed(saved):
            cells[square] = was
