"""Betza as Fairy-Stockfish reads and moves it (``--dialect fsf``), its quirks included.

Fairy-Stockfish's parser (piece.cpp, ``from_betza``) reads the text letter by letter into three
tables for each of quiet and capturing moves, and for initial moves: leaps (a direction and whether
the leap is lame), rides and hops (a direction and a range). It skips every letter it does not know.
Its move generator (bitboard.cpp, bitboard.h) then moves the piece as the union of

- its plain leaps,
- the *rider types* its tables name, each in all its directions whichever one named it: the rook's
  files, the rook's ranks, the bishop's diagonals, the nightrider's lines, the cannon's and the
  grasshopper's files, ranks and diagonals, the lame dabbaba's, horse's, elephant's and Janggi
  elephant's leaps,

kept to the squares any entry of the tables reaches on an empty board (one mask for all the
piece's moves of that kind). This module models exactly that, and says the result as shapes: each
ray of a rider type lands where the mask lets it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dagaz_studio.betza.model import Leg, Piece, Shape, leap_path

Vector = tuple[int, int]  # (dx to the piece's right, dy forward)

_LEAPER_ATOMS: dict[str, tuple[Vector, ...]] = {
    "W": ((1, 0),), "F": ((1, 1),), "D": ((2, 0),), "N": ((2, 1),), "A": ((2, 2),), "H": ((3, 0),),
    "L": ((3, 1),), "C": ((3, 1),), "J": ((3, 2),), "Z": ((3, 2),), "G": ((3, 3),), "K": ((1, 0), (1, 1)),
}
_RIDER_ATOMS: dict[str, tuple[Vector, ...]] = {"R": ((1, 0),), "B": ((1, 1),), "Q": ((1, 0), (1, 1))}
_VERTICALS = "fbvh"
_HORIZONTALS = "rlsh"
#: For each of an atom (p, q)'s eight moves, as (dx, dy): the direction pairs that select it.
_SELECTORS: tuple[tuple[str, ...], ...] = (
    ("ff", "vv", "rf", "rv", "fh", "rh", "hr"), ("bb", "vv", "lb", "lv", "bh", "lh", "hr"),
    ("rr", "ss", "br", "bs", "bh", "rh", "hr"), ("ll", "ss", "fl", "fs", "fh", "lh", "hr"),
    ("rr", "ss", "fr", "fs", "fh", "rh", "hl"), ("ll", "ss", "bl", "bs", "bh", "lh", "hl"),
    ("bb", "vv", "rb", "rv", "bh", "rh", "hl"), ("ff", "vv", "lf", "lv", "fh", "lh", "hl"),
)
_READ_PAIRS = frozenset(pair for pairs in _SELECTORS for pair in pairs)
#: Letters piece.cpp skips that XBetza gives a meaning to.
_DROPPED = {"j": "jumping (j)", "y": "range toggles (y)"}
#: Letters whose skipping the reader names on its own (multi-leg moves, castling, brackets, en passant…).
_NAMED_ELSEWHERE = set("azqoeO[]?-")
#: What Fairy-Stockfish's ``i`` means, said wherever a piece with initial moves is read or written for it.
INITIAL_WARNING = ("i: Fairy-Stockfish gives the initial moves to a piece standing in its side's double-step region "
                   "(doubleStepRegion), moved or not; here they are the moves of a piece that has not moved")
#: The longest straight line of Fairy-Stockfish's largest board (12 files): how far a hop that lands
#: only at some distances is spelt out.
LONGEST_LINE = 11


def _moves_of(p: int, q: int) -> tuple[Vector, ...]:
    """An atom's eight moves in piece.cpp's order, as (dx, dy)."""
    return ((q, p), (-q, -p), (p, -q), (-p, q), (p, q), (-p, -q), (q, -p), (-q, p))


@dataclass
class _Tables:
    """One kind of move (quiet or capturing, initial or not): direction -> range, as piece.cpp keeps it."""

    steps: dict[Vector, int] = field(default_factory=dict)  # range 0 a plain leap, -1 a lame one
    slider: dict[Vector, int] = field(default_factory=dict)  # range 0: without limit
    hopper: dict[Vector, int] = field(default_factory=dict)  # range 1: a grasshopper's


def _read(text: str, warnings: list[str]) -> dict[tuple[bool, str], _Tables]:
    """piece.cpp's ``from_betza``: the tables of (initial, modality) that the text fills."""
    tables = {(initial, mode): _Tables() for initial in (False, True) for mode in "mc"}
    modalities: list[str] = []
    hopper = rider = lame = initial = False
    distance = 0
    directions: list[str] = []
    said = ""  # the directions as written, for the warnings ("f", where directions holds "ff")
    skipped: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c in "mc":
            modalities.append(c)
        elif c in "pg":
            hopper = True
            if c == "g":
                distance = 1
        elif c == "n":
            lame = True
        elif c == "i":
            initial = True
        elif c in _VERTICALS or c in _HORIZONTALS:
            c2 = text[i + 1] if i + 1 < len(text) else ""
            if c2 and (c2 == c or (c in _VERTICALS and c2 in _HORIZONTALS) or (c in _HORIZONTALS and c2 in _VERTICALS)):
                directions.append(c + c2)
                said += c + c2
                i += 2
                continue
            directions.append(c + c)
            said += c
        elif c in _LEAPER_ATOMS or c in _RIDER_ATOMS:
            atoms = _RIDER_ATOMS.get(c) or _LEAPER_ATOMS[c]
            rider = rider or c in _RIDER_ATOMS
            nxt = text[i + 1] if i + 1 < len(text) else ""
            written = c
            if nxt.isdigit() or nxt == c:
                rider = True
                if nxt.isdigit():
                    distance = int(nxt)
                    if text[i + 2: i + 3].isdigit():
                        warnings.append(f"{c}{text[i + 1:]}: Fairy-Stockfish reads one digit of a range: "
                                        f"{c}{nxt}, then skips the digits after it")
                written += nxt
                i += 1
            if not rider and lame:
                distance = -1
            _check_atom(c, written, atoms, hopper, rider, lame, directions, said, warnings)
            for atom in atoms:
                # piece.cpp splits the pairs of a W-like atom written alone (fsW: forward, sideways).
                split = len(atoms) == 1 and atom[1] == 0
                chosen = [half for pair in directions for half in ((pair[0] * 2, pair[1] * 2) if split and pair[0] != pair[1]
                                                                   else (pair,))]
                for mode in modalities or ["m", "c"]:
                    table = tables[initial, mode]
                    kind = table.hopper if hopper else table.slider if rider else table.steps
                    for vector, selectors in zip(_moves_of(*atom), _SELECTORS):
                        if not chosen or any(s in selectors for s in chosen):
                            kind[vector] = distance
            modalities, directions, said = [], [], ""
            hopper = rider = lame = initial = False
            distance = 0
        else:
            skipped.append(c)
        i += 1
    if initial or modalities or directions or hopper or lame:
        warnings.append("Fairy-Stockfish skips the modifiers at the end, which no atom follows")
    _name_skipped(skipped, warnings)
    return tables


