"""Reading Betza and XBetza text into the piece model.

The reading follows XBoard's move generator (moves.c) and H.G. Muller's XBetza description, with
moves.c's own reading of the modifiers (:mod:`dagaz_studio.betza.xboard`); ``dialect="fsf"`` reads the
text as Fairy-Stockfish moves it instead (:mod:`dagaz_studio.betza.fsf`). Either way the other
program's reading, where it differs, is named in a warning.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from dagaz_studio.betza.common import (
    ANY_RANGE,
    ATOM_NAMES,
    LEAPERS,
    MAX_BETZA_LENGTH,
    MAX_PATHS,
    MODIFIER_NAMES,
    RIDERS,
    PartSpec,
    dirs_of,
    leg_modes,
)
from dagaz_studio.betza.directions import LETTERS, atom_vectors, clockwise, king_offsets, select, split_directions
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.fsf import read_fsf
from dagaz_studio.betza.fsf_en_passant import taking_en_passant
from dagaz_studio.betza.legs import multi_leg, read_bracket, too_many_paths
from dagaz_studio.betza.model import NULL_LEG, RING, Leg, Piece, Shape, revisits_victim
from dagaz_studio.betza.xboard import in_order, later_leg, step, vectors
from dagaz_studio.notation.errors import printable, shown_character

DIALECTS = ("xboard", "fsf")


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
    if len(text) > MAX_BETZA_LENGTH:
        raise TranslationError(f"the Betza text is {len(text):,} characters long: at most {MAX_BETZA_LENGTH:,} are read",
                               text, MAX_BETZA_LENGTH, len(text))
    try:
        tree = _parser().parse(text)
    except UnexpectedCharacters as error:
        at = error.pos_in_stream or 0
        char = text[at] if at < len(text) else ""
        raise TranslationError(f"unexpected {shown_character(char)}", text, at, at + 1) from None
    except UnexpectedEOF:
        raise TranslationError("the text ends without an atom (a capital letter such as W, N or R)",
                               text, len(text), len(text)) from None
    except UnexpectedInput as error:
        pos = getattr(error, "pos_in_stream", None) or 0
        token = getattr(error, "token", None)
        said = str(token) if token is not None else ""
        # A run of one character is one token, however long: quote its start only.
        said = said if len(said) <= 12 else said[:12] + "…"
        # repr would say a byte that is not UTF-8 as its surrogate (\udcff), not as typed (\xff).
        shown = repr(said) if said.isprintable() else f"'{printable(said)}'"
        what = f"unexpected {shown}" if said else "unexpected end"
        if token is not None and getattr(token, "type", "") == "$END":
            what = "the text ends without an atom (a capital letter such as W, N or R)"
            pos = len(text)
        raise TranslationError(what, text, pos, pos + 1) from None
    parts = list(tree.children)
    if dialect == "fsf":
        return _read_as_fsf(text, parts)
    piece = Piece()
    i = 0
    while i < len(parts):
        part = parts[i]
        assert isinstance(part, Tree)
        if part.data == "bracket_part":
            read_bracket(piece, text, part, dialect)
            i += 1
            continue
        if part.data != "atom_part":
            meta = part.meta
            raise TranslationError("parenthesised groups are not supported", text, meta.start_pos, meta.end_pos)
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
                if any(c in str(mods or "") for c in "zq"):
                    doubled = True  # a crooked or circular piece is a rider however it is written (qNN)
                    count = n_count
                    i += 1
                else:
                    # moves.c reads the second letter as a part of its own: the atom again, moving and
                    # capturing, without the first one's modifiers.
                    piece.warnings.append(
                        f"{atom}{atom}: XBoard reads a doubled atom as the atom twice, the second time without "
                        f"modifiers; Fairy-Stockfish and classic Betza read it as a rider ({atom}0): use "
                        f"--dialect fsf for that reading")
        _read_atom(piece, text, mods, atom, count, doubled, dialect)
        if len(piece.shapes) > MAX_PATHS:
            raise TranslationError(too_many_paths(len(piece.shapes)), text, part.meta.start_pos, part.meta.end_pos)
        i += 1
        if count is not None and len(str(count)) > 2 and i < len(parts):
            # moves.c takes the whole number but steps over two digits only, and stops at the third.
            piece.warnings.append(f"{atom}{count}: XBoard reads a range of three digits or more, then stops reading: "
                                  f"'{text[count.end_pos or 0:].strip()}' is not read")
            break
    if not piece.shapes and piece.warnings:
        piece.immobile = True  # every part was read as XBoard reads it, to no move: each said why
    piece.warnings = collapse(piece.warnings)
    return piece


def _read_as_fsf(text: str, parts: list) -> Piece:
    """The piece as Fairy-Stockfish moves it (:mod:`dagaz_studio.betza.fsf`), what it skips named."""
    piece = read_fsf(text)
    _name_unread(piece, parts)
    if "e" in text:
        # piece.cpp skips 'e'; the variant's parser makes the piece one that takes en passant.
        piece.warnings.append("e: Fairy-Stockfish lets every capture-only move of the piece take en passant where "
                              "no quiet move of it lands; XBoard only the moves marked e")
        capture_en_passant(piece)
    piece.warnings = collapse(piece.warnings)
    return piece


def collapse(warnings: list[str]) -> list[str]:
    """Each warning once, in the order first given, with how many times it was given when more than once."""
    counts: dict[str, int] = {}
    for warning in warnings:
        counts[warning] = counts.get(warning, 0) + 1
    return [warning if n == 1 else f"{warning} ({n:,} times)" for warning, n in counts.items()]


#: XBetza that Fairy-Stockfish's piece.cpp does not read: it skips these letters and reads the rest.
_UNREAD = {"a": "multi-leg moves (a)", "z": "crooked paths (z)", "q": "circular paths (q)",
           "o": "the cylinder (o)"}


def _name_unread(piece: Piece, parts: list) -> None:
    """Warn of each construct the text uses that Fairy-Stockfish skips, and list it in ``piece.unread``."""
    found: list[str] = []
    for part in parts:
        if not isinstance(part, Tree):
            continue
        if part.data == "bracket_part":
            found.append("bracket forms ([F?R])")
            continue
        if part.data != "atom_part":
            # A parenthesised group, whose letters Fairy-Stockfish reads as any others (read_fsf).
            inside = "".join(str(child) for child in part.children)
            found.extend(name for letter, name in _UNREAD.items() if letter in inside)
            continue
        mods, atom, count = _fields(part)
        if str(atom) == "O":
            found.append("castling (O)" if count is not None else "the null move (O)")
        found.extend(name for letter, name in _UNREAD.items() if letter in str(mods or ""))
    for name in dict.fromkeys(found):
        piece.unread.append(name)
        piece.warnings.append(f"Fairy-Stockfish does not read {name}: it skips the letters and reads the rest, "
                              f"as here (--dialect xboard reads them)")


def _read_null(piece: Piece, text: str, spec: PartSpec, mods: str, start: int) -> None:
    """XBetza's null move, ``O`` without a number: moves.c steps by (0, 0), so the piece "moves" to
    its own square, which counts as empty; ``m`` keeps it, ``c`` leaves no move, ``i`` only for a
    piece that has not moved. Direction letters change nothing (every direction goes nowhere)."""
    initial = mods.startswith("i")
    rest = mods.lstrip("i")
    for offset, char in enumerate(rest):
        if char not in LETTERS + "m":
            at = start + len(mods) - len(rest) + offset
            what = "a null move captures nothing, so XBoard gives it no move" if char == "c" else \
                f"modifier {MODIFIER_NAMES.get(char, repr(char))} on the null move (O) is not supported"
            raise TranslationError(what, text, at, at + 1)
    piece.add(Shape((NULL_LEG,), initial, null=True))


def capture_en_passant(piece: Piece) -> None:
    """Let every capture-only move also take en passant where no quiet move of the piece lands, as
    Fairy-Stockfish does for a piece whose Betza says ``e`` anywhere, or that is one of a variant's pawn
    types (:mod:`dagaz_studio.betza.fsf_en_passant`)."""
    shapes = taking_en_passant(piece.shapes)
    piece.shapes = []
    for shape in shapes:
        piece.add(shape)


def _read_castling(piece: Piece, text: str, mods_token: Token | None, atom_token: Token,
                   count_token: Token | None) -> None:
    """XBetza's castling: ``O`` and the number of steps the piece makes (``isO2``, the King's)."""
    start = mods_token.start_pos if mods_token is not None else atom_token.start_pos
    end = count_token.end_pos if count_token is not None else atom_token.end_pos
    spec = PartSpec(text, start or 0, end or 0, "O")
    mods = str(mods_token) if mods_token is not None else ""
    if count_token is None:
        _read_null(piece, text, spec, mods, start or 0)
        return
    if int(str(count_token)) == 0:
        raise spec.error("O0 has no reading: castling is O and the King's steps (O2), the null move O alone")
    if len(str(count_token)) > len(str(ANY_RANGE)) or int(str(count_token)) >= ANY_RANGE:
        # The piece steps that far and finds its partner beyond: no line of any board is that long,
        # and the notation counts no further.
        raise TranslationError(f"castling of {ANY_RANGE:,} steps or more goes past the longest line of any "
                               f"board ({ANY_RANGE:,} squares)", text, count_token.start_pos or 0,
                               count_token.end_pos or 0)
    initial = mods.startswith("i")
    mods = mods.lstrip("i")
    for offset, char in enumerate(mods):
        if char not in LETTERS:
            at = (start or 0) + len(str(mods_token or "")) - len(mods) + offset
            raise TranslationError(f"modifier {MODIFIER_NAMES.get(char, repr(char))} on castling (O) is not supported",
                                   text, at, at + 1)
    for vector in sorted(select(1, 0, split_directions(mods))):
        piece.add(Shape((Leg(vector, int(str(count_token))),), initial, castling=True))
    # The notation has no test for the edge of the board, so the partner cannot be asked to stand
    # in the corner as moves.c asks: the difference shows only when another unmoved piece is nearer.
    piece.warnings.append("O: castles with the first unmoved friendly piece along the line; XBoard only with "
                          "the piece in the corner (on a board where it is the first, they agree)")


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
        if char not in LETTERS + "mcpgniaejyzqo":
            name = MODIFIER_NAMES.get(char, repr(char))
            raise TranslationError(f"modifier {name} is not supported", text, part_start + offset,
                                   part_start + offset + 1)
    atoms = _atom(piece, text, letter, a_start, a_end, dialect)
    # A crooked or circular piece is a rider however it is written (qNN, the Rose).
    rider = letter in RIDERS or doubled and any(c in mods for c in "zq")
    rng = 0 if rider else 1
    if count_token is not None:
        digits = str(count_token)
        if len(digits) > 1 and digits.startswith("0"):
            raise TranslationError(f"exact ranges ({letter}{digits}) are not supported", text,
                                   count_token.start_pos or 0, count_token.end_pos or 0)
        rng = int(digits) if len(digits) <= len(str(ANY_RANGE)) else ANY_RANGE
        if rng >= ANY_RANGE:
            piece.warnings.append(f"{letter}{digits}: a range of {ANY_RANGE:,} or more reaches as far as a rider "
                                  f"without a limit on any board (at most {ANY_RANGE:,} squares): read as {letter}0")
            rng = 0
    initial = False
    while mods.startswith("i"):
        initial = True
        mods = mods[1:]
        part_start += 1
    written = mods
    order_bits = None
    if not any(c in mods for c in "zq") and letter not in "O":
        order_bits, dirs, kept, skipped = in_order(mods, letter)
        mods = "".join(c for c in dirs if c in LETTERS) + kept
        if letter in "KQ" and order_bits & 0x55 and order_bits & 0xAA and _turned_differs(order_bits & 0xAA):
            piece.warnings.append(f"{written}{letter}: XBoard turns a black piece's diagonal moves of {letter} "
                                  f"with its orthogonal ones only when it has no orthogonal ones (moves.c), so "
                                  f"Black's would not be its own; read as the piece's own, as for every other atom")
        if skipped:
            piece.warnings.append(f"{written}{letter}: XBoard reads the directions first, then the modes in the order "
                                  f"m c d e t p g o y n j a, and skips '{skipped}' here")
        if "n" in kept and "a" not in kept and step(letter)[1] == 1:
            # moves.c looks for a lame leap's blocker halfway along each step, rounded toward where
            # the step starts: for a W or F step that is the square it starts from, where the
            # piece itself still stands.
            piece.warnings.append(f"{written}{letter}: XBoard blocks a lame W or F step by the moving piece itself: "
                                  f"no move")
            return
    legs_mods = mods.split("a")
    for at in range(1, len(legs_mods)):
        # moves.c reads a later leg's letters in its order too; one out of order ends the move there.
        _bits, kept, skipped = later_leg("a".join(legs_mods[at:]))
        if skipped:
            piece.warnings.append(f"{written}{letter}: XBoard reads a leg's directions, then its modes in the order "
                                  f"m c d e t p g o y n j a, and skips '{skipped}' here, with the legs after it")
            legs_mods = legs_mods[:at] + [kept]
            break
    for leg_mods in legs_mods:
        if "i" in leg_mods:
            at = text.index("i", part_start)
            raise TranslationError("'i' (initial move) goes before every other modifier", text, at, at + 1)
    spec = PartSpec(text, part_start, a_end, letter, counted=count_token is not None)
    if "y" in mods and len(legs_mods) == 1:
        raise spec.error("'y' toggles the range of the legs after it: it needs a multi-leg move ('a')")
    if "o" in mods:
        _check_cylinder(spec, mods, len(legs_mods))
    turning = "".join(c for c in mods if c in "zq")
    if turning:
        if len(legs_mods) > 1:
            raise spec.error(f"'{turning[0]}' in a multi-leg move ('a') is not supported: crooked (z) and "
                             f"circular (q) paths are read on one-leg riders only (zB, qN0)")
        for shape in _turning(spec, atoms, letter, mods, turning, rng, initial):
            piece.add(shape)
        return
    if "j" in mods and len(legs_mods) > 1:
        raise spec.error("'j' (jumping) in a multi-leg move is not supported")
    if len(legs_mods) == 1:
        chosen = vectors(order_bits, letter) if order_bits is not None else None
        for p, q in atoms:
            for shape in _single_leg(spec, p, q, letter, legs_mods[0], rng, initial, chosen, piece):
                piece.add(shape)
        if letter in ("K", "Q") and dirs_of(legs_mods[0]):
            piece.warnings.append(f"{mods}{letter}: read in the King's eight directions, as XBoard does; "
                                  f"Fairy-Stockfish applies them to the W and F moves separately (--dialect fsf)")
        return
    shapes = multi_leg(spec, atoms, legs_mods, rng, initial)
    if any(0 < q < p for p, q in atoms):
        piece.warnings.append(f"{written}{letter}: XBoard steps the legs after the first of an oblique atom as the "
                              f"straight leaps of its long side (D or A for N); read as the atom's own leaps, "
                              f"turned around its eight as the directions say")
    if any(revisits_victim(shape) for shape in shapes):
        piece.warnings.append(f"{written}{letter}: XBoard leaves a piece taken on a leg before the last on its square "
                              f"until the move is made, so a later leg that comes back there finds it; here the "
                              f"square is empty from the capture on")
    for shape in shapes:
        piece.add(shape)


def _turned_differs(bits: int) -> bool:
    """Whether a set of direction bits (0 forward, clockwise) differs from itself turned by a half
    turn, as moves.c turns a black piece's directions: only then does leaving them unturned matter."""
    return (bits >> 4 | bits << 4) & 255 != bits


