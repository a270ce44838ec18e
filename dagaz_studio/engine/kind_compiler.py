"""The compiled fast path of heap and stack boards (``kind: heap``, ``kind: stack``): compiling a
notation's source (written by :mod:`kind_code`), running it from a square or from every square of a
position, and perft.

Completed moves are full :class:`~dagaz_studio.engine.values.Move` objects, kept once each in the
order a traced run finds them, or, for perft (:func:`kind_perft`), light records: each move's key,
which holds its changes, captures and whether the same player moves again. Every construct is
written; a typed notation, and a notation whose code would be too long for its limits, runs by its
traced code (:mod:`kind_trace`), the trace off.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from dagaz_studio.board.game_rules import GameRules
from dagaz_studio.board.model import kept
from dagaz_studio.engine.code_writer import survey
from dagaz_studio.engine.compiler import POLL_EVERY, Abort, code_namespace, load_code, new_work, written_code_key
from dagaz_studio.engine.emitter import PIECE_NAME
from dagaz_studio.engine.heap_code import HeapWriter
from dagaz_studio.engine.heaps import PUSHED, heap_size, heap_with_hand, held_piece, push_heap, store_taken
from dagaz_studio.engine.hoist import hoist
from dagaz_studio.engine.kind_code import KindWriter, StackWriter
from dagaz_studio.engine.move_choice import MoveReading, choose_moves, values_on
from dagaz_studio.engine.position import LastMove
from dagaz_studio.engine.program import UNMADE
from dagaz_studio.engine.read_memo import ReadingCells, read_memo
from dagaz_studio.engine.stacks import Column
from dagaz_studio.engine.values import DEFAULT_BUDGET, Move, RunResult, quick_move
from dagaz_studio.notation.nodes import Continue, Create, Notation, Promote

if TYPE_CHECKING:
    from fractions import Fraction  # imported where values are weighed: it is slow to import

    from dagaz_studio.engine.code_rules import CodeRules
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.program import Program

NO_LABELS: frozenset[str] = frozenset()


# --------------------------------------------------------------------------- helpers the code calls

class HeapAdder(dict[Any, Any]):
    """``HADD[kind][cell]``: the heap of ``cell`` with one piece of ``kind`` more, kept by the cell's
    value (sowing makes the same few heaps over and over: a lookup, where a call would cost more)."""

    __slots__ = ("kind", "kinds")

    def __init__(self, kind: int, kinds: int) -> None:
        super().__init__()
        self.kind, self.kinds = kind, kinds

    def __missing__(self, cell: Any) -> Any:
        if len(self) > 100_000:
            self.clear()
        heap = self[cell] = heap_with_hand(cell, ((held_piece(self.kind), -1),), self.kinds)
        return heap


# --------------------------------------------------------------------------- compiling and running



def kind_writer(rules: CodeRules, notation: Notation, player: int) -> KindWriter:
    """The writer of ``notation`` for the board's kind: heaps or stacks."""
    if rules.board.kind_type.holds_heaps:
        return HeapWriter(rules, notation, player)
    return StackWriter(rules, notation, player)


def compile_kind_notation(rules: CodeRules, notation: Notation, player: int,
                          piece_name: str = PIECE_NAME) -> Callable[..., None]:
    """The ``moves`` function of ``notation`` on a heap or stack board, for ``player``; raises
    :class:`~dagaz_studio.engine.emitter.CodeTooLarge` past the writer's limits."""
    # The code is the same for every interpreter of the board (as the default board's is,
    # :attr:`Rules.written`): written once, each interpreter loading it with a state of its own.
    key = written_code_key(rules, notation, player, None, "kind", piece_name)
    written = rules.written.get(key)
    if written is None:
        generator = kind_writer(rules, notation, player)
        generator.piece_name = piece_name
        # Local functions that close over nothing of a run are made once, not at every run.
        written = rules.written[key] = ((hoist(generator.module()), generator.constants), False, 0)
    # Compiled code is kept with the default board's: the code kept for a board between starts
    # (:mod:`dagaz_studio.engine.code_cache`) holds both.
    moves: Callable[..., None] = load_code(rules, written[0], f"notation {notation.text!r}",
                                           namespace=kind_namespace)["moves"]
    moves.source = written[0][0]  # type: ignore[attr-defined]
    moves.reads_cells_alone = _reads_cells_alone(written[0][0])  # type: ignore[attr-defined]
    return moves


