"""The piece model in plain English."""

from __future__ import annotations

from collections import defaultdict

from dagaz_studio.betza.model import Leg, Piece, Shape, is_straight, straight_scale, unit

_UNIT_WORDS = {(0, 1): "forward", (0, -1): "backward", (-1, 0): "left", (1, 0): "right",
               (1, 1): "forward-right", (-1, 1): "forward-left", (1, -1): "backward-right",
               (-1, -1): "backward-left"}
_ORTHOGONAL = {(0, 1), (0, -1), (-1, 0), (1, 0)}
_DIAGONAL = {(1, 1), (-1, 1), (1, -1), (-1, -1)}


#: What XBetza's cylinder (``o``) adds to a move's reading.
_WRAPPING = ", coming round from the other side where it would leave the board's left or right edge"


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _directions(units: set[tuple[int, int]]) -> str:
    if units == _ORTHOGONAL | _DIAGONAL:
        return "in any direction"
    if units == _ORTHOGONAL:
        return "orthogonally"
    if units == _DIAGONAL:
        return "diagonally"
    order = list(_UNIT_WORDS)
    return _or([_UNIT_WORDS[u] for u in sorted(units, key=order.index)])


def _vector_words(vector: tuple[int, int]) -> str:
    dx, dy = vector
    parts = []
    if dy:
        parts.append(f"{abs(dy)} {'forward' if dy > 0 else 'backward'}")
    if dx:
        parts.append(f"{abs(dx)} {'right' if dx > 0 else 'left'}")
    return " and ".join(parts)


def _ending(modes: frozenset[str]) -> str:
    if modes == frozenset({"m", "c"}):
        return ""
    words = {"m": "to an empty square", "c": "to capture", "e": "to capture en passant"}
    if modes == frozenset({"c"}):
        return " only to capture"
    return " " + _or([words[m] for m in ("m", "c", "e") if m in modes])


def _middle(modes: frozenset[str]) -> str:
    words = {"m": "an empty square", "c": "an enemy, which it captures", "p": "a piece, which it passes"}
    return " onto " + _or([words[m] for m in ("m", "c", "p") if m in modes])


def _reach(rng: int) -> str:
    return "any number of" if rng == 0 else f"up to {rng}"


def _within(rng: int, counted: str) -> str:
    """A hopper's range, which counts every step or leap, the hurdle's too."""
    return f", {rng} {counted} at most in all" if rng else ""


def _leaping_rider(leap: str, rng: int, hop: str, lame: bool, screen: bool) -> str:
    """A rider of a leap longer than a step (``D0``, ``N0``), hopping, lame or jumping as it says."""
    if hop == "p":
        return (f"repeats {leap} over empty landing squares, jumps over the first piece it would land on and "
                f"leaps on beyond it{_within(rng, 'leaps')}")
    if hop == "g":
        return (f"repeats {leap} over empty landing squares and lands one leap beyond the first piece it would "
                f"land on{_within(rng, 'leaps')}")
    passing = ", each leap over empty squares only" if lame else ", each leap over an occupied square" if screen \
        else ""
    return f"repeats {leap} {_reach(rng)} times over empty landing squares{passing}"


def _straight(units: set[tuple[int, int]], scale: int, leg: Leg) -> str:
    where = _directions(units)
    if leg.hop and scale > 1:
        return _leaping_rider(f"a leap of {scale} squares {where}", leg.range, leg.hop, False, False)
    if leg.hop == "p":
        return (f"slides {where}, jumps over the first piece in its way and slides on beyond it"
                f"{_within(leg.range, 'squares')}")
    if leg.hop == "g":
        return f"slides {where} and lands right behind the first piece in its way{_within(leg.range, 'squares')}"
    if leg.range == 1:
        if scale == 1:
            return f"steps one square {where}"
        text = f"leaps {scale} squares {where}"
        if leg.screen_path:
            return text + ", jumping over an occupied square"
        return text + (" over empty squares only" if leg.lame else ", jumping over anything between")
    if scale == 1:
        return f"slides {_reach(leg.range)} squares {where} over empty squares"
    if leg.lame or leg.screen_path:
        return _leaping_rider(f"a leap of {scale} squares {where}", leg.range, "", leg.lame, bool(leg.screen_path))
    return f"repeats a leap of {scale} squares {where} {_reach(leg.range)} times, over empty landing squares"


def _leg(leg: Leg) -> str:
    if is_straight(leg.vector):
        return _straight({unit(leg.vector)}, straight_scale(leg.vector), leg)
    words = _vector_words(leg.vector)
    if leg.range != 1 or leg.hop:
        return _leaping_rider(f"the leap {words}", leg.range, leg.hop, leg.lame, bool(leg.screen_path))
    return f"leaps {words}" + (" over empty squares only" if leg.lame else
                               " over an occupied square" if leg.screen_path else "")


