"""Two definitions of one piece, run on the same squares of the same positions until they differ.

Positions come simplest first — the empty board, then a few pieces placed at random, then the
board's setup and positions reached from it by random play — and on each, a piece of the side to
move moving by either definition is put on every square in turn. The first position where the two
make different moves is shrunk (pieces taken away one at a time while the difference stays), so
the counterexample is as small as it can be made.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional

from dagaz_studio.board.model import Board
from dagaz_studio.engine.game import legal_moves, make_move
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET, CancelFlag, Move, RunawayNotation, describe_move

__all__ = ["Comparison", "ComparisonCancelled", "compare_pieces", "move_signature", "piece_moves",
           "stop_if_cancelled"]

#: The most pieces a random placement puts on the board.
MOST_PLACED = 6
#: The most random moves played from the setup for one position.
LONGEST_PLAY = 40


class ComparisonCancelled(Exception):
    """A comparison stopped because whoever asked for it cancelled it (not a fault of either notation)."""


def stop_if_cancelled(cancel: Optional[CancelFlag]) -> None:
    """Raise :class:`ComparisonCancelled` when ``cancel`` is set."""
    if cancel is not None and cancel.is_set():
        raise ComparisonCancelled()


@dataclass
class Comparison:
    """What a comparison found: ``differ``; where (``fen``, the position without the compared piece,
    whose side to move owns it, and ``square``); the moves only one definition makes; how many
    positions were tried; ``pieces``: how many other pieces the counterexample holds; ``error``
    when a definition could not be run there (a runaway)."""

    differ: bool
    positions: int
    fen: Optional[str] = None
    square: Optional[str] = None
    only_a: list[str] = field(default_factory=list)
    only_b: list[str] = field(default_factory=list)
    pieces: int = 0
    error: Optional[str] = None


def move_signature(move: Move) -> tuple:
    """What a move does, apart from which kind of piece makes it: where it goes, what it takes,
    where it lands on the way, what it becomes, what else it moves."""
    return (move.origin, move.target, move.captures, move.stops, move.promotion, move.also, move.dropped)


def piece_moves(rules: Rules, position: Position, square: int, kind: int) -> dict[tuple, Move]:
    """The moves of a piece of ``kind`` of the side to move put on ``square``, by what they do (a runaway
    raises :class:`RunawayNotation`)."""
    work = position.copy()
    standing = work.cells[square]
    if rules.board.kind == "heap":
        from dagaz_studio.engine.heaps import typed_heap

        work.cells[square] = typed_heap(standing, kind, rules.board_kinds)
    else:
        # As a typed piece: it has moved, unless it stands in for an unmoved one of its side.
        moved = standing.moved if isinstance(standing, Piece) and standing.player == work.turn else True
        work.cells[square] = Piece(work.turn, kind, moved)
    result = rules.run(work, square, budget=DEFAULT_BUDGET)
    if result.stopped is not None:
        raise RunawayNotation(result.stopped)
    return {move_signature(move): move for move in result.moves if not move.passes}


def _difference(rules: Rules, position: Position, square: int, kinds: tuple[int, int]
                ) -> Optional[tuple[list[Move], list[Move]]]:
    a = piece_moves(rules, position, square, kinds[0])
    b = piece_moves(rules, position, square, kinds[1])
    if a.keys() == b.keys():
        return None
    return [a[key] for key in a if key not in b], [b[key] for key in b if key not in a]


def _placements(board: Board, rng: random.Random, count: int) -> Iterator[Position]:
    """The empty board, then ``count`` - 1 boards of a few pieces placed at random, fewest first."""
    yield Position(board, [None] * len(board.squares))
    if board.kind == "heap" or not board.pieces:
        return
    kinds = [i for i, piece in enumerate(board.pieces.values()) if not piece.neutral] or list(range(len(board.pieces)))
    players = max(1, len(board.players))
    for i in range(count - 1):
        placed = 1 + i * MOST_PLACED // max(1, count - 1)
        cells: list[Optional[Piece]] = [None] * len(board.squares)
        for square in rng.sample(range(len(board.squares)), min(placed, len(board.squares))):
            cells[square] = Piece(rng.randrange(players), rng.choice(kinds), True)
        yield Position(board, cells)


def _played(board: Board, rules: Rules, rng: random.Random, cancel: Optional[CancelFlag] = None
            ) -> Iterator[Position]:
    """The setup and positions reached from it by random legal moves, without end."""
    if not board.setup:
        return
    yield Position.initial(board)
    while True:
        position = Position.initial(board)
        for _ply in range(rng.randrange(1, LONGEST_PLAY)):
            stop_if_cancelled(cancel)
            try:
                moves = legal_moves(rules, position)
            except RunawayNotation:
                break
            if not moves:
                break
            make_move(position, rng.choice(moves))
        yield position


def _shrink(rules: Rules, position: Position, square: int, kinds: tuple[int, int],
            cancel: Optional[CancelFlag] = None) -> Position:
    """``position`` with every piece taken away that the difference on ``square`` does not need."""
    position = position.copy()
    position.cells[square] = None
    changed = True
    while changed:
        changed = False
        for other, piece in enumerate(position.cells):
            if piece is None:
                continue
            stop_if_cancelled(cancel)
            trial = position.copy()
            trial.cells[other] = None
            try:
                if _difference(rules, trial, square, kinds) is not None:
                    position, changed = trial, True
            except RunawayNotation:
                continue
    return position


def compare_pieces(rules: Rules, a: str, b: str, positions: int = 200, seed: int = 0,
                   cancel: Optional[CancelFlag] = None,
                   progress: Optional[Callable[[int], None]] = None) -> Comparison:
    """Compare notations ``a`` and ``b`` (Dagaz) on ``positions`` positions of ``rules``'s board.

    ``cancel`` is looked at between squares (and between the moves of a random game): when it is set,
    :class:`ComparisonCancelled` is raised. ``progress`` is told how many positions are done after each.
    Raises :class:`~dagaz_studio.notation.NotationError` for a notation that does not read.
    """
    from dagaz_studio.notation.parser import parse_notation

    board = rules.board
    kinds = (rules.custom_kind(parse_notation(a), "A"), rules.custom_kind(parse_notation(b), "B"))
    rng = random.Random(seed)
    placed = max(1, positions // 2)
    candidates = itertools.chain(_placements(board, rng, placed), _played(board, rules, rng, cancel))
    tried = 0
    for position in itertools.islice(candidates, positions):
        tried += 1
        order = list(range(len(board.squares)))
        for square in order:
            stop_if_cancelled(cancel)
            try:
                found = _difference(rules, position, square, kinds)
            except RunawayNotation as error:
                return Comparison(True, tried, position.fen(), board.squares[square], error=str(error))
            if found is None:
                continue
            small = _shrink(rules, position, square, kinds, cancel)
            only_a, only_b = _difference(rules, small, square, kinds) or found
            return Comparison(True, tried, small.fen(), board.squares[square],
                              [describe_move(board, move) for move in only_a],
                              [describe_move(board, move) for move in only_b],
                              sum(piece is not None for piece in small.cells))
        if progress is not None:
            progress(tried)
    return Comparison(False, tried)
