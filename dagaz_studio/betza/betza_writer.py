"""Writing the piece model in Betza, in the part of XBetza that XBoard and Fairy-Stockfish read alike
where they can: no K or Q with direction modifiers, no L or J, no doubled atoms (``N0``, not ``NN``).

Where the two read a letter otherwise, the dialect decides: a lame leap is written ``n`` only where
the reader of that dialect checks the squares the leap checks (XBoard one square halfway, rounded
toward the start; Fairy-Stockfish every square of its path, the longer side first, of D, N, A and Z
leaps only), and for XBoard as an ``a`` chain of steps over empty squares otherwise (Janggi's
Elephant, ``nZ`` to Fairy-Stockfish, is ``mafsmafW`` to XBoard).
"""

from __future__ import annotations

from collections import defaultdict

from dagaz_studio.betza.common import MAX_BETZA_LENGTH, MAX_LEGS
from dagaz_studio.betza.directions import (
    atom_vectors,
    clockwise,
    diagonal_directions,
    oblique_directions,
    orthogonal_directions,
    ring_index,
)
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.fsf_writing import check_fsf_reading, for_fsf
from dagaz_studio.betza.model import RING, Leg, Piece, Shape, is_straight, leap_path, straight_scale, unit

_LETTERS = {(1, 0): "W", (1, 1): "F", (2, 0): "D", (2, 1): "N", (2, 2): "A", (3, 0): "H", (3, 1): "C",
            (3, 2): "Z", (3, 3): "G"}
_RELATIVE = {0: "f", 1: "fr", 2: "r", 3: "br", 4: "b", 5: "bl", 6: "l", 7: "fl"}


def _atom_of(vector: tuple[int, int]) -> tuple[int, int]:
    a, b = abs(vector[0]), abs(vector[1])
    return (max(a, b), min(a, b))


def _labels(p: int, q: int, vectors: set[tuple[int, int]]) -> list[str]:
    """Direction labels that together select exactly ``vectors``, each to go on its own atom."""
    if vectors == atom_vectors(p, q):
        return [""]
    if 0 < q < p:
        table = oblique_directions(p, q)
        names = ["v", "s", "fh", "bh", "lh", "rh", "f", "b", "l", "r", "fs", "bs", "rv", "lv",
                 "fr", "fl", "br", "bl", "rf", "lf", "rb", "lb"]
    elif q == 0:
        table = orthogonal_directions(p)
        names = ["v", "s", "f", "b", "l", "r"]
    else:
        table = diagonal_directions(p)
        table.update({"fr": {(p, p)}, "fl": {(-p, p)}, "br": {(p, -p)}, "bl": {(-p, -p)}})
        names = ["f", "b", "l", "r", "fr", "fl", "br", "bl"]
    left = set(vectors)
    chosen: list[str] = []
    for name in names:
        selected = table[name]
        if selected and selected <= vectors and selected & left:
            chosen.append(name)
            left -= selected
    if q == 0:
        return ["".join(chosen)]  # on W-like atoms letters simply join: fsW
    return chosen


def _modality(modes: frozenset[str]) -> str:
    if modes == frozenset({"m", "c"}):
        return ""
    return "".join(m for m in ("m", "c", "e") if m in modes)


def _range_text(atom: tuple[int, int], rng: int) -> tuple[str, str]:
    """The atom letter and range suffix (``R`` for W0, ``B`` for F0)."""
    letter = _LETTERS.get(atom)
    if letter is None:
        raise TranslationError(f"Betza has no atom for a leap of {atom[0]} and {atom[1]}")
    if rng == 0 and letter in ("W", "F"):
        return ("R" if letter == "W" else "B"), ""
    return letter, "" if rng == 1 else str(rng)


def lame_checks(vector: tuple[int, int], dialect: str) -> tuple[tuple[int, int], ...] | None:
    """The squares a lame leap written ``n`` must find empty, as ``dialect``'s program reads it; None
    where it reads no lame leap of that length (Fairy-Stockfish blocks D, N, A and Z leaps only)."""
    if dialect == "fsf":
        if sorted(map(abs, vector)) not in ([0, 2], [1, 2], [2, 2], [2, 3]):
            return None
        points, x, y = [], 0, 0
        for sx, sy in leap_path(vector)[:-1]:
            x, y = x + sx, y + sy
            points.append((x, y))
        return tuple(points)
    mid = (int(vector[0] / 2), int(vector[1] / 2))
    return (mid,) if mid not in ((0, 0), vector) else ()


