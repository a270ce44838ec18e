"""Fairy-Stockfish's ``blastOnCapture`` (atomic chess) in the notation.

Fairy-Stockfish (position.cpp) makes a capture explode: the capturing piece and every piece on the
eight squares around the square of the capture are removed, of either side, except its ``pawn``
piece type (a pawn is removed only where it captures or is captured). A move may not blow up the
mover's own royal piece, so no piece takes a piece beside its own royal one, and a royal piece
never captures; blowing up the enemy's royal piece wins.

The board file says it as ``boards/chess/atomic-chess.board`` does (notation guide §7.11): after a
capture, a negated look at each neighbour for a friendly royal piece (``!(f,=King)>N``), then the
capturing piece put down and destroyed (``|[d]``), then each neighbour that is not a pawn destroyed
(``[(P,!=Pawn,d)>N]?+``).
"""

from __future__ import annotations

from collections.abc import Iterable

#: The eight directions around a square, as the imported board files name them.
AROUND = "NOETSRWM"


def explosion(royal: Iterable[str], pawns: Iterable[str], immune: bool = False) -> str:
    """The notation of an explosion on the cursor's square, the capturing piece still in hand:
    ``royal`` names the piece types that may not stand beside it on the mover's side, ``pawns``
    those the blast spares around it (the pawns, and ``blastImmuneTypes``); ``immune``: the
    capturing piece is one of those the blast spares, and stays where it lands."""
    looks = [f"!(f,={name})>{direction}" for name in royal for direction in AROUND]
    spared = "".join(f",!={name}" for name in pawns)
    parts = [f"[{','.join(looks)}]"] if looks else []
    parts.append("|" if immune else "|[d]")
    parts += [f"[(P{spared},d)>{direction}]?+" for direction in AROUND]
    return " ".join(parts)


def exploding(notation: str, blast: str, royal: bool, spares: Iterable[str] = ()) -> str:
    """A piece's whole notation (wrapped in a group: ``\\k`` references shifted by the caller) made
    to explode where it captures on the square it lands on; a royal piece, which would blow itself
    up, only moves to empty squares. ``spares`` names the pieces it may not take (Fairy-Stockfish's
    ``mutuallyImmuneTypes``: those of its own type)."""
    if royal:
        return f"({notation})[p]"
    taken = f"[e{''.join(f',!={kind}' for kind in spares)}]"
    return f"({notation})([p];{taken} {blast})"
