"""The smallest board file with a royal piece and a rider, for tests of the statements a board file holds."""

from __future__ import annotations

#: A 3×3 board: White's King on a1, Black's on c3, a Rook type to name; its test statements follow it.
TINY = """tiny
grid: a-c x 3-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
piece King K royal: +
piece Rook R: (+)([p]\\1)*
setup: 2k/3/K2 w
"""
