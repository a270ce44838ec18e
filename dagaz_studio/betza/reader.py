"""Reading Betza and XBetza text into the piece model.

The reading follows XBoard's move generator (moves.c) and H.G. Muller's XBetza description; where
Fairy-Stockfish (piece.cpp) reads a construct differently, ``dialect="fsf"`` reads it its way and
the other reading is named in a warning.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from dagaz_studio.betza.directions import LETTERS, atom_vectors, king_offsets, ring_index, select, split_directions
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.model import RING, Leg, Piece, Shape, leap_path

DIALECTS = ("xboard", "fsf")

#: Leaper atoms as (long side, short side). L and J depend on the dialect (see ``_atom``).
LEAPERS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2), "H": (3, 0),
           "C": (3, 1), "Z": (3, 2), "G": (3, 3)}
#: Riders written with one letter: the atoms they repeat.
RIDERS = {"R": ("W",), "B": ("F",), "Q": ("W", "F")}

_ATOM_NAMES = {"O": "castling (O)", "U": "the universal leaper (U)", "I": "the imitator (I)",
               "X": "extended atoms (X)", "E": "E", "M": "M", "P": "P", "S": "S", "T": "T", "V": "V", "Y": "Y"}
_MODIFIER_NAMES = {"e": "en-passant capture (e)", "d": "capturing a friend (d)", "j": "jumping (j)",
                   "o": "the cylinder board (o)", "y": "range toggles (y)", "t": "tame moves (t)",
                   "u": "unload (u)", "x": "excluding (x)", "z": "crooked paths (z)", "q": "circular paths (q)",
                   "k": "checking moves (k)", "w": "w", "!": "'!'", "'": "\"'\""}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (Path(__file__).with_name("betza.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True)


def read_betza(text: str, dialect: str = "xboard") -> Piece:
    """The piece a Betza or XBetza text describes.

    Raises TranslationError naming the part that cannot be read (an unknown atom or modifier, a
    construct this reader does not model).
    """
    if dialect not in DIALECTS:
        raise TranslationError(f"unknown dialect {dialect!r}: choose {' or '.join(DIALECTS)}")
    if not text.strip():
        raise TranslationError("empty Betza text", text, 0, 0)
    try:
        tree = _parser().parse(text)
    except UnexpectedCharacters as error:
        at = error.pos_in_stream or 0
        char = text[at] if at < len(text) else ""
        raise TranslationError(f"unexpected {char!r}", text, at, at + 1) from None
    except UnexpectedEOF:
        raise TranslationError("the text ends without an atom (a capital letter such as W, N or R)",
                               text, len(text), len(text)) from None
    except UnexpectedInput as error:
        pos = getattr(error, "pos_in_stream", None) or 0
        token = getattr(error, "token", None)
        what = f"unexpected {str(token)!r}" if token is not None and str(token) else "unexpected end"
        if token is not None and getattr(token, "type", "") == "$END":
            what = "the text ends without an atom (a capital letter such as W, N or R)"
            pos = len(text)
        raise TranslationError(what, text, pos, pos + 1) from None
    piece = Piece()
    parts = list(tree.children)
    i = 0
    while i < len(parts):
        part = parts[i]
        assert isinstance(part, Tree)
        if part.data != "atom_part":
            meta = part.meta
            kind = "bracket forms such as [F?R]" if part.data == "bracket_part" else "parenthesised groups"
            raise TranslationError(f"{kind} are not supported", text, meta.start_pos, meta.end_pos)
        mods, atom, count = _fields(part)
        if str(atom) == "O":
            _read_castling(piece, text, mods, atom, count)
            i += 1
            continue
        doubled = False
        nxt = parts[i + 1] if i + 1 < len(parts) else None
        if count is None and isinstance(nxt, Tree) and nxt.data == "atom_part":
            n_mods, n_atom, n_count = _fields(nxt)
            if n_mods is None and n_atom is not None and str(n_atom) == str(atom) and str(atom) not in RIDERS:
                doubled = True
                count = n_count
                i += 1
                if dialect == "xboard":
                    piece.warnings.append(
                        f"{atom}{atom}: XBoard reads a doubled atom as the atom once; Fairy-Stockfish and "
                        f"classic Betza read it as a rider ({atom}0): use --dialect fsf for that reading")
        _read_atom(piece, text, mods, atom, count, doubled, dialect)
        i += 1
    if dialect == "fsf" and any(isinstance(p, Tree) and "e" in str(_fields(p)[0] or "") for p in parts):
        piece.warnings.append("e: Fairy-Stockfish lets every capture-only move of the piece take en passant; "
                              "XBoard only the moves marked e")
        capture_en_passant(piece)
    return piece


def capture_en_passant(piece: Piece) -> None:
    """Let every capture-only move also take en passant, as Fairy-Stockfish does for a piece whose
    Betza says ``e`` anywhere, or that is one of a variant's pawn types."""
    for index, shape in enumerate(piece.shapes):
        last = shape.legs[-1]
        if last.modes == frozenset({"c"}) and not shape.castling:
            legs = shape.legs[:-1] + (Leg(last.vector, last.range, frozenset({"c", "e"}), last.hop, last.lame_path),)
            piece.shapes[index] = Shape(legs, shape.initial)


