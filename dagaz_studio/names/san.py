"""Standard algebraic notation (SAN): ``Nf3``, ``exd6``, ``O-O-O``, ``e8=Q``, ``Nbd7``, ``R1a3``.

Nothing here is chess: a piece's letter is its board's name letter (a piece with none, such as the
chess Pawn, is written by its target alone and by its file when it captures); a castling move is a
royal piece going two squares or more while displacing another piece, ``O-O`` towards the later
columns as drawn (the side FEN's ``K`` right names) and ``O-O-O`` towards the earlier ones. As
Fairy-Stockfish writes them, a piece gating in behind follows a ``/`` (``Nc3/H``, ``O-O/He1``) and a
wall the move leaves a comma (``Qd7,g4``). A move that leaves the next player's royal piece attacked
ends in ``+``, or ``#`` when he then has no legal move, as python-chess and Fairy-Stockfish write
them (:func:`check_mark`); reading ignores a mark, right or wrong, as python-chess does.
"""

from __future__ import annotations

import re
from collections import defaultdict

from dagaz_studio.engine import (
    Move,
    RunawayNotation,
    check_filter,
    describe_move,
    legal_moves,
    make_move,
    royal_attacked,
    royal_squares,
    unmake_move,
)
from dagaz_studio.names.context import Context

# Fairy-Stockfish's suffixes: '/H' for a piece gating in behind (O-O/He1 names its square too), and
# ',a2' for the wall a move leaves (the Amazons' arrow, the Duck).
_CASTLING = re.compile(r"(?P<side>[O0o](?:-[O0o]){1,2})(?:/(?P<gate>[A-Za-z])(?P<square>[a-z]\d+)?)?", re.ASCII)
# A piece lettered '+B' in positions (a promoted shogi piece) and without a name letter of its own is
# written so in SAN too (+Bxc3), and a promotion into it after '=' (Bxc3=+B): a '+' after the square
# alone is a check mark.
_FORM = re.compile(
    r"(?P<piece>\+?[A-Z])?(?P<column>[a-z])??(?P<row>\d+)??[-x:]?(?P<target>[a-z]\d+)"
    r"(?:=?(?P<promotion>(?<==)\+[A-Za-z]|[A-Za-z]))?(?:/(?P<gate>[A-Za-z]))?(?:,(?P<made>[a-z]\d+))?",
    re.ASCII,  # rows in digits 0-9 only: \d would also match '٣'
)
# A drop, as crazyhouse's SAN writes it: the piece's letter (either case; none for a piece written
# without one, a Pawn, as python-chess writes it: @e3), '@' or '*', the square.
_DROP = re.compile(r"(?P<piece>\+?[A-Za-z][~+]?)?[@*](?P<target>[a-z]\d+)", re.ASCII)
#: The letter SAN leaves out (its pawns'), read where no piece is written without a letter.
_LEFT_OUT = "P"
_ANNOTATIONS = re.compile(r"(?:\s*e\.?p\.?)?[+#!?]*$")


def castling_side(context: Context, move: Move) -> str | None:
    """``"O-O"`` or ``"O-O-O"`` if the move is a castling move, else ``None``."""
    rules, board = context.rules, context.board
    kind = context.kind(move)
    if not move.also or (kind not in rules.royal_kinds and not (
            0 <= kind < len(rules.kinds) and rules.kinds[kind].name in board.castlers)):
        return None  # a royal piece castles, or one flagged castles (a King that is not royal)
    columns = board.column_of[move.target] - board.column_of[move.origin]
    rows = board.row_of[move.target] - board.row_of[move.origin]
    if max(abs(columns), abs(rows)) < 2:
        # A King that moves one square or none (Chess960) castles to the side its partner came
        # from: the partner lands beside the King, on the King's other side.
        partner = move.also[0][1]
        columns = board.column_of[move.target] - board.column_of[partner]
        rows = board.row_of[move.target] - board.row_of[partner]
    return "O-O" if (columns or rows) > 0 else "O-O-O"


