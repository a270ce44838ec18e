"""The moves XBoard's move generator gives a piece written in Betza, as an oracle for tests.

Written from moves.c's ``MovesFromString`` (XBoard 4.9: /work/.mirror/ddugovic+xboard/repo), for the
one-leg moves it reads (no ``a`` continuation, castling or en passant), so that the Betza reader can be
checked against the rules moves.c implements rather than against its own output. Squares are
(file, rank) pairs counted from White's a1; ``board`` maps occupied squares to their side
("white" / "black").
"""

from __future__ import annotations

SYMMETRY = "FBNW.FFW.NKN.NW.QR....W..N"
X_STEP = "2110.130.102.10.00....0..2"
Y_STEP = "2132.133.313.20.11....1..3"
DIR_TYPE = "01000104000200000260050000"
_DIRS = {  # letter -> (dirs1, dirs2, dirs3, dirs4)
    "b": (0x3C, 0x18, 0x38, 0x10), "f": (0xC3, 0x81, 0x83, 0x01), "h": (0, 0xFF, 0xFF, 0xFF),
    "l": (0xF0, 0x60, 0xE0, 0x40), "r": (0x0F, 0x06, 0x0E, 0x04), "s": (0, 0x66, 0xEE, 0x44),
    "v": (0, 0x99, 0xBB, 0x11),
}
ROT = ((1, 0, 0, 1), (0, 1, 1, 0), (0, 1, -1, 0), (1, 0, 0, -1), (-1, 0, 0, -1), (0, -1, -1, 0), (0, -1, 1, 0),
       (-1, 0, 0, 1))


def _dir_type(c: str) -> int:
    return int(DIR_TYPE[ord(c) - ord("a")]) if c.islower() else 0


def _dirs(c: str, which: int) -> int:
    return _DIRS.get(c, (0, 0, 0, 0))[which - 1]


