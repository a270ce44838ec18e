"""One harness that checks shipped draughts boards against pydraughts.

pydraughts writes positions as PDN FEN (``W:W21,22:B1,K2``; Russian and Brazilian with the squares'
names, ``W:Wa1,c3:Bb6``), read and written here by :mod:`dagaz_studio.pdn`, and names moves by
numbered squares, read here by the ``numbers`` style (Russian and Brazilian moves turned into the
squares' names by pydraughts' own converter, and read by the ``algebraic`` style).
Moves are compared as (start, end, squares captured): pydraughts names two capture paths that take
the same pieces to the same square as one move, and so does this comparison. Random play follows
every rule pydraughts plays, Frisian draughts' limit on a King's quiet moves in a row included: both
sides count those moves from the start of each game (pydraughts from its own move stack).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from dagaz_studio.board import Board
from dagaz_studio.engine import Move
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from dagaz_studio.pdn import fen_from_pdn, pdn_from_position, square_numbers
from tests.helpers.engine_helpers import shipped

draughts = pytest.importorskip("draughts")
convert = pytest.importorskip("draughts.convert")

MoveKey = tuple[str, str, frozenset[str]]


@dataclass(frozen=True)
class DraughtsGame:
    """A shipped board and the pydraughts variant that plays the same game."""

    board: str
    variant: str
    #: Squares by their names (a1 …), as pydraughts writes Russian and Brazilian positions.
    algebraic: bool = False


#: Every shipped draughts board with the pydraughts variant that plays it, and their ids for pytest.
GAMES = [
    DraughtsGame("checkers", "english"),
    DraughtsGame("russian", "russian", algebraic=True),
    DraughtsGame("international", "standard"),
    DraughtsGame("brazilian", "brazilian", algebraic=True),
    DraughtsGame("frisian", "frisian"),
]
IDS = [game.board for game in GAMES]


def square_names(board: Board, algebraic: bool) -> dict[int, str]:
    """pydraughts' square numbers -> the squares' names on the board. pydraughts numbers Russian and
    Brazilian squares from a1 and turns them into names with its own converter; the other games'
    numbers are the board's draughts numbers."""
    if algebraic:
        return {number: convert._numeric_to_algebraic_square(str(number), len(board.column_names) // 2)
                for number in range(1, len(square_numbers(board)) + 1)}
    return {number: board.squares[s] for s, number in square_numbers(board).items()}


def their_name(game: DraughtsGame, move: object) -> str:
    """pydraughts' name of a move, in the squares' names for a game written so (``c3:e5:g7``)."""
    name: str = move.pdn_move  # type: ignore[attr-defined]
    if game.algebraic:
        name = convert._number_to_algebraic(name, variant=game.variant).replace("x", ":")
    return name


def their_moves(board: Board, position: draughts.Board, algebraic: bool = False) -> dict[MoveKey, object]:
    """pydraughts' legal moves by (start, end, captured squares), squares by their names on the board."""
    names = square_names(board, algebraic)
    return {(names[m.steps_move[0]], names[m.steps_move[-1]], frozenset(names[c] for c in m.captures)): m
            for m in position.legal_moves()}


def our_key(board: Board, move: Move) -> MoveKey:
    return (board.squares[move.origin], board.squares[move.target],
            frozenset(board.squares[s] for s in move.captures))


def pdn_parts(fen: str) -> tuple[str, frozenset[str]]:
    """A PDN FEN as its side to move and the set of its colour-marked pieces (order does not matter)."""
    side, *parts = fen.split(":")
    return side, frozenset(part[0] + item for part in parts for item in part[1:].split(",") if item)


@dataclass
class Played:
    positions: int = 0
    captures: int = 0
    chains: int = 0  # captures of two pieces or more
    crownings: int = 0


def compare_random_games(game: DraughtsGame, positions: int, seed: int) -> Played:
    """Play seeded random games until ``positions`` positions have been compared; raise on a difference."""
    board, rules = shipped(game.board)
    rng = random.Random(seed)
    seen = Played()
    while seen.positions < positions:
        theirs = draughts.Board(variant=game.variant)
        ours = Position.initial(board)
        numbered = not game.algebraic
        assert pdn_parts(pdn_from_position(ours, numbered)) == pdn_parts(theirs.fen), "the starts differ"
        for _ in range(rng.randrange(20, 150)):
            if seen.positions == positions:
                break
            expected = their_moves(board, theirs, game.algebraic)
            names = MoveNames(rules, ours)
            moves: dict[MoveKey, Move] = {}
            for move in names.moves:
                moves.setdefault(our_key(board, move), move)
            assert set(moves) == set(expected), f"{game.board}: {theirs.fen}"
            seen.positions += 1
            if not expected:
                break
            captures = [key for key in expected if key[2]]
            choices = captures if captures and rng.random() < 0.5 else list(expected)
            key = rng.choice(choices)
            their_move = expected[key]
            read = names.read(their_name(game, their_move))
            assert our_key(board, read) == key, f"{their_name(game, their_move)} read as {names.name(read)}"
            seen.captures += bool(key[2])
            seen.chains += len(key[2]) > 1
            seen.crownings += read.promotion is not None
            theirs.push(their_move)
            make_move(ours, read)
            assert pdn_parts(pdn_from_position(ours, numbered)) == pdn_parts(theirs.fen), f"{game.board}: {theirs.fen}"
            reread = Position.from_fen(board, fen_from_pdn(board, theirs.fen))
            assert pdn_from_position(reread, numbered) == pdn_from_position(ours, numbered)
    return seen


def their_perft(variant: str, depth: int) -> int:
    """pydraughts' perft from the start of ``variant``: its legal move sequences of ``depth`` moves."""
    return their_perft_from(draughts.Board(variant=variant), depth)


def their_perft_from(position: draughts.Board, depth: int) -> int:
    """pydraughts' perft from ``position`` (left as it was): its legal move sequences of ``depth`` moves."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        position.push(move)
        total += their_perft_from(position, depth - 1)
        position.pop()
    return total
