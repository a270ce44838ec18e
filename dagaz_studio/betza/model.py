"""The model every notation here translates through: a piece as a set of concrete move shapes.

A shape is a sequence of legs; each leg is one vector in the piece's own frame (``dy`` forward,
``dx`` to its right), repeated up to ``range`` times (0: without limit), with what must be found
where the leg ends. Directions are already resolved: "fsW" becomes three one-leg shapes, "afsW"
eight two-leg shapes, so a writer never has to understand another notation's modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: What a leg may find where it ends. On the last leg: ``m`` an empty square, ``c`` an enemy (taken),
#: ``e`` an empty square the enemy that moved last has just passed over (taken en passant).
#: On an earlier leg: ``m`` an empty square, ``c`` an enemy (taken there: a locust capture),
#: ``p`` any piece (passed over).
MODES = ("m", "c", "e", "p")


@dataclass(frozen=True)
class Leg:
    """One leg of a move: a vector repeated 1..range times (range 0: any number)."""

    vector: tuple[int, int]
    range: int = 1
    modes: frozenset[str] = frozenset({"m", "c"})
    #: "" for an ordinary leg, "p" for a hopper (slides, jumps one piece, slides on), "g" for a
    #: grasshopper (slides, jumps one piece, lands right behind it).
    hop: str = ""
    #: The squares a lame leap passes must be empty; ``lame_path`` lists them (as offsets from the
    #: leg's start) when the leap is lame.
    lame_path: tuple[tuple[int, int], ...] = ()
    #: The squares a leap must find occupied (XBetza's ``j`` on a leaper: it must jump).
    screen_path: tuple[tuple[int, int], ...] = ()
    #: A crooked or circular rider (Betza's ``z`` and ``q``): the vectors its steps take in turn,
    #: ``vector`` first, over again while the range lasts; empty for a rider that keeps one vector.
    cycle: tuple[tuple[int, int], ...] = ()
    #: XBetza's ``o``: where a step would leave the board across its left or right edge, it comes
    #: back in from the other side, as on a cylinder (moves.c: ``mode & 128``).
    wrap: bool = False

    def step(self, index: int) -> tuple[int, int]:
        """The vector of the leg's ``index``-th step (0 the first)."""
        return self.cycle[index % len(self.cycle)] if self.cycle else self.vector

    @property
    def lame(self) -> bool:
        """Whether the leap can be blocked on the way."""
        return bool(self.lame_path)


@dataclass(frozen=True)
class Shape:
    """One way a piece moves: its legs in order; ``initial``: only a piece that has not moved.

    ``castling``: the move is XBetza's castling ``O``: one leg, a unit vector repeated ``range``
    times, which the piece steps over empty squares not attacked, from a square not attacked,
    toward an unmoved friendly piece at the end of an empty line; that piece then lands on the
    other side of it.

    ``null``: XBetza's null move (``O`` without a number): the piece stays where it is and the turn
    passes; its one leg is the vector (0, 0), to an empty square (its own, left by it).
    """

    legs: tuple[Leg, ...]
    initial: bool = False
    castling: bool = False
    null: bool = False


#: The null move's one leg: it goes nowhere, onto the square the piece has left.
NULL_LEG = Leg((0, 0), 1, frozenset({"m"}))


@dataclass
class Piece:
    """A piece's moves, with the warnings its reading raised (dialect differences, synonyms)."""

    shapes: list[Shape] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: Constructs read as XBoard reads them that the chosen dialect's program does not read at all
    #: (Fairy-Stockfish and ``a``, ``z``, ``q``, brackets, ``O``).
    unread: list[str] = field(default_factory=list)
    #: The text is read as a piece that never moves (Fairy-Stockfish's reading of ``DD``): written so,
    #: rather than refused as a text whose modifiers select nothing.
    immobile: bool = False
    #: The shapes already added, for a look-up that does not grow with the piece.
    _known: set[Shape] = field(default_factory=set, repr=False, compare=False)

    def add(self, shape: Shape) -> None:
        """Add a shape unless the piece already has it (``KW`` moves as ``K``)."""
        if len(self._known) != len(self.shapes):
            self._known = set(self.shapes)  # shapes were given or changed without add()
        if shape not in self._known:
            self._known.add(shape)
            self.shapes.append(shape)

    def replace(self, index: int, shape: Shape) -> None:
        """Put ``shape`` in the place of the ``index``-th shape."""
        self.shapes[index] = shape
        self._known = set(self.shapes)


