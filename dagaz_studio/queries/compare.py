"""Two definitions of one piece, run on the same squares of the same positions until they differ.

On each position (:mod:`~dagaz_studio.queries.compare_positions`: the empty board, the setup,
sparse random placements and positions of random play) a piece of the side to move moving by either
definition is put on every square in turn. The first position where the two make different moves is
shrunk as a property-testing tool shrinks a counterexample: pieces are taken away, moved nearer the
square, or replaced by simpler pieces (those with fewer moves on the empty board) for as long as the
difference stays — so the counterexample shows the difference with as little as it can.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from dagaz_studio.engine import DEFAULT_BUDGET, CancelFlag, Move, Piece, Position, Rules, RunawayNotation, describe_move
from dagaz_studio.queries.compare_positions import BLOCK, block_positions, full_move, piece_moves, signature
from dagaz_studio.queries.run_stopped import stopped_said

__all__ = ["Comparison", "ComparisonCancelled", "Found", "Searched", "compare_kinds", "compare_pieces", "definition_kinds",
           "move_signature", "no_difference_said", "search_block", "stop_if_cancelled"]

#: The most positions tried while shrinking a counterexample.
MOST_SHRINK_TRIALS = 3000

move_signature = signature


class ComparisonCancelled(Exception):
    """A comparison stopped because whoever asked for it cancelled it (not a fault of either notation)."""


def stop_if_cancelled(cancel: CancelFlag | None) -> None:
    """Raise :class:`ComparisonCancelled` when ``cancel`` is set."""
    if cancel is not None and cancel.is_set():
        raise ComparisonCancelled()


@dataclass
class Comparison:
    """What a comparison found: ``differ``; where (``fen``, the position without the compared piece,
    whose side to move owns it, and ``square``); the moves only one definition makes; how many
    positions were tried; ``pieces``: how many other pieces the counterexample holds; ``error``
    when a definition could not be run there (a runaway, ``which`` of ``A`` and ``B``);
    ``cancelled`` when the search was stopped before its end; ``moved``: whether either definition
    moved a piece in any position tried (two that never do agree, and that is worth saying)."""

    differ: bool
    positions: int
    fen: str | None = None
    square: str | None = None
    only_a: list[str] = field(default_factory=list)
    only_b: list[str] = field(default_factory=list)
    pieces: int = 0
    error: str | None = None
    which: str | None = None
    cancelled: bool = False
    moved: bool = True
    #: The counterexample itself (the FEN may not keep which pieces have moved).
    position: Position | None = None
    #: Whether the run that stopped (``error``) spent its budget: given more, it may end.
    budget_spent: bool = False

    def as_json(self) -> dict[str, object]:
        """The result as ``compare --json`` prints it."""
        return {"differ": self.differ, "positions": self.positions, "fen": self.fen, "square": self.square,
                "pieces": self.pieces, "only_a": self.only_a, "only_b": self.only_b, "error": self.error,
                "definition": self.which, "moved": self.moved}


def no_difference_said(result: Comparison, asked: int) -> str:
    """What a search of ``asked`` positions that found no difference says, the ``compare`` command and
    the window's Compare tab alike (lower case, no full stop: each puts it in its own sentence)."""
    tried = f"{result.positions:,} position{'s' if result.positions != 1 else ''}"
    # Fewer than asked for: the board has no pieces to place at random and no setup to play from.
    more = "" if result.positions >= asked else (" (all the board gives: it has no pieces to place at random and "
                                                 "no setup to play from)")
    if result.moved:
        return f"no difference found in {tried}{more}"
    # Two definitions that never move agree only vacuously: a typo (a direction the board lacks, a
    # condition never met) looks like agreement unless it is said.
    return f"no difference found in {tried}{more}, but neither A nor B moves a piece in any position tried"


@dataclass
class Found:
    """The first position of a block where the definitions differ (or one ran away): its number
    among all positions tried, counted from 1, the position and the square."""

    index: int
    position: Position
    square: int
    error: str | None = None
    which: str | None = None
    #: Whether the run that stopped (``error``) spent its budget, rather than nesting too deeply.
    budget_spent: bool = False


class Searched(NamedTuple):
    """What a block of positions gave: how many were tried, the first difference, and whether either
    definition moved a piece in those tried."""

    tried: int
    found: Found | None
    moved: bool


def definition_kinds(rules: Rules, a: str, b: str) -> tuple[int, int]:
    """The piece kinds of notations ``a`` and ``b`` (Dagaz) in ``rules``; raises
    :class:`~dagaz_studio.notation.NotationError` for a notation that does not read."""
    from dagaz_studio.notation.parser import parse_notation

    return rules.custom_kind(parse_notation(a), "A"), rules.custom_kind(parse_notation(b), "B")


