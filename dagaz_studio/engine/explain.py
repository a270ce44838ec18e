"""Reading a run's trace: which steps built a move, and why a square is (not) reached.

The interpreter records its trace as a flat, depth-first stream of events. Seen as a tree, every
event's children are what its continuation did; a move's *branch* is the chain of its ancestors.
The stream does not store that tree, but it can be rebuilt exactly from how the interpreter backtracks:

- Most events have at most one continuation (a check that passed, a lift, a capture, a put …), so
  the event after them, if any, is their child.
- Only a few places try several continuations from one state, one after the other: the directions of
  a step (``step``/``blocked``), the options of ``;`` (``branch``, closed by ``backtrack``), a
  repetition's "leave" and "go round again" (``repeat``), and promotion choices (``promote``).
  A later sibling (or an option's ``backtrack``, which closes it before the next is entered) has
  the same span and starts from the same state as the earlier one, so finding that earlier sibling
  on the current path closes everything explored beneath it.

Nothing here imports Qt: the window asks these functions and only draws the answers. (Which squares
to mark for a set of moves is :mod:`dagaz_studio.engine.highlights`.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dagaz_studio.board.model import Board
from dagaz_studio.engine.heaps import Heap, heap_with_hand, push_heap
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.stacks import Column
from dagaz_studio.engine.state import as_cell
from dagaz_studio.engine.trace_words import MUST_PASS
from dagaz_studio.engine.values import EventKind, Move, RunawayNotation, TraceEvent, describe_move
from dagaz_studio.engine.why_not import Way, apart, summary, way_to

if TYPE_CHECKING:  # the rules import nothing from here, but only the attack reason needs them
    from dagaz_studio.engine.rules import Rules

#: Event kinds after which the run continues beneath the event (the others are leaves).
_LEAVES = frozenset({EventKind.BLOCKED, EventKind.MOVE, EventKind.FAIL, EventKind.STOPPED, EventKind.BACKTRACK})


@dataclass(frozen=True)
class TraceTree:
    """The trace seen as the search tree it was recorded from: each event's parent, or ``None``."""

    parents: tuple[int | None, ...]

    def path(self, index: int) -> list[int]:
        """The events from the root down to ``index`` (included), in the order they happened."""
        out: list[int] = []
        current: int | None = index
        while current is not None:
            out.append(current)
            current = self.parents[current]
        out.reverse()
        return out


#: A key an event is found under on the current path: what it did, where, and the state it did it in.
_Key = tuple[Hashable, ...]

#: The events whose earlier siblings share their whole state (a step's event is recorded before the
#: cursor moves), by kind: the kind of sibling each looks for (an option of ``;`` is closed by its
#: backtrack).
_SIBLINGS = {"step": "step", "blocked": "step", "repeat": "repeat", "backtrack": "branch", "promote": "promote"}
#: The events a later sibling finds on the current path.
_FOUND = frozenset(_SIBLINGS.values())


def _key(event: TraceEvent, kind: str) -> _Key:
    """The key under which an event of ``kind`` (``event``'s own, or the sibling's it looks for) sits
    on the current path: where the run stood when it recorded it (its cursor, hand, captures,
    direction and depth; a promotion's siblings differ in the kind in hand)."""
    if kind == "promote":
        return ("promote", event.span, event.cursor, event.captures, event.hand[:-1])
    return (kind, event.span, event.cursor, event.hand, event.captures, event.direction, event.depth)


def build_tree(trace: Sequence[TraceEvent]) -> TraceTree:
    """Rebuild the search tree of ``trace``, a run of the interpreter.

    Linear in the trace's length: the current path is kept as a stack, indexed by sibling keys.
    """
    parents: list[int | None] = []
    stack: list[int] = []
    stack_keys: list[_Key | None] = []
    where: dict[_Key, list[int]] = {}
    for index, event in enumerate(trace):
        sibling = _SIBLINGS.get(event.kind)
        if sibling is not None and (found := where.get(_key(event, sibling))):
            depth = found[-1]
            while len(stack) > depth:
                stack.pop()
                kept = stack_keys.pop()
                if kept is not None:
                    where[kept].pop()
        parents.append(stack[-1] if stack else None)
        if event.kind not in _LEAVES and event.ok:
            kept = _key(event, event.kind) if event.kind in _FOUND else None
            if kept is not None:
                where.setdefault(kept, []).append(len(stack))
            stack.append(index)
            stack_keys.append(kept)
    return TraceTree(tuple(parents))


