"""Reading a run's trace: which steps built a move, and why a square is (not) reached.

The interpreter records its trace as a flat, depth-first stream of events. Seen as a tree, every
event's children are what its continuation did; a move's *branch* is the chain of its ancestors.
The stream does not store that tree, but it can be rebuilt exactly from how the interpreter backtracks:

- Most events have at most one continuation (a check that passed, a lift, a capture, a put …), so
  the event after them, if any, is their child.
- Only a few places try several continuations from one state, one after the other: the directions of
  a step (``step``/``blocked``), the options of ``;`` (``branch``, closed by ``backtrack``), a
  repetition's "leave" and "go round again" (``repeat``), and promotion choices (``promote``).
  A later sibling has the same span (or, for alternatives, belongs to the same ``;``) and starts
  from the same state as the earlier one, so finding that earlier sibling on the current path
  closes everything explored beneath it.

Nothing here imports Qt: the window asks these functions and only draws the answers. (Which squares
to mark for a set of moves is :mod:`dagaz_studio.engine.highlights`.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from dagaz_studio.board.model import Board
from dagaz_studio.engine.values import EventKind, Move, TraceEvent, describe_move

#: Event kinds after which the run continues beneath the event (the others are leaves).
_LEAVES = frozenset({EventKind.BLOCKED, EventKind.MOVE, EventKind.FAIL, EventKind.STOPPED, EventKind.BACKTRACK})


@dataclass(frozen=True)
class TraceTree:
    """The trace seen as the search tree it was recorded from: each event's parent, or ``None``."""

    parents: tuple[Optional[int], ...]

    def path(self, index: int) -> list[int]:
        """The events from the root down to ``index`` (included), in the order they happened."""
        out: list[int] = []
        current: Optional[int] = index
        while current is not None:
            out.append(current)
            current = self.parents[current]
        out.reverse()
        return out


def _state(event: TraceEvent) -> tuple:
    return (event.cursor, event.hand, event.captures, event.direction, event.depth)


def _sibling_key(event: TraceEvent) -> Optional[tuple]:
    """The key under which an earlier sibling of ``event`` sits on the current path, if it can have one."""
    kind = event.kind
    if kind in ("step", "blocked"):
        # A step's event is recorded before the cursor moves: siblings share the whole state.
        return ("step", event.span, _state(event))
    if kind == "repeat":
        return ("repeat", event.span, _state(event))
    if kind == "promote":
        return ("promote", event.span, event.cursor, event.captures, event.hand[:-1])
    if kind == "backtrack":
        return ("branch", event.span, _state(event))
    return None


def _path_keys(event: TraceEvent) -> tuple[tuple, ...]:
    """The keys under which ``event``, once on the current path, can be found by a later sibling."""
    kind = event.kind
    if kind == "step":
        return (("step", event.span, _state(event)),)
    if kind == "repeat":
        return (("repeat", event.span, _state(event)),)
    if kind == "promote":
        return (("promote", event.span, event.cursor, event.captures, event.hand[:-1]),)
    if kind == "branch":
        keys: tuple[tuple, ...] = (("branch", event.span, _state(event)),)
        if event.branch is not None:
            keys += (("options", event.branch[1], _state(event)),)
        return keys
    return ()


def build_tree(trace: Sequence[TraceEvent]) -> TraceTree:
    """Rebuild the search tree of ``trace``, a run of the interpreter.

    Linear in the trace's length: the current path is kept as a stack, indexed by sibling keys.
    """
    # Traces that close every alternative with a backtrack event need no guessing about ';'.
    closes_alternatives = any(event.kind == "backtrack" for event in trace)
    parents: list[Optional[int]] = []
    stack: list[int] = []
    stack_keys: list[tuple[tuple, ...]] = []
    where: dict[tuple, list[int]] = {}

    def cut(depth: int) -> None:
        while len(stack) > depth:
            stack.pop()
            for key in stack_keys.pop():
                where[key].pop()

    for index, event in enumerate(trace):
        key = _sibling_key(event)
        if key is not None and where.get(key):
            cut(where[key][-1])
        elif event.kind == "branch" and not closes_alternatives:
            # An earlier option of the same ';' starts from the same state; an enclosing one contains it.
            mine = event.branch
            found = where.get(("options", mine[1], _state(event))) if mine is not None else None
            if found and mine is not None:
                earlier = trace[stack[found[-1]]]
                theirs = earlier.branch
                outer, inner = earlier.span, event.span
                encloses = outer is not None and inner is not None and outer.start <= inner.start and inner.end <= outer.end
                if theirs is not None and theirs[0] < mine[0] and not encloses:
                    cut(found[-1])
        parents.append(stack[-1] if stack else None)
        passed = event.ok or event.kind in ("branch", "repeat")
        if event.kind not in _LEAVES and passed:
            keys = _path_keys(event)
            for key in keys:
                where.setdefault(key, []).append(len(stack))
            stack.append(index)
            stack_keys.append(keys)
    return TraceTree(tuple(parents))


