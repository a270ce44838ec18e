"""Fairy-Stockfish's walling rules as a board file says them: after every move the mover places a
wall (``wallingRule = arrow``: where the moved piece could move from its landing square, as the
Amazons' arrow; ``static``: on any empty square), or moves the Duck (``duck``): a neutral piece that
the mover takes from wherever it stands and puts on another empty square. ``wallingRegion`` (and its
``White`` and ``Black`` forms) limits where a wall, or the Duck, may be placed; ``past`` leaves its wall
where the piece stood, so it moves only a piece standing in the region (movegen.cpp).

From the square the move lands on, the moving piece put down (``|``: onto no friend and not onto
the Duck), a walk that reaches every other square once (east or west, then north or south; or
straight north or south) finds the Duck and destroys it (``[d]``; a board without one yet skips
that, ``?+``), then, from its square, the same walk goes to any empty square but that one and makes
a Duck there (``[*Duck]``); a static wall is made by the same walk.
"""

from __future__ import annotations

from collections.abc import Callable

from dagaz_studio.notation import parse_notation
from dagaz_studio.variants_ini.values import Square, read_region, shift_groups

#: Every square but the one the walk starts from, each reached once.
ANYWHERE = "(((E)+;(W)+)((N)*;(S)+);(N)+;(S)+)"

#: The walling rules this module writes a move for.
WALLING_RULES = ("none", "past", "duck", "arrow", "static")


def duck_lines() -> list[str]:
    """The Duck's piece, and how it is drawn."""
    return ["piece Duck * neutral: [P]", "draw: blocks Duck"]


def duck_move(notation: str, region: bool = False) -> str:
    """A piece's notation (its groups shifted by one) followed by the Duck's move; ``region``: onto a
    square of the zone ``walling`` only."""
    onto = "[p,@walling]" if region else "[p]"
    return f"({notation})[F,!=Duck] | ({ANYWHERE}[=Duck,d])?+{ANYWHERE}{onto}[*Duck]"


def walled_move(walling: str, notation: str, quiet: Callable[[], str], region: bool) -> str:
    """A piece's notation (its groups shifted by one) followed by the wall its move places, for a
    walling rule of :data:`WALLING_RULES` but ``none`` and ``past``: ``quiet`` gives the piece's moves
    that take nothing (the arrow's flight), ``region`` whether a zone ``walling`` limits the wall."""
    if walling == "duck":
        return duck_move(notation, region)
    wall = ("[p,@walling]" if region else "[p]") + "[*Wall]"
    # The piece is put down (|) onto no friend, as the implicit landing it replaces would be.
    if walling == "static":
        return f"({notation})[F] | {ANYWHERE}{wall}"
    # The flight's groups come after the move's (alternatives sharing their numbers) and its own group's.
    return f"({notation})[F] | ({shift_groups(quiet(), parse_notation(notation).group_count + 2)}){wall}"


def walling_region(options: dict[str, str], walling: str, section: str, files: int,
                   ranks: int) -> tuple[set[Square], set[Square]] | None:
    """White's and Black's squares a wall may be placed on (``wallingRegion``, ``wallingRegionWhite``,
    ``wallingRegionBlack``), or ``None`` where no option limits them."""
    # Each side's region, named by the option that gave it (a side's own, else the one for both).
    given = {side: next(((option, options[option].strip()) for option in (f"wallingRegion{side}", "wallingRegion")
                         if options.get(option, "").strip()), None) for side in ("White", "Black")}
    if not any(given.values()) or walling == "none":
        return None  # no wall is placed: Fairy-Stockfish reads the region only for a walling rule (movegen.cpp)
    every = {(f, r) for f in range(files) for r in range(1, ranks + 1)}
    white, black = (read_region(value[1], value[0], section, files, ranks) if value else every
                    for value in given.values())
    return white, black
