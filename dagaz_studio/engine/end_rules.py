"""The board's ``end`` statements (docs/boards.md) as the game's rules ask them: whether one has ended
the game (:func:`board_over`), and the facing pieces (``end facing``) that change which moves are
legal while they face (:func:`facing`, :func:`keeps_facing`). Below the game's rules
(:mod:`~dagaz_studio.engine.game`), which hand it their legal moves where an ``answered`` reach asks
for them; why a game is over, for the command line and the window, is said above it
(:mod:`~dagaz_studio.engine.endings`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dagaz_studio.board.model import kept
from dagaz_studio.engine.counts import pieces_held
from dagaz_studio.engine.making import made
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.royals import attacked_by_others, royals_attacked_by

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.engine.values import Move

#: The legal moves of the side to move, what an ``answered`` reach asks the game's rules (a pass among
#: them puts no piece anywhere).
Answers = Callable[["Rules", Position], "list[Move]"]


#: Set while an ``answered`` reach asks the side to move's moves (per thread: a window's worker may ask too).
_ANSWERING = threading.local()


@dataclass(frozen=True)
class GameOver:
    """Why a game is over: ``reason`` in words, the ``rule`` that ended it (``reach``, ``passes``,
    ``facing``, ``checks``, ``extinction``, ``collect``, ``majority``, ``no-moves``) and the index of the player who won,
    where that rule says (``None`` for a draw, or where the game decides it some other way)."""

    reason: str
    rule: str
    winner: int | None = None

    def as_json(self, players: Sequence[str]) -> dict[str, object]:
        """The JSON the command line prints for it."""
        return {"reason": self.reason, "rule": self.rule,
                "winner": players[self.winner] if self.winner is not None else None}


@dataclass(frozen=True)
class _Prepared:
    """A board's ``end`` statements as the engine asks them."""

    #: Per ``end reach``: the piece kinds, each player's squares of the zone, the zone's name, and its
    #: options (``safe``, ``answered``).
    reach: tuple[tuple[frozenset[int], tuple[frozenset[int], ...], str, tuple[str, ...]], ...] = ()
    #: ``end passes``: how many passes in a row end the game (0: none do).
    passes: int = 0
    #: ``end facing``: the piece kind, and the notation it faces another by (``None``: no such statement).
    facing: tuple[int, object] | None = None
    #: ``end checks``: how many checks given win (0: no such statement).
    checks: int = 0
    #: Per ``end collect``: the piece kind, and how many of it (board and hand) win.
    collect: tuple[tuple[int, int], ...] = ()


@kept
def prepared(rules: Rules) -> _Prepared:
    """The board's ``end`` statements prepared for ``rules`` (worked out once per interpreter)."""
    board = rules.board
    reach = []
    collect = []
    passes = checks = 0
    facing = None
    for ending in board.ends:
        if ending.kind == "reach":
            zone = board.zones[ending.zone]
            kinds = frozenset(rules.kind_index[name] for name in ending.pieces if name in rules.kind_index)
            reach.append((kinds, tuple(zone.squares_for(player) for player in board.players), ending.zone,
                          ending.options))
        elif ending.kind == "passes":
            passes = ending.count
        elif ending.kind == "facing" and ending.pieces[0] in rules.kind_index:
            facing = (rules.kind_index[ending.pieces[0]], ending.notation)
        elif ending.kind == "checks":
            checks = ending.count
        elif ending.kind == "collect" and ending.pieces[0] in rules.kind_index:
            collect.append((rules.kind_index[ending.pieces[0]], ending.count))
    return _Prepared(tuple(reach), passes, facing, checks, tuple(collect))


def board_over(rules: Rules, position: Position, answers: Answers) -> GameOver | None:
    """Why one of the board's ``end`` statements has ended the game, or ``None`` (cheap: no move is
    looked for, but by an ``answered`` reach, which asks ``answers`` for the side to move's moves).
    The game's rules pass their own legal moves: they ask this before every move."""
    ends = prepared(rules)
    players = rules.board.players
    if not getattr(_ANSWERING, "on", False):
        for kinds, squares, zone, options in ends.reach:
            said = _reached(rules, position, kinds, squares, zone, options, answers)
            if said is not None:
                return said
    if ends.checks and position.checks_remaining is not None:
        settle_checks(rules, position)
        for player, left in enumerate(position.checks_remaining):
            if left <= 0:
                return GameOver(f"{players[player]} has given check {ends.checks} times", "checks", player)
    for kind, most in ends.collect:
        held = [pieces_held(position.cells, position.hands, player, kind) for player in range(len(players))]
        if 0 in held and max(held) >= most:
            winner = held.index(max(held))
            return GameOver(f"{players[winner]} holds {held[winner]} {rules.kind_names[kind]}s, "
                            f"{players[held.index(0)]} none", "collect", winner)
    if ends.passes and position.passes >= ends.passes:
        return GameOver(f"{position.passes} passes in a row", "passes")
    if ends.facing is not None and position.passes and facing(rules, position, position.turn):
        name = rules.kind_names[ends.facing[0]]
        return GameOver(f"the {name}s still face each other after a pass", "facing")
    return None