@lru_cache(maxsize=256)
def _reads_cells_alone(source: str) -> bool:
    """Whether written code reads nothing of the position but its cells, each by its index (no
    previous move, no store, no attack question; the whole board copied only to be put back, a
    trial's): what a run finds then depends on the squares it read alone."""
    body = "\n".join(line for line in source.splitlines()
                     if not line.lstrip().startswith(("def bind(", "nonlocal ", "cells, me, ", "cells = origin = ")))
    body = body.replace("snap = cells[:]", "").replace("cells[:] = snap", "")
    return re.search(r"\b[PR]\b", body) is None and re.search(r"\bcells\b(?!\[)|\bcells\[:", body) is None


def kind_namespace(rules: CodeRules, constants: dict[str, Any], source: str) -> dict[str, Any]:
    """What a heap or stack board's written code reads: the default board's, and how heaps and
    columns change."""
    namespace = code_namespace(rules, constants, source)
    kinds = len(rules.board.pieces)
    namespace.update(COLUMN=Column, HPUSH=push_heap, HPUSHED=PUSHED, HADD=[HeapAdder(kind, kinds) for kind in range(kinds)],
                     HADDALL=heap_with_hand, QMOVE=quick_move, LASTMOVE=LastMove, NOLABELS=NO_LABELS)
    return namespace


def kind_plan(rules: CodeRules, program: Program) -> Callable[..., None] | None:
    """The compiled ``moves`` of ``program`` (kept with it, as a piece board's plan is), or ``None``
    when its traced code must run it. Only the board's own pieces are compiled: a typed notation stays
    cheap to type, and one of the same text leaves a board piece's program its own plan."""
    if program.plan is UNMADE:
        program.plan = None
        if program.piece is not None and program.piece_name in rules.kind_index \
                and rules.kind_index[program.piece_name] < rules.board_kinds:
            with suppress(RecursionError, SyntaxError, MemoryError):
                program.plan = compile_kind_notation(rules, program.notation, program.player, program.piece_name)
    return cast("Callable[..., None] | None", program.plan)


def run_kind_fast(rules: CodeRules, position: Position, square: int, program: Program, budget: int,
                  cancel: Any) -> RunResult | None:
    """The moves of the piece (or heap) on ``square`` by the compiled path, or ``None`` to leave the
    run to its traced code (a notation not compiled; a run that spends its budget, nests too deeply or
    is cancelled, which the traced code then stops and explains)."""
    plan = kind_plan(rules, program)
    if plan is None:
        return None
    out: list[Move] = []
    work = new_work(budget, cancel)
    try:
        plan(position.cells, square, position.turn, out, set(), work, position, rules.kind_names, rules.dir_letters)
    except (Abort, RecursionError):
        return None
    if work[0] > budget:
        return None
    return RunResult(moves=out, work=work[0])


def kind_moves(rules: CodeRules, position: Position, cancel: Any = None) -> list[Move] | None:
    """Every move of the side to move on a heap or stack board, each piece (or heap) run by its
    compiled code; ``None`` when a run stopped or a piece has no compiled code (a typed notation's,
    one past the compiler's limits): the caller runs the board square by square, which runs it and
    says why a run stopped. The same moves, in the same order, as running each square in turn: bulk
    work (the window's legal moves, the command line's) makes this call by the thousand. (Perft
    counts by light records: :func:`kind_perft`.)"""
    cells = position.cells
    me = position.turn
    table, runs, gates, _, _ = _kind_tables(rules)[me]
    if None in runs:
        return None
    out: list[Move] = []
    work = new_work(DEFAULT_BUDGET, cancel)
    _bind(table, cells, me, out, set(), work, position, rules.kind_names, rules.dir_letters, None)
    try:
        mine = [cell is not None and (cell[0] == me or cell[0] < 0) for cell in cells]
        friends = [cell is not None and cell[0] == me for cell in cells]
        return out if _each_light(position, me, runs, gates, [], rules.board_kinds, work, None, mine, friends) else None
    finally:
        _bind(table)


