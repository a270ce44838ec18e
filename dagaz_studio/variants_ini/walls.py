"""Fairy-Stockfish's Duck (``wallingRule = duck``) as a board file says it: a neutral piece that the
mover, after every move, takes from wherever it stands and puts on another empty square.

From the square the move lands on, the moving piece put down (``|``: onto no friend and not onto
the Duck), a walk that reaches every other square once (east or west, then north or south; or
straight north or south) finds the Duck and destroys it (``[d]``; a board without one yet skips
that, ``?+``), then, from its square, the same walk goes to any empty square but that one and makes
a Duck there (``[*Duck]``).
"""

from __future__ import annotations

#: Every square but the one the walk starts from, each reached once.
ANYWHERE = "(((E)+;(W)+)((N)*;(S)+);(N)+;(S)+)"


def duck_lines() -> list[str]:
    """The Duck's piece, and how it is drawn."""
    return ["piece Duck * neutral: [P]", "draw: blocks Duck"]


def duck_move(notation: str) -> str:
    """A piece's notation (its groups shifted by one) followed by the Duck's move."""
    return f"({notation})[F,!=Duck] | ({ANYWHERE}[=Duck,d])?+{ANYWHERE}[p][*Duck]"
