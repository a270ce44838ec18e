"""Writing the piece model in the Dagaz notation.

Each shape becomes one alternative. Straight moves sharing everything but their direction become
one alternative with a direction run and a group (``(+)([p]\\1)*``); oblique leaps are spelt as
unit steps, orthogonal first while the long side is longer (the path a lame leap checks), and
leaps differing only in their last step share it as a run (``N,OM``).

Directions are the piece's own: forward is ``N``, its right ``E``. The board's symmetry turns
them for the other player (a board that turns Black's directions by a half turn reads Betza's
``l`` and ``r`` as Fairy-Stockfish and XBoard do).
"""

from __future__ import annotations

import re
from collections import defaultdict

from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.model import (
    RING,
    Leg,
    Piece,
    Shape,
    comes_home,
    is_straight,
    leap_path,
    lopsided,
    straight_scale,
    unit,
)
from dagaz_studio.notation.parser import MAX_NESTING, MAX_NOTATION_LENGTH

LETTER = {(0, 1): "N", (1, 1): "O", (1, 0): "E", (1, -1): "T", (0, -1): "S", (-1, -1): "R", (-1, 0): "W",
          (-1, 1): "M"}
_ORDER = {v: i for i, v in enumerate(RING)}
ORTHOGONAL = frozenset({(0, 1), (1, 0), (0, -1), (-1, 0)})
DIAGONAL = frozenset({(1, 1), (1, -1), (-1, -1), (-1, 1)})


def run_text(units: set[tuple[int, int]]) -> str:
    """A set of unit directions as a Dagaz direction run (``+``, ``X``, ``*`` for the whole sets)."""
    if units == ORTHOGONAL | DIAGONAL:
        return "*"
    if units == ORTHOGONAL:
        return "+"
    if units == DIAGONAL:
        return "X"
    return "".join(LETTER[u] for u in sorted(units, key=_ORDER.__getitem__))


def _initial(text: str, check: str = "M") -> str:
    """``[M]`` (or the ``check`` given) before a move: a comma keeps a following ``+`` or ``*`` from
    reading as a quantifier."""
    return f"[{check}]" + ("," if text[:1] in "+*" else "") + text


#: An en-passant capture: to an empty square that the piece which moved last has just passed over,
#: taking that piece, which stands right behind it (as a double step leaves it).
EN_PASSANT = "[p,l>N,(te,x)>S]"


def _final_check(modes: frozenset[str]) -> str:
    if modes == frozenset({"m", "c"}):
        return ""
    checks = {"m": "[p]", "c": "[e]", "e": EN_PASSANT}
    parts = [checks[m] for m in ("m", "c", "e") if m in modes]
    return parts[0] if len(parts) == 1 else "(" + ";".join(parts) + ")"


def _middle_check(modes: frozenset[str]) -> str:
    checks = {"m": "[p]", "c": "[ex]", "p": "[P]"}
    parts = [checks[m] for m in ("m", "c", "p") if m in modes]
    return parts[0] if len(parts) == 1 else "(" + ";".join(parts) + ")"


def _repeat(body: str, rng: int) -> str:
    """``(body)*`` for an unlimited rider, ``(body){0,n-1}`` for one of range n."""
    if rng == 1:
        return ""
    if rng == 0:
        return f"({body})*"
    if rng == 2:
        return f"({body})?"
    return f"({body}){{0,{rng - 1}}}"


def _leap_tokens(leg: Leg) -> list[str]:
    """A leap as unit-step letters, with ``[p]`` on the squares a lame leap must find empty."""
    check = "[P]" if leg.screen_path else "[p]"
    points = list(leg.lame_path or leg.screen_path) + [leg.vector]
    tokens: list[str] = []
    x = y = 0
    for index, (px, py) in enumerate(points):
        for step in leap_path((px - x, py - y)):
            tokens.append(LETTER[step])
        x, y = px, py
        if index < len(points) - 1:
            tokens.append(check)
    return tokens


def _join(tokens: list[str]) -> str:
    out = ""
    for token in tokens:
        if out and out[-1].isalpha() and token[:1].isalpha():
            out += ","
        out += token
    return out


def _straight_group(units: set[tuple[int, int]], scale: int, leg: Leg) -> str:
    if leg.wrap:
        return _wrapping_straight(run_text(units), scale, leg)
    run = run_text(units)
    lame = {straight_scale(p) for p in leg.lame_path}
    screen = {straight_scale(p) for p in leg.screen_path}
    if scale == 1 and leg.range == 1 and not leg.hop:
        return run + _final_check(leg.modes)
    again = "".join(("[p]" if k in lame else "[P]" if k in screen else "") + "\\1" for k in range(1, scale))
    text = f"({run}){again}"
    if leg.hop and leg.range:
        if leg.range > MAX_NOTATION_LENGTH // 8:
            raise _too_long(leg.range * 8)  # one alternative per place of the hurdle, each longer than 8
        # A hopper of range n: the hurdle and the squares either side of it, n at most in all.
        ways = [_limited_hop(k, leg.range - 2 - k) for k in range(leg.range - 1)]
        return text + (ways[0] if len(ways) == 1 else "(" + ";".join(ways) + ")") + _final_check(leg.modes)
    if leg.hop:
        text += "([p]\\1)*[P]\\1"
        if leg.hop == "p":
            text += "([p]\\1)*"
        return text + _final_check(leg.modes)
    text += _repeat(_again_body(scale, lame, screen), leg.range)
    return text + _final_check(leg.modes)


