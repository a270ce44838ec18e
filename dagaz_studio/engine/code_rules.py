"""What the code writers and the compilers read of the rules (:class:`CodeRules`), so that they, below
:class:`~dagaz_studio.engine.rules.Rules`, import nothing of it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from dagaz_studio.board.model import Board, PieceType
    from dagaz_studio.engine.position import Piece, Position
    from dagaz_studio.engine.program import Program
    from dagaz_studio.engine.records import Entries
    from dagaz_studio.engine.values import CancelFlag, RunResult

#: What a notation's written code is kept under (:func:`~dagaz_studio.engine.compiler.written_code_key`):
#: the notation, the player, what it is written for and the piece kinds it names.
WrittenKey = tuple[Hashable, ...]
#: A notation's written code: its module (source and constants), whether its moves are rich records,
#: and the allowance it spent.
Written = tuple[tuple[str, dict[str, Any]], bool, int]


class CodeRules(Protocol):
    """The board's tables the code is written from, the code written so far, and the few questions
    the compiled paths ask back (a heap or stack board's run by its traced code, a move built whole).
    The written code itself reads the rules as ``R`` (``R.rich_light``, ``R.fast_threat``,
    ``R.step_rays``)."""

    board: Board
    kinds: list[PieceType]
    board_kinds: int
    kind_names: list[str]
    kind_index: dict[str, int]
    royal_kinds: frozenset[int]
    dir_letters: list[str]
    dir_index: dict[str, int]
    neighbours: list[tuple[int | None, ...]]
    opposite: list[int | None]
    written: dict[WrittenKey, Written]

    def run(self, position: Position, square: int, program: Program | None = None, *,
            cancel: CancelFlag | None = None) -> RunResult: ...
    def kind_program(self, kind: int, player: int) -> Program: ...
    def setup_count(self, player: int, kind: int) -> int: ...
    def drop_program(self, kind: int, player: int) -> Program | None: ...
    def rich_light(self, position: Position, origin: int, piece: Piece, me: int, touched: dict[int, Piece | None],
                   visited: list[int], captures: list[int], also: list[tuple[int, int]], target: int,
                   direction: int | None, promoted: int | None, out: Entries, seen: set[Hashable],
                   stops: Sequence[int] = (), start: int | None = None, **marks: Any) -> None: ...
    def keep_whole(self, changed: list[tuple[int, Piece | None]], origin: int, piece: Piece, me: int,
                   visited: list[int], captures: list[int], also: list[tuple[int, int]], target: int,
                   direction: int | None, promoted: int | None, out: Entries, seen: set[Hashable],
                   stops: Sequence[int] = (), start: int | None = None, created: tuple[int, ...] = (),
                   again: bool = False, null: bool = False, labels: tuple[str, ...] = ()) -> None: ...
