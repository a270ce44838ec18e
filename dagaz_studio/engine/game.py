"""Game rules over the interpreter: legality, compulsory capture, drops and passes.

Below it: making and unmaking moves (:mod:`~dagaz_studio.engine.making`), royal pieces and checks
(:mod:`~dagaz_studio.engine.royals`), the ``end`` statements (:mod:`~dagaz_studio.engine.end_rules`).
Above it: perft and the light path (:mod:`~dagaz_studio.engine.light_path`), and why a game is over
(:mod:`~dagaz_studio.engine.endings`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.drop_rules import balanced, chooses_drops, drops_compulsory, held_first, unmoved_drop
from dagaz_studio.engine.end_rules import board_over, facing, keeps_facing, settle_checks
from dagaz_studio.engine.heaps import majority_reached

# make_move, unmake_move and royal_squares are offered from here too, beside the legal moves they go with.
from dagaz_studio.engine.making import make_move as make_move
from dagaz_studio.engine.making import make_record
from dagaz_studio.engine.making import unmake_move as unmake_move
from dagaz_studio.engine.move_choice import MoveReading, choose_moves, piece_values
from dagaz_studio.engine.position import LastMove, Position
from dagaz_studio.engine.records import Entry
from dagaz_studio.engine.royals import gives_check, royal_attacked, royals_attacked_by, takes_royal
from dagaz_studio.engine.royals import royal_squares as royal_squares
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import CancelFlag, Move, RunawayNotation

if TYPE_CHECKING:
    from fractions import Fraction  # imported where values are weighed: it is slow to import


# --------------------------------------------------------------------------- pieces in hand


def drop_moves(rules: Rules, position: Position, kind: int | None = None,
               cancel: CancelFlag | None = None) -> list[Move]:
    """Every drop of the side to move by its pieces' drop notations (of one kind, if given), before
    the game's rules are applied. Raises :class:`RunawayNotation` for a drop notation that does not end."""
    if not position.hands:
        return []
    me = position.turn
    found: dict[tuple[Hashable, ...], Move] = {}  # each move once, in the order found
    unmoved = bool(rules.board.drop_unmoved)
    for held, count in enumerate(position.hands[me]):
        if ((count <= 0 and not rules.kinds[held].unlimited) or (kind is not None and held != kind)
                or rules.drop_program(held, me) is None):
            continue
        for square in range(len(position.cells)):
            result = rules.run_drop(position, held, square, cancel=cancel)
            if result.stopped:
                raise RunawayNotation(f"the drop of a {rules.kind_names[held]} on {position.board.squares[square]}: "
                                      f"{result.stopped}")
            for move in result.moves:
                if unmoved:
                    move = unmoved_drop(rules, position, move)
                found.setdefault(move.key(), move)
    return list(found.values())


def allowed_by_rules(rules: Rules, position: Position, move: Move) -> bool:
    """Whether the board's rules for pieces in hand and immobile pieces allow ``move`` (a royal
    piece left attacked is :func:`leaves_royal_attacked`'s question)."""
    board = rules.board
    if board.rules.immobility_illegal:
        for square, piece in move.changes:
            if (square == move.target and piece is not None and piece.player == move.player
                    and not rules.reach(piece.kind, piece.player, square)):
                return False
    if not move.dropped:
        return True
    kind = rules.kind_index[move.piece]
    piece_type = rules.kinds[kind]
    me = move.player
    first = held_first(rules, position)
    if first and kind not in first:
        return False
    if board.drop_balanced and not balanced(rules, position, move):
        return False
    if piece_type.no_drop_doubled:
        column = board.column_of[move.target]
        if any(p is not None and p.player == me and p.kind == kind and board.column_of[s] == column
               for s, p in enumerate(position.cells)):
            return False
    if piece_type.no_drop_mate or piece_type.no_drop_check:  # no drop that checks (mates)
        undo = make_move(position, move)
        try:
            return not (royal_attacked(rules, position, position.turn)
                        and (piece_type.no_drop_check or not legal_moves(rules, position)))
        finally:
            unmake_move(position, undo)
    return True


def pseudo_legal_moves(rules: Rules, position: Position, square: int | None = None,
                       cancel: CancelFlag | None = None) -> list[Move]:
    """Every move the side to move's pieces make by their notation (one square's, if given).

    Raises :class:`RunawayNotation` if a piece's notation does not end within its budget.
    """
    moves: list[Move] = []
    squares = range(len(position.cells)) if square is None else (square,)
    if rules.board.kind_type.keeps_stores and rules.board.rules.majority_wins and majority_reached(position):
        return moves
    if square is None and (found := rules.bulk_moves(position, cancel)) is not None:
        return found
    for origin in squares:
        piece = position.cells[origin]
        if piece is None or (piece.player != position.turn and piece.player >= 0):
            continue
        result = rules.run(position, origin, cancel=cancel)
        if result.stopped:
            name = rules.kind_names[piece.kind]
            raise RunawayNotation(f"{name} on {position.board.squares[origin]}: {result.stopped}")
        moves.extend(result.moves)
    return moves


