"""Castling rights in FEN: which royal pieces (and pieces flagged ``castles``) and which of their
partners have not moved, read from a FEN's castling field and written back to it, as X-FEN (``KQkq``)
or, after a shuffled start, Shredder-FEN (the partners' columns). Read and written for
:class:`~dagaz_studio.engine.position.Position`. On a board with a gate (:mod:`~dagaz_studio.engine.gates`)
the field names the gates too: the columns of the unmoved pieces a piece from hand may enter behind.
"""

from __future__ import annotations

from dagaz_studio.board.model import Board
from dagaz_studio.board.placement import player_letter, setup_placement
from dagaz_studio.board.problems import echoed
from dagaz_studio.engine.fen_forms import column_rights_field, read_column_rights
from dagaz_studio.engine.state import FenError, Piece, PositionState


def mark_unmoved_from_setup(position: PositionState) -> None:
    # Without history, a piece standing where the board's setup puts the same piece is taken
    # as never moved (a pawn on its starting row may still make its double step).
    if not setup_placement(position.board):
        return
    for square, piece in enumerate(position.cells):
        if piece is not None and _at_home(position, square, piece.player):
            position.cells[square] = piece._replace(moved=False)


def apply_castling_rights(position: PositionState, field: str, fen: str) -> None:
    # FEN castling rights say which royal pieces (or pieces flagged ``castles``) and which of their
    # partners have not moved. A royal piece is unmoved iff its player keeps a right. K/Q name the
    # outermost partner on that side of the royal's row (X-FEN), a column letter the partner on
    # that column (Shredder-FEN); those are unmoved, and the other partners that could castle
    # (on the setup's corners, or any of their kind on a board with shuffled starts) have moved.
    rights: set[str] = set() if field == "-" else set(field)
    if any(not (c.isascii() and c.isalpha()) for c in rights):
        raise FenError(f"castling rights '{echoed(field)}': expected '-' or letters (KQkq, or column letters)",
                       fen, "castling rights")
    if rights and len(rights) < len(field):
        raise FenError(f"castling rights '{echoed(field)}' name a right twice", fen, "castling rights")
    if position.board.rules.rights_by_column:
        read_column_rights(position, rights, field, fen)
        return
    board = position.board
    if not board.carries_pieces:
        return  # nothing castles here: rights a FEN gives anyway (KQkq on Xiangqi) are none, as Fairy-Stockfish reads them
    shuffled = board.rules.shuffled_setup
    for player in range(min(2, len(board.players))):
        player_rights = {c for c in rights if (c.isupper() if player == 0 else c.islower())}
        royal_squares = [s for s, p in enumerate(position.cells)
                         if p is not None and p.player == player and _castles(position, p)]
        partner_kinds = partner_kinds_of(position, player)
        chosen: set[int] = set()
        limits = _home_partner_columns(position, player, partner_kinds)
        for c in sorted(player_rights):
            picked: list[int] = []
            for square in royal_squares:
                east, west = _row_partners(position, square, player, partner_kinds)
                if c.lower() == "k":
                    picked += [s for s in east if board.column_of[s] <= limits[0]][-1:]
                elif c.lower() == "q":
                    picked += [s for s in west if board.column_of[s] >= limits[1]][:1]
                else:
                    picked += [s for s in east + west if board.column_names[board.column_of[s]] == c.lower()]
            if not picked:
                raise FenError(f"castling right {c!r} names no piece", fen, "castling rights")
            chosen.update(picked)
        if not shuffled and player_rights and setup_placement(board):
            _refuse_shuffled(position, player, field, royal_squares, chosen, fen)
        rows = {board.row_of[s] for s in royal_squares}
        others = _setup_corners(position, player) + [
            s for s, p in enumerate(position.cells) if p is not None and p.player == player
            and partner_kinds is not None and p.kind in partner_kinds and board.row_of[s] in rows]
        moved = {s: not player_rights for s in royal_squares} | {s: s not in chosen for s in [*chosen, *others]}
        for s, has_moved in moved.items():
            piece = position.cells[s]
            if piece is not None and piece.player == player:
                position.cells[s] = piece._replace(moved=has_moved)


def _refuse_shuffled(position: PositionState, player: int, field: str, royal_squares: list[int], chosen: set[int], fen: str) -> None:
    """Raise :class:`FenError` for castling rights that only a shuffled start (Chess960) gives: a
    royal piece or a partner on a square where the setup puts no piece of its kind and side."""
    board = position.board
    for square in sorted(royal_squares) + sorted(chosen):
        piece = position.cells[square]
        # A piece dropped unmoved on its zone (drop-unmoved) keeps its rights wherever the setup has it.
        dropped = board.drop_unmoved.get(position.kinds[piece.kind].name) if piece is not None else None
        if dropped is not None and square in board.zones[dropped].squares_for(board.players[player]):
            continue
        if piece is not None and not _at_home(position, square, player):
            raise FenError(f"castling rights '{echoed(field)}' castle with the piece on {board.squares[square]}, where the "
                           "setup puts none of its kind: a shuffled start (Fischer random, 960), which this board does "
                           f"not allow ('rule: shuffled-setup' in a board file allows it)", fen, "castling rights")


