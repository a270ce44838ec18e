"""The board model: squares, directions, players, zones, pieces and drawing hints.

A :class:`Board` is what a board file describes, resolved into plain values: squares are small
integers (their index in :attr:`Board.squares`), and each direction is a tuple giving, for every
square, the square one step away in that direction, or ``None`` where there is none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, wraps
from typing import TYPE_CHECKING, Any, TypeVar

from dagaz_studio.board.game_rules import GameRules
from dagaz_studio.board.source import SourcePosition

if TYPE_CHECKING:
    from fractions import Fraction  # imported by the boards that give values (it is slow to import)

    from dagaz_studio.board.kinds import BoardKind
    from dagaz_studio.board.piece_tests import PieceTest
    from dagaz_studio.notation.nodes import Notation

#: Every direction letter of the notation.
DIRECTION_LETTERS = "NSWEMORTUD"
#: Each direction's opposite.
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "O": "R", "R": "O", "M": "T", "T": "M", "U": "D", "D": "U"}
#: The letters a set symbol stands for.
ORTHOGONAL = ("N", "E", "S", "W", "U", "D")
DIAGONAL = ("O", "T", "R", "M")

#: The ways of naming moves a board may choose with ``names:`` (see docs/names.md).
NAME_STYLES = ("coordinates", "san", "wxf", "uci", "numbers", "algebraic")


@dataclass(frozen=True)
class Zone:
    """A named set of squares: one set for everybody, or one per player.

    ``shared`` holds the squares of a zone that is the same for every player; ``per_player`` maps a
    player's name to that player's squares. Exactly one of the two is used.
    """

    name: str
    shared: frozenset[int] | None = None
    per_player: Mapping[str, frozenset[int]] = field(default_factory=dict)

    def squares_for(self, player: str) -> frozenset[int]:
        """The zone's squares as the given player sees them (empty if the player has none)."""
        if self.shared is not None:
            return self.shared
        return self.per_player.get(player, frozenset())


@dataclass(frozen=True)
class PieceType:
    """A kind of piece: its name, its letter in positions, whether it is royal, and its move.

    ``resets_clock``: its moves reset the half-move clock, as captures do (chess's pawns).
    """

    name: str
    letter: str
    royal: bool
    notation_text: str
    notation: Notation
    defined_at: SourcePosition = SourcePosition(0, 0)
    resets_clock: bool = False
    no_drop_mate: bool = False  # a drop of this piece may not checkmate (shogi's pawn)
    no_drop_check: bool = False  # a drop of this piece may not give check (Fairy-Stockfish's dropChecks = false)
    no_drop_doubled: bool = False  # no drop of it into a column holding a friendly piece of its type
    unlimited: bool = False  # always in every player's hand: dropping it never uses the hand up
    neutral: bool = False  # belongs to no player (walls, the Amazons' arrows): its letter has no case
    extinction: bool = False  # a player left with none of this type on the board has lost (Atomic's King)
    #: FEN's castling rights name the pieces of its row, as for a royal piece, though it is not royal
    #: (a capture-the-King game's King, which castles).
    castles: bool = False
    #: While one is in its player's hand, it is the only piece he may drop, and where it can be
    #: dropped nothing on the board moves (Fairy-Stockfish's mustDropType).
    drop_first: bool = False

    @property
    def promoted_letter(self) -> bool:
        """Whether the letter marks a promoted piece, as Fairy-Stockfish's FEN writes it: shogi's ``+P``,
        crazyhouse's ``Q~``. Captured, it goes to the hand as the piece that promotes to it."""
        return self.letter.startswith("+") or self.letter.endswith("~")


