"""How much work the window gives the selected piece's run: the engine's budget, or more once the user
asks a run that spent it to go on.

A run that spends its budget is stopped as a notation that may repeat without end, but it may only
have a great many ways (a Frisian King among a score of enemies takes them in thousands of orders).
The status then offers to run it longer; the larger budget holds for the piece it was given to until
the selection, the position, the board or the notation changes.
"""

from __future__ import annotations

from collections.abc import Hashable

from dagaz_studio.engine import DEFAULT_BUDGET
from dagaz_studio.queries import MovesAnswer
from dagaz_studio.queries.run_stopped import LONGER, MOST_WINDOW_BUDGET, longer_than

__all__ = ["LONGER", "MOST_WINDOW_BUDGET", "RunBudget", "budget_sentence", "can_run_longer", "longer_budget",
           "reading_sentence"]


def can_run_longer(reply: MovesAnswer) -> bool:
    """Whether ``reply``'s run stopped having spent its budget, and the window may give it more."""
    return reply.stopped is not None and reply.budget_spent and reply.query.budget < MOST_WINDOW_BUDGET


def longer_budget(reply: MovesAnswer) -> int:
    """The budget a run longer than ``reply``'s is given."""
    return longer_than(reply.query.budget, MOST_WINDOW_BUDGET)


def budget_sentence(reply: MovesAnswer) -> str:
    """What the status says of ``reply``'s budget (empty for a run given the usual one that did not
    spend it)."""
    budget = reply.query.budget
    if reply.stopped is not None and reply.budget_spent:
        if budget >= MOST_WINDOW_BUDGET:
            return (f"It spent {budget:,} units of work, the most the window gives (the moves command's "
                    "--budget gives more).")
        return f"It spent its {budget:,} units of work: a piece with a great many ways may end given more."
    if budget != DEFAULT_BUDGET:
        return (f"The run was given {budget:,} units of work, kept for this piece until the position, the "
                "board or the notation changes.")
    return ""


def reading_sentence(budget: int) -> str:
    """What the "Play move" field says of a name that could not be read because a piece's run spent
    ``budget``: how to let it go further."""
    if budget >= MOST_WINDOW_BUDGET:
        return (f"{budget:,} units of work are the most the window gives a run (the moves command's "
                "--budget gives more).")
    return (f"A piece with a great many ways may end given more work: Run {LONGER}× longer reads the name "
            f"again with {longer_than(budget, MOST_WINDOW_BUDGET):,} units for each run.")


class RunBudget:
    """The budget given to one selection (a square, or a piece in hand) beyond the engine's."""

    def __init__(self) -> None:
        self._given: tuple[Hashable, int] | None = None

    def for_selection(self, selection: Hashable) -> int:
        """The budget a run of ``selection`` is given."""
        if self._given is not None and self._given[0] == selection:
            return self._given[1]
        return DEFAULT_BUDGET

    def given(self) -> int:
        """The budget given to whichever piece has it (the engine's if none): the position is the same,
        so the whole side's moves, worked out for another question, are given it too."""
        return self._given[1] if self._given is not None else DEFAULT_BUDGET

    def give_longer(self, selection: Hashable, reply: MovesAnswer) -> bool:
        """Give ``selection`` more work than ``reply``'s run spent; whether there was more to give."""
        if not can_run_longer(reply):
            return False
        self._given = (selection, longer_budget(reply))
        return True

    def forget(self) -> None:
        """Back to the engine's budget (the position, board or notation changed)."""
        self._given = None
