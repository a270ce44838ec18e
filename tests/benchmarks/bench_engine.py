"""Interpreter benchmarks, run by hand: ``python tests/benchmarks/bench_engine.py``.

Reports, in one run on this machine:
- chess perft(3) from the start, beside python-chess's perft(3) measured in the same run, as a ratio
  (target: 20x or better);
- for every piece of every shipped board, the time to list its moves from every square of the board
  (the piece put on each square of the initial position in turn): median and worst (targets: median
  under 1 ms, worst under 20 ms).
"""

from __future__ import annotations

import statistics
import sys
import time

import chess

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.game import perft
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.position import Piece, Position


def _best_of(runs: int, work) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def python_chess_perft(board: chess.Board, depth: int) -> int:
    """The reference: python-chess's own legal move generator, counted the same way."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def bench_perft(runs: int) -> float:
    board = load_board("chess")
    ours_count = perft(Rules(board), Position.initial(board), 3)
    theirs_count = python_chess_perft(chess.Board(), 3)
    assert ours_count == theirs_count == 8902, (ours_count, theirs_count)
    # A fresh Rules each run, so compiling the notations is part of what is measured.
    ours = _best_of(runs, lambda: perft(Rules(board), Position.initial(board), 3))
    theirs = _best_of(runs, lambda: python_chess_perft(chess.Board(), 3))
    ratio = ours / theirs
    print(f"chess perft(3) = 8902: Dagaz Studio {ours * 1000:.0f} ms, python-chess {theirs * 1000:.0f} ms, "
          f"ratio {ratio:.1f}x (target 20x or better: {'met' if ratio <= 20 else 'NOT met'})")
    return ratio


def bench_pieces() -> bool:
    ok = True
    print(f"{'board':10} {'piece':10} {'median ms':>10} {'worst ms':>10}")
    for name in shipped_boards():
        board = load_board(name)
        rules = Rules(board)
        start = Position.initial(board)
        for kind, piece in enumerate(rules.kinds):
            timings = []
            for square in range(len(board.squares)):
                for player in range(len(board.players)):
                    position = start.copy()
                    position.turn = player
                    position.cells[square] = Piece(player, kind, False)
                    rules.run(position, square)  # compile and warm caches outside the measurement
                    started = time.perf_counter()
                    rules.run(position, square)
                    timings.append(time.perf_counter() - started)
            median, worst = statistics.median(timings) * 1000, max(timings) * 1000
            ok &= median < 1 and worst < 20
            print(f"{name:10} {piece.name:10} {median:10.3f} {worst:10.3f}")
    print(f"targets (median < 1 ms, worst < 20 ms): {'met' if ok else 'NOT met'}")
    return ok


def main() -> int:
    ratio = bench_perft(runs=3)
    pieces_ok = bench_pieces()
    return 0 if ratio <= 20 and pieces_ok else 1


if __name__ == "__main__":
    sys.exit(main())