#: The work between two looks at the budget and the cancel flag, from the start of a run.
_LIMIT = min(POLL_EVERY, DEFAULT_BUDGET + 1)


def _bind(plans: list[Any], *state: Any) -> None:
    """What stays the same for every square of a position, given to each compiled notation; given
    nothing, each lets go of the position it was given."""
    for plan in plans:
        plan.bind(*(state or (None,) * 8))


def _each_light(position: Position, me: int, runs: list[Any], gates: list[Any], quiet: list[Any], kinds: int, work: list[Any],
                only: list[Any] | None, mine: list[Any], friends: list[bool],
                origins: tuple[int, ...] | None = None, remembered: list[Any] | None = None) -> bool:
    """Run every piece of the side to move (and every heap) of ``position`` by its kind's compiled
    ``run`` (each of the board's ``kinds`` has one); ``False`` as soon as a run stopped or at a piece
    of another kind (a typed notation's), ``True`` once all ran. A piece whose kind's every first
    step would land on a friend (its ``gate``: the squares, by square, from which :func:`first_steps`
    says every way begins) is not run: it has no move. With ``only`` (captures compulsory:
    ``[capture found, moves set aside]``) the pieces next to an enemy's on a first step run first,
    the others after: once a capture is found, the moves that capture nothing are only counted, not
    kept, and a piece of a kind whose every capture begins on an enemy's piece (``quiet``,
    :func:`~dagaz_studio.notation.shape.captures_on_enemy_first`) is not run at all; the pieces run
    after the others are looked up first in what ``remembered`` keeps (by kind: :func:`remembered_run`),
    where given. With
    ``origins`` (the squares any kind's run can begin on) only those are looked at. ``mine`` says, by
    square, whether it holds a piece that moves for the side to move (its own or a heap): only those run;
    ``friends``, whether it holds the side to move's own piece (a heap is nobody's)."""
    # A heap belongs to nobody (player -1): it moves by its notation for the side to move. Each
    # run puts the board back as it was, so the cells are read as the loop goes.
    cells: list[Any] = position.cells
    limit = _LIMIT
    work[1] = limit
    first = only is not None
    later = []
    # The squares of the pieces that move (of ``origins``, where given), found without a loop of Python.
    squares = compress(range(len(cells)), mine) if origins is None else compress(origins, map(mine.__getitem__, origins))
    for origin in squares:
        piece = cells[origin]
        kind = piece[1]
        if kind >= kinds:
            return False
        gate = gates[kind]
        if gate is not None:
            free = False
            for square in gate[origin]:
                if not friends[square]:
                    # Another's piece or an empty square: run now, or (captures compulsory) later.
                    if not first or cells[square] is not None:
                        break
                    free = True
            else:
                # Every first step lands on a friend (no move), or on an empty square (run later).
                if free:
                    later.append(origin)
                continue
        # Each run has a budget of its own, its work counted from nought; the moves of one piece
        # never have the key of another's (a key begins with the square moved from), so one set
        # tells them apart.
        try:
            runs[kind](origin, piece)
        except (Abort, RecursionError):
            return False
        if work[0] >= limit:
            # The run reached its first mark (and was polled): the next starts afresh.
            if work[0] > DEFAULT_BUDGET:
                return False
            work[1] = limit
    for origin in later:
        piece = cells[origin]
        kind = piece[1]
        if only[0] and quiet[kind]:  # type: ignore[index]
            # A capture is found, and this piece, with no enemy on a first step, can capture nothing.
            continue
        try:
            kept = None if remembered is None else remembered[kind](cells, origin, piece, work, position)
            if kept is None:
                runs[kind](origin, piece)
            else:
                # What the run found, gathered as the run gathers it (a key never begins as another
                # square's: nothing to tell apart).
                kept[3].extend(kept[4])
                if kept[5]:
                    only[0] = True  # type: ignore[index]
                work[0] = kept[6]
        except (Abort, RecursionError):
            return False
        if work[0] >= limit:
            if work[0] > DEFAULT_BUDGET:
                return False
            work[1] = limit
    return True


