"""Whether a typed move name could name a move of a board at all: a name for some *move shape* of
the position, legal or not. ``illegal e7e8k`` is a sound test even though no move promotes to a
King; ``illegal Nf9`` names nothing the board could ever play, so it proves nothing and is refused.

A move shape is any move the board's names can tell apart: the position's legal and pseudo-legal
moves and drops, and, for every piece of the side to move, a step from its square to every other
square — taking what stands there or not, promoting to each piece type or not, a royal piece going
two squares or more also displacing another piece (so castling's names read) — a drop of every
piece type on every empty square where the board has hands, and a pass where the board allows one. Nothing here names a game.
"""

from __future__ import annotations

import contextlib

from dagaz_studio.board.problems import echoed
from dagaz_studio.engine import (
    LastMove,
    Move,
    Piece,
    Position,
    Rules,
    RunawayNotation,
    drop_moves,
    legal_moves,
    pass_move,
    pseudo_legal_moves,
    quick_move,
)
from dagaz_studio.names import MoveNames

__all__ = ["move_shapes", "name_problem"]


def move_shapes(rules: Rules, position: Position) -> list[Move]:
    """Every move shape of ``position`` for its side to move (see the module's docstring)."""
    board = rules.board
    shapes: list[Move] = []
    for generate in (legal_moves, pseudo_legal_moves, drop_moves):
        # A runaway is the run's to report; the shapes below still say what names mean.
        with contextlib.suppress(RunawayNotation):
            shapes.extend(generate(rules, position.copy()))
    me = position.turn
    cells = position.cells
    names = list(board.pieces)
    for origin, piece in enumerate(cells):
        if not isinstance(piece, Piece) or piece.player != me:
            continue
        name = rules.kind_names[piece.kind]
        royal = piece.kind in rules.royal_kinds
        for target in range(len(cells)):
            if target == origin:
                continue
            far = max(abs(board.column_of[target] - board.column_of[origin]),
                      abs(board.row_of[target] - board.row_of[origin])) >= 2
            also = ((target, target),) if royal and far else ()
            taken = (target,) if cells[target] is not None else ()
            for captures in {taken, ()}:
                for promotion in (None, *names):
                    shapes.append(quick_move(name, me, origin, target, captures, (target,), promotion, also,
                                             ((origin, None), (target, piece)), LastMove(origin, target, None)))
    if board.rules.passing or board.rules.passing_when_blocked:
        # A pass is a move shape wherever the board lets a player pass, even where the position forbids it.
        shapes.append(pass_move(rules, position))
    if board.has_hands:
        for name in names:
            for target, standing in enumerate(cells):
                if standing is None:
                    shapes.append(quick_move(name, me, target, target, (), (target,), None, (),
                                             ((target, None),), LastMove(target, target, None), dropped=True))
    return shapes


def name_problem(rules: Rules, position: Position, text: str) -> str | None:
    """``None`` when ``text`` names some move shape of ``position``; else why it names none."""
    # Every legal move is a move shape: a name of one (most names a test gives) is found among the
    # legal moves' names, tens of times quicker to list than every shape's.
    try:
        if MoveNames(rules, position).candidates(text):
            return None
    except (RunawayNotation, ValueError):
        pass  # asked again of the shapes, which say why
    shapes = MoveNames(rules, position, move_shapes(rules, position))
    if shapes.candidates(text):
        return None
    example = _example(rules, position)
    board = rules.board
    hint = f" ({board.name} names its moves like {example})" if example else ""
    name = text.strip()
    return f"'{echoed(name)}' names no move this board could make here, legal or not{hint}"


def _example(rules: Rules, position: Position) -> str:
    try:
        names = MoveNames(rules, position)
        return names.names[0] if len(names) else ""
    except (RunawayNotation, ValueError):
        return ""
