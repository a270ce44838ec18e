"""Game rules over the interpreter: making moves, legality, compulsory capture, and perft."""

from __future__ import annotations

from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Callable, Iterable, NamedTuple, Optional, Union

from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.engine import capture_rules
from dagaz_studio.engine.collection import collect_young, collector_paused
from dagaz_studio.engine.compiler import POLL_EVERY, Abort, Record, RichRecord, new_work
from dagaz_studio.engine.heaps import majority_reached, store_taken
from dagaz_studio.engine.position import LastMove, Piece, Position
from dagaz_studio.engine.rules import Rules, rich_effects
from dagaz_studio.engine.runs import runs_after
from dagaz_studio.engine.values import DEFAULT_BUDGET, CancelFlag, Move, RunawayNotation

if TYPE_CHECKING:
    from fractions import Fraction  # imported where values are weighed: it is slow to import


class Undo(NamedTuple):
    """What :func:`make_move` changed, so that :func:`unmake_move` can put it back. (A named tuple:
    legality makes and unmakes moves by the thousand, and it is made in a third of a frozen
    dataclass's time.)"""

    cells: tuple[tuple[int, Optional[Piece]], ...]
    turn: int
    last_move: Optional[LastMove]
    labels: frozenset[tuple[int, str]]
    halfmove_clock: int
    fullmove_number: int
    hands: Optional[tuple[tuple[int, ...], ...]] = None
    runs: tuple[tuple[int, int], ...] = ()


def make_move(position: Position, move: Move) -> Undo:
    """Apply every effect of ``move`` to ``position`` in place; returns how to undo it."""
    cells = position.cells
    undo = Undo(
        tuple((square, cells[square]) for square, _ in move.changes),
        position.turn, position.last_move, position.labels, position.halfmove_clock, position.fullmove_number,
        tuple(tuple(hand) for hand in position.hands) if position.hands else None, position.runs,
    )
    if position.board.counts_runs:
        _count_run(position, move)
    if position.board.kind == "heap":
        store_taken(position, move.player, move.changes)
    elif position.hands:
        _update_hands(position, move.player, move.captures,
                      position.board.pieces[move.piece] if move.dropped else None)
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


def _count_run(position: Position, move: Move) -> None:
    """Keep the mover's run of moves in a row by one piece (``[u0-2]``: :mod:`dagaz_studio.engine.runs`)."""
    origin = None if move.passes or move.dropped else move.origin
    position.runs = runs_after(position.runs, len(position.board.players), move.player, origin, move.target,
                               not move.captures and move.promotion is None)


def _count_record_run(rules: Rules, position: Position, origin: int, player: int, target: int,
                      captures: Any, promoted: Optional[int]) -> None:
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


def _update_hands(position: Position, player: int, captures: tuple[int, ...], dropped: Optional[PieceType]) -> None:
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


def drop_moves(rules: Rules, position: Position, kind: Optional[int] = None,
               cancel: Optional[CancelFlag] = None) -> list[Move]:
    """Every drop of the side to move by its pieces' drop notations (of one kind, if given), before
    the game's rules are applied. Raises :class:`RunawayNotation` for a drop notation that does not end."""
    if not position.hands:
        return []
    me = position.turn
    out: list[Move] = []
    seen: set[tuple] = set()
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
    if piece_type.no_drop_doubled:
        column = board.column_of[move.target]
        if any(p is not None and p.player == me and p.kind == kind and board.column_of[s] == column
               for s, p in enumerate(position.cells)):
            return False
    if piece_type.no_drop_mate:
        undo = make_move(position, move)
        try:
            if royal_attacked(rules, position, position.turn) and not legal_moves(rules, position):
                return False
        finally:
            unmake_move(position, undo)
    return True


