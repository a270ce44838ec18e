"""Game rules over the interpreter: making moves, legality, compulsory capture, and perft."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import CancelFlag, Move, RunawayNotation
from dagaz_studio.engine.position import LastMove, Piece, Position


@dataclass(frozen=True)
class Undo:
    """What :func:`make_move` changed, so that :func:`unmake_move` can put it back."""

    cells: tuple[tuple[int, Optional[Piece]], ...]
    turn: int
    last_move: Optional[LastMove]
    labels: frozenset[tuple[int, str]]
    halfmove_clock: int
    fullmove_number: int


def make_move(position: Position, move: Move) -> Undo:
    """Apply every effect of ``move`` to ``position`` in place; returns how to undo it."""
    cells = position.cells
    undo = Undo(
        tuple((square, cells[square]) for square, _ in move.changes),
        position.turn, position.last_move, position.labels, position.halfmove_clock, position.fullmove_number,
    )
    for square, piece in move.changes:
        cells[square] = piece
    if move.labels:
        position.labels = position.labels | {(move.player, label) for label in move.labels}
    position.last_move = move.last
    players = len(position.board.players)
    position.turn = (move.player + 1) % players
    mover = position.board.pieces.get(move.piece)
    resets = bool(move.captures) or (mover is not None and mover.resets_clock)
    position.halfmove_clock = 0 if resets else position.halfmove_clock + 1
    if position.turn == 0:
        position.fullmove_number += 1
    return undo


def unmake_move(position: Position, undo: Undo) -> None:
    """Reverse :func:`make_move`."""
    for square, piece in undo.cells:
        position.cells[square] = piece
    position.turn = undo.turn
    position.last_move = undo.last_move
    position.labels = undo.labels
    position.halfmove_clock = undo.halfmove_clock
    position.fullmove_number = undo.fullmove_number


def pseudo_legal_moves(rules: Rules, position: Position, square: Optional[int] = None,
                       cancel: Optional[CancelFlag] = None) -> list[Move]:
    """Every move the side to move's pieces make by their notation (one square's, if given).

    Raises :class:`RunawayNotation` if a piece's notation does not end within its budget.
    """
    moves: list[Move] = []
    squares = range(len(position.cells)) if square is None else (square,)
    for origin in squares:
        piece = position.cells[origin]
        if piece is None or piece.player != position.turn:
            continue
        result = rules.run(position, origin, cancel=cancel)
        if result.stopped:
            name = rules.kind_names[piece.kind]
            raise RunawayNotation(f"{name} on {position.board.squares[origin]}: {result.stopped}")
        moves.extend(result.moves)
    return moves


def leaves_royal_attacked(rules: Rules, position: Position, move: Move,
                          royals: Optional[list[int]] = None, cancel: Optional[CancelFlag] = None) -> bool:
    """Whether making ``move`` would leave one of the mover's royal pieces capturable.

    ``royals``, the squares of the mover's royal pieces before the move, saves looking for them.
    """
    if not rules.royal_kinds:
        return False
    if royals is None:
        royals = royal_squares(rules, position, move.player)
    changed = dict(move.changes)
    after = [s for s in royals if s not in changed]
    after += [s for s, piece in move.changes
              if piece is not None and piece.player == move.player and piece.kind in rules.royal_kinds]
    undo = make_move(position, move)
    try:
        players = len(position.board.players)
        return any(rules.capturable(position, square, enemy, cancel=cancel)
                   for square in after for enemy in range(players) if enemy != move.player)
    finally:
        unmake_move(position, undo)


def royal_squares(rules: Rules, position: Position, player: int) -> list[int]:
    """Where the royal pieces of ``player`` stand."""
    royal = rules.royal_kinds
    return [s for s, piece in enumerate(position.cells)
            if piece is not None and piece.player == player and piece.kind in royal]


def royal_attacked(rules: Rules, position: Position, player: int) -> bool:
    """Whether any royal piece of ``player`` could be captured by another player."""
    players = len(position.board.players)
    return any(rules.capturable(position, square, enemy)
               for square in royal_squares(rules, position, player)
               for enemy in range(players) if enemy != player)


def legal_moves(rules: Rules, position: Position, square: Optional[int] = None,
                cancel: Optional[CancelFlag] = None) -> list[Move]:
    """The moves the board's game rules allow: no royal piece left attacked; captures compulsory
    where the board says so (judged over all the side's moves, even when one square is asked)."""
    moves = pseudo_legal_moves(rules, position, None if "compulsory-capture" in rules.board.rules else square,
                               cancel)
    royals = royal_squares(rules, position, position.turn)
    moves = [move for move in moves if not leaves_royal_attacked(rules, position, move, royals, cancel)]
    if "compulsory-capture" in rules.board.rules and any(move.captures for move in moves):
        moves = [move for move in moves if move.captures]
    if square is not None:
        moves = [move for move in moves if move.origin == square]
    return moves


def fen(rules: Rules, position: Position) -> str:
    """The position as FEN, naming an en-passant square only when a move of the side to move uses it.

    A two-square straight move leaves a square that FEN can name, but only a move that captures the
    piece that just moved without landing where it stands (en passant) needs it: a castling king or
    a Xiangqi chariot's two-point move leaves none.
    """
    last = position.last_move
    usable = False
    if last is not None and position.en_passant_square() != "-":
        usable = any(last.target in move.captures and move.target != last.target
                     for move in legal_moves(rules, position))
    return position.fen(en_passant=usable)


def perft(rules: Rules, position: Position, depth: int) -> int:
    """The number of legal move sequences of ``depth`` moves from ``position``."""
    if depth <= 0:
        return 1
    moves = legal_moves(rules, position)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        undo = make_move(position, move)
        try:
            total += perft(rules, position, depth - 1)
        finally:
            unmake_move(position, undo)
    return total


def divide(rules: Rules, position: Position, depth: int) -> list[tuple[Move, int]]:
    """Each legal move with the perft count of ``depth - 1`` after it."""
    out = []
    for move in legal_moves(rules, position):
        undo = make_move(position, move)
        try:
            out.append((move, perft(rules, position, depth - 1)))
        finally:
            unmake_move(position, undo)
    return out
