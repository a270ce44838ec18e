"""Reading names whose squares are two digits, as shogi players write moves in Western notation and
Fairy-Stockfish writes them for such boards: ``P-76``, ``Bx33+``, ``B-33=``, ``G61-52``, ``P*55``.

A square is its file then its rank, one digit each: files are numbered from 1 on the right as the
board is drawn, ranks from 1 at the top. A name is the piece's letter (``+`` before it for a promoted
piece), the origin when two pieces could make the move, ``-`` (a move), ``x`` (a capture) or ``*`` (a
drop), the square, then ``+`` (promotes), ``=`` (declines) or ``-`` (a promoted piece turning back, as
Fairy-Stockfish writes Kyoto shogi's ``+L-54-``). A piece is its letter in positions (``+P`` for a
Tokin, however names letter it), or else its name letter; a piece dropped as its promoted side is that
side's (``+N*54``). Only boards of at most 9 files and ranks have such names. Nothing here writes names:
it reads them, in any board's style.
"""

from __future__ import annotations

import re

from dagaz_studio.names.context import Context

_FORM = re.compile(r"(?P<piece>\+?[A-Za-z])(?P<origin>[1-9][1-9])?(?P<how>[-x*])(?P<target>[1-9][1-9])"
                   r"(?P<promotion>[-+=])?", re.ASCII)


def _square(context: Context, digits: str) -> int | None:
    board = context.board
    files, ranks = len(board.column_names), len(board.row_names)
    column, row = files - int(digits[0]), int(digits[1]) - 1
    if not (0 <= column < files and 0 <= row < ranks):
        return None
    by_place = context.cache.get("numeric")
    if by_place is None:
        by_place = context.cache["numeric"] = {(board.column_of[s], board.row_of[s]): s
                                               for s in range(len(board.squares))}
    return by_place.get((column, row))


def read(context: Context, text: str) -> list[int] | None:
    """The indices of the moves ``text`` names with two-digit squares, or ``None`` if it is not so written."""
    board = context.board
    form = _FORM.fullmatch(text.replace(" ", "").rstrip("#!?"))
    if form is None or len(board.column_names) > 9 or len(board.row_names) > 9:
        return None
    target = _square(context, form.group("target"))
    origin = _square(context, form.group("origin")) if form.group("origin") else None
    if target is None or (form.group("origin") and origin is None):
        return None
    letter = form.group("piece").upper()
    kinds = list(enumerate(context.rules.kinds[:len(board.pieces)]))
    # Western shogi notation letters a Tokin +P, where a board may name it as the Gold it moves as.
    letters = ({i for i, kind in kinds if kind.letter.upper() == letter}
               or {i for i, kind in kinds if board.name_letter(kind.name) == letter})
    drop, promotion = form.group("how") == "*", form.group("promotion")
    index = context.rules.kind_index
    found = []
    for i, move in enumerate(context.moves):
        if move.target != target or move.dropped != drop:
            continue
        # A piece dropped as its promoted side is named by that side (+N*54).
        landing = index.get(move.promotion, -1) if drop and move.promotion else context.kind(move)
        if landing not in letters:
            continue
        if origin is not None and move.origin != origin:
            continue
        if drop and promotion:
            continue
        if promotion in ("+", "-") and move.promotion is None or promotion == "=" and move.promotion is not None:
            continue
        found.append(i)
    return found
