"""Why a run stopped, said alike by the Tests panel, the Compare tab and the commands: a run that
spent its budget says so plainly, for a piece that only has a great many ways (a long-range piece
among many enemies taking them in thousands of orders) stops there as one that repeats without end
does; and how much more work a run may be given, by the window and by a command's ``--budget``."""

from __future__ import annotations

from dagaz_studio.engine import DEFAULT_BUDGET

__all__ = ["LONGER", "MOST_BUDGET", "MOST_WINDOW_BUDGET", "longer_than", "stopped_said"]

#: How many times more work each "run longer" gives, and each ``--budget`` a command suggests.
LONGER = 10
#: The most work the window gives one run: about a minute for the slowest runs, each cancellable (a
#: command's ``--budget`` gives more).
MOST_WINDOW_BUDGET = 10_000_000
#: The largest ``--budget``: about an hour of work for the slowest runs.
MOST_BUDGET = 1_000_000_000


def longer_than(budget: int, most: int) -> int:
    """The budget a run longer than one given ``budget`` is given, at most ``most``."""
    return min(budget * LONGER, most)


def stopped_said(reason: str, budget_spent: bool, budget: int = DEFAULT_BUDGET, more_by: str | None = None) -> str:
    """``reason``, why a run stopped, said once (the engine's reasons mostly begin "stopped after …"
    already); with ``budget_spent``, that the run spent the ``budget`` it was given, which a piece with
    a great many ways may need more than. ``more_by``: the command's option that gives more (``--budget``),
    said with the budget that would let the run go further; without it, the window's words."""
    said = reason if "stopped" in reason else f"stopped: {reason}"
    if not budget_spent:
        return said
    given = "a run is given" if budget == DEFAULT_BUDGET else "it was given"
    spent = f" (it spent the {budget:,} units of work {given}"
    if more_by is None:
        return said + spent + ": a piece with a great many ways may end given more)"
    if budget >= MOST_BUDGET:
        return said + spent + f", the most {more_by} gives)"
    return said + spent + (f"; if the piece only has a great many ways, {more_by} "
                           f"{longer_than(budget, MOST_BUDGET)} lets it go further)")
