"""What an interpreter of one board keeps (:class:`RulesState`), and what every interpreter of the
board shares with the others.

:class:`~dagaz_studio.engine.rules.Rules` is made of parts, one module each, all reading and
writing the state made here: running notations and the compiled fast path (``rules.py``), light
move records (``light_records.py``), attack questions (``attacks.py``), and reach sets and attack
tables (``reach.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dagaz_studio.board.model import OPPOSITE, Board, kept
from dagaz_studio.engine.code_rules import Written, WrittenKey
from dagaz_studio.engine.compiler import Compiled
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.program import Program
from dagaz_studio.engine.run_state import MAX_REPETITION_DEPTH
from dagaz_studio.engine.values import CancelFlag, Work
from dagaz_studio.notation.nodes import (
    Check,
    CountCheck,
    DirectionCheck,
    GroupStep,
    Handler,
    Navigate,
    Notation,
    RunCheck,
    walk,
)
from dagaz_studio.notation.visitor import Visitor

if TYPE_CHECKING:
    from dagaz_studio.board.model import PieceType
    from dagaz_studio.engine.compiler import Abort
    from dagaz_studio.engine.run_state import State
    from dagaz_studio.engine.values import RunResult

#: A way to run a notation fast: its top-level parts in order, each compiled.
Plan = tuple["Compiled", ...]
#: Reach sets and footprints (:class:`~dagaz_studio.engine.reach.ReachTables`), by kind, player and square.
Kept = tuple[dict[tuple[int, int, int], frozenset[int]], dict[tuple[int, int, int], frozenset[int] | None]]


#: Squares times piece kinds past which a board gets no table of where its pieces could capture each
#: square from (building it costs every kind's reach from every square): attack questions look for
#: the pieces on the board instead, as they do for typed pieces.
ATTACK_TABLE_LIMIT = 2_048


class RulesState:
    """The state of an interpreter of one board: its board's tables, the programs and code it has
    made, and what its attack questions keep. The parts of :class:`~dagaz_studio.engine.rules.Rules`
    build on it."""

    def __init__(self, board: Board, handlers: dict[int, Callable[[Position, int, int], bool]] | None = None) -> None:
        self.board = board
        self.kinds = list(board.pieces.values())
        #: How many of :attr:`kinds` are the board's own; typed kinds (:meth:`custom_kind`) follow.
        self.board_kinds = len(self.kinds)
        self.kind_names = [piece.name for piece in self.kinds]
        self.kind_index = {name: i for i, name in enumerate(self.kind_names)}
        self.dir_letters = list(board.directions.keys())
        self.dir_index = {letter: i for i, letter in enumerate(self.dir_letters)}
        self.neighbours = [tuple(board.directions[letter]) for letter in self.dir_letters]
        self.opposite: list[int | None] = [self.dir_index.get(OPPOSITE[letter]) for letter in self.dir_letters]
        self.handlers = handlers or {}
        self.royal_kinds = frozenset(i for i, piece in enumerate(self.kinds) if piece.royal)
        #: The kinds whose last piece lost loses the game (``extinction``).
        self.extinction_kinds = frozenset(i for i, piece in enumerate(self.kinds) if piece.extinction)
        #: How few of one of them lose (``end extinction: below N``; 1: none left).
        self.extinction_below = next((end.count for end in board.ends if end.kind == "extinction" and end.count), 1)
        self._custom: dict[tuple[str, str], int] = {}
        self._programs: dict[tuple[str, int, str | None, bool], Program] = {}
        # Where the board's own pieces could capture from each square, and what could capture each
        # square, are the same for every interpreter of the board: worked out once, kept with it
        # (unless handlers, which an interpreter brings with it, take part). Typed kinds keep theirs here.
        share = board_share(board) if not self.handlers else _BoardShare()
        self._reach: dict[tuple[int, int, int], frozenset[int]] = share.reach
        self._attackers: dict[tuple[int, int], list[tuple[int, frozenset[int]]]] = share.attackers
        players = len(board.players)
        #: Per player, the other players (whose pieces ``[a]`` asks about), and the stand-in piece of
        #: that player put on an empty square an attack question asks about.
        self.others = [tuple(p for p in range(players) if p != me) for me in range(players)]
        self._blanks = [Piece(p, -1, True) for p in range(max(1, players))]
        self._asked: dict[tuple[int, int], int] = {}
        #: The players whose tables a square asked about often has earned, each with how far through
        #: its kinds and squares the reach sets are known (``ReachTables._reach_more``).
        self._earning: dict[int, int] = share.earning
        #: The players whose pieces' reach is worked out from every square (one table was built).
        self.tabled: set[int] = share.tabled
        #: The reach sets and footprints of the board's kinds, then those of the typed kinds: indexed
        #: by whether a kind is typed.
        self._kept: tuple[Kept, Kept] = ((self._reach, share.footprints), ({}, {}))
        #: The code written for each notation (:func:`compile_notation`): the same for every interpreter
        #: of the board, each of which loads it with itself as ``R``. Its constants (tables, the first
        #: steps' rays a pruned question works out as it goes) are shared with it.
        self.written: dict[WrittenKey, Written] = share.written
        #: The rays and targets of the notations bulk work answers quickly (:mod:`quick_shapes`).
        self.quick_tables = share.quick
        #: What a rich light record's move changes, worked out once for the squares it reads as they
        #: stand (the light path's; bounded).
        self.rich_known: dict[Any, Any] = {}
        # What the light path works out as it goes, read by it at every position:
        #: per player, each kind's :meth:`light_maker` (looked up once per piece);
        self.light_makers: list[dict[int, Any]] = [{} for _ in range(max(1, players))]
        #: per player, each kind's way of counting its moves at perft's last ply (the ``quick_count``
        #: of its :meth:`light_maker`), or ``None``;
        self.light_counts: list[dict[int, Any]] = [{} for _ in range(max(1, players))]
        #: per kind, what its light records may hold (:meth:`record_shape`);
        self.record_shapes: dict[int, tuple[bool, bool]] = {}
        #: per player, each kind's drop as :mod:`~dagaz_studio.engine.light_drops` makes it.
        self.light_drop_makers: list[dict[int, Any]] = [{} for _ in range(max(1, players))]
        #: Whether the notations of the kinds known read the board alone (:meth:`board_only_attacks`).
        self._board_only: tuple[int, bool] | None = None
        #: Per player, where each kind could never move again, and the kinds whose moves never go
        #: there (:meth:`stuck_squares`).
        self._stuck: list[tuple[tuple[frozenset[int], ...], frozenset[int]] | None] = [None] * max(1, players)
        self._unsteady: dict[tuple[int, int, bool, frozenset[int]], list[tuple[int, frozenset[int]]]] = {}
        #: Whether attack questions look for the pieces on the board rather than in tables.
        self.scans = len(board.squares) * max(1, self.board_kinds) > ATTACK_TABLE_LIMIT
        self._attack_fns: dict[tuple[int, int], Any] = {}
        self._probe_fns: dict[tuple[int, int], Any] = {}
        #: The reach programs of :meth:`step_rays`, by step node (kept beside it), direction and player.
        self._ray_programs: dict[tuple[int, str, int], tuple[Any, Program]] = {}
        #: The cancel flag of the run (or question) under way: working out what a piece could ever
        #: reach, for its attack questions, looks at it too (a board's tables take a while to build).
        self.asking: CancelFlag | None = None
        #: Whether the attack question looking for candidates is asked by a run with a budget: it then
        #: never works out a table of every kind's reach from every square (see :meth:`candidates`).
        self.budgeted = False
        self._setup_counts: list[list[int]] | None = None

    def program(self, notation: Notation, player: int, piece: PieceType | None = None,
                reach_mode: bool = False) -> Program:
        """The notation for ``player`` (cached); raises NotationError for names the board lacks."""
        key = (notation.text, player, piece.name if piece else None, reach_mode)
        if key not in self._programs:
            self._programs[key] = Program(self, notation, player, piece, reach_mode)
        return self._programs[key]

    def kind_program(self, kind: int, player: int) -> Program:
        """The compiled move of a board piece type for a player."""
        piece = self.kinds[kind]
        return self.program(piece.notation, player, piece)

    @staticmethod
    def _stop_reason(stop: Abort | RecursionError, work: Work, start: int = 0) -> str:
        """What a run says when it stops where the compiled run stopped (or where it nested deeper than
        Python's stack allows, at the limit raised for the run)."""
        if isinstance(stop, RecursionError):
            return f"stopped after {work[0] - start:,} steps: the notation nests too deeply"
        if stop.message is not None:
            return stop.message
        if stop.kind == "budget":
            return f"stopped after {work[2] - start:,} steps — the notation may repeat without end"
        if stop.kind == "depth":
            return (f"stopped after {work[0] - start:,} steps: repetitions nested more than "
                    f"{MAX_REPETITION_DEPTH:,} deep — the notation may repeat without end")
        return "cancelled"

    if TYPE_CHECKING:
        # What the parts ask of one another (each defined in its own part; declared here for the type
        # checker only, so that each part's module reads on its own).
        def plan(self, program: Program, cancel: CancelFlag | None = None) -> Plan | None: ...
        def _start(self, st: State, square: int, entry: Callable[[State], None], result: RunResult,
                   drop: Piece | None = None) -> None: ...
        def traced_run_code(self, program: Program, cancel: CancelFlag | None = None) -> Callable[..., None]: ...
        def light_maker(self, kind: int, player: int) -> Any: ...
        def probe_fn(self, kind: int, player: int) -> Any: ...
        def reach_run(self, program: Program, square: int) -> tuple[frozenset[int], frozenset[int]]: ...
        def scan_cost(self) -> int: ...
        def reach(self, kind: int, player: int, square: int) -> frozenset[int]: ...
        def candidates(self, cells: list[Piece | None], square: int, player: int) -> list[int]: ...


class _BoardShare:
    """What every interpreter of one board works out alike: where each of the board's own piece kinds
    could capture from each square (and the squares that could matter to it), the tables of what
    could capture each square, the players whose tables are all built, and the players whose
    tables are being earned (with how far through their kinds and squares the reach sets are known)."""

    __slots__ = ("reach", "footprints", "attackers", "tabled", "earning", "written", "quick")

    def __init__(self) -> None:
        self.written: dict[WrittenKey, Written] = {}
        self.reach: dict[tuple[int, int, int], frozenset[int]] = {}
        self.footprints: dict[tuple[int, int, int], frozenset[int] | None] = {}
        self.attackers: dict[tuple[int, int], list[tuple[int, frozenset[int]]]] = {}
        self.tabled: set[int] = set()
        self.earning: dict[int, int] = {}
        self.quick: dict[tuple[str, int] | tuple[str, int, int], tuple[str, Any]] = {}


@kept
def board_share(board: Board) -> _BoardShare:
    """The share of ``board`` (made at its first interpreter), kept with it but not pickled with it:
    a board in the board cache or sent to perft's workers carries no tables or written code.
    Interpreters on several threads may use it at once: each entry is a whole value, worked out
    alike by whoever comes first."""
    return _BoardShare()


def reads_history(notation: Notation) -> bool:
    """Whether the notation asks about more than the board: the previous move, labels, handlers."""
    return reads_checks(notation, "lLtToO", history=True)


#: What :func:`reads_checks` found, by the notation's text and the question: asked for every reach
#: set, stopped run and attack table, which walking the notation each time would make cost more.
_READS: dict[tuple[str, str, bool], bool] = {}
#: Forgotten past this many answers (typing a notation makes a new one at each keystroke).
_READS_KEPT = 4096


def reads_checks(notation: Notation, letters: str, history: bool = False) -> bool:
    """Whether the notation has a check of one of ``letters`` (with ``history``, or anything else that
    reads the game's history: handlers, runs of moves, counts of a type, group 0)."""
    key = (notation.text, letters, history)
    known = _READS.get(key)
    if known is None:
        if len(_READS) >= _READS_KEPT:
            _READS.clear()
        reader = _Reads(letters, history)
        known = _READS[key] = any(reader.visit(node) for node in walk(notation))
    return known


class _Reads(Visitor[bool]):
    """Whether one node reads what :func:`reads_checks` asks about."""

    def __init__(self, letters: str, history: bool) -> None:
        self.letters = letters
        self.history = history

    def visit_check(self, node: Check) -> bool:
        return node.letter in self.letters

    def visit_handler(self, node: Handler | RunCheck) -> bool:
        return self.history

    visit_run_check = visit_handler

    def visit_count_check(self, node: CountCheck) -> bool:
        return self.history and node.piece is not None

    def visit_group_step(self, node: GroupStep | DirectionCheck) -> bool:
        return self.history and node.group == 0

    visit_direction_check = visit_group_step

    def visit_navigate(self, node: Navigate) -> bool:
        return self.history and any(step.group == 0 for step in node.path)

    def visit_other(self, node: object, *context: object) -> bool:
        return False