def to_english(piece: Piece) -> str:
    """What the piece does, in sentences a player reads (``W`` → "steps one square orthogonally")."""
    groups: dict[tuple, set[tuple[int, int]]] = defaultdict(set)
    leaps: dict[tuple, list[tuple[int, int]]] = defaultdict(list)
    order: list[tuple[str, tuple]] = []
    cycles: dict[tuple, set[tuple[int, int]]] = defaultdict(set)
    sentences: list[str] = []
    for shape in piece.shapes:
        leg = shape.legs[0]
        if shape.castling or shape.null:
            order.append(("castling" if shape.castling else "null", (shape,)))
            continue
        if leg.cycle:
            cycle_key = ("zigzag" if len(leg.cycle) == 2 else "circle",
                         tuple(sorted((abs(leg.vector[0]), abs(leg.vector[1])))), leg.range, leg.modes, shape.initial)
            if cycle_key not in cycles:
                order.append(("cycle", cycle_key))
            cycles[cycle_key].add(leg.vector)
        elif len(shape.legs) == 1 and is_straight(leg.vector):
            key = (straight_scale(leg.vector), leg.range, leg.modes, leg.hop, leg.lame, leg.screen_path != (),
                   shape.initial, leg.wrap)
            if key not in groups:
                order.append(("straight", key))
            groups[key].add(unit(leg.vector))
        elif len(shape.legs) == 1:
            shape_key = (tuple(sorted((abs(leg.vector[0]), abs(leg.vector[1])))), leg.range, leg.modes,
                         leg.lame, leg.screen_path != (), shape.initial, leg.wrap, leg.hop)
            if shape_key not in leaps:
                order.append(("leap", shape_key))
            leaps[shape_key].append(leg.vector)
        else:
            order.append(("legs", (shape,)))
    for kind, key in order:
        if kind == "straight":
            scale, rng, modes, hop, lame, screen, initial, wrap = key
            leg = Leg((0, scale), rng, modes, hop, ((0, 1),) if lame else (), ((0, 1),) if screen else ())
            text = _straight(groups[key], scale, leg) + _ending(modes) + (_WRAPPING if wrap else "")
        elif kind == "leap":
            (short, long), rng, modes, lame, screen, initial, wrap, hop = key
            vectors = leaps[key]
            ways = "in all 8 ways" if len(vectors) == 8 else "(" + "; ".join(_vector_words(v) for v in vectors) + ")"
            if (rng != 1 or hop) and (hop or lame or screen):
                # The ways go with the leap, before what is said of the whole ride.
                verb = _leaping_rider(f"a {long}-{short} leap {ways}", rng, hop, lame, screen)
            elif rng != 1:
                verb = f"repeats a {long}-{short} leap {_reach(rng)} times over empty landing squares {ways}"
            else:
                verb = f"leaps {long} and {short}" + (" over empty squares only" if lame else
                                                      " over an occupied square" if screen else "") + f" {ways}"
            text = f"{verb}{_ending(modes)}" + (_WRAPPING if wrap else "")
        elif kind == "cycle":
            path, (short, long), rng, modes, initial = key
            starts = cycles[key]
            step = f"a {long}-{short} leap" if short != long and short else \
                f"a step of {long}" if long > 1 else "a step"
            units = {unit(v) for v in starts} if is_straight(next(iter(starts))) else set()
            where = _directions(units) if units else \
                ("in any of its 8 ways" if len(starts) == 8 else "(" + "; ".join(_vector_words(v) for v in starts) + ")")
            turn = "turning a right angle one way, then back, at every further step" if path == "zigzag" else \
                "turning the same way by the next of its directions at every further step, around a circle"
            text = f"{path}s: {step} {where}, then {turn}, {_reach(rng)} steps over empty squares{_ending(modes)}"
        elif kind == "null":
            shape = key[0]
            assert isinstance(shape, Shape)
            initial = shape.initial
            text = "stays where it is, the turn passing (a null move)"
        elif kind == "castling":
            shape = key[0]
            assert isinstance(shape, Shape)
            initial = shape.initial
            steps = shape.legs[0].range
            text = (f"castles {_UNIT_WORDS[shape.legs[0].vector]}: steps {steps} square{'s' if steps > 1 else ''} "
                    f"over empty squares not attacked, from a square not attacked, toward an unmoved friendly "
                    f"piece at the end of an empty line, which then lands beside it on the other side")
        else:
            shape = key[0]
            assert isinstance(shape, Shape)
            initial = shape.initial
            legs = []
            for index, leg in enumerate(shape.legs):
                final = index == len(shape.legs) - 1
                legs.append(_leg(leg) + (_ending(leg.modes) if final else _middle(leg.modes)))
            text = "first " + ", then ".join(legs)
        sentences.append(text + (" (only if it has not moved)" if initial else ""))
    if not sentences:
        return "no move"
    first = sentences[0]
    return "; or ".join([first[0].upper() + first[1:]] + sentences[1:]) + "."
