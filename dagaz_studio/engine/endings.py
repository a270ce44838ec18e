"""How a game ends: the board's ``end`` statements (docs/boards.md), and why a position's game is over.

:func:`ended` is what legal moves ask first (a game that is over has no move for anybody);
:func:`game_over` says why, for the command line and the window: by an ``end`` statement, by the
last of an ``extinction`` piece lost, by a store holding most of the pieces, or because the side to
move has no legal move. Facing pieces (``end facing``) also change which moves are legal while
they face: :func:`facing` and :func:`keeps_facing` are asked by :mod:`~dagaz_studio.engine.game`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from dagaz_studio.engine.position import Position

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.engine.values import Move


@dataclass(frozen=True)
class GameOver:
    """Why a game is over: ``reason`` in words, the ``rule`` that ended it (``reach``, ``passes``,
    ``facing``, ``checks``, ``extinction``, ``majority``, ``no-moves``) and the index of the player who won,
    where that rule says (``None`` for a draw, or where the game decides it some other way)."""

    reason: str
    rule: str
    winner: Optional[int] = None

    def as_json(self, players: Sequence[str]) -> dict[str, object]:
        """The JSON the command line prints for it."""
        return {"reason": self.reason, "rule": self.rule,
                "winner": players[self.winner] if self.winner is not None else None}


@dataclass(frozen=True)
class _Prepared:
    """A board's ``end`` statements as the engine asks them."""

    #: Per ``end reach``: the piece kinds, each player's squares of the zone, and the zone's name.
    reach: tuple[tuple[frozenset[int], tuple[frozenset[int], ...], str], ...] = ()
    #: ``end passes``: how many passes in a row end the game (0: none do).
    passes: int = 0
    #: ``end facing``: the piece kind, and the notation it faces another by (``None``: no such statement).
    facing: Optional[tuple[int, object]] = None
    #: ``end checks``: how many checks a player gives to win (0: no such statement).
    checks: int = 0


def prepared(rules: Rules) -> _Prepared:
    """The board's ``end`` statements prepared for ``rules`` (worked out once per interpreter)."""
    known = rules.__dict__.get("_endings")
    if known is not None:
        return known  # type: ignore[no-any-return]
    board = rules.board
    reach = []
    passes = 0
    facing = None
    checks = 0
    for ending in board.ends:
        if ending.kind == "reach":
            zone = board.zones[ending.zone]
            kinds = frozenset(rules.kind_index[name] for name in ending.pieces if name in rules.kind_index)
            reach.append((kinds, tuple(zone.squares_for(player) for player in board.players), ending.zone))
        elif ending.kind == "passes":
            passes = ending.count
        elif ending.kind == "facing" and ending.pieces[0] in rules.kind_index:
            facing = (rules.kind_index[ending.pieces[0]], ending.notation)
        elif ending.kind == "checks":
            checks = ending.count
    made = _Prepared(tuple(reach), passes, facing, checks)
    rules.__dict__["_endings"] = made
    return made


def ended(rules: Rules, position: Position) -> bool:
    """Whether one of the board's ``end`` statements has ended the game: nobody has a move."""
    return over_by_board(rules, position) is not None


def over_by_board(rules: Rules, position: Position) -> Optional[GameOver]:
    """Why one of the board's ``end`` statements has ended the game, or ``None`` (cheap: no move is
    looked for)."""
    ends = prepared(rules)
    cells = position.cells
    players = rules.board.players
    for kinds, squares, zone in ends.reach:
        for player, mine in enumerate(squares):
            for square in mine:
                piece = cells[square]
                if piece is not None and piece.player == player and piece.kind in kinds:
                    return GameOver(f"{players[player]}'s {rules.kind_names[piece.kind]} on "
                                    f"{rules.board.squares[square]} has reached {zone}", "reach", player)
    if ends.checks:
        said = _checked(rules, position)
        if said is not None:
            return said
    if ends.passes and position.passes >= ends.passes:
        return GameOver(f"{position.passes} passes in a row", "passes")
    if ends.facing is not None and position.passes and facing(rules, position, position.turn):
        name = rules.kind_names[ends.facing[0]]
        return GameOver(f"the {name}s still face each other after a pass", "facing")
    return None


def _checked(rules: Rules, position: Position) -> Optional[GameOver]:
    """``end checks: 1``: a player has won once the other's royal piece stands attacked, or once a FEN's
    check counters (:attr:`Position.checks_remaining`) say he has no check left to give."""
    from dagaz_studio.engine.game import royal_attacked

    players = rules.board.players
    if len(players) != 2:
        return None
    remaining = position.checks_remaining
    for player in (0, 1):
        if remaining is not None and remaining[player] == 0:
            return GameOver(f"{players[player]} has given the checks that win", "checks", player)
    me = position.turn
    if royal_attacked(rules, position, me):
        return GameOver(f"{players[1 - me]} has given check", "checks", 1 - me)
    return None


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
    from dagaz_studio.engine.game import make_move, unmake_move

    undo = make_move(position, move)
    try:
        return facing(rules, position, move.player)
    finally:
        unmake_move(position, undo)


def game_over(rules: Rules, position: Position, moves: Optional[Sequence[Move]] = None) -> Optional[GameOver]:
    """Why the game of ``position`` is over, or ``None`` while it goes on. ``moves``, the legal moves
    of the position if already known, saves working them out."""
    from dagaz_studio.engine import game

    board = rules.board
    if board.ends:
        said = over_by_board(rules, position)
        if said is not None:
            return said
    players = board.players
    if rules.extinction_kinds and game.extinct(rules, position):
        present = {(piece.player, piece.kind) for piece in position.cells if piece is not None}
        for player in range(len(players)):
            for kind in rules.extinction_kinds:
                if (player, kind) not in present:
                    winner = 1 - player if len(players) == 2 else None
                    return GameOver(f"{players[player]} has no {rules.kind_names[kind]} left", "extinction", winner)
    if board.kind == "heap" and "majority-wins" in board.rules and game.majority_reached(position):
        leader = max(range(len(players)), key=lambda p: sum(position.hands[p]))
        return GameOver(f"{players[leader]}'s store holds more than half of the pieces", "majority", leader)
    if moves is None:
        moves = game.legal_moves(rules, position)
    if moves:
        return None
    me = position.turn
    if rules.royal_kinds and game.royal_attacked(rules, position, me):
        return GameOver(f"{players[me]} has no legal move, with a royal piece attacked (checkmate)", "no-moves")
    return GameOver(f"{players[me]} has no legal move", "no-moves")