def _check_cylinder(spec: PartSpec, mods: str, legs: int) -> None:
    """XBetza's ``o`` (the move wraps around the board's side edges) on what it is read with here:
    one-leg leaps and rides, whatever their directions, modality and range."""
    if legs > 1:
        raise spec.error("'o' (the cylinder) in a multi-leg move ('a') is not supported")
    for char in mods:
        if char in "pgnjezq":
            raise spec.error(f"'o' (the cylinder) with '{char}' is not supported")


def _atom(piece: Piece, text: str, letter: str, start: int, end: int, dialect: str) -> list[tuple[int, int]]:
    """The (long, short) atoms a letter stands for."""
    if letter in ("L", "J"):
        xboard = {"J": (3, 1), "L": (3, 2)}
        names = {(3, 1): "the camel (3,1), C", (3, 2): "the zebra (3,2), Z"}
        other = (3, 2) if xboard[letter] == (3, 1) else (3, 1)
        piece.warnings.append(f"{letter}: read as {names[xboard[letter]]} as XBoard does; Fairy-Stockfish reads it "
                              f"as {names[other]}")
        return [xboard[letter]]
    if letter == "K":
        return [LEAPERS["W"], LEAPERS["F"]]
    if letter in RIDERS:
        return [LEAPERS[a] for a in RIDERS[letter]]
    if letter in LEAPERS:
        return [LEAPERS[letter]]
    name = ATOM_NAMES.get(letter, repr(letter))
    raise TranslationError(f"atom {name} is not supported", text, start, end)