def partner_kinds_of(position: PositionState, player: int) -> set[int] | None:
    """The kinds a castling piece castles with: those its notation names (``=Rook`` in chess's King),
    or, where it names none, those the setup puts on the player's castling corners."""
    names = [piece.name for piece in position.kinds]
    named = {names.index(name) for name in position.board.castling_partners if name in names}
    if named:
        return named
    setup = setup_placement(position.board)
    found = {names.index(setup[s][1].name) for s in _setup_corners(position, player) if setup[s][1].name in names}
    return found or None  # no setup to tell: any piece of the row


def _row_partners(position: PositionState, square: int, player: int,
                  partner_kinds: set[int] | None = None) -> tuple[list[int], list[int]]:
    """The player's non-royal pieces in ``square``'s row (only those of ``partner_kinds`` if given):
    those east of it and those west, by column."""
    return _sides(position.board, square, [
        s for s, p in enumerate(position.cells) if p is not None and p.player == player
        and not _castles(position, p) and (partner_kinds is None or p.kind in partner_kinds)])


def _sides(board: Board, square: int, squares: list[int]) -> tuple[list[int], list[int]]:
    """Those of ``squares`` in ``square``'s row (on its level, on a board of levels) east of it and
    those west, by column."""
    row, column, level = board.row_of[square], board.column_of[square], board.level_of[square:square + 1]
    same_row = sorted((s for s in squares if board.row_of[s] == row and board.level_of[s:s + 1] == level),
                      key=board.column_of.__getitem__)
    return ([s for s in same_row if board.column_of[s] > column],
            [s for s in same_row if board.column_of[s] < column])


def _home_partner_columns(position: PositionState, player: int, partner_kinds: set[int] | None) -> tuple[int, int]:
    """The columns ``K`` and ``Q`` look inwards from for their partner: the outermost partners the
    setup puts east and west of the player's castling piece (Shako's Rooks, inside its cannons),
    as Fairy-Stockfish reads them; the board's edges without a setup to tell."""
    board = position.board
    sides = _setup_partners(position, player, partner_kinds)
    east, west = sides[0] if sides else ([], [])
    return (board.column_of[east[-1]] if east else len(board.column_names)), (board.column_of[west[0]] if west else -1)


def _setup_corners(position: PositionState, player: int) -> list[int]:
    """Where the board's setup puts the outermost pieces of the player's royal row, on each side."""
    return [s for east, west in _setup_partners(position, player) for s in east[-1:] + west[:1]]


def _setup_partners(position: PositionState, player: int,
                    partner_kinds: set[int] | None = None) -> list[tuple[list[int], list[int]]]:
    """For each castling piece the board's setup gives the player, where it puts his other pieces of
    its row (only those of ``partner_kinds`` if given): those east of it and those west, by column."""
    board = position.board
    names = [piece.name for piece in position.kinds]
    setup = setup_placement(board)
    mine = {s: t.name for s, (owner, t) in setup.items() if owner == player}
    partners = [s for s, name in mine.items() if name not in board.castling_kinds
                and (partner_kinds is None or names.index(name) in partner_kinds)]
    return [_sides(board, square, partners) for square, name in mine.items() if name in board.castling_kinds]


def castling_field(position: PositionState) -> str:
    """The castling rights: for each unmoved royal piece, each unmoved partner in its row, the
    outermost on each side. ``KQkq``, or on a board with shuffled starts, unless every right is
    one of the setup's (the royal piece and its partner where the setup puts pieces of their kinds),
    each right by its partner's column, east side first (Shredder-FEN, as Fairy-Stockfish writes
    Chess960 positions)."""
    board = position.board
    if board.rules.rights_by_column:
        return column_rights_field(position)
    rights: list[tuple[int, str, int]] = []
    standard = not board.rules.shuffled_setup
    unmoved_castlers = {s: p.player for s, p in enumerate(position.cells)
                        if p is not None and _castles(position, p) and not p.moved}
    for player in (0, 1):
        partner_kinds = partner_kinds_of(position, player)
        for royal in [s for s, owner in unmoved_castlers.items() if owner == player]:
            east, west = ([s for s in side if (partner := position.cells[s]) is not None and not partner.moved]
                          for side in _row_partners(position, royal, player, partner_kinds))
            rights += [(player, "k", s) for s in east[-1:]] + [(player, "q", s) for s in west[:1]]
    standard = standard or not position.castling_by_column and all(
        _at_home(position, square, player) for player, _, square in rights) and all(
        _at_home(position, s, owner) for s, owner in unmoved_castlers.items())
    letters = [player_letter(side if standard else board.column_names[board.column_of[square]], player)
               for player, side, square in rights]
    if board.gate is not None:
        letters = sorted(letters + gate_letters(position, rights, standard), key=str.islower)
    return "".join(dict.fromkeys(letters)) or "-"


