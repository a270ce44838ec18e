"""The moves XBoard's move generator gives a piece written in Betza, as an oracle for tests.

Written from moves.c's ``MovesFromString`` (XBoard 4.9: /work/.mirror/ddugovic+xboard/repo), one-leg
and multi-leg moves alike (``a`` chains, their legs in the King's directions relative to the leg
before, ``p``/``g``/``y`` on a leg before the last, locust captures), but no castling or en passant,
so that the Betza reader can be checked against the rules moves.c implements rather than against
its own output. Squares are (file, rank) pairs counted from White's a1; ``board`` maps occupied
squares to their side ("white" / "black"); the moving piece stands on its square throughout, as it
does in moves.c while the moves are generated.

One change from moves.c, which the reader names in a warning: a black King's or Queen's diagonal
directions are turned as every other direction is (moves.c forgets to when the piece also has
orthogonal ones).
"""

from __future__ import annotations

from dataclasses import dataclass, field

Square = tuple[int, int]

SYMMETRY = "FBNW.FFW.NKN.NW.QR....W..N"
X_STEP = "2110.130.102.10.00....0..2"
Y_STEP = "2132.133.313.20.11....1..3"
DIR_TYPE = "01000104000200000260050000"
UPGRADE = "AFCD.BGH.JQL.NO.KW....R..Z"  # g and y on a leg before the last: B<->F, R<->W, Q<->K
ROTATE = "DRCA.WHG.JKL.NO.QB....F..Z"  # a leg turned by 45 degrees: W<->F, R<->B, D<->A, H<->G
_DIRS = {  # letter -> (dirs1, dirs2, dirs3, dirs4)
    "b": (0x3C, 0x18, 0x38, 0x10), "f": (0xC3, 0x81, 0x83, 0x01), "h": (0, 0xFF, 0xFF, 0xFF),
    "l": (0xF0, 0x60, 0xE0, 0x40), "r": (0x0F, 0x06, 0x0E, 0x04), "s": (0, 0x66, 0xEE, 0x44),
    "v": (0, 0x99, 0xBB, 0x11),
}
ROT = ((1, 0, 0, 1), (0, 1, 1, 0), (0, 1, -1, 0), (1, 0, 0, -1), (-1, 0, 0, -1), (0, -1, -1, 0), (0, -1, 1, 0),
       (-1, 0, 0, 1))
EMPTY, WHITE, BLACK = 4, 0x101, 0x102  # moves.c's occupation codes (0x100: a piece to pass over)


def _dir_type(c: str) -> int:
    return int(DIR_TYPE[ord(c) - ord("a")]) if c.islower() else 0


def _dirs(c: str, which: int) -> int:
    return _DIRS.get(c, (0, 0, 0, 0))[which - 1]


def _turned(bits: int, angle: int) -> int:
    return (bits << angle | bits >> (8 - angle)) & 255


@dataclass
class _Context:
    board: dict[Square, str]
    origin: Square
    white: bool
    files: int
    ranks: int
    moved: bool
    out: set[tuple[Square, tuple[Square, ...]]] = field(default_factory=set)

    def occupied(self, square: Square) -> bool:
        return square in self.board or square == self.origin


def moves(text: str, board: dict[Square, str], square: Square, white: bool, files: int = 8, ranks: int = 8,
          moved: bool = False) -> set[Square]:
    """The squares the piece on ``square`` moves to (``board`` holds every other piece)."""
    return {target for target, _ in full_moves(text, board, square, white, files, ranks, moved)}


def full_moves(text: str, board: dict[Square, str], square: Square, white: bool, files: int = 8, ranks: int = 8,
               moved: bool = False) -> set[tuple[Square, tuple[Square, ...]]]:
    """Each move of the piece on ``square``: where it ends and the squares whose pieces it takes, in
    order (where a leg before the last captures, then where it ends)."""
    context = _Context(board, square, white, files, ranks, moved)
    _from_string(context, list(text) + ["\0"] * 3, -1, -1, 0, ())
    return context.out