def _reached(rules: Rules, position: Position, kinds: frozenset[int], squares: tuple[frozenset[int], ...],
             zone: str, options: tuple[str, ...], answers: Answers) -> GameOver | None:
    """Whether an ``end reach`` statement ends the game: a player's piece stands in his part of the zone
    (and, ``safe``, no other player's piece attacks it; ``held``, only when he is to move again, the
    others having had their reply). ``answered``: the player moving next in the same round, if he can
    bring a piece there too by a legal move, moves once more, and the game is then drawn if he did
    (Racing Kings; the first player reaching second has no answer)."""
    cells, players, me = position.cells, rules.board.players, position.turn
    safe = "safe" in options
    held = "held" in options  # only the side to move's piece counts: it has outlasted the reply
    found = [next((s for s in mine if (piece := cells[s]) is not None and piece.player == player and piece.kind in kinds
                   and not (safe and attacked_by_others(rules, position, s, player))), None) if player == me or not held
             else None for player, mine in enumerate(squares)]
    reached = [player for player, square in enumerate(found) if square is not None]
    if not reached or ("answered" in options and len(players) == 2 and me not in reached and me > reached[0]
                       and _can_answer(rules, position, kinds, squares[me], answers)):
        return None
    winner = reached[0] if len(reached) == 1 else None
    square = found[reached[0]]
    assert square is not None
    piece = cells[square]
    assert piece is not None
    both = "" if winner is not None else " (both have: a draw)"
    return GameOver(f"{players[reached[0]]}'s {rules.kind_names[piece.kind]} on {rules.board.squares[square]} has "
                    f"reached {zone}{both}", "reach", winner)


def _can_answer(rules: Rules, position: Position, kinds: frozenset[int], mine: frozenset[int],
                answers: Answers) -> bool:
    """Whether the side to move has a legal move putting a piece of ``kinds`` on one of ``mine``."""
    me = position.turn
    _ANSWERING.on = True  # the moves are asked as if nobody had reached yet
    try:
        moves = answers(rules, position)
    finally:
        _ANSWERING.on = False
    return any(piece is not None and piece.player == me and piece.kind in kinds and square in mine
               for move in moves for square, piece in move.changes)


def settle_checks(rules: Rules, position: Position) -> None:
    """Count the check the last move gave, if it is still to be counted (``end checks``: the move
    made leaves it pending, as only the interpreter can tell a check)."""
    mover = position.checks_pending
    if mover < 0 or position.checks_remaining is None:
        return
    position.checks_pending = -1
    if royals_attacked_by(rules, position, mover):
        left = list(position.checks_remaining)
        left[mover] -= 1
        position.checks_remaining = (left[0], left[1])


def facing(rules: Rules, position: Position, player: int) -> bool:
    """Whether a piece of ``end facing``'s kind of ``player`` would take another player's piece of that
    kind by the statement's notation (run as if ``player`` were to move)."""
    ends = prepared(rules)
    if ends.facing is None:
        return False
    kind, notation = ends.facing
    cells = position.cells
    piece_type = rules.kinds[kind]
    program = rules.program(notation, player, piece_type)  # type: ignore[arg-type]
    saved = position.turn
    position.turn = player
    try:
        for square, piece in enumerate(cells):
            if piece is None or piece.player != player or piece.kind != kind:
                continue
            for move in rules.run(position, square, program).moves:
                if any((taken := cells[s]) is not None and taken.player != player and taken.kind == kind
                       for s in move.captures):
                    return True
    finally:
        position.turn = saved
    return False


def keeps_facing(rules: Rules, position: Position, move: Move) -> bool:
    """Whether the mover's pieces still face after ``move`` (not allowed while they face, but a pass)."""
    if move.passes:
        return False
    with made(rules, position, move):
        return facing(rules, position, move.player)
