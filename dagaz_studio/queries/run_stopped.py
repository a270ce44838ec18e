"""Why a run stopped, said alike by the Tests panel, the Compare tab and the commands: a run that
spent the usual budget says so plainly, for a piece that only has a great many ways (a long-range
piece among many enemies taking them in thousands of orders) stops there as one that repeats
without end does."""

from __future__ import annotations

from dagaz_studio.engine import DEFAULT_BUDGET

__all__ = ["stopped_said"]


def stopped_said(reason: str, budget_spent: bool) -> str:
    """``reason``, why a run stopped, said once (the engine's reasons mostly begin "stopped after …"
    already); with ``budget_spent``, that the run spent the usual budget, which a piece with a great
    many ways may need more than."""
    said = reason if "stopped" in reason else f"stopped: {reason}"
    if budget_spent:
        said += (f" (it spent the {DEFAULT_BUDGET:,} units of work a run is given: a piece with a great many "
                 "ways may end given more)")
    return said
