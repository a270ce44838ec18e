"""Xiangqi from boards/xiangqi/xiangqi.board, checked against published perft counts and Fairy-Stockfish."""

from __future__ import annotations

import random
import re

import pytest

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from tests.helpers.engine_helpers import shipped, uci

sf = pytest.importorskip("pyffish")

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MIDGAME = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "depth", "expected"),
    [(START, 1, 44), (START, 2, 1920), (START, 3, 79666), (MIDGAME, 1, 38), (MIDGAME, 2, 1128)],
)
def test_perft_matches_published_counts(fen: str, depth: int, expected: int) -> None:
    board, rules = shipped("xiangqi")
    assert perft(rules, Position.from_fen(board, fen), depth) == expected


def test_legal_moves_equal_fairy_stockfish_on_random_positions() -> None:
    board, rules = shipped("xiangqi")
    rng = random.Random(20261122)
    checked = in_check = 0
    while checked < 1200:
        start = sf.start_fen("xiangqi")
        played: list[str] = []
        for _ in range(rng.randrange(20, 140)):
            expected = sf.legal_moves("xiangqi", start, played)
            if not expected:
                break
            fen = sf.get_fen("xiangqi", start, played)
            got = {uci(board, rules, m) for m in legal_moves(rules, Position.from_fen(board, fen))}
            assert got == set(expected), fen
            checked += 1
            in_check += sf.gives_check("xiangqi", start, played)
            captures = [m for m in expected if _is_capture(fen, m)]
            played.append(rng.choice(captures) if captures and rng.random() < 0.3 else rng.choice(expected))
    assert in_check > 20


def _is_capture(fen: str, move: str) -> bool:
    """Whether a pyffish move lands on an occupied point (read from the FEN, files a-i, ranks 1-10)."""
    rows = fen.split()[0].split("/")
    target = re.fullmatch(r"[a-i]\d+([a-i])(\d+)", move)
    assert target is not None, move
    file, rank = ord(target.group(1)) - ord("a"), int(target.group(2))
    row = rows[10 - rank]
    column = 0
    for char in row:
        if char.isdigit():
            column += int(char)
            continue
        if column == file:
            return True
        column += 1
    return False


def test_played_positions_match_fairy_stockfish() -> None:
    board, rules = shipped("xiangqi")
    rng = random.Random(3)
    start = sf.start_fen("xiangqi")
    position = Position.initial(board)
    played: list[str] = []
    for _ in range(80):
        moves = legal_moves(rules, position)
        if not moves:
            break
        move = rng.choice(moves)
        make_move(position, move)
        played.append(uci(board, rules, move))
        assert position.fen().split()[:2] == sf.get_fen("xiangqi", start, played).split()[:2]