def move_branch(trace: Sequence[TraceEvent], tree: TraceTree, move_index: int) -> list[int]:
    """The events that built move ``move_index``: its branch from the start to where it was first
    completed."""
    end = next((index for index, event in enumerate(trace) if event.kind == "move" and event.move == move_index), None)
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
    ways: tuple[Way, ...] = ()
    #: For an unreached square: what stopped each option that headed there, in one line.
    summary: str = ""


def _role(move: Move, square: int) -> str | None:
    """What ``move`` does on ``square``, in words, or ``None`` if it does nothing there."""
    if square == move.target:
        return "captures there" if square in move.captures else "ends there"
    if square in move.captures:
        return "removes the piece standing there"
    if square in move.stops:
        return "lands there before going on"
    if any(origin == square for origin, _ in move.also):
        return "moves the piece standing there"
    changes = dict(move.changes)  # a heap sown on the way, a piece turned over in place
    if square in changes:
        return "adds to the heap there" if isinstance(changes[square], Heap) else "changes what stands there"
    return None


def explain_square(
    board: Board,
    trace: Sequence[TraceEvent],
    moves: Sequence[Move],
    square: int,
    tree: TraceTree | None = None,
    allowed: Iterable[int] | None = None,
    origin: int | None = None,
    reason: Callable[[int], str | None] | None = None,
    notation: str | None = None,
    forbidden: Callable[[Move], str | None] | None = None,
) -> SquareExplanation:
    """Why ``square`` is reached by the run (the branch of a move that acts there), or why not.

    ``allowed`` lists the indexes of the moves the game's rules allow (default: all of them); a
    square reached only by forbidden moves is explained as such. ``origin`` is where the piece started.
    An unreached square is explained by every way through the notation that failed, closest to it
    first (:func:`ways_short_of`); the events are those of the closest. ``reason`` may say a failed
    event better than its trace text (see :func:`attack_reason`). ``notation`` is the text the run
    read: with it, ways the notation could not have taken further are told from those it could.
    ``forbidden`` may say why the rules forbid a move they do not allow (which rule; whose piece
    would be left attacked).
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
    shown = permitted or acting
    if shown:
        first, role = shown[0]
        text = describe_move(board, moves[first])
        others = len(permitted) - 1
        more = (f" ({others} more move{'s' if others != 1 else ''} also act{'s' if others == 1 else ''} there)"
                if others > 0 else "")
        why = (forbidden(moves[first]) if forbidden is not None and not permitted else None) \
            or "it would leave a royal piece attacked, or another move must capture"
        sentence = f"{name} is reached: the move {text} {role}{more}." if permitted else (
            f"By its notation the piece reaches {name} (the move {text} {role}), but the game's rules "
            f"forbid that move: {why}.")
        return SquareExplanation(square, bool(permitted), sentence, tuple(move_branch(trace, tree, first)),
                                 tuple(i for i, _ in shown))

    return _explain_unreached(board, trace, tree, square, reason, notation, moves)


# --------------------------------------------------------------------------- the ways that fell short

#: Failed events that end a way through the notation (a stopped run is said apart).
_DEAD_ENDS = frozenset({EventKind.CHECK, EventKind.BLOCKED, EventKind.FAIL})
#: Events after which the cursor stands somewhere new: a way is told apart by the last of them.
_MOVES_CURSOR = frozenset({EventKind.START, EventKind.STEP, EventKind.PARTIAL})
#: Ways listed in a sentence; the others are counted.
WAYS_LISTED = 5


def ways_short_of(board: Board, trace: Sequence[TraceEvent], tree: TraceTree, square: int,
                  reason: Callable[[int], str | None] | None = None, notation: str | None = None) -> list[Way]:
    """Every way through the notation that failed, with the last check that failed on it: those that
    head for ``square`` first (:func:`~dagaz_studio.engine.why_not.way_to`; ``notation`` is the
    text the run read), each group closest to ``square`` first (in king steps, then in a straight
    line), then the way that went farther, a failed check before the board's edge, then the order
    they were tried.

    A way is told apart by where its cursor last came to (the same step seen through several checks
    is one way); running off the board where the piece stands is no way at all, unless nothing else
    failed. ``reason`` may say the first :data:`WAYS_LISTED` ways' failed events better than their own
    text (naming an attacker).
    """
    last: dict[int | None, int] = {}
    for index, event in enumerate(trace):
        if event.ok or event.kind not in _DEAD_ENDS:
            continue
        parent = tree.parents[index]
        while parent is not None and trace[parent].kind not in _MOVES_CURSOR:
            parent = tree.parents[parent]
        last[parent] = index
    found = [way for index in last.values() if (way := way_to(board, trace, tree.path(index), square, notation))]
    found = [way for way in found if way.path[1:] or trace[way.event].kind != EventKind.BLOCKED] or found
    # A way that failed on the square itself while the same option went on past it (a check that
    # failed there, and another that passed and stepped beyond) is not where that option stopped.
    beyond = {(way.alternative, way.path[:way.path.index(square) + 1]) for way in found if square in way.path[:-1]}
    found = [replace(way, heads=False) if way.path[-1:] == (square,) and (way.alternative, way.path) in beyond
             else way for way in found]

    def order(way: Way) -> tuple[bool, int, int, int, bool, int]:
        return (not way.heads, way.distance, sum(d * d for d in apart(board, square, way.stop)), -len(way.path),
                trace[way.event].kind == EventKind.BLOCKED, way.event)
    ways = sorted(found, key=order)
    if reason is not None:
        for i, way in enumerate(ways[:WAYS_LISTED]):
            better = reason(way.event)
            if better:
                ways[i] = replace(way, reason=better)
    return ways


#: The events whose squares make a move's route, from where it started.
_ROUTE = frozenset({EventKind.START, EventKind.STEP})


def _closest_move(board: Board, trace: Sequence[TraceEvent], tree: TraceTree, moves: Sequence[Move], square: int,
                  than: int | None = None) -> str:
    """A line naming the move whose last step points towards ``square`` and that ends nearest it, where
    nearer than ``than`` (in king steps; ``None``: anywhere), else ``""``: a way that completed short
    of the square (a repetition that could go no further, a chain that ended) says more than failed
    ways that head elsewhere."""
    ends: list[tuple[int, int]] = []
    for index, move in enumerate(moves):
        steps = [at for i in move_branch(trace, tree, index)
                 if trace[i].kind in _ROUTE and (at := trace[i].square) is not None]
        towards = apart(board, move.target, square)
        if len(steps) > 1 and sum(a * b for a, b in zip(apart(board, steps[-2], steps[-1]), towards)) > 0:
            ends.append((max(map(abs, towards)), index))
    if not ends or (than is not None and min(ends)[0] >= than):
        return ""
    distance, index = min(ends)
    return (f"The closest move, {describe_move(board, moves[index])}, ends on {board.squares[moves[index].target]}, "
            f"{distance} step{'s' if distance != 1 else ''} from {board.squares[square]}: no way through the notation "
            "goes on from there towards it.")


def _must_go_on(trace: Sequence[TraceEvent], tree: TraceTree, step: int) -> bool:
    """Whether the next repetition or step beneath ``step`` is a possessive pass that had to be taken
    (the events beneath an event follow it in the trace, before any other)."""
    after = next((i for i in range(step + 1, len(trace)) if trace[i].kind in (EventKind.STEP, EventKind.REPEAT)), None)
    return after is not None and trace[after].kind == EventKind.REPEAT and trace[after].text.endswith(MUST_PASS) \
        and step in tree.path(after)


def _explain_unreached(board: Board, trace: Sequence[TraceEvent], tree: TraceTree, square: int,
                       reason: Callable[[int], str | None] | None, notation: str | None = None,
                       moves: Sequence[Move] = ()) -> SquareExplanation:
    name = board.squares[square]
    ways = ways_short_of(board, trace, tree, square, reason, notation=notation)
    stopped = next((e.text for e in reversed(trace) if e.kind == EventKind.STOPPED), None)
    onto = next((i for i in range(len(trace) - 1, -1, -1)
                 if trace[i].kind == EventKind.STEP and trace[i].square == square), None)
    steps_onto = "" if onto is None else \
        f"the run steps onto it ({trace[onto].text}) but no way through the notation ends or acts there" + (
            ": a possessive repetition must go on from there while another pass can succeed."
            if _must_go_on(trace, tree, onto) else ".")
    if not ways:
        if onto is not None:
            return SquareExplanation(square, False, f"{name} is not reached: {steps_onto}", tuple(tree.path(onto)))
        if stopped:
            return SquareExplanation(square, False, f"{name} is not reached before the run {stopped}.", ())
        closest = _closest_move(board, trace, tree, moves, square)
        return SquareExplanation(square, False, f"{name} is not reached: no way through the notation comes to it "
                                 "(every way ended in a move elsewhere)." + (f"\n{closest}" if closest else ""), ())
    heading = [way for way in ways if way.heads]
    # The first line says it all in short; the ways that show it follow.
    short = summary(heading)
    lines = [f"{name} is not reached: {short}." if heading
             else f"{name} is not reached: no way through the notation heads for it."]
    closest = "" if heading else _closest_move(board, trace, tree, moves, square, ways[0].distance)
    if closest:
        lines.append(closest)
    if onto is not None and ways[0].distance > 0:
        lines.append(steps_onto[0].upper() + steps_onto[1:])
    shown = heading or ways
    if heading:
        lines.append("How close each way that heads for it came, closest first:" if len(heading) > 1
                     else "The one way that heads for it:")
    else:
        lines.append("How far each way through the notation got, closest first:" if len(ways) > 1
                     else "The one way through the notation that failed:")
    lines.extend(f"• {way.describe(board)}" for way in shown[:WAYS_LISTED])
    more = len(shown) - WAYS_LISTED
    if more > 0:
        verb = ("head" if more != 1 else "heads") if heading else "stopped"
        lines.append(f"… and {more} more way{'s' if more != 1 else ''} that {verb} farther away.")
    elsewhere = len(ways) - len(heading) if heading else 0
    if elsewhere:
        lines.append(f"{elsewhere} other way{'s' if elsewhere != 1 else ''} could never lead there: "
                     f"{'they end' if elsewhere != 1 else 'it ends'} elsewhere or head{'' if elsewhere != 1 else 's'} "
                     "away from it.")
    if stopped:
        lines.append(f"The run {stopped}, so some ways were never tried.")
    return SquareExplanation(square, False, "\n".join(lines), tuple(tree.path(ways[0].event)), ways=tuple(ways),
                             summary=short)


# --------------------------------------------------------------------------- the board at a step


@dataclass(frozen=True)
class StepBoard:
    """The board as a run has it at one step of its trace: the position it started from, changed by
    the lifts, puts, captures and partial moves on the way to that step (its branch).

    ``hand``: the pieces in hand and where each was lifted from, the top last; ``captured``: the
    pieces taken so far, by square, in order; ``stops``: the landing points of the partial moves so
    far (a chain's stops).
    """

    cells: tuple[Piece | None, ...]
    hand: tuple[tuple[Piece, int], ...] = ()
    captured: tuple[tuple[int, Piece], ...] = ()
    stops: tuple[int, ...] = ()


def board_at(cells: Sequence[Piece | None], trace: Sequence[TraceEvent], tree: TraceTree, index: int,
             kind_names: Sequence[str] = ()) -> StepBoard:
    """The board as the run has it just after event ``index``, replayed along that event's branch.

    ``cells`` are the position the run started from (with any typed piece on it); ``kind_names``
    name every kind by index (the rules' names), so that a promotion in hand takes its new kind.
    Linear in the depth of the branch; never changes ``cells``.
    """
    board = list(cells)
    hand: list[tuple[Piece, int]] = []
    captured: list[tuple[int, Piece]] = []
    stops: list[int] = []
    sowing = 0  # once a heap is lifted seed by seed: how many piece types a heap counts
    for step in tree.path(index):
        event = trace[step]
        square = event.square
        kind = event.kind
        if square is None or not event.ok:
            continue
        if kind in (EventKind.LIFT, EventKind.PARTIAL):
            piece = board[square]
            if piece is not None:
                board[square] = None
                # A heap lifted to be sown is in hand seed by seed, as the event's hand names them.
                if isinstance(piece, Heap) and len(event.hand) == len(hand) + piece.size:
                    push_heap(hand, piece, square)
                    sowing = len(piece.counts)
                else:
                    hand.append((piece, square))
            if kind == EventKind.PARTIAL:
                stops.append(square)
        elif kind == EventKind.PUT and sowing and len(event.hand) < len(hand):
            # Seeds sown: the heap there gains the pieces that left the hand (one, or all of them).
            board[square] = as_cell(heap_with_hand(board[square], hand[len(event.hand):], sowing))
            del hand[len(event.hand):]
        elif kind in (EventKind.PUT, EventKind.CAPTURE) and hand and isinstance(hand[-1][0], Column) \
                and isinstance(board[square], Column):
            # A column put goes on top of the column there; a capture takes that column's top
            # under the moving column, and what was under it stays.
            old = board[square]
            if kind == EventKind.PUT:
                board[square] = as_cell(hand.pop()[0].on(old))
            else:
                board[square] = as_cell(old.without_top())
                hand[-1] = (hand[-1][0].under(old.pieces[0]), hand[-1][1])
                captured.append((square, as_cell(Column(old.pieces[:1]))))
        elif kind == EventKind.CAPTURE or (kind == EventKind.PUT and hand):
            # What stood there is taken either way; a put leaves the last piece in hand in its place.
            old = board[square]
            if old is not None:
                captured.append((square, old))
            board[square] = None if kind == EventKind.CAPTURE else hand.pop()[0]
        elif kind == EventKind.PROMOTE and hand and event.hand and event.hand[-1] in kind_names:
            piece, origin = hand[-1]
            hand[-1] = (piece._replace(kind=list(kind_names).index(event.hand[-1])), origin)
    return StepBoard(tuple(board), tuple(hand), tuple(captured), tuple(stops))


# --------------------------------------------------------------------------- naming attackers

#: Work one attacker's question may spend when a failed check is explained.
ATTACK_QUESTION_BUDGET = 20_000


def attack_reason(rules: Rules, start: Position, trace: Sequence[TraceEvent],
                  tree: TraceTree) -> Callable[[int], str | None]:
    """A ``reason`` for :func:`explain_square`: a failed ``[A]`` names the enemy piece that attacks
    the square ("[A] failed on f1: the Black Rook on f2 attacks it"), a failed ``[S]`` the friendly
    piece that defends it, on the board as the run had it at that step.

    ``start`` is the position the run started from, its side to move the runner's. Each candidate
    piece is asked by running its notation; one that cannot be asked within
    :data:`ATTACK_QUESTION_BUDGET` is passed over, and a check whose piece is not found keeps its text.
    """
    board = rules.board
    me = start.turn

    def reason(index: int) -> str | None:
        event = trace[index]
        letter = (event.check or "").strip("[]").split(":")[0]
        square = event.square
        if event.ok or letter not in ("A", "S") or square is None:
            return None
        at = board_at(start.cells, trace, tree, index, rules.kind_names)
        position = start.copy()
        position.cells = list(at.cells)
        occupant = position.cells[square]
        attack = letter == "A"
        # What the attacked (or defended) square holds for the question: our piece (the one in hand,
        # if any) where an enemy would capture, an enemy where a friend would recapture.
        if occupant is None or (occupant.player == me) != attack:
            owner = me if attack else (me + 1) % len(board.players)
            position.cells[square] = at.hand[-1][0] if attack and at.hand else Piece(owner, -1, True)
        for side in rules.others[me] if attack else (me,):
            position.turn = side
            for origin in rules.candidates(position.cells, square, side):
                try:
                    result = rules.run(position, origin, budget=ATTACK_QUESTION_BUDGET)
                except (RunawayNotation, RecursionError):
                    continue
                if result.stopped is None and any(square in move.captures for move in result.moves):
                    piece = position.cells[origin]
                    kind = rules.kind_names[piece.kind] if piece is not None else "piece"
                    does = "attacks" if attack else "defends"
                    return (f"{event.check} failed on {board.squares[square]}: the {board.players[side]} {kind} "
                            f"on {board.squares[origin]} {does} it")
        return None
    return reason