def _check_atom(letter: str, written: str, atoms: tuple[Vector, ...], hopper: bool, rider: bool, lame: bool,
                directions: list[str], said: str, warnings: list[str]) -> None:
    """Warn of what Fairy-Stockfish gives no move for, and of the atoms XBoard reads otherwise (``said``:
    the directions as the text writes them)."""
    if letter in "LJ":
        warnings.append(f"{letter}: read as the {'camel (3,1), C' if letter == 'L' else 'zebra (3,2), Z'} as "
                        f"Fairy-Stockfish does; XBoard reads it as the {'zebra (3,2), Z' if letter == 'L' else 'camel (3,1), C'}")
    if letter in "KQ" and directions:
        warnings.append(f"{said}{letter}: Fairy-Stockfish applies the directions to the W and F moves "
                        f"separately; XBoard reads them in the King's eight directions")
    for pair in directions:
        if pair not in _READ_PAIRS and not (len(atoms) == 1 and atoms[0][1] == 0 and pair[0] != pair[1]):
            known = pair[::-1] if pair[::-1] in _READ_PAIRS else None
            warnings.append(f"{pair}{written}: Fairy-Stockfish does not read the directions '{pair}'"
                            + (f" (it reads '{known}')" if known else "") + ": they select none of the moves")
    lines = {(1, 0), (1, 1)}
    if hopper and not set(atoms) & lines:
        warnings.append(f"{written}: Fairy-Stockfish hops only along files, ranks and diagonals (W, F, R, B, K, Q): "
                        f"a hopping {letter} has no move of its own")
    elif rider and not hopper and not set(atoms) & (lines | {(2, 1)}):
        warnings.append(f"{written}: Fairy-Stockfish has riders of W, F and N only: a {letter} rider has no move "
                        f"of its own")
    elif lame and not rider and not hopper and not set(atoms) & {(2, 0), (2, 1), (2, 2), (3, 2)}:
        warnings.append(f"n{written}: Fairy-Stockfish blocks only D, N, A and Z leaps: a lame {letter} has no "
                        f"move of its own")


def _name_skipped(skipped: list[str], warnings: list[str]) -> None:
    named = [name for letter, name in _DROPPED.items() if letter in skipped]
    others = sorted({c for c in skipped if c not in _DROPPED and c not in _NAMED_ELSEWHERE and not c.isdigit()
                     and not c.isspace()})
    if named:
        warnings.append(f"Fairy-Stockfish skips the letters of {', '.join(named)} and reads the rest")
    if others:
        warnings.append(f"Fairy-Stockfish skips {' '.join(repr(c) for c in others)} and reads the rest")


