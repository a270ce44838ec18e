"""A board as a Fairy-Stockfish variants.ini section, said in Betza where it can be and otherwise
inheriting from the built-in variant that plays as the board does.

Betza cannot say a pawn's double step, castling or drops, so most boards of chess's family are told
to Fairy-Stockfish as one of its built-in variants, with the board's start and its other pieces. A
parent is taken only when the board it makes here plays as the board itself does: the same rules,
game ends and royal pieces, and the same legal moves, by name, with the same end of the game, on
random games from the board's start; a section in Betza is played so too. The tests hold the sections so made against Fairy-Stockfish
itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dagaz_studio.board import Board, parse_board
from dagaz_studio.engine import CancelFlag, Position, Rules, RunawayNotation, fen, game_over, legal_moves, make_move
from dagaz_studio.names import name_moves
from dagaz_studio.variants_ini import IniError, import_file
from dagaz_studio.variants_ini.export import builtin_boards, export_fsf, parent_sections

#: Random games played from the start on the board and on the parent's, and their length: enough for
#: promotions, captures into the hand and their drops, castling and en passant to come up. A parent
#: that passes them is played again longer, taking whatever it can half the time, for what comes up
#: seldom (an explosion beside a King that withstands it).
GAMES = 4
PLIES = 40
LONGER = (12, 80)
#: The most moves the longer games name on each board, so a board of a thousand moves a position (Duck
#: chess's moves and duck placements) is played over fewer of them.
LONGER_MOVES = 100_000


class ExportCancelled(Exception):
    """An export stopped because whoever asked for it cancelled it (nothing wrong with the board)."""


def _stop_if_cancelled(cancel: CancelFlag | None) -> None:
    if cancel is not None and cancel.is_set():
        raise ExportCancelled()


@dataclass(frozen=True)
class _Parted:
    """Where a built-in variant's board first plays otherwise than the board."""

    parent: str
    where: str
    in_play: bool = False


def export_board(board: Board, cancel: CancelFlag | None = None) -> str:
    """The board as a variants.ini section: its pieces in Betza, or else inheriting from the first
    built-in variant of its size that plays as it does; either way played against the board. Raises :class:`IniError` saying why neither
    serves, and where the nearest built-in parted from the board; :class:`ExportCancelled` once
    ``cancel`` is set (it is looked at between built-ins and between the moves of the games played)."""
    try:
        said = export_fsf(board)
    except IniError as error:
        plain = error
    else:
        # Played too, as a parent's section is: the export promises a section checked to play as the board.
        parted = _parted(board, "", said, cancel)
        if parted is None:
            return said
        plain = IniError(f"board {board.name}: its pieces said in Betza play otherwise in Fairy-Stockfish "
                         f"({parted.where})")
    # The built-ins are read on the first export, which takes a second or more: cancellable between them.
    builtin_boards(stop=lambda: cancel is not None and cancel.is_set())
    _stop_if_cancelled(cancel)
    nearest: _Parted | None = None
    for parent, text in parent_sections(board):
        _stop_if_cancelled(cancel)
        # The parent's own rules first: most built-ins of the size part there, unimported and unplayed.
        differs = _rules_differ(board, builtin_boards()[parent], as_section=False)
        parted = _Parted(parent, differs) if differs else _parted(board, parent, text, cancel)
        if parted is None:
            return _without_same_start(board, parent, text)
        # The nearest: the first that parted only in play, else the first of all.
        if nearest is None or (parted.in_play and not nearest.in_play):
            nearest = parted
    if nearest is None:
        raise plain
    if not nearest.in_play:
        # No built-in came near enough to play: naming the first one tried would say nothing.
        raise IniError(f"{plain.message}; nor does a built-in variant of its size have its rules, game ends "
                       f"and pieces")
    raise IniError(f"{plain.message}; nor does a built-in variant play as it does (the nearest, "
                   f"[{nearest.parent}], {nearest.where})")


def _without_same_start(board: Board, parent: str, text: str) -> str:
    """``text`` without its ``startFen`` where the parent starts in the same position, written otherwise."""
    start = fen(Rules(board), Position.initial(board))
    try:
        parent_board = builtin_boards()[parent]
        same = fen(Rules(parent_board), Position.initial(parent_board)) == start
    except ValueError:
        same = False
    return "".join(line for line in text.splitlines(keepends=True) if not (same and line.startswith("startFen = ")))


def _parted(board: Board, parent: str, text: str, cancel: CancelFlag | None) -> _Parted | None:
    """Where the board the section ``text`` makes plays otherwise than ``board``, or ``None``."""
    try:
        done, refused = import_file(text)
        other = parse_board(done[0].text) if done else None
    except ValueError as error:
        return _Parted(parent, f"does not import: {error}")
    if other is None:
        return _Parted(parent, f"does not import: {refused[0].message if refused else 'no section'}")
    differs = _rules_differ(board, other)
    if differs:
        return _Parted(parent, differs)
    return (_play_differs(board, other, parent, (GAMES, PLIES), cancel)
            or _play_differs(board, other, parent, LONGER, cancel, greedy=True))


