"""What the Betza readers share: the atoms, the names of what is not read, where a part stands in the
text, a leg's modifiers, and the limits that keep a hostile text's reading short."""

from __future__ import annotations

from dagaz_studio.betza.directions import LETTERS
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.notation.errors import MAX_NOTATION_LENGTH

LEAPERS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2), "H": (3, 0),
           "C": (3, 1), "Z": (3, 2), "G": (3, 3)}
#: Riders written with one letter: the atoms they repeat.
RIDERS = {"R": ("W",), "B": ("F",), "Q": ("W", "F")}

ATOM_NAMES = {"O": "castling (O)", "U": "the universal leaper (U)", "I": "the imitator (I)",
               "X": "extended atoms (X)", "E": "E", "M": "M", "P": "P", "S": "S", "T": "T", "V": "V", "Y": "Y"}
MODIFIER_NAMES = {"e": "en-passant capture (e)", "d": "capturing a friend (d)", "j": "jumping (j)",
                   "y": "range toggles (y)", "t": "tame moves (t)",
                   "u": "unload (u)", "x": "excluding (x)",
                   "k": "checking moves (k)", "w": "w", "!": "'!'", "'": "\"'\""}



#: A range this long reaches as far as a rider without a limit on any board (a board has at most
#: 10,000 squares), so it is read as one.
ANY_RANGE = 10_000
#: The most legs a multi-leg move (``a``, brackets) may have, and the most concrete paths one part of
#: the text may stand for: each path is one alternative of the translation, and every leg multiplies
#: them, so a short text could otherwise ask for more paths than there are atoms in the world.
MAX_LEGS = 100
#: The longest Betza text read, as long as the longest notation: refused before it is parsed.
MAX_BETZA_LENGTH = MAX_NOTATION_LENGTH
MAX_PATHS = 2_000


class PartSpec:
    """Where a part stands in the text, for errors."""

    def __init__(self, text: str, start: int, end: int, letter: str, counted: bool = False) -> None:
        self.text, self.start, self.end, self.letter = text, start, end, letter
        #: Whether the atom has a count after it (``R1`` is not ``W`` for a hopper).
        self.counted = counted

    def error(self, message: str) -> TranslationError:
        return TranslationError(message, self.text, self.start, self.end)


def dirs_of(mods: str) -> str:
    """The direction letters among a leg's modifiers."""
    return "".join(c for c in mods if c in LETTERS)



def leg_modes(spec: PartSpec, mods: str, final: bool) -> tuple[frozenset[str], str, bool]:
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
        elif c == "y" and final:
            raise spec.error("'y' on the last leg: it toggles the range of the legs after it")
    if "y" in mods:
        # moves.c: 'y' drops the passing of 'p' and 'g' and turns 'm' over: the leg ends on an
        # empty square unless it says 'm' (then only where 'c' is, if it says 'c').
        modes.discard("p")
        modes ^= {"m"}
    if not modes:
        modes = {"m", "c"} if final else {"m"}
    return frozenset(modes), hop, "n" in mods


