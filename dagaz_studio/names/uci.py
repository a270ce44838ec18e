"""UCI names, as Fairy-Stockfish writes moves: ``e2e4``, ``e7e8q``, ``a10a9``, ``f1i1``, ``d1d7,d7g4``,
``P@e5``, ``c3c4+``.

Each partial move is its origin and landing square run together (squares by their names on the board,
so a tenth row is ``a10``), then the letter the piece is promoted to, lower case, as positions write
it (``+`` for a promotion into a piece lettered ``+P``, as shogi's); a drop is the piece's letter, upper
case, ``@`` and the square; the partial moves of a compound move are joined by commas. Castling is the royal piece's move
alone (``e1g1``), and a move that ends where it began (a pass) names its square twice (``e2e2``).
"""

from __future__ import annotations

from typing import Optional

from dagaz_studio.engine.interpreter import Move
from dagaz_studio.names.context import Context


def name(context: Context, move: Move) -> str:
    """The UCI name of one move of ``context``."""
    board = context.board
    squares = board.squares
    if move.dropped:
        kind = board.pieces.get(move.piece)
        return f"{kind.letter.upper() if kind is not None else move.piece}@{squares[move.target]}"
    path = [move.origin, *move.stops] if move.stops else [move.origin, move.target]
    text = ",".join(squares[a] + squares[b] for a, b in zip(path, path[1:]))
    if move.promotion:
        kind = board.pieces.get(move.promotion)
        letter = kind.letter if kind is not None else move.promotion
        # Shogi's promotion into a piece lettered '+P' is a '+'; crazyhouse's 'Q~' is written 'q'.
        text += "+" if letter.startswith("+") else letter.rstrip("~").lower()
    return text


def write(context: Context) -> list[str]:
    """The UCI name of every move of ``context``."""
    return [name(context, move) for move in context.moves]


def read(context: Context, text: str) -> Optional[list[int]]:
    """The indices of the moves ``text`` names in UCI (promotion letters in either case), or ``None``."""
    by_name = context.cache.get("uci")
    if by_name is None:
        by_name = context.cache["uci"] = {}
        for i, written in enumerate(write(context)):
            by_name.setdefault(written.lower(), []).append(i)
    return by_name.get(text.replace(" ", "").lower())
