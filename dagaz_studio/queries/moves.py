"""The moves of a piece, or of the side to move: placed, run, judged by the rules and named in one place.

The window (on its worker thread) and the ``moves`` and ``render`` commands ask the same question the
same way through :func:`answer_moves`, so a typed notation, legality and names never differ between
them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

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
    #: What the piece moving by ``notation`` is called in the run's words and its moves: a piece
    #: type's name when the notation is that type's edit, whose piece it stands for.
    notation_name: str = TYPED_PIECE


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
    #: Whether a run that ``stopped`` spent the query's budget (a larger one might let it end).
    budget_spent: bool = False
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
    #: The moves of a traced question, found, judged and named by the untraced run, with the trace
    #: still being recorded: the whole answer follows (see ``early`` in :func:`answer_moves`).
    tracing: bool = False

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial

    def shown_moves(self) -> list[Move]:
        """The moves to show: only the allowed ones when legality was asked."""
        return [self.moves[i] for i in self.allowed]


def place_typed_piece(rules: Rules, position: Position, square: int, text: str,
                      player: int | None = None, name: str = TYPED_PIECE) -> int:
    """Put a piece of ``player`` (default: the side to move) that moves by notation ``text`` on
    ``square`` of ``position``, called ``name``.

    Returns its kind. Raises :class:`NotationError` when the text is not notation or names what the
    board lacks (an unknown piece type).
    """
    from dagaz_studio.notation.parser import parse_notation  # only a typed piece needs the parser

    kind = rules.custom_kind(parse_notation(text), name)
    place_piece(rules, position, square, kind, position.turn if player is None else player)
    return kind


def place_piece(rules: Rules, position: Position, square: int, kind: int, player: int) -> None:
    """Put a piece of ``kind`` of ``player`` on ``square`` of ``position``, as a piece put by hand."""
    standing = position.cells[square]
    if rules.board.kind_type.holds_heaps:
        from dagaz_studio.engine import typed_heap

        # A heap belongs to nobody and holds seeds of the board's own kinds: the heap on the
        # square stays, and it is what moves by the notation.
        position.cells[square] = typed_heap(standing, kind, rules.board_kinds)
        return
    # Replacing an unmoved piece of its own side keeps what "unmoved" checks see; anywhere else the
    # piece has moved, like a piece put on the board by hand.
    moved = standing.moved if standing is not None and standing.player == player else True
    if rules.board.kind_type.holds_columns:
        from dagaz_studio.engine import Column, as_cell

        # A column of one: a bare piece has nowhere to put the pieces its captures take under it.
        position.cells[square] = as_cell(Column(((player, kind),), moved))
        return
    position.cells[square] = Piece(player, kind, moved)


#: Given the answer to a traced question before its trace (:func:`answer_moves`).
Early = Callable[["MovesAnswer"], None]


def answer_moves(rules: Rules, query: MovesQuery, cancel: CancelFlag | None = None,
                 early: Early | None = None) -> MovesAnswer:
    """Answer ``query`` with ``rules`` (which must be for the query's board). Never changes its position.

    ``early``: for a traced question about a square, the moves are first found by the untraced run,
    judged and named, and given to ``early`` in an answer of their own (``tracing`` set, no trace);
    then the run is traced, and the answer returned holds the traced run's moves (judged and named
    alike) with their trace. The window shows the moves while the trace is recorded: a new
    notation's traced code is written and compiled before its first traced run.
    """
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
                place_typed_piece(rules, position, square, query.notation, query.notation_player, query.notation_name)
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
    if square is not None and not _run_square(rules, query, position, square, answer, cancel,
                                              _early(early, started, cpu_started)):
        return answer
    if square is None:
        try:
            if query.legal_only:
                answer.moves = legal_moves(rules, position, None, cancel, budget=query.budget)
            else:
                answer.moves = pseudo_legal_moves(rules, position, None, cancel, query.budget)
        except RunawayNotation as error:
            answer.stopped, answer.budget_spent = str(error), error.budget_spent
            return answer
        answer.allowed = list(range(len(answer.moves)))
        if query.names:
            legal = answer.moves if query.legal_only else _legal_or_none(rules, position, None, answer, cancel)
            if legal is not None:
                _name(answer, rules, position, legal)
    answer.seconds, answer.cpu_seconds = time.perf_counter() - started, time.thread_time() - cpu_started
    return answer


def _early(early: Early | None, started: float, cpu_started: float) -> Early | None:
    """``early``, given the answer with the time it took so far."""
    if early is None:
        return None

    def give(answer: MovesAnswer) -> None:
        early(replace(answer, seconds=time.perf_counter() - started, cpu_seconds=time.thread_time() - cpu_started))
    return give


def _run_square(rules: Rules, query: MovesQuery, position: Position, square: int, answer: MovesAnswer,
                cancel: CancelFlag | None, early: Early | None = None) -> bool:
    """Run the piece on ``square`` into ``answer``; whether there was one to run. With ``early`` and a
    traced question, the untraced run's answer is given to it first (see :func:`answer_moves`)."""
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
    first = query.trace and early is not None
    result = rules.run(position, square, trace=query.trace and not first, budget=query.budget, cancel=cancel,
                       trace_limit=query.trace_limit)
    answer.moves, answer.trace = result.moves, result.trace
    answer.stopped, answer.trace_truncated = result.stopped, result.trace_truncated
    answer.budget_spent = result.stopped is not None and result.work > query.budget
    judged = _judged(rules, query, position, square, answer, cancel) if result.stopped is None else None
    _apply(answer, judged)
    if first and early is not None:
        if cancel is not None and cancel.is_set():
            return True  # nobody waits for the answer
        # A copy: the traced run's answer is made in new lists, not in those given.
        early(replace(answer, tracing=True))
        traced = rules.run(position, square, trace=True, budget=query.budget, cancel=cancel,
                           trace_limit=query.trace_limit)
        # Its moves are those shown with the trace (a step of the trace names the moves in its
        # order), judged as the untraced run's were.
        answer.moves, answer.trace, answer.trace_truncated = traced.moves, traced.trace, traced.trace_truncated
        if traced.stopped is not None or result.stopped is not None:
            answer.stopped = traced.stopped
            answer.budget_spent = traced.stopped is not None and traced.work > query.budget
        if judged is None and traced.stopped is None:
            judged = _judged(rules, query, position, square, answer, cancel)
        _apply(answer, judged)
    if answer.trace:
        # Only a traced run needs the explanation's tree, and only named moves the names: the
        # ``moves`` command starts without either (tests/commands/test_startup.py).
        from dagaz_studio.engine import build_tree

        answer.tree = build_tree(answer.trace)
    return True