def _as_steps(shape: Shape, dialect: str) -> Shape:
    """A one-leg lame leap the dialect would read with other checks as ``n``, as the chain of unit steps
    it takes over empty squares (the last keeping the leap's modes); any other shape as it is."""
    leg = shape.legs[0]
    if len(shape.legs) != 1 or not leg.lame or leg.range != 1 or leg.hop or leg.screen_path or leg.wrap:
        return shape
    checks = lame_checks(leg.vector, dialect)
    if checks is not None and set(leg.lame_path) == set(checks):
        return shape
    points = [(0, 0), *leg.lame_path, leg.vector]
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:])]
    if dialect == "fsf" or any(step not in RING for step in steps):
        # Fairy-Stockfish reads no chain of legs (a) either.
        program = "Fairy-Stockfish" if dialect == "fsf" else "XBoard"
        raise TranslationError(f"{program} reads no lame leap of {abs(leg.vector[0])} and {abs(leg.vector[1])} "
                               f"blocked on the squares this one is")
    legs = [Leg(step, 1, frozenset({"m"})) for step in steps[:-1]] + [Leg(steps[-1], 1, leg.modes)]
    return Shape(tuple(legs), shape.initial)


def to_betza(piece: Piece, dialect: str = "xboard") -> str:
    """The piece in Betza, to be read by ``dialect``'s program ("xboard" or "fsf").

    Raises TranslationError for what Betza cannot say (a leap longer than 3, legs of different
    ranges, a turn that is not a multiple of 45 degrees), for a text the reader would refuse
    (more legs to a move, or more characters, than it reads), and, for Fairy-Stockfish, for a text
    it would move otherwise (a rider of an atom it has no rider of, an initial capture…).
    """
    if not piece.shapes:
        raise TranslationError("the piece has no move")
    if dialect == "fsf":
        shapes = for_fsf(piece.shapes)
        text = _written(Piece(shapes), dialect)
        check_fsf_reading(shapes, text)
        return text
    return _written(piece, dialect)


def _written(piece: Piece, dialect: str) -> str:
    groups: dict[tuple, set[tuple[int, int]]] = defaultdict(set)
    order: list[tuple] = []
    multi: list[Shape] = []
    turning: dict[tuple, set[tuple[tuple[int, int], ...]]] = defaultdict(set)
    castling: dict[tuple[int, bool], set[tuple[int, int]]] = defaultdict(set)
    nulls: list[str] = []
    for shape in (_as_steps(shape, dialect) for shape in piece.shapes):
        if shape.null:
            # XBetza's null move: O without a number (moves.c steps it by (0, 0)).
            nulls.append(("i" if shape.initial else "") + "O")
            continue
        if any(leg.wrap for leg in shape.legs) and (len(shape.legs) > 1 or shape.castling):
            raise TranslationError("Betza's cylinder (o) goes on one-leg moves only")
        if shape.castling:
            castling[(shape.legs[0].range, shape.initial)].add(shape.legs[0].vector)
            continue
        if len(shape.legs) > MAX_LEGS:
            # Written, it would be a Betza text that is not read back (Parlett's 200*).
            raise TranslationError(f"a move of {len(shape.legs):,} legs: Betza is read with at most {MAX_LEGS} "
                                   f"legs to a move")
        if len(shape.legs) > 1:
            multi.append(shape)
            continue
        leg = shape.legs[0]
        if leg.cycle:
            turning[(len(leg.cycle), _atom_of(leg.vector), leg.range, leg.modes, shape.initial)].add(leg.cycle)
            continue
        key = (_atom_of(leg.vector), leg.range, leg.modes, leg.hop, leg.lame, bool(leg.screen_path), shape.initial,
               leg.wrap)
        if key not in groups:
            order.append(key)
        groups[key].add(leg.vector)
    parts: list[str] = []
    for key in order:
        atom, rng, modes, hop, lame, screen, initial, wrap = key
        letter, suffix = _range_text(atom, rng)
        if hop:
            letter, suffix = ("R" if atom == (1, 0) else "B"), str(rng) if rng else ""
        # XBoard reads direction letters first, then the modality, the hop and the cylinder, in
        # moves.c's order (m c d e t p g o y n j): fmoW, not omfW.
        after = _modality(modes) + hop + ("o" if wrap else "") + ("n" if lame else "") + ("j" if screen else "")
        for label in _labels(atom[0], atom[1], groups[key]):
            parts.append(("i" if initial else "") + label + after + letter + suffix)
    for (length, atom, rng, modes, initial), cycles in turning.items():
        parts.extend(_turning(length, atom, rng, modes, initial, cycles))
    brackets: dict[tuple, set[tuple[int, int]]] = defaultdict(set)
    chains: dict[tuple, set[tuple[int, int]]] = defaultdict(set)
    for shape in multi:
        try:
            key, first = _chain(shape)
            chains[key].add(first)
        except TranslationError:
            key = _bracket_key(shape)  # raises what neither form can say
            brackets[key].add(_unit_steps(shape.legs[0])[0].vector)
    parts.extend(_chains(chains))
    for key, firsts in brackets.items():
        parts.extend(_bracket(key, firsts))
    for (steps, initial), vectors in castling.items():
        parts.append(("i" if initial else "") + _labels(1, 0, vectors)[0] + f"O{steps}")
    text = _merge_whole(parts + list(dict.fromkeys(nulls)))
    if len(text) > MAX_BETZA_LENGTH:
        raise TranslationError(f"the piece's moves take {len(text):,} characters in Betza, which is read up to "
                               f"{MAX_BETZA_LENGTH:,}")
    return text


