"""Drops: every drop of the side to move by its pieces' drop notations (:func:`drop_moves`), and those
the game's rules allow (:func:`legal_drops`), which the legal moves and perft both take. Perft lists
the drops of every piece in hand at every position, each asked whether it leaves a royal piece
attacked and whether the hand rules allow it: a drop changes a square or two, and what it cannot
change is not asked about."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from dagaz_studio.engine.compiler import POLL_EVERY, Abort, new_work, written_code_key
from dagaz_studio.engine.drop_rules import balanced, drop_first_kinds, held_first, unmoved_drop
from dagaz_studio.engine.making import made
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.read_memo import GIVE_UP_AFTER, remembered
from dagaz_studio.engine.royals import Asker, check_filter, move_safe, royal_attacked
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET, CancelFlag, Move, RunawayNotation

_new = tuple.__new__
_object_new = object.__new__
_NO_TABLES: dict[Any, Any] = {}
#: The most drops kept marked for a player (see :func:`_drops`).
MARKED_KEPT = 20_000


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


def leaves_stuck(rules: Rules, move: Move) -> bool:
    """Whether ``move`` leaves a piece of the mover where it could never move again, which ``rule:
    immobility-illegal`` forbids."""
    return any(square == move.target and piece is not None and piece.player == move.player
               and not rules.reach(piece.kind, piece.player, square) for square, piece in move.changes)


def legal_drops(rules: Rules, position: Position, royals: list[int], count: Callable[[Rules, Position], int],
                watched: AbstractSet[int] | None = None, askers: Sequence[Asker] = (),
                cancel: CancelFlag | None = None, probe: bool = False) -> list[Move]:
    """The drops of the side to move that the game's rules allow, in the order :func:`drop_moves`
    lists them: none leaving a royal piece of the mover attacked (``royals``: where they stand), none
    the hand rules forbid (``drop-first``, ``drop-balanced``, ``no-drop-doubled``, a drop that checks
    or mates where its piece may not, ``count`` saying how many legal moves a position has), none
    landing where the piece could never move again (``rule: immobility-illegal``).

    ``watched``: the squares a move must change to put a royal piece of the mover in danger
    (``None``: every drop is asked about), and the attackers whose answers read them (``askers``, see
    :func:`watched_squares`); ``probe``: the attack questions may be pruned (perft's, which reports
    no stops). A drop that changes none of them and puts no royal piece leaves the mover's royal
    pieces as safe as they were (one that puts only the mover's pieces, none royal, as safe as the
    attackers that read what it changes answer after it); one that changes none of the squares the
    mover's attacks on the next player's royal pieces read, and puts no piece that could ever reach
    one, gives no check: ``no-drop-mate`` and ``no-drop-check`` ask nothing of it."""
    board = rules.board
    me = position.turn
    found = None
    if not (board.drop_unmoved or board.drop_balanced or drop_first_kinds(board)):
        found = _drops(rules, position, me)
    if found is None:
        found = drop_moves(rules, position, cancel=cancel)
    if not found:
        return found
    royal = rules.royal_kinds
    immobility = board.rules.immobility_illegal
    first = held_first(rules, position)
    weighed = board.drop_balanced
    cells = position.cells
    columns: dict[int, set[int]] = {}
    may_check: Callable[[Move], bool] | None = None
    out: list[Move] = []
    for move in found:
        changes = move.changes
        # What move_safe answers first, asked here without a call: perft lists thousands of drops.
        if royal and (watched is None or any(square in watched for square, _ in changes)
                      or any(p is not None and p[0] == me and p[1] in royal for _, p in changes)) \
                and not move_safe(rules, position, move, royals, watched, askers, cancel, probe):
            continue
        kind = rules.kind_index[move.piece]
        piece_type = rules.kinds[kind]
        if (first and kind not in first) or (weighed and not balanced(rules, position, move)):
            continue
        if piece_type.no_drop_doubled:
            mine = columns.get(kind)
            if mine is None:
                mine = columns[kind] = {board.column_of[s] for s, p in enumerate(cells)
                                        if p is not None and p[0] == me and p[1] == kind}
            if board.column_of[move.target] in mine:
                continue
        if immobility and leaves_stuck(rules, move):
            continue
        if piece_type.no_drop_mate or piece_type.no_drop_check:
            if may_check is None:
                may_check = check_filter(rules, position, (me + 1) % len(board.players))
            if may_check(move) and _checks_wrongly(rules, position, move, piece_type.no_drop_check, count):
                continue
        out.append(move)
    return out


def _checks_wrongly(rules: Rules, position: Position, move: Move, no_check: bool,
                    count: Callable[[Rules, Position], int]) -> bool:
    """Whether a drop gives check where its piece may not (``no_check``), or mate (the next player
    left with no legal move, ``count`` says)."""
    with made(rules, position, move):
        return royal_attacked(rules, position, position.turn) and (no_check or not count(rules, position))


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
            found: list[Move] | None = None if known is None else known.get(content)
            if found is not None:
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
    drop = None if program is None else rules.compiled_drop(program)
    if program is None or drop is None:
        return None  # the traced code runs it
    written = rules.written.get(written_code_key(rules, program.notation, player, None, "drop", program.piece_name))
    # A drop is asked for on every square at once: given up only after every square was asked for often.
    patience = GIVE_UP_AFTER * len(rules.board.squares)
    return (remembered(rules, drop, written[0][0], patience) if written is not None else None) or drop
