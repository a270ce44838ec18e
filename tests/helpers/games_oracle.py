"""One harness that checks shipped boards against Fairy-Stockfish (``pyffish``).

A game is played from its start by seeded random moves chosen among Fairy-Stockfish's legal moves;
at every position the board's legal moves, named in the ``uci`` style, must equal Fairy-Stockfish's
move strings, the move chosen is read back from its name and played by the interpreter, and the two
positions must agree (placement, side to move, castling rights). Positions where Fairy-Stockfish ends
the game by a rule a board file does not state (a bare king, a race won, repetitions) end that game;
where the board states it (``FairyGame.ends``: Atomic's exploded King, Breakthrough's last row,
Janggi's passes), they are compared as any other.

Fairy-Stockfish's FEN and the board's FEN differ in a few conventions, converted by :func:`from_fairy`:
promoted pieces are marked ``~``, some games leave out the castling and en-passant fields, Makruk
inserts its counting fields, and Berolina names the en-passant square with the capturing square.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache

import pytest

from dagaz_studio.board import Board
from dagaz_studio.engine import Move, Rules
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from tests.helpers.engine_helpers import shipped

sf = pytest.importorskip("pyffish")


@dataclass(frozen=True)
class FairyGame:
    """A shipped board and the Fairy-Stockfish variant that plays the same game."""

    board: str
    variant: str
    rare: tuple[str, ...] = ()  # kinds of move 500 random positions must include: promotions, castlings…
    passes: bool = False  # the engine lets a player pass (a move from a square to itself) and the board
    # does not: such moves are left out of the comparison and never played
    captures: bool = True  # whether the game captures at all (placing games change pieces' sides instead)
    perft_depth: int = 2  # the deepest perft from the start a default test run counts (slow runs one more)
    ends: bool = False  # the board states how Fairy-Stockfish ends the game (a player's last King
    # exploded, a Pawn on the last row): the positions it ends are compared too, and must have no move


#: The shipped games Fairy-Stockfish plays, each with its variant there.
FAIRY_GAMES = [
    FairyGame("makruk", "makruk", ("promotions",)),
    FairyGame("shatranj", "shatranj", ("promotions",)),
    FairyGame("capablanca", "capablanca", ("promotions",)),
    FairyGame("grand", "grand", ("promotions",)),
    FairyGame("berolina", "berolina", ("promotions",)),
    FairyGame("knightmate", "knightmate", ("promotions",)),
    FairyGame("minixiangqi", "minixiangqi"),
    # Two passes in a row end the game (end passes), and in the tournament rules a pass while the
    # Generals face each other (end facing): those positions are compared too.
    FairyGame("janggi", "janggicasual", ("passes",), ends=True),
    FairyGame("janggi-tournament", "janggi", ("passes",), ends=True),
    # A Pawn on the last row ends the game (end reach).
    FairyGame("breakthrough", "breakthrough", ends=True),
    FairyGame("clobber", "clobber"),
    FairyGame("othello", "flipello", ("passes", "turned"), captures=False),
    FairyGame("ataxx", "ataxx", ("turned",), captures=False),
    # Every move of an amazon makes an arrow; two thousand moves a position make perft 2 too long
    # for a default run (4,307,152 moves).
    FairyGame("amazons", "amazons", ("created",), captures=False, perft_depth=1),
    # The same construct leaving a wall on the square a piece leaves.
    FairyGame("snailtrail", "snailtrail", ("created",), captures=False, perft_depth=4),
    # A King blown up ends the game (the King's 'extinction' flag): those positions are compared too.
    FairyGame("atomic-chess", "atomic", ("promotions", "game_ends"), ends=True),
]


def fairy_game(board: str) -> FairyGame:
    """The game of :data:`FAIRY_GAMES` played on the shipped board ``board``."""
    return next(game for game in FAIRY_GAMES if game.board == board)


def fairy_moves(game: FairyGame, fen: str, played: list[str]) -> list[str]:
    """Fairy-Stockfish's legal moves, less the passes a board cannot say yet."""
    moves = sf.legal_moves(game.variant, fen, played)
    if game.passes:
        moves = [move for move in moves if not _is_pass(move)]
    return moves


def _is_pass(move: str) -> bool:
    squares = re.findall(r"[a-z]\d+", move)
    return len(squares) == 2 and squares[0] == squares[1]


def from_fairy(board: Board, fen: str) -> str:
    """A Fairy-Stockfish FEN written in the board's conventions (six fields, no ``~`` marks or hand)."""
    fields = fen.split()
    placement = fields[0].replace("~", "")
    if "[" in placement:
        placement = placement[: placement.index("[")]
    side = fields[1] if len(fields) > 1 else "w"
    rest = fields[2:]
    castling = rest[0] if rest and rest[0].isalpha() or rest[:1] == ["-"] else "-"
    en_passant = "-"
    if len(rest) > 1 and not rest[0].isdigit():
        square = rest[1]
        en_passant = square if board.has_square(square) else "-"
    numbers = [field for field in rest if field.isdigit()]
    halfmove, fullmove = (numbers[-2], numbers[-1]) if len(numbers) >= 2 else ("0", "1")
    return " ".join([placement, side, castling, en_passant, halfmove, fullmove])