def _merge_whole(parts: list[str]) -> str:
    """``WF`` as ``K`` and ``RB`` as ``Q`` where the two stand bare side by side."""
    for a, b, whole in (("W", "F", "K"), ("R", "B", "Q")):
        if a in parts and b in parts:
            parts = [whole] + [p for p in parts if p not in (a, b)]
    return "".join(_apart(parts))


def _apart(parts: list[str]) -> list[str]:
    """The parts in an order where none starts with the atom the one before ends with: side by side
    (``mN``, ``N``: ``mNN``) Fairy-Stockfish and classic Betza would read them as one rider (``mN0``)."""
    out: list[str] = []
    for part in parts:
        for at in range(len(out), -1, -1):
            before = out[at - 1] if at else ""
            after = out[at] if at < len(out) else ""
            if not (before and before[-1] == part[0]) and not (after and part[-1] == after[0]):
                out.insert(at, part)
                break
        else:
            raise TranslationError(f"Betza cannot write {part} beside the moves of its atom without their "
                                   f"reading as one rider")
    return out


def _turning(length: int, atom: tuple[int, int], rng: int, modes: frozenset[str], initial: bool,
             cycles: set[tuple[tuple[int, int], ...]]) -> list[str]:
    """Crooked (``z``) and circular (``q``) riders: Betza's paths turn both ways from each first step."""
    starts = {cycle[0] for cycle in cycles}
    if length == 2:  # the other zigzag from the same first step turns the other way
        both = {(cycle[0], (-cycle[1][0], -cycle[1][1])) for cycle in cycles}
    else:
        both = {(cycle[0], *reversed(cycle[1:])) for cycle in cycles}
    if both != cycles:
        raise TranslationError("Betza has no crooked or circular path that turns one way only")
    kind = "z" if length == 2 else "q"
    if kind == "q" and rng == length - 1:
        rng = 0  # the whole circle but the square it started from: Betza's unlimited circular rider
    letter, suffix = _range_text(atom, rng)
    if rng == 0 and letter not in ("R", "B"):
        suffix = "0"
    after = _modality(modes) + kind
    return [("i" if initial else "") + label + after + letter + suffix for label in _labels(atom[0], atom[1], starts)]


def _chain(shape: Shape) -> tuple[tuple, tuple[int, int]]:
    """An ``a`` chain but for its first direction: (initial, atom, first leg's modes, each later leg's
    turn and modes, atom letter and range), and the first leg's vector."""
    first = shape.legs[0]
    if first.hop:
        if first.hop != "p" or first.range != 0:
            raise TranslationError("Betza cannot say a hop on a leg before the last")
        # A rider's hop (slide, jump a piece, slide on) is the two legs XBetza's 'p' chains: up to a
        # piece it passes, then straight on.
        shape = Shape((Leg(first.vector, 0, frozenset({"p"})), Leg(first.vector, 0, first.modes),
                       *shape.legs[1:]), shape.initial)
        first = shape.legs[0]
    atom = _atom_of(first.vector)
    oblique = atom[1] not in (0, atom[0])
    scale = straight_scale(first.vector) if not oblique else 0
    ranges = {leg.range for leg in shape.legs}
    if len(ranges) != 1:
        raise TranslationError("Betza cannot give the legs of one move different ranges")
    letter, suffix = _range_text(atom, first.range)
    # An oblique atom's legs turn around its own eight leaps, in clockwise order (see the reader).
    ring = clockwise(atom_vectors(*atom)) if oblique else [(dx * scale, dy * scale) for dx, dy in RING]
    later = []
    here = ring.index(first.vector)
    for index, leg in enumerate(shape.legs[1:], start=1):
        final = index == len(shape.legs) - 1
        if leg.hop or leg.lame or leg.screen_path or leg.cycle or leg.vector not in ring:
            raise TranslationError("Betza cannot say this multi-leg move: each leg must be the same atom, "
                                   "turned by a multiple of 45 degrees (or, for an oblique atom, by its "
                                   "own leaps)")
        there = ring.index(leg.vector)
        modes = _modality(leg.modes) if final else "".join(m for m in ("m", "c", "p") if m in leg.modes)
        later.append((_RELATIVE[(there - here) % 8], modes))
        here = there
    first_modes = "".join(m for m in ("m", "c", "p") if m in first.modes)
    return (shape.initial, atom, first_modes, tuple(later), letter + suffix), first.vector


