"""Gating (``gate: ZONE``, docs/boards.md): a piece from its player's hand entering, as part of a
move, on a square of the zone that an unmoved piece of the mover leaves; and the FEN's castling field,
which names those unmoved pieces by their columns (``KQBCDFGkqbcdfg``), as Fairy-Stockfish writes it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.engine.values import Move


def gated_moves(rules: Rules, position: Position, moves: list[Move]) -> list[Move]:
    """Each of ``moves`` that empties a square of the gate zone where an unmoved piece of the mover
    stood (its own square, or its castling partner's), once more for each piece type the mover
    holds, that piece entering there."""
    from dagaz_studio.engine.position import Piece

    board = rules.board
    me = position.turn
    held = [kind for kind, count in enumerate(position.hands[me]) if count > 0] if position.hands else []
    if not held or board.gate is None:
        return []
    zone = board.zones[board.gate].squares_for(board.players[me])
    cells = position.cells
    out = []
    for move in moves:
        if move.dropped or move.passes:
            continue
        after = dict(move.changes)
        for square in (move.origin, *(origin for origin, _ in move.also)):
            piece = cells[square]
            if (square not in zone or piece is None or piece.player != me or piece.moved
                    or square not in after or after[square] is not None):
                continue
            for kind in held:
                if not _droppable(rules, position, move, square, kind):
                    continue
                entering = Piece(me, kind, True)
                changes = tuple((s, entering if s == square else p) for s, p in move.changes)
                out.append(replace(move, changes=changes, gate=(square, rules.kind_names[kind])))
    return out


def _droppable(rules: Rules, position: Position, move: Move, square: int, kind: int) -> bool:
    """Whether a piece of ``kind`` may enter on ``square`` after ``move``: where the board drops it
    (a drop notation), only where that notation would drop it, the move made (a pawn not on its
    first row)."""
    if rules.drop_program(kind, position.turn) is None:
        return True
    from dagaz_studio.engine.game import make_move, unmake_move

    me = position.turn
    undo = make_move(position, move)
    position.turn = me
    try:
        return any(drop.target == square for drop in rules.run_drop(position, kind, square).moves)
    finally:
        unmake_move(position, undo)


def read_castling_and_gates(position: Position, field: str, fen: str) -> None:
    """Read the castling field of a board with a gate: K/Q, and the columns of castling partners where
    the player's castling piece is named (by K/Q or by its column), are castling rights, read as on
    any board; every other column letter names an unmoved piece of the gate zone. The pieces of the
    zone it names are unmoved, the others moved."""
    from dagaz_studio.engine.position import FenError

    board, cells = position.board, position.cells
    players = range(min(2, len(board.players)))
    zones = [board.zones[board.gate].squares_for(board.players[p]) if board.gate else frozenset() for p in players]
    castling: list[str] = []
    gates: set[int] = set()
    named: list[bool] = []
    for player in players:
        letters = [c for c in field if c.isalpha() and (c.isupper() if player == 0 else c.islower())]
        mine = {board.column_names[board.column_of[s]]: s for s in zones[player]
                if (piece := cells[s]) is not None and piece.player == player}
        castlers = {s for s in mine.values() if _castler(position, s)}
        named.append(any(c.lower() in "kq" or mine.get(c.lower()) in castlers for c in letters))
        partners = position._partner_kinds(player) or set()
        for c in letters:
            square = mine.get(c.lower())
            if c.lower() in "kq" or (named[-1] and square is not None and square not in castlers
                                     and cells[square].kind in partners):  # type: ignore[union-attr]
                castling.append(c)
            elif square is not None:
                gates.add(square)
            else:
                raise FenError(f"castling right or gate {c!r} names no piece", fen, "castling rights")
    position._apply_castling_rights("".join(castling) or "-", fen)
    for player in players:
        partners = position._partner_kinds(player) or set()
        for s in zones[player]:
            piece = cells[s]
            if piece is None or piece.player != player:
                continue
            if _castler(position, s):
                cells[s] = piece._replace(moved=not named[player])
            elif s in gates or piece.kind not in partners:
                cells[s] = piece._replace(moved=s not in gates)


def _castler(position: Position, square: int) -> bool:
    piece = position.cells[square]
    kind = position.kinds[piece.kind] if piece is not None else None
    return kind is not None and (kind.royal or kind.castles)


def gate_letters(position: Position, rights: list[tuple[int, str, int]], standard: bool) -> list[str]:
    """The column letters of each player's unmoved pieces of the gate zone that his castling rights
    (``rights``: player, side, partner's square) do not name already, as Fairy-Stockfish writes them
    after them: while the player holds a piece, or where captures go to the hand; a castling piece
    with a right written K/Q is named by it."""
    board = position.board
    out: list[str] = []
    for player in range(min(2, len(board.players))):
        if board.gate is None or not (any(position.hands[player]) or "captures-to-hand" in board.rules):
            continue
        named = {square for p, _, square in rights if p == player}
        castles = any(p == player for p, _, _ in rights)
        for s in sorted(board.zones[board.gate].squares_for(board.players[player]), key=board.column_of.__getitem__):
            piece = position.cells[s]
            if (piece is None or piece.player != player or piece.moved or s in named
                    or (standard and castles and _castler(position, s))):
                continue
            column = board.column_names[board.column_of[s]]
            out.append(column.upper() if player == 0 else column)
    return out