def write(context: Context) -> list[str]:
    """The SAN of every move of ``context``, told apart from the others by file, rank or both."""
    board = context.board
    squares, columns, rows = board.squares, board.column_names, board.row_names
    names: list[str] = []
    # Moves of one kind of piece to one square (with one promotion, gating one piece, leaving one wall)
    # need their origins told apart. Keyed by letter, not kind: a promoted Queen (Q~) and a Queen are
    # both written Q.
    rivals: dict[tuple[object, ...], set[int]] = defaultdict(set)

    # A promotion tells moves apart only where it is a choice: micro shogi's captures, each turning its
    # piece over, are told apart by their origins (Gcxd3=B, Gdxd3=R), as Fairy-Stockfish writes them.
    promotions: dict[tuple[int, int], set[str | None]] = defaultdict(set)
    for move in context.moves:
        promotions[move.origin, move.target].add(move.promotion)

    def told_apart(move: Move) -> tuple[object, ...]:
        chosen = len(promotions[move.origin, move.target]) > 1
        return (context.letter(move.piece), move.target, move.promotion if chosen else None,
                move.gate and move.gate[1], move.created)

    for move in context.moves:
        if not move.dropped:
            rivals[told_apart(move)].add(move.origin)
    for move in context.moves:
        if move.dropped:
            # P@e5, as crazyhouse's SAN writes a drop; a piece dropped as its promoted side (Kyoto
            # shogi's) by the letter of the piece that lands, as Fairy-Stockfish writes it (B@a1).
            names.append(describe_move(board, move) if move.promotion is None
                         else f"{context.promotion_letter(move)}@{squares[move.target]}")
            continue
        castle = castling_side(context, move)
        if castle is not None:
            gate = move.gate
            names.append(castle if gate is None else f"{castle}/{_gate_letter(context, move)}{squares[gate[0]]}")
            continue
        letter = context.letter(move.piece)
        others = rivals[told_apart(move)] - {move.origin}
        column, row = board.column_of[move.origin], board.row_of[move.origin]
        # A piece without a letter is known by its file when it captures, as SAN writes pawns.
        show_column = bool(move.captures) and not letter
        show_row = False
        if others:
            same_column = any(board.column_of[o] == column for o in others)
            same_row = any(board.row_of[o] == row for o in others)
            show_row = same_column
            show_column = show_column or same_row or not same_column
        text = letter + (columns[column] if show_column else "") + (rows[row] if show_row else "")
        text += ("x" if move.captures else "") + squares[move.target]
        if move.promotion is not None:
            text += "=" + context.promotion_letter(move)
        if move.gate is not None:
            text += "/" + _gate_letter(context, move)
        names.append(text + "".join(f",{squares[square]}" for square in move.created if square != move.target))
    return _promoted_drops_told_apart(context, names)


def _promoted_drops_told_apart(context: Context, names: list[str]) -> list[str]:
    """``names`` with the drops of pieces entering as promoted sides of one SAN letter (micro shogi's
    promoted Bishop and Rook, both moving as the Gold: G@a1) written by those sides' letters in
    positions (+B@a1, +R@a1), which Fairy-Stockfish leaves alike."""
    board = context.board
    landing: dict[str, set[str]] = defaultdict(set)
    for move, name in zip(context.moves, names):
        if move.dropped:
            landing[name].add(move.promotion or move.piece)
    return [f"{board.pieces[move.promotion].letter.upper()}@{board.squares[move.target]}"
            if move.dropped and move.promotion is not None and move.promotion in board.pieces
            and len(landing[name]) > 1 else name
            for move, name in zip(context.moves, names)]


def check_mark(context: Context, move: Move) -> str:
    """``"+"`` when ``move`` leaves a royal piece of the player who moves next attacked (check),
    ``"#"`` when that player then has no legal move (mate), else ``""``.

    A move after which the mover moves again gives no check, and a check that cannot be worked out
    (a notation that runs away) is not marked: a mark is never a guess.
    """
    rules, position = context.rules, context.position
    if not rules.royal_kinds:
        return ""
    may_check = context.cache.get("may-check")
    if may_check is None:
        # Made once a position: most moves are then known to give no check without being made.
        may_check = context.cache["may-check"] = check_filter(
            rules, position, (position.turn + 1) % len(context.board.players))
    if not may_check(move):
        return ""
    undo = make_move(position, move)
    try:
        player = position.turn
        royals = royal_squares(rules, position, player)
        if player == move.player or not royal_attacked(rules, position, player, royals):
            return ""
        # A royal piece's own way out answers most checks, asked before every move of the side.
        escapes = any(legal_moves(rules, position, square) for square in royals)
        return "+" if escapes or legal_moves(rules, position) else "#"
    except RunawayNotation:
        return ""
    finally:
        unmake_move(position, undo)


def _gate_letter(context: Context, move: Move) -> str:
    """The letter of the piece a move gates in behind it (Seirawan's Hawk: ``Nc3/H``)."""
    assert move.gate is not None
    return context.letter(move.gate[1]) or context.board.pieces[move.gate[1]].letter.upper()


def _gate_fits(context: Context, move: Move, written: str) -> bool:
    """Whether the piece a name says gates in (``/H``) is the one the move gates in."""
    if move.gate is None:
        return False
    piece = context.board.pieces.get(move.gate[1])
    return written.upper() in {_gate_letter(context, move).upper(), piece.letter.upper() if piece else ""}