def _read_castling(piece: Piece, text: str, mods_token: Token | None, atom_token: Token,
                   count_token: Token | None) -> None:
    """XBetza's castling: ``O`` and the number of steps the piece makes (``isO2``, the King's)."""
    start = mods_token.start_pos if mods_token is not None else atom_token.start_pos
    end = count_token.end_pos if count_token is not None else atom_token.end_pos
    spec = _PartSpec(text, start or 0, end or 0, "O")
    if count_token is None or int(str(count_token)) == 0:
        raise spec.error("O without a number of steps is the null move, which is not supported; "
                         "castling is O and the King's steps (O2)")
    mods = str(mods_token) if mods_token is not None else ""
    initial = mods.startswith("i")
    mods = mods.lstrip("i")
    for offset, char in enumerate(mods):
        if char not in LETTERS:
            at = (start or 0) + len(str(mods_token or "")) - len(mods) + offset
            raise TranslationError(f"modifier {_MODIFIER_NAMES.get(char, repr(char))} on castling (O) is not supported",
                                   text, at, at + 1)
    for vector in sorted(select(1, 0, split_directions(mods))):
        piece.add(Shape((Leg(vector, int(str(count_token))),), initial, castling=True))


def _fields(part: Tree) -> tuple[Token | None, Token, Token | None]:
    mods = atom = count = None
    for child in part.children:
        if isinstance(child, Token):
            if child.type == "MODIFIERS":
                mods = child
            elif child.type == "ATOM":
                atom = child
            elif child.type == "RANGE":
                count = child
    assert atom is not None
    return mods, atom, count