# --------------------------------------------------------------------------- moving by the tables


@dataclass
class _Mask:
    """The squares any entry of one kind's tables reaches on an empty board, as offsets."""

    finite: set[Vector] = field(default_factory=set)
    rays: set[Vector] = field(default_factory=set)  # every positive multiple of these

    @classmethod
    def of(cls, table: _Tables) -> _Mask:
        mask = cls()
        mask.finite.update(table.steps)
        for entries, hop in ((table.slider, False), (table.hopper, True)):
            for d, limit in entries.items():
                if max(abs(d[0]), abs(d[1])) > 2:
                    continue  # bitboard.cpp's sliding_attack stops at once on a step longer than two
                reach = 0 if hop and limit == 1 else limit
                if reach == 0:
                    mask.rays.add(d)
                else:
                    mask.finite.update((d[0] * k, d[1] * k) for k in range(1, reach + 1))
        return mask

    def distances(self, u: Vector) -> tuple[set[int], set[int]]:
        """Along the primitive direction ``u``: the distances (in steps of ``u``) the mask holds, as a
        finite set and the set of periods m whose every multiple it holds."""
        finite = {k for k in range(1, 13) if (u[0] * k, u[1] * k) in self.finite}
        periods = set()
        for d in self.rays:
            m = _multiple(d, u)
            if m:
                periods.add(m)
        return {k for k in finite if not any(k % m == 0 for m in periods)}, periods

    def holds(self, v: Vector) -> bool:
        return v in self.finite or any(_multiple(v, d) for d in self.rays)


def _multiple(v: Vector, u: Vector) -> int:
    """m when v = m·u for a whole m ≥ 1, else 0."""
    for m in range(1, 13):
        if (u[0] * m, u[1] * m) == v:
            return m
    return 0


_ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHT = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))
_LAME_LEAPS = {(2, 0): ((2, 0), (0, 2), (-2, 0), (0, -2)), (2, 1): _KNIGHT,
               (2, 2): ((2, 2), (2, -2), (-2, 2), (-2, -2)),
               (3, 2): ((2, 3), (-2, 3), (2, -3), (-2, -3), (3, 2), (-3, 2), (3, -2), (-3, -2))}


def _family(d: Vector) -> tuple[int, int]:
    """The atom (long, short) a direction belongs to."""
    a, b = sorted((abs(d[0]), abs(d[1])), reverse=True)
    return (a, b)


def _rider_rays(table: _Tables) -> list[tuple[str, Vector]]:
    """Each ray of each rider type the tables name: ("ride" | "cannon" | "grasshopper", direction)."""
    rays: list[tuple[str, Vector]] = []
    for d in table.slider:
        lines = (_ORTHOGONAL[2:] if d[1] == 0 else _ORTHOGONAL[:2]) if d in _ORTHOGONAL else \
            _DIAGONAL if d in _DIAGONAL else _KNIGHT if d in _KNIGHT else ()
        rays.extend(("ride", u) for u in lines)
    for d, limit in table.hopper.items():
        lines = (_ORTHOGONAL[2:] if d[1] == 0 else _ORTHOGONAL[:2]) if d in _ORTHOGONAL else \
            _DIAGONAL if d in _DIAGONAL else ()
        rays.extend(("grasshopper" if limit == 1 else "cannon", u) for u in lines)
    return list(dict.fromkeys(rays))


def _lame_leaps(table: _Tables) -> list[Vector]:
    leaps: list[Vector] = []
    for d, limit in table.steps.items():
        family = _family(d)
        if limit and family in _LAME_LEAPS:
            leaps.extend(_LAME_LEAPS[family])
    return list(dict.fromkeys(leaps))


def _lame(v: Vector) -> tuple[Vector, ...]:
    """The squares a lame leap passes (bitboard.cpp's lame_leaper_path), as offsets."""
    out, x, y = [], 0, 0
    for sx, sy in leap_path(v)[:-1]:
        x, y = x + sx, y + sy
        out.append((x, y))
    return tuple(out)