def _wrapping_straight(run: str, scale: int, leg: Leg) -> str:
    """A straight leap or ride whose steps wrap round the board's side edges (XBetza's ``o``): each
    unit step written with ``%``, a rider's landing squares not its own square, which it would come
    round to on an empty row (``[p,B]``)."""
    if scale == 1 and leg.range == 1:
        return run + "%" + _final_check(leg.modes)
    again = "\\1%" * (scale - 1)
    body = "[p,B]" + "\\1%" * scale
    return f"({run}%){again}" + _repeat(body, leg.range) + _final_check(leg.modes)


def _limited_hop(before: int, after: int) -> str:
    """``before`` empty squares, the hurdle, then up to ``after`` empty squares beyond it."""
    text = (f"([p]\\1){{{before}}}" if before > 1 else "[p]\\1" if before else "") + "[P]\\1"
    return text + ("" if not after else "([p]\\1)?" if after == 1 else f"([p]\\1){{0,{after}}}")


def _again_body(scale: int, lame: set[int], screen: frozenset[int] | set[int] = frozenset()) -> str:
    """One more leap of a straight rider: the square reached must be empty, then the steps, each
    square a lame leap passes empty, each one a jumping leap passes occupied."""
    return "[p]" + "".join(("[p]" if k in lame else "[P]" if k in screen else "") + "\\1" for k in range(0, scale))


def to_dagaz(piece: Piece, initial_check: str = "M") -> str:
    """The piece in the Dagaz notation; its initial moves (``i``) behind the square check ``initial_check``,
    the piece's not having moved unless told otherwise.

    Raises TranslationError when the piece has no move.
    """
    if not piece.shapes and piece.immobile:
        return "[P]"  # the square just left is empty: no move ever completes
    if not piece.shapes:
        raise TranslationError("the piece has no move: its direction modifiers select nothing")
    alternatives: list[str] = []
    straight: dict[tuple, set[tuple[int, int]]] = defaultdict(set)
    order: list[tuple] = []
    merged: dict[tuple, list[str]] = defaultdict(list)
    merged_order: list[tuple] = []
    for shape in piece.shapes:
        leg = shape.legs[0]
        if shape.castling:
            alternatives.append(_castling_text(shape))
            continue
        if shape.null:
            alternatives.append("[M,n]" if shape.initial else "[n]")
            continue
        if len(shape.legs) == 1 and is_straight(leg.vector) and not leg.cycle and not (
                leg.hop and (straight_scale(leg.vector) > 1 or leg.hop == "g" and leg.range)):
            scale = straight_scale(leg.vector)
            lame = tuple(sorted(straight_scale(p) for p in leg.lame_path))
            screen = tuple(sorted(straight_scale(p) for p in leg.screen_path))
            key = (scale, leg.range, leg.modes, leg.hop, lame, screen, shape.initial, leg.wrap)
            if key not in straight:
                order.append(key)
            straight[key].add(unit(leg.vector))
            continue
        if len(shape.legs) == 1 and leg.range == 1 and not leg.hop and not leg.cycle:
            tokens = _leap_tokens(leg)
            if leg.wrap:
                tokens = [token + "%" if token.isalpha() else token for token in tokens[:-1]] + tokens[-1:]
            key2 = (tuple(tokens[:-1]), leg.modes, shape.initial, leg.wrap)
            if key2 not in merged:
                merged_order.append(key2)
            merged[key2].append(tokens[-1])
            continue
        text = _shape_text(shape)
        alternatives.append(_initial(text, initial_check) if shape.initial else text)
    texts = []
    for key in order:
        scale, rng, modes, hop, lame, screen, initial, wrap = key
        leg = Leg((0, scale), rng, modes, hop, tuple((0, k) for k in lame), tuple((0, k) for k in screen),
                  wrap=wrap)
        text = _straight_group(straight[key], scale, leg)
        texts.append(_initial(text, initial_check) if initial else text)
    for key2 in merged_order:
        prefix, modes, initial, wrap = key2
        letters = sorted(set(merged[key2]), key=lambda c: _ORDER[next(v for v, letter in LETTER.items() if letter == c)])
        text = _join(list(prefix) + ["".join(letters) + ("%" if wrap else "")]) + _final_check(modes)
        texts.append(_initial(text, initial_check) if initial else text)
    text = ";".join(texts + alternatives)
    if lopsided(piece.shapes):
        text = _own_hand(text)
    if len(text) > MAX_NOTATION_LENGTH:
        raise _too_long(len(text))
    return text


