"""Making a move on a position in place (a full move, or the light path's record of one), and unmaking
it: below the game's rules (:mod:`~dagaz_studio.engine.game`), which make moves to judge them, and
below the end-of-game questions and gating, which do too."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple

from dagaz_studio.board.model import Board, PieceType, kept
from dagaz_studio.engine.heaps import store_taken
from dagaz_studio.engine.light_records import rich_effects
from dagaz_studio.engine.position import LastMove, Piece, Position
from dagaz_studio.engine.records import Entry, LightMove, RichRecord
from dagaz_studio.engine.runs import runs_after
from dagaz_studio.engine.values import Move

if TYPE_CHECKING:
    from dagaz_studio.engine.rules import Rules

#: Builds a named tuple from its values without the Python-level constructor: perft makes millions.
_new = tuple.__new__


class Undo(NamedTuple):
    """What :func:`make_move` (or :func:`make_record`) changed, so that :func:`unmake_move`
    can put it back. (A named tuple: legality makes and unmakes moves by the thousand, and it is made in
    a third of a frozen dataclass's time.)"""

    #: Each square changed with what it held, all read before any was changed (so put back in any order).
    cells: Sequence[tuple[int, Piece | None]]
    turn: int
    last_move: LastMove | None
    labels: frozenset[tuple[int, str]]
    halfmove_clock: int
    fullmove_number: int
    hands: tuple[tuple[int, ...], ...] | None = None
    runs: tuple[tuple[int, int], ...] = ()
    passes: int = 0
    #: The check counters and the check still to count (``end checks``), where the board counts them.
    checks: tuple[tuple[int, int] | None, int] | None = None


def make_move(position: Position, move: Move) -> Undo:
    """Apply every effect of ``move`` to ``position`` in place; returns how to undo it."""
    cells = position.cells
    undo = Undo(
        tuple((square, cells[square]) for square, _ in move.changes),
        position.turn, position.last_move, position.labels, position.halfmove_clock, position.fullmove_number,
        tuple(tuple(hand) for hand in position.hands) if position.hands else None, position.runs,
        position.passes,
        None if position.checks_remaining is None else (position.checks_remaining, position.checks_pending),
    )
    if position.checks_remaining is not None:
        position.checks_pending = -1 if move.passes else move.player
    position.passes = position.passes + 1 if move.passes else 0
    players = len(position.board.players)
    if position.board.counts_runs:
        # The mover's run of moves in a row by one piece (``[u0-2]``): a pass or a drop starts none.
        position.runs = runs_after(position.runs, players, move.player, None if move.passes or move.dropped
                                   else move.origin, move.target, not move.captures and move.promotion is None)
    if position.board.kind_type.keeps_stores:
        store_taken(position, move.player, move.changes)
    elif position.hands:
        update_hands(position, move.player, move.captures,
                      position.board.pieces[move.piece] if move.dropped else None)
        if move.gate is not None:
            position.hands[move.player][list(position.board.pieces).index(move.gate[1])] -= 1
    for square, piece in move.changes:
        cells[square] = piece
    if move.labels:
        position.labels = position.labels | {(move.player, label) for label in move.labels}
    position.last_move = move.last
    position.turn = (move.player + (0 if move.again else 1)) % players
    mover = position.board.pieces.get(move.piece)
    # Drops and promotions cannot be undone any more than captures can: Fairy-Stockfish resets the
    # clock on each. A pass changes nothing, whatever piece it is named by.
    resets = (bool(move.captures) or move.dropped or move.promotion is not None
              or (mover is not None and mover.resets_clock and not move.passes))
    position.halfmove_clock = 0 if resets else position.halfmove_clock + 1
    if position.turn == 0:
        position.fullmove_number += 1
    return undo


def unmake_move(position: Position, undo: Undo) -> None:
    """Reverse :func:`make_move` (or :func:`make_record`)."""
    cells = position.cells
    changed, position.turn, position.last_move, position.labels, position.halfmove_clock, \
        position.fullmove_number, hands, position.runs, position.passes, checks = undo
    for square, piece in changed:
        cells[square] = piece
    if hands is not None:
        position.hands = [list(hand) for hand in hands]
    if checks is not None:
        position.checks_remaining, position.checks_pending = checks


@kept
def held_as(board: Board) -> list[int]:
    """For each piece kind of the board, the kind a captured piece of it is held as: a promoted
    piece (letter ``+P`` or ``Q~``) goes to the hand as the piece that promotes to it; -1 for a royal
    piece, which is never held."""
    names = list(board.pieces)
    return [-1 if board.pieces[name].royal else names.index(board.demotions.get(name, name)) for name in names]


def update_hands(position: Position, player: int, captures: tuple[int, ...], dropped: PieceType | None) -> None:
    """The hand of ``player`` after a move capturing on ``captures`` (the position before it is made)
    and, for a drop, giving up a ``dropped`` piece."""
    board = position.board
    hand = position.hands[player]
    if dropped is not None and not dropped.unlimited:
        hand[list(board.pieces).index(dropped.name)] -= 1
    if captures and board.rules.captures_to_hand:
        kinds = held_as(board)
        cells = position.cells
        for square in captures:
            taken = cells[square]
            # A royal piece is never held (a position where one was taken has no game left to play).
            if taken is not None and taken.player != player and taken.kind < len(kinds) and kinds[taken.kind] >= 0:
                hand[kinds[taken.kind]] += 1


def make_record(rules: Rules, position: Position, move: LightMove) -> Undo:
    """Apply a light move in place, as :func:`make_move` applies the move it stands for (undone by
    :func:`unmake_move`). A rich record (castling, a capture chain) changes what
    :func:`~dagaz_studio.engine.light_records.rich_effects` says; a plain one empties its origin and captures
    and puts the piece down on its target."""
    origin, piece, record = move.origin, move.piece, move.record
    cells = position.cells
    hands = position.hands
    after: dict[int, Piece | None] | None = None
    target, captures, promoted, direction = record.target, record.captures, record.promoted, record.direction
    if type(record) is RichRecord:
        start = record.start
        after = rich_effects(origin, piece, record, cells.__getitem__)
        saved = [(square, cells[square]) for square in after]
    else:
        start = origin
        # Every square's content is read before any is changed, so undoing in any order is exact.
        saved = [(origin, piece), (target, cells[target])]
        if captures:
            saved += [(square, cells[square]) for square in captures]
    checks = position.checks_remaining
    # The hands change only where a piece is taken (update_hands below): else they are not kept.
    undo: Undo = _new(Undo, (saved, position.turn, position.last_move, position.labels, position.halfmove_clock,
                             position.fullmove_number, tuple(tuple(hand) for hand in hands) if hands and captures else None,
                             position.runs, position.passes, None if checks is None else (checks, position.checks_pending)))
    position.passes = 0  # a light record is never a pass
    if checks is not None:
        position.checks_pending = piece[0]  # the check it may give is counted when the game asks (end checks)
    if rules.board.counts_runs:
        position.runs = runs_after(position.runs, len(rules.board.players), piece[0], origin, target,
                                   not captures and promoted is None)
    player = piece[0]
    if captures and hands:
        update_hands(position, player, captures, None)
    if after is None:
        for square in captures:
            cells[square] = None
        cells[origin] = None
        cells[target] = _new(Piece, (player, piece[1] if promoted is None else promoted,
                                     True if target != origin else piece[2]))
    else:
        for square, now in after.items():
            cells[square] = now
    position.last_move = _new(LastMove, (start, target, None if direction is None else rules.dir_letters[direction]))
    position.turn = turn = (player + 1) % len(rules.board.players)
    if captures or promoted is not None or rules.kinds[piece[1]].resets_clock:
        position.halfmove_clock = 0
    else:
        position.halfmove_clock += 1
    if turn == 0:
        position.fullmove_number += 1
    return undo


def make_entry(rules: Rules, position: Position, entry: Entry) -> Undo:
    """Apply a full move (:func:`make_move`) or a light move (:func:`make_record`) in place."""
    return make_move(position, entry) if isinstance(entry, Move) else make_record(rules, position, entry)


@contextmanager
def made(rules: Rules, position: Position, entry: Entry) -> Iterator[None]:
    """``entry`` (a full or a light move) made on ``position`` for a ``with`` block, unmade after it."""
    undo = make_entry(rules, position, entry)
    try:
        yield
    finally:
        unmake_move(position, undo)