def _difference(rules: Rules, position: Position, square: int, kinds: tuple[int, int],
                budget: int = DEFAULT_BUDGET) -> tuple[list[Move], list[Move]] | None:
    """The moves only A makes and only B makes from ``square``, or ``None`` when they agree."""
    a = piece_moves(rules, position, square, kinds[0], budget)
    b = piece_moves(rules, position, square, kinds[1], budget)
    if a.keys() == b.keys():
        return None
    return ([full_move(rules, position, square, kinds[0], a[key]) for key in a if key not in b],
            [full_move(rules, position, square, kinds[1], b[key]) for key in b if key not in a])


def _differs(rules: Rules, position: Position, square: int, kinds: tuple[int, int], budget: int) -> bool:
    try:
        return _difference(rules, position, square, kinds, budget) is not None
    except RunawayNotation:
        return False


def search_block(rules: Rules, kinds: tuple[int, int], seed: int, block: int, count: int = BLOCK,
                 cancel: CancelFlag | None = None, budget: int = DEFAULT_BUDGET) -> Searched:
    """Try the ``count`` positions of block ``block``, each run given ``budget`` units of work: how many
    were tried, the first difference, and whether either definition moved."""
    squares = range(len(rules.board.squares))
    tried = 0
    moved = False
    for position in block_positions(rules, seed, block, count):
        if cancel is not None and cancel.is_set():
            break
        tried += 1
        for square in squares:
            keys = []
            for which, kind in zip("AB", kinds):
                try:
                    keys.append(piece_moves(rules, position, square, kind, budget).keys())
                except RunawayNotation as error:
                    found = Found(block * BLOCK + tried, position.copy(), square, str(error), which, error.budget_spent)
                    return Searched(tried, found, moved)
            if keys[0] != keys[1]:
                return Searched(tried, Found(block * BLOCK + tried, position.copy(), square), True)
            moved = moved or bool(keys[0])
    return Searched(tried, None, moved)


