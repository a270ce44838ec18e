"""Writing the piece model in Betza, in the part of XBetza that XBoard and Fairy-Stockfish read alike
where they can: no K or Q with direction modifiers, no L or J, no doubled atoms (``N0``, not ``NN``).
"""

from __future__ import annotations

from collections import defaultdict

from dagaz_studio.betza.directions import _diagonal, _oblique, _orthogonal, atom_vectors, clockwise, ring_index
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.model import RING, Leg, Piece, Shape, is_straight, straight_scale, unit

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
        table = _oblique(p, q)
        names = ["v", "s", "fh", "bh", "lh", "rh", "f", "b", "l", "r", "fs", "bs", "rv", "lv",
                 "fr", "fl", "br", "bl", "rf", "lf", "rb", "lb"]
    elif q == 0:
        table = _orthogonal(p)
        names = ["v", "s", "f", "b", "l", "r"]
    else:
        table = _diagonal(p)
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


def to_betza(piece: Piece) -> str:
    """The piece in Betza.

    Raises TranslationError for what Betza cannot say (a leap longer than 3, legs of different
    ranges, a turn that is not a multiple of 45 degrees).
    """
    if not piece.shapes:
        raise TranslationError("the piece has no move")
    groups: dict[tuple, set[tuple[int, int]]] = defaultdict(set)
    order: list[tuple] = []
    multi: list[Shape] = []
    turning: dict[tuple, set[tuple[tuple[int, int], ...]]] = defaultdict(set)
    castling: dict[tuple[int, bool], set[tuple[int, int]]] = defaultdict(set)
    nulls: list[str] = []
    for shape in piece.shapes:
        if shape.null:
            # XBetza's null move: O without a number (moves.c steps it by (0, 0)).
            nulls.append(("i" if shape.initial else "") + "O")
            continue
        if any(leg.wrap for leg in shape.legs) and (len(shape.legs) > 1 or shape.castling):
            raise TranslationError("Betza's cylinder (o) goes on one-leg moves only")
        if shape.castling:
            castling[(shape.legs[0].range, shape.initial)].add(shape.legs[0].vector)
            continue
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
    for shape in multi:
        try:
            parts.append(_multi(shape))
        except TranslationError:
            key = _bracket_key(shape)  # raises what neither form can say
            brackets[key].add(_unit_steps(shape.legs[0])[0].vector)
    for key, firsts in brackets.items():
        parts.extend(_bracket(key, firsts))
    for (steps, initial), vectors in castling.items():
        parts.append(("i" if initial else "") + _labels(1, 0, vectors)[0] + f"O{steps}")
    return _merge_whole(parts + list(dict.fromkeys(nulls)))


def _merge_whole(parts: list[str]) -> str:
    """``WF`` as ``K`` and ``RB`` as ``Q`` where the two stand bare side by side."""
    text = "".join(parts)
    for a, b, whole in (("W", "F", "K"), ("R", "B", "Q")):
        if a in parts and b in parts:
            rest = [p for p in parts if p not in (a, b)]
            text = whole + "".join(rest)
            parts = [whole] + rest
    return text


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


def _multi(shape: Shape) -> str:
    first = shape.legs[0]
    atom = _atom_of(first.vector)
    oblique = atom[1] not in (0, atom[0])
    scale = straight_scale(first.vector) if not oblique else 0
    ranges = {leg.range for leg in shape.legs}
    if len(ranges) != 1:
        raise TranslationError("Betza cannot give the legs of one move different ranges")
    letter, suffix = _range_text(atom, first.range)
    if oblique:
        # An oblique atom's legs turn around its own eight leaps, in clockwise order (see the reader).
        ring = clockwise(atom_vectors(*atom))
        table = _oblique(*atom)
    else:
        ring = [(dx * scale, dy * scale) for dx, dy in RING]
        table = _orthogonal(scale) if atom[1] == 0 else _diagonal(scale)
    if atom[1] == atom[0]:
        table.update({"fr": {(scale, scale)}, "fl": {(-scale, scale)}, "br": {(scale, -scale)},
                      "bl": {(-scale, -scale)}})
    label = next(name for name, vectors in table.items() if vectors == {first.vector})
    text = ("i" if shape.initial else "") + label + "".join(m for m in ("m", "c", "p") if m in first.modes)
    here = ring.index(first.vector)
    for index, leg in enumerate(shape.legs[1:], start=1):
        final = index == len(shape.legs) - 1
        if leg.hop or leg.lame or leg.screen_path or leg.cycle or leg.vector not in ring:
            raise TranslationError("Betza cannot say this multi-leg move: each leg must be the same atom, "
                                   "turned by a multiple of 45 degrees (or, for an oblique atom, by its "
                                   "own leaps)")
        there = ring.index(leg.vector)
        modes = _modality(leg.modes) if final else "".join(m for m in ("m", "c", "p") if m in leg.modes)
        text += "a" + _RELATIVE[(there - here) % 8] + modes
        here = there
    return text + letter + suffix


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
