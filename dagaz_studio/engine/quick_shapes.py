"""Quick moves and attack questions for the two commonest shapes of notation, for bulk work (perft, the
command line's batches), which reports no work and no stops: a rider, ``(+)([p]\\1)*`` (one step,
then the same step again over empty squares, ``{0,m}`` times at most), or riders in alternatives,
``(+)([p]\\1)*;(X)(UD)([p]\\1\\2)*``; and a leaper, ``N,OM;E,OT`` (steps that look at nothing on
the way, in alternatives), also one that steps again by a direction it recorded or checks its last
step's, ``(+)\\1,+[!\\1,!~1]``.

They give exactly what the compiled code gives, the same light records in the same order, but walk
rays and targets worked out once per board and player (kept with the board) instead of counting the
work of each step. From a square where the compiled code could not be matched so (a ray that comes
round to where it began, two rays reaching one square, a ray deeper than a run may go), they leave
the question to it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import prod
from typing import TYPE_CHECKING, Any

from dagaz_studio.board.model import DIAGONAL, ORTHOGONAL
from dagaz_studio.engine.compiler import Found
from dagaz_studio.engine.records import Record
from dagaz_studio.engine.run_state import MAX_REPETITION_DEPTH
from dagaz_studio.notation.nodes import (
    LeapItem,
    Node,
    Notation,
    Step,
    as_recording_leaper,
    as_rider,
    as_stepped_rider,
    capture_ways,
    expand_directions,
    ways,
)

if TYPE_CHECKING:
    from dagaz_studio.engine.rules_state import RulesState

#: The letters that name several directions, as the code writer reads them (``engine/emitter.py``,
#: not imported: a command that finds the board's code written needs no writer).
_DIRECTION_SETS = {"+": ORTHOGONAL, "X": DIAGONAL, "*": ORTHOGONAL + DIAGONAL}
_new = tuple.__new__
#: The most paths of steps the quick tables walk from each square, over all the ways (a letter counted
#: for each direction it may name on any board: * for ten).
MOST_PATHS = 10_000
#: Whether a piece attacks a square, and the squares that answer depends on.
Reads = tuple[bool, frozenset[int]]
#: A rider's steps taken together and most passes (``None``: no limit).
Ride = tuple[tuple[Step, ...], int | None]
#: Riders' (:data:`Ride`, in the order the code tries them), or a leaper's ways, each its items
#: (:data:`~dagaz_studio.notation.nodes.LeapItem`) in order.
Shape = tuple[str, Any]
#: A square a piece reaches, with the records of its moves there: to the empty square, and capturing.
Landing = tuple[int, Record, Record]


def _shapes(options: tuple[Node, ...]) -> list[Shape] | None:
    """The riders of ``options`` in one shape and its leapers' ways in another, each in the order the
    code tries them (an empty list for no options); ``None`` where an option is neither."""
    riders: list[Ride] = []
    leaps: list[tuple[LeapItem, ...]] = []
    for option in options:
        stepped = as_stepped_rider(option)
        rider = as_rider(option) if stepped is None else ((stepped[0],), stepped[1])
        leaper = None if rider is not None else as_recording_leaper(option)
        if rider is not None:
            riders.append(rider)
        elif leaper is not None:
            leaps.extend(leaper)
        else:
            return None
    # Tables of paths without end (a King's step nine times over: 8**9) would be made before any
    # move, with no budget to stop them: the compiled code answers, and stops at its budget.
    paths = [steps for steps, _ in riders] + [[item[0] for item in way] for way in leaps]
    if sum(prod(len(expand_directions(step.letters)) for step in steps if step) for steps in paths) > MOST_PATHS:
        return None
    return ([("ride", tuple(riders))] if riders else []) + ([("leap", tuple(leaps))] if leaps else [])


def attack_parts(notation: Notation) -> list[Shape]:
    """Riders and leapers whose captures together are the captures of ``notation`` (its
    :func:`capture_ways`, each a rider or a leaper; the riders joined in one shape, the leapers'
    ways in another), or none."""
    return _shapes(capture_ways(notation) or ()) or []


def _directions(rules: RulesState, player: int, step: Step) -> list[int]:
    """The board's direction indices a step's letters name for ``player``, each once, in order (as
    the code writer reads them)."""
    name = rules.board.players[player]
    out: list[int] = []
    for letter in step.keys:
        for plain in _DIRECTION_SETS.get(letter, (letter,)):
            index = rules.dir_index.get(rules.board.player_direction(name, plain))
            if index is not None and index not in out:
                out.append(index)
    return out


def _rays(rules: RulesState, player: int, riders: tuple[Ride, ...]) -> list[Any]:
    """Per square, each path of steps of each rider of ``player`` in turn: the squares the rider lands
    on that way, each with the records of its moves there (:func:`_records`,
    by the last step's direction); or ``False`` where the compiled code must answer (a ray that loops,
    meets another, or goes deeper than a run may)."""
    neighbours = rules.neighbours
    squares = range(len(rules.board.squares))
    # Each path's steps taken together, as one table of where they lead from each square.
    walks: list[tuple[int, list[int | None], int | None]] = []
    for steps, maximum in riders:
        # The direction indices of the steps taken together, each choice in the order the code tries them.
        paths: list[tuple[int, ...]] = [()]
        for step in steps:
            paths = [(*path, direction) for path in paths for direction in _directions(rules, player, step)]
        for path in paths:
            ends: list[int | None] = list(squares)
            for direction in path:
                table = neighbours[direction]
                ends = [None if square is None else table[square] for square in ends]
            walks.append((path[-1], ends, maximum))
    return [_rays_from(origin, walks) for origin in squares]


def _rays_from(origin: int,
               walks: list[tuple[int, list[int | None], int | None]]) -> tuple[tuple[Landing, ...], ...] | bool:
    """The rays of :func:`_rays` from ``origin``, each path's ``walks`` in turn (the direction of its last
    step, where its steps lead from each square, its most passes), or ``False``."""
    rays: list[tuple[Landing, ...]] = []
    reached = {origin}
    for last, ends, maximum in walks:
        ray: list[Landing] = []
        square = ends[origin]
        while square is not None and (maximum is None or len(ray) <= maximum):
            if square in reached or len(ray) > MAX_REPETITION_DEPTH:
                return False
            reached.add(square)
            ray.append(_records(square, last))
            square = ends[square]
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


def _leaps(rules: RulesState, player: int, leaps: tuple[tuple[LeapItem, ...], ...]) -> list[Any]:
    """Per square, each square a leaper lands on (but its own), each once, in the order the compiled
    code finds them, as :func:`_rays` gives a rider's rays but all in one, which a piece on the way
    does not end: the records of its moves there, by the direction of its last step."""
    steps = [[(item, [] if item[0] is None else _directions(rules, player, item[0])) for item in way] for way in leaps]
    neighbours, opposite = rules.neighbours, rules.opposite
    out = []
    for origin in range(len(rules.board.squares)):
        found: dict[int, int] = {}
        for way in steps:
            # Each way's ends so far: the square, the last step's direction, the directions recorded.
            ends: list[tuple[int, int | None, dict[int, int]]] = [(origin, None, {})]
            for (step, group, backwards, checks), directions in way:
                if checks:
                    ends = [end for end in ends if all(
                        (end[1] is not None and end[1] == _recorded(end[2], check.group, check.opposite, opposite))
                        != check.negated for check in checks)]
                elif step is None:
                    ends = [(nxt, d, recorded) for square, _, recorded in ends
                            if (d := _recorded(recorded, group, backwards, opposite)) is not None
                            and (nxt := neighbours[d][square]) is not None]
                else:
                    ends = [(nxt, d, {**recorded, group: d} if group else recorded)
                            for square, _, recorded in ends for d in directions
                            if (nxt := neighbours[d][square]) is not None]
            for square, last, _ in ends:
                if square != origin and square not in found and last is not None:
                    found[square] = last
        out.append((tuple(_records(square, last) for square, last in found.items()),) if found else ())
    return out


def _recorded(recorded: dict[int, int], group: int, backwards: bool, opposite: list[int | None]) -> int | None:
    """The direction ``group`` recorded (its opposite with ``backwards``), ``None`` where there is none."""
    direction = recorded[group]
    return opposite[direction] if backwards else direction


@lru_cache(maxsize=1 << 14)
def _records(square: int, direction: int) -> Landing:
    """A square a piece reaches in ``direction``, with the records of its moves there: to the empty
    square, and capturing there (made once with the tables: the moves give the same records again;
    and once for every table, as a queen's hold a rook's)."""
    return square, _new(Record, (square, (), None, direction)), _new(Record, (square, (square,), None, direction))


def _tables(rules: RulesState, notation: Notation, player: int, index: int, shape: Shape) -> tuple[bool, Any]:
    """Whether ``shape``, part ``index`` of ``notation`` (:func:`attack_parts`) for ``player``, rides
    (a piece on a ray ends it), and its rays from each square (:func:`_rays`, :func:`_leaps`); kept
    with the board."""
    key = (notation.text, player, index)
    known = rules.quick_tables.get(key)
    if known is None:
        rays = (_rays if shape[0] == "ride" else _leaps)(rules, player, shape[1])
        known = rules.quick_tables[key] = (shape[0], rays)
    return known[0] == "ride", known[1]


def quick_moves(rules: RulesState, notation: Notation, player: int, slow: Callable[..., None]) -> Callable[..., None] | None:
    """The quick ``moves`` of ``notation`` (whose compiled ``moves`` is ``slow``), or ``None``: its
    riders, or its leaper, alone. Its ``quick_count`` says how many moves it has from a square, none
    landing on a square of ``watched`` (else -1), without making them; given ``dead``, the squares
    where each kind could never move again, by kind, not those landing on one."""
    shapes = _shapes(ways(notation.body) or (notation.body,))
    if shapes is None or len(shapes) != 1:
        return None
    rides, records = _tables(rules, notation, player, 0, shapes[0])
    # The rays' squares alone, for counting (perft's last ply, where unpacking each landing would cost).
    targets = [ways and tuple(tuple(landing[0] for landing in ray) for ray in ways) for ways in records]

    def moves(cells: list[Any], origin: int, piece: Any, out: list[Any], seen: Any, work: Any, position: Any) -> None:
        ways = records[origin]
        if ways is False:
            slow(cells, origin, piece, out, seen, work, position)
            return
        me = piece[0]
        append = out.append
        for ray in ways:
            for square, quiet, capture in ray:
                q = cells[square]
                if q is None:
                    append(quiet)
                else:
                    if q[0] != me:
                        append(capture)
                    if rides:
                        break

    def count(cells: list[Any], origin: int, piece: Any, position: Any, watched: Any, royal: Any,
              work: Any, dead: Any = None) -> int:
        ways = targets[origin]
        if ways is False:
            return -1
        checked = watched
        if dead is not None:
            if piece[1] >= len(dead):
                return -1  # a typed kind: where it would be stuck is not known
            checked = watched | dead[piece[1]]
        me, found = piece[0], 0
        for ray in ways:
            for square in ray:
                q = cells[square]
                if q is None or q[0] != me:
                    if square in checked:
                        if square in watched:
                            return -1
                        found -= 1  # a move to a square where the piece would be stuck is not counted
                    found += 1
                if q is not None and rides:
                    break
        return found
    moves.quick_count = count  # type: ignore[attr-defined]
    return moves


def quick_probe(rules: RulesState, notation: Notation, player: int, slow: Callable[..., None]) -> Callable[..., None] | None:
    """The quick pruned attack question of ``notation`` (whose compiled one is ``slow``), or ``None``.
    It reads only the squares its answer depends on: those on the way to the square asked about, up
    to the first piece (none for a leaper), and that square. Its ``quick_reads`` says which, with the
    answer, without asking through a board that notes what is read (``None``: ask so). A notation
    whose captures are those of riders and leapers together (:func:`attack_parts`) asks the rays of
    each from the square as one."""
    parts = [_tables(rules, notation, player, index, shape) for index, shape in enumerate(attack_parts(notation))]
    if not parts:
        return None
    # For each square, the squares before it on the way to each square reached: worked out as asked.
    between: list[Any] = [None] * len(parts[0][1])

    def probe(cells: list[Any], origin: int, piece: Any, target: int, work: Any, position: Any) -> None:
        ways = between[origin]
        if ways is None:
            ways = between[origin] = _between(parts, origin)
        if ways is False:
            slow(cells, origin, piece, target, work, position)
            return
        path = ways.get(target)
        if path is not None:
            for square in path:
                if cells[square] is not None:
                    break
            else:
                q = cells[target]
                if q is not None and q[0] != piece[0]:
                    raise Found

    def probe_reads(cells: list[Any], origin: int, piece: Any, target: int) -> Reads | None:
        ways = between[origin]
        if ways is None:
            ways = between[origin] = _between(parts, origin)
        if ways is False:
            return None
        path = ways.get(target)
        if path is None:
            return False, frozenset()
        for index, square in enumerate(path):
            if cells[square] is not None:
                return False, frozenset(path[:index + 1])
        q = cells[target]
        return q is not None and q[0] != piece[0], frozenset((*path, target))
    probe.quick_reads = probe_reads  # type: ignore[attr-defined]
    return probe


def _between(parts: list[tuple[bool, Any]], origin: int) -> Any:
    """For each square the rays of ``parts`` (:func:`_tables`) from ``origin`` reach, the squares before
    it on the way there (each is reached once by the riders, once by the leapers); ``False`` where the
    compiled code must answer."""
    out: dict[int, tuple[int, ...]] = {}
    for rides, rays in parts:
        ways = rays[origin]
        if ways is False:
            return False
        for ray in ways:
            before: tuple[int, ...] = ()
            for square, _, _ in ray:
                # The leapers come after the riders (:func:`_shapes`): where both reach a square, the
                # leapers' way there, over no square, is the one that can be clear.
                out[square] = before
                if rides:
                    before = (*before, square)
    return out
