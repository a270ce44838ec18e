"""The positions :mod:`~dagaz_studio.queries.compare` tries, and the moves of a piece put on one of
their squares, found by the compiled path's light records where the notation compiles.

Positions come in numbered *blocks*, each made from its own random seed (the comparison's seed and
the block's number), so that blocks can be searched on several processes and the answer is the same
whatever their number. Block 0 begins with the empty board and the board's setup. Then each block
alternates a sparse random placement — one to :data:`MOST_PLACED` pieces of any type and either
side, so that riders meet long empty lines and blockers of both colours — with the next position of
a game of random legal moves from the setup (a new game after at most :data:`LONGEST_PLAY` moves or
when it ends).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from dagaz_studio.board.model import Board
from dagaz_studio.engine import (
    DEFAULT_BUDGET,
    Abort,
    Move,
    Piece,
    Position,
    Rules,
    RunawayNotation,
    legal_moves,
    make_move,
    new_work,
)

__all__ = ["BLOCK", "LONGEST_PLAY", "MOST_PLACED", "block_positions", "full_move", "piece_moves", "signature"]

#: The most pieces a random placement puts on the board.
MOST_PLACED = 8
#: The most random moves of one game of random play.
LONGEST_PLAY = 60
#: Positions in a block.
BLOCK = 250

#: A move as the light path gives it: a full move, or a compiled run's record.
Listed = Move | tuple


def signature(move: Move) -> tuple:
    """What a move does, apart from which kind of piece makes it: where it goes, what it takes,
    where it lands on the way, what it becomes, what else it moves."""
    return (move.origin, move.target, move.captures, move.stops, move.promotion, move.also, move.dropped)


def _block_random(seed: int, block: int) -> random.Random:
    return random.Random(f"compare:{seed}:{block}")


def block_positions(rules: Rules, seed: int, block: int, count: int = BLOCK) -> Iterator[Position]:
    """The ``count`` positions of block number ``block`` (see the module's docstring). A position
    yielded may be changed by the next one: copy it to keep it."""
    board = rules.board
    rng = _block_random(seed, block)
    made = 0
    if block == 0:
        yield Position(board, [None] * len(board.squares))
        made += 1
        if board.setup and made < count:
            yield Position.initial(board)
            made += 1
    games = _played(rules, rng)
    placed = _placements(board, rng)
    sources = [placed, games] if board.setup else [placed]
    turn = 0
    while made < count:
        source = sources[turn % len(sources)]
        turn += 1
        position = next(source, None)
        if position is None:
            sources.remove(source)
            if not sources:
                return
            continue
        yield position
        made += 1


def _kinds(board: Board) -> list[int]:
    return [i for i, piece in enumerate(board.pieces.values()) if not piece.neutral] or list(range(len(board.pieces)))


def _placements(board: Board, rng: random.Random) -> Iterator[Position]:
    """Sparse random placements, without end (none on a heap board, whose pits are not pieces)."""
    if board.kind_type.holds_heaps or not board.pieces:
        return
    kinds = _kinds(board)
    players = max(1, len(board.players))
    size = len(board.squares)
    while True:
        cells: list[Piece | None] = [None] * size
        for square in rng.sample(range(size), min(rng.randint(1, MOST_PLACED), size)):
            cells[square] = Piece(rng.randrange(players), rng.choice(kinds), True)
        position = Position(board, cells)
        position.turn = rng.randrange(players)
        yield position


def _played(rules: Rules, rng: random.Random) -> Iterator[Position]:
    """The positions of games of random legal moves from the setup, one move apart, without end."""
    from dagaz_studio.engine import light_legal_moves, make_record

    board = rules.board
    if not board.setup:
        return
    while True:
        position = Position.initial(board)
        moved = False
        for _ply in range(rng.randrange(1, LONGEST_PLAY)):
            try:
                # The light path lists a default board's moves; a heap or stack board's come whole.
                entries = light_legal_moves(rules, position) or legal_moves(rules, position)
            except RunawayNotation:
                break
            if not entries:
                break
            entry = rng.choice(entries)
            if isinstance(entry, Move):
                make_move(position, entry)
            else:
                make_record(rules, position, entry)
            moved = True
            yield position
        if not moved:  # the setup has no move to play (or its moves run away): no game to play
            return


def piece_moves(rules: Rules, position: Position, square: int, kind: int,
                budget: int = DEFAULT_BUDGET) -> dict[tuple, Listed]:
    """The moves of a piece of ``kind`` of the side to move put on ``square`` of ``position`` (in
    place of what stands there; the position is left as it was), by their :func:`signature`.

    Raises :class:`RunawayNotation` when its notation does not end within ``budget`` units of work."""
    board = rules.board
    cells = position.cells
    standing = cells[square]
    if board.kind_type.holds_heaps:
        from dagaz_studio.engine import typed_heap

        cells[square] = typed_heap(standing, kind, rules.board_kinds)
        try:
            return _run(rules, position, square, budget)
        finally:
            cells[square] = standing
    if board.kind_type.holds_columns:
        from dagaz_studio.engine import Column, as_cell

        # A column of one, or its captures could not put a taken piece under it.
        moved = standing.moved if isinstance(standing, Column) and standing.player == position.turn else True
        cells[square] = as_cell(Column(((position.turn, kind),), moved))
        try:
            return _run(rules, position, square, budget)
        finally:
            cells[square] = standing
    # As a typed piece: it has moved, unless it stands in for an unmoved one of its side.
    moved = standing.moved if isinstance(standing, Piece) and standing.player == position.turn else True
    piece = Piece(position.turn, kind, moved)
    cells[square] = piece
    try:
        found = _light(rules, position, square, piece, budget) if board.kind_type.holds_pieces else None
        return found if found is not None else _run(rules, position, square, budget)
    finally:
        cells[square] = standing


def _light(rules: Rules, position: Position, square: int, piece: Piece, budget: int) -> dict[tuple, Listed] | None:
    """The moves by the compiled path's light records, or ``None`` where it cannot give them."""
    maker = rules.light_maker(piece.kind, piece.player)
    if maker is None:
        return None
    work = new_work(budget, None)
    try:
        if type(maker) is tuple:
            records = rules.light_entries(position, square, piece, maker, work)
            if records is None:
                return None
        else:
            records = []
            maker(position.cells, square, piece, records, set(), work, position)
    except (Abort, RecursionError):
        return None
    if work[0] > budget:
        return None
    names = rules.kind_names
    out: dict[tuple, Listed] = {}
    for record in records:
        if isinstance(record, Move):
            if not record.passes:
                out[signature(record)] = record
        elif len(record) > 4:
            out[signature(rules.record_move(position, square, piece, record))] = record
        else:
            target, captures, promoted = record[0], record[1], record[2]
            out[(square, target, captures, (target,), None if promoted is None else names[promoted], (), False)] = record
    return out


def _run(rules: Rules, position: Position, square: int, budget: int) -> dict[tuple, Listed]:
    result = rules.run(position, square, budget=budget)
    if result.stopped is not None:
        raise RunawayNotation(result.stopped, budget_spent=result.work > budget)
    return {signature(move): move for move in result.moves if not move.passes}


def full_move(rules: Rules, position: Position, square: int, kind: int, found: Listed) -> Move:
    """The full move of what :func:`piece_moves` found (with the piece put on ``square`` again)."""
    if isinstance(found, Move):
        return found
    cells = position.cells
    standing = cells[square]
    moved = standing.moved if isinstance(standing, Piece) and standing.player == position.turn else True
    piece = Piece(position.turn, kind, moved)
    cells[square] = piece
    try:
        return rules.record_move(position, square, piece, found)
    finally:
        cells[square] = standing