class _KindTable(NamedTuple):
    """What one player's pieces run on a heap or stack board, by kind (:func:`_kind_table`)."""

    #: The compiled ``moves`` of the board's kinds, and each kind's ``run`` and ``gate``, by kind
    #: (``None`` where the traced code runs it).
    plans: list[Any]
    runs: list[Any]
    gates: list[Any]
    #: Whether each kind's captures all begin on an enemy's piece (``quiet_alone``).
    quiet: list[bool]
    #: The squares any kind's run can begin on (``None``: any square).
    origins: tuple[int, ...] | None


@kept
def _kind_tables(rules: CodeRules) -> list[_KindTable]:
    """The compiled notations of each player's kinds on a heap or stack board, worked out once."""
    tables = []
    for player in range(len(rules.board.players)):
        plans: list[Any] = [kind_plan(rules, rules.kind_program(kind, player)) for kind in range(rules.board_kinds)]
        starts: list[Any] = [None if plan is None else plan.origins for plan in plans]
        origins = None if any(start is None for start in starts) else tuple(sorted(set().union(*starts)))
        tables.append(_KindTable(plans, [None if plan is None else plan.run for plan in plans],
                                 [None if plan is None else plan.gate for plan in plans],
                                 [plan is not None and plan.quiet_alone for plan in plans], origins))
    return tables


# --------------------------------------------------------------------------- perft by light records

#: The board rules :func:`kind_perft` applies; a board with any other is counted move by move.
LIGHT_RULES = GameRules(compulsory_capture=True, continue_captures=True, most_captures=True, most_valuable_capture=True,
                        captures_to_hand=True, majority_wins=True)


class _NotLight(Exception):
    """Something :func:`kind_perft` does not count: the caller counts by full moves."""


@kept
def _light_ready(rules: CodeRules) -> bool:
    """Whether every move of this board can be counted by light records: every kind compiled, no
    royal piece, no drop, no labelled move (``[o]``) and only the rules of :data:`LIGHT_RULES`."""
    board = rules.board
    players = range(len(board.players))
    return (not rules.royal_kinds and board.rules.words <= LIGHT_RULES.words
            and all(run is not None for table in _kind_tables(rules) for run in table.runs)
            and not any(survey(kind.notation.body).letters & {"o", "O"}
                        for kind in rules.kinds[: rules.board_kinds] if kind.notation is not None)
            and all(rules.drop_program(kind, player) is None for player in players for kind in range(rules.board_kinds)))


def kind_perft(rules: CodeRules, position: Position, depth: int) -> int | None:
    """Perft of a heap or stack board made and unmade by light records (each move's key: its
    changes, captures and whether the same player moves again), with the board's rules applied as
    :func:`~dagaz_studio.engine.game.legal_moves` applies them; ``None`` when the board needs full
    moves (see :func:`_light_ready`) or a run stopped. The position is as it was afterwards."""
    if not _light_ready(rules) or (position.hands and not rules.board.kind_type.holds_heaps):
        return None
    counter = _LightCounter(rules, position)
    try:
        return counter.perft(depth)
    except _NotLight:
        return None
    finally:
        for table in counter.tables:
            _bind(table.plans)


