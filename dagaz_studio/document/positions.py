"""Positions as the document edits them: the initial one, a piece put, one made equal to another,
two compared, and the heaps and columns drawn."""

from __future__ import annotations

from dataclasses import fields

from dagaz_studio.board import Board
from dagaz_studio.board.heaps import MAX_HEAP
from dagaz_studio.engine import Column, FenError, Heap, Piece, Position, as_cell
from dagaz_studio.pdn import board_fen


def initial_position(board: Board) -> Position:
    """The board's initial position, or an empty board where its setup does not fit (the board is
    still worth showing; the checker reports the setup's problem)."""
    try:
        return Position.initial(board)
    except FenError:
        return Position(board, [None] * len(board.squares))


def read_fen(board: Board, fen: str) -> Position:
    """The position ``fen`` gives on ``board``: a board FEN, or on a draughts board a PDN FEN
    (``W:W31,32:B1,K2``), as the command line reads them. Raises :class:`FenError`, or
    :class:`~dagaz_studio.pdn.PdnError` for a PDN FEN that does not fit."""
    return Position.from_fen(board, board_fen(board, fen))


def put(position: Position, square: int, piece: Piece | None) -> None:
    """Put ``piece`` (or nothing) on ``square`` of ``position``."""
    position.cells[square] = piece
    last = position.last_move
    if last is not None and square in (last.origin, last.target):
        # An en-passant chance belongs to the piece that made the last move; editing its squares ends it.
        position.last_move = None


def held(cell: Piece) -> str:
    """What a square's content is called: a heap, a column (of several pieces) or a piece."""
    return "heap" if isinstance(cell, Heap) else "column" if isinstance(cell, Column) and cell.height > 1 else "piece"


def placed(position: Position, square: int, piece: Piece) -> Piece | None:
    """What placing ``piece`` on ``square`` leaves there, as the board's kind holds pieces: the piece
    itself; on a heap board the square's heap with one piece of its type more; on a stack board a
    column of that one piece. (The FEN writes heaps and columns only.) Raises ``ValueError`` where the
    heaps would hold more pieces in all than a FEN of the board may write."""
    kind = position.board.kind_type
    if kind.holds_heaps:
        in_all = 0
        for held_cell in position.cells:
            if isinstance(held_cell, Heap):
                in_all += sum(held_cell.counts)
        if in_all >= MAX_HEAP:
            # A position no FEN of the board could write (nor read back), nor the run sow in one move.
            raise ValueError(f"the heaps hold {in_all:,} pieces in all, the most a FEN of this board may write "
                             f"({MAX_HEAP:,})")
        cell = position.cells[square]
        counts = list(cell.counts) if isinstance(cell, Heap) else [0] * len(position.board.pieces)
        counts[piece.kind] += 1
        return as_cell(Heap(-1, next(k for k, n in enumerate(counts) if n), False, tuple(counts)))
    if kind.holds_columns:
        return as_cell(Column(((piece.player, piece.kind),), piece.moved))
    return piece


def assign(target: Position, source: Position) -> None:
    """Make ``target`` equal to ``source``, keeping the ``target`` object (and its cells list): every
    field, the checks still to give and how the FEN was written included."""
    for part in fields(source):
        if part.name == "cells":
            target.cells[:] = source.cells
        elif part.name == "hands":
            target.hands = [list(hand) for hand in source.hands]
        else:
            setattr(target, part.name, getattr(source, part.name))


def same(a: Position, b: Position) -> bool:
    """Whether two positions are the same for the player (their pieces, turn, clocks, hands…)."""
    return (a.cells, a.turn, a.last_move, a.labels, a.halfmove_clock, a.fullmove_number, a.hands, a.passes,
            a.checks_remaining, a.runs) == (b.cells, b.turn, b.last_move, b.labels, b.halfmove_clock,
                                            b.fullmove_number, b.hands, b.passes, b.checks_remaining, b.runs)


def check_holding(position: Position, player: int, kind: int, taking: bool = False) -> None:
    """Raise ``ValueError`` saying why ``player`` cannot be given one more piece of type ``kind``
    (index) in hand, or, ``taking``, have one taken: as a FEN's hand reads them (the board's
    ``parse_hand``), so that the FEN saying the hand reads back."""
    board, piece_type = position.board, position.kinds[kind]
    name, letter = piece_type.name, piece_type.letter
    if not board.has_hands or not position.hands:
        raise ValueError(f"{board.name} has no pieces in hand")
    if not 0 <= player < len(position.hands):
        raise ValueError(f"no player {player}")
    if piece_type.unlimited and name in board.drops:
        raise ValueError(f"{board.players[player]} always holds a {name}")
    if taking:
        if position.hands[player][kind] <= 0:
            raise ValueError(f"{board.players[player]} holds no {name} to take")
    elif not (len(letter) == 1 and letter.isascii() and letter.isalpha()):
        raise ValueError(f"a {name} ({letter}) cannot be held in hand: a FEN's hand lists one-letter pieces only")
    elif piece_type.royal and name not in board.drops:
        raise ValueError(f"a {name} cannot be held in hand: it is royal, and no 'drop {name}:' statement says "
                         "how it is dropped")
    elif piece_type.neutral:
        raise ValueError(f"a {name} cannot be held in hand: it is nobody's")


def carried(position: Position, target: int, piece: Piece) -> Piece:
    """What carrying ``piece`` onto ``target`` of ``position`` leaves there: the piece itself; on a heap
    board a heap carried onto another is added to it (the heaps' pieces are counted, not replaced)."""
    standing = position.cells[target]
    if isinstance(piece, Heap) and isinstance(standing, Heap):
        counts = tuple(a + b for a, b in zip(piece.counts, standing.counts, strict=True))
        return as_cell(Heap(-1, next(k for k, n in enumerate(counts) if n), False, counts))
    return piece