def pseudo_legal_moves(rules: Rules, position: Position, square: Optional[int] = None,
                       cancel: Optional[CancelFlag] = None) -> list[Move]:
    """Every move the side to move's pieces make by their notation (one square's, if given).

    Raises :class:`RunawayNotation` if a piece's notation does not end within its budget.
    """
    moves: list[Move] = []
    squares = range(len(position.cells)) if square is None else (square,)
    if rules.board.kind == "heap" and "majority-wins" in rules.board.rules and majority_reached(position):
        return moves
    if square is None and rules.fast and rules.board.kind in ("heap", "stack"):
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
                          royals: Optional[list[int]] = None, cancel: Optional[CancelFlag] = None,
                          probe: bool = False) -> bool:
    """Whether making ``move`` would leave one of the mover's royal pieces capturable.

    ``royals``, the squares of the mover's royal pieces before the move, saves looking for them;
    ``probe`` lets the attack questions prune their work (:meth:`Rules.capturable`: for callers that
    report no stops, as perft).
    """
    if not rules.royal_kinds:
        return False
    if _takes_royal(rules, position, move.player, [s for s, _ in move.changes]):
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
        return any(rules.capturable(position, square, enemy, cancel=cancel, probe=probe)
                   for square in after for enemy in range(players) if enemy != move.player)
    finally:
        unmake_move(position, undo)


def _takes_royal(rules: Rules, position: Position, player: int, squares: Iterable[int]) -> bool:
    """Whether a move of ``player`` changing ``squares`` takes another player's royal piece off the
    board (by a capture or an explosion): that wins the game, whatever it leaves attacked."""
    cells, royal = position.cells, rules.royal_kinds
    return any((piece := cells[s]) is not None and piece.player != player and piece.player >= 0
               and piece.kind in royal for s in squares)


def royal_squares(rules: Rules, position: Position, player: int) -> list[int]:
    """Where the royal pieces of ``player`` stand."""
    royal = rules.royal_kinds
    if not royal:
        return []
    cells = position.cells
    if rules.board.kind == "default":
        # Pieces only (no heaps or columns): read by index, which a named tuple does faster.
        return [s for s, piece in enumerate(cells) if piece is not None and piece[0] == player and piece[1] in royal]
    return [s for s, piece in enumerate(cells)
            if piece is not None and piece.player == player and piece.kind in royal]


def royal_attacked(rules: Rules, position: Position, player: int) -> bool:
    """Whether any royal piece of ``player`` could be captured by another player."""
    players = len(position.board.players)
    return any(rules.capturable(position, square, enemy)
               for square in royal_squares(rules, position, player)
               for enemy in range(players) if enemy != player)


def gives_check(rules: Rules, position: Position, move: Move, cancel: Optional[CancelFlag] = None) -> bool:
    """Whether making ``move`` would leave a royal piece of another player capturable by the mover
    (``rule: no-check`` forbids such moves)."""
    undo = make_move(position, move)
    try:
        return _royals_attacked_by(rules, position, move.player, cancel)
    finally:
        unmake_move(position, undo)


def _royals_attacked_by(rules: Rules, position: Position, player: int, cancel: Optional[CancelFlag] = None) -> bool:
    if not rules.royal_kinds:
        return False
    return any(rules.capturable(position, square, player, cancel=cancel)
               for other in range(len(position.board.players)) if other != player
               for square in royal_squares(rules, position, other))


def legal_moves(rules: Rules, position: Position, square: Optional[int] = None,
                cancel: Optional[CancelFlag] = None, passing: bool = True) -> list[Move]:
    """The moves the board's game rules allow: no royal piece left attacked; captures compulsory
    where the board says so (judged over all the side's moves, even when one square is asked); a
    pass, where the board allows one (:func:`passes`; left out when one square is asked, or
    ``passing`` is false)."""
    if rules.extinction_kinds and extinct(rules, position):
        return []
    # A compulsory capture or drop is judged over all the side's moves, whatever square is asked.
    whole = bool({"compulsory-capture", "compulsory-drop"} & set(rules.board.rules)) or capture_rules.applies(rules.board)
    moves = pseudo_legal_moves(rules, position, None if whole else square, cancel)
    if square is None or whole:
        moves += drop_moves(rules, position, cancel=cancel)
    royals = royal_squares(rules, position, position.turn)
    moves = [move for move in moves if not leaves_royal_attacked(rules, position, move, royals, cancel)]
    if position.hands or "immobility-illegal" in rules.board.rules:
        moves = [move for move in moves if allowed_by_rules(rules, position, move)]
    if "no-check" in rules.board.rules:
        moves = [move for move in moves if not gives_check(rules, position, move, cancel)]
    if "compulsory-capture" in rules.board.rules and any(move.captures for move in moves):
        moves = [move for move in moves if move.captures]
    if capture_rules.applies(rules.board):
        moves = capture_rules.choose_captures(rules.board, moves, _move_origin, _move_captures,
                                              _value_on(rules, position))
    if "compulsory-drop" in rules.board.rules and any(move.dropped for move in moves):
        moves = [move for move in moves if move.dropped]
    if square is not None:
        return [move for move in moves if move.origin == square]
    return moves + passes(rules, position, bool(moves), cancel) if passing else moves