def _read_atom(piece: Piece, text: str, mods_token: Token | None, atom_token: Token, count_token: Token | None,
               doubled: bool, dialect: str) -> None:
    letter = str(atom_token)
    a_start = atom_token.start_pos or 0
    a_end = atom_token.end_pos or a_start + 1
    mods = str(mods_token) if mods_token is not None else ""
    m_start = mods_token.start_pos if mods_token is not None else a_start
    part_start = m_start or 0
    for offset, char in enumerate(mods):
        if char not in LETTERS + "mcpgniaejy":
            name = _MODIFIER_NAMES.get(char, repr(char))
            raise TranslationError(f"modifier {name} is not supported", text, part_start + offset,
                                   part_start + offset + 1)
    atoms = _atom(piece, text, letter, a_start, a_end, dialect)
    rider = letter in RIDERS or doubled and dialect == "fsf"
    rng = 0 if rider else 1
    if count_token is not None:
        digits = str(count_token)
        if len(digits) > 1 and digits.startswith("0"):
            raise TranslationError(f"exact ranges ({letter}{digits}) are not supported", text,
                                   count_token.start_pos or 0, count_token.end_pos or 0)
        rng = int(digits)
        if rider and letter in RIDERS and rng == 1:
            rng = 1
    initial = False
    while mods.startswith("i"):
        initial = True
        mods = mods[1:]
        part_start += 1
    legs_mods = mods.split("a")
    for leg_mods in legs_mods:
        if "i" in leg_mods:
            at = text.index("i", part_start)
            raise TranslationError("'i' (initial move) goes before every other modifier", text, at, at + 1)
    spec = _PartSpec(text, part_start, a_end, letter)
    if "y" in mods and len(legs_mods) == 1:
        raise spec.error("'y' toggles the range of the legs after it: it needs a multi-leg move ('a')")
    if "j" in mods and len(legs_mods) > 1:
        raise spec.error("'j' (jumping) in a multi-leg move is not supported")
    if "j" in mods and dialect == "fsf":
        piece.warnings.append(f"{mods}{letter}: Fairy-Stockfish ignores 'j'; XBoard makes the piece jump "
                              f"(--dialect xboard)")
    if len(legs_mods) == 1:
        for p, q in atoms:
            for shape in _single_leg(spec, p, q, letter, legs_mods[0], rng, initial, dialect):
                piece.add(shape)
        if dialect == "fsf" and letter in ("K", "Q") and _dirs(legs_mods[0]):
            piece.warnings.append(f"{mods}{letter}: Fairy-Stockfish applies the directions to the W and F moves "
                                  f"separately; XBoard reads them in the King's eight directions")
        elif dialect == "xboard" and letter in ("K", "Q") and _dirs(legs_mods[0]):
            piece.warnings.append(f"{mods}{letter}: read in the King's eight directions, as XBoard does; "
                                  f"Fairy-Stockfish applies them to the W and F moves separately (--dialect fsf)")
        return
    for shape in _multi_leg(spec, atoms, legs_mods, rng, initial):
        piece.add(shape)


class _PartSpec:
    """Where a part stands in the text, for errors."""

    def __init__(self, text: str, start: int, end: int, letter: str) -> None:
        self.text, self.start, self.end, self.letter = text, start, end, letter

    def error(self, message: str) -> TranslationError:
        return TranslationError(message, self.text, self.start, self.end)


def _dirs(mods: str) -> str:
    return "".join(c for c in mods if c in LETTERS)


def _atom(piece: Piece, text: str, letter: str, start: int, end: int, dialect: str) -> list[tuple[int, int]]:
    """The (long, short) atoms a letter stands for."""
    if letter in ("L", "J"):
        xboard = {"J": (3, 1), "L": (3, 2)}
        fsf = {"L": (3, 1), "J": (3, 2)}
        names = {(3, 1): "the camel (3,1), C", (3, 2): "the zebra (3,2), Z"}
        chosen, other = (xboard, fsf) if dialect == "xboard" else (fsf, xboard)
        piece.warnings.append(f"{letter}: read as {names[chosen[letter]]}"
                              f"{' as XBoard does' if dialect == 'xboard' else ' as Fairy-Stockfish does'}; "
                              f"{'Fairy-Stockfish' if dialect == 'xboard' else 'XBoard'} reads it as "
                              f"{names[other[letter]]}")
        return [chosen[letter]]
    if letter == "K":
        return [LEAPERS["W"], LEAPERS["F"]]
    if letter in RIDERS:
        return [LEAPERS[a] for a in RIDERS[letter]]
    if letter in LEAPERS:
        return [LEAPERS[letter]]
    name = _ATOM_NAMES.get(letter, repr(letter))
    raise TranslationError(f"atom {name} is not supported", text, start, end)


