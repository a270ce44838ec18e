"""UCI names, as Fairy-Stockfish writes moves: ``e2e4``, ``e7e8q``, ``a10a9``, ``f1i1``, ``d1d7,d7g4``,
``P@e5``, ``c3c4+``, ``d1e2-``, ``+N@c3``.

Each partial move is its origin and landing square run together (squares by their names on the board,
so a tenth row is ``a10``), then the letter the piece is promoted to, lower case, as positions write
it (``+`` for a promotion into a piece lettered ``+P``, as shogi's); a drop is the piece's letter, upper
case, ``@`` and the square (``+`` first for a piece dropped as its promoted side); a promoted piece
turned back to the piece it was is ``-`` (Kyoto shogi's); the partial moves of a compound move are joined by commas. Castling is the royal piece's move
alone (``e1g1``), or, where that is a single step or none (Chess960), its square and its partner's (``b1a1``), and a move that ends where it began (a pass) names its square twice (``e2e2``):
the royal piece's square, or, without one, the square of the mover's piece nearest the first row's
start (``a1``, then ``b1`` … ``a2``), as Fairy-Stockfish counts squares. A piece the move makes
(``[*Arrow]``) follows as a partial move from the landing square to its square: ``d1d7,d7g4``.
Reading also takes any castling as the royal piece's square and its partner's (``e1h1``).
"""

from __future__ import annotations

import re

from dagaz_studio.engine import Move
from dagaz_studio.names.context import Context
from dagaz_studio.names.san import castling_side


def name(context: Context, move: Move) -> str:
    """The UCI name of one move of ``context``."""
    board = context.board
    squares = board.squares
    if move.passes:
        square = squares[_pass_square(context, move)]
        return square + square
    if move.dropped:
        kind = board.pieces.get(move.piece)
        # A piece dropped as its promoted side (Kyoto shogi's) is '+' and its own letter: +N@c3.
        side = "+" if move.promotion else ""
        return f"{side}{kind.letter.upper() if kind is not None else move.piece}@{squares[move.target]}"
    if move.gate is not None and move.gate[0] != move.origin:
        # Castling with a piece entering on the partner's square: from that square to the King's (h1e1h).
        return squares[move.gate[0]] + squares[move.origin] + _gate(context, move)
    if move.also and _castles_as_a_step(context, move):
        # A castling King that moves one square or none reads as its plain step (or as nothing):
        # named by its square and its partner's, as Fairy-Stockfish names Chess960 castling.
        return squares[move.origin] + squares[move.also[0][0]] + _gate(context, move)
    path = [move.origin, *move.stops] if move.stops else [move.origin, move.target]
    text = ",".join(squares[a] + squares[b] for a, b in zip(path, path[1:]))
    if move.promotion:
        kind = board.pieces.get(move.promotion)
        letter = kind.letter if kind is not None else move.promotion
        mover = board.pieces.get(move.piece)
        if mover is not None and mover.letter == "+" + letter:
            text += "-"  # a promoted piece turned back to the piece it was (Kyoto shogi's d1e2-)
        else:
            # Shogi's promotion into a piece lettered '+P' is a '+'; crazyhouse's 'Q~' is written 'q'.
            text += "+" if letter.startswith("+") else letter.rstrip("~").lower()
    # Each piece the move makes elsewhere (an arrow, a wall) as Fairy-Stockfish writes a wall: from the
    # landing square to the new piece's square, after a comma (d1d7,d7g4); a piece turned to stone
    # where it lands is no second leg.
    text += "".join(f",{squares[move.target]}{squares[square]}" for square in move.created if square != move.target)
    return text + _gate(context, move)


def _gate(context: Context, move: Move) -> str:
    """A piece from hand entering behind (gating), as Fairy-Stockfish writes it: its letter after the
    move (``b1c3h``)."""
    if move.gate is None:
        return ""
    kind = context.board.pieces.get(move.gate[1])
    return kind.letter.lower() if kind is not None else move.gate[1]


def _castles_as_a_step(context: Context, move: Move) -> bool:
    """Whether ``move`` moves a royal piece (with another) by one square or none."""
    board = context.board
    piece = context.position.cells[move.origin]
    if piece is None or piece.kind not in context.rules.royal_kinds:
        return False
    return max(abs(board.column_of[move.target] - board.column_of[move.origin]),
               abs(board.row_of[move.target] - board.row_of[move.origin])) < 2


def _pass_square(context: Context, move: Move) -> int:
    cells = context.position.cells
    origin = cells[move.origin]
    if origin is not None and origin.kind in context.rules.royal_kinds:
        return move.origin
    mine = [s for s, piece in enumerate(cells) if piece is not None and piece.player == move.player]
    return min(mine, key=lambda s: _counted(context.board.squares[s]), default=move.origin)


def _counted(square: str) -> tuple[int, str]:
    """Where Fairy-Stockfish counts a square: by row from the first, then by column."""
    found = re.fullmatch(r"([a-z]+)(\d+)", square, re.ASCII)
    return (int(found.group(2)), found.group(1)) if found else (0, square)


def write(context: Context) -> list[str]:
    """The UCI name of every move of ``context``."""
    return [name(context, move) for move in context.moves]


def read(context: Context, text: str) -> list[int] | None:
    """The indices of the moves ``text`` names in UCI (promotion letters in either case), or ``None``."""
    by_name = context.cache.get("uci")
    if by_name is None:
        by_name = context.cache["uci"] = {}
        for i, written in enumerate(write(context)):
            by_name.setdefault(written.lower(), []).append(i)
        # Castling also as the royal piece taking its partner (e1h1), as Fairy-Stockfish writes it in
        # its Chess960 variants and python-chess reads it in chess; never as another move's own name.
        squares = context.board.squares
        taking: dict[str, list[int]] = {}
        for i, move in enumerate(context.moves):
            if move.also and isinstance(move.also[0], tuple) and castling_side(context, move) is not None:
                taking.setdefault((squares[move.origin] + squares[move.also[0][0]] + _gate(context, move)).lower(),
                                  []).append(i)
        for taken, found in taking.items():
            by_name.setdefault(taken, found)
    return by_name.get(text.replace(" ", "").lower())
