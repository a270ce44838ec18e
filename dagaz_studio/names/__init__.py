"""Move names: Xiangqi (WXF), chess (SAN), coordinates, UCI and draughts numbers — writing and reading.

A board file says which style its moves are named in (``names: wxf``, ``names: san``, ``names:
coordinates``, ``names: uci``, ``names: numbers``, ``names: algebraic``; see docs/boards.md and docs/names.md). A name tells
its move apart from the other moves of the position, so names are worked out for all the moves of a
position at once::

    names = MoveNames(rules, position)          # the legal moves and their names, in the board's style
    for move, name in names: ...
    move = names.read("H2+3")                   # raises MoveNameError if no move or several match

Every name this package writes reads back as exactly its move. Reading accepts every style, whatever
style the board writes in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from dagaz_studio.board.model import Board
from dagaz_studio.engine import Move, Position, Rules, legal_moves
from dagaz_studio.names import coordinates, numbers, numeric, san, uci, wxf
from dagaz_studio.names.context import Context, MoveNameError, NameStyleError

#: Every style names can be written in.
STYLES = ("wxf", "wxf-prefix", "wxf-signs", "san", "coordinates", "uci", "numbers", "algebraic")

__all__ = [
    "STYLES", "MoveNameError", "MoveNames", "NameStyleError", "default_style", "name_move", "name_moves",
    "named_moves", "read_move",
]

_Reader = Callable[[Context, str], list[int] | None]
_READERS: dict[str, _Reader] = {
    "wxf": wxf.read, "san": san.read, "coordinates": coordinates.read, "uci": uci.read, "numbers": numbers.read,
    "algebraic": numbers.read_algebraic,
}

#: How each style is called in messages.
_STYLE_NAMES = {
    "wxf": "in WXF notation", "san": "in SAN", "coordinates": "by the coordinates of their squares",
    "uci": "in UCI coordinates", "numbers": "by square numbers",
    "algebraic": "by the squares' names, as draughts players write them",
}


def default_style(board: Board) -> str:
    """The style the board file asks for (``names:``), ``coordinates`` when it says nothing."""
    return board.names


def check_style(style: str) -> str:
    """``style`` if it is one of :data:`STYLES`; raises :class:`NameStyleError` otherwise."""
    if style not in STYLES:
        raise NameStyleError(f"unknown name style {style!r} (styles: {', '.join(STYLES)})")
    return style


class MoveNames:
    """The moves of one position with their names in one style; reads names typed by people.

    ``moves`` are the moves names must tell apart (default: the legal moves). The position is copied,
    so the object stays right when the caller goes on to play moves.
    """

    def __init__(self, rules: Rules, position: Position, moves: Iterable[Move] | None = None,
                 style: str | None = None) -> None:
        self.rules = rules
        self.position = position.copy()
        self.style = check_style(style or default_style(rules.board))
        listed = legal_moves(rules, self.position) if moves is None else list(moves)
        self.moves: list[Move] = listed
        self._context = Context(rules, self.position, listed)
        family = self.style.split("-")[0]
        self._readers = [_READERS[family]] + [r for name, r in _READERS.items() if name != family]
        # Two-digit squares (shogi's P-76, P*55) are read on any board, though no style writes them.
        self._readers.append(numeric.read)
        self._names: list[str] | None = None
        self._written: list[str] | None = None
        # The moves whose names end in a check mark where one is due (SAN's, not the coordinates a
        # move falls back to): a mark costs a move made and an attack question, so it is worked out
        # only for the names asked for.
        self._markable: set[int] = set()
        self._index = {move.key(): i for i, move in enumerate(listed)}

    @property
    def names(self) -> list[str]:
        """The name of every move, in the order of :attr:`moves` (worked out when first asked for)."""
        if self._names is None:
            self._names = [self._named(i) for i in range(len(self.moves))]
        return self._names

    def __iter__(self) -> Iterator[tuple[Move, str]]:
        return iter(zip(self.moves, self.names))

    def __len__(self) -> int:
        return len(self.moves)

    def name(self, move: Move) -> str:
        """The name of one of the moves; raises ``KeyError`` for a move that is not among them."""
        index = self._index[move.key()]
        return self._names[index] if self._names is not None else self._named(index)

    def _named(self, index: int) -> str:
        """The name of move ``index``, with its check mark where its style writes one."""
        if self._written is None:
            self._written = self._write()
        name = self._written[index]
        return name + san.check_mark(self._context, self.moves[index]) if index in self._markable else name

    def read(self, text: str) -> Move:
        """The move ``text`` names, in any style; raises :class:`MoveNameError` for none or several.

        When it names none, the error says how the board names its moves, with one of them as an
        example: a name in another style is read too, but the board's own style is what is expected.
        """
        found = self.candidates(text)
        if len(found) == 1:
            return self.moves[found[0]]
        if found:
            raise MoveNameError(text.strip(), tuple(self.name(self.moves[i]) for i in found))
        raise MoveNameError(text.strip(), (), self._expected())

    def _expected(self) -> str:
        board = self.rules.board.name
        style = _STYLE_NAMES.get(self.style.split("-")[0], self.style)
        if not self.moves:
            return f"there is no legal move; {board} names its moves {style}"
        try:
            example = self.name(self.moves[0])
        except NameStyleError:
            return f"{board} names its moves {style}"
        return f"{board} names its moves {style}, such as {example}"

    def candidates(self, text: str) -> list[int]:
        """The indexes in :attr:`moves` of the moves ``text`` names, read in any style; empty for none."""
        text = text.strip()
        if not text:
            return []
        several: list[int] = []
        for reader in self._readers:
            try:
                found = reader(self._context, text)
            except NameStyleError:
                continue  # a style this board cannot use (WXF without a forward direction) reads nothing
            if found and len(found) == 1 and (not several or found[0] in several):
                return found
            # A style that reads several moves may be read too loosely: SAN's long form b1a3 is also
            # every move gating a piece there, and shogi's promoting b2h8+ a check mark after either.
            # A later style naming exactly one of them (UCI's b1a3, b2h8+) tells which.
            several = several or found or []
        return several

    def _write(self) -> list[str]:
        context = self._context
        if self.style in wxf.STYLES:
            written = wxf.write(context, self.style)
        elif self.style == "san":
            written = san.write(context)
        elif self.style == "uci":
            written = uci.write(context)
        elif self.style == "numbers":
            written = numbers.write(context)
        elif self.style == "algebraic":
            written = numbers.write_algebraic(context)
        else:
            written = coordinates.write(context)
        fallback: list[str] | None = None
        fell: set[int] = set()
        for i, name in enumerate(written):
            if self.candidates(name) == [i]:
                continue
            # A style cannot tell this move apart (a capture chain in SAN, pieces crowding one file):
            # its squares can, as the WXF source advises for the rare positions it cannot settle.
            fallback = fallback or coordinates.write(context)
            if self.candidates(fallback[i]) == [i]:
                written[i] = fallback[i]
                fell.add(i)
        if self.style == "san":
            # As python-chess and Fairy-Stockfish write SAN; a name read ignores its mark.
            self._markable = set(range(len(written))) - fell
        return written


def name_moves(rules: Rules, position: Position, moves: Iterable[Move] | None = None,
               style: str | None = None) -> list[str]:
    """The names of ``moves`` (default: the legal moves), each told apart from the others."""
    return MoveNames(rules, position, moves, style).names


def named_moves(rules: Rules, position: Position, style: str | None = None) -> list[tuple[Move, str]]:
    """The legal moves of ``position`` with their names."""
    return list(MoveNames(rules, position, style=style))


def name_move(rules: Rules, position: Position, move: Move, style: str | None = None) -> str:
    """The name of one legal move of ``position`` (to name many, use :class:`MoveNames` once)."""
    names = MoveNames(rules, position, style=style)
    try:
        return names.name(move)
    except KeyError:
        raise MoveNameError(coordinates.write(Context(rules, position, [move]))[0]) from None


def read_move(rules: Rules, position: Position, text: str, moves: Iterable[Move] | None = None) -> Move:
    """The legal move of ``position`` that ``text`` names, in any style.

    Raises :class:`MoveNameError`: "no legal move matches 'X'" or "'X' matches several moves: a, b".
    """
    return MoveNames(rules, position, moves).read(text)