def mirrored(shape: Shape) -> Shape:
    """The shape mirrored left to right: each leg's right becomes its left."""
    def flip(points: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return tuple((-x, y) for x, y in points)
    legs = tuple(Leg((-leg.vector[0], leg.vector[1]), leg.range, leg.modes, leg.hop, flip(leg.lame_path),
                     flip(leg.screen_path), flip(leg.cycle), leg.wrap) for leg in shape.legs)
    return Shape(legs, shape.initial, shape.castling, shape.null)


def lopsided(shapes: list[Shape]) -> bool:
    """Whether the moves differ from their mirror image (``rF``, ``frlRrlbK``): whose right is meant matters."""
    known = set(shapes)
    return any(mirrored(shape) not in known for shape in shapes)


#: The eight unit directions clockwise from forward, in the piece's frame (dx right, dy forward).
RING: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def unit(vector: tuple[int, int]) -> tuple[int, int]:
    """The sign of each coordinate."""
    return ((vector[0] > 0) - (vector[0] < 0), (vector[1] > 0) - (vector[1] < 0))


def is_straight(vector: tuple[int, int]) -> bool:
    """Whether the vector runs along a rank, file or diagonal (a multiple of a unit direction)."""
    dx, dy = vector
    return dx == 0 or dy == 0 or abs(dx) == abs(dy)


def straight_scale(vector: tuple[int, int]) -> int:
    """How many unit steps a straight vector spans."""
    return max(abs(vector[0]), abs(vector[1]))


def leap_path(vector: tuple[int, int]) -> list[tuple[int, int]]:
    """The unit steps of a leap: along its longer side while that is longer, then diagonally.

    This is the path Fairy-Stockfish checks for a lame leaper; any path of a leap stays inside the
    rectangle between its ends, so on a rectangular board an unblockable leap may take it too.
    """
    dx, dy = vector
    steps = []
    x = y = 0
    while (x, y) != (dx, dy):
        rx, ry = dx - x, dy - y
        diff = abs(rx) - abs(ry)
        sx = (rx > 0) - (rx < 0)
        sy = (ry > 0) - (ry < 0)
        step = (sx, 0) if diff > 0 else (0, sy) if diff < 0 else (sx, sy)
        steps.append(step)
        x, y = x + step[0], y + step[1]
    return steps


def _meets_start(legs: tuple[Leg, ...], through: bool) -> bool:
    """Whether the legs, from a square, can end on it again (``through``: or pass it on the way). A leg
    without a limit is tried up to 16 leaps, far enough for the boards there are."""
    reach = {(0, 0)}
    for index, leg in enumerate(legs):
        dx, dy = leg.vector
        most = leg.range or 48
        last = index == len(legs) - 1
        if index and (through or last):
            for x, y in reach:
                k = abs(x) // abs(dx) if dx else abs(y) // abs(dy) if dy else 0
                if 1 <= k <= most and (x, y) == (-k * dx, -k * dy):
                    return True
        if last:
            break
        reach = {(x + k * dx, y + k * dy) for x, y in reach for k in range(1, min(most, 16) + 1)}
        reach = {(x, y) for x, y in reach if abs(x) <= 48 and abs(y) <= 48}
    return False


def comes_home(shape: Shape) -> bool:
    """Whether a move of several legs can end on the square it started from, on an empty square: a
    move in XBetza (XBoard's null move), which the notation counts only with ``[n]`` (§7.9)."""
    if len(shape.legs) < 2 or "m" not in shape.legs[-1].modes or any(leg.cycle for leg in shape.legs):
        return False
    return _meets_start(shape.legs, through=False)


def revisits_victim(shape: Shape) -> bool:
    """Whether a later leg of the move can come back to the square where a leg before took a piece."""
    return any("c" in leg.modes and not any(later.cycle for later in shape.legs[index + 1:])
               and _meets_start(shape.legs[index + 1:], through=True)
               for index, leg in enumerate(shape.legs[:-1]))