def _shapes(table: _Tables, mode: str, initial: bool) -> list[Shape]:
    """The moves one kind of tables makes, kept to its mask."""
    modes = frozenset(mode)
    mask = _Mask.of(table)
    shapes = [Shape((Leg(d, 1, modes),), initial) for d, limit in table.steps.items() if limit == 0]
    for v in _lame_leaps(table):
        if mask.holds(v):
            shapes.append(Shape((Leg(v, 1, modes, lame_path=_lame(v)),), initial))
    for kind, u in _rider_rays(table):
        finite, periods = mask.distances(u)
        if kind == "ride":
            for m in sorted(periods):
                shapes.append(Shape((Leg((u[0] * m, u[1] * m), 0, modes, lame_path=_before(u, m)),), initial))
            run = 0
            while run + 1 in finite:
                run += 1
            if run > 1:  # the first squares of the line: a rider of that range
                shapes.append(Shape((Leg(u, run, modes),), initial))
                finite -= set(range(1, run + 1))
            for k in sorted(finite):
                shapes.append(Shape((Leg((u[0] * k, u[1] * k), 1, modes, lame_path=_before(u, k)),), initial))
            continue
        if 1 in periods:
            shapes.append(Shape((Leg(u, 0, modes, hop="p" if kind == "cannon" else "g"),), initial))
            continue
        landings = finite | {k for k in range(2, LONGEST_LINE + 1) if any(k % m == 0 for m in periods)}
        for k in sorted(landings):
            hurdles = range(1, k) if kind == "cannon" else range(k - 1, k) if k > 1 else range(0)
            for h in hurdles:
                empty = tuple((u[0] * j, u[1] * j) for j in range(1, k) if j != h)
                shapes.append(Shape((Leg((u[0] * k, u[1] * k), 1, modes, lame_path=empty,
                                         screen_path=((u[0] * h, u[1] * h),)),), initial))
    return shapes


def _before(u: Vector, k: int) -> tuple[Vector, ...]:
    return tuple((u[0] * j, u[1] * j) for j in range(1, k))


def _merged(shapes: list[Shape]) -> list[Shape]:
    """Shapes alike but for their modes (one quiet, one capturing) as one."""
    modes: dict[Shape, set[str]] = {}
    for shape in shapes:
        leg = shape.legs[0]
        key = Shape((Leg(leg.vector, leg.range, frozenset(), leg.hop, leg.lame_path, leg.screen_path),), shape.initial)
        modes.setdefault(key, set()).update(leg.modes)
    out = []
    for key, found in modes.items():
        leg = key.legs[0]
        out.append(Shape((Leg(leg.vector, leg.range, frozenset(found), leg.hop, leg.lame_path, leg.screen_path),),
                         key.initial))
    return out


def fsf_shapes(text: str, warnings: list[str]) -> list[Shape]:
    """The moves Fairy-Stockfish makes of a piece written ``text``, as shapes in the piece's frame."""
    tables = _read(text, warnings)
    shapes = _shapes(tables[False, "m"], "m", False) + _shapes(tables[False, "c"], "c", False)
    if tables[True, "c"].steps or tables[True, "c"].slider or tables[True, "c"].hopper:
        warnings.append("Fairy-Stockfish has no initial captures ('i' with 'c'): it skips them")
    return _merged(shapes) + _merged(_shapes(tables[True, "m"], "m", True))


def _components(text: str) -> list[str]:
    """The text cut after each atom (and its digit or doubling), as piece.cpp resets its state."""
    parts, start, i = [], 0, 0
    while i < len(text):
        c = text[i]
        if c in _LEAPER_ATOMS or c in _RIDER_ATOMS:
            if i + 1 < len(text) and (text[i + 1].isdigit() or text[i + 1] == c):
                i += 1
            parts.append(text[start:i + 1])
            start = i + 1
        i += 1
    return parts


def read_fsf(text: str) -> Piece:
    """The piece as Fairy-Stockfish moves it; every reading of its that XBoard's differs from is warned."""
    piece = Piece()
    shapes = fsf_shapes(text, piece.warnings)
    if not shapes:
        piece.immobile = True
        piece.warnings.append(f"{text}: Fairy-Stockfish gives this piece no move")
    for shape in shapes:
        piece.add(shape)
    if any(shape.initial for shape in shapes):
        piece.warnings.append(INITIAL_WARNING)
    alone: set[Shape] = set()
    together = _moves(shapes)
    for part in _components(text):
        alone |= _moves(fsf_shapes(part, []))
    if together != alone:
        piece.warnings.append(
            f"{text}: Fairy-Stockfish moves each kind of ride or hop of a piece in every direction of its kind, kept "
            f"to the squares any move of the piece reaches on an empty board, and keeps one range per direction: "
            f"the moves together are not the moves of the parts (as pQbWW rides forward too)")
    return piece


def _moves(shapes: list[Shape]) -> set[Shape]:
    """The shapes one mode at a time, for comparing two readings whatever merged them."""
    out = set()
    for shape in shapes:
        leg = shape.legs[0]
        for mode in leg.modes:
            out.add(Shape((Leg(leg.vector, leg.range, frozenset(mode), leg.hop, leg.lame_path, leg.screen_path),),
                          shape.initial))
    return out


__all__ = ["INITIAL_WARNING", "LONGEST_LINE", "fsf_shapes", "read_fsf"]
