"""The moves of a piece, or of the side to move: placed, run, judged by the rules and named in one place.

The window (on its worker thread) and the ``moves`` and ``render`` commands ask the same question the
same way through :func:`answer_moves`, so a typed notation, legality and names never differ between
them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dagaz_studio.board.model import Board
from dagaz_studio.engine import (
    DEFAULT_BUDGET,
    DEFAULT_TRACE_LIMIT,
    CancelFlag,
    Move,
    Piece,
    Position,
    Rules,
    RunawayNotation,
    TraceEvent,
    drop_moves,
    legal_moves,
    pseudo_legal_moves,
)
from dagaz_studio.notation import NotationError
from dagaz_studio.notation.cancel import ReadingCancelled, cancellable

if TYPE_CHECKING:
    from dagaz_studio.engine import TraceTree

#: The name a typed notation's piece goes by in messages.
TYPED_PIECE = "typed piece"


@dataclass(frozen=True)
class MovesQuery:
    """One question: the moves of the piece on ``square`` (``None``: of every piece of the side to move).

    ``notation``: a typed notation; a piece of ``notation_player`` (default: the side to move)
    moving by it is put on ``square`` (replacing what stands there; it counts as moved unless it
    replaces an unmoved piece of its own side). ``any_turn``: a piece of the side not to move shows its moves as if it were its turn
    (otherwise it has none). ``legal_only``: work out which moves the game's rules allow. ``names``:
    name the legal moves, told apart from every legal move of the position, in ``name_style`` (a
    :data:`~dagaz_studio.names.STYLES` entry; ``None``: the board's own). ``trace``: record the run
    (one square only). ``serial`` is the asker's number for the question, returned with the answer.
    ``drop``: the name of a piece held in hand by ``drop_player`` (default: the side to move), whose
    drops are the moves asked for (``square`` is then ``None``).
    """

    board: Board
    position: Position
    square: int | None = None
    notation: str | None = None
    notation_player: int | None = None
    legal_only: bool = True
    names: bool = False
    name_style: str | None = None
    any_turn: bool = False
    trace: bool = False
    budget: int = DEFAULT_BUDGET
    trace_limit: int = DEFAULT_TRACE_LIMIT
    serial: int = 0
    drop: str | None = None
    drop_player: int | None = None


@dataclass
class MovesAnswer:
    """The answer to a :class:`MovesQuery` (the same ``serial``).

    ``moves`` are the moves the notations give; ``allowed`` the indexes of those the game's rules
    allow (all of them when legality was not asked). ``names`` maps the index of each legal move to
    its name; ``names_error`` says why there are none when naming failed. ``error`` is a sentence for
    the user when nothing could be run (``notation_error`` holds the notation's own error then);
    ``stopped`` says why a run ended early (a runaway notation, a cancel, unknown legality).
    """

    query: MovesQuery
    moves: list[Move] = field(default_factory=list)
    allowed: list[int] = field(default_factory=list)
    trace: list[TraceEvent] = field(default_factory=list)
    tree: TraceTree | None = None
    stopped: str | None = None
    trace_truncated: bool = False
    error: str | None = None
    notation_error: NotationError | None = None
    player: int = 0
    seconds: float = 0.0
    #: The processor time the answering thread spent on it: ``seconds`` less any wait for another
    #: thread (the window's own) to let the interpreter go.
    cpu_seconds: float = 0.0
    names: dict[int, str] = field(default_factory=dict)
    names_error: str | None = None
    #: The position the run started from (a typed piece on it, its player to move), for replaying
    #: the trace (:func:`~dagaz_studio.engine.explain.board_at`); ``None`` when nothing ran.
    start: Position | None = None
    #: Every kind's name, by index, as the run knew them (a typed piece's kind follows the board's).
    kind_names: tuple[str, ...] = ()

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial

    def shown_moves(self) -> list[Move]:
        """The moves to show: only the allowed ones when legality was asked."""
        return [self.moves[i] for i in self.allowed]


def place_typed_piece(rules: Rules, position: Position, square: int, text: str,
                      player: int | None = None) -> int:
    """Put a piece of ``player`` (default: the side to move) that moves by notation ``text`` on
    ``square`` of ``position``.

    Returns its kind. Raises :class:`NotationError` when the text is not notation or names what the
    board lacks (an unknown piece type).
    """
    from dagaz_studio.notation.parser import parse_notation  # only a typed piece needs the parser

    kind = rules.custom_kind(parse_notation(text), TYPED_PIECE)
    player = position.turn if player is None else player
    standing = position.cells[square]
    if rules.board.kind_type.holds_heaps:
        from dagaz_studio.engine import typed_heap

        # A heap belongs to nobody and holds seeds of the board's own kinds: the heap on the
        # square stays, and it is what moves by the notation.
        position.cells[square] = typed_heap(standing, kind, rules.board_kinds)
        return kind
    # Replacing an unmoved piece of its own side keeps what "unmoved" checks see; anywhere else the
    # piece has moved, like a piece put on the board by hand.
    moved = standing.moved if standing is not None and standing.player == player else True
    position.cells[square] = Piece(player, kind, moved)
    return kind


def answer_moves(rules: Rules, query: MovesQuery, cancel: CancelFlag | None = None) -> MovesAnswer:
    """Answer ``query`` with ``rules`` (which must be for the query's board). Never changes its position."""
    started, cpu_started = time.perf_counter(), time.thread_time()
    answer = MovesAnswer(query)
    position = query.position.copy()
    square = query.square
    answer.player = position.turn
    if query.notation is not None:
        if square is None:
            answer.error = "a typed notation needs a square to stand on"
            return answer
        try:
            with cancellable(cancel):
                place_typed_piece(rules, position, square, query.notation, query.notation_player)
        except NotationError as error:
            answer.error, answer.notation_error = error.message, error
            return answer
        except ReadingCancelled:
            answer.stopped = "cancelled"
            return answer
        if cancel is not None and cancel.is_set():
            # Reading a long notation takes a while: a question given up meanwhile is not run.
            answer.stopped = "cancelled"
            return answer
    if query.drop is not None:
        _run_drops(rules, query, position, answer, cancel)
        answer.seconds, answer.cpu_seconds = time.perf_counter() - started, time.thread_time() - cpu_started
        return answer
    if square is not None and not _run_square(rules, query, position, square, answer, cancel):
        return answer
    if square is None:
        try:
            if query.legal_only:
                answer.moves = legal_moves(rules, position, None, cancel)
            else:
                answer.moves = pseudo_legal_moves(rules, position, None, cancel)
        except RunawayNotation as error:
            answer.stopped = str(error)
            return answer
        answer.allowed = list(range(len(answer.moves)))
        if query.names:
            legal = answer.moves if query.legal_only else _legal_or_none(rules, position, None, answer, cancel)
            if legal is not None:
                _name(answer, rules, position, legal)
    answer.seconds, answer.cpu_seconds = time.perf_counter() - started, time.thread_time() - cpu_started
    return answer


def _run_square(rules: Rules, query: MovesQuery, position: Position, square: int, answer: MovesAnswer,
                cancel: CancelFlag | None) -> bool:
    """Run the piece on ``square`` into ``answer``; whether there was one to run."""
    piece = position.cells[square]
    if piece is None:
        answer.error = f"nothing stands on {query.board.squares[square]}"
        return False
    # A heap belongs to nobody: the side to move sows it (the notation says from which squares).
    answer.player = piece.player if piece.player >= 0 else position.turn
    if answer.player != position.turn:
        if not query.any_turn:
            return True  # only the side to move moves
        position.turn = piece.player
    answer.start = position.copy()
    answer.kind_names = tuple(rules.kind_names)
    result = rules.run(position, square, trace=query.trace, budget=query.budget, cancel=cancel,
                       trace_limit=query.trace_limit)
    answer.moves, answer.trace = result.moves, result.trace
    answer.stopped, answer.trace_truncated = result.stopped, result.trace_truncated
    answer.allowed = list(range(len(result.moves)))
    if result.stopped is None and (query.legal_only or query.names):
        # Names tell a move apart from the other pieces' moves too, so the whole side is needed.
        everything = _legal_or_none(rules, position, None, answer, cancel) if query.names else None
        if query.legal_only:
            own: list[Move] | None
            if everything is not None:
                own = [move for move in everything if move.origin == square]
            else:
                # Another piece's runaway notation must not hide this piece's legality, only the names.
                own = _legal_or_none(rules, position, square, answer, cancel, legality=True)
            if own is not None:
                keys = {move.key() for move in own}
                answer.allowed = [i for i, move in enumerate(result.moves) if move.key() in keys]
        if everything is not None:
            _name(answer, rules, position, everything)
    if answer.trace:
        # Only a traced run needs the explanation's tree, and only named moves the names: the
        # ``moves`` command starts without either (tests/commands/test_startup.py).
        from dagaz_studio.engine import build_tree

        answer.tree = build_tree(answer.trace)
    return True


def _run_drops(rules: Rules, query: MovesQuery, position: Position, answer: MovesAnswer,
               cancel: CancelFlag | None) -> None:
    """The drops of the piece in hand the query names into ``answer`` (shown for its player)."""
    kind = rules.kind_index.get(query.drop or "")
    if kind is None or kind >= rules.board_kinds:
        answer.error = f"no piece is called {query.drop!r}"
        return
    if query.drop_player is not None:
        position.turn = query.drop_player
    answer.player = position.turn
    try:
        answer.moves = drop_moves(rules, position, kind, cancel)
    except RunawayNotation as error:
        answer.stopped = str(error)
        return
    answer.allowed = list(range(len(answer.moves)))
    if query.legal_only or query.names:
        everything = _legal_or_none(rules, position, None, answer, cancel, legality=True)
        if everything is not None:
            if query.legal_only:
                keys = {move.key() for move in everything}
                answer.allowed = [i for i, move in enumerate(answer.moves) if move.key() in keys]
            if query.names:
                _name(answer, rules, position, everything)


def _legal_or_none(rules: Rules, position: Position, square: int | None, answer: MovesAnswer,
                   cancel: CancelFlag | None, legality: bool = False) -> list[Move] | None:
    try:
        return legal_moves(rules, position, square, cancel)
    except RunawayNotation as error:
        if legality:
            answer.stopped = f"legality not known: {error}"
        else:
            answer.names_error = f"moves cannot be named: {error}"
        return None


def _name(answer: MovesAnswer, rules: Rules, position: Position, legal: list[Move]) -> None:
    from dagaz_studio.names import MoveNames

    try:
        named = MoveNames(rules, position, legal, answer.query.name_style)
        written = named.names
    except ValueError as error:  # a style the board cannot be named in
        answer.names_error = f"moves cannot be named: {error}"
        return
    except Exception as error:  # noqa: BLE001 - unnamed moves are still worth showing; the answer says why
        answer.names_error = f"moves cannot be named: {type(error).__name__}: {error}"
        return
    index = {move.key(): i for i, move in enumerate(named.moves)}
    for i, move in enumerate(answer.moves):
        found = index.get(move.key())
        if found is not None:
            answer.names[i] = written[found]