#: What the game's rules say of a square's moves: the keys of those they allow (``None``: all, legality
#: not asked or not known) and each legal move's name by its key.
Judged = tuple["set[Any] | None", dict[Any, str]]


def _judged(rules: Rules, query: MovesQuery, position: Position, square: int, answer: MovesAnswer,
            cancel: CancelFlag | None) -> Judged | None:
    """Which of the square's moves the rules allow, and their names, as the query asks (``None``:
    neither asked); why either is not known is said in ``answer``."""
    if not (query.legal_only or query.names):
        return None
    keys: set[Any] | None = None
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
    names = _names(answer, rules, position, everything) if everything is not None else {}
    return keys, names


def _apply(answer: MovesAnswer, judged: Judged | None) -> None:
    """``answer``'s moves allowed and named as ``judged`` says (``None``: all allowed, none named)."""
    keys, names = judged if judged is not None else (None, {})
    answer.allowed = [i for i, move in enumerate(answer.moves) if keys is None or move.key() in keys]
    answer.names = {}
    if names:
        for i, move in enumerate(answer.moves):
            found = names.get(move.key())
            if found is not None:
                answer.names[i] = found


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
        answer.stopped, answer.budget_spent = str(error), error.budget_spent
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
        return legal_moves(rules, position, square, cancel, budget=answer.query.budget)
    except RunawayNotation as error:
        if legality:
            answer.stopped, answer.budget_spent = f"legality not known: {error}", error.budget_spent
        else:
            answer.names_error = f"moves cannot be named: {error}"
        return None


def _name(answer: MovesAnswer, rules: Rules, position: Position, legal: list[Move]) -> None:
    names = _names(answer, rules, position, legal)
    for i, move in enumerate(answer.moves):
        found = names.get(move.key())
        if found is not None:
            answer.names[i] = found


def _names(answer: MovesAnswer, rules: Rules, position: Position, legal: list[Move]) -> dict[Any, str]:
    """The name of each of the ``legal`` moves, by its key (none when they cannot be named: the
    answer says why)."""
    from dagaz_studio.names import MoveNames

    try:
        named = MoveNames(rules, position, legal, answer.query.name_style)
        written = named.names
    except ValueError as error:  # a style the board cannot be named in
        answer.names_error = f"moves cannot be named: {error}"
        return {}
    except Exception as error:  # noqa: BLE001 - unnamed moves are still worth showing; the answer says why
        answer.names_error = f"moves cannot be named: {type(error).__name__}: {error}"
        return {}
    return {move.key(): written[i] for i, move in enumerate(named.moves)}
