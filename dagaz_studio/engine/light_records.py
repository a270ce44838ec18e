"""Light move records: what compiled code finds, turned into full moves only when asked (a part of
:class:`~dagaz_studio.engine.rules.Rules`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from operator import itemgetter
from typing import Any

from dagaz_studio.engine.compiler import Compiled
from dagaz_studio.engine.position import LastMove, Piece, Position
from dagaz_studio.engine.quick_shapes import quick_moves
from dagaz_studio.engine.read_memo import remembered
from dagaz_studio.engine.records import Entries, Record, RichRecord, plain_key, rich_key
from dagaz_studio.engine.rules_state import RulesState, reads_checks, reads_history
from dagaz_studio.engine.values import NO_LABELS, Move, Work, quick_move
from dagaz_studio.notation.uses import PROMOTES, name_uses

_UNKNOWN = object()
#: The most comparisons and effects of rich records kept (:attr:`RulesState.rich_known`).
RICH_KEPT = 20_000
_first = itemgetter(0)
_new_tuple = tuple.__new__


class LightRecords(RulesState):
    """Light records of moves: building full moves from them, the makers perft lists them with, and the
    rich records of moves that lift or put pieces."""

    def record_move(self, position: Position, origin: int, piece: Piece,
                    record: Record | RichRecord | Move) -> Move:
        """The full :class:`Move` of a light record made by ``piece`` from ``origin``: for a rich record,
        the same move :meth:`rich_light` builds whole."""
        if isinstance(record, Move):
            return record  # kept whole by a notation that lifts or puts
        if type(record) is not RichRecord:
            # A plain record is the rich record of a move with no earlier stops and nothing displaced.
            record = _new_tuple(RichRecord, (*record, (), origin, ()))
        target, promoted, stops = record.target, record.promoted, record.stops
        cells = position.cells
        after = rich_effects(origin, piece, record, cells.__getitem__)
        changes = [(square, now) for square, now in after.items() if (was := cells[square]) is not now and was != now]
        changes.sort(key=_first)
        direction = record.direction
        return quick_move(
            self.kind_names[piece[1]], piece[0], origin, target, record.captures, (*stops, target),
            None if promoted is None else self.kind_names[promoted], record.also, tuple(changes),
            _new_tuple(LastMove, (record.start, target, None if direction is None else self.dir_letters[direction])),
        )

    def light_maker(self, kind: int, player: int) -> Any:
        """How the light path (perft) lists the moves of a piece kind for a player (cached): the
        compiled ``moves`` function of a notation compiled whole that neither lifts nor puts, a
        tuple of compiled parts (those that lift or put give whole moves), or ``None`` (the piece
        runs as :meth:`run` runs it)."""
        makers = self.light_makers[player]
        maker = makers.get(kind, _UNKNOWN)
        if maker is _UNKNOWN:
            program = self.kind_program(kind, player)
            plan = self.plan(program)
            if plan is None:
                maker = None
            elif len(plan) == 1 and not plan[0].rich:
                slow = plan[0].moves
                maker = (quick_moves(self, program.notation, player, slow)
                         or remembered(self, slow, plan[0].source) or slow)
            else:
                # Each part's moves remembered where they can be (castling is listed again and again).
                maker = tuple(replace(part, moves=remembered(self, part.moves, part.source) or part.moves)
                              for part in plan)
            makers[kind] = maker
        return maker

    def record_shape(self, kind: int) -> tuple[bool, bool]:
        """Whether the light records of a piece kind's moves may capture elsewhere than where it lands
        (its notation takes pieces by ``[x]``, ``[d]`` or ``[w]``), and whether they may promote it
        to a royal kind (cached): perft skips looking at what they cannot hold."""
        shape = self.record_shapes.get(kind)
        if shape is None:
            notation = self.kinds[kind].notation
            royal = {self.kind_names[index] for index in self.royal_kinds}
            crowning = any(use.use == PROMOTES and use.name in royal for use in name_uses(notation))
            shape = self.record_shapes[kind] = (reads_checks(notation, "xdw"), crowning)
        return shape

    def stuck_squares(self, player: int) -> tuple[tuple[frozenset[int], ...], frozenset[int]]:
        """Per board kind of ``player``, the squares where a piece of it could never move again (it
        reaches nothing from there: ``rule: immobility-illegal`` forbids leaving one there); and the
        kinds whose moves never do so, as neither the kind nor any kind its notation promotes to has
        such a square (cached)."""
        known = self._stuck[player]
        if known is None:
            squares = range(len(self.board.squares))
            dead = tuple(frozenset(s for s in squares if not self.reach(kind, player, s)) for kind in range(self.board_kinds))
            moving = {kind for kind in range(self.board_kinds) if not dead[kind]}
            known = self._stuck[player] = (dead, frozenset(
                kind for kind in moving if all(self.kind_index.get(use.name) in moving
                                               for use in name_uses(self.kinds[kind].notation) if use.use == PROMOTES)))
        return known

    def board_only_attacks(self) -> bool:
        """Whether every piece kind's notation reads the board alone (no previous move, labels,
        handlers or runs: :func:`reads_history`), so that whether a square is attacked after a move
        hangs on the board after it alone (cached for the kinds known)."""
        known = self._board_only
        if known is None or known[0] != len(self.kinds):
            known = self._board_only = (len(self.kinds), not any(reads_history(kind.notation) for kind in self.kinds))
        return known[1]

    def light_entries(self, position: Position, origin: int, piece: Piece, parts: tuple[Compiled, ...],
                      work: Work) -> Entries | None:
        """The moves of a notation compiled in parts, as :meth:`run` lists them: light records from
        the parts that neither lift nor put, whole moves from the others; ``None`` when a part did
        not end within the work's budget."""
        cells = position.cells
        out: Entries = []
        seen: set[Hashable] = set()
        work[0] += 1  # the top-level ';'
        for part in parts:
            part.moves(cells, origin, piece, out, seen, work, position)
        if work[0] > work[2]:
            return None
        if len(parts) == 1 or len(out) < 2:
            return out
        # Parts may find the same move: keep the first, as run() does. A light record's move is told
        # apart from another's by its target, captures, promotion (and a rich record's stops and
        # displaced pieces); from a move built whole only by building it too.
        if Move in set(map(type, out)):
            keys = [entry.key() if isinstance(entry, Move) else self.record_move(position, origin, piece, entry).key()
                    for entry in out]
        else:
            keys = [rich_key(entry) if type(entry) is RichRecord else plain_key(entry) for entry in out]  # type: ignore[arg-type]
        if len(set(keys)) == len(out):
            return out  # the usual case: no move found twice
        first: dict[Hashable, Any] = {}
        for key, entry in zip(keys, out):
            first.setdefault(key, entry)
        return list(first.values())

    def rich_light(self, position: Position, origin: int, piece: Piece, me: int, touched: dict[int, Piece | None],
                   visited: list[int], captures: list[int], also: list[tuple[int, int]], target: int,
                   direction: int | None, promoted: int | None, out: Entries, seen: set[Hashable],
                   stops: Sequence[int] = (),
                   start: int | None = None, **marks: Any) -> None:
        """A move completed by compiled code that lifts or puts pieces, kept as a :data:`RichRecord` when
        its changes are exactly those the record stands for (:func:`rich_effects`), else built whole,
        as the runner does (:meth:`keep_whole`). Compared square by square with what the run did, so
        the record is never wrong: it only saves building the move (and perft making it) in full. A
        move of a notation that gives moves the ``marks`` :meth:`keep_whole` takes is built whole.

        ``stops``: where its earlier partial moves ended; ``start``: where its last partial move began
        (its origin when it has one partial move)."""
        cells = position.cells
        if not marks:
            record = _new_tuple(RichRecord, (target, tuple(captures), promoted, direction, tuple(stops),
                                             origin if start is None else start, tuple(also)))
            # Castling is found again and again from the same squares holding the same pieces: the
            # comparison is made once for each.
            before = tuple(touched.items())
            known = (origin, piece, record, before, tuple(map(cells.__getitem__, touched)))
            exact = self.rich_known.get(known)
            if exact is None:
                exact = changed = False
                if all(touched.get(square) is not None for square, _ in also):
                    after = rich_effects(origin, piece, record, touched.__getitem__)
                    exact = all(square in touched for square in after)
                    if exact:
                        for square, was in before:
                            now, expected = cells[square], after.get(square, was)
                            if now is not expected and now != expected:
                                exact = False
                                break
                            if expected is not was and expected != was:
                                changed = True
                exact = exact and changed
                if len(self.rich_known) > RICH_KEPT:
                    self.rich_known.clear()
                self.rich_known[known] = exact
            if exact:
                # Found before only as this very record: a move with the same key that also changed a
                # square in place (``[d]``) is not this record, and is built whole below.
                key = rich_key(record)
                if key not in seen:
                    seen.add(key)
                    out.append(record)
                return
        # Most squares touched hold again the very piece they held: told apart without comparing.
        changes = [(square, now) for square, was in touched.items()
                           if (now := cells[square]) is not was and now != was]
        self.keep_whole(changes, origin, piece, me, visited, captures, also, target, direction, promoted,
                        out, seen, stops, start, **marks)

    def keep_whole(self, changed: list[tuple[int, Piece | None]], origin: int, piece: Piece, me: int,
                   visited: list[int], captures: list[int], also: list[tuple[int, int]], target: int,
                   direction: int | None, promoted: int | None, out: Entries, seen: set[Hashable],
                   stops: Sequence[int] = (), start: int | None = None, created: tuple[int, ...] = (),
                   again: bool = False, null: bool = False, labels: tuple[str, ...] = ()) -> None:
        """Keep, built whole, the move compiled code completed with the squares it ``changed`` (square and
        what it holds now, in any order), unless it changed nothing or was found before; ``created``:
        the squares where it made pieces, in the order it made them; ``again``: the same player moves
        next (``[k]``); ``null``: it counts though it changes nothing (``[n]``); ``labels``: its
        labels (``[o]``)."""
        if not changed and not null and not labels:
            return  # the piece is back where it started and nothing changed: not a move
        changed.sort(key=_first)
        changes = tuple(changed)
        first = visited[0] if visited else target
        stopped = (*stops, target)
        promotion = None if promoted is None else self.kind_names[promoted]
        # The key first (Move.key()): a move found again is not built again.
        key = (first, target, tuple(captures), stopped, promotion, tuple(also), changes, again)
        if key in seen:
            return
        seen.add(key)
        out.append(quick_move(
            self.kind_names[piece[1]], me, first, target, key[2], stopped, promotion, key[5], changes,
            _new_tuple(LastMove, (origin if start is None else start, target,
                                  None if direction is None else self.dir_letters[direction])),
            frozenset(labels) if labels else NO_LABELS, again=again, created=created,
        ))


def rich_effects(origin: int, piece: Piece, record: RichRecord,
                 before: Callable[[int], Piece | None]) -> dict[int, Piece | None]:
    """What a rich light record's move leaves on each square it changes, by square, given the content of
    a square ``before`` the move: its captures and its origin emptied, each displaced piece taken from
    where it stood and put down (marked moved unless put back), and the moving piece put down on its
    target, promoted if it was, marked moved unless it never left its square."""
    target, promoted = record.target, record.promoted
    after: dict[int, Piece | None] = dict.fromkeys(record.captures)
    after[origin] = None
    for source, destination in record.also:
        displaced = before(source)
        after[source] = None
        if displaced is not None:
            after[destination] = displaced if displaced[2] or destination == source else _new_tuple(
                Piece, (displaced[0], displaced[1], True))
    after[target] = _new_tuple(Piece, (piece[0], piece[1] if promoted is None else promoted,
                                       True if target != origin or record.stops else piece[2]))
    return after
