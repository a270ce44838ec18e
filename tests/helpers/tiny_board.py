"""Small board files with a royal piece and a rider, for tests of the statements a board file holds."""

from __future__ import annotations


def king_and_rook_board(name: str, grid: str, setup: str) -> str:
    """The text of a board file ``name`` of ``grid`` (``a-c x 3-1``) with a King and a Rook type and the
    ``setup`` placement; the statements a test adds follow it."""
    return f"""{name}
grid: {grid}
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
piece King K royal: +
piece Rook R: (+)([p]\\1)*
setup: {setup}
"""


#: A 3×3 board: White's King on a1, Black's on c3.
TINY = king_and_rook_board("tiny", "a-c x 3-1", "2k/3/K2 w")
