"""The light path: perft and the command line's bulk work make and unmake millions of moves; they take
the compiled path's light records where a piece's whole notation compiles, and full moves elsewhere."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from itertools import chain, compress
from typing import Any

from dagaz_studio.engine.compiler import POLL_EVERY, Abort
from dagaz_studio.engine.drop_rules import chooses_drops, drops_compulsory
from dagaz_studio.engine.end_rules import facing
from dagaz_studio.engine.game import MoveChoice, check_answers, game_stopped, legal_moves, passes
from dagaz_studio.engine.light_drops import leaves_stuck, legal_drops
from dagaz_studio.engine.light_records import RICH_KEPT, rich_effects
from dagaz_studio.engine.making import made, make_entry, make_record, unmake_move
from dagaz_studio.engine.move_choice import choose_moves
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.records import Entry, LightMove, RichRecord, captured, promotions, targets
from dagaz_studio.engine.royals import (
    Asker,
    attacked_by_others,
    move_safe,
    royal_squares,
    safe_after,
    takes_royal,
    watched_squares,
)
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET, Move, RunawayNotation, ThreatAnswers, Work
from dagaz_studio.notation.collection import collect_young, collector_paused

#: Builds a named tuple from its values without the Python-level constructor: perft makes millions.
_new = tuple.__new__


def light_legal_moves(rules: Rules, position: Position) -> list[Entry]:
    """The legal moves of the side to move, as light records where the compiler allows: the same
    moves, in the same order, as :func:`legal_moves`."""
    return _light_legal(rules, position, None)  # type: ignore[return-value]


_NOTHING: frozenset[int] = frozenset()


def light_legal_count(rules: Rules, position: Position) -> int:
    """How many moves :func:`light_legal_moves` gives, without making a record of each where the
    board's rules do not choose among them (perft's last ply)."""
    # Rules that choose among the legal moves as a whole: their number is known only from the list.
    if rules.board.rules.chooses_moves or chooses_drops(rules.board):
        return len(light_legal_moves(rules, position))
    return _light_legal(rules, position, [0])  # type: ignore[return-value]


def _light_legal(rules: Rules, position: Position, counting: list[int] | None) -> list[Entry] | int:
    """:func:`light_legal_moves`, or with ``counting`` (a one-item counter) only their number."""
    if game_stopped(rules, position):
        return [] if counting is None else 0
    if rules.board.rules.royal_by_number or rules.board.gate or (rules.board.ends and facing(rules, position, position.turn)):
        # Rare: while pieces face each other (end facing), where one royal piece of several may be
        # left attacked (duple-check, lone-royal) or pieces enter from hand (gate), the full moves, each asked about.
        moves: list[Entry] = list(legal_moves(rules, position))
        return moves if counting is None else len(moves)
    cells = position.cells
    me = position.turn
    royal = rules.royal_kinds
    holds = rules.board.kind_type.holds_pieces
    # Pieces only (no heaps or columns): the mover's squares found once, its royal pieces among them.
    # (The empty squares passed over by compress, at C speed: a piece is a non-empty tuple.)
    mine = [origin for origin in compress(range(len(cells)), cells) if cells[origin][0] == me] if holds else []  # type: ignore[index]
    royals = ([origin for origin in mine if cells[origin][1] in royal] if holds and royal  # type: ignore[index]
              else royal_squares(rules, position, me))
    enemies = rules.others[me]
    out: list[Entry] = []
    askers: list[Asker] = []
    watched = watched_squares(rules, position, royals, enemies, askers) if royals else None
    immobility = rules.board.rules.immobility_illegal
    dead: tuple[frozenset[int], ...] = ()
    free: frozenset[int] | None = None
    if immobility:
        # With rule: immobility-illegal, perft's last ply asks only about the pieces whose moves may
        # leave one without a move, by the squares where each kind could never move again (worked out
        # for every square at once); a list of the moves asks about each move.
        dead, free = rules.stuck_squares(me) if counting is not None else ((), _NOTHING)
    # A fifth entry: attack questions may be pruned (see Rules.step_rays), as perft reports no stops,
    # and their answers kept for this position (see Rules.fast_threat).
    work: list[Any] = [0, POLL_EVERY, DEFAULT_BUDGET, None, {}]
    if watched is not None:
        # No royal piece is attacked where it stands: so a royal piece's own [A] of its square, asked with
        # it lifted and standing in on its square again (castling's), knows the answer already.
        for square in royals:
            work[4][square, square, True, cells[square]] = False
    maker_of = rules.light_maker
    makers = rules.light_makers[me]
    shapes = rules.record_shapes
    squares: list[int] | range = mine if holds else range(len(cells))
    if counting is not None and holds and (not royal or watched is not None):
        squares = _counted(rules, position, mine, me, watched or _NOTHING, dead, free, counting, work)
    for origin in squares:
        piece = cells[origin]
        if piece is None or piece[0] != me:
            continue
        maker = makers.get(piece[1], False)
        if maker is False:
            maker = maker_of(piece[1], me)
        stuck = immobility and piece[1] not in free  # type: ignore[operator]
        entries: list[Any] | None = None
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
        if plain and not stuck and royal and not moves_royal:
            # What the records cannot hold (captures beside the landing square, a royal promotion) is
            # not looked for.
            shape = shapes.get(piece[1]) or rules.record_shape(piece[1])
            whole = (watched.isdisjoint(map(targets, entries))  # type: ignore[union-attr]
                     and (not shape[0] or watched.isdisjoint(chain.from_iterable(map(captured, entries))))  # type: ignore[union-attr]
                     and (not shape[1] or royal.isdisjoint(map(promotions, entries))))
        else:
            whole = plain and not stuck and not royal
        if whole:
            # The usual case, taken whole: every move of the piece is legal without asking.
            if counting is not None:
                counting[0] += len(entries)
            else:
                out += [_new(LightMove, (origin, piece, entry)) for entry in entries]
            continue
        for entry in entries:
            if isinstance(entry, Move):
                if move_safe(rules, position, entry, royals, watched, askers, probe=True) and not (
                        immobility and leaves_stuck(rules, entry)):
                    out.append(entry)
                continue
            # Perft's last ply only counts the legal moves: it keeps their records.
            light = entry if counting is not None else _new(LightMove, (origin, piece, entry))
            target, captures, promoted = entry.target, entry.captures, entry.promoted
            if stuck and (target in dead[kind] if (kind := piece[1] if promoted is None else promoted) < len(dead)
                          else not rules.reach(kind, me, target)):
                continue
            # A rich record (castling, a capture chain) may change squares beside those it names.
            rich = type(entry) is RichRecord
            if not royal or (not moves_royal and not rich and target not in watched  # type: ignore[operator]
                             and (promoted is None or promoted not in royal)
                             and watched.isdisjoint(captures)):  # type: ignore[union-attr]
                out.append(light)
                continue
            # What the move leaves on each square it changes, whether it takes another player's royal
            # piece (that wins, whatever it leaves attacked), where it puts royal pieces of the mover,
            # and where the board after it differs from the board the mover's question saw.
            if rich:
                takes, after, placed, differ = _rich_effects_known(rules, position, origin, piece, entry)
            else:
                takes = bool(captures) and takes_royal(rules, position, me, captures)
                kind = piece[1] if promoted is None else promoted
                after = dict.fromkeys(captures)
                after[origin] = None
                after[target] = _new(Piece, (me, kind, True if target != origin else piece[2]))
                placed, differ = ([target], _NOTHING if not captures or captures == (target,) else frozenset(
                    captures).difference((target,))) if kind in royal else ([], None)
                if not takes and watched is not None and kind not in royal and piece[1] not in royal:
                    # No royal piece moves: only the attackers whose answer read a square the move
                    # changes can answer otherwise now.
                    safe = safe_after(rules, position, after, me, askers)
                    if safe is not None:
                        if safe:
                            out.append(light)
                        continue
            standing = [] if takes else [s for s in royals if s not in after] + placed
            if target in standing and differ is not None and _landing_answered(
                    rules, cells, work[4], origin, piece, target, after[target], differ, enemies):
                standing.remove(target)
            if standing and rules.board_only_attacks():
                safe = safe_after(rules, position, after, me, [], standing)
                if safe is not None:
                    if safe:
                        out.append(light)
                    continue
            if standing:
                undo = make_record(rules, position, _new(LightMove, (origin, piece, entry)))
                try:
                    if any(attacked_by_others(rules, position, square, me, probe=True) for square in standing):
                        continue
                finally:
                    unmake_move(position, undo)
            out.append(light)
    if position.hands:
        out += legal_drops(rules, position, royals, lambda r, p: check_answers(r, p, light_legal_count), watched,
                           askers, probe=True)
    if counting is not None:
        # No rule of the board chooses among the moves (see light_legal_count).
        found = counting[0] + len(out)
        return found + len(passes(rules, position, found > 0))
    out = choose_moves(rules.board, out, MoveChoice(rules, position), drops_compulsory(rules, position))
    return out + passes(rules, position, bool(out))


def _counted(rules: Rules, position: Position, mine: list[int], me: int, watched: AbstractSet[int],
             dead: tuple[frozenset[int], ...], free: frozenset[int] | None, counting: list[int],
             work: Work) -> list[int]:
    """Perft's last ply, in one tight loop: the moves of the pieces that count them whole (quick riders
    and leapers, remembered moves) added to ``counting``, for each piece that is not royal, does not
    stand on a ``watched`` square and has no move landing or capturing on one or crowning (a piece
    not ``free`` of rule: immobility-illegal, ``None`` where the board has none, counted without its
    moves to the squares where it would be ``dead``); the
    squares of the other pieces, to be looked at move by move. (The work of the counts adds up over
    the position: far below the budget, which is one run's.)"""
    cells = position.cells
    royal = rules.royal_kinds
    counts = rules.light_counts[me]
    left: list[int] = []
    total = 0
    for origin in mine:
        piece = cells[origin]
        count = counts.get(piece[1], False)  # type: ignore[index]
        if count is False:
            count = counts[piece[1]] = getattr(rules.light_maker(piece[1], me), "quick_count", None)  # type: ignore[index]
        if count is not None and origin not in watched and piece[1] not in royal:  # type: ignore[index]
            try:
                found = count(cells, origin, piece, position, watched, royal, work,
                              None if free is None or piece[1] in free else dead)  # type: ignore[index]
            except (Abort, RecursionError):
                found = -1
            if found >= 0:
                total += found
                continue
        left.append(origin)
    counting[0] += total
    return left


#: What the legal moves read of a rich record's move: whether it takes a royal piece, what it
#: leaves on each square it changes, where it puts royal pieces of the mover, and the squares where the
#: board after it differs from the board the mover's question saw (``None``: another player's piece is
#: put somewhere, and may attack from there).
RichEffects = tuple[bool, dict[int, Piece | None], list[int], frozenset[int] | None]

def _rich_effects_known(rules: Rules, position: Position, origin: int, piece: Piece,
                        record: RichRecord) -> RichEffects:
    """The :data:`RichEffects` of a rich record's move, worked out once for the contents of the squares
    it reads (castling is listed again and again from the same squares)."""
    squares = (origin, record.target, *record.captures, *chain.from_iterable(record.also))
    key = (origin, piece, record)
    cells = position.cells
    kept = rules.rich_known.get(key)
    stands = tuple(map(cells.__getitem__, squares))
    if kept is not None and kept[0] == stands:
        return kept[1]  # type: ignore[no-any-return]
    me = piece[0]
    royal = rules.royal_kinds
    after = rich_effects(origin, piece, record, cells.__getitem__)
    takes = takes_royal(rules, position, me, [s for s, now in after.items() if now is not cells[s] and now != cells[s]])
    placed = [s for s, now in after.items() if now is not None and now[0] == me and now[1] in royal]
    # The squares where the board after the move differs from the board the mover's question saw:
    # the piece lifted from its origin and standing in on its target, nothing else changed yet.
    differ: set[int] | None = set()
    for square, now in after.items():
        if square != record.target:
            was = None if square == origin else cells[square]
            if now is not was and now != was:
                if now is not None and now[0] != me:
                    differ = None  # another player's piece put somewhere: it may attack from there
                    break
                differ.add(square)  # type: ignore[union-attr]
    effects: RichEffects = (takes, after, placed, None if differ is None else frozenset(differ))
    if len(rules.rich_known) > RICH_KEPT:
        rules.rich_known.clear()
    rules.rich_known[key] = (stands, effects)
    return effects


def _landing_answered(rules: Rules, cells: list[Piece | None], known: ThreatAnswers, origin: int, piece: Piece,
                      target: int, placed: Piece | None, differ: frozenset[int], enemies: tuple[int, ...]) -> bool:
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


def light_perft(rules: Rules, position: Position, depth: int, records: bool) -> int:
    """Perft by light records where compiled code gives them (``records``, piece boards), else by full moves."""
    if depth == 1 and records:
        return light_legal_count(rules, position)
    entries: list[Entry] = light_legal_moves(rules, position) if records else list(legal_moves(rules, position))
    if depth == 1:
        return len(entries)
    total = 0
    for entry in entries:
        undo = make_entry(rules, position, entry)
        try:
            total += light_perft(rules, position, depth - 1, records)
        finally:
            unmake_move(position, undo)
    if depth == 2:
        collect_young()
    return total


def perft(rules: Rules, position: Position, depth: int) -> int:
    """The number of legal move sequences of ``depth`` moves from ``position``."""
    if depth <= 0:
        return 1
    # The cycle collector would walk every object the process holds now and then, over and over,
    # while perft allocates millions of short-lived ones that reference counting frees at once. Its
    # few cycles (a compiled notation's local functions) are collected young, after each position
    # whose moves are counted (perft's last ply but one), a pass over at most a few thousand objects.
    # (Perft by light records on a heap or stack board makes none: its written code is made once.)
    with collector_paused():
        count = rules.bulk_perft(position, depth)
        if count is not None:
            return count
        if depth > 2:
            # Bulk work asks where each square may be attacked from over and over: the board's attack
            # tables (kept with the board) are built now, not earned question by question.
            rules.build_attack_tables()
        return light_perft(rules, position, depth, rules.board.kind_type.holds_pieces)


def divide(rules: Rules, position: Position, depth: int) -> list[tuple[Move, int]]:
    """Each legal move with the perft count of ``depth - 1`` after it."""
    out = []
    for move in legal_moves(rules, position):
        with made(rules, position, move):
            out.append((move, perft(rules, position, depth - 1)))
    return out
