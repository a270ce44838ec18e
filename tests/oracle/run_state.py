"""What the step-by-step oracle (:mod:`tests.oracle.runner`) adds to the engine's run state
(:class:`~dagaz_studio.engine.run_state.State`): the exceptions that unwind its runs, and what a run and
the parts of the runner ask of one another: what a run asks of its interpreter (:class:`Interpreter`,
which :class:`~tests.oracle.rules.OracleRules` is), and what a board kind's own actions are and ask of
the program they are compiled into (:class:`KindActions`, :class:`Compiling`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.run_state import CANCEL_EVERY, MAX_REPETITION_DEPTH, NO_LABELS, Cont, ItemCont, State, Stop
from dagaz_studio.notation.nodes import Lift, Put, Span

__all__ = ["AttackFound", "BUILD_LOOK_EVERY", "CANCEL_EVERY", "Compiling", "Cont", "Held", "Interpreter", "ItemCont",
           "KindActions", "MAX_REPETITION_DEPTH", "NO_LABELS", "RunProbeSucceeded", "State", "Stop"]

#: Parts of a notation built into closures between two looks at the cancel flag of the reading.
BUILD_LOOK_EVERY = 64


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
                 describe: Callable[[State, Any], str] | None = None) -> ItemCont: ...


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