def extinct(rules: Rules, position: Position) -> bool:
    """Whether a player has none of some ``extinction`` piece type left on the board (Atomic's King
    blown up): that player has lost, and nobody has a move."""
    present = {(piece.player, piece.kind) for piece in position.cells
               if piece is not None and piece.kind in rules.extinction_kinds}
    return any((player, kind) not in present
               for player in range(len(rules.board.players)) for kind in rules.extinction_kinds)


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


def passes(rules: Rules, position: Position, can_move: bool, cancel: Optional[CancelFlag] = None) -> list[Move]:
    """The pass the board's rules allow the side to move, if any: with ``rule: pass`` whenever it leaves
    no royal piece attacked; with ``rule: pass-when-blocked`` when it has no other move (``can_move``),
    a piece on the board, and the next player has a move, so that two players without a move end
    the game (as does a player left with nothing on the board)."""
    board_rules = rules.board.rules
    if "pass" in board_rules:
        move = pass_move(rules, position)
        return [] if leaves_royal_attacked(rules, position, move, cancel=cancel) else [move]
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
    last = position.last_move
    usable = False
    if last is not None and position.en_passant_square() != "-":
        usable = any(last.target in move.captures and move.target != last.target
                     for move in legal_moves(rules, position))
    return position.fen(en_passant=usable)


def perft(rules: Rules, position: Position, depth: int) -> int:
    """The number of legal move sequences of ``depth`` moves from ``position``."""
    if depth <= 0:
        return 1
    if rules.fast and rules.board.kind != "default":
        # Heap and stack boards count by light records where they can (engine/kind_compiler.py).
        from dagaz_studio.engine.kind_compiler import kind_perft

        count = kind_perft(rules, position, depth)
        if count is not None:
            return count
    # The cycle collector would walk every object the process holds now and then, over and over,
    # while perft allocates millions of short-lived ones that reference counting frees at once. Its
    # few cycles (a compiled notation's local functions) are collected young, after each position
    # whose moves are counted (perft's last ply but one), a pass over at most a few thousand objects.
    with collector_paused():
        return _perft(rules, position, depth)


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


# --------------------------------------------------------------------------- the light path
#
# perft and the command line's bulk work make and unmake millions of moves; they take the compiled
# path's light records where a piece's whole notation compiles, and full moves elsewhere.

#: One legal move of the light path: a :class:`Move`, or (origin, piece, record) from the compiler.
Entry = Union[Move, tuple[int, Piece, Record], tuple[int, Piece, RichRecord]]
LightUndo = tuple[list[tuple[int, Optional[Piece]]], int, Optional[LastMove], int, int,
                  Optional[tuple[tuple[int, ...], ...]], tuple[tuple[int, int], ...]]
#: Builds a named tuple from its values without the Python-level constructor: perft makes millions.
_new = tuple.__new__