def _modes(spec: _PartSpec, mods: str, final: bool) -> tuple[frozenset[str], str, bool]:
    """The modes a leg's modifiers give, its hop letter (final legs) and whether it is lame."""
    modes = set()
    hop = ""
    for c in mods:
        if c in "mc":
            modes.add(c)
        elif c == "e":
            if not final:
                raise spec.error("'e' (en passant) on a leg before the last is not supported")
            modes.add(c)
        elif c in "pg":
            if final:
                if hop and hop != c:
                    raise spec.error("'p' and 'g' together")
                hop = c
            else:
                modes.add("p")  # XBoard: a leg before the last ends on a piece it passes ('g' also toggles)
        elif c == "y":
            if final:
                raise spec.error("'y' on the last leg: it toggles the range of the legs after it")
            modes.add("m")
    if not modes:
        modes = {"m", "c"} if final else {"m"}
    return frozenset(modes), hop, "n" in mods


def _lame_path(vector: tuple[int, int], dialect: str) -> tuple[tuple[int, int], ...]:
    """The squares a lame leap must find empty, as offsets from its start."""
    if dialect == "xboard":
        dx, dy = vector
        mid = (int(dx / 2), int(dy / 2))
        return (mid,) if mid != (0, 0) and mid != vector else ()
    path = leap_path(vector)
    out = []
    x = y = 0
    for sx, sy in path[:-1]:
        x, y = x + sx, y + sy
        out.append((x, y))
    return tuple(out)


def _single_leg(spec: _PartSpec, p: int, q: int, letter: str, mods: str, rng: int, initial: bool,
                dialect: str) -> list[Shape]:
    modes, hop, lame = _modes(spec, mods, final=True)
    dirs = _dirs(mods)
    if letter in ("K", "Q") and dialect == "xboard" and dirs:
        offsets = king_offsets(dirs)
        vectors = {(RING[o][0] * p, RING[o][1] * p) for o in offsets
                   if (RING[o][0] != 0 and RING[o][1] != 0) == (q != 0)}
    else:
        vectors = select(p, q, split_directions(dirs), eight_way=letter in ("K", "Q"))
    if hop:
        if p != 1:
            raise spec.error(f"'{hop}' on the atom {letter} is not supported: hoppers go by W or F steps")
        if rng == 1:
            if dialect == "xboard":
                raise spec.error(f"'{hop}' on the leaper {letter}: XBoard's reading gives it no move "
                                 f"(Fairy-Stockfish reads {hop}{letter} as a hopping rider: --dialect fsf)")
            rng = 0
        if rng != 0:
            raise spec.error(f"'{hop}' with a range limit ({letter}{rng}) is not supported")
        if lame:
            raise spec.error(f"'n' and '{hop}' together are not supported")
    if rng != 1 and not hop and dialect == "fsf" and (p, q) not in ((1, 0), (1, 1), (2, 1)):
        raise spec.error(f"Fairy-Stockfish makes no move of a {letter} rider: it has riders of W, F and N only")
    if lame and rng == 1 and dialect == "fsf" and (p, q) not in ((2, 0), (2, 1), (2, 2), (3, 2), (1, 0), (1, 1)):
        raise spec.error(f"Fairy-Stockfish makes no move of a lame {letter}: it blocks only D, N, A and Z leaps")
    jumps = mods.count("j")
    if jumps and dialect == "xboard":
        if hop or lame:
            raise spec.error(f"'j' with '{hop or 'n'}' is not supported")
        return _jumping(spec, vectors, p, letter, jumps, rng, modes, initial)
    shapes = []
    for vector in sorted(vectors):
        lame_path: tuple[tuple[int, int], ...] = ()
        if lame and (rng == 1 or dialect == "xboard"):
            lame_path = _lame_path(vector, dialect)
        shapes.append(Shape((Leg(vector, rng, modes, hop, lame_path),), initial))
    return shapes