def comparable(fen: str) -> tuple[str, str, str]:
    """What both engines must agree on after the same moves: placement, side to move, castling (not
    the pieces in hand, which a board with an unlimited supply does not list)."""
    fields = fen.split()
    return fields[0].split("[")[0], fields[1], fields[2]


def uci_names(rules: Rules, position: Position) -> MoveNames:
    """The legal moves of ``position`` named in the ``uci`` style."""
    return MoveNames(rules, position, style="uci")


@dataclass
class Played:
    """What a run of random games covered."""

    positions: int = 0
    captures: int = 0
    ended_by_rule: int = 0
    without_moves: int = 0
    promotions: int = 0  # moves played of each rare kind, so a test can ask that they happened
    castlings: int = 0
    captures_elsewhere: int = 0  # en passant: a capture where the piece does not land
    passes: int = 0
    turned: int = 0  # moves that changed a piece's side where it stands
    created: int = 0  # moves that made a new piece (an arrow)
    game_ends: int = 0  # positions compared where Fairy-Stockfish ends the game by a rule the board states


def compare_random_games(game: FairyGame, positions: int, seed: int) -> Played:
    """Play seeded random games until ``positions`` positions have been compared; raise on a difference."""
    board, rules = shipped(game.board)
    rng = random.Random(seed)
    start = sf.start_fen(game.variant)
    assert comparable(from_fairy(board, start)) == comparable(board.setup), "the boards' starts differ"
    seen = Played()
    while seen.positions < positions:
        position = Position.initial(board)
        played: list[str] = []
        fen = start
        fens = [start]
        for _ in range(rng.randrange(20, 220)):
            if seen.positions == positions:
                break
            # Fairy-Stockfish is asked from the FEN two moves back with those two moves rather than
            # the whole game: its legal moves depend on no more history than that (two passes in a
            # row, Generals facing after a pass), and replaying the game every time costs the most.
            recent = played[-2:]
            root = fens[-1 - len(recent)]
            ended = sf.is_immediate_game_end(game.variant, root, recent)[0]
            if ended and not game.ends:
                seen.ended_by_rule += 1
                break
            seen.game_ends += ended
            expected = fairy_moves(game, root, recent)
            names = uci_names(rules, position)
            got = sorted(names.names)
            assert got == sorted(expected), f"{game.board}: {fen} after {' '.join(played)}"
            seen.positions += 1
            ours = from_fairy(board, fen)
            assert comparable(position.fen()) == comparable(ours), f"{game.board}: positions differ after {played}"
            read = Position.from_fen(board, ours)
            assert comparable(read.fen()) == comparable(ours), f"{game.board}: {ours} does not read back"
            if not expected:
                seen.without_moves += 1
                break
            # Rare moves (castling, promotion, en passant) are played whenever they come up and
            # captures more often than chance would, so that games reach every rule and thin endings.
            moves = {m: names.read(m) for m in expected}
            rare = [m for m, move in moves.items() if _rare(move)]
            captures = [m for m, move in moves.items() if move.captures]
            if rare and rng.random() < 0.7:
                choice = rng.choice(rare)
            elif captures and rng.random() < 0.5:
                choice = rng.choice(captures)
            else:
                choice = rng.choice(expected)
            move = moves[choice]
            seen.captures += bool(move.captures)
            seen.promotions += move.promotion is not None
            seen.castlings += bool(move.also)
            seen.captures_elsewhere += any(square != move.target for square in move.captures)
            seen.passes += move.passes
            seen.turned += _turns(position, move)
            seen.created += bool(move.created)
            make_move(position, move)
            played.append(choice)
            fen = sf.get_fen(game.variant, fen, [choice])
            fens.append(fen)
    return seen


def _turns(position: Position, move: Move) -> bool:
    """Whether ``move`` (not yet made) leaves a piece of another side standing where it was, now the mover's."""
    cells = position.cells
    return any(piece is not None and (was := cells[square]) is not None and was.player != piece.player
               and was.kind == piece.kind and piece.player == move.player and square != move.target
               for square, piece in move.changes)


def _rare(move: Move) -> bool:
    return move.promotion is not None or bool(move.also) or any(square != move.target for square in move.captures)


@cache
def fairy_perft(game: FairyGame, fen: str, depth: int, recent: tuple[str, ...] = ()) -> int:
    """Fairy-Stockfish's perft, counted from its legal moves (passes left out where the board has none).

    ``recent``, the moves made from ``fen``: the last two are kept, as its legal moves may depend on
    them (two passes in a row, Generals facing after a pass)."""
    moves = fairy_moves(game, fen, list(recent))
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        root, after = fen, recent + (move,)
        if len(after) > 2:
            root, after = sf.get_fen(game.variant, fen, [after[0]]), after[1:]
        total += fairy_perft(game, root, depth - 1, after)
    return total


def our_perft(game: FairyGame, depth: int, fen: str | None = None) -> int:
    """The board's perft from its setup (or ``fen``)."""
    board, rules = shipped(game.board)
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    return perft(rules, position, depth)


def legal_uci(game: FairyGame, fen: str) -> set[str]:
    """The board's legal moves in ``fen`` (the board's conventions), as UCI strings."""
    board, rules = shipped(game.board)
    position = Position.from_fen(board, fen)
    return set(MoveNames(rules, position, legal_moves(rules, position), style="uci").names)