def make_record(rules: Rules, position: Position, origin: int, piece: Piece,
                record: Union[Record, RichRecord]) -> LightUndo:
    """Apply a light record in place, as :func:`make_move` applies the move it stands for. A rich
    record (castling, a capture chain) changes what :func:`~dagaz_studio.engine.rules.rich_effects`
    says; a plain one empties its origin and captures and puts the piece down on its target."""
    cells = position.cells
    hands = position.hands
    after: Optional[dict[int, Optional[Piece]]] = None
    if len(record) > 4:
        target, captures, promoted, direction, _, start, _ = record  # type: ignore[misc]
        after = rich_effects(origin, piece, record, cells.__getitem__)  # type: ignore[arg-type]
        saved = [(square, cells[square]) for square in after]
    else:
        target, captures, promoted, direction = record  # type: ignore[misc]
        start = origin
        # Every square's content is read before any is changed, so undoing in reverse order is exact.
        saved = [(origin, piece), (target, cells[target])]
        if captures:
            saved += [(square, cells[square]) for square in captures]
    undo: LightUndo = (saved, position.turn, position.last_move, position.halfmove_clock, position.fullmove_number,
                       tuple(tuple(hand) for hand in hands) if hands else None, position.runs)
    if rules.counts_runs:
        _count_record_run(rules, position, origin, piece[0], target, captures, promoted)
    player = piece[0]
    if captures and hands:
        _update_hands(position, player, captures, None)
    if after is None:
        for square in captures:
            cells[square] = None
        cells[origin] = None
        cells[target] = _new(Piece, (player, piece[1] if promoted is None else promoted,
                                     True if target != origin else piece[2]))
    else:
        for square, now in after.items():
            cells[square] = now
    position.last_move = _new(LastMove, (start, target, None if direction is None else rules.dir_letters[direction]))
    position.turn = turn = (player + 1) % len(rules.board.players)
    if captures or promoted is not None or rules.kinds[piece[1]].resets_clock:
        position.halfmove_clock = 0
    else:
        position.halfmove_clock += 1
    if turn == 0:
        position.fullmove_number += 1
    return undo


def unmake_record(position: Position, undo: LightUndo) -> None:
    """Reverse :func:`make_record`."""
    cells = position.cells
    for square, piece in reversed(undo[0]):
        cells[square] = piece
    position.turn, position.last_move, position.halfmove_clock, position.fullmove_number = undo[1:5]
    if undo[5] is not None:
        position.hands = [list(hand) for hand in undo[5]]
    position.runs = undo[6]


def light_legal_moves(rules: Rules, position: Position) -> list[Entry]:
    """The legal moves of the side to move, as light records where the compiler allows: the same
    moves, in the same order, as :func:`legal_moves`."""
    return _light_legal(rules, position, None)  # type: ignore[return-value]


_first, _second, _third = itemgetter(0), itemgetter(1), itemgetter(2)
_NOTHING: frozenset[int] = frozenset()
#: Board rules that choose among the legal moves as a whole: their number is known only from the list.
_CHOOSING = frozenset({"no-check", "compulsory-capture", "compulsory-drop"})


def light_legal_count(rules: Rules, position: Position) -> int:
    """How many moves :func:`light_legal_moves` gives, without making a record of each where the
    board's rules do not choose among them (perft's last ply)."""
    if _CHOOSING.intersection(rules.board.rules) or capture_rules.applies(rules.board):
        return len(light_legal_moves(rules, position))
    return _light_legal(rules, position, [0])  # type: ignore[return-value]


