"""A run as a film: one frame for each step of its trace, for an animation to draw.

Each frame holds the board as the run has it at that step (:func:`~dagaz_studio.engine.explain.board_at`),
the step's sentence and the part of the notation it executed. The steps are those of the whole run, or
only those behind one chosen move (:func:`~dagaz_studio.engine.explain.move_branch`), as the window's
stepper plays them. Plain Python, no Qt: the drawing is the window's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from dagaz_studio.board.model import Board
from dagaz_studio.engine import Position, Rules, StepBoard, TraceEvent, board_at, describe_move, move_branch
from dagaz_studio.queries.explanation import forbidding_rule

__all__ = ["MAX_FRAMES", "Film", "Frame", "FilmError", "film_of_run"]

#: The most frames a film may have: a run longer than that is refused (choose one move of it).
MAX_FRAMES = 2000


class FilmError(ValueError):
    """A run that cannot be filmed: no piece, a move it does not make, too many steps."""


@dataclass(frozen=True)
class Frame:
    """One step: ``event`` (its index in the trace ``index``), ``sentence`` saying what happened,
    ``span`` the (start, end) of the notation's part executed, and ``board`` as the run has it."""

    index: int
    event: TraceEvent
    sentence: str
    span: tuple[int, int] | None
    board: StepBoard


@dataclass(frozen=True)
class Film:
    """The frames of a run of ``notation`` from ``square``; ``move`` names the move filmed, if one, and
    ``forbidden`` says why the game's rules forbid it, where they do (the notation makes it all the same)."""

    board: Board
    start: Position
    square: int
    notation: str
    frames: tuple[Frame, ...]
    kind_names: tuple[str, ...]
    move: str | None = None
    forbidden: str | None = None


def film_of_run(rules: Rules, position: Position, square: int, notation: str | None = None,
                move: str | None = None, limit: int = MAX_FRAMES) -> Film:
    """The film of the run of the piece on ``square`` (or of a piece moving by ``notation`` put there):
    every step, or only those behind ``move`` (its name, as ``moves --names`` gives it, or its
    coordinates). Raises :class:`FilmError`, or NotationError for a notation that does not read."""
    from dagaz_studio.queries.moves import MovesQuery, answer_moves

    board = rules.board
    standing = position.cells[square]
    if notation is None and standing is None:
        raise FilmError(f"no piece on {board.squares[square]}: nothing to film")
    answer = answer_moves(rules, MovesQuery(board, position, square, notation=notation, legal_only=True,
                                            names=True, trace=True, trace_limit=max(limit * 50, 10_000)))
    if answer.notation_error is not None:
        raise answer.notation_error
    if answer.error is not None or answer.start is None or answer.tree is None:
        raise FilmError(answer.error or answer.stopped or "the run could not be made")
    if notation is None:
        assert standing is not None
        notation = list(board.pieces.values())[standing.kind].notation_text if standing.kind < len(board.pieces) else ""
    steps = list(range(len(answer.trace)))
    chosen = chosen_index = None
    allowed = set(answer.allowed)
    if move is not None:
        from dagaz_studio.board.problems import quoted

        found = [i for i, made in enumerate(answer.moves)
                 if move in (answer.names.get(i), describe_move(board, made))]
        if not found:
            # Coordinates without a promotion's choice name every choice: one is filmed, several are listed.
            found = [i for i, made in enumerate(answer.moves)
                     if made.promotion and describe_move(board, replace(made, promotion=None)) == move]
            if len(found) > 1:
                raise FilmError(f"{quoted(move)} is {len(found)} moves of the piece on {board.squares[square]}, one "
                                "for each promotion: choose one of "
                                + " ".join(describe_move(board, answer.moves[i]) for i in found[:30]))
        if not found:
            # Each move by its name and, where they differ, by its coordinates, either of which --move takes.
            named = []
            for i, made in enumerate(answer.moves[:30]):
                coordinates = describe_move(board, made)
                name = answer.names.get(i)
                named.append(f"{name} ({coordinates})" if name and name != coordinates else coordinates)
            raise FilmError(f"the piece on {board.squares[square]} has no move {quoted(move)}; its moves: "
                            + (" ".join(named) or "none"))
        # Where a forbidden move and an allowed one have the same coordinates, the allowed one is meant.
        found.sort(key=lambda i: i not in allowed)
        chosen_index = found[0]
        chosen = answer.names.get(found[0]) or describe_move(board, answer.moves[found[0]])
        steps = move_branch(answer.trace, answer.tree, found[0])
    if len(steps) > limit:
        raise FilmError(f"the run has {len(steps):,} steps: at most {limit:,} frames are drawn; choose one of "
                        "its moves with --move")
    reasons: dict[int, str] = {}
    reason = forbidding_rule(rules, answer.start)

    def why_forbidden(made: int | None) -> str | None:
        """Why the game's rules forbid the move ``made`` (``None``: they allow it, or no move), said once
        a frame asks: naming the attacker of a royal piece runs that piece's notation."""
        if made is None or made in allowed or not 0 <= made < len(answer.moves):
            return None
        if made not in reasons:
            reasons[made] = reason(answer.moves[made]) or "the game's rules forbid it"
        return reasons[made]

    frames = []
    for index in steps:
        event = answer.trace[index]
        span = (event.span.start, event.span.end) if event.span is not None else None
        said = why_forbidden(event.move)
        sentence = event.text if said is None else f"{event.text} — forbidden: {said}"
        frames.append(Frame(index, event, sentence, span,
                            board_at(answer.start.cells, answer.trace, answer.tree, index, answer.kind_names)))
    forbidden = why_forbidden(chosen_index)
    if forbidden is not None and frames:
        # Said on the first frame too: the film is watched from there, its last frame perhaps never.
        frames[0] = replace(frames[0], sentence=f"{frames[0].sentence} — the move {chosen}, which the game's rules forbid")
    return Film(board, answer.start, square, notation, tuple(frames), tuple(answer.kind_names), chosen, forbidden)