def _jumping(spec: _PartSpec, vectors: set[tuple[int, int]], p: int, letter: str, jumps: int, rng: int,
             modes: frozenset[str], initial: bool) -> list[Shape]:
    """XBoard's ``j``: a W- or F-stepping piece skips its first ``jumps`` squares whatever stands
    there (the skipped squares count against its range); another leaper must jump an occupied
    square, the one its lame form would need empty."""
    shapes: list[Shape] = []
    if p != 1:
        if rng != 1:
            raise spec.error(f"'j' on the rider {letter}{rng or ''} is not supported")
        for vector in sorted(vectors):
            shapes.append(Shape((Leg(vector, 1, modes, "", (), _lame_path(vector, "xboard")),), initial))
        return shapes
    if rng != 0 and rng <= jumps:
        raise spec.error(f"'j' skips {jumps} square{'s' if jumps > 1 else ''}, all the range of {letter}: "
                         f"no move is left")
    for u in sorted(vectors):
        first = (u[0] * (jumps + 1), u[1] * (jumps + 1))
        shapes.append(Shape((Leg(first, 1, modes),), initial))
        if rng == 0 or rng > jumps + 1:
            shapes.append(Shape((Leg(first, 1, frozenset({"m"})), Leg(u, 0 if rng == 0 else rng - jumps - 1, modes)),
                                initial))
    return shapes


def _multi_leg(spec: _PartSpec, atoms: list[tuple[int, int]], legs_mods: list[str], rng: int,
               initial: bool) -> list[Shape]:
    """The shapes of an ``a`` move: each leg after the first turns relative to the one before."""
    shapes: list[Shape] = []
    eight_fold = spec.letter in ("K", "Q") or any(0 < q < p for p, q in atoms)
    for p, q in atoms:
        if 0 < q < p:
            raise spec.error(f"multi-leg moves of the oblique atom {spec.letter} are not supported")
    scale = atoms[0][0]
    first_mods = legs_mods[0]
    if spec.letter in ("K", "Q"):
        first = [RING[o] for o in sorted(king_offsets(_dirs(first_mods)) if _dirs(first_mods) else range(8))]
        first_vectors = [(dx * scale, dy * scale) for dx, dy in first]
    else:
        p, q = atoms[0]
        first_vectors = sorted(select(p, q, split_directions(_dirs(first_mods))))
    leg_specs = []
    current = rng
    for index, mods in enumerate(legs_mods):
        final = index == len(legs_mods) - 1
        modes, hop, lame = _modes(spec, mods, final)
        if hop:
            raise spec.error("hoppers ('p', 'g') on the last leg of a multi-leg move are not supported")
        if lame:
            raise spec.error("'n' in a multi-leg move is not supported")
        if index == 0:
            offsets = None
        elif _dirs(mods):
            offsets = sorted(king_offsets(_dirs(mods)))
        else:
            offsets = sorted({0, 1, 2, 3, 5, 6, 7} if eight_fold else {0, 2, 6})
        leg_specs.append((offsets, modes, current))
        if not final and ("y" in mods or "g" in mods):
            # XBoard's range toggle: the legs after it turn a leaper into a rider and a rider
            # into a leaper (moves.c: 'g' and 'y' on a leg before the last).
            current = 0 if current == 1 else 1
    for vector in first_vectors:
        _extend(shapes, [Leg(vector, rng, leg_specs[0][1])], leg_specs[1:], scale, initial)
    return shapes


def _extend(shapes: list[Shape], legs: list[Leg], rest: list, scale: int, initial: bool) -> None:
    if not rest:
        shapes.append(Shape(tuple(legs), initial))
        return
    offsets, modes, rng = rest[0]
    here = ring_index(legs[-1].vector)
    for offset in offsets:
        dx, dy = RING[(here + offset) % 8]
        _extend(shapes, legs + [Leg((dx * scale, dy * scale), rng, modes)], rest[1:], scale, initial)


def atom_moves(letter: str) -> set[tuple[int, int]]:
    """Every vector of a leaper atom letter (for writers that need the whole set)."""
    p, q = LEAPERS[letter]
    return atom_vectors(p, q)
