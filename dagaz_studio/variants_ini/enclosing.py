"""Fairy-Stockfish's enclosing rules (``flipEnclosedPieces``, ``enclosingDrop``) in the notation.

Fairy-Stockfish (position.cpp, position.h) turns enemy pieces after every move that is not a pass:

- ``reversi``: every straight run of enemies, from the square moved to, that a friendly piece
  closes (Othello); written as ``boards/others/othello.board`` writes it, a run out turning enemies
  (``[e,w]``) and back over them, once for each of the eight directions, each run optional;
- ``ataxx``: every enemy on the eight squares around it (``[(e,w)>N]?+`` …);
- ``quadwrangle``: as ataxx after a move of a piece on the board; after a drop only when a friendly
  piece stands next to it.

and lets a piece be dropped (``enclosingDrop``) only where

- ``reversi``: it turns at least one run; while a square of ``enclosingDropStart`` is empty, only on
  those squares instead (Othello's first four discs). On a board with walls (``*``) Fairy-Stockfish
  asks less: an enemy next to it, and a friendly piece closing a run of enemies and walls in some
  line (a wall does not stop the run, where it does stop the turning);
- ``ataxx``: a friendly piece stands next to it;
- ``snort``: no enemy stands next to it orthogonally;
- ``top``: on the first rank or right above a piece (Connect Four, whichever side drops).

Directions here are the board's letters in the imported board file (``N`` up the board as White
sees it); Black's are turned or mirrored by the board's symmetry, so what must be said in board
terms (an edge, "above") is said through zones, one for each player.
"""

from __future__ import annotations

from collections.abc import Callable

from dagaz_studio.variants_ini.ini import IniError

#: The eight directions, and the opposite of each.
DIRECTIONS = ("N", "O", "E", "T", "S", "R", "W", "M")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "O": "R", "R": "O", "M": "T", "T": "M"}
#: Each orthogonal direction as (files, ranks) on the board, White's view.
_VECTOR = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
#: How Black's orthogonal directions land on the board: turned by a half turn, or mirrored top to bottom.
_BLACK = {True: {"N": "S", "S": "N", "E": "W", "W": "E"}, False: {"N": "S", "S": "N", "E": "E", "W": "W"}}

FLIP_RULES = ("reversi", "ataxx", "quadwrangle")
#: Why ``enclosingDrop = anyside`` is refused: Fairy-Stockfish (position.h) takes the lowest square of
#: every line for each edge, which is where a slide stops only from the bottom and from the left.
_ANYSIDE = ("Fairy-Stockfish puts a piece slid in from the top or the right edge on the lowest or leftmost "
            "empty square of its line with a piece or the far edge beyond it, not where the slide stops, "
            "a rule no board file says")
DROP_RULES = ("reversi", "ataxx", "snort", "top")

Square = tuple[int, int]
ZoneLine = Callable[[str, set[Square], set[Square]], str]


def _run(d: str) -> str:
    """One enclosed run: out over enemies, turning them, to a friend, and back to the square."""
    back = OPPOSITE[d]
    return f"{d}[e,w]({d}[e,w])*+{d}[f]({back}[f])*+{back}"


def _wall_run(d: str) -> str:
    """A run out over enemies and walls to a friend, and back, turning nothing."""
    back, over = OPPOSITE[d], "([e];[=Wall])"
    return f"{d}{over}({d}{over})*+{d}[f]({back}{over})*+{back}"


def _turn_neighbours() -> str:
    return " ".join(f"[(e,w)>{d}]?+" for d in DIRECTIONS)


def _friend_beside() -> str:
    return "(" + ";".join(f"[f>{d}]" for d in DIRECTIONS) + ")"


def flips_after_move(rule: str) -> str:
    """What a piece's move ends with under ``flipEnclosedPieces = rule`` (``none``: nothing)."""
    if rule == "none":
        return ""
    if rule == "reversi":
        return " " + " ".join(f"({_run(d)})?+" for d in DIRECTIONS)
    if rule in ("ataxx", "quadwrangle"):
        return " " + _turn_neighbours()
    raise ValueError(rule)


def flips_after_drop(rule: str) -> str:
    """What a drop ends with under ``flipEnclosedPieces = rule``."""
    if rule == "quadwrangle":
        return f" ({_friend_beside()} {_turn_neighbours()})?+"
    return flips_after_move(rule)


def check_rules(section: str, flip: str, drop: str, royal: bool) -> None:
    """Refuse, naming the option, what this module cannot say."""
    if flip not in ("none",) + FLIP_RULES:
        raise IniError(f"option flipEnclosedPieces = {flip} changes the legal moves and is not supported",
                       section=section)
    if drop not in ("none",) + DROP_RULES:
        raise IniError(f"option enclosingDrop = {drop} changes the legal moves and is not supported"
                       + (f": {_ANYSIDE}" if drop == "anyside" else ""), section=section)
    if flip != "none" and royal:
        # Fairy-Stockfish itself refuses kings with flipEnclosedPieces (parser.cpp).
        raise IniError(f"option flipEnclosedPieces = {flip} with a royal piece is not supported: Fairy-Stockfish "
                       "warns of it too (\"Can not use kings with flipEnclosedPieces.\"), as a royal piece turned "
                       "would change side", section=section)


def drop_condition(rule: str, files: int, ranks: int, start: set[Square], turned: bool,
                   zone: ZoneLine, zones: list[str], walls: bool = False) -> str:
    """The checks a drop makes on its square under ``enclosingDrop = rule`` (after ``[p]``), adding
    the zones they ask about to ``zones``; ``walls``: the board has walls (``piece Wall``)."""
    every = {(f, r) for f in range(files) for r in range(1, ranks + 1)}
    if rule == "none":
        return ""
    if rule == "reversi":
        enclose = "(" + "; ".join(_run(d) for d in DIRECTIONS) + ")"
        if walls:
            beside = "(" + ";".join(f"[e>{d}]" for d in DIRECTIONS) + ")"
            enclose = beside + "(" + "; ".join(_wall_run(d) for d in DIRECTIONS) + ")"
        if not start:
            return enclose
        zones.append(zone("enclosing-start", start, start))
        full = len(start)
        return f"([@enclosing-start,=0-{full - 1}@enclosing-start];[={full}@enclosing-start]{enclose})"
    if rule == "ataxx":
        return _friend_beside()
    if rule == "snort":
        parts = []
        for d, (dx, dy) in _VECTOR.items():
            black = _VECTOR[_BLACK[turned][d]]

            def edge(v: tuple[int, int]) -> set[Square]:
                return {(f, r) for f, r in every if not (0 <= f + v[0] < files and 1 <= r + v[1] <= ranks)}
            zones.append(zone(f"edge-{d}", edge((dx, dy)), edge(black)))
            parts.append(f"([@edge-{d}];[E>{d}])")
        return "".join(parts)
    if rule == "top":
        # "Above" is the board's up for both sides: White's S is down, and so is Black's N.
        zones.append(zone("first-rank", {(f, 1) for f in range(files)}, {(f, 1) for f in range(files)}))
        zones.append(zone("drops-white", every, set()))
        zones.append(zone("drops-black", set(), every))
        return "([@first-rank];[@drops-white,P>S];[@drops-black,P>N])"
    raise ValueError(rule)