def _from_string(ctx: _Context, text: list[str], tx: int, ty: int, angle: int, kills: tuple[Square, ...]) -> None:
    f, r = ctx.origin
    his, mine = (2, 1) if ctx.white else (1, 2)
    desc = p = 0
    while text[p] != "\0":
        expo, initial, jump, skip, retry, ds2, every = 1, False, 1, 0, 0, 0, 0
        cont: list[str] | None = None
        if text[p] == "i":
            initial = True
            p += 1
            desc = p
        while text[p].islower():
            p += 1
        if not text[p].isupper():
            return
        index = ord(text[p]) - 65
        sym = SYMMETRY[index]
        dx, dy = ord(X_STEP[index]) - 48, ord(Y_STEP[index]) - 48
        dir_set = 0
        king = tx >= 0
        if sym in "BF":
            expo = 0 if sym == "B" else expo
            every = 0xAA
            if not king:
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
                dir_set = dir_set or 0xAA
        elif sym in "RW":
            expo = 0 if sym == "R" else expo
            every = 0x55
            if not king:
                while text[desc].islower() and (_dir_type(text[desc]) & ~4) != 0:
                    dir_set |= _dirs(text[desc], 2)
                    desc += 1
                dir_set &= 0x55
                dir_set = _turned(dir_set or 0x55, angle)
        elif sym == "N":
            every = 0xFF
            if not king:
                if text[desc] == "h":  # the chiral sets 'hr' and 'hl', whatever follows the h
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
                dir_set = dir_set or 0xFF
        elif sym in "QK":
            expo = 0 if sym == "Q" else expo
            every = 0xFF
            king = True
        else:
            return
        if king:  # K and Q, and every leg after the first, in the King's eight directions
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
            if not dir_set:  # a later leg goes on, not back (nor, for a 4-fold atom, diagonally)
                dir_set = 0xFF if tx < 0 else 0xEF if every == 0xFF else 0x45
            dir_set = _turned(dir_set, angle)
            ds2 = dir_set & 0xAA
            dir_set &= 0x55
            if dir_set:
                retry, dx = 1, 0
            else:
                dx, dir_set = dy, ds2
        if not ctx.white and tx < 0:
            dir_set = (dir_set >> 4 | dir_set << 4) & 255
            # moves.c leaves ds2 (set aside above) unturned: the one change, see the docstring.
            ds2 = (ds2 >> 4 | ds2 << 4) & 255
        mode = 0
        for letter, bit in (("m", 4), ("c", his), ("d", mine), ("e", 8), ("t", 16), ("p", 32), ("g", 64),
                            ("o", 128), ("y", 512)):
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
            desc += 1
            cont = text[desc:]
        p += 1
        if text[p].isdigit():
            end = p
            while text[end].isdigit():
                end += 1
            expo = int("".join(text[p:end]))
            p += 1
            if expo > 9:
                p += 1
        desc = p
        if initial and ctx.moved:
            continue
        if expo > 1 and dx == 0 and dy == 0:
            raise ValueError("the oracle does not castle")
        atom = 0
        if cont is None:
            if not mode & 15:
                mode |= his + 4  # moves and captures
        else:
            cont = cont[:80] + ["\0"] * 3
            while cont[atom].islower():
                atom += 1
            if mode & 32:
                mode ^= 256 + 32  # 'p' before the last leg: pass over a piece
            if mode & (64 + 512):
                mode |= 256
                if mode & 512:
                    mode ^= 0x304  # 'y': an empty square, 'g': a piece passed; both toggle the range
                cont[atom] = UPGRADE[ord(cont[atom]) - 65]
                cont[atom + 1] = cont[atom + 2] = "\0"
                if expo == 1:
                    cont[atom + 1] = "0"
            if not mode & 0x30F:
                mode |= 4
        if dy == 1:
            skip, jump = jump - 1, 1
        while True:
            for direction in range(8):
                bit = 1 << direction
                if not bit & dir_set:
                    continue
                i, j, hop, loop = expo, skip, mode, 0
                if dy != 1:
                    j = 0
                rot = ROT[direction]
                vx, vy = dx * rot[0] + dy * rot[1], dx * rot[2] + dy * rot[3]
                x, y = (f, r) if tx < 0 else (tx, ty)
                while True:
                    x, y = x + vx, y + vy
                    if y < 0 or y >= ctx.ranks:
                        break
                    if x < 0 or x >= ctx.files:
                        if not mode & 128:
                            break
                        x, loop = x % ctx.files, loop + 1
                    if j:
                        j -= 1
                    else:
                        mid = (x - vx + int(vx / 2), y - vy + int(vy / 2))
                        if not jump and ctx.occupied(mid):
                            break
                        if jump > 1 and not ctx.occupied(mid):
                            break
                        side = ctx.board.get((x, y)) if (x, y) != (f, r) else None if not loop else \
                            ("white" if ctx.white else "black")
                        occup = EMPTY if side is None else WHITE if side == "white" else BLACK
                        if cont is not None:
                            if mode & 16 and his & occup:
                                occup &= 3  # 't': a foe is no piece to pass over
                            if occup & mode:
                                kept = cont[atom]
                                if not bit & every:
                                    cont[atom] = ROTATE[ord(cont[atom]) - 65]
                                if occup & mode & 0x104:
                                    _from_string(ctx, cont, x, y, direction, kills)
                                if occup & mode & 3:
                                    _from_string(ctx, cont, x, y, direction, kills + ((x, y),))
                                cont[atom] = kept
                            if occup != EMPTY:
                                break
                        elif hop & (32 + 64):
                            if occup != EMPTY:
                                if hop & 64 and i != 1:
                                    i = 2
                                hop &= 31
                        else:
                            if occup & mode:
                                ctx.out.add(((x, y), kills if occup == EMPTY else kills + ((x, y),)))
                            if occup != EMPTY:
                                break
                    i -= 1
                    if i == 0:
                        break
            dx, dir_set = dy, ds2
            if not (retry and ds2):
                break
            retry -= 1
        if tx >= 0:
            break