def leaves_royal_attacked(rules: Rules, position: Position, move: Move,
                          royals: list[int] | None = None, cancel: CancelFlag | None = None,
                          probe: bool = False) -> bool:
    """Whether making ``move`` would leave one of the mover's royal pieces capturable.

    ``royals``, the squares of the mover's royal pieces before the move, saves looking for them;
    ``probe`` lets the attack questions prune their work (:meth:`Rules.capturable`: for callers that
    report no stops, as perft).
    """
    if not rules.royal_kinds:
        return False
    if takes_royal(rules, position, move.player, [s for s, _ in move.changes]):
        return False
    if royals is None:
        royals = royal_squares(rules, position, move.player)
    changed = dict(move.changes)
    after = [s for s in royals if s not in changed]
    after += [s for s, piece in move.changes
              if piece is not None and piece.player == move.player and piece.kind in rules.royal_kinds]
    undo = make_move(position, move)
    try:
        return royal_attacked(rules, position, move.player, after, cancel, probe)
    finally:
        unmake_move(position, undo)


def legal_moves(rules: Rules, position: Position, square: int | None = None,
                cancel: CancelFlag | None = None, passing: bool = True) -> list[Move]:
    """The moves the board's game rules allow: no royal piece left attacked; captures compulsory
    where the board says so (judged over all the side's moves, even when one square is asked); a
    pass, where the board allows one (:func:`passes`; left out when one square is asked, or
    ``passing`` is false)."""
    if rules.extinction_kinds and extinct(rules, position):
        return []
    if rules.board.ends and board_over(rules, position, answering_moves) is not None:
        return []
    # A compulsory capture or drop is judged over all the side's moves, whatever square is asked.
    whole = rules.board.rules.chooses_moves or chooses_drops(rules.board)
    moves = pseudo_legal_moves(rules, position, None if whole else square, cancel)
    if square is None or whole:
        moves += drop_moves(rules, position, cancel=cancel)
    royals = royal_squares(rules, position, position.turn)
    moves = [move for move in moves if not leaves_royal_attacked(rules, position, move, royals, cancel)]
    if rules.board.gate is not None:
        # A piece entering from hand is put where a legal move leaves a square: it shields nothing.
        from dagaz_studio.engine.gates import gated_moves

        moves += gated_moves(rules, position, moves)
    if position.hands or rules.board.rules.immobility_illegal:
        moves = [move for move in moves if allowed_by_rules(rules, position, move)]
    moves = choose_moves(rules.board, moves, MoveChoice(rules, position, cancel), drops_compulsory(rules, position))
    if rules.board.ends and facing(rules, position, position.turn):
        # Pieces that face each other (end facing): every move but a pass must end the facing.
        moves = [move for move in moves if not keeps_facing(rules, position, move)]
    if square is not None:
        return [move for move in moves if move.origin == square]
    return moves + passes(rules, position, bool(moves), cancel) if passing else moves


def extinct(rules: Rules, position: Position) -> bool:
    """Whether a player has none of some ``extinction`` piece type left on the board (Atomic's King
    blown up), or fewer than ``end extinction: below N`` says: nobody has a move."""
    return extinct_player(rules, position) is not None


def extinct_player(rules: Rules, position: Position) -> tuple[int, int] | None:
    """The first player, and the ``extinction`` kind, that :func:`extinct` finds him short of."""
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
        undo = make_move(position, move)
        try:
            answered = bool(legal_moves(rules, position, cancel=cancel, passing=False))
        finally:
            unmake_move(position, undo)
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
    usable = False
    if last is not None and position.en_passant_square(any_line=True) != "-":
        usable = any(last.target in move.captures and move.target != last.target
                     for move in legal_moves(rules, position))
    return position.fen(en_passant=usable, any_line=usable)


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
        if isinstance(entry, Move):
            return gives_check(self.rules, self.position, entry, self.cancel)
        undo = make_record(self.rules, self.position, entry)
        try:
            return royals_attacked_by(self.rules, self.position, entry.piece.player)
        finally:
            unmake_move(self.position, undo)

    def value_on(self) -> Callable[[int], Fraction]:
        """The value of the piece on a square of the position (the commander of a column)."""
        from fractions import Fraction

        values = piece_values(self.rules.board, self.rules.kind_names)
        cells = self.position.cells

        def value_on(square: int) -> Fraction:
            piece = cells[square]
            return values[piece.kind] if piece is not None else Fraction(0)
        return value_on


def answering_moves(rules: Rules, position: Position) -> list[Move]:
    """The legal moves of the side to move but a pass: those an ``answered`` reach asks for
    (:func:`~dagaz_studio.engine.end_rules.board_over`)."""
    return legal_moves(rules, position, passing=False)