@dataclass(frozen=True)
class Ending:
    """A way the game ends, stated by an ``end`` statement (docs/boards.md, "end").

    ``kind`` is ``reach`` (a player's piece of ``pieces`` stands in his part of ``zone``: he has won;
    ``options`` may say ``safe`` and ``answered``), ``passes`` (``count`` passes in a row), ``facing``
    (a pass made while a piece of ``pieces`` of the side to move would take another player's by
    ``notation``), ``checks`` (a player has given check ``count`` times), ``extinction`` (how the
    loss of an ``extinction`` piece ends the game: ``options`` is ``("wins",)``) or ``collect`` (a
    player holds ``count`` of ``pieces``, board and hand, while another holds none: he has won).
    """

    kind: str
    pieces: tuple[str, ...] = ()
    zone: str = ""
    count: int = 0
    notation_text: str = ""
    notation: Notation | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawHints:
    """How players draw the board. Nothing here changes the rules."""

    style: str = "cells"  # "cells" or "points"
    checkered: bool = False
    lines: tuple[str, ...] = ()  # direction letters whose links are drawn as lines (points boards)
    river: tuple[int, int] | None = None  # two adjacent row indices (top-to-bottom) the river runs between
    diagonals: tuple[tuple[int, int, int, int], ...] = ()  # rectangles (col0, row0, col1, row1) to cross
    coordinates: bool = False
    stones: bool = False  # pieces drawn as plain stones in their player's colour, no letter or symbol
    river_labels: tuple[str, ...] = ()  # written along the river, spread evenly from left to right
    symbols: str = ""  # the set of piece symbols drawn for the pieces it names ("chess"); letters otherwise
    surface: str | None = None  # the colour of the cells (a colour name), where it is not the default
    blocks: tuple[str, ...] = ()  # piece types drawn as blocks filling their cell (walls, arrows)
    owners: str = ""  # a per-player zone whose squares belong to its players (a mancala player's row)


#: A left-right mirror of the compass.
_LEFT_RIGHT = {"E": "W", "W": "E", "O": "M", "M": "O", "T": "R", "R": "T"}
#: The compass clockwise: the four orthogonal directions, and the four diagonal ones.
_ROUNDS = (("N", "E", "S", "W"), ("O", "T", "R", "M"))


@lru_cache(maxsize=64)
def reverses_hand(mapping: tuple[tuple[str, str], ...]) -> bool:
    """Whether a symmetry (letter, board letter pairs) turns the compass into its mirror image:
    going round it clockwise, the images go round anticlockwise (chess's ``N<>S O<>T M<>R``), where a
    turn (``N<>S E<>W O<>R M<>T``, a quarter turn) keeps the sense. Read on the orthogonal round, or
    on the diagonal one where the orthogonal letters do not map onto each other; a symmetry that
    keeps neither round is taken to keep the sense."""
    image = dict(mapping)
    for round_ in _ROUNDS:
        seen = [image.get(letter, letter) for letter in round_]
        if sorted(seen) != sorted(round_):
            continue
        at = [round_.index(letter) for letter in seen]
        if all((at[(i + 1) % 4] - at[i]) % 4 == 3 for i in range(4)):
            return True
        if all((at[(i + 1) % 4] - at[i]) % 4 == 1 for i in range(4)):
            return False
    return False


_Made = TypeVar("_Made")
_MISSING = object()
#: How the names of what :func:`kept` keeps begin: a board is pickled without them.
_KEPT = "_kept_"


def kept(make: Callable[[Any], _Made]) -> Callable[[Any], _Made]:
    """``make(owner)`` worked out once per owner (a board, or an interpreter of one) and kept in the
    owner's ``__dict__`` under the function's name, as :func:`functools.cached_property` keeps a
    property: for what is worked out of it (a board's setup, a layer's tables) and asked again at
    every position. Threads asking at once get the same value (the first kept). A board pickled (into
    the board cache, to perft's workers) goes without what is kept for it: it is worked out again
    where needed."""
    name = f"{_KEPT}{make.__module__}.{make.__qualname__}"

    @wraps(make)
    def made(owner: Any) -> _Made:
        found = owner.__dict__.get(name, _MISSING)
        if found is _MISSING:
            found = owner.__dict__.setdefault(name, make(owner))
        return found  # type: ignore[no-any-return]
    return made


