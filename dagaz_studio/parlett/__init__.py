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
from dagaz_studio.notation.errors import MAX_NOTATION_LENGTH

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


#: The longest distance read, in squares: the longest line the largest board has room for (a board
#: has at most 10,000 squares, ``dagaz_studio.board``'s MAX_SQUARES, so one row of 10,000). A longer
#: move could never be made, and a slide's squares on the way are listed one by one.
MAX_DISTANCE = 9_999

#: The longest Parlett text read, in characters: the limit of every notation (real pieces need a
#: few dozen).
MAX_PARLETT_LENGTH = MAX_NOTATION_LENGTH

#: The most squares a piece's slides may pass on their way, all moves together (each slide of
#: ``k`` squares lists its ``k - 1`` squares on the way). ``9999*`` needs 79,984: every slide of
#: the longest distance fits, while a text of many long slides is refused before it is built.
MAX_PATH_SQUARES = 100_000


class ParlettError(TranslationError):
    """Parlett text that cannot be read: ``start``/``end`` say where in the text."""


def _modes(conditions: str) -> tuple[frozenset[str], bool]:
    if "o" in conditions and "c" in conditions:
        return frozenset({"m", "c"}), "i" in conditions
    if "o" in conditions:
        return frozenset({"m"}), "i" in conditions
    if "c" in conditions:
        return frozenset({"c"}), "i" in conditions
    return frozenset({"m", "c"}), "i" in conditions


def _number(token: Token, text: str, what: str, least: int) -> int:
    """A count read from the text, refused (with where) when it is below ``least`` or past
    :data:`MAX_DISTANCE`; a number of thousands of digits is refused without being converted."""
    digits = str(token).lstrip("0") or "0"
    start, end = token.start_pos or 0, token.end_pos or 0
    if len(digits) > len(str(MAX_DISTANCE)) or int(digits) > MAX_DISTANCE:
        raise ParlettError(f"{what} of {digits if len(digits) <= 12 else digits[:6] + '…'} is longer than any "
                           f"board: at most {MAX_DISTANCE:,} squares", text, start, end)
    value = int(digits)
    if value < least:
        raise ParlettError(f"{what} of {value} goes nowhere: at least {least}", text, start, end)
    return value


def _syntax_error(text: str, error: UnexpectedInput) -> ParlettError:
    token = getattr(error, "token", None)
    # At the end of the text lark reports the position of the last token read.
    at_end = token is not None and token.type == "$END"
    pos = len(text) if at_end else (getattr(error, "pos_in_stream", None) or 0)
    expected = getattr(error, "allowed", None) or getattr(error, "expected", None) or ()
    words = sorted({_EXPECTED.get(str(name), "") for name in expected} - {""})
    found = "the end of the text" if pos >= len(text) else repr(text[pos])
    hint = f": expected {' or '.join(words)}" if words else ""
    return ParlettError(f"not Parlett's notation at {found}{hint}", text, pos, pos + 1)


_EXPECTED = {
    "CONDITIONS": "a condition (o c i)",
    "DISTANCE": "a distance (a number or n)",
    "NUMBER": "a number",
    "DIRECTION": "a direction (* + X > < <> = >= <= X> X<)",
    "TILDE": "'~' (a leap)",
    "SLASH": "'/'",
    "COMMA": "','",
}


def read_parlett(text: str) -> Piece:
    """The piece a Parlett text describes. Raises :class:`ParlettError` (a TranslationError) naming
    what cannot be read and where: a syntax error, a distance of 0, a number past
    :data:`MAX_DISTANCE`, a text past :data:`MAX_PARLETT_LENGTH` or slides past :data:`MAX_PATH_SQUARES`."""
    if not text.strip():
        raise ParlettError("empty Parlett text", text, 0, 0)
    if len(text) > MAX_PARLETT_LENGTH:
        raise ParlettError(f"the text is {len(text):,} characters long: at most {MAX_PARLETT_LENGTH:,} are read",
                           text, MAX_PARLETT_LENGTH, len(text))
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(text, error) from None
    # Shapes are kept in a dict, not added one by one to the piece: a long text repeats moves, and
    # Piece.add looks through every shape it has.
    shapes: dict[Shape, None] = {}
    slides: set[tuple[frozenset[str], bool, int, int, int]] = set()
    path_squares = 0
    for move in tree.children:
        assert isinstance(move, Tree)
        conditions = ""
        for child in move.children:
            if isinstance(child, Token) and child.type == "CONDITIONS":
                conditions = str(child)
        modes, initial = _modes(conditions)
        body = [c for c in move.children if isinstance(c, Tree)][0]
        tokens = [t for t in body.children if isinstance(t, Token)]
        if body.data == "leap":
            a = _number(tokens[0], text, "a leap", 0)
            b = _number(tokens[1], text, "a leap", 0)
            if a == 0 and b == 0:
                start = tokens[0].start_pos or 0
                raise ParlettError("a leap of 0/0 goes nowhere", text, start, tokens[1].end_pos or start)
            for vector in sorted(atom_vectors(max(a, b), min(a, b))):
                shapes[Shape((Leg(vector, 1, modes),), initial)] = None
        elif body.data == "straight_leap":
            k = _number(tokens[0], text, "a leap", 1)
            for dx, dy in sorted(DIRECTIONS[str(tokens[1])]):
                shapes[Shape((Leg((dx * k, dy * k), 1, modes),), initial)] = None
        else:
            distance, direction = tokens
            k = 0 if str(distance) == "n" else _number(distance, text, "a distance", 1)
            for dx, dy in sorted(DIRECTIONS[str(direction)]):
                if k == 0:
                    shapes[Shape((Leg((dx, dy), 0, modes),), initial)] = None
                    continue
                if (modes, initial, k, dx, dy) in slides:
                    continue
                slides.add((modes, initial, k, dx, dy))
                path_squares += k - 1
                if path_squares > MAX_PATH_SQUARES:
                    raise ParlettError(f"the slides pass more than {MAX_PATH_SQUARES:,} squares on their way, "
                                       "all moves together", text, distance.start_pos or 0,
                                       direction.end_pos or 0)
                path = tuple((dx * i, dy * i) for i in range(1, k))
                shapes[Shape((Leg((dx * k, dy * k), 1, modes, "", path),), initial)] = None
    return Piece(list(shapes))


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
