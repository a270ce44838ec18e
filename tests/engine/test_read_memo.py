"""Compiled moves remembered by what they read, against the compiled code run afresh at every position
of a perft tree (the previous move changing at each, for en passant) and of random games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine.compiler import POLL_EVERY
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.read_memo import readable, remembered
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: White may take en passant on f6 now, and Black on d3 after 1. d4.
PASSING = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"


def _pairs(rules: Rules) -> dict[tuple[int, int], tuple]:
    """Each kind and player with some compiled part of its notation remembered: (compiled parts,
    remembering parts)."""
    out = {}
    for kind in range(len(rules.kinds)):
        for player in range(len(rules.board.players)):
            plan = rules.plan(rules.kind_program(kind, player))
            if plan and all(hasattr(part, "source") for part in plan) \
                    and any(readable(part.source) for part in plan):
                out[kind, player] = (plan, tuple(replace(part, moves=remembered(rules, part.moves, part.source)
                                                         or part.moves) for part in plan))
    return out


def _compare(rules: Rules, pairs: dict, position: Position) -> int:
    """Each piece's moves, with its parts compiled and remembered, in bulk work (attack answers kept
    for the position)."""
    compared = 0
    slow_work, quick_work = ([0, POLL_EVERY, DEFAULT_BUDGET, None, {}] for _ in range(2))
    for origin, piece in enumerate(position.cells):
        if piece is None or (piece.kind, piece.player) not in pairs:
            continue
        slow, quick = pairs[piece.kind, piece.player]
        expected = rules.light_entries(position, origin, piece, slow, slow_work)
        found = rules.light_entries(position, origin, piece, quick, quick_work)
        assert found == expected, (position.fen(), position.board.squares[origin])
        compared += 1
    return compared


def _walk(rules: Rules, pairs: dict, position: Position, depth: int) -> int:
    compared = _compare(rules, pairs, position)
    if depth:
        for move in legal_moves(rules, position):
            undo = make_move(position, move)
            compared += _walk(rules, pairs, position, depth - 1)
            unmake_move(position, undo)
    return compared


@pytest.mark.parametrize("fen", [KIWIPETE, PASSING])
def test_remembered_moves_are_the_compiled_moves_through_a_perft_tree(fen: str) -> None:
    board = load_board("chess")
    rules = Rules(board)
    pairs = _pairs(rules)
    assert {rules.kind_names[kind] for kind, _ in pairs} >= {"Pawn", "Knight", "King"}
    assert _walk(rules, pairs, Position.from_fen(board, fen), 2) > 10_000


@pytest.mark.parametrize("name", ["xiangqi", "shogi", "makruk", "grand", "crazyhouse", "fanorona"])
def test_remembered_moves_are_the_compiled_moves_through_random_games(name: str) -> None:
    board = load_board(name)
    rules = Rules(board)
    pairs = _pairs(rules)
    chance = random.Random(name)
    compared = 0
    for _ in range(3):
        position = Position.initial(board)
        for _ in range(40):
            compared += _compare(rules, pairs, position)
            moves = legal_moves(rules, position)
            if not moves:
                break
            make_move(position, chance.choice(moves))
    assert compared
