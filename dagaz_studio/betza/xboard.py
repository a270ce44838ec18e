"""How XBoard's move generator (moves.c, ``MovesFromString``) reads the modifiers of one atom.

moves.c reads a part's letters in a fixed order: ``i`` first, then the direction letters (as many as
the atom's kind of symmetry takes), then the modes in the order ``m c d e t p g o y n j a``, each
once (``j`` as often as written); any letter out of that order is skipped. The directions become a
set of the eight directions around the atom, as bits (0 forward, then clockwise), which this module
works out as moves.c does, so that the reader selects exactly the moves XBoard makes.
"""

from __future__ import annotations

#: moves.c's tables, by capital letter A-Z.
_SYMMETRY = "FBNW.FFW.NKN.NW.QR....W..N"
_X_STEP = "2110.130.102.10.00....0..2"
_Y_STEP = "2132.133.313.20.11....1..3"
#: By direction letter: moves.c's dirType, and its dirs1..dirs4 (wide, narrow, wide and narrow in
#: the King's system).
_TYPE = {"b": 1, "f": 1, "h": 4, "l": 2, "r": 2, "s": 6, "v": 5}
_DIRS = {"b": (0x3C, 0x18, 0x38, 0x10), "f": (0xC3, 0x81, 0x83, 0x01), "h": (0, 0xFF, 0xFF, 0xFF),
         "l": (0xF0, 0x60, 0xE0, 0x40), "r": (0x0F, 0x06, 0x0E, 0x04), "s": (0, 0x66, 0xEE, 0x44),
         "v": (0, 0x99, 0xBB, 0x11)}
_ROT = ((1, 0, 0, 1), (0, 1, 1, 0), (0, 1, -1, 0), (1, 0, 0, -1), (-1, 0, 0, -1), (0, -1, -1, 0), (0, -1, 1, 0),
        (-1, 0, 0, 1))
MODE_ORDER = "mcdetpgoyn"


def _kind(c: str) -> int:
    return _TYPE.get(c, 0)


def _bits(c: str, which: int) -> int:
    return _DIRS.get(c, (0, 0, 0, 0))[which]


def step(letter: str) -> tuple[int, int]:
    """The atom's step as moves.c writes it: (across, forward)."""
    index = ord(letter) - ord("A")
    return int(_X_STEP[index]), int(_Y_STEP[index])


def directions(mods: str, letter: str, default: bool = True) -> tuple[int, int]:
    """The direction bits the leading letters of ``mods`` give the atom, and how many letters they take
    (``default``: no bits stand for all the atom's directions)."""
    text = mods + "\0\0"
    at = 0
    bits = 0
    kind = _SYMMETRY[ord(letter) - ord("A")]
    if kind in "BF":
        while _kind(text[at]):
            b = _bits(text[at], 0)
            if _kind(text[at + 1]) and ((_kind(text[at]) | _kind(text[at + 1])) & 3) == 3:
                b = _bits(text[at], 0) & _bits(text[at + 1], 0)
                at += 2
            else:
                at += 1
            bits |= b
        bits = (bits & 0xAA) or 0xAA
    elif kind in "RW":
        while _kind(text[at]) & ~4:
            bits |= _bits(text[at], 1)
            at += 1
        bits = (bits & 0x55) or 0x55
    elif kind == "N":
        if text[at] == "h":  # the chiral sets: 'hr', and 'hl' for any other letter after the h
            bits = 0x55 if text[at + 1] == "r" else 0xAA
            at = min(at + 2, len(mods))
        else:
            while _kind(text[at]):
                b = _bits(text[at], 1)
                if text[at + 1] == "h":
                    b = _bits(text[at], 0)
                    at += 2
                elif text[at] == text[at + 1] or (_kind(text[at + 1]) and _kind(text[at]) < 4
                                                  and ((_kind(text[at]) | _kind(text[at + 1])) & 3) == 3):
                    b = _bits(text[at], 0) & _bits(text[at + 1], 1)
                    at += 2
                else:
                    at += 1
                bits |= b
        bits = bits or 0xFF
    else:  # K and Q: the King's system
        while _kind(text[at]):
            b = _bits(text[at], 3)
            if text[at + 1] == text[at]:
                at += 1
            elif _kind(text[at + 1]) and _kind(text[at]) < 4 and ((_kind(text[at]) | _kind(text[at + 1])) & 3) == 3:
                b = _bits(text[at], 2) & _bits(text[at + 1], 2)
                at += 2
            else:
                at += 1
            bits |= b
        bits = bits or (0xFF if default else 0)
    return bits, at


def vectors(bits: int, letter: str) -> list[tuple[int, int]]:
    """The moves of the atom in the directions ``bits`` (K and Q: orthogonal bits step as W, diagonal as F)."""
    out = []
    for direction in range(8):
        if not bits >> direction & 1:
            continue
        dx, dy = step(letter)
        if letter in "KQ":
            dx, dy = (0, 1) if direction % 2 == 0 else (1, 1)
        rot = _ROT[direction]
        vector = (dx * rot[0] + dy * rot[1], dx * rot[2] + dy * rot[3])
        if vector not in out:
            out.append(vector)
    return out


def _modes(rest: str) -> tuple[str, str]:
    """The mode letters moves.c reads at the start of ``rest``, in its order (each once, then any
    ``j``s, one of them cancelling an ``n``), and what follows them."""
    kept = ""
    for mode in MODE_ORDER:
        if rest[:1] == mode:
            kept += mode
            rest = rest[1:]
    while rest[:1] == "j":
        kept += "j"
        rest = rest[1:]
    if "n" in kept and "j" in kept:
        # moves.c counts the jumps from 0 after 'n' and from 1 without it: 'nj' is a plain move,
        # 'njj' jumps as 'j' does.
        kept = kept.replace("n", "").replace("j", "", 1)
    return kept, rest


def in_order(mods: str, letter: str) -> tuple[int, str, str, str]:
    """moves.c's reading of a part's modifiers (``i`` already taken off): its direction bits, the
    direction letters it reads, the mode letters it reads (``a`` and everything after it kept whole),
    and the letters it skips."""
    bits, at = directions(mods, letter)
    kept, rest = _modes(mods[at:])
    if rest[:1] == "a":
        return bits, mods[:at], kept + rest, ""
    return bits, mods[:at], kept, rest


def later_leg(mods: str) -> tuple[int, str, str]:
    """moves.c's reading of a leg after an ``a``: its direction bits in the King's system, relative to
    the leg before (0 for none: the leg's default), the letters it reads (``a`` and the legs after it
    kept whole), and the letters it skips, after which it reads no further leg."""
    bits, at = directions(mods, "K", default=False)
    modes, rest = _modes(mods[at:])
    kept = mods[:at] + modes
    if rest[:1] == "a" or not rest:
        return bits, kept + rest, ""
    return bits, kept, rest
