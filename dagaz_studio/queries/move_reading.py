"""Reading a move's name, typed by a person, against the legal moves of a position."""

from __future__ import annotations

from dataclasses import dataclass

from dagaz_studio.board.model import Board
from dagaz_studio.engine import DEFAULT_BUDGET, CancelFlag, Move, Position, Rules, RunawayNotation, legal_moves
from dagaz_studio.names import MoveNameError, MoveNames


@dataclass(frozen=True)
class MoveNameQuery:
    """A typed move name to read on ``position`` (whose side to move plays it), named back in ``style``;
    each piece's run, working out the legal moves, may spend ``budget``."""

    board: Board
    position: Position
    text: str
    style: str | None = None
    serial: int = 0
    budget: int = DEFAULT_BUDGET


@dataclass
class MoveNameAnswer:
    """The move a :class:`MoveNameQuery`'s text names and its name, or the reader's ``error``."""

    query: MoveNameQuery
    move: Move | None = None
    name: str = ""
    error: str | None = None
    candidates: tuple[str, ...] = ()
    #: Whether the legal moves could not be worked out for a run that spent its budget (a larger one
    #: may let it end), rather than one that nested too deeply or was cancelled.
    budget_spent: bool = False

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def read_move_name(rules: Rules, query: MoveNameQuery, cancel: CancelFlag | None = None) -> MoveNameAnswer:
    """Read ``query.text`` against the legal moves of its position."""
    answer = MoveNameAnswer(query)
    position = query.position.copy()
    try:
        legal = legal_moves(rules, position, None, cancel, budget=query.budget)
    except RunawayNotation as error:
        answer.error = f"the legal moves cannot be worked out: {error}"
        answer.budget_spent = error.budget_spent
        return answer
    names = MoveNames(rules, position, legal, query.style)
    try:
        move = names.read(query.text)
    except MoveNameError as error:
        answer.error, answer.candidates = error.message, error.candidates
        return answer
    answer.move, answer.name = move, names.name(move)
    return answer
