"""Game rules over the interpreter: making moves, legality, compulsory capture, and perft.

Perft's moves are made by the light path (:mod:`~dagaz_studio.engine.light_path`), from the compiled
code's light records."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.engine import capture_rules
from dagaz_studio.engine.collection import collector_paused
from dagaz_studio.engine.drop_rules import balanced, chooses_drops, drops_compulsory, held_first, unmoved_drop
from dagaz_studio.engine.endings import ended, facing, keeps_facing, settle_checks
from dagaz_studio.engine.heaps import majority_reached as majority_reached  # asked by the endings
from dagaz_studio.engine.heaps import store_taken
from dagaz_studio.engine.position import LastMove, Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.runs import runs_after
from dagaz_studio.engine.values import CancelFlag, Move, RunawayNotation

DUPLE = "duple-check"  # the rule: a player is in check only while every one of his royal pieces is attacked

if TYPE_CHECKING:
    from fractions import Fraction  # imported where values are weighed: it is slow to import

    from dagaz_studio.engine.light_path import (  # noqa: F401 - offered from here (module __getattr__)
        Entry,
        LightUndo,
        light_legal_count,
        light_legal_moves,
        make_record,
        unmake_record,
    )


class Undo(NamedTuple):
    """What :func:`make_move` changed, so that :func:`unmake_move` can put it back. (A named tuple:
    legality makes and unmakes moves by the thousand, and it is made in a third of a frozen
    dataclass's time.)"""

    cells: tuple[tuple[int, Piece | None], ...]
    turn: int
    last_move: LastMove | None
    labels: frozenset[tuple[int, str]]
    halfmove_clock: int
    fullmove_number: int
    hands: tuple[tuple[int, ...], ...] | None = None
    runs: tuple[tuple[int, int], ...] = ()
    passes: int = 0
    #: The check counters and the check still to count (``end checks``), where the board counts them.
    checks: tuple[tuple[int, int] | None, int] | None = None


def make_move(position: Position, move: Move) -> Undo:
    """Apply every effect of ``move`` to ``position`` in place; returns how to undo it."""
    cells = position.cells
    undo = Undo(
        tuple((square, cells[square]) for square, _ in move.changes),
        position.turn, position.last_move, position.labels, position.halfmove_clock, position.fullmove_number,
        tuple(tuple(hand) for hand in position.hands) if position.hands else None, position.runs,
        position.passes,
        None if position.checks_remaining is None else (position.checks_remaining, position.checks_pending),
    )
    if position.checks_remaining is not None:
        position.checks_pending = -1 if move.passes else move.player
    position.passes = position.passes + 1 if move.passes else 0
    if position.board.counts_runs:
        _count_run(position, move)
    if position.board.kind_type.keeps_stores:
        store_taken(position, move.player, move.changes)
    elif position.hands:
        update_hands(position, move.player, move.captures,
                      position.board.pieces[move.piece] if move.dropped else None)
        if move.gate is not None:
            position.hands[move.player][list(position.board.pieces).index(move.gate[1])] -= 1
    for square, piece in move.changes:
        cells[square] = piece
    if move.labels:
        position.labels = position.labels | {(move.player, label) for label in move.labels}
    position.last_move = move.last
    players = len(position.board.players)
    position.turn = (move.player + (0 if move.again else 1)) % players
    mover = position.board.pieces.get(move.piece)
    # Drops and promotions cannot be undone any more than captures can: Fairy-Stockfish resets the
    # clock on each. A pass changes nothing, whatever piece it is named by.
    resets = (bool(move.captures) or move.dropped or move.promotion is not None
              or (mover is not None and mover.resets_clock and not move.passes))
    position.halfmove_clock = 0 if resets else position.halfmove_clock + 1
    if position.turn == 0:
        position.fullmove_number += 1
    return undo


def unmake_move(position: Position, undo: Undo) -> None:
    """Reverse :func:`make_move`."""
    for square, piece in undo.cells:
        position.cells[square] = piece
    position.turn = undo.turn
    position.last_move = undo.last_move
    position.labels = undo.labels
    position.halfmove_clock = undo.halfmove_clock
    position.fullmove_number = undo.fullmove_number
    if undo.hands is not None:
        position.hands = [list(hand) for hand in undo.hands]
    position.runs = undo.runs
    position.passes = undo.passes
    if undo.checks is not None:
        position.checks_remaining, position.checks_pending = undo.checks


def _count_run(position: Position, move: Move) -> None:
    """Keep the mover's run of moves in a row by one piece (``[u0-2]``: :mod:`dagaz_studio.engine.runs`)."""
    origin = None if move.passes or move.dropped else move.origin
    position.runs = runs_after(position.runs, len(position.board.players), move.player, origin, move.target,
                               not move.captures and move.promotion is None)


def count_record_run(rules: Rules, position: Position, origin: int, player: int, target: int,
                      captures: Any, promoted: int | None) -> None:
    """:func:`_count_run` for a light record."""
    position.runs = runs_after(position.runs, len(rules.board.players), player, origin, target,
                               not captures and promoted is None)


# --------------------------------------------------------------------------- pieces in hand


def held_as(board: Board) -> list[int]:
    """For each piece kind of the board, the kind a captured piece of it is held as: a promoted
    piece (letter ``+P`` or ``Q~``) goes to the hand as the piece that promotes to it; -1 for a royal
    piece, which is never held."""
    cached = board.__dict__.get("_held_as")
    if cached is None:
        names = list(board.pieces)
        cached = [-1 if board.pieces[name].royal else names.index(board.demotions.get(name, name)) for name in names]
        object.__setattr__(board, "_held_as", cached)
    return cached


def update_hands(position: Position, player: int, captures: tuple[int, ...], dropped: PieceType | None) -> None:
    """The hand of ``player`` after a move capturing on ``captures`` (the position before it is made)
    and, for a drop, giving up a ``dropped`` piece."""
    board = position.board
    hand = position.hands[player]
    if dropped is not None and not dropped.unlimited:
        hand[list(board.pieces).index(dropped.name)] -= 1
    if captures and "captures-to-hand" in board.rules:
        kinds = held_as(board)
        cells = position.cells
        for square in captures:
            taken = cells[square]
            # A royal piece is never held (a position where one was taken has no game left to play).
            if taken is not None and taken.player != player and taken.kind < len(kinds) and kinds[taken.kind] >= 0:
                hand[kinds[taken.kind]] += 1


def drop_moves(rules: Rules, position: Position, kind: int | None = None,
               cancel: CancelFlag | None = None) -> list[Move]:
    """Every drop of the side to move by its pieces' drop notations (of one kind, if given), before
    the game's rules are applied. Raises :class:`RunawayNotation` for a drop notation that does not end."""
    if not position.hands:
        return []
    me = position.turn
    out: list[Move] = []
    seen: set[tuple[Hashable, ...]] = set()
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
                key = move.key()
                if key not in seen:
                    seen.add(key)
                    out.append(move)
    return out


def allowed_by_rules(rules: Rules, position: Position, move: Move) -> bool:
    """Whether the board's rules for pieces in hand and immobile pieces allow ``move`` (a royal
    piece left attacked is :func:`leaves_royal_attacked`'s question)."""
    board = rules.board
    if "immobility-illegal" in board.rules:
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
    if rules.board.kind_type.keeps_stores and "majority-wins" in rules.board.rules and majority_reached(position):
        return moves
    if square is None and rules.fast and not rules.board.kind_type.holds_pieces:
        # Heap and stack boards: every square's compiled run in one go (engine/kind_compiler.py).
        from dagaz_studio.engine.kind_compiler import kind_moves

        found = kind_moves(rules, position, cancel)
        if found is not None:
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
        players = len(position.board.players)
        attacked = (any(rules.capturable(position, square, enemy, cancel=cancel, probe=probe)
                        for enemy in range(players) if enemy != move.player) for square in after)
        return bool(after) and all(attacked) if DUPLE in rules.board.rules else any(attacked)
    finally:
        unmake_move(position, undo)


def takes_royal(rules: Rules, position: Position, player: int, squares: Iterable[int]) -> bool:
    """Whether a move of ``player`` changing ``squares`` takes another player's royal piece off the
    board (by a capture or an explosion): that wins the game, whatever it leaves attacked."""
    cells, royal = position.cells, rules.royal_kinds
    # With rule: duple-check, one of several royal pieces is taken as any piece is (the last is never attacked).
    return DUPLE not in rules.board.rules and any((piece := cells[s]) is not None and piece.player != player
                                                  and piece.player >= 0 and piece.kind in royal for s in squares)


def royal_squares(rules: Rules, position: Position, player: int) -> list[int]:
    """Where the royal pieces of ``player`` stand."""
    royal = rules.royal_kinds
    if not royal:
        return []
    cells = position.cells
    if rules.board.kind_type.holds_pieces:
        # Pieces only (no heaps or columns): read by index, which a named tuple does faster.
        return [s for s, piece in enumerate(cells) if piece is not None and piece[0] == player and piece[1] in royal]
    return [s for s, piece in enumerate(cells)
            if piece is not None and piece.player == player and piece.kind in royal]


def royal_attacked(rules: Rules, position: Position, player: int) -> bool:
    """Whether any royal piece of ``player`` could be captured by another player (duple-check: every one)."""
    players = len(position.board.players)
    royals = royal_squares(rules, position, player)
    attacked = (any(rules.capturable(position, square, enemy) for enemy in range(players) if enemy != player)
                for square in royals)
    return bool(royals) and all(attacked) if DUPLE in rules.board.rules else any(attacked)


def gives_check(rules: Rules, position: Position, move: Move, cancel: CancelFlag | None = None) -> bool:
    """Whether making ``move`` would leave a royal piece of another player capturable by the mover
    (``rule: no-check`` forbids such moves)."""
    undo = make_move(position, move)
    try:
        return royals_attacked_by(rules, position, move.player, cancel)
    finally:
        unmake_move(position, undo)


def attacks_royals(rules: Rules, position: Position, player: int) -> bool:
    """Whether ``player`` could capture a royal piece of another player now (gives check)."""
    return royals_attacked_by(rules, position, player)


def royals_attacked_by(rules: Rules, position: Position, player: int, cancel: CancelFlag | None = None) -> bool:
    if not rules.royal_kinds:
        return False
    return any(rules.capturable(position, square, player, cancel=cancel)
               for other in range(len(position.board.players)) if other != player
               for square in royal_squares(rules, position, other))


def legal_moves(rules: Rules, position: Position, square: int | None = None,
                cancel: CancelFlag | None = None, passing: bool = True) -> list[Move]:
    """The moves the board's game rules allow: no royal piece left attacked; captures compulsory
    where the board says so (judged over all the side's moves, even when one square is asked); a
    pass, where the board allows one (:func:`passes`; left out when one square is asked, or
    ``passing`` is false)."""
    if rules.extinction_kinds and extinct(rules, position):
        return []
    if rules.board.ends and ended(rules, position):
        return []
    # A compulsory capture or drop is judged over all the side's moves, whatever square is asked.
    whole = ("compulsory-capture" in rules.board.rules or chooses_drops(rules.board)
             or capture_rules.applies(rules.board))
    moves = pseudo_legal_moves(rules, position, None if whole else square, cancel)
    if square is None or whole:
        moves += drop_moves(rules, position, cancel=cancel)
    royals = royal_squares(rules, position, position.turn)
    moves = [move for move in moves if not leaves_royal_attacked(rules, position, move, royals, cancel)]
    if rules.board.gate is not None:
        # A piece entering from hand is put where a legal move leaves a square: it shields nothing.
        from dagaz_studio.engine.gates import gated_moves

        moves += gated_moves(rules, position, moves)
    if position.hands or "immobility-illegal" in rules.board.rules:
        moves = [move for move in moves if allowed_by_rules(rules, position, move)]
    if "no-check" in rules.board.rules:
        moves = [move for move in moves if not gives_check(rules, position, move, cancel)]
    if "no-promotion-check" in rules.board.rules:
        moves = [move for move in moves if move.promotion is None or not gives_check(rules, position, move, cancel)]
    if "compulsory-capture" in rules.board.rules and any(move.captures for move in moves):
        moves = [move for move in moves if move.captures]
    if capture_rules.applies(rules.board):
        moves = capture_rules.choose_captures(rules.board, moves, _move_origin, _move_captures,
                                              piece_value_lookup(rules, position))
    if drops_compulsory(rules, position) and any(move.dropped for move in moves):
        moves = [move for move in moves if move.dropped]
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
    below = rules.extinction_below
    counts: dict[tuple[int, int], int] = {}
    for piece in position.cells:
        if piece is not None and piece.kind in rules.extinction_kinds:
            counts[piece.player, piece.kind] = counts.get((piece.player, piece.kind), 0) + 1
    return next(((player, kind) for player in range(len(rules.board.players)) for kind in rules.extinction_kinds
                 if counts.get((player, kind), 0) < below), None)


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
    if "pass" in board_rules:
        move = pass_move(rules, position)
        # While pieces face each other (end facing), a pass is allowed even in check.
        if leaves_royal_attacked(rules, position, move, cancel=cancel) and not (
                rules.board.ends and facing(rules, position, position.turn)):
            return []
        return [move]
    if ("pass-when-blocked" in board_rules and not can_move
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


def perft(rules: Rules, position: Position, depth: int) -> int:
    """The number of legal move sequences of ``depth`` moves from ``position``."""
    if depth <= 0:
        return 1
    if rules.fast and not rules.board.kind_type.holds_pieces and not rules.board.ends:
        # Heap and stack boards count by light records where they can (engine/kind_compiler.py).
        from dagaz_studio.engine.kind_compiler import kind_perft

        count = kind_perft(rules, position, depth)
        if count is not None:
            return count
    # The cycle collector would walk every object the process holds now and then, over and over,
    # while perft allocates millions of short-lived ones that reference counting frees at once. Its
    # few cycles (a compiled notation's local functions) are collected young, after each position
    # whose moves are counted (perft's last ply but one), a pass over at most a few thousand objects.
    from dagaz_studio.engine.light_path import light_perft  # the light path builds on this module

    with collector_paused():
        return light_perft(rules, position, depth)


def divide(rules: Rules, position: Position, depth: int) -> list[tuple[Move, int]]:
    """Each legal move with the perft count of ``depth - 1`` after it."""
    out = []
    for move in legal_moves(rules, position):
        undo = make_move(position, move)
        try:
            out.append((move, perft(rules, position, depth - 1)))
        finally:
            unmake_move(position, undo)
    return out


def piece_value_lookup(rules: Rules, position: Position) -> Callable[[int], Fraction]:
    """The value of the piece on a square of ``position`` (the commander of a column)."""
    from fractions import Fraction

    values = capture_rules.piece_values(rules.board, rules.kind_names)
    cells = position.cells

    def value_on(square: int) -> Fraction:
        piece = cells[square]
        return values[piece.kind] if piece is not None else Fraction(0)
    return value_on


def _move_origin(move: Move) -> int:
    return move.origin


def _move_captures(move: Move) -> tuple[int, ...]:
    return move.captures


#: What the light path (:mod:`~dagaz_studio.engine.light_path`) offers, importable from here as it was
#: before it had a module of its own (it imports this module, so this one imports it when first asked).
_LIGHT_PATH = ("Entry", "LightUndo", "light_legal_count", "light_legal_moves", "make_record", "unmake_record")


def __getattr__(name: str) -> Any:
    if name in _LIGHT_PATH:
        from dagaz_studio.engine import light_path

        return getattr(light_path, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