def _light_legal(rules: Rules, position: Position, counting: Optional[list[int]]) -> Union[list[Entry], int]:
    """:func:`light_legal_moves`, or with ``counting`` (a one-item counter) only their number."""
    if rules.extinction_kinds and extinct(rules, position):
        return [] if counting is None else 0
    cells = position.cells
    me = position.turn
    royal = rules.royal_kinds
    royals = royal_squares(rules, position, me) if royal else []
    enemies = [p for p in range(len(rules.board.players)) if p != me]
    out: list[Entry] = []
    askers: list[Asker] = []
    watched = _watched_squares(rules, position, royals, enemies, askers) if royals else None
    immobility = "immobility-illegal" in rules.board.rules
    checked = bool(position.hands) or immobility
    # A fifth entry: attack questions may be pruned (see Rules.step_rays), as perft reports no stops,
    # and their answers kept for this position (see Rules.fast_threat).
    work: list[Any] = [0, POLL_EVERY, DEFAULT_BUDGET, None, {}]
    if watched is not None:
        # No royal piece is attacked where it stands: so a royal piece's own [A] of its square, asked with
        # it lifted and standing in on its square again (castling's), knows the answer already.
        work[4].update(((square, square, True, cells[square]), False) for square in royals)
    maker_of = rules.light_maker
    makers = rules.light_makers(me)
    shapes = rules.record_shapes()
    for origin, piece in enumerate(cells):
        if piece is None or piece[0] != me:
            continue
        maker = makers.get(piece[1], False)
        if maker is False:
            maker = maker_of(piece[1], me)
        entries: Optional[list[Any]] = None
        plain = False  # every entry a light record
        if maker is not None:
            work[0], work[1] = 0, POLL_EVERY
            try:
                if type(maker) is tuple:
                    entries = rules.light_entries(position, origin, piece, maker, work)
                else:
                    entries = []
                    maker(cells, origin, piece, entries, set(), work, position)
                    plain = True
                    if work[0] > DEFAULT_BUDGET:
                        entries = None
            except (Abort, RecursionError):
                entries = None
        if entries is None:
            result = rules.run(position, origin)
            if result.stopped:
                raise RunawayNotation(f"{rules.kind_names[piece.kind]} on {position.board.squares[origin]}: "
                                      f"{result.stopped}")
            entries = list(result.moves)
        # A move that changes no square an attack on a royal piece reads, and puts no royal piece
        # anywhere, leaves every royal piece as safe as it was: legal without asking.
        moves_royal = watched is None or piece[1] in royal or origin in watched
        if plain and not immobility and royal and not moves_royal:
            # What the records cannot hold (captures beside the landing square, a royal promotion) is
            # not looked for.
            shape = shapes.get(piece[1]) or rules.record_shape(piece[1])
            whole = (watched.isdisjoint(map(_first, entries))  # type: ignore[union-attr]
                     and (not shape[0] or watched.isdisjoint(chain.from_iterable(map(_second, entries))))  # type: ignore[union-attr]
                     and (not shape[1] or royal.isdisjoint(map(_third, entries))))
        else:
            whole = plain and not immobility and not royal
        if whole:
            # The usual case, taken whole: every move of the piece is legal without asking.
            if counting is not None:
                counting[0] += len(entries)
            else:
                out += [(origin, piece, entry) for entry in entries]
            continue
        for entry in entries:
            if isinstance(entry, Move):
                if royal and not (
                        watched is not None and not any(square in watched for square, _ in entry.changes)
                        and not any(p is not None and p[0] == me and p[1] in royal for _, p in entry.changes)):
                    if leaves_royal_attacked(rules, position, entry, royals, probe=True):
                        continue
                if not checked or allowed_by_rules(rules, position, entry):
                    out.append(entry)
                continue
            if len(entry) > 4:
                if _rich_entry_legal(rules, position, origin, piece, entry, royals, enemies, immobility, work[4]):
                    out.append((origin, piece, entry))
                continue
            target, captures, promoted, _ = entry
            if immobility and not rules.reach(piece[1] if promoted is None else promoted, me, target):
                continue
            if not royal or (not moves_royal and target not in watched  # type: ignore[operator]
                             and (promoted is None or promoted not in royal)
                             and watched.isdisjoint(captures)):  # type: ignore[union-attr]
                out.append((origin, piece, entry))
                continue
            if captures and _takes_royal(rules, position, me, captures):
                out.append((origin, piece, entry))
                continue
            kind = piece[1] if promoted is None else promoted
            if watched is not None and kind not in royal and piece[1] not in royal:
                # No royal piece moves: only the attackers whose answer read a square the move
                # changes can answer otherwise now.
                safe = _still_safe(rules, position, origin, piece, entry, askers)
                if safe is not None:
                    if safe:
                        out.append((origin, piece, entry))
                    continue
            after = [s for s in royals if s != origin and s != target and s not in captures]
            if kind in royal and not _landing_answered(
                    rules, cells, work[4], origin, piece, target,
                    _new(Piece, (me, kind, True if target != origin else piece[2])),
                    _NOTHING if not captures or captures == (target,) else frozenset(captures).difference((target,)),
                    enemies):
                after.append(target)
            if not after:
                out.append((origin, piece, entry))
                continue
            undo = make_record(rules, position, origin, piece, entry)
            try:
                if any(rules.capturable(position, s, enemy, probe=True) for s in after for enemy in enemies):
                    continue
            finally:
                unmake_record(position, undo)
            out.append((origin, piece, entry))
    if position.hands:
        out.extend(m for m in drop_moves(rules, position)
                   if not leaves_royal_attacked(rules, position, m, royals) and allowed_by_rules(rules, position, m))
    if counting is not None:
        # No rule of the board chooses among the moves (see light_legal_count).
        found = counting[0] + len(out)
        return found + len(passes(rules, position, found > 0))
    if "no-check" in rules.board.rules:
        out = [e for e in out if not _entry_gives_check(rules, position, e)]
    if "compulsory-capture" in rules.board.rules and any(_captures(e) for e in out):
        out = [e for e in out if _captures(e)]
    if capture_rules.applies(rules.board):
        out = capture_rules.choose_captures(rules.board, out, _entry_origin, _entry_captures,
                                            _value_on(rules, position))
    if "compulsory-drop" in rules.board.rules and any(isinstance(e, Move) and e.dropped for e in out):
        out = [e for e in out if isinstance(e, Move) and e.dropped]
    return out + passes(rules, position, bool(out))  # type: ignore[operator]