_BRACKETS = re.compile(r"(\[[^\]]*\])")
_LATERAL_RUN = re.compile(r"[NSWEMORTUDX]*[EWOMTR][NSWEMORTUDX]*")


def _own_hand(text: str) -> str:
    """The text with every run of directions that names a side marked ``'``, to be read in the mover's
    own hand: Betza's right is the piece's own right on every board, whatever the board's symmetry
    (outside brackets, capital letters are directions only)."""
    parts = _BRACKETS.split(text)
    return "".join(part if index % 2 else _LATERAL_RUN.sub(lambda m: m.group(0) + "'", part)
                   for index, part in enumerate(parts))


def _too_long(length: int) -> TranslationError:
    return TranslationError(f"the piece's moves take {length:,} characters or more in the notation, which reads "
                            f"at most {MAX_NOTATION_LENGTH:,}")


def _castling_text(shape: Shape) -> str:
    """Castling: out of and through squares not attacked, then the first piece on the line, an
    unmoved friend, lifted and carried back over the piece that castled to land beside it."""
    leg = shape.legs[0]
    way, back = LETTER[leg.vector], LETTER[(-leg.vector[0], -leg.vector[1])]
    steps = f"({way}[pA]){{{leg.range}}}" if leg.range > 1 else f"{way}[pA]"
    return f"[{'M' if shape.initial else ''}A]{steps}|({way}[p])*{way}[f,M]^({back}[p])*+{back}[f]{back}[p]"


def _hop_text(leap: str, hop: str, rng: int) -> str:
    """A hopper along a leap (``N,O`` for a knight's): empty squares, the hurdle, then for ``p`` more
    empty squares, for ``g`` none; a range counts every leap, the hurdle's among them."""
    if rng == 0:
        return f"{leap}([p]{leap})*[P]{leap}" + (f"([p]{leap})*" if hop == "p" else "")
    if rng > MAX_NOTATION_LENGTH // 8:
        raise _too_long(rng * 8)
    ways = []
    for hurdle in range(1, rng):
        after = rng - hurdle - 1 if hop == "p" else 0
        before = "" if hurdle == 1 else f"[p]{leap}" if hurdle == 2 else f"([p]{leap}){{{hurdle - 1}}}"
        ways.append(leap + before + f"[P]{leap}"
                    + ("" if not after else f"([p]{leap})?" if after == 1 else f"([p]{leap}){{0,{after}}}"))
    return ways[0] if len(ways) == 1 else "(" + ";".join(ways) + ")"


def _cycle_text(leg: Leg) -> str:
    """A crooked or circular rider: its steps in turn, each further one from an empty square.

    An unlimited zigzag repeats its pair of steps (``N([p]E[p]N)*([p]E)?``); a limited path nests
    each further step in an optional group (``N,N,E([p]E,E,S([p]…)?)?``).
    """
    def leap(vector: tuple[int, int]) -> str:
        return _join([LETTER[step] for step in leap_path(vector)])

    if leg.range > MAX_NESTING:
        raise TranslationError(f"a crooked or circular path of {leg.range:,} steps nests each step in the one "
                               f"before: the notation nests at most {MAX_NESTING} levels")
    first, second = leap(leg.step(0)), leap(leg.step(1))
    if leg.range == 0:
        if len(leg.cycle) != 2:
            raise TranslationError("a circular path without an end has no Dagaz spelling")
        return f"{first}([p]{second}[p]{first})*([p]{second})?"
    return leap(leg.step(0)) + "".join(f"([p]{leap(leg.step(k))}" for k in range(1, leg.range)) + \
        ")?" * (leg.range - 1)


def _shape_text(shape: Shape) -> str:
    out: list[str] = []
    for index, leg in enumerate(shape.legs):
        final = index == len(shape.legs) - 1
        if leg.cycle:
            out.append(_cycle_text(leg))
        elif leg.hop:
            out.append(_hop_text(_join(_leap_tokens(Leg(leg.vector))), leg.hop, leg.range))
        elif leg.wrap:
            leap = "".join(token + "%" for token in _leap_tokens(leg))
            out.append(leap + _repeat("[p,B]" + leap, leg.range))
        else:
            leap = _join(_leap_tokens(leg))
            out.append(leap + _repeat("[p]" + leap, leg.range))
        out.append(_final_check(leg.modes) if final else _middle_check(leg.modes))
    if comes_home(shape):
        out.append("[n]")
    text = ""
    for part in out:
        if text and text[-1].isalpha() and part[:1].isalpha():
            text += ","
        text += part
    return text