def read(context: Context, text: str) -> list[int] | None:
    """The indices of the moves ``text`` names in SAN, or ``None`` if it is not SAN."""
    board = context.board
    plain = _ANNOTATIONS.sub("", text.strip()).replace(" ", "")
    castling = _CASTLING.fullmatch(plain)
    if castling is not None:
        side = "O-O" if castling.group("side").count("-") == 1 else "O-O-O"
        gate, square = castling.group("gate"), castling.group("square")
        if square is not None and not board.has_square(square):
            return None
        found = [i for i, move in enumerate(context.moves) if castling_side(context, move) == side
                 and (gate is None or _gate_fits(context, move, gate))
                 and (square is None or (move.gate is not None and move.gate[0] == board.index(square)))]
        return _plainest(context, found, gate=gate is None)
    drop = _DROP.fullmatch(plain)
    if drop is not None:
        return _read_drop(context, drop.group("piece"), drop.group("target"))
    form = _FORM.fullmatch(plain)
    if form is None or not board.has_square(form.group("target")):
        return None
    target = board.index(form.group("target"))
    piece, column, row = form.group("piece"), form.group("column"), form.group("row")
    promotion, gate, made = form.group("promotion"), form.group("gate"), form.group("made")
    if made is not None and not board.has_square(made):
        return None
    made_at = board.index(made) if made is not None else None
    # A name without a letter but with its origin's square whole (g6g7+) is coordinates, read as such
    # (its '+' a promotion, not a check mark): SAN leaves out a letter only before a target or a file.
    kinds = _kinds(context, piece, left_out=row is None)
    by_target = context.cache.get("san-by-target")
    if by_target is None:
        by_target = context.cache["san-by-target"] = defaultdict(list)
        for i, move in enumerate(context.moves):
            by_target[move.target].append(i)
    found = []
    for i in by_target.get(target, ()):
        move = context.moves[i]
        if move.dropped or context.kind(move) not in kinds:
            continue  # a drop is read by its '@' alone
        if column is not None and board.column_names[board.column_of[move.origin]] != column:
            continue
        if row is not None and board.row_names[board.row_of[move.origin]] != row:
            continue
        # '/Q' is a gating piece where the move gates one, else a promotion written so (e8/Q).
        gate_as_promotion = gate is not None and promotion is None and move.gate is None
        if not context.matches_promotion(move, gate if gate_as_promotion else promotion):
            continue
        if gate is not None and not gate_as_promotion and not _gate_fits(context, move, gate):
            continue
        if made_at is not None and made_at not in move.created:
            continue
        if castling_side(context, move) is not None:
            continue  # a castling King's square (Chess960: one step, or none) names no castling
        found.append(i)
    return _plainest(context, found, gate=gate is None, promotion=promotion is None and gate is None)


def _plainest(context: Context, found: list[int], gate: bool = False, promotion: bool = False) -> list[int]:
    """``found`` without the moves that gate a piece in (``gate``) or promote (``promotion``) where the
    name wrote none and some of them do neither: ``Nc3`` is the Knight's move gating nothing, shogi's
    ``Rxf5`` the capture that does not promote, as Fairy-Stockfish writes them. (Every Pawn move to the
    last row promotes: ``e8`` stays all of them.)"""
    if gate:
        found = [i for i in found if context.moves[i].gate is None] or found
    if promotion:
        found = [i for i in found if context.moves[i].promotion is None] or found
    return found


def _read_drop(context: Context, letter: str | None, target: str) -> list[int] | None:
    """The drops of the piece ``letter`` names (its SAN letter or its letter in positions; ``None``:
    the pieces SAN writes without a letter) on ``target``: the piece that lands, which a drop as its
    promoted side (Kyoto shogi's ``+S@b5``) makes another than the one taken from the hand."""
    board = context.board
    if not board.has_square(target):
        return None
    square = board.index(target)
    kinds = _kinds(context, letter if letter is None else letter.upper())
    if letter is not None:
        kinds |= {i for i, piece in enumerate(context.rules.kinds[:len(board.pieces)])
                  if piece.letter.upper() == letter.upper()}
    index = context.rules.kind_index
    return [i for i, move in enumerate(context.moves) if move.dropped and move.target == square
            and (context.kind(move) if move.promotion is None else index.get(move.promotion, -1)) in kinds]


def _kinds(context: Context, letter: str | None, left_out: bool = True) -> set[int]:
    """The piece kinds a SAN letter stands for (none: the kinds written without a letter, or where
    there are none and ``left_out``, those whose letter SAN leaves out)."""
    board = context.board
    kinds = context.rules.kinds[:len(board.pieces)]
    named = {i for i, piece in enumerate(kinds) if context.letter(piece.name) == (letter or "")}
    if named or (letter is None and not left_out):
        return named
    if letter is None:
        # SAN leaves out the letter P: where no piece is written without a letter (Berolina's Pawn, P
        # in SAN as Fairy-Stockfish writes it), a name without one (ab3) is the moves of those lettered P.
        return {i for i, piece in enumerate(kinds) if piece.letter.upper() == _LEFT_OUT}
    # A letter no piece is named by may still be a piece's letter in positions (P for the Pawn), or
    # else the initial of its name (H for a Horse lettered N, as Fairy-Stockfish's xiangqi SAN has it).
    return ({i for i, piece in enumerate(kinds) if piece.letter.upper() == letter}
            or {i for i, piece in enumerate(kinds) if piece.name[:1].upper() == letter})