def _at_home(position: PositionState, square: int, player: int) -> bool:
    """Whether the setup puts a piece of the player's of the same kind as the one on ``square`` there."""
    home, piece = setup_placement(position.board).get(square), position.cells[square]
    return (home is not None and piece is not None and home[0] == player
            and home[1].name == position.kinds[piece.kind].name)


def _castles(position: PositionState, piece: Piece | None, castlers: frozenset[str] | None = None) -> bool:
    """Whether FEN's castling rights name the pieces of this piece's row: a royal piece, or one
    flagged ``castles`` (a King that is not royal), that castles (:attr:`Board.castling_kinds`); with
    ``castlers``, whether the piece is one of those (:attr:`Board.castlers`, a gate's castling pieces)."""
    kinds = position.kinds
    names = position.board.castling_kinds if castlers is None else castlers
    return piece is not None and piece.kind < len(kinds) and kinds[piece.kind].name in names


def read_castling_and_gates(position: PositionState, field: str, fen: str) -> None:
    """Read the castling field of a board with a gate: K/Q, and the columns of castling partners where
    the player's castling piece is named (by K/Q or by its column), are castling rights, read as on
    any board; every other column letter names an unmoved piece of the gate zone. The pieces of the
    zone it names are unmoved, the others moved. A player who holds nothing to enter, where captures
    do not fill his hand, has no gates written: a partner's column is his castling right alone, the
    castling piece unnamed (``HA`` after a shuffled start), as Fairy-Stockfish reads it."""
    board, cells = position.board, position.cells
    players = range(min(2, len(board.players)))
    zones = [board.zones[board.gate].squares_for(board.players[p]) if board.gate else frozenset() for p in players]
    partners = [partner_kinds_of(position, p) or set() for p in players]
    castling: list[str] = []
    gates: set[int] = set()
    named: list[bool] = []
    for player in players:
        letters = [c for c in field if c.isalpha() and (c.isupper() if player == 0 else c.islower())]
        mine = {board.column_names[board.column_of[s]]: s for s in zones[player]
                if (piece := cells[s]) is not None and piece.player == player}
        castlers = {s for s in mine.values() if _castles(position, cells[s], board.castlers)}
        gating = board.rules.captures_to_hand or bool(position.hands and any(position.hands[player]))
        named.append(any(c.lower() in "kq" or mine.get(c.lower()) in castlers for c in letters) or not gating and any(
            (held := cells[mine[c.lower()]]) is not None and held.kind in partners[player]
            for c in letters if c.lower() in mine))
        for c in letters:
            square = mine.get(c.lower())
            if c.lower() in "kq" or (named[-1] and square is not None and square not in castlers
                                     and (held := cells[square]) is not None and held.kind in partners[player]):
                castling.append(c)
            elif square is not None:
                gates.add(square)
            else:
                raise FenError(f"castling right or gate {c!r} names no piece", fen, "castling rights")
    apply_castling_rights(position, "".join(castling) or "-", fen)
    position.castling_by_column = bool(set(castling) - set("KQkq"))
    for player in players:
        for s in zones[player]:
            piece = cells[s]
            if piece is None or piece.player != player:
                continue
            if _castles(position, piece, board.castlers):
                cells[s] = piece._replace(moved=not named[player])
            elif s in gates or piece.kind not in partners[player]:
                cells[s] = piece._replace(moved=s not in gates)


def gate_letters(position: PositionState, rights: list[tuple[int, str, int]], standard: bool) -> list[str]:
    """The column letters of each player's unmoved pieces of the gate zone that his castling rights
    (``rights``: player, side, partner's square) do not name already, as Fairy-Stockfish writes them
    after them: while the player holds a piece, or where captures go to the hand; a castling piece
    with a right written K/Q is named by it."""
    board = position.board
    out: list[str] = []
    for player in range(min(2, len(board.players))):
        if board.gate is None or not (any(position.hands[player]) or board.rules.captures_to_hand):
            continue
        named = {square for p, _, square in rights if p == player}
        castles = any(p == player for p, _, _ in rights)
        for s in sorted(board.zones[board.gate].squares_for(board.players[player]), key=board.column_of.__getitem__):
            piece = position.cells[s]
            if (piece is None or piece.player != player or piece.moved or s in named
                    or (standard and castles and _castles(position, piece, board.castlers))):
                continue
            out.append(player_letter(board.column_names[board.column_of[s]], player))
    return out
