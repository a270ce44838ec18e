"""A way through a notation completed: the move it makes, told from the moves found before it,
and the trace's words for it — one implementation for the runner and for the traced code
(:mod:`~dagaz_studio.engine.trace_code`), which both keep their run's state in a
:class:`~dagaz_studio.engine.run_state.State`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dagaz_studio.engine.position import LastMove, Piece
from dagaz_studio.engine.run_state import State
from dagaz_studio.engine.values import NO_LABELS, Move, RunResult, describe_move, quick_move

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board

#: Squares a traced run's sentence about a completed move names in each of its lists (stops, captures,
#: pieces displaced): a runaway's moves can hold thousands, and the sentences of thousands of moves
#: naming them all took seconds to write.
TRACED_SQUARES = 32

#: What tells a move from another, as :func:`move_key` gives it: its first square, target, captures,
#: stops, promotion, displaced pieces, changes, and whether the mover goes again.
MoveKey = tuple[int, int, tuple[int, ...], tuple[int, ...], str | None, tuple[tuple[int, int], ...],
                tuple[tuple[int, Piece | None], ...], bool]

def move_key(st: State) -> MoveKey:
    """What tells the move the state describes from another (:meth:`Move.key`), without building it:
    a runaway run completes the same move many times, and only the first is kept."""
    target = st.mover_sq
    cells, touched = st.cells, st.touched
    changes = tuple(sorted((square, cells[square]) for square in touched if cells[square] != touched[square]))
    return (st.visited[0] if st.visited else target, target, tuple(st.captures), tuple(st.stops) + (target,),
            st.promotion, tuple(st.also), changes, st.again)


def complete_move(st: State, key: MoveKey | None = None) -> Move:
    """The move the state describes, once its notation has completed and its hand is empty (``key``:
    its :func:`move_key`, when already known)."""
    origin, target, captures, stops, promotion, also, changes, again = key if key is not None else move_key(st)
    return quick_move(
        st.kind_names[st.piece_kind], st.me, origin, target, captures, stops, promotion, also, changes,
        LastMove(st.partial_start, target, None if st.mover_dir is None else st.rules.dir_letters[st.mover_dir]),
        frozenset(st.labels) if st.labels else NO_LABELS, again=again, created=tuple(st.created),
    )


def keep_move(st: State, board: Board, seen: dict[MoveKey, int], result: RunResult) -> None:
    """The move ``st`` describes kept in ``result`` unless it changes nothing (not a move) or was
    found before (``seen``: each kept move's key and index); a traced run says which."""
    key = move_key(st)
    if not key[6] and not st.labels and not st.null:  # no changes, and not a null move ([n])
        if st.trace is not None:
            st.emit("fail", "the piece is back where it started and nothing changed: not a move", None, key[1], False)
        return
    index = seen.get(key)
    if index is not None:
        if st.trace is not None:
            said = describe_move(board, result.moves[index], TRACED_SQUARES)
            st.emit("move", f"the same move as before: {said}", None, key[1], True, index)
        return
    move = complete_move(st, key)
    seen[key] = len(result.moves)
    result.moves.append(move)
    if st.trace is not None:
        st.emit("move", f"move completed: {describe_move(board, move, TRACED_SQUARES)}", None, move.target, True,
                len(result.moves) - 1)