def _rich_entry_legal(rules: Rules, position: Position, origin: int, piece: Piece, record: RichRecord,
                      royals: list[int], enemies: list[int], immobility: bool, known: dict) -> bool:
    """Whether the game's rules allow a rich light record's move (castling, a capture chain), as
    :func:`legal_moves` asks of the move it stands for: it is made, and every royal piece of the mover
    (``royals``: where they stood before it) asked about where it then stands, unless the move's own
    question answered already (``known``, see :func:`_landing_answered`)."""
    target, promoted = record[0], record[2]
    me = piece[0]
    if immobility and not rules.reach(piece[1] if promoted is None else promoted, me, target):
        return False
    royal = rules.royal_kinds
    if not royal:
        return True
    cells = position.cells
    after = rich_effects(origin, piece, record, cells.__getitem__)
    if _takes_royal(rules, position, me, [s for s, now in after.items() if (was := cells[s]) is not now and was != now]):
        return True
    standing = [s for s in royals if s not in after]
    standing += [s for s, now in after.items() if now is not None and now[0] == me and now[1] in royal]
    if target in standing:
        # The squares where the board after the move differs from the board the mover's question saw:
        # the piece lifted from its origin and standing in on its target, nothing else changed yet.
        differ: set[int] = set()
        foreign = False  # another player's piece put somewhere: it may attack from there
        for square, now in after.items():
            if square != target:
                was = None if square == origin else cells[square]
                if now is not was and now != was:
                    foreign = now is not None and now[0] != me
                    if foreign:
                        break
                    differ.add(square)
        if not foreign and _landing_answered(rules, cells, known, origin, piece, target, after[target],
                                             frozenset(differ), enemies):
            standing.remove(target)
            if not standing:
                return True
    undo = make_record(rules, position, origin, piece, record)
    try:
        return not any(rules.capturable(position, square, enemy, probe=True) for square in standing for enemy in enemies)
    finally:
        unmake_record(position, undo)


def _landing_answered(rules: Rules, cells: list[Optional[Piece]], known: dict, origin: int, piece: Piece,
                      target: int, placed: Optional[Piece], differ: frozenset[int], enemies: list[int]) -> bool:
    """Whether a royal piece the move puts on ``target`` (as ``placed``) is known to be safe there
    without making the move: the moving piece's own ``[A]`` asked about ``target`` with the piece
    lifted from ``origin`` and standing in on ``target``, found it not attacked (``known``: the
    position's answers, see :meth:`Rules.fast_threat`), and no piece that could attack ``target``
    would answer otherwise after the move. The board after it differs from the one asked about only on
    the squares ``differ`` and in whether the piece on ``target`` has moved; a candidate attacker
    answers alike unless its run may read one of those squares, the game's history (the move just
    made is the previous move then: en passant reads it) or, where the piece became moved, ``[m]``.
    A candidate standing on a square of ``differ`` is taken or moved by the move: it attacks nothing
    from there."""
    if known.get((origin, target, True, piece)) is not False or placed is None:
        return False
    moved = placed != piece
    if moved and (placed[0] != piece[0] or placed[1] != piece[1]):
        return False  # promoted: another piece stands there than the one asked about
    for enemy in enemies:
        unsteady = rules.unsteady_attackers(target, enemy, moved, differ)
        if unsteady is None:
            # No table: each piece that could attack the square, as it stands.
            for attacker in rules.candidates(cells, target, enemy):
                if attacker not in differ and not rules.answers_alike(
                        cells[attacker][1], enemy, attacker, differ, moved):  # type: ignore[index]
                    return False
            continue
        for attacker, kinds in unsteady:
            standing = cells[attacker]
            if standing is not None and standing[0] == enemy and standing[1] in kinds:
                return False
    return True


