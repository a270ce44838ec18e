"""Multi-leg moves: XBetza's ``a`` and the Interactive Diagram's bracket forms (``[F?R]``).

Every concrete path of such a move is one shape of the piece; the number of paths is worked out
before any is built, so a text asking for too many is refused at once (:data:`MAX_PATHS`).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, Tree

from dagaz_studio.betza.common import (
    ATOM_NAMES,
    LEAPERS,
    MAX_LEGS,
    MAX_PATHS,
    MODIFIER_NAMES,
    RIDERS,
    PartSpec,
    dirs_of,
    leg_modes,
)
from dagaz_studio.betza.directions import (
    LETTERS,
    atom_vectors,
    clockwise,
    king_offsets,
    ring_index,
    select,
    split_directions,
)
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.model import RING, Leg, Piece, Shape
from dagaz_studio.betza.xboard import directions, vectors

_BRACKET_LEG = re.compile(r"([a-z]*)([A-Z])([0-9]*)")


def read_bracket(piece: Piece, text: str, part: Tree, dialect: str) -> None:
    """The bracket form of a multi-leg move (``[F?R]``, ``[W-sR]``), as the Interactive Diagram reads it.

    The brackets hold simple moves made one after the other; ``-`` between two says the move goes
    on, ``?`` that it may also end there. A later leg's directions are relative to the leg before
    (XBetza's King system: ``f`` straight on, ``s`` a right angle either way, ``fr`` 45 degrees to
    the right); without any, it goes on within 45 degrees of the leg before (the Griffon
    ``[F?R]`` goes outward, as ``FyafsF``). A leg the move passes ends on an empty square unless
    it says otherwise (``c``: a locust capture, ``p``: a piece it passes).
    """
    meta = part.meta
    outer = body = ""
    count = None
    body_start = 0
    for child in part.children:
        if isinstance(child, Token):
            if child.type == "MODIFIERS":
                outer = str(child)
            elif child.type == "BRACKET_BODY":
                body, body_start = str(child), child.start_pos or 0
            elif child.type == "RANGE":
                count = child
    whole = PartSpec(text, meta.start_pos, meta.end_pos, "[")
    if outer.strip("i"):
        raise whole.error(f"modifiers before a bracket form ({outer}) are not supported: write them on its legs")
    if count is not None:
        raise TranslationError("a range after a bracket form is not supported: write it on its legs", text,
                               count.start_pos or 0, count.end_pos or 0)
    initial = bool(outer)
    legs: list[tuple[str, str, int, PartSpec]] = []  # modifiers, atom letter, range, where
    ends: list[bool] = []
    at = 0
    while at < len(body):
        match = _BRACKET_LEG.match(body, at)
        start = body_start + at
        if match is None:
            raise TranslationError("each leg of a bracket form is modifiers and an atom (W, F, R, B, K, Q…)",
                                   text, start, start + 1)
        mods, letter, digits = match.groups()
        leg_spec = PartSpec(text, start, body_start + match.end(), letter)
        for offset, char in enumerate(mods):
            if char not in LETTERS + "mcp":
                raise TranslationError(f"modifier {MODIFIER_NAMES.get(char, repr(char))} in a bracket form is "
                                       f"not supported", text, start + offset, start + offset + 1)
        if letter not in "WFDAHGRBKQ":
            raise leg_spec.error(f"the atom {ATOM_NAMES.get(letter, letter)} in a bracket form is not supported: "
                                 f"its legs go along lines (W F D A H G, R B, K Q)")
        rng = 0 if letter in RIDERS else 1
        if digits:
            rng = int(digits)
        legs.append((mods, letter, rng, leg_spec))
        at = match.end()
        if at < len(body):
            if body[at] not in "-?":
                raise TranslationError("legs of a bracket form are joined by '-' (the move goes on) or '?' "
                                       "(it may also end there)", text, body_start + at, body_start + at + 1)
            ends.append(body[at] == "?")
            at += 1
            if at == len(body):
                raise TranslationError("a bracket form must end with a leg, not a separator", text, body_start + at - 1, body_start + at)
    ends.append(True)
    if len(legs) == 1:
        raise whole.error("a bracket form holds two legs or more ([F?R])")
    _bracket_shapes(piece, legs, ends, initial)


def _bracket_directions(letter: str) -> tuple[int, set[int]]:
    """A leg atom's scale and the ring parities it may take (0: orthogonal, 1: diagonal)."""
    p, q = LEAPERS[RIDERS[letter][0]] if letter in RIDERS else (1, 0) if letter == "K" else LEAPERS[letter]
    parities = {0, 1} if letter in ("K", "Q") else {0} if q == 0 else {1}
    return p, parities


