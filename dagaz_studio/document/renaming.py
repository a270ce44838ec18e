"""A game record's moves named again after a piece type's edit: ``2. Nf3`` becomes ``2. Hf3`` once the
Knight is lettered H. Loaded when a record is first carried over such an edit (it reads the engine and
the names)."""

from __future__ import annotations

from collections.abc import Mapping

from dagaz_studio.board import Board
from dagaz_studio.document.record import GameRecord, RecordedMove
from dagaz_studio.engine import Move, Position, Rules
from dagaz_studio.names import MoveNames


def renamed_moves(record: GameRecord, carried: GameRecord, old_board: Board, new_rules: Rules,
                  renames: Mapping[str, str]) -> list[RecordedMove]:
    """``carried``'s moves (``record``, of ``old_board``, carried to ``new_rules``' board, its types
    renamed by ``renames``, old name -> new), each named as the new board names it. A move whose old
    position or name no longer reads keeps its name."""
    # A name says a piece type only by its letter (in either case: UCI's e7e8q): a name without a
    # changed letter is written alike, and naming it again (some milliseconds a move) is skipped.
    changed = {piece.letter.lower() for name, piece in old_board.pieces.items()
               if (new := new_rules.board.pieces.get(renames.get(name, name))) is None
               or new.letter != piece.letter}
    old_rules = Rules(old_board)
    moves = []
    for index, move in enumerate(carried.moves):
        name = move.name
        if not any(letter in name.lower() for letter in changed):
            moves.append(move)
            continue
        try:
            old = MoveNames(old_rules, Position.from_fen(old_board, record.fen_at(index))).read(name)
            names = MoveNames(new_rules, Position.from_fen(new_rules.board, carried.fen_at(index)))
            shape = _shape(old, renames)
            name = next((names.name(new) for new in names.moves if _shape(new, {}) == shape), name)
        except ValueError:  # FenError, MoveNameError: a position or name the old board no longer reads
            pass
        moves.append(RecordedMove(name, move.fen, move.player))
    return moves


def _shape(move: Move, renames: Mapping[str, str]) -> tuple[object, ...]:
    """What a move does, by squares and piece names (after ``renames``): the same move on a board
    whose piece types were renamed or re-lettered has the same shape."""
    promotion = renames.get(move.promotion, move.promotion) if move.promotion is not None else None
    return (renames.get(move.piece, move.piece), move.origin, move.target, move.captures, move.stops, promotion,
            move.also, move.dropped, move.again, move.passes, move.created)
