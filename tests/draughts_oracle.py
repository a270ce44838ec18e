"""One harness that checks shipped draughts boards against pydraughts.

pydraughts numbers the dark squares (``W:W21,22:B1,K2``: side to move, then each side's pieces,
``K`` for a king); :func:`square_numbers` finds the same numbers on a board's grid (the dark squares,
the one in the bottom-left corner among them, counted row by row from the top, left to right). Moves
are compared as (start, end, squares captured): pydraughts names two capture paths that take the same
pieces to the same square as one move, and so does this comparison.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from dagaz_studio.board import Board
from dagaz_studio.engine.game import legal_moves, make_move
from dagaz_studio.engine.interpreter import Move
from dagaz_studio.engine.position import Piece, Position
from engine_helpers import shipped

draughts = pytest.importorskip("draughts")

MoveKey = tuple[str, str, frozenset[str]]


@dataclass(frozen=True)
class DraughtsGame:
    """A shipped board and the pydraughts variant that plays the same game; the board's first
    player moves first, as pydraughts' Black does in English checkers or White elsewhere."""

    board: str
    variant: str
    first: str  # "B" or "W": the pydraughts side that is the board's first player


def square_numbers(board: Board) -> dict[int, str]:
    """The draughts number of every dark square of the board -> the square's name."""
    # The bottom-left square (last row as drawn, first column) is dark, and so is every square of
    # the same colour: row and column indices of the same parity sum.
    dark_parity = (len(board.row_names) - 1) % 2
    dark = sorted((board.row_of[s], board.column_of[s], s) for s in range(len(board.squares))
                  if (board.row_of[s] + board.column_of[s]) % 2 == dark_parity)
    return {number: board.squares[s] for number, (_, _, s) in enumerate(dark, start=1)}


def from_pdn(game: DraughtsGame, fen: str) -> str:
    """A PDN FEN (``B:W21,K22:B1``) as a FEN of the board (first player upper case)."""
    board, _ = shipped(game.board)
    names = square_numbers(board)
    side, *parts = fen.split(":")
    cells: dict[str, str] = {}
    men, king = _letters(board)
    for part in parts:
        colour, squares = part[0], part[1:]
        first = colour == game.first
        for item in filter(None, squares.split(",")):
            letter = king if item.startswith("K") else men
            cells[names[int(item.lstrip("K"))]] = letter.upper() if first else letter.lower()
    rows = []
    for row in board.row_names:
        line, empty = "", 0
        for column in board.column_names:
            piece = cells.get(column + row)
            if piece is None:
                empty += 1
                continue
            line += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(line + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {'w' if side == game.first else 'b'} - - 0 1"


def _letters(board: Board) -> tuple[str, str]:
    """The letters of the board's man and king: the piece types without and with a promotion to them."""
    men, king = list(board.pieces.values())
    return men.letter, king.letter


def their_moves(game: DraughtsGame, position: "draughts.Board") -> dict[MoveKey, object]:
    board, _ = shipped(game.board)
    names = square_numbers(board)
    return {(names[m.steps_move[0]], names[m.steps_move[-1]], frozenset(names[c] for c in m.captures)): m
            for m in position.legal_moves()}


def our_key(board: Board, move: Move) -> MoveKey:
    return (board.squares[move.origin], board.squares[move.target],
            frozenset(board.squares[s] for s in move.captures))


def placement(board: Board, position: Position) -> dict[str, tuple[int, str]]:
    return {board.squares[s]: (piece.player, position.kinds[piece.kind].name)
            for s, piece in enumerate(position.cells) if piece is not None}


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
        ours = Position.from_fen(board, from_pdn(game, theirs.fen))
        assert placement(board, ours) == placement(board, Position.initial(board)), "the starts differ"
        for _ in range(rng.randrange(20, 150)):
            expected = their_moves(game, theirs)
            moves: dict[MoveKey, Move] = {}
            for move in legal_moves(rules, ours):
                moves.setdefault(our_key(board, move), move)
            assert set(moves) == set(expected), f"{game.board}: {theirs.fen}"
            seen.positions += 1
            if not expected:
                break
            captures = [key for key in expected if key[2]]
            key = rng.choice(captures if captures and rng.random() < 0.5 else list(expected))
            move = moves[key]
            seen.captures += bool(key[2])
            seen.chains += len(key[2]) > 1
            seen.crownings += move.promotion is not None
            theirs.push(expected[key])
            make_move(ours, move)
            reread = Position.from_fen(board, from_pdn(game, theirs.fen))
            assert placement(board, ours) == placement(board, reread), f"{game.board}: {theirs.fen}"
            assert ours.turn == reread.turn
    return seen
