"""The hand rules that weigh a drop against the rest of the position (docs/boards.md, "Pieces in hand").

``drop-first`` pieces: while a player holds one, it is the only piece he may drop, and where it can
be dropped nothing else moves. ``drop-unmoved PIECE: ZONE``: dropped there, the piece has not moved,
and it renews the other such pieces of its player standing on their own zones (castling after a
placement phase). ``drop-balanced PIECE: ZONE``: a player's pieces of the type are kept half in the
zone and half out of it, counting those still in hand.
"""

from __future__ import annotations

from dataclasses import replace

from dagaz_studio.board.model import Board, kept
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move


@kept
def drop_first_kinds(board: Board) -> frozenset[int]:
    """The piece kinds flagged ``drop-first`` (kept on the board: asked at every position)."""
    return frozenset(i for i, piece in enumerate(board.pieces.values()) if piece.drop_first)


def held_first(rules: Rules, position: Position) -> frozenset[int]:
    """The ``drop-first`` kinds the side to move holds in hand."""
    kinds = drop_first_kinds(rules.board)
    if not kinds or not position.hands:
        return frozenset()
    hand = position.hands[position.turn]
    return frozenset(kind for kind in kinds if hand[kind] > 0)


def drops_compulsory(rules: Rules, position: Position) -> bool:
    """Whether a drop, where one can be made, must be made: ``rule: compulsory-drop``, or a
    ``drop-first`` piece in the hand of the side to move."""
    return rules.board.rules.compulsory_drop or bool(held_first(rules, position))


def chooses_drops(board: Board) -> bool:
    """Whether the board's rules may keep only the drops among the legal moves."""
    return board.rules.compulsory_drop or bool(drop_first_kinds(board))


def unmoved_drop(rules: Rules, position: Position, move: Move) -> Move:
    """``move`` (a drop) as ``drop-unmoved`` makes it: the piece dropped on its zone has not moved,
    and the player's pieces of the other types named by ``drop-unmoved``, each standing on its own
    zone, have not moved either. Other drops are returned as they are."""
    board = rules.board
    zones = board.drop_unmoved
    player_name = board.players[move.player]
    zone = zones.get(move.piece)
    if zone is None or move.target not in board.zones[zone].squares_for(player_name):
        return move
    changes = [(square, piece._replace(moved=False) if square == move.target and piece is not None else piece)
               for square, piece in move.changes]
    touched = {square for square, _ in changes}
    names = rules.kind_names
    for square, piece in enumerate(position.cells):
        if piece is None or piece.player != move.player or square in touched or not piece.moved:
            continue
        other = names[piece.kind]
        if other != move.piece and other in zones and square in board.zones[zones[other]].squares_for(player_name):
            changes.append((square, piece._replace(moved=False)))
    return replace(move, changes=tuple(changes))


_droppable: list[tuple[Rules, tuple[int, int, tuple[Piece | None, ...]], frozenset[int]] | None] = [None]


def _droppable_squares(rules: Rules, position: Position, kind: int) -> frozenset[int]:
    """The squares where the side to move could drop a piece of ``kind`` now (held or not)."""
    key = (kind, position.turn, tuple(position.cells))
    known = _droppable[0]
    # The rules themselves are kept (not their id, which a later interpreter may reuse).
    if known is not None and known[0] is rules and known[1] == key:
        return known[2]
    found = frozenset(square for square in range(len(position.cells))
                      if rules.run_drop(position, kind, square).moves)
    _droppable[0] = (rules, key, found)
    return found


def balanced(rules: Rules, position: Position, move: Move) -> bool:
    """Whether a drop keeps each ``drop-balanced`` piece type of its player splittable half in its
    zone and half out of it: a piece of the type may not be the one past half (rounded up) on its
    side; another drop must leave, among the squares where the type could still be dropped, room
    for half of them (rounded down) on each side."""
    board = rules.board
    me = move.player
    player_name = board.players[me]
    kinds = rules.kind_index
    for name, zone_name in board.drop_balanced.items():
        kind = kinds[name]
        zone = board.zones[zone_name].squares_for(player_name)
        mine = [s for s, p in enumerate(position.cells) if p is not None and p.player == me and p.kind == kind]
        total = len(mine) + (position.hands[me][kind] if position.hands else 0)
        if move.piece == name:
            side = move.target in zone
            if sum((s in zone) == side for s in mine) + 1 > (total + 1) // 2:
                return False
            continue
        free = _droppable_squares(rules, position, kind) - {move.target}
        inside = sum(s in zone for s in mine) + sum(s in zone for s in free)
        outside = len(mine) + len(free) - inside
        if inside < total // 2 or outside < total // 2:
            return False
    return True