class _LightCounter:
    """Perft of one position by light records: the compiled notations of both sides bound to the
    position once a position, and let go of at the end (:func:`kind_perft`)."""

    def __init__(self, rules: CodeRules, position: Position) -> None:
        board = rules.board
        self.rules = rules
        self.position = position
        self.players = len(board.players)
        self.tables = _kind_tables(rules)
        #: Whether the board has ``rule: majority-wins`` (on a heap board), ``rule: compulsory-capture``
        #: and rules that choose among captures (:mod:`move_choice`).
        self.majority = board.kind_type.holds_heaps and board.rules.majority_wins and bool(position.hands)
        #: Whether a move takes pieces off the board only by capturing them (``[x]``): no notation
        #: makes a piece (over what stands there), lifts a heap whole as one piece (``&``) or
        #: promotes one (changing its kind's count).
        self.conserving = not any(survey(kind.notation.body).kinds & {Create, Continue, Promote}
                                  for kind in rules.kinds[: rules.board_kinds] if kind.notation is not None)
        #: The pieces on the board and in the stores: a move keeps their number, as what it takes off
        #: the board goes to the mover's store (:func:`store_taken`), so it is counted once.
        self.pieces = (sum(heap_size(cell) for cell in position.cells) + sum(sum(hand) for hand in position.hands)
                       if self.majority else 0)
        self.compulsory = board.rules.compulsory_capture
        #: How the rules that choose among captures read the keys, made once (``None``: no such rule).
        self.choice = _KeyChoice(rules, position) if board.rules.chooses_captures else None
        #: Whether the last ply is counted without its moves (:meth:`counting`): where some notation
        #: can (``tallies``), and no rule chooses among captures, reading the moves themselves.
        self.tallies = self.choice is None and any(plan.tallies for table in self.tables for plan in table.plans)
        self.work = new_work(DEFAULT_BUDGET, None)
        #: On a stack board, by player (and last, for nobody's pieces), whether each square holds one
        #: of the player's pieces: kept as moves are made and unmade, so that a side's pieces are
        #: found without looking at the other's. (Every heap moves for either side: not kept.)
        self.mine: list[list[bool]] | None = None
        #: A heap board's squares, none holding a side's own piece.
        self.nobody = [False] * len(position.cells)
        if not board.kind_type.holds_heaps:
            self.mine = [[False] * len(position.cells) for _ in range(self.players + 1)]
            for square, cell in enumerate(position.cells):
                if cell is not None:
                    self.mine[cell[0]][square] = True
        #: Each player's compiled notations are bound to the position once (its cells change in
        #: place), each with the lists a position's moves are gathered in, emptied after each.
        self.bound: list[tuple[list[Any], set[Any], list[Any] | None]] = []
        #: Each player's records by kind of the pieces run after the others, with no enemy on a first
        #: step (captures compulsory: :func:`_each_light`), remembered by what their runs read
        #: (:func:`remembered_run`): such a run reads few squares, which a move seldom
        #: changes. (A run next to an enemy reads a capture's squares, which moves change often:
        #: remembered, it costs more than it saves.) Not where the last ply is only counted: a
        #: counted run keeps no records.
        self.remembered: list[list[Any] | None] = []
        for player, table in enumerate(self.tables):
            state: tuple[list[Any], set[Any], list[Any] | None] = ([], set(), [False, []] if self.compulsory else None)
            _bind(table.plans, position.cells, player, state[0], state[1], self.work, position, None,
                  rules.dir_letters, state[2])
            self.bound.append(state)
            only = state[2]
            remembering = not self.tallies and all(plan.reads_cells_alone for plan in table.plans)
            self.remembered.append([remembered_run(plan, position, player, (state[0], state[1], only), rules.dir_letters)
                                    for plan in table.plans] if only is not None and remembering else None)

    def legal(self) -> list[tuple[Any, ...]]:
        """The light records of the legal moves."""
        position = self.position
        if self.majority:
            # ``majority_reached``, with the pieces counted once.
            pieces = self.pieces
            if any(2 * sum(hand) > pieces for hand in position.hands):
                return []
        me = position.turn
        found, seen, only = self.bound[me]
        _, runs, gates, quiet, origins = self.tables[me]
        # On a heap board every piece is a heap (or returns at once from its run): every square that
        # holds something is run.
        mine, friends = (position.cells, self.nobody) if self.mine is None else (self.mine[me], self.mine[me])
        if not _each_light(position, me, runs, gates, quiet, self.rules.board_kinds, self.work, only, mine, friends,
                           origins, self.remembered[me]):
            raise _NotLight
        seen.clear()
        if only is not None and not only[0]:
            # No capture found: the moves set aside, each once, in the order found (no capture to choose).
            keys = list(dict.fromkeys(only[1]))
            only[1].clear()
            return keys
        keys = found[:]
        if only is not None:
            only[0] = False
            only[1].clear()
        found.clear()
        if self.choice is not None:
            keys = choose_moves(self.rules.board, keys, self.choice)
        return keys

    def counting(self, on: bool) -> None:
        """Every compiled notation told to count its moves (the last ply: only their number is
        asked) or to keep them."""
        for table in self.tables:
            for plan in table.plans:
                plan.counting(on)

    def perft(self, depth: int) -> int:
        keys = self.legal()
        if depth == 1:
            return len(keys)
        if depth == 2 and self.tallies:
            # The last ply: only the number of moves is asked. (Rules that choose among captures
            # read the moves themselves.)
            self.counting(True)
            try:
                return self.leaves(keys, depth)
            finally:
                self.counting(False)
        return self.leaves(keys, depth)

    def leaves(self, keys: list[tuple[Any, ...]], depth: int) -> int:
        """Perft(``depth``) below each of ``keys``, the position's moves, each made and unmade in turn."""
        position = self.position
        cells = position.cells
        player = position.turn
        following = (player + 1) % self.players
        # Only the mover's store changes: it is put back as it was, in place. The stores are read
        # only by ``majority-wins``; and a move that captures nothing, where no notation makes, lifts
        # as one or promotes pieces, leaves every piece on the board: the store is not looked at.
        store = position.hands[player] if position.hands and self.majority else None
        conserving = self.conserving
        mine = self.mine
        total = 0
        deeper = depth - 1
        for key in keys:
            changes = key[6]
            kept = None
            if store is not None and (key[2] or not conserving):
                kept = store[:]
                store_taken(position, player, changes)
            saved = []
            for square, after in changes:
                before = cells[square]
                saved.append((square, before))
                cells[square] = after
                if mine is not None:
                    if before is not None:
                        mine[before[0]][square] = False
                    if after is not None:
                        mine[after[0]][square] = True
            position.turn = player if key[7] else following
            try:
                total += len(self.legal()) if deeper == 1 else self.perft(deeper)
            finally:
                for square, before in saved:
                    if mine is not None:
                        after = cells[square]
                        if after is not None:
                            mine[after[0]][square] = False
                        if before is not None:
                            mine[before[0]][square] = True
                    cells[square] = before
                position.turn = player
                if kept is not None and store is not None:
                    store[:] = kept
        return total