def _lame_path(vector: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The square a lame leap must find empty, as moves.c finds it: halfway, rounded toward the start."""
    dx, dy = vector
    mid = (int(dx / 2), int(dy / 2))
    return (mid,) if mid != (0, 0) and mid != vector else ()


def _single_leg(spec: PartSpec, p: int, q: int, letter: str, mods: str, rng: int, initial: bool,
                chosen: list[tuple[int, int]] | None = None, piece: Piece | None = None) -> list[Shape]:
    """One atom's one-leg moves, as XBoard's move generator makes them."""
    modes, hop, lame = leg_modes(spec, mods, final=True)
    dirs = dirs_of(mods)
    if chosen is not None:
        # moves.c's own choice of directions; K and Q step as W in the orthogonal ones, as F in the others.
        vectors = {v for v in chosen if (v[0] != 0 and v[1] != 0) == (q != 0) or letter not in ("K", "Q")}
    elif letter in ("K", "Q") and dirs:
        offsets = king_offsets(dirs)
        vectors = {(RING[o][0] * p, RING[o][1] * p) for o in offsets
                   if (RING[o][0] != 0 and RING[o][1] != 0) == (q != 0)}
    else:
        vectors = select(p, q, split_directions(dirs), eight_way=letter in ("K", "Q"))
    if hop and rng == 1:
        # moves.c: the first square is the last the range allows, so nothing lies beyond a hurdle.
        if piece is not None:
            piece.warnings.append(f"{hop}{letter}{'1' if spec.counted else ''}: XBoard gives a hopper of range 1 no "
                                  f"move (Fairy-Stockfish reads it as a hopping rider: --dialect fsf)")
        return []
    if hop and lame:
        raise spec.error(f"'n' and '{hop}' together are not supported")
    jumps = mods.count("j")
    if jumps:
        if hop or lame:
            raise spec.error(f"'j' with '{hop or 'n'}' is not supported")
        return _jumping(spec, vectors, p, letter, jumps, rng, modes, initial, piece)
    shapes = []
    for vector in sorted(vectors):
        lame_path: tuple[tuple[int, int], ...] = ()
        if lame:
            lame_path = _lame_path(vector)
        shapes.append(Shape((Leg(vector, rng, modes, hop, lame_path, wrap="o" in mods),), initial))
    return shapes


def _rotate(vector: tuple[int, int], quarter_turns: int) -> tuple[int, int]:
    """The vector turned clockwise by ``quarter_turns`` right angles (dx right, dy forward)."""
    dx, dy = vector
    for _ in range(quarter_turns % 4):
        dx, dy = dy, -dx
    return dx, dy


def _turning(spec: PartSpec, atoms: list[tuple[int, int]], letter: str, mods: str, turning: str, rng: int,
             initial: bool) -> list[Shape]:
    """Betza's crooked (``z``) and circular (``q``) riders.

    ``zB``, the crooked Bishop, takes its first step in any of its directions, then turns a right
    angle left (or right) and back at every step, zigzagging; ``zR`` likewise. ``qN``, the Rose,
    turns by one of the atom's directions at every leap, the same way each time, along a circle,
    and stops before it would come back to its square (7 leaps of a knight, 3 of a W or F).
    The direction modifiers choose the first step. Each way of turning is one path.
    """
    kind = turning[0]
    if len(turning) > 1:
        raise spec.error("'z' and 'q' together" if len(set(turning)) > 1 else f"'{kind}' twice")
    if letter in ("K", "Q"):
        raise spec.error(f"'{kind}' on {letter}, which moves as two atoms, has no reading: write it on "
                         f"each atom ({kind}R{kind}B)")
    p, q = atoms[0]
    if kind == "z" and 0 < q < p:
        raise spec.error(f"'z' on the oblique atom {letter} is not supported: a crooked path turns by a right "
                         f"angle, which takes an oblique leap off its own lines")
    if rng == 1:
        raise spec.error(f"'{kind}' on the leaper {letter}: crooked and circular moves are riders "
                         f"(write {kind}{letter}0)")
    for char in mods:
        if char in "pgnjey":
            raise spec.error(f"'{char}' with '{kind}' is not supported")
    modes, _hop, _lame = leg_modes(spec, mods, final=True)
    starts = sorted(select(p, q, split_directions(dirs_of(mods))))
    shapes = []
    if kind == "z":
        for vector in starts:
            for turn in (1, -1):
                pair = (vector, _rotate(vector, turn))
                shapes.append(Shape((Leg(vector, rng, modes, cycle=pair),), initial))
        return shapes
    ring = clockwise(atom_vectors(p, q))
    most = len(ring) - 1
    steps = most if rng == 0 else min(rng, most)
    for vector in starts:
        at = ring.index(vector)
        for sense in (1, -1):
            cycle = tuple(ring[(at + sense * k) % len(ring)] for k in range(len(ring)))
            shapes.append(Shape((Leg(vector, steps, modes, cycle=cycle),), initial))
    return shapes


def _jumping(spec: PartSpec, vectors: set[tuple[int, int]], p: int, letter: str, jumps: int, rng: int,
             modes: frozenset[str], initial: bool, piece: Piece | None = None) -> list[Shape]:
    """XBoard's ``j``: a W- or F-stepping piece skips its first ``jumps`` squares whatever stands
    there (the skipped squares count against its range); another leaper must jump an occupied
    square, the one its lame form would need empty."""
    shapes: list[Shape] = []
    if p != 1:  # every leap, a rider's too, must jump the square halfway
        for vector in sorted(vectors):
            shapes.append(Shape((Leg(vector, rng, modes, "", (), _lame_path(vector)),), initial))
        return shapes
    if rng != 0 and rng <= jumps:
        if piece is not None:
            piece.warnings.append(f"'j' skips {jumps} square{'s' if jumps > 1 else ''}, all the range of {letter}: "
                                  f"XBoard gives it no move")
        return []
    for u in sorted(vectors):
        first = (u[0] * (jumps + 1), u[1] * (jumps + 1))
        shapes.append(Shape((Leg(first, 1, modes),), initial))
        if rng == 0 or rng > jumps + 1:
            shapes.append(Shape((Leg(first, 1, frozenset({"m"})), Leg(u, 0 if rng == 0 else rng - jumps - 1, modes)),
                                initial))
    return shapes


def atom_moves(letter: str) -> set[tuple[int, int]]:
    """Every vector of a leaper atom letter (for writers that need the whole set)."""
    p, q = LEAPERS[letter]
    return atom_vectors(p, q)