def _bracket_shapes(piece: Piece, legs: list[tuple[str, str, int, PartSpec]], ends: list[bool],
                    initial: bool) -> None:
    """Add every concrete path of the legs to the piece, each ending the move after a leg that may end it.

    One pass over the legs: a path is a chain of (the path before, its last direction), so that
    every longer path shares the shorter one it extends, and a path is spelt out only when it ends.
    """
    if len(legs) > MAX_LEGS:
        raise legs[MAX_LEGS][3].error(f"a bracket form of {len(legs)} legs: at most {MAX_LEGS} are read")
    Chain = tuple[Any, int, int] | None  # (the chain before, the leg's index, its ring direction)
    paths: list[tuple[Chain, int]] = [(None, 0)]
    for index, (mods, letter, rng, spec) in enumerate(legs):
        scale, parities = _bracket_directions(letter)
        dirs = dirs_of(mods)
        grown: list[tuple[Chain, int]] = []
        for chain, here in paths:
            if index == 0:
                if letter in ("K", "Q"):
                    ring = sorted(king_offsets(dirs)) if dirs else list(range(8))
                else:
                    p, q = (scale, 0) if 0 in parities else (scale, scale)
                    ring = sorted(ring_index(v) for v in select(p, q, split_directions(dirs)))
            else:
                offsets = king_offsets(dirs) if dirs else {7, 0, 1}
                ring = sorted((here + offset) % 8 for offset in offsets)
            for direction in ring:
                if direction % 2 in parities:
                    grown.append(((chain, index, direction), direction))
        paths = grown
        if len(paths) + len(piece.shapes) > MAX_PATHS:
            raise spec.error(too_many_paths(len(paths) + len(piece.shapes)))
        if not ends[index]:
            continue
        for chain, _here in paths:
            links = []
            while chain is not None:
                chain, at, direction = chain
                links.append((at, direction))
            out = []
            for at, direction in reversed(links):
                mods, letter, rng, spec = legs[at]
                modes, hop, _lame = leg_modes(spec, mods, at == index)
                if hop:
                    raise spec.error("'p' on the last leg of a bracket form is not supported")
                scale = _bracket_directions(letter)[0]
                dx, dy = RING[direction]
                out.append(Leg((dx * scale, dy * scale), rng, modes))
            piece.add(Shape(tuple(out), initial))


def too_many_paths(count: int) -> str:
    """The message for a move that stands for more concrete paths than are read."""
    return (f"the move stands for {count:,} paths or more: at most {MAX_PATHS:,} are read (each leg after an 'a' "
            f"multiplies them)")


def multi_leg(spec: PartSpec, atoms: list[tuple[int, int]], legs_mods: list[str], rng: int,
               initial: bool) -> list[Shape]:
    """The shapes of an ``a`` move: each leg after the first turns relative to the one before.

    The turns are counted around a ring of eight directions, as moves.c counts them: the King's for
    W- and F-like atoms (a turn of 45 degrees makes a W leg an F leg), and for an oblique atom its
    own eight leaps in clockwise order, so ``f`` goes on with the same leap, ``s`` turns it by a
    right angle, ``fr`` to the next leap clockwise (a knight's (1,2) to (2,1)) and ``b`` goes back.
    """
    if len(legs_mods) > MAX_LEGS:
        raise spec.error(f"a move of {len(legs_mods)} legs: at most {MAX_LEGS} are read")
    shapes: list[Shape] = []
    eight_fold = spec.letter in ("K", "Q") or any(0 < q < p for p, q in atoms)
    scale = atoms[0][0]
    p0, q0 = atoms[0]
    ring = clockwise(atom_vectors(p0, q0)) if 0 < q0 < p0 else [(dx * scale, dy * scale) for dx, dy in RING]
    first_mods = legs_mods[0]
    # The directions as moves.c reads them: the atom's own system for the first leg, the King's,
    # relative to the leg before, for the others.
    first_vectors = sorted(vectors(directions(dirs_of(first_mods), spec.letter)[0], spec.letter))
    if spec.letter in ("K", "Q"):
        first_vectors = [(dx * scale, dy * scale) for dx, dy in first_vectors]
    leg_specs = []
    current = rng
    # What a range toggle makes of the atom (moves.c's 'upgrade'): a W, F or K leg's atom becomes
    # the unlimited R, B or Q, whatever its range; an R, B or Q one the W, F or K leaper, but the
    # W, F or K rider when its range is 1 (R1); any other atom a rider when it leaps once, else a
    # leaper. moves.c writes a '0' after the new atom whenever the leg's range is 1.
    kind = "step" if spec.letter in "WFK" else "ride" if spec.letter in "RBQ" else "other"
    for index, mods in enumerate(legs_mods):
        final = index == len(legs_mods) - 1
        modes, hop, lame = leg_modes(spec, mods, final)
        if hop:
            raise spec.error("hoppers ('p', 'g') on the last leg of a multi-leg move are not supported")
        if lame:
            raise spec.error("'n' in a multi-leg move is not supported")
        bits = directions(dirs_of(mods), "K", default=False)[0]
        if index == 0:
            offsets = None
        elif bits:
            offsets = [d for d in range(8) if bits >> d & 1]
        else:
            offsets = sorted({0, 1, 2, 3, 5, 6, 7} if eight_fold else {0, 2, 6})
        leg_specs.append((offsets, modes, current))
        if not final and ("y" in mods or "g" in mods):
            # XBoard's range toggle: the legs after it turn a leaper into a rider and a rider
            # into a leaper (moves.c: 'g' and 'y' on a leg before the last).
            if kind != "other":
                kind = "ride" if kind == "step" else "step"
            current = 0 if current == 1 or kind == "ride" else 1
    count = len(first_vectors)
    for offsets, _modes, _rng in leg_specs[1:]:
        count *= len(offsets or ())
        if count > MAX_PATHS:
            raise spec.error(too_many_paths(count))
    for vector in first_vectors:
        paths = [[Leg(vector, rng, leg_specs[0][1])]]
        for offsets, modes, leg_rng in leg_specs[1:]:
            paths = [path + [Leg(ring[(ring.index(path[-1].vector) + offset) % 8], leg_rng, modes)]
                     for path in paths for offset in offsets or ()]
        shapes.extend(Shape(tuple(path), initial) for path in paths)
    return shapes


