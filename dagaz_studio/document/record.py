"""The game record: the moves played in the window, by name, and where in them the board stands.

Plain Python, no Qt: :class:`GameRecord` keeps the position the game started from (as FEN), each move
played (its name in the board's naming style and the FEN after it) and the current place, from 0 (the
start) to the number of moves. Going back and forth only moves the place; playing a move anywhere but
at the end replaces the moves after it. :meth:`GameRecord.as_text` writes it as PGN-like text, a FEN
header and the numbered moves; :meth:`GameRecord.to_data` and :meth:`GameRecord.from_data` keep it
between runs (the window's settings).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

#: The most moves a kept record may hold: a record read back with more is refused.
MAX_MOVES = 5_000
#: The longest FEN or move name a kept record may hold.
MAX_TEXT = 2_000


class RecordError(ValueError):
    """Kept record data that is not a game record: what is wrong with it."""


@dataclass(frozen=True)
class RecordedMove:
    """One move of the record: its name (as the board names moves), the position after it and the
    side that made it (``None``: the side whose turn it was by turns taken one after another)."""

    name: str
    fen: str
    player: int | None = None


@dataclass
class GameRecord:
    """The moves played from ``start`` (a FEN), and the place the board stands at.

    ``first_player`` is the index of the side to move at the start and ``players`` how many sides
    there are: they number the moves (1. e4 e5 2. Nf3, or 1... e5 when the second side starts), from
    ``first_number``, the start's move number (a FEN's last field: 12... Nf6 13. Nc3).
    """

    start: str
    players: int = 2
    first_player: int = 0
    moves: list[RecordedMove] = field(default_factory=list)
    current: int = 0
    #: A name for the board, written in the text's header.
    board: str = ""
    first_number: int = 1

    def __post_init__(self) -> None:
        self.players = max(1, self.players)
        self.first_number = max(1, self.first_number)
        self.first_player = self.first_player % self.players
        self.current = max(0, min(self.current, len(self.moves)))

    def copy(self) -> GameRecord:
        """The same record, its moves a list of their own."""
        return replace(self, moves=list(self.moves))

    def carried(self, carry: Callable[[str], str]) -> GameRecord:
        """The same record with each position (its start, each move's) passed through ``carry``: the
        record of a board whose piece types were renamed or re-lettered. A new record, so that the
        record as it was stays whole for an undo."""
        moves = [replace(move, fen=carry(move.fen)) for move in self.moves]
        return replace(self, start=carry(self.start), moves=moves)

    # ------------------------------------------------------------------ where the board stands

    def fen_at(self, place: int) -> str:
        """The position at ``place`` (0: the start; n: after the n-th move)."""
        if not 0 <= place <= len(self.moves):
            raise IndexError(f"no place {place} in a record of {len(self.moves)} moves")
        return self.start if place == 0 else self.moves[place - 1].fen

    @property
    def fen(self) -> str:
        """The position at the current place."""
        return self.fen_at(self.current)

    def find(self, fen: str) -> int | None:
        """The place whose position is ``fen``, the nearest to the current one (``None`` if none is)."""
        places = [place for place in range(len(self.moves) + 1) if self.fen_at(place) == fen]
        return min(places, key=lambda place: (abs(place - self.current), place)) if places else None

    def go(self, place: int) -> str:
        """Stand at ``place`` (clamped to the record); returns its position."""
        self.current = max(0, min(place, len(self.moves)))
        return self.fen

    def back(self) -> str:
        """One move back; returns the position there."""
        return self.go(self.current - 1)

    def forward(self) -> str:
        """One move forward; returns the position there."""
        return self.go(self.current + 1)

    def first(self) -> str:
        """Back to the start; returns its position."""
        return self.go(0)

    def last(self) -> str:
        """To the last move; returns the position after it."""
        return self.go(len(self.moves))

    # ------------------------------------------------------------------ playing

    def play(self, name: str, fen_after: str, player: int | None = None) -> None:
        """Record a move played at the current place by ``player`` (the side to move before it): the
        moves after it, if any, are replaced."""
        del self.moves[self.current:]
        self.moves.append(RecordedMove(name, fen_after, player))
        self.current = len(self.moves)

    def restart(self, start: str, first_player: int = 0) -> None:
        """Forget the moves and start again from ``start``."""
        self.start, self.moves, self.current = start, [], 0
        self.first_player = first_player % self.players

    # ------------------------------------------------------------------ text

    def numbers(self) -> list[tuple[int, bool, bool]]:
        """For each move: its round's number, whether the first side made it, and whether its side is
        the one whose turn it was by turns taken one after another. A round begins where the turn
        comes round again to an earlier side; a side that moves again (Kalah's last seed in its
        store) stays in its round."""
        out = []
        number, last = self.first_number, None
        for move in self.moves:
            expected = self.first_player if last is None else (last + 1) % self.players
            player = expected if move.player is None else move.player % self.players
            if last is not None and (player < last or player == last == expected):
                number += 1
            out.append((number, player == 0, player == expected))
            last = player
        return out

    def labels(self) -> list[str]:
        """Each move as the record lists it: ``1. e4``, ``1... e5`` (a round's later moves carry dots)."""
        return [f"{number}. {move.name}" if first else f"{number}... {move.name}"
                for move, (number, first, _) in zip(self.moves, self.numbers())]

    def as_text(self, width: int = 79) -> str:
        """PGN-like text: a header (the board, the starting FEN) and the numbered moves, ending in ``*``
        (no result); a round's number is written once, or with ``...`` where a record starts mid-round."""
        header = []
        if self.board:
            header.append(f'[Board "{_quoted(self.board)}"]')
        header.append(f'[FEN "{_quoted(self.start)}"]')
        tokens = []
        for index, (move, (number, first, in_turn)) in enumerate(zip(self.moves, self.numbers())):
            if first:
                tokens.append(f"{number}.")
            elif index == 0 or not in_turn:  # a later side's move where another's was due says whose
                tokens.append(f"{number}...")
            tokens.append(move.name)
        tokens.append("*")
        body = textwrap.fill(" ".join(tokens), width=width, break_long_words=False, break_on_hyphens=False)
        return "\n".join(header) + "\n\n" + body + "\n"

    # ------------------------------------------------------------------ keeping

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {"start": self.start, "players": self.players, "first": self.first_player, "board": self.board,
                "current": self.current, "number": self.first_number,
                "moves": [[move.name, move.fen] + ([] if move.player is None else [move.player])
                          for move in self.moves]}

    @classmethod
    def from_data(cls, data: Any) -> GameRecord:
        """A record from :meth:`to_data`'s data; :class:`RecordError` says what is wrong with other data."""
        if not isinstance(data, dict):
            raise RecordError("a game record is a mapping")
        start, moves = data.get("start"), data.get("moves", [])
        players, first, current = data.get("players", 2), data.get("first", 0), data.get("current", 0)
        number = data.get("number", 1)
        board = data.get("board", "")
        if not isinstance(start, str) or len(start) > MAX_TEXT:
            raise RecordError("a game record's start is a FEN")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (players, first, current, number)) or players < 1:
            raise RecordError("a game record's players, first side, place and move number are whole numbers")
        if not isinstance(board, str) or len(board) > MAX_TEXT:
            raise RecordError("a game record's board is a name")
        if not isinstance(moves, list) or len(moves) > MAX_MOVES:
            raise RecordError(f"a game record's moves are a list of at most {MAX_MOVES:,}")
        recorded = []
        for move in moves:
            if (not isinstance(move, list) or len(move) not in (2, 3)
                    or not all(isinstance(part, str) and 0 < len(part) <= MAX_TEXT for part in move[:2])
                    or len(move) == 3 and (not isinstance(move[2], int) or isinstance(move[2], bool) or move[2] < 0)):
                raise RecordError("each recorded move is a name and a FEN, and the side that made it")
            recorded.append(RecordedMove(move[0], move[1], move[2] if len(move) == 3 else None))
        return cls(start, players, first, recorded, current, board, number)


def _quoted(text: str) -> str:
    """``text`` inside a PGN tag's quotes: backslashes and quotes escaped, lines joined."""
    return " ".join(text.replace("\\", "\\\\").replace('"', '\\"').split())
