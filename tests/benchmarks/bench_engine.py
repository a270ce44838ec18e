"""Interpreter benchmarks, run by hand: ``python tests/benchmarks/bench_engine.py [--quick] [--memory]``.

Reports, in one run on this machine, every figure beside a reference measured in the same run:
- chess perft(4) from the start and Kiwipete perft(3), against python-chess's own perft (target:
  within 3x); ``--quick`` uses perft(3) and perft(2);
- nodes per second of Xiangqi and Fanorona perft, compiled against the runner alone (``Rules.fast =
  False``, the interpreter before compilation) (target: at least 5x);
- the speed-up of ``perft --jobs`` over every core against one process;
- with ``--memory``, the peak memory of chess perft(5) in a fresh process (target: under 100 MB);
- for every piece of every shipped board, the time to list its moves from every square of the board
  (the piece put on each square of the initial position in turn): median and worst (targets: median
  under 1 ms, worst under 20 ms).
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import chess

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.game import perft
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
ROOT = Path(__file__).resolve().parents[2]


def _best_of(runs: int, work: Callable[[], object]) -> float:
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


def bench_chess(fen: str, depth: int, runs: int, label: str) -> float:
    board = load_board("chess")
    ours_count = perft(Rules(board), Position.from_fen(board, fen), depth)
    theirs_count = python_chess_perft(chess.Board(fen), depth)
    assert ours_count == theirs_count, (ours_count, theirs_count)
    # A fresh Rules each run, so compiling the notations and the attack tables is part of what is measured.
    ours = _best_of(runs, lambda: perft(Rules(board), Position.from_fen(board, fen), depth))
    theirs = _best_of(runs, lambda: python_chess_perft(chess.Board(fen), depth))
    ratio = ours / theirs
    print(f"{label} perft({depth}) = {ours_count}: Dagaz Studio {ours:.2f} s, python-chess {theirs:.2f} s, "
          f"ratio {ratio:.1f}x (target 3x: {'met' if ratio <= 3 else 'NOT met'})")
    return ratio


def bench_nodes(name: str, depth: int, runs: int) -> float:
    board = load_board(name)

    def nodes_per_second(fast: bool) -> tuple[int, float]:
        def once() -> int:
            rules = Rules(board)
            rules.fast = fast
            return perft(rules, Position.initial(board), depth)
        count = once()
        return count, count / _best_of(runs, once)

    count, compiled = nodes_per_second(True)
    reference_count, interpreted = nodes_per_second(False)
    assert count == reference_count, (count, reference_count)
    ratio = compiled / interpreted
    print(f"{name} perft({depth}) = {count}: compiled {compiled:,.0f} nodes/s, runner alone {interpreted:,.0f} "
          f"nodes/s, {ratio:.1f}x (target 5x: {'met' if ratio >= 5 else 'NOT met'})")
    return ratio


def bench_kinds(quick: bool) -> bool:
    """Perft nodes per second of the games with pieces in hand and in three dimensions, each
    against chess measured in the same run (CPU time, a fresh interpreter each run)."""

    def nodes_per_second(name: str, depth: int) -> tuple[int, float]:
        board = load_board(name)

        def once() -> int:
            return perft(Rules(board), Position.initial(board), depth)
        count = once()
        started = time.process_time()
        once()
        return count, count / (time.process_time() - started)

    _, chess_rate = nodes_per_second("chess", 3)
    ok = True
    for name, depth in (("crazyhouse", 3), ("minishogi", 3 if quick else 4), ("shogi", 2 if quick else 3),
                        ("raumschach", 2 if quick else 3)):
        count, rate = nodes_per_second(name, depth)
        ratio = rate / chess_rate
        ok &= ratio >= 0.25
        print(f"{name} perft({depth}) = {count}: {rate:,.0f} nodes/s, {ratio:.2f}x chess's {chess_rate:,.0f} "
              f"(target 0.25x: {'met' if ratio >= 0.25 else 'NOT met'})")
    return ok


def bench_memory(depth: int = 5) -> float:
    """Peak resident memory (MB) of a fresh process running chess perft(``depth``)."""
    probe = ("import resource, sys\n"
             "from dagaz_studio.board import load_board\n"
             "from dagaz_studio.engine.game import perft\n"
             "from dagaz_studio.engine.position import Position\n"
             "from dagaz_studio.engine.rules import Rules\n"
             "b = load_board('chess')\n"
             f"print(perft(Rules(b), Position.initial(b), {depth}))\n"
             "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    count, peak_kb = (int(line) for line in done.stdout.split())
    megabytes = peak_kb / 1024
    print(f"chess perft({depth}) = {count} in {time.perf_counter() - started:.0f} s: peak memory "
          f"{megabytes:.0f} MB (target under 100 MB: {'met' if megabytes < 100 else 'NOT met'})")
    return megabytes


def bench_jobs(depth: int) -> float:
    """``perft --jobs`` over every core against one process, both from the command line."""
    from dagaz_studio.commands.pool import cores

    def timed(jobs: int) -> tuple[float, str]:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "dagaz_studio", "perft", "chess", "--depth", str(depth),
                               "--jobs", str(jobs)], capture_output=True, text=True, check=True,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        return time.perf_counter() - started, done.stdout.split()[-1]

    every = cores()
    one, count = timed(1)
    many, count_many = timed(every)
    assert count == count_many, (count, count_many)
    print(f"perft chess --depth {depth}: --jobs 1 {one:.2f} s, --jobs {every} {many:.2f} s, "
          f"speed-up {one / many:.2f}x on {every} cores")
    return one / many


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


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    ok = bench_chess(chess.STARTING_FEN, 3 if quick else 4, 1 if quick else 3, "chess") <= 3
    ok &= bench_chess(KIWIPETE, 2 if quick else 3, 1 if quick else 3, "Kiwipete") <= 3
    ok &= bench_nodes("xiangqi", 2 if quick else 3, 1 if quick else 2) >= 5
    ok &= bench_nodes("fanorona", 2 if quick else 3, 1 if quick else 2) >= 5
    bench_jobs(3 if quick else 4)
    ok &= bench_kinds(quick)
    if "--memory" in argv:
        ok &= bench_memory() < 100
    print(f"peak memory of this run: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    ok &= bench_pieces()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
