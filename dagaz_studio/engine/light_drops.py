"""Drops on the light path: perft lists the drops of every piece in hand at every position, each asked
whether it leaves a royal piece attacked and whether the hand rules allow it. A drop changes a square
or two: what it cannot change is not asked about."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Any

from dagaz_studio.engine.compiler import POLL_EVERY, Abort, Unsupported, compile_drop, new_work, written_code_key
from dagaz_studio.engine.drop_rules import drop_first_kinds
from dagaz_studio.engine.game import allowed_by_rules, drop_moves, leaves_royal_attacked
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.read_memo import GIVE_UP_AFTER, remembered
from dagaz_studio.engine.royals import Asker, royal_attacked, safe_after, takes_royal, watched_squares
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET, Move

_new = tuple.__new__
_object_new = object.__new__
_NO_TABLES: dict[Any, Any] = {}
#: The most drops kept marked for a player (see :func:`_drops`).
MARKED_KEPT = 20_000


def legal_drops(rules: Rules, position: Position, royals: list[int], watched: AbstractSet[int] | None,
                askers: list[Asker], count: Callable[[Rules, Position], int]) -> list[Move]:
    """The drops of the side to move that the game's rules allow, in the order :func:`legal_moves`
    lists them. ``watched``: the squares a move must change to put a royal piece of the mover in
    danger (``None``: every drop is asked about), and the attackers whose answers read them
    (``askers``, see :func:`watched_squares`); ``count``: how many legal moves a position has
    (whether a drop that checks mates). A drop that changes none of them and puts no royal piece
    leaves the mover's royal pieces as safe as they were (one that puts only the mover's pieces,
    none royal, as safe as the attackers that read what it changes answer after it); one that
    changes none of the squares the mover's attacks on the next player's royal pieces read, and
    puts no piece that could ever reach one, gives no check: ``no-drop-mate`` and
    ``no-drop-check`` ask nothing of it."""
    board = rules.board
    me = position.turn
    found = None
    if not (board.drop_unmoved or board.drop_balanced or drop_first_kinds(board)):
        found = _drops(rules, position, me)
    if found is None:
        return [move for move in drop_moves(rules, position)
                if not leaves_royal_attacked(rules, position, move, royals) and allowed_by_rules(rules, position, move)]
    if not found:
        return found
    royal = rules.royal_kinds
    immobility = board.rules.immobility_illegal
    cells = position.cells
    columns: dict[int, set[int]] = {}
    checking: list[Any] = []  # the next player, its royal squares, and the squares checking them reads
    out: list[Move] = []
    for move in found:
        changes = move.changes
        if royal and (watched is None or any(square in watched for square, _ in changes)
                      or any(p is not None and p[0] == me and p[1] in royal for _, p in changes)) \
                and not _drop_safe(rules, position, move, royals, watched, askers):
            continue
        kind = rules.kind_index[move.piece]
        piece_type = rules.kinds[kind]
        if piece_type.no_drop_doubled:
            mine = columns.get(kind)
            if mine is None:
                mine = columns[kind] = {board.column_of[s] for s, p in enumerate(cells)
                                        if p is not None and p[0] == me and p[1] == kind}
            if board.column_of[move.target] in mine:
                continue
        if immobility and any(s == move.target and p is not None and p[0] == me and not rules.reach(p[1], me, s)
                              for s, p in changes):
            continue
        if piece_type.no_drop_mate or piece_type.no_drop_check:
            if not checking:
                nxt = (me + 1) % len(board.players)
                their_royals = [s for s, p in enumerate(cells) if p is not None and p[0] == nxt and p[1] in royal]
                checking += (nxt, their_royals,
                             watched_squares(rules, position, their_royals, rules.others[nxt]) if their_royals else set())
            nxt, their_royals, mating = checking
            if (move.again or mating is None or any(square in mating for square, _ in changes) or any(
                    p is not None and p[0] != nxt and not rules.reach(p[1], p[0], s).isdisjoint(their_royals)
                    for s, p in changes)) and _checks_wrongly(rules, position, move, piece_type.no_drop_check, count):
                continue
        out.append(move)
    return out


def _drop_safe(rules: Rules, position: Position, move: Move, royals: list[int], watched: AbstractSet[int] | None,
               askers: list[Asker]) -> bool:
    """Whether a drop leaves the mover's royal pieces unattacked: where it puts only his pieces, none
    royal, the attackers that read a square it changes asked again (with none attacked before it),
    or every attacker of the royal pieces where no piece reads the game's history; else in full."""
    me, changes = move.player, move.changes
    safe = None
    if all(p is None or (p[0] == me and p[1] not in rules.royal_kinds) for _, p in changes) and not move.again:
        changed = {square for square, _ in changes}
        if takes_royal(rules, position, me, changed):
            return True
        if watched is not None:
            safe = safe_after(rules, position, changes, me,
                              [asker for asker in askers if not asker[4].isdisjoint(changed)])
        elif rules.board_only_attacks():
            safe = safe_after(rules, position, changes, me, [], [s for s in royals if s not in changed],
                              rules.others[me])
    return not leaves_royal_attacked(rules, position, move, royals, probe=True) if safe is None else safe


