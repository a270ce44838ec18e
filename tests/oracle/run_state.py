"""What the step-by-step oracle (:mod:`tests.oracle.runner`) adds to the engine's run state
(:class:`~dagaz_studio.engine.run_state.State`): the exceptions that unwind its runs, and what a run and
the parts of the runner ask of one another: what a run asks of its interpreter (:class:`Interpreter`,
which :class:`~tests.oracle.rules.OracleRules` is), and what a board kind's own actions are and ask of
the program they are compiled into (:class:`KindActions`, :class:`Compiling`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.engine.compiler import POLL_EVERY
from dagaz_studio.engine.position import LastMove, Position
from dagaz_studio.engine.run_state import MAX_REPETITION_DEPTH, Stop
from dagaz_studio.engine.run_state import State as TracedRunState
from dagaz_studio.engine.values import DEFAULT_BUDGET, NO_LABELS, CancelFlag
from dagaz_studio.notation.collection import collect_young
from dagaz_studio.notation.nodes import Lift, Put, Span

__all__ = ["AttackFound", "BUILD_LOOK_EVERY", "CANCEL_EVERY", "Compiling", "Cont", "Held", "Interpreter", "ItemCont",
           "KindActions", "MAX_REPETITION_DEPTH", "NO_LABELS", "RunProbeSucceeded", "State", "Stop"]

#: How often (in units of work) a run looks at its cancel flag, as the engine's written code does.
CANCEL_EVERY = POLL_EVERY

#: Parts of a notation built into closures between two looks at the cancel flag of the reading.
BUILD_LOOK_EVERY = 64


class State(TracedRunState):
    """The mutable state of one run of the runner: the engine's run state, which the events and the
    completed moves read, with what the runner's closures keep of their own (groups, repetition
    counters, progress, the look-ahead stack, what a completed move does, attack and reach mode).
    Every part restores what it changed when it returns."""

    __slots__ = ("groups", "gmarks", "counters", "marks", "progress", "serial", "navstack", "on_complete",
                 "attack_mode", "reach", "footprint", "next_poll", "prev", "budget", "cancel", "origin",
                 "mover_in_hand", "position", "mover_sq", "mover_dir", "partial_start", "labels", "promotion",
                 "again", "null")

    def __init__(self, rules: Interpreter, position: Position, me: int, slots: int, groups: int) -> None:
        super().__init__(rules, position, me)
        self.position = position
        self.groups: list[int | None] = [None] * (groups + 1)
        self.gmarks: list[int] = [0] * (groups + 1)
        self.counters: list[int] = [0] * slots
        self.marks: list[int] = [0] * slots
        self.next_poll = CANCEL_EVERY
        self.progress = 0
        self.serial = 0
        self.navstack: list[int] = []
        self.on_complete: Callable[[State], None] = _ignore
        self.attack_mode = False
        self.reach: set[int] | None = None
        self.footprint: set[int] | None = None
        #: The previous partial move (``[l]``, ``[t]``), the work the run may spend and its cancel flag.
        self.prev: LastMove | None = position.last_move
        self.budget = DEFAULT_BUDGET
        self.cancel: CancelFlag | None = None
        #: The square the move began from (``[b]``), and whether the moving piece is in hand (from the
        #: run's start, which lifts it, until it is put down).
        self.origin = 0
        self.mover_in_hand = False
        #: What a completed move is kept with (:func:`~dagaz_studio.engine.completion.keep_move`): where
        #: the moving piece stands and its last direction, where its last partial move began, the
        #: labels of its ``[o]``, its promotion, whether the mover moves again (``[k]``) and whether
        #: the move counts though it changes nothing (``[n]``).
        self.mover_sq = 0
        self.mover_dir: int | None = None
        self.partial_start = 0
        self.labels: list[str] = []
        self.promotion: str | None = None
        self.again = False
        self.null = False

    def spend(self, units: int = 1) -> None:
        self.work += units
        if self.work > self.budget:
            raise Stop(f"stopped after {self.budget:,} steps — the notation may repeat without end")
        if self.work >= self.next_poll:
            # Every few hundred units, however they were added (attack questions add theirs at once).
            self.next_poll = self.work + CANCEL_EVERY
            collect_young()
            if self.cancel is not None and self.cancel.is_set():
                raise Stop("cancelled")


    def touch(self, square: int) -> bool:
        """Remember what ``square`` held before this way through changed it; ``True`` when this is the
        first change there on the way (the caller forgets it again with :meth:`untouch` on its way back,
        so the squares a completed move compares are only those of its own way, not of every way tried)."""
        if square not in self.touched:
            self.touched[square] = self.cells[square]
            return True
        return False

    def untouch(self, square: int, first: bool) -> None:
        if first:
            del self.touched[square]


def _ignore(_state: State) -> None:
    return None


#: What a part of a compiled notation calls for every way it succeeds: the rest of the notation.
Cont = Callable[[State], None]
#: The same for a bracket item, given the square it acted on.
ItemCont = Callable[[State, int], None]


class Held(Exception):
    """The checks of a negated look (``!(…)>N``) all held: the look fails."""


class AttackFound(Exception):
    pass


class RunProbeSucceeded(Exception):
    pass


class Interpreter(Protocol):
    """What a run asks of the interpreter that runs it: the board, its kinds and directions as
    indexes, the handlers it brings, and two questions."""

    @property
    def board(self) -> Board: ...
    @property
    def kinds(self) -> Sequence[PieceType]: ...
    @property
    def kind_names(self) -> Sequence[str]: ...
    @property
    def kind_index(self) -> Mapping[str, int]: ...
    @property
    def dir_letters(self) -> Sequence[str]: ...
    @property
    def dir_index(self) -> Mapping[str, int]: ...
    @property
    def neighbours(self) -> Sequence[tuple[int | None, ...]]: ...
    @property
    def opposite(self) -> Sequence[int | None]: ...
    @property
    def handlers(self) -> Mapping[int, Callable[[Position, int, int], bool]]: ...

    def setup_count(self, player: int, kind: int) -> int:
        """How many pieces of ``kind`` the board's setup gives ``player``."""

    def square_attacked(self, st: State, square: int, by_enemy: bool) -> bool:
        """``[a]``/``[s]`` asked by a run: whether an enemy (or a friend) could capture on ``square``."""


class Compiling(Protocol):
    """What a board kind's actions ask of the program they are compiled into: its interpreter, and the
    default board's lift and capture, which a kind may build on."""

    @property
    def rules(self) -> Interpreter: ...

    def _lift(self, node: Lift, k: Cont) -> Cont: ...

    def _capture(self, span: Span, k: ItemCont,
                 said: Callable[[State, Span, Any, int], None] = ...) -> ItemCont: ...


class KindActions(Protocol):
    """A board kind's own lift, put, capture and implicit end: the module that gives them
    (:mod:`heap_actions`, :mod:`stack_actions`)."""

    def lift(self, program: Compiling, node: Lift, k: Cont) -> Cont:
        """``^``: what the kind lifts into the hand."""

    def put(self, program: Compiling, node: Put, k: Cont) -> Cont:
        """``|``: what the kind puts from the hand."""

    def capture(self, program: Compiling, span: Span, k: ItemCont) -> ItemCont:
        """``[x]``: what the kind takes off the board."""

    def finish_hand(self, st: State, span: Span | None, k: Cont) -> None:
        """The implicit end: where what is still in hand goes."""