def _value_on(rules: Rules, position: Position) -> Callable[[int], Fraction]:
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


def _entry_origin(entry: Entry) -> int:
    return entry.origin if isinstance(entry, Move) else entry[0]


def _entry_captures(entry: Entry) -> tuple[int, ...]:
    return entry.captures if isinstance(entry, Move) else entry[2][1]


def _entry_gives_check(rules: Rules, position: Position, entry: Entry) -> bool:
    if isinstance(entry, Move):
        return gives_check(rules, position, entry)
    origin, piece, record = entry
    undo = make_record(rules, position, origin, piece, record)
    try:
        return _royals_attacked_by(rules, position, piece.player)
    finally:
        unmake_record(position, undo)


#: An attack question asked of a position by :func:`_watched_squares`: the attacker's square and piece,
#: the royal square asked about, the attacker's player, and the squares its answer read.
Asker = tuple[int, Piece, int, int, frozenset[int]]


def _still_safe(rules: Rules, position: Position, origin: int, piece: Piece, record: Record,
                askers: list[Asker]) -> Optional[bool]:
    """Whether a light record that moves no royal piece leaves every royal piece unattacked, when none
    is attacked before it (:func:`_watched_squares` noted ``askers``): each attacker whose answer read
    a square the move changes is asked again, after the move; no other can answer otherwise (an
    attacker answers by the squares it reads; a piece that could never reach the royal square was
    never asked, and the move puts no enemy piece anywhere). ``None`` when a question did not end:
    the caller asks in full."""
    target, captures = record[0], record[1]
    changed = {origin, target, *captures}
    again = [asker for asker in askers if not asker[4].isdisjoint(changed)]
    if not again:
        return True
    undo = make_record(rules, position, origin, piece, record)
    cells = position.cells
    try:
        work = new_work(DEFAULT_BUDGET, None)
        work.append(True)  # perft's pruned questions (see Rules.fast_threat)
        for attacker, attacking, square, enemy, _ in again:
            # A captured attacker attacks nothing any more.
            if cells[attacker] == attacking and rules._ask(position, attacker, square, enemy, work, True):
                return False
        return True
    except (Abort, RecursionError):
        return None
    finally:
        unmake_record(position, undo)


def _watched_squares(rules: Rules, position: Position, royals: list[int], enemies: list[int],
                     askers: Optional[list[Asker]] = None) -> Optional[set[int]]:
    """The squares a move must change to put a royal piece in danger, when none is in danger now.

    Whether an enemy piece attacks a square depends only on the squares its run reads; the compiled
    run of each enemy piece that could reach a royal piece is asked once, noting what it reads. A
    move that changes none of those squares, and moves no royal piece, leaves every royal piece as
    safe as it was. ``None`` when a royal piece is attacked now, or an attacker's answer depends on
    more than the board (the game's history, or a notation not compiled whole): then every move is
    asked about.
    """
    cells = position.cells
    watched: set[int] = set(royals)
    for square in royals:
        for enemy in enemies:
            for origin in rules.candidates(cells, square, enemy):
                piece = cells[origin]
                assert piece is not None
                if rules.footprint(piece.kind, enemy, origin) is None:
                    return None
                answer = rules.attack_reads(position, origin, square, enemy)
                if answer is None or answer[0]:
                    return None
                watched |= answer[1]
                watched.add(origin)
                if askers is not None:
                    askers.append((origin, piece, square, enemy, answer[1]))
    return watched


def _captures(entry: Entry) -> bool:
    return bool(entry.captures if isinstance(entry, Move) else entry[2][1])


def _perft(rules: Rules, position: Position, depth: int) -> int:
    records = rules.fast and rules.board.kind == "default"
    if depth == 1 and records:
        return light_legal_count(rules, position)
    entries: list[Entry] = light_legal_moves(rules, position) if records else list(legal_moves(rules, position))
    if depth == 1:
        return len(entries)
    total = 0
    for entry in entries:
        if isinstance(entry, Move):
            undo = make_move(position, entry)
            try:
                total += _perft(rules, position, depth - 1)
            finally:
                unmake_move(position, undo)
        else:
            light = make_record(rules, position, *entry)
            try:
                total += _perft(rules, position, depth - 1)
            finally:
                unmake_record(position, light)
    if depth == 2:
        collect_young()
    return total