@dataclass(frozen=True)
class Board:
    """A game board as a board file describes it.

    Grid geometry: column ``c`` and row ``r`` are indices as drawn, left to right and top to bottom;
    square index ``i`` has ``column_of[i]`` and ``row_of[i]``.
    """

    name: str
    kind: str  # the kind's name, as the file says it (``kind: heap``); :attr:`kind_type` is the kind itself
    column_names: tuple[str, ...]  # as drawn, left to right, e.g. ('a', ..., 'h')
    row_names: tuple[str, ...]  # as drawn, top to bottom, e.g. ('8', ..., '1')
    squares: tuple[str, ...]  # square names by index
    column_of: tuple[int, ...]
    row_of: tuple[int, ...]
    directions: Mapping[str, tuple[int | None, ...]]  # letter -> neighbour of each square
    players: tuple[str, ...] = ("White", "Black")
    symmetries: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # player -> letter -> board letter
    zones: Mapping[str, Zone] = field(default_factory=dict)
    pieces: Mapping[str, PieceType] = field(default_factory=dict)  # by name, in file order
    setup: str | None = None  # the initial position as FEN
    rules: GameRules = GameRules()  # what the ``rule:`` statements name
    draw: DrawHints = DrawHints()
    source: str | None = None  # the file it was loaded from, if any
    names: str = "coordinates"  # how moves are named: one of NAME_STYLES
    name_letters: Mapping[str, str] = field(default_factory=dict)  # piece name -> letter in move names ("" for none)
    #: Each piece's value for rules that weigh captures (``value PIECE: 1.5``); a piece not given is worth 1.
    values: Mapping[str, Fraction] = field(default_factory=dict)
    #: How each piece that may be held in hand is dropped: piece name -> its drop notation. A board
    #: with any ``drop`` statement has hands (docs/boards.md).
    drops: Mapping[str, Notation] = field(default_factory=dict)
    #: The zone where a piece from hand may enter behind an unmoved piece leaving its square, as part
    #: of that move (``gate: ZONE``, gating); a board with a gate has hands.
    gate: str | None = None
    #: Each promoted piece (lettered ``+P`` or ``Q~``) -> the piece it goes to the hand as: the one
    #: whose notation promotes to it.
    demotions: Mapping[str, str] = field(default_factory=dict)
    #: A 3-D grid's levels, as the grid lists them (``A``-``E``), and each square's level index;
    #: both empty on a flat board. Squares are named level first: ``Aa1``.
    level_names: tuple[str, ...] = ()
    level_of: tuple[int, ...] = ()
    #: The file's piece tests (``test NAME: …``), in file order; run by ``dagaz-studio test``.
    tests: tuple[PieceTest, ...] = ()
    #: How the game ends besides a player left without a move (``end`` statements), in file order.
    ends: tuple[Ending, ...] = ()
    #: ``drop-unmoved PIECE: ZONE``: a piece dropped on its player's part of the zone has not moved
    #: (castling after a placement phase): piece name -> zone name.
    drop_unmoved: Mapping[str, str] = field(default_factory=dict)
    #: ``drop-balanced PIECE: ZONE``: the player's pieces of the type are kept half in the zone, half
    #: out of it (Bishops on squares of both colours): piece name -> zone name.
    drop_balanced: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def kind_type(self) -> BoardKind:
        """The board's kind (:mod:`dagaz_studio.board.kinds`), to ask what its squares hold."""
        from dagaz_studio.board.kinds import kind_named

        return kind_named(self.kind)

    @property
    def has_hands(self) -> bool:
        """Whether players hold pieces in hand (the board has ``drop`` statements or a gate)."""
        return bool(self.drops) or self.gate is not None

    @cached_property
    def counts_runs(self) -> bool:
        """Whether a piece's notation asks how many moves in a row a piece has made (``[u0-2]``): its
        positions then keep each player's run (docs/notation.md, 7.12)."""
        from dagaz_studio.notation.uses import reads_runs

        notations = [piece.notation for piece in self.pieces.values()] + list(self.drops.values())
        return any(reads_runs(notation) for notation in notations if notation is not None)

    def work_out(self) -> None:
        """Work out now what every start asks of the board from its notations (the pieces its
        castling rights are about, whether any of them carries a piece along, whether it counts runs of
        moves): a board kept in the cache keeps these with it, and a start reads them rather than walking
        the notations again."""
        _ = self.castling_kinds, self.carries_pieces, self.counts_runs

    @cached_property
    def castlers(self) -> frozenset[str]:
        """The pieces that may castle: the royal pieces and those flagged ``castles``."""
        return frozenset(name for name, piece in self.pieces.items() if piece.royal or piece.castles)

    @cached_property
    def carries_pieces(self) -> bool:
        """Whether some piece's notation lifts a piece to carry it along (``^``), as castling does: on
        a board where none does, nothing castles, whatever rights a FEN gives."""
        from dagaz_studio.notation.uses import lifts_pieces

        return any(piece.notation is not None and lifts_pieces(piece.notation) for piece in self.pieces.values())

    @cached_property
    def castling_partners(self) -> frozenset[str]:
        """The piece types a castling piece (royal, or flagged ``castles``) names in its notation
        (``=Rook``): those its FEN castling rights speak of."""
        from dagaz_studio.notation.uses import STANDS, name_uses

        named = {use.name for name in self.castlers if (notation := self.pieces[name].notation) is not None
                 for use in name_uses(notation) if use.use == STANDS and not use.negated}
        return frozenset(named - self.castlers)

    @cached_property
    def castling_kinds(self) -> frozenset[str]:
        """The pieces a FEN's castling rights are about: the royal pieces and those flagged ``castles``
        whose notation names a partner (``=Rook``), or where none names one, those whose notation lifts
        a piece to carry it along (Coregal's royal Queen does not castle; its King does; Xiangqi's
        General, which lifts none, never castles, so its FEN has no castling rights)."""
        from dagaz_studio.notation.uses import STANDS, lifts_pieces, name_uses

        partners = self.castling_partners
        naming = {name for name in self.castlers if (notation := self.pieces[name].notation) is not None
                  and any(use.use == STANDS and use.name in partners for use in name_uses(notation))}
        return frozenset(naming or {name for name in self.castlers
                                    if (notation := self.pieces[name].notation) is not None
                                    and lifts_pieces(notation)})

    def index(self, square: str) -> int:
        """The index of a square by name; raises ``KeyError`` if there is no such square."""
        return self._index_by_name()[square]

    def has_square(self, square: str) -> bool:
        """Whether a square of that name exists."""
        return square in self._index_by_name()

    @kept
    def _index_by_name(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.squares)}

    def __getstate__(self) -> dict[str, object]:
        return {name: value for name, value in self.__dict__.items() if not name.startswith(_KEPT)}

    def neighbour(self, square: int, letter: str) -> int | None:
        """The square one step from ``square`` in the board direction ``letter``, or ``None``."""
        table = self.directions.get(letter)
        return None if table is None else table[square]

    def player_direction(self, player: str, letter: str) -> str:
        """The board direction that ``letter`` means for ``player`` (through the player's symmetry).

        A letter marked ``'`` (``E'``: the notation's run read in the mover's own hand, notation
        guide 7.14) is first mirrored left to right when the player's symmetry is itself a mirror
        image, so that ``E'`` is always the player's right.
        """
        mapping = self.symmetries.get(player, {})
        if letter.endswith("'"):
            letter = letter[:-1]
            if mapping and reverses_hand(tuple(sorted(mapping.items()))):
                letter = _LEFT_RIGHT.get(letter, letter)
        return mapping.get(letter, letter)

    def owner(self, square: int) -> str | None:
        """The player a square belongs to by ``draw: owners`` (a mancala player's row), if any."""
        zone = self.zones.get(self.draw.owners) if self.draw.owners else None
        if zone is None:
            return None
        return next((player for player, squares in zone.per_player.items() if square in squares), None)

    def name_letter(self, piece: str) -> str:
        """The letter that stands for a piece type in move names: its ``name-letter`` if the board
        gives one (``""`` for none), else its letter in positions, upper case."""
        letter = self.name_letters.get(piece)
        if letter is not None:
            return letter
        known = self.pieces.get(piece)
        return known.letter.upper() if known is not None else "?"

    def piece_by_letter(self, letter: str) -> PieceType | None:
        """The piece type whose position letter is ``letter`` (either case), if any."""
        for piece in self.pieces.values():
            if piece.letter.upper() == letter.upper():
                return piece
        return None


def vector_table(column_of: tuple[int, ...], row_of: tuple[int, ...], level_of: tuple[int, ...],
                 vector: tuple[int, int, int], wrap: bool = False) -> tuple[int | None, ...]:
    """The square one step of ``vector`` (columns, rows, levels: levels in the grid's order, 0 on a
    flat board, whose ``level_of`` is empty) away from every square of a grid whose squares stand at
    these columns, rows and levels, or ``None`` off the grid. With ``wrap``, a step that leaves
    across the left or right edge comes back in from the other side (``E%``,
    :mod:`dagaz_studio.engine.wrapping`); coming round to the square itself is no step."""
    dx, dy, dz = vector
    levels = level_of or (0,) * len(column_of)
    width, height, depth = max(column_of) + 1, max(row_of) + 1, max(levels) + 1
    table: list[int | None] = []
    for s in range(len(column_of)):
        c, r, z = column_of[s] + dx, row_of[s] + dy, levels[s] + dz
        if wrap:
            c %= width
        inside = 0 <= c < width and 0 <= r < height and 0 <= z < depth
        target = (z * height + r) * width + c if inside else None
        table.append(None if target == s else target)
    return tuple(table)