def moves(text: str, board: dict[tuple[int, int], str], square: tuple[int, int], white: bool,
          files: int = 8, ranks: int = 8, moved: bool = False) -> set[tuple[int, int]]:
    """The squares the piece on ``square`` moves to (``board`` holds every other piece)."""
    out: set[tuple[int, int]] = set()
    f, r = square
    size = len(text)
    text += "\0\0\0"  # C's string end, so that looking one or two letters on is safe
    mine, his = ("white", "black") if white else ("black", "white")
    p = 0
    while p < size:
        expo, initial, jump, skip, retry, ds2 = 1, False, 1, 0, 0, 0
        if text[p] == "i":
            initial = True
            p += 1
        desc = p
        while text[p].islower():
            p += 1
        if not text[p].isupper():
            return out
        atom = text[p]
        dx, dy = int(X_STEP[ord(atom) - 65]) if X_STEP[ord(atom) - 65] != "." else 0, \
            int(Y_STEP[ord(atom) - 65]) if Y_STEP[ord(atom) - 65] != "." else 0
        sym = SYMMETRY[ord(atom) - 65]
        dir_set = 0
        if sym in "BF":
            if sym == "B":
                expo = 0
            while text[desc].islower() and _dir_type(text[desc]) != 0:
                i = _dir_type(text[desc])
                b = _dirs(text[desc], 1)
                if text[desc + 1].islower() and ((i | _dir_type(text[desc + 1])) & 3) == 3:
                    b = _dirs(text[desc], 1) & _dirs(text[desc + 1], 1)
                    desc += 2
                else:
                    desc += 1
                dir_set |= b
            dir_set &= 0xAA
            if not dir_set:
                dir_set = 0xAA
        elif sym in "RW":
            if sym == "R":
                expo = 0
            while text[desc].islower() and (_dir_type(text[desc]) & ~4) != 0:
                dir_set |= _dirs(text[desc], 2)
                desc += 1
            dir_set &= 0x55
            if not dir_set:
                dir_set = 0x55
        elif sym == "N":
            if text[desc] == "h":  # moves.c: the chiral sets 'hr' and 'hl', whatever follows the h
                dir_set = 0x55 if text[desc + 1] == "r" else 0xAA
                desc += 2
            else:
                while text[desc].islower() and _dir_type(text[desc]) != 0:
                    i = _dir_type(text[desc])
                    b = _dirs(text[desc], 2)
                    if text[desc + 1] == "h":
                        b = _dirs(text[desc], 1)
                        desc += 2
                    elif text[desc] == text[desc + 1] or (text[desc + 1].islower() and i < 4
                                                          and ((i | _dir_type(text[desc + 1])) & 3) == 3):
                        b = _dirs(text[desc], 1) & _dirs(text[desc + 1], 2)
                        desc += 2
                    else:
                        desc += 1
                    dir_set |= b
            if not dir_set:
                dir_set = 0xFF
        elif sym in "QK":
            if sym == "Q":
                expo = 0
            while text[desc].islower() and _dir_type(text[desc]) != 0:
                i = _dir_type(text[desc])
                b = _dirs(text[desc], 4)
                if text[desc + 1] == text[desc]:
                    desc += 1
                elif text[desc + 1].islower() and i < 4 and ((i | _dir_type(text[desc + 1])) & 3) == 3:
                    b = _dirs(text[desc], 3) & _dirs(text[desc + 1], 3)
                    desc += 2
                else:
                    desc += 1
                dir_set |= b
            if not dir_set:
                dir_set = 0xFF
            ds2 = dir_set & 0xAA
            dir_set &= 0x55
            if dir_set:
                retry, dx = 1, 0
            else:
                dx, dir_set = dy, ds2
        else:
            return out
        if not white:
            dir_set = (dir_set >> 4 | dir_set << 4) & 255
            # moves.c turns a black K's or Q's diagonal directions only when it has no orthogonal
            # ones (ds2 is set aside before the turn): a slip that gives lopsided Kings of Black
            # White's diagonals. Betza's directions are the piece's own, so the oracle turns them.
            ds2 = (ds2 >> 4 | ds2 << 4) & 255
        mode = 0
        for letter, bit in (("m", 4), ("c", 2), ("d", 1), ("e", 8), ("t", 16), ("p", 32), ("g", 64), ("o", 128),
                            ("y", 512)):
            if text[desc] == letter:
                mode |= bit
                desc += 1
        if text[desc] == "n":
            jump = 0
            desc += 1
        while text[desc] == "j":
            jump += 1
            desc += 1
        if text[desc] == "a":
            raise ValueError("the oracle reads one-leg moves only")
        p += 1
        if text[p].isdigit():
            digits = p
            while text[digits].isdigit():
                digits += 1
            expo = int(text[p:digits])
            p += 1
            if expo > 9:
                p += 1
        if initial and moved:
            continue
        if expo > 1 and dx == 0 and dy == 0:
            raise ValueError("the oracle does not castle")
        if not mode & 15:
            mode |= 2 + 4  # his + empty: moves and captures
        if dy == 1:
            skip, jump = jump - 1, 1
        while True:
            for direction in range(8):
                if not (1 << direction) & dir_set:
                    continue
                i, j, hop, loop = expo, skip, mode, 0
                if dy != 1:
                    j = 0
                rot = ROT[direction]
                vx, vy = dx * rot[0] + dy * rot[1], dx * rot[2] + dy * rot[3]
                x, y = f, r
                while True:
                    x, y = x + vx, y + vy
                    if y < 0 or y >= ranks:
                        break
                    if x < 0 or x >= files:
                        if not mode & 128:
                            break
                        x, loop = x % files, loop + 1
                    if j:
                        j -= 1
                        i -= 1
                        if i == 0:
                            break
                        continue
                    mid = (x - vx + int(vx / 2), y - vy + int(vy / 2))
                    # The moving piece still stands on its square: a W or F step's "halfway" square is
                    # the one it comes from, so a lame W step is blocked by the piece itself.
                    occupied = mid in board or mid == (f, r)
                    if not jump and occupied:
                        break
                    if jump > 1 and not occupied:
                        break
                    # Its own square counts as empty, unless it comes round to it on the cylinder.
                    side = None if (x, y) == (f, r) and not loop else mine if (x, y) == (f, r) else board.get((x, y))
                    occup = 4 if side is None else 2 if side == his else 1
                    if hop & (32 + 64):
                        if occup != 4:
                            if hop & 64 and i != 1:
                                i = 2
                            hop &= 31
                        i -= 1
                        if i == 0:
                            break
                        continue
                    if occup & mode and not (occup == 1 and not mode & 1):
                        out.add((x, y))
                    if occup != 4:
                        break
                    i -= 1
                    if i == 0:
                        break
            dx, dir_set = dy, ds2
            if not (retry and ds2):
                break
            retry -= 1
    return out