def game_ends(board: Board) -> set[tuple[object, ...]]:
    """The board's game ends, their pieces by letter and their zones by squares, as two boards compare them."""
    letters = {name: piece.letter.upper() for name, piece in board.pieces.items()}
    return {(end.kind, tuple(sorted(letters.get(name, name) for name in end.pieces)), end.count, end.options,
             tuple(tuple(sorted(board.zones[end.zone].squares_for(player))) if end.zone in board.zones else ()
                   for player in board.players))
            for end in board.ends}


#: Rules left to play to compare: a piece may not stop where it could never move again shows in the
#: moves listed, and is nothing where a piece's moves never leave it so (Grand chess's pawns promote).
PLAYED_RULES = frozenset({"immobility-illegal"})


def _rules_differ(board: Board, other: Board, as_section: bool = True) -> str:
    """What of the board's rules, game ends and royal or extinction pieces ``other`` says otherwise.
    Not ``as_section``: ``other`` is the parent itself, before the section adds a shuffled start
    (chess960) and its pieces, so only its rules and game ends are compared."""
    left_out = PLAYED_RULES if as_section else PLAYED_RULES | {"shuffled-setup"}
    ours, theirs = board.rules.words - left_out, other.rules.words - left_out
    if ours != theirs:
        return f"has the rules {sorted(theirs) or 'none'}, not {sorted(ours) or 'none'}"
    if game_ends(board) != game_ends(other):
        return "ends the game otherwise"
    if not as_section:
        return ""
    theirs = {piece.letter.upper(): piece for piece in other.pieces.values()}
    for piece in board.pieces.values():
        twin = theirs.get(piece.letter.upper())
        if twin is None or (twin.royal, twin.extinction) != (piece.royal, piece.extinction):
            return f"has no {piece.name} of its letter {piece.letter} as royal or extinct as the board's"
    return ""


def _play_differs(board: Board, other: Board, parent: str, length: tuple[int, int], cancel: CancelFlag | None,
                  greedy: bool = False) -> _Parted | None:
    """Where ``length``'s count of random games of its count of plies from the board's start, played
    on both boards alike (the history too: a pass, a check given), first list other moves, or end
    otherwise, on ``other``. ``greedy``: a move that takes is chosen half the time where there is one."""
    games, plies = length
    ours, theirs = Rules(board), Rules(other)
    rng = random.Random(board.name)
    named_in_all = 0
    for _ in range(games):
        position = Position.initial(board)
        start = fen(ours, position)
        try:
            there = Position.from_fen(other, start)
        except ValueError as error:
            return _Parted(parent, f"does not read the start {start}: {error}")
        for _ in range(plies):
            _stop_if_cancelled(cancel)
            try:
                moves = legal_moves(ours, position, cancel=cancel)
            except RunawayNotation as error:
                _stop_if_cancelled(cancel)  # a run cancelled stops as one that ran away does
                # The board's own notation runs away: no section could say what it does.
                raise IniError(f"board {board.name}: at {fen(ours, position)}: {error}") from None
            try:
                moves_there = legal_moves(theirs, there, cancel=cancel)
            except RunawayNotation as error:
                _stop_if_cancelled(cancel)
                return _Parted(parent, f"at {fen(ours, position)}: runs away: {error}", True)
            # Moves found by a run cancelled midway may be some only: nothing is judged by them.
            _stop_if_cancelled(cancel)
            named = dict(zip(name_moves(ours, position, moves, "uci"), moves))
            named_there = dict(zip(name_moves(theirs, there, moves_there, "uci"), moves_there))
            if named.keys() != named_there.keys():
                only = sorted(named.keys() - named_there.keys())[:3] or sorted(named_there.keys() - named.keys())[:3]
                whose = "the board's" if named.keys() - named_there.keys() else "its"
                return _Parted(parent, f"at {fen(ours, position)}: {', '.join(only)} only {whose}", True)
            over, over_there = game_over(ours, position, moves), game_over(theirs, there, moves_there)
            if (over and (over.rule, over.winner)) != (over_there and (over_there.rule, over_there.winner)):
                return _Parted(parent, f"at {fen(ours, position)}: the game ends otherwise", True)
            named_in_all += len(moves)
            if not moves or (greedy and named_in_all > LONGER_MOVES):
                break
            taking = sorted(name for name, move in named.items() if move.captures)
            chosen = rng.choice(taking if greedy and taking and rng.random() < 0.5 else sorted(named))
            make_move(position, named[chosen])
            make_move(there, named_there[chosen])
    return None
