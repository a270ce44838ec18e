"""Parlett's notation (``1*``, ``n+``, ``~1/2``, ``o1>, c1X>, oi2>``): read into the piece model and written
back, for what it can say: leaps, slides of a fixed or any distance, directions relative to the player,
move-only (``o``), capture-only (``c``) and initial (``i``) moves.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from dagaz_studio.betza.directions import atom_vectors
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.model import Leg, Piece, Shape, is_straight, straight_scale, unit

_ALL = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
#: Parlett's directions as sets of unit vectors in the piece's frame (forward is +y).
DIRECTIONS: dict[str, frozenset[tuple[int, int]]] = {
    "*": frozenset(_ALL),
    "+": frozenset({(0, 1), (1, 0), (0, -1), (-1, 0)}),
    "X": frozenset({(1, 1), (1, -1), (-1, -1), (-1, 1)}),
    ">": frozenset({(0, 1)}),
    "<": frozenset({(0, -1)}),
    "<>": frozenset({(0, 1), (0, -1)}),
    "=": frozenset({(1, 0), (-1, 0)}),
    ">=": frozenset({(0, 1), (1, 0), (-1, 0)}),
    "<=": frozenset({(0, -1), (1, 0), (-1, 0)}),
    "X>": frozenset({(1, 1), (-1, 1)}),
    "X<": frozenset({(1, -1), (-1, -1)}),
}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((Path(__file__).with_name("parlett.lark")).read_text(encoding="utf-8"), parser="lalr")


def _modes(conditions: str) -> tuple[frozenset[str], bool]:
    if "o" in conditions and "c" in conditions:
        return frozenset({"m", "c"}), "i" in conditions
    if "o" in conditions:
        return frozenset({"m"}), "i" in conditions
    if "c" in conditions:
        return frozenset({"c"}), "i" in conditions
    return frozenset({"m", "c"}), "i" in conditions


def read_parlett(text: str) -> Piece:
    """The piece a Parlett text describes. Raises TranslationError naming what cannot be read."""
    if not text.strip():
        raise TranslationError("empty Parlett text", text, 0, 0)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        pos = getattr(error, "pos_in_stream", None) or 0
        raise TranslationError("not Parlett's notation here", text, pos, pos + 1) from None
    piece = Piece()
    for move in tree.children:
        assert isinstance(move, Tree)
        conditions = ""
        for child in move.children:
            if isinstance(child, Token) and child.type == "CONDITIONS":
                conditions = str(child)
        modes, initial = _modes(conditions)
        body = [c for c in move.children if isinstance(c, Tree)][0]
        values = [str(t) for t in body.children if isinstance(t, Token)]
        if body.data == "leap":
            a, b = int(values[0]), int(values[1])
            if a == 0 and b == 0:
                raise TranslationError("a leap of 0/0 goes nowhere", text)
            for vector in sorted(atom_vectors(max(a, b), min(a, b))):
                piece.add(Shape((Leg(vector, 1, modes),), initial))
        elif body.data == "straight_leap":
            k = int(values[0])
            for dx, dy in sorted(DIRECTIONS[values[1]]):
                piece.add(Shape((Leg((dx * k, dy * k), 1, modes),), initial))
        else:
            distance, direction = values
            for dx, dy in sorted(DIRECTIONS[direction]):
                if distance == "n":
                    piece.add(Shape((Leg((dx, dy), 0, modes),), initial))
                else:
                    k = int(distance)
                    path = tuple((dx * i, dy * i) for i in range(1, k))
                    piece.add(Shape((Leg((dx * k, dy * k), 1, modes, "", path),), initial))
    return piece


def to_parlett(piece: Piece) -> str:
    """The piece in Parlett's notation. Raises TranslationError for what it cannot say."""
    groups: dict[tuple, set[tuple[int, int]]] = {}
    for shape in piece.shapes:
        if shape.castling:
            raise TranslationError("Parlett's notation has no castling")
        if shape.null:
            raise TranslationError("Parlett's notation has no null move")
        if any(leg.wrap for leg in shape.legs):
            raise TranslationError("Parlett's notation has no moves that wrap around the board (XBetza's o)")
        if len(shape.legs) != 1:
            raise TranslationError("Parlett's notation has no multi-leg moves")
        leg = shape.legs[0]
        if leg.hop:
            raise TranslationError("Parlett's notation has no hoppers")
        if leg.cycle:
            raise TranslationError("Parlett's notation has no crooked or circular moves")
        if is_straight(leg.vector):
            scale = straight_scale(leg.vector)
            if leg.range not in (0, 1) or (leg.range == 0 and scale != 1):
                raise TranslationError("Parlett's notation has no limited or leaping riders")
            ux, uy = unit(leg.vector)
            # A slide of k squares needs every square before the last empty: a lame straight leap.
            blocked = leg.lame_path == tuple((ux * i, uy * i) for i in range(1, scale))
            kind = ("n" if leg.range == 0 else str(scale)) if (blocked or scale == 1) else f"~{scale}"
            if leg.lame and not blocked:
                raise TranslationError("Parlett's notation has no lame leap of this shape")
            key = ("straight", kind, leg.modes, shape.initial)
            groups.setdefault(key, set()).add(unit(leg.vector))
        else:
            if leg.range != 1 or leg.lame:
                raise TranslationError("Parlett's notation has no riding or lame oblique leaps")
            a, b = sorted((abs(leg.vector[0]), abs(leg.vector[1])))
            key = ("leap", f"{a}/{b}", leg.modes, shape.initial)
            groups.setdefault(key, set()).add(leg.vector)
    parts = []
    for (kind, what, modes, initial), vectors in groups.items():
        prefix = ("o" if modes == {"m"} else "c" if modes == {"c"} else "") + ("i" if initial else "")
        if kind == "leap":
            a, b = (int(x) for x in what.split("/"))
            if vectors != atom_vectors(b, a):
                raise TranslationError(f"Parlett's notation has no leap ~{what} in only some directions")
            parts.append(f"{prefix}~{what}")
            continue
        symbol = next((s for s, units in DIRECTIONS.items() if units == vectors), None)
        if symbol is None:
            raise TranslationError("Parlett's notation has no symbol for these directions")
        parts.append(f"{prefix}{what}{symbol}")
    if not parts:
        raise TranslationError("the piece has no move")
    return ", ".join(parts)
