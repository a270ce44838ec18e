"""Why a square is (not) reached by a run the window has shown: answered on the worker, since
naming the piece that attacks a square runs that piece's notation.
"""

from __future__ import annotations

from dataclasses import dataclass

from dagaz_studio.board.model import Board
from dagaz_studio.engine import CancelFlag, Rules, SquareExplanation, attack_reason, build_tree, explain_square
from dagaz_studio.queries.moves import MovesAnswer


@dataclass(frozen=True)
class ExplainQuery:
    """Why ``square`` is or is not reached by the run ``moves`` answered (which must hold a trace)."""

    board: Board
    moves: MovesAnswer
    square: int
    serial: int = 0

    @property
    def notation(self) -> str | None:
        """The typed notation the run used, if any (a worker keeps rules apart for those)."""
        return self.moves.query.notation


@dataclass
class ExplainAnswer:
    """The answer to an :class:`ExplainQuery`: the explanation, or ``error`` saying why there is none."""

    query: ExplainQuery
    explanation: SquareExplanation | None = None
    error: str | None = None

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def answer_explanation(rules: Rules, query: ExplainQuery, cancel: CancelFlag | None = None) -> ExplainAnswer:
    """Explain ``query.square`` for its run with ``rules`` (for the query's board): the ways through
    the notation that fell short, closest first, with the pieces that attack or defend named."""
    answer = ExplainAnswer(query)
    moves = query.moves
    origin = moves.query.square
    if moves.start is None or origin is None:
        answer.error = "there is no run to explain"
        return answer
    start = moves.start.copy()
    notation = moves.query.notation
    standing = start.cells[origin]
    text = notation
    if notation is None and standing is not None and 0 <= standing.kind < len(rules.kinds):
        text = rules.kinds[standing.kind].notation.text
    if notation is not None and standing is not None:
        # The run's typed kind is numbered by the rules that ran it: number it by these.
        from dagaz_studio.notation.parser import parse_notation  # only a typed piece needs the parser

        kind = rules.custom_kind(parse_notation(notation), moves.query.notation_name)
        start.cells[origin] = standing._replace(kind=kind)
    tree = moves.tree if moves.tree is not None else build_tree(moves.trace)
    reason = attack_reason(rules, start, moves.trace, tree)
    answer.explanation = explain_square(query.board, moves.trace, moves.moves, query.square, tree,
                                        allowed=moves.allowed, origin=origin, reason=reason, notation=text)
    return answer
