"""Where Fairy-Stockfish lets a piece take en passant: on a square it attacks but cannot move to quietly.

movegen.cpp takes en passant on ``attacks & ~quiets & ep_squares``: a piece whose Betza says ``e``
anywhere takes so by its capture-only moves, but not on a square one of its quiet moves reaches from
where it stands, whatever the capture would take. A capture that lands where a quiet move of the
piece always lands too (``mWceR`` one square aside) takes nothing so there; where a quiet move lands
only on some boards (a rider's blocked on the way, a capture's path open), the piece has no notation.
"""

from __future__ import annotations

from dataclasses import replace

from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.fsf_reach import Landing, landing_text, spelt_out
from dagaz_studio.betza.model import Leg, Shape


def taking_en_passant(shapes: list[Shape]) -> list[Shape]:
    """The shapes with every capture-only move also taking en passant where Fairy-Stockfish takes so.

    Raises TranslationError where whether it takes en passant depends on what stands in the way of a
    quiet move landing there.
    """
    quiet = [landing for shape in shapes if "m" in shape.legs[-1].modes and not shape.castling
             for landing in (spelt_out(_only(shape, "m")) or ())]
    out: list[Shape] = []
    for shape in shapes:
        last = shape.legs[-1]
        if last.modes != frozenset({"c"}) or shape.castling:
            out.append(shape)
            continue
        taking = replace(shape, legs=shape.legs[:-1] + (replace(last, modes=frozenset({"c", "e"})),))
        landings = spelt_out(_only(shape, "e"))
        if landings is None:
            out.append(taking)  # no one-leg move: Fairy-Stockfish does not read it (named elsewhere)
            continue
        kept = {landing for landing in landings if not _quiet_there(landing, quiet)}
        if kept == landings:
            out.append(taking)
            continue
        out.append(shape)
        # Each landing left, said as a leap over the squares it asks for (on the largest board).
        out.extend(Shape((Leg(landing.end, 1, frozenset({"e"}), lame_path=tuple(sorted(landing.empty)),
                              screen_path=tuple(sorted(landing.occupied))),), shape.initial)
                   for landing in sorted(kept, key=lambda landing: landing.end))
    return out


def _only(shape: Shape, mode: str) -> Shape:
    last = shape.legs[-1]
    return replace(shape, legs=shape.legs[:-1] + (replace(last, modes=frozenset({mode})),))


def _quiet_there(landing: Landing, quiet: list[Landing]) -> bool:
    """Whether a quiet move lands where ``landing`` does whenever it can be made (then it takes nothing
    en passant); TranslationError where a quiet move lands there only on some boards."""
    # A quiet move that needs empty a square the capture hops over (or the other way round) never
    # lands there when the capture does.
    there = [other for other in quiet if other.end == landing.end and not other.empty & landing.occupied
             and not other.occupied & landing.empty]
    if any(not other.initial and other.empty <= landing.empty and other.occupied <= landing.occupied
           for other in there):
        return True
    if there:
        where = " or on where the piece stands" if there[0].initial else ""
        raise TranslationError(f"Fairy-Stockfish takes en passant only where the piece has no quiet move: whether "
                               f"it takes {landing_text(landing)} hangs on what stands in the way of its quiet move "
                               f"there ({landing_text(there[0])}){where}, which the notation cannot ask")
    return False


__all__ = ["taking_en_passant"]