def _blocks(positions: int) -> Iterator[tuple[int, int]]:
    """The blocks of ``positions`` positions: (number, how many positions), made as the search asks
    for them (a search of billions of positions stops at its first difference, and is not handed
    a list of every block before it begins)."""
    return ((block, min(BLOCK, positions - block * BLOCK)) for block in range((positions + BLOCK - 1) // BLOCK))


#: Searches the blocks given as (number, count), yielding each one's :func:`search_block` answer in order.
Searcher = Callable[[Iterable[tuple[int, int]]], Iterator[Searched]]


def compare_kinds(rules: Rules, kinds: tuple[int, int], positions: int = 1000, seed: int = 0,
                  search: Searcher | None = None, progress: Callable[[int, int], None] | None = None,
                  cancel: CancelFlag | None = None, budget: int = DEFAULT_BUDGET,
                  more_by: str | None = None) -> Comparison:
    """Compare two piece kinds of ``rules`` on ``positions`` positions (see the module's docstring),
    each run given ``budget`` units of work.

    ``search`` searches blocks of positions elsewhere (on other processes, given the same budget;
    default: here, one after the other): the answer is the same. ``progress(tried, positions)`` is
    called after each block; ``cancel`` stops the search between positions. ``more_by``: the command's
    option that gives a run that spent its budget more (see :func:`stopped_said`)."""
    if search is None:
        def search(blocks: Iterable[tuple[int, int]]) -> Iterator[Searched]:
            return (search_block(rules, kinds, seed, block, count, cancel, budget) for block, count in blocks)
    tried = 0
    found: Found | None = None
    moved = False
    for done, found, moved_there in search(_blocks(positions)):
        tried += done
        moved = moved or moved_there
        if progress is not None:
            progress(tried, positions)
        if found is not None or (cancel is not None and cancel.is_set()):
            break
    if found is None:
        return Comparison(False, tried, cancelled=cancel is not None and cancel.is_set() and tried < positions,
                          moved=moved)
    board = rules.board
    if found.error is not None:
        said = stopped_said(found.error, found.budget_spent, budget, more_by)
        return Comparison(True, found.index, found.position.fen(), board.squares[found.square], error=said,
                          which=found.which, position=found.position, budget_spent=found.budget_spent)
    # The counterexample is shown as a FEN, which does not say everything a position holds (which
    # pieces have moved, beyond castling rights; the last move, beyond an en-passant square): where
    # the difference is still there as the FEN reads back, it is shrunk among such positions only,
    # so the FEN printed shows it.
    written = _as_written(rules, found.position)
    faithful = written is not None and _differs(rules, written, found.square, kinds, budget)
    small = shrink(rules, written if faithful and written is not None else found.position, found.square, kinds,
                   as_written=faithful, budget=budget)
    difference = _difference(rules, small, found.square, kinds, budget)
    assert difference is not None  # shrinking keeps the difference
    only_a, only_b = difference
    others = sum(piece is not None for square, piece in enumerate(small.cells) if square != found.square)
    return Comparison(True, found.index, small.fen(), board.squares[found.square],
                      [describe_move(board, move) for move in only_a], [describe_move(board, move) for move in only_b],
                      others, position=small)


def compare_pieces(rules: Rules, a: str, b: str, positions: int = 1000, seed: int = 0,
                   cancel: CancelFlag | None = None, progress: Callable[[int], None] | None = None,
                   search: Searcher | None = None, budget: int = DEFAULT_BUDGET) -> Comparison:
    """Compare notations ``a`` and ``b`` (Dagaz) on ``positions`` positions of ``rules``'s board, each
    run given ``budget`` units of work.

    ``cancel`` is looked at between positions: when it is set, :class:`ComparisonCancelled` is raised.
    ``progress`` is told how many positions are done as the search goes. Raises
    :class:`~dagaz_studio.notation.NotationError` for a notation that does not read."""
    told = None if progress is None else (lambda tried, _total: progress(tried))
    found = compare_kinds(rules, definition_kinds(rules, a, b), positions, seed, search, told, cancel, budget)
    if found.cancelled or (cancel is not None and cancel.is_set() and not found.differ):
        raise ComparisonCancelled()
    return found


def _distance(rules: Rules, one: int, other: int) -> int:
    board = rules.board
    return max(abs(board.column_of[one] - board.column_of[other]), abs(board.row_of[one] - board.row_of[other]))


def _simplicity(rules: Rules) -> list[int]:
    """For each of the board's piece kinds, how many moves it has on the empty board from the square
    nearest its middle: the fewer, the simpler."""
    board = rules.board
    empty = Position(board, [None] * len(board.squares))
    columns, rows = max(board.column_of) + 1, max(board.row_of) + 1
    middle = min(range(len(board.squares)),
                 key=lambda s: abs(2 * board.column_of[s] - columns + 1) + abs(2 * board.row_of[s] - rows + 1))
    counts = []
    for kind in range(rules.board_kinds):
        try:
            counts.append(len(piece_moves(rules, empty, middle, kind)))
        except RunawayNotation:
            counts.append(1 << 30)
    return counts


def _as_written(rules: Rules, position: Position) -> Position | None:
    """``position`` as its FEN reads back, or ``None`` when it does not read back."""
    try:
        return Position.from_fen(rules.board, position.fen())
    except ValueError:
        return None


def shrink(rules: Rules, position: Position, square: int, kinds: tuple[int, int],
           as_written: bool = False, budget: int = DEFAULT_BUDGET) -> Position:
    """A smaller ``position`` where the definitions still differ on ``square``: the square emptied
    (when the difference does not need what stands there), the moves that led there forgotten, then pieces taken away, moved nearer the
    square, or replaced by simpler ones, one at a time, for as long as the difference stays.

    ``as_written``: each smaller position is taken as its FEN reads back, so that the difference is
    in what the FEN of the result says."""
    trials = 0

    def keeps(trial: Position) -> Position | None:
        """``trial`` (as written, with ``as_written``) when the difference stays there."""
        nonlocal trials
        trials += 1
        if as_written:
            written = _as_written(rules, trial)
            if written is None:
                return None
            trial = written
        return trial if _differs(rules, trial, square, kinds, budget) else None

    current = position.copy()
    emptied = current.copy()
    emptied.cells[square] = None
    kept = keeps(emptied)
    if kept is not None:
        current = kept
    # The way there forgotten (the last move, labels of moves made, runs, the clocks), so that a FEN
    # printed names no en-passant square of a pawn shrinking took away.
    forgotten = current.copy()
    forgotten.last_move, forgotten.labels, forgotten.runs = None, frozenset(), ()
    forgotten.halfmove_clock, forgotten.fullmove_number = 0, 1
    kept = keeps(forgotten)
    if kept is not None:
        current = kept
    simplicity: list[int] | None = None

    # A piece is moved nearer only where squares hold single pieces.
    moves_nearer = rules.board.kind_type.holds_pieces
    changed = True
    while changed and trials < MOST_SHRINK_TRIALS:
        changed = False
        for other, piece in enumerate(current.cells):
            if piece is None or other == square:
                continue
            trial = current.copy()
            trial.cells[other] = None
            kept = keeps(trial)
            if kept is not None:
                current, changed = kept, True
                continue
            if not moves_nearer or not isinstance(piece, Piece):
                continue
            far = _distance(rules, other, square)
            nearer = sorted((s for s, standing in enumerate(current.cells)
                             if standing is None and s != square and _distance(rules, s, square) < far),
                            key=lambda s: _distance(rules, s, square))
            for target in nearer:
                trial = current.copy()
                trial.cells[other], trial.cells[target] = None, piece
                kept = keeps(trial)
                if kept is not None:
                    current, changed = kept, True
                    break
            else:
                if simplicity is None:
                    simplicity = _simplicity(rules)
                if piece.kind >= len(simplicity):
                    continue
                for kind in sorted(range(len(simplicity)), key=simplicity.__getitem__):
                    if simplicity[kind] >= simplicity[piece.kind]:
                        break
                    trial = current.copy()
                    trial.cells[other] = Piece(piece.player, kind, piece.moved)
                    kept = keeps(trial)
                    if kept is not None:
                        current, changed = kept, True
                        break
            if changed or trials >= MOST_SHRINK_TRIALS:
                break
    return current
