"""Game rules over the interpreter: legality, compulsory capture, drops and passes.

Below it: making and unmaking moves (:mod:`~dagaz_studio.engine.making`), royal pieces and checks
(:mod:`~dagaz_studio.engine.royals`), the ``end`` statements (:mod:`~dagaz_studio.engine.end_rules`).
Above it: perft and the light path (:mod:`~dagaz_studio.engine.light_path`), and why a game is over
(:mod:`~dagaz_studio.engine.endings`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.drop_rules import chooses_drops, drops_compulsory
from dagaz_studio.engine.end_rules import board_over, facing, keeps_facing, settle_checks
from dagaz_studio.engine.gates import gated_moves
from dagaz_studio.engine.heaps import majority_reached
from dagaz_studio.engine.light_drops import leaves_stuck, legal_drops
from dagaz_studio.engine.making import made
from dagaz_studio.engine.move_choice import MoveReading, choose_moves, values_on
from dagaz_studio.engine.position import LastMove, Position
from dagaz_studio.engine.records import Entry
from dagaz_studio.engine.royals import gives_check, leaves_royal_attacked, move_safe, royal_squares
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET, CancelFlag, Move, RunawayNotation

if TYPE_CHECKING:
    from fractions import Fraction  # imported where values are weighed: it is slow to import


def pseudo_legal_moves(rules: Rules, position: Position, square: int | None = None,
                       cancel: CancelFlag | None = None, budget: int = DEFAULT_BUDGET) -> list[Move]:
    """Every move the side to move's pieces make by their notation (one square's, if given).

    Raises :class:`RunawayNotation` if a piece's notation does not end within ``budget``, each run's.
    """
    moves: list[Move] = []
    squares = range(len(position.cells)) if square is None else (square,)
    if majority_reached(position):
        return moves
    # The bulk run spends the default budget: a larger one is given to each square's run.
    if square is None and budget == DEFAULT_BUDGET and (found := rules.bulk_moves(position, cancel)) is not None:
        return found
    for origin in squares:
        piece = position.cells[origin]
        if piece is None or (piece.player != position.turn and piece.player >= 0):
            continue
        result = rules.run(position, origin, cancel=cancel, budget=budget)
        if result.stopped:
            name = rules.kind_names[piece.kind]
            raise RunawayNotation(f"{name} on {position.board.squares[origin]}: {result.stopped}",
                                  budget_spent=result.work > budget)
        moves.extend(result.moves)
    return moves


def legal_moves(rules: Rules, position: Position, square: int | None = None,
                cancel: CancelFlag | None = None, passing: bool = True, budget: int = DEFAULT_BUDGET) -> list[Move]:
    """The moves the board's game rules allow: no royal piece left attacked; captures compulsory
    where the board says so (judged over all the side's moves, even when one square is asked); a
    pass, where the board allows one (:func:`passes`; left out when one square is asked, or
    ``passing`` is false). Each piece's run may spend ``budget``."""
    if game_stopped(rules, position):
        return []
    # A compulsory capture or drop is judged over all the side's moves, whatever square is asked.
    whole = rules.board.rules.chooses_moves or chooses_drops(rules.board)
    moves = pseudo_legal_moves(rules, position, None if whole else square, cancel, budget)
    royals = royal_squares(rules, position, position.turn)
    # With rule: immobility-illegal, no move may leave a piece where it could never move again (drops
    # are judged so among the hand rules, and a gated move's target is its move's).
    stuck = rules.board.rules.immobility_illegal
    moves = [move for move in moves if move_safe(rules, position, move, royals, cancel=cancel)
             and not (stuck and leaves_stuck(rules, move))]
    if position.hands and (square is None or whole):
        moves += legal_drops(rules, position, royals, check_answers, cancel=cancel)
    if rules.board.gate is not None:
        # A piece entering from hand is put where a legal move leaves a square: it shields nothing.
        moves += gated_moves(rules, position, moves)
    moves = choose_moves(rules.board, moves, MoveChoice(rules, position, cancel), drops_compulsory(rules, position))
    if rules.board.ends and facing(rules, position, position.turn):
        # Pieces that face each other (end facing): every move but a pass must end the facing.
        moves = [move for move in moves if not keeps_facing(rules, position, move)]
    if square is not None:
        return [move for move in moves if move.origin == square]
    return moves + passes(rules, position, bool(moves), cancel) if passing else moves


def game_stopped(rules: Rules, position: Position) -> bool:
    """Whether the game is over before any move is looked for, so that nobody has a move: a player
    has lost the last of an ``extinction`` piece (:func:`extinct_player`), or one of the board's
    ``end`` statements has ended it."""
    return bool((rules.extinction_kinds and extinct_player(rules, position) is not None)
                or (rules.board.ends and board_over(rules, position, legal_moves) is not None))


def check_answers(rules: Rules, position: Position, count: Callable[[Rules, Position], int] | None = None) -> int:
    """How many moves answer the check a drop gave (none: it mates, which ``no-drop-mate`` forbids),
    counted by ``count`` (default: the legal moves). A check that ended the game by another rule
    (``end checks``' last one, which wins by the count) is no mate: one."""
    if game_stopped(rules, position):
        return 1
    return len(legal_moves(rules, position)) if count is None else count(rules, position)


def extinct_player(rules: Rules, position: Position) -> tuple[int, int] | None:
    """The first player who has none of some ``extinction`` piece type left on the board (Atomic's
    King blown up), or fewer than ``end extinction: below N`` says, and that kind: then nobody has a
    move."""
    counts = Counter((piece.player, piece.kind) for piece in position.cells
                     if piece is not None and piece.kind in rules.extinction_kinds)
    return next(((player, kind) for player in range(len(rules.board.players)) for kind in rules.extinction_kinds
                 if counts[player, kind] < rules.extinction_below), None)


# --------------------------------------------------------------------------- passing


def pass_move(rules: Rules, position: Position) -> Move:
    """The side to move's pass: a move that changes nothing, standing on its royal piece's square (or
    its first piece's, or the first square when it has none), as engines name a pass."""
    me = position.turn
    cells = position.cells
    mine = royal_squares(rules, position, me) or [s for s, p in enumerate(cells) if p is not None and p.player == me]
    square = mine[0] if mine else 0
    piece = cells[square]
    return Move(piece=rules.kind_names[piece.kind] if piece is not None else "", player=me, origin=square,
                target=square, captures=(), stops=(), promotion=None, also=(), labels=frozenset(), changes=(),
                last=LastMove(square, square, None), passes=True)


def passes(rules: Rules, position: Position, can_move: bool, cancel: CancelFlag | None = None) -> list[Move]:
    """The pass the board's rules allow the side to move, if any: with ``rule: pass`` whenever it leaves
    no royal piece attacked; with ``rule: pass-when-blocked`` when it has no other move (``can_move``),
    a piece on the board, and the next player has a move, so that two players without a move end
    the game (as does a player left with nothing on the board)."""
    board_rules = rules.board.rules
    if board_rules.passing:
        move = pass_move(rules, position)
        # While pieces face each other (end facing), a pass is allowed even in check.
        if leaves_royal_attacked(rules, position, move, cancel=cancel) and not (
                rules.board.ends and facing(rules, position, position.turn)):
            return []
        return [move]
    if (board_rules.passing_when_blocked and not can_move
            and any(piece is not None and piece.player == position.turn for piece in position.cells)):
        move = pass_move(rules, position)
        with made(rules, position, move):
            answered = bool(legal_moves(rules, position, cancel=cancel, passing=False))
        return [move] if answered else []
    return []


def fen(rules: Rules, position: Position) -> str:
    """The position as FEN, naming an en-passant square only when a move of the side to move uses it.

    A two-square straight move leaves a square that FEN can name, but only a move that captures the
    piece that just moved without landing where it stands (en passant) needs it: a castling king or
    a Xiangqi chariot's two-point move leaves none.
    """
    if position.checks_pending >= 0:
        settle_checks(rules, position)
    last = position.last_move
    square = position.en_passant_square(any_line=True)
    if last is not None and square != "-" and not any(last.target in move.captures and move.target != last.target
                                                      for move in legal_moves(rules, position)):
        square = "-"
    return position.fen(square)


class MoveChoice(MoveReading[Any]):
    """How the rules that choose among moves (:func:`choose_moves`) read a full move, and a light
    move of perft's (its record's target, captures and promotion): a reading of either."""

    def __init__(self, rules: Rules, position: Position, cancel: CancelFlag | None = None) -> None:
        self.rules, self.position, self.cancel = rules, position, cancel

    def origin(self, entry: Entry) -> int:
        return entry.origin

    def captures(self, entry: Entry) -> tuple[int, ...]:
        return entry.captures if isinstance(entry, Move) else entry.record.captures

    def promotes(self, entry: Entry) -> bool:
        return (entry.promotion if isinstance(entry, Move) else entry.record.promoted) is not None

    def dropped(self, entry: Entry) -> bool:
        return isinstance(entry, Move) and entry.dropped

    def gives_check(self, entry: Entry) -> bool:
        return gives_check(self.rules, self.position, entry, self.cancel)

    def value_on(self) -> Callable[[int], Fraction]:
        return values_on(self.rules.board, self.rules.kind_names, self.position.cells)
