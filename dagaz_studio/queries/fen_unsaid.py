"""What a position holds that its FEN does not say, and a reader of the FEN cannot see: which pieces
have moved (a FEN says it only by castling rights and setup squares), the last move (only when it
was a double step, by the en-passant field). A counterexample shown as a FEN needs it said in words."""

from __future__ import annotations

from dagaz_studio.engine import FenError, Position

__all__ = ["read_again", "unsaid_by_fen"]


def read_again(position: Position) -> Position | None:
    """``position`` as its own FEN reads (``None`` when the FEN does not read back)."""
    try:
        return Position.from_fen(position.board, position.fen())
    except FenError:
        return None


def _moved(cell: object) -> bool | None:
    return getattr(cell, "moved", None)


def unsaid_by_fen(position: Position, read: Position | None, square: int) -> list[str]:
    """What ``position`` holds that ``read`` (the position its FEN reads as) does not: the last move,
    which pieces have or have not moved — in words, for a student to set up by hand. ``square`` is
    where a piece is put in place of what stands there, as one of its side, moved or not, as it was."""
    board = position.board
    if read is None:
        return ["the position's FEN does not read back on its board"]
    said: list[str] = []
    last = position.last_move
    if last is not None and (read.last_move is None or read.last_move[:2] != last[:2]):
        said.append(f"the last move was {board.squares[last.origin]}-{board.squares[last.target]}")
    for index, (held, shown) in enumerate(zip(position.cells, read.cells)):
        moved = _moved(held)
        if moved is None or moved == _moved(shown):
            continue
        if index == square:
            # The piece put there stands in for one of its own side, moved or not, as it was.
            if getattr(held, "player", None) != position.turn:
                continue
            said.append(f"the piece put on {board.squares[index]} has {'' if moved else 'not '}moved")
        else:
            said.append(f"the piece on {board.squares[index]} has {'' if moved else 'not '}moved")
    if not said:
        said.append("it holds what its FEN cannot say (the moves made before it)")
    return said