#: Two turns of one leg that XBetza's King system names together.
_BOTH_TURNS = {frozenset({"fr", "fl"}): "fs", frozenset({"br", "bl"}): "bs", frozenset({"r", "l"}): "s",
               frozenset({"f", "b"}): "v"}


def _chains(found: dict[tuple, set[tuple[int, int]]]) -> list[str]:
    """``a`` chains alike but for their first directions, and for one leg's turn to either side, as
    few texts (``mafsmafW``: the four first steps, each turning either way)."""
    entries = [(key, frozenset(firsts)) for key, firsts in found.items()]
    merged = True
    while merged:
        merged = False
        for i, (key, firsts) in enumerate(entries):
            for j in range(i + 1, len(entries)):
                other, other_firsts = entries[j]
                if other_firsts != firsts or key[:3] != other[:3] or key[4] != other[4] \
                        or len(key[3]) != len(other[3]):
                    continue
                apart = [n for n, (a, b) in enumerate(zip(key[3], other[3])) if a != b]
                if len(apart) != 1 or key[3][apart[0]][1] != other[3][apart[0]][1]:
                    continue
                both = _BOTH_TURNS.get(frozenset({key[3][apart[0]][0], other[3][apart[0]][0]}))
                if both is None:
                    continue
                later = list(key[3])
                later[apart[0]] = (both, later[apart[0]][1])
                entries[i] = ((*key[:3], tuple(later), key[4]), firsts)
                del entries[j]
                merged = True
                break
            if merged:
                break
    texts = []
    for (initial, atom, first_modes, later, atom_text), firsts in entries:
        chain = "".join("a" + turn + modes for turn, modes in later)
        texts.extend(("i" if initial else "") + label + first_modes + chain + atom_text
                     for label in _labels(atom[0], atom[1], set(firsts)))
    return texts


def _line_atom(leg: Leg) -> tuple[int, int]:
    """The atom of a bracket leg, which must go along a line by at most 3 squares a step."""
    if leg.hop or leg.lame or leg.screen_path or leg.cycle or not is_straight(leg.vector) \
            or straight_scale(leg.vector) > 3:
        raise TranslationError("Betza cannot say this multi-leg move: each leg must go along a line "
                               "(no hops, lame or circular legs)")
    return _atom_of(leg.vector)


def _unit_steps(leg: Leg) -> list[Leg]:
    """A lame leap along a line as the unit steps it takes over empty squares, the last keeping the
    leap's modes; any other leg as it is."""
    if not leg.lame or leg.range != 1 or leg.hop or leg.screen_path or not is_straight(leg.vector):
        return [leg]
    scale = straight_scale(leg.vector)
    if sorted(straight_scale(p) for p in leg.lame_path) != list(range(1, scale)):
        return [leg]
    step = unit(leg.vector)
    return [Leg(step, 1, frozenset({"m"})) for _ in range(scale - 1)] + [Leg(step, 1, leg.modes)]


def _bracket_key(shape: Shape) -> tuple:
    """What a bracket form says of a shape besides its first direction: each leg's atom, range and
    modes, and each later leg's turn from the one before (XBetza's King system)."""
    legs = []
    steps = [part for leg in shape.legs for part in _unit_steps(leg)]
    here = ring_index(steps[0].vector)
    for index, leg in enumerate(steps):
        atom = _line_atom(leg)
        there = ring_index(leg.vector)
        legs.append((atom, leg.range, leg.modes, (there - here) % 8 if index else None))
        here = there
    return (shape.initial, tuple(legs))


def _bracket(key: tuple, firsts: set[tuple[int, int]]) -> list[str]:
    """The bracket form (``[W-sR]``) of shapes alike but for their first directions: used where the
    legs of one move differ in range or atom, which an ``a`` chain cannot say."""
    initial, legs = key
    texts = []
    for index, (atom, rng, modes, turn) in enumerate(legs):
        final = index == len(legs) - 1
        letter, suffix = _range_text(atom, rng)
        if final:
            mode = _modality(modes)
        else:
            mode = "" if modes == frozenset({"m"}) else "".join(m for m in ("m", "c", "p") if m in modes)
        texts.append(("" if turn is None else _RELATIVE[turn]) + mode + letter + suffix)
    first_atom = legs[0][0]
    body = "-".join(texts[1:])
    return [("i" if initial else "") + "[" + label + texts[0] + "-" + body + "]"
            for label in _labels(first_atom[0], first_atom[1], firsts)]


__all__ = ["to_betza", "Leg"]
