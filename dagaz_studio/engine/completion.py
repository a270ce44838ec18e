"""A way through a notation completed: the move it makes, told from the moves found before it,
and the trace's words for it — one implementation for the runner and for the traced code
(:mod:`~dagaz_studio.engine.trace_code`), which both keep their run's state in a
:class:`~dagaz_studio.engine.run_state.State`; and a move that made pieces, completed by compiled code."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.position import LastMove, Piece, Position
from dagaz_studio.engine.run_state import State
from dagaz_studio.engine.values import NO_LABELS, RunResult, describe_move, quick_move

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules
    from dagaz_studio.engine.records import Entries

#: Squares a traced run's sentence about a completed move names in each of its lists (stops, captures,
#: pieces displaced): a runaway's moves can hold thousands, and the sentences of thousands of moves
#: naming them all took seconds to write.
TRACED_SQUARES = 32

#: What tells a move from another, as :func:`keep_move` reads it: its first square, target, captures,
#: stops, promotion, displaced pieces, changes, and whether the mover goes again.
MoveKey = tuple[int, int, tuple[int, ...], tuple[int, ...], str | None, tuple[tuple[int, int], ...],
                tuple[tuple[int, Piece | None], ...], bool]


def keep_move(st: State, seen: dict[MoveKey, int], result: RunResult, target: int, direction: int | None,
              start: int, promotion: str | None, again: bool, null: bool, labels: Sequence[str]) -> None:
    """The move ``st`` describes, once its notation has completed on ``target`` and its hand is empty,
    kept in ``result`` unless it changes nothing (not a move) or was found before (``seen``: each kept
    move's key and index); a traced run says which. ``direction``: the moving piece's last step's;
    ``start``: where its last partial move began; ``promotion``: the name of the kind it promoted to;
    ``again``, ``null``, ``labels``: its marks, ``[k]``, ``[n]``, ``[o]``."""
    cells, touched = st.cells, st.touched
    changes = tuple(sorted((square, cells[square]) for square in touched if cells[square] != touched[square]))
    if not changes and not labels and not null:  # not a null move ([n])
        st.emit("fail", "the piece is back where it started and nothing changed: not a move", None, target, False)
        return
    # What tells the move from another (Move.key), without building it: a runaway run completes the
    # same move many times, and only the first is kept.
    origin = st.visited[0] if st.visited else target
    captures, stops, also = tuple(st.captures), tuple(st.stops) + (target,), tuple(st.also)
    key = (origin, target, captures, stops, promotion, also, changes, again)
    index = seen.get(key)
    if index is not None:
        if st.trace is not None:
            said = describe_move(st.board, result.moves[index], TRACED_SQUARES)
            st.emit("move", f"the same move as before: {said}", None, target, True, index)
        return
    move = quick_move(
        st.kind_names[st.piece_kind], st.me, origin, target, captures, stops, promotion, also, changes,
        LastMove(start, target, None if direction is None else st.rules.dir_letters[direction]),
        frozenset(labels) if labels else NO_LABELS, again=again, created=tuple(st.created),
    )
    seen[key] = len(result.moves)
    result.moves.append(move)
    if st.trace is not None:
        st.emit("move", f"move completed: {describe_move(st.board, move, TRACED_SQUARES)}", None, target, True,
                len(result.moves) - 1)


def created_move(rules: CodeRules, position: Position, origin: int, piece: Piece, me: int,
                 touched: dict[int, Piece | None], visited: list[int], captures: list[int],
                 also: list[tuple[int, int]], target: int, direction: int | None, promoted: int | None,
                 out: Entries, seen: set[Hashable], created: list[int], stops: Sequence[int] = (),
                 start: int | None = None, everywhere: bool = False, **marks: Any) -> None:
    """A move completed by compiled code of a notation that makes pieces (``[*Name]``: the Amazons'
    arrow, a wall left behind): kept as :meth:`Rules.rich_light` keeps it when it made none, else
    built whole with its new pieces, as the runner does (its ``created`` squares in the order they
    were made, which move names read), since a light record cannot say where new pieces appeared.
    ``everywhere``: the notation also changes squares in place (``[d]``, ``[w]``), so any square
    touched may have changed; ``marks``: what :meth:`Rules.keep_whole` is told of the move besides."""
    if not created:
        rules.rich_light(position, origin, piece, me, touched, visited, captures, also, target, direction,
                         promoted, out, seen, stops, start, **marks)
        return
    cells = position.cells
    # ``touched`` keeps every square the run put or took on, along every way it tried; only those of
    # this way can hold something else now: where the moving pieces started and were put, what was
    # taken and what was made.
    ways = set(touched) if everywhere else {origin, *visited, *captures, *created}
    for pair in also:
        ways.update(pair)
    changed = [(square, now) for square in ways
               if square in touched and (now := cells[square]) is not (was := touched[square]) and now != was]
    # Not a move when what it made was taken again and the piece is back where it started.
    rules.keep_whole(changed, origin, piece, me, visited, captures, also, target, direction, promoted, out, seen,
                     stops, start, tuple(created), **marks)