def move_event(trace: Sequence[TraceEvent], move_index: int) -> Optional[int]:
    """The event where move ``move_index`` was first completed."""
    for index, event in enumerate(trace):
        if event.kind == "move" and event.move == move_index:
            return index
    return None


def move_branch(trace: Sequence[TraceEvent], tree: TraceTree, move_index: int) -> list[int]:
    """The events that built move ``move_index``: its branch from the start to its completion."""
    end = move_event(trace, move_index)
    return [] if end is None else tree.path(end)


# --------------------------------------------------------------------------- explaining a square


@dataclass(frozen=True)
class SquareExplanation:
    """Why a square is reached or not: a sentence, and the trace events that show it."""

    square: int
    reachable: bool
    sentence: str
    events: tuple[int, ...]
    moves: tuple[int, ...] = ()


def _role(move: Move, square: int) -> Optional[str]:
    """What ``move`` does on ``square``, in words, or ``None`` if it does nothing there."""
    if square == move.target:
        return "captures there" if square in move.captures else "ends there"
    if square in move.captures:
        return "removes the piece standing there"
    if square in move.stops:
        return "lands there before going on"
    if any(origin == square for origin, _ in move.also):
        return "moves the piece standing there"
    return None


def explain_square(
    board: Board,
    trace: Sequence[TraceEvent],
    moves: Sequence[Move],
    square: int,
    tree: Optional[TraceTree] = None,
    allowed: Optional[Iterable[int]] = None,
    origin: Optional[int] = None,
) -> SquareExplanation:
    """Why ``square`` is reached by the run (the branch of a move that acts there), or why not.

    ``allowed`` lists the indexes of the moves the game's rules allow (default: all of them); a
    square reached only by forbidden moves is explained as such. ``origin`` is where the piece started.
    """
    name = board.squares[square]
    tree = tree if tree is not None else build_tree(trace)
    allowed_set = set(range(len(moves))) if allowed is None else set(allowed)
    if origin is not None and square == origin:
        return SquareExplanation(square, False, f"The piece stands on {name}.", ())

    acting = [(i, role) for i, move in enumerate(moves) if (role := _role(move, square)) is not None]
    # Moves that end on the square explain it best; then the others, in the order they were found.
    acting.sort(key=lambda pair: (moves[pair[0]].target != square, pair[0]))
    permitted = [(i, role) for i, role in acting if i in allowed_set]
    if permitted:
        first, role = permitted[0]
        text = describe_move(board, moves[first])
        others = len(permitted) - 1
        more = f" ({others} more move{'s' if others != 1 else ''} also act{'s' if others == 1 else ''} there)" if others else ""
        sentence = f"{name} is reached: the move {text} {role}{more}."
        return SquareExplanation(square, True, sentence, tuple(move_branch(trace, tree, first)),
                                 tuple(i for i, _ in permitted))
    if acting:
        first, role = acting[0]
        text = describe_move(board, moves[first])
        sentence = (f"By its notation the piece reaches {name} (the move {text} {role}), but the game's rules "
                    "forbid that move: it would leave a royal piece attacked, or another move must capture.")
        return SquareExplanation(square, False, sentence, tuple(move_branch(trace, tree, first)),
                                 tuple(i for i, _ in acting))

    # Not reached: the last check that failed there says why, with the way the run came to it.
    for index in range(len(trace) - 1, -1, -1):
        event = trace[index]
        if event.square == square and not event.ok and event.kind not in ("blocked", "stopped"):
            return SquareExplanation(square, False, f"{name} is not reached: {event.text}.", tuple(tree.path(index)))
    for index in range(len(trace) - 1, -1, -1):
        event = trace[index]
        if event.kind == "step" and event.square == square:
            sentence = (f"{name} is not reached: the run steps onto it ({event.text}) but no way through the "
                        "notation ends or acts there.")
            return SquareExplanation(square, False, sentence, tuple(tree.path(index)))
    # Never came there: the failed check nearest to it, if nearer than the start, stood in the way.
    def distance(a: int, b: int) -> int:
        return max(abs(board.column_of[a] - board.column_of[b]), abs(board.row_of[a] - board.row_of[b]))

    start = origin if origin is not None else next((e.cursor for e in trace if e.kind == "start"), None)
    nearest: Optional[tuple[int, int]] = None
    for index, event in enumerate(trace):
        if event.ok or event.square is None or event.kind in ("blocked", "stopped", "fail"):
            continue
        gap = distance(event.square, square)
        if start is not None and gap >= distance(start, square):
            continue
        if nearest is None or gap <= nearest[0]:
            nearest = (gap, index)
    if nearest is not None:
        event = trace[nearest[1]]
        where = board.squares[event.square] if event.square is not None else "?"
        sentence = f"{name} is not reached: the run came nearest to it at {where}, where {event.text}."
        return SquareExplanation(square, False, sentence, tuple(tree.path(nearest[1])))
    stopped = next((e.text for e in reversed(trace) if e.kind == "stopped"), None)
    if stopped:
        return SquareExplanation(square, False, f"{name} is not reached before the run {stopped}.", ())
    return SquareExplanation(square, False, f"{name} is not reached: no way through the notation comes to it.", ())
