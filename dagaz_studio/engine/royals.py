"""Royal pieces: where they stand, whether they are attacked, whether a move gives check. Below the
game's rules (:mod:`~dagaz_studio.engine.game`) and the end-of-game questions, which both ask."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from dagaz_studio.engine.compiler import Abort, new_work
from dagaz_studio.engine.making import made, make_move, unmake_move
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.values import DEFAULT_BUDGET

if TYPE_CHECKING:
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.records import Entry
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.engine.values import CancelFlag, Move



def takes_royal(rules: Rules, position: Position, player: int, squares: Iterable[int]) -> bool:
    """Whether a move of ``player`` changing ``squares`` takes another player's royal piece off the
    board (by a capture or an explosion): that wins the game, whatever it leaves attacked."""
    cells, royal = position.cells, rules.royal_kinds
    # With rule: duple-check, one of several royal pieces is taken as any piece is (the last is never attacked);
    # with rule: lone-royal, any of several.
    return not rules.board.rules.duple_check and any(
        (piece := cells[s]) is not None and piece.player != player and piece.player >= 0 and piece.kind in royal
        and (not rules.board.rules.lone_royal or len(royal_squares(rules, position, piece.player)) == 1)
        for s in squares)


def royal_squares(rules: Rules, position: Position, player: int) -> list[int]:
    """Where the royal pieces of ``player`` stand."""
    royal = rules.royal_kinds
    if not royal:
        return []
    # Read by index, which a named tuple does faster: a heap and a column hold their player and kind
    # first too.
    return [s for s, piece in enumerate(position.cells) if piece is not None and piece[0] == player
            and piece[1] in royal]


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
    if rules.board.rules.lone_royal and len(royals) > 1:
        return False  # none of several is royal
    attacked = (attacked_by_others(rules, position, square, player, cancel, probe) for square in royals)
    return bool(royals) and all(attacked) if rules.board.rules.duple_check else any(attacked)


def gives_check(rules: Rules, position: Position, entry: Entry, cancel: CancelFlag | None = None) -> bool:
    """Whether making ``entry``, a full or a light move of the side to move, would leave a royal piece
    of another player capturable by the mover (``rule: no-check`` forbids such moves)."""
    mover = position.turn
    with made(rules, position, entry):
        return royals_attacked_by(rules, position, mover, cancel)


def royals_attacked_by(rules: Rules, position: Position, player: int, cancel: CancelFlag | None = None) -> bool:
    """Whether ``player`` could capture a royal piece of another player now (gives check)."""
    if not rules.royal_kinds:
        return False
    lone = rules.board.rules.lone_royal
    return any(rules.capturable(position, square, player, cancel=cancel)
               for other in range(len(position.board.players)) if other != player
               for royals in (royal_squares(rules, position, other),) if not lone or len(royals) == 1
               for square in royals)


def check_filter(rules: Rules, position: Position, player: int) -> Callable[[Move], bool]:
    """A quick test of whether a move of the side to move may leave a royal piece of ``player``
    attacked (give check), false only where it cannot: it changes none of the squares the attacks on
    those pieces read (:func:`watched_squares`) and puts no piece that could ever reach one. A move
    it passes is to be made and asked."""
    royals = royal_squares(rules, position, player)
    watched = watched_squares(rules, position, royals, rules.others[player]) if royals else set()
    return lambda move: bool(royals) and (move.again or watched is None or any(
        square in watched or (piece is not None and piece[0] != player
                              and not rules.reach(piece[1], piece[0], square).isdisjoint(royals))
        for square, piece in move.changes))


def leaves_royal_attacked(rules: Rules, position: Position, move: Move,
                          royals: list[int] | None = None, cancel: CancelFlag | None = None,
                          probe: bool = False) -> bool:
    """Whether making ``move`` would leave one of the mover's royal pieces capturable.

    ``royals``, the squares of the mover's royal pieces before the move, saves looking for them;
    ``probe`` lets the attack questions prune their work (:meth:`Rules.capturable`: for callers that
    report no stops, as perft).
    """
    if not rules.royal_kinds:
        return False
    if takes_royal(rules, position, move.player, [s for s, _ in move.changes]):
        return False
    if royals is None:
        royals = royal_squares(rules, position, move.player)
    changed = dict(move.changes)
    after = [s for s in royals if s not in changed]
    after += [s for s, piece in move.changes
              if piece is not None and piece.player == move.player and piece.kind in rules.royal_kinds]
    undo = make_move(position, move)  # not made(): perft asks this of thousands of moves
    try:
        return royal_attacked(rules, position, move.player, after, cancel, probe)
    finally:
        unmake_move(position, undo)


def move_safe(rules: Rules, position: Position, move: Move, royals: list[int],
              watched: AbstractSet[int] | None = None, askers: Sequence[Asker] = (),
              cancel: CancelFlag | None = None, probe: bool = False) -> bool:
    """Whether ``move`` leaves every royal piece of the mover unattacked (``royals``: where they stand
    before it), as :func:`leaves_royal_attacked` answers, asking no more than it must.

    ``watched``: the squares a move must change to put a royal piece of the mover in danger, and
    ``askers``, the attackers whose answers read them (see :func:`watched_squares`; ``None``: a royal
    piece may be attacked now). A move that changes none of them and puts no royal piece is safe
    without asking; one that puts only the mover's pieces, none royal, is asked of the attackers that
    read a square it changes, or, where no piece reads the game's history, of every attacker of the
    royal pieces; any other is made and asked in full (``cancel``, ``probe``: as
    :func:`leaves_royal_attacked`)."""
    royal = rules.royal_kinds
    if not royal:
        return True
    me, changes = move.player, move.changes
    if watched is not None and not any(square in watched for square, _ in changes) \
            and not any(p is not None and p[0] == me and p[1] in royal for _, p in changes):
        return True
    safe = None
    if (all(p is None or (p[0] == me and p[1] not in royal) for _, p in changes) and not move.again
            and rules.board.kind_type.holds_pieces and not rules.board.rules.royal_by_number):
        changed = dict(changes)
        if takes_royal(rules, position, me, changed):
            return True
        if watched is not None:
            safe = safe_after(rules, position, changed, me, askers)
        elif rules.board_only_attacks():
            safe = safe_after(rules, position, changed, me, [], [s for s in royals if s not in changed])
    return not leaves_royal_attacked(rules, position, move, royals, cancel, probe) if safe is None else safe


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


def safe_after(rules: Rules, position: Position, changes: Mapping[int, Piece | None], player: int,
               askers: Sequence[Asker], after: list[int] | None = None) -> bool | None:
    """Whether a move of ``player`` changing squares as ``changes`` says (what each then holds, by
    square) leaves his royal pieces unattacked, where only ``askers`` could answer otherwise
    than before it: those whose answer read a square it changes, each asked again, as
    :func:`watched_squares` noted it (none: safe without asking); or, given ``after`` (where
    his royal pieces then stand), every piece of another player that could attack one of those
    squares is asked, where no piece reads the game's history (the board after the move is all its question
    reads). The board is changed for the questions and put back. ``None`` when a question did not
    end: the caller asks in full."""
    if after is None:
        askers = [asker for asker in askers if not asker[4].isdisjoint(changes)]
        if not askers:
            return True
    cells = position.cells
    saved = [(square, cells[square]) for square in changes]
    for square, now in changes.items():
        cells[square] = now
    turn = position.turn
    position.turn = (player + 1) % len(rules.board.players)
    try:
        work = new_work(DEFAULT_BUDGET, None)
        work.append(True)  # perft's pruned questions (see Rules.fast_threat)
        ask = rules._ask
        if after is not None:
            for square in after:
                for enemy in rules.others[player]:
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