def _checks_wrongly(rules: Rules, position: Position, move: Move, no_check: bool,
                    count: Callable[[Rules, Position], int]) -> bool:
    """Whether a drop gives check where its piece may not (``no_check``), or mate (as
    :func:`allowed_by_rules` asks: the next player left with no legal move, ``count`` says)."""
    undo = make_move(position, move)
    try:
        return royal_attacked(rules, position, position.turn) and (no_check or not count(rules, position))
    finally:
        unmake_move(position, undo)


def _drops(rules: Rules, position: Position, me: int) -> list[Move] | None:
    """Every drop of the side to move, as :func:`drop_moves` lists them (marked dropped, each found
    once), or ``None`` where a drop notation is not compiled or does not end within its budget."""
    cells = position.cells
    makers = rules.light_drop_makers[me]
    # Under -1, the player's drops found, marked dropped by the identity of each found, and their keys
    # numbered: each is found once, whatever kind's drop finds it.
    marked, keys = makers.get(-1) or makers.setdefault(-1, ({}, {}))
    out: list[Move] = []
    seen: set[int] = set()
    work = new_work(DEFAULT_BUDGET, None)
    for held, count in enumerate(position.hands[me]):
        if count <= 0 and not rules.kinds[held].unlimited:
            continue
        run = makers.get(held, False)
        if run is False:
            run = makers[held] = _drop_maker(rules, held, me)
        if run is None:
            if rules.drop_program(held, me) is None:
                continue
            return None
        piece = _new(Piece, (me, held, True))
        by_content = getattr(run, "by_content", _NO_TABLES)
        for square, content in enumerate(cells):
            # A drop that reads its square alone is found by what stands there, once seen.
            known = by_content.get((square, piece))
            state = None if known is None else known.get(content)
            if state is not None:
                found: list[Move] = state[6]
                if not found:
                    continue
            else:
                found = []
                work[0], work[1] = 0, POLL_EVERY
                try:
                    run(cells, square, piece, found, set(), work, position)
                except (Abort, RecursionError):
                    return None
                if work[0] > DEFAULT_BUDGET:
                    return None
            for move in found:
                # Remembered drops are found again as the same objects: marked once.
                mark = marked.get(id(move))
                if mark is None or mark[0] is not move:
                    dropped = _object_new(Move)
                    dropped.__dict__.update(move.__dict__, dropped=True)
                    if len(marked) > MARKED_KEPT:
                        marked.clear()
                        keys.clear()
                    mark = marked[id(move)] = (move, dropped, keys.setdefault(dropped.key(), len(keys)))
                if mark[2] not in seen:
                    seen.add(mark[2])
                    out.append(mark[1])
    return out


def _drop_maker(rules: Rules, kind: int, player: int) -> Any:
    """The compiled drop of a kind for a player (its drops remembered by what it reads where they can
    be), or ``None`` where its drop notation is not compiled (or it has none)."""
    program = rules.drop_program(kind, player)
    if program is None:
        return None
    try:
        drop = compile_drop(rules, program.notation, player, program.piece_name)
    except (Unsupported, RecursionError, SyntaxError, MemoryError):
        return None  # the runner runs it
    written = rules.written.get(written_code_key(rules, program.notation, player, None, "drop", program.piece_name))
    # A drop is asked for on every square at once: given up only after every square was asked for often.
    patience = GIVE_UP_AFTER * len(rules.board.squares)
    return (remembered(rules, drop, written[0][0], patience) if written is not None else None) or drop
