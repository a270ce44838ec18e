"""Why a square is (not) reached by a run the window has shown: answered on the worker, since
naming the piece that attacks a square runs that piece's notation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dagaz_studio.board.model import Board
from dagaz_studio.engine import (
    CancelFlag,
    Move,
    Position,
    Rules,
    RunawayNotation,
    SquareExplanation,
    attack_reason,
    build_tree,
    explain_square,
    make_move,
    royal_attacked,
    royal_squares,
)
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
    if moves.query.drop is not None:
        answer.explanation = _explain_drop(rules, moves, query.square)
        return answer
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
                                        allowed=moves.allowed, origin=origin, reason=reason, notation=text,
                                        forbidden=forbidding_rule(rules, start))
    return answer


#: Work one attacker's question may spend when a forbidden move is explained.
ATTACKER_BUDGET = 20_000


def forbidding_rule(rules: Rules, start: Position) -> Callable[[Move], str | None]:
    """Why the game's rules forbid a move the notation makes from ``start`` (its side to move the
    mover's), in words: the mover's royal piece it would leave attacked, and by which piece; or the
    board's rule that chooses other moves. ``None`` where neither can be said."""
    board = rules.board
    me = start.turn

    def reason(move: Move) -> str | None:
        after = start.copy()
        make_move(after, move)
        if rules.royal_kinds and royal_attacked(rules, after, me):
            for royal in royal_squares(rules, after, me):
                attacker = _attacker(rules, after, royal, me)
                if attacker is not None:
                    piece = after.cells[royal]
                    kind = rules.kind_names[piece.kind] if piece is not None else "royal piece"
                    return f"it would leave the {board.players[me]} {kind} on {board.squares[royal]} attacked by {attacker}"
            return "it would leave a royal piece attacked"
        choosing = board.rules
        if choosing.compulsory_capture and not move.captures:
            return "it captures nothing while another move captures, and the board's rule compulsory-capture makes capturing compulsory"
        words = [word for word, field in (("most-captures", "most_captures"), ("continue-captures", "continue_captures"),
                                          ("most-valuable-capture", "most_valuable_capture"), ("no-check", "no_check"),
                                          ("no-promotion-check", "no_promotion_check"),
                                          ("compulsory-drop", "compulsory_drop"),
                                          ("immobility-illegal", "immobility_illegal"))
                 if getattr(choosing, field)]
        if words:
            return f"the board's rule{'s' if len(words) > 1 else ''} {', '.join(words)} allow{'' if len(words) > 1 else 's'} other moves instead"
        return None
    return reason


def _attacker(rules: Rules, position: Position, square: int, me: int) -> str | None:
    """The enemy piece that could capture on ``square`` in ``position``, as ``the Black Rook on e8``."""
    board = rules.board
    for side in rules.others[me]:
        asked = position.copy()
        asked.turn = side
        for origin in rules.candidates(asked.cells, square, side):
            try:
                result = rules.run(asked, origin, budget=ATTACKER_BUDGET)
            except (RunawayNotation, RecursionError):
                continue
            piece = asked.cells[origin]
            if piece is not None and result.stopped is None and any(square in made.captures for made in result.moves):
                return f"the {board.players[side]} {rules.kind_names[piece.kind]} on {board.squares[origin]}"
    return None


def why_drop_forbidden(rules: Rules, position: Position, player: int, kind: int, dropped: Move) -> str:
    """What forbids ``dropped`` (``player``'s ``kind`` from hand) in ``position`` where it can be said
    (``""`` otherwise): the royal piece it would leave attacked and by which piece, or a friend of its
    type in its column where the type may not be dropped doubled."""
    board = rules.board
    start = position.copy()
    start.turn = player
    said = forbidding_rule(rules, start)(dropped)
    if said is not None and said.startswith("it would leave"):
        return said
    column = board.column_of[dropped.target]
    twin = next((square for square, piece in enumerate(position.cells) if piece is not None and piece.player == player
                 and piece.kind == kind and board.column_of[square] == column), None)
    if rules.kinds[kind].no_drop_doubled and twin is not None:
        return f"a {board.players[player]} {rules.kind_names[kind]} stands on {board.squares[twin]}, in its " \
               "column, where no other may be dropped (no-drop-doubled)"
    return ""


def _explain_drop(rules: Rules, reply: MovesAnswer, square: int) -> SquareExplanation:
    """Whether the piece in hand of ``reply`` (a drop's) can be dropped on ``square``, and if not, why:
    drops are judged by the board's drop rules, not run step by step, so it is said from the drops
    found, those the game's rules allow, what forbids the one found, and what stands on the square."""
    board = rules.board
    name, players = board.squares[square], board.players
    what = f"the {players[reply.player] if reply.player < len(players) else '?'} {reply.query.drop} in hand"
    found = [index for index, move in enumerate(reply.moves) if move.target == square]
    allowed = tuple(index for index in found if index in reply.allowed)
    standing = reply.query.position.cells[square]
    if allowed:
        sentence = f"{name} is reached: {what} can be dropped there."
    elif found:
        kind = rules.kind_index.get(reply.query.drop or "")
        said = "" if kind is None else why_drop_forbidden(rules, reply.query.position, reply.player, kind,
                                                          reply.moves[found[0]])
        sentence = (f"{name} is not reached: {what} could be dropped there by the board's drop notation, but the "
                    "game's rules forbid that drop" + (f": {said}." if said else
                                                       " (a rule or a flag of the piece's drops, or a royal piece it "
                                                       "would leave attacked)."))
    elif standing is not None:
        owner = players[standing.player] if 0 <= standing.player < len(players) else "neutral"
        kinds = list(board.pieces)
        piece = kinds[standing.kind] if 0 <= standing.kind < len(kinds) else "piece"
        sentence = f"{name} is not reached: {what} is dropped on an empty square, and a {owner} {piece} stands there."
    else:
        sentence = f"{name} is not reached: the drop rules of {what} leave that square out."
    return SquareExplanation(square, bool(allowed), sentence, (), allowed)