def remembered_run(plan: Any, position: Position, player: int, state: tuple[list[Any], set[Any], list[Any]],
                   letters: Any) -> Callable[..., Any]:
    """How ``plan``'s run (bound to ``position``'s cells for ``player``, gathering into ``state``:
    captures compulsory) is remembered: the ``known`` of :func:`~dagaz_studio.engine.read_memo.read_memo`,
    as the default board's moves are: while the squares a run read stand as they stood (the square it starts on among them),
    it finds the same records and spends the same work. A run is learnt on a copy of the cells noting
    what is read, gathering apart: its result is the list its records go to (the captures', else
    ``only``'s for the moves that capture nothing), those records, whether they capture and the work
    spent by its end."""
    cells = position.cells
    found, seen, only = state
    run = plan.run

    def learn(reading: ReadingCells, origin: int, piece: Any, work: list[Any], *_: Any) -> tuple[Any, ...]:
        aside: list[Any] = [False, []]
        captures: list[Any] = []
        plan.bind(reading, player, captures, set(), work, position, None, letters, aside)
        try:
            run(origin, piece)
        finally:
            plan.bind(cells, player, found, seen, work, position, None, letters, only)
        # Where the run captures, the moves that capture nothing are not kept: a capture found, they are never listed.
        return (None, found, captures, True, work[0]) if captures else (None, only[1], aside[1], False, work[0])

    return read_memo(learn)[0]


class _KeyChoice(MoveReading[tuple[Any, ...]]):
    """How the rules that choose among moves read the keys of the moves counted here."""

    def __init__(self, rules: CodeRules, position: Position) -> None:
        self.rules, self.position = rules, position

    # A key holds its origin first and its captures, a tuple, third: read by itemgetters, with no call
    # of a method between (the capture rules read every key of a position with a capture).
    origin = itemgetter(0)  # type: ignore[assignment]
    captures = itemgetter(2)  # type: ignore[assignment]

    def value_on(self) -> Callable[[int], Fraction]:
        return values_on(self.rules.board, self.rules.kind_names, self.position.cells)
