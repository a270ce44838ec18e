"""Interpreter benchmarks, run by hand: ``python tests/benchmarks/bench_engine.py [--quick] [--memory] [--kinds]
[--created] [--chess]`` (``--kinds``: only the nodes per second of the board kinds against chess's;
``--created``: only the Amazons' perft, compiled against the runner; ``--chess``: only the chess and
Kiwipete perfts against python-chess's).

Prints every figure issue's targets name, each beside a reference measured in the same run, with
PASS or FAIL:

- chess perft(4) from the start and Kiwipete perft(3) against python-chess's own perft (target:
  within 2x); ``--quick`` uses perft(3) and perft(2);
- nodes per second of Xiangqi and Fanorona perft, compiled against the interpreter as it was when
  the compiled core was asked for (:data:`ORIGINAL`, taken from the repository's history and run in
  a fresh process in the same run; without history, against the runner alone, the tests' oracle ``OracleRules``)
  (target: at least 5x);
- the speed-up of ``perft --jobs`` over every core against one process (wall time: the point is
  to use more cores), and of ``moves --fen - --jobs`` on a batch of positions;
- nodes per second of the games with pieces in hand, in three dimensions, of heaps and of stacks against chess's (target:
  at least a quarter);
- the Amazons' perft(2) (``--quick``: perft(1) twenty times), whose moves make pieces (``[*Arrow]``),
  compiled against the runner alone (target: at least 2x);
- the peak memory of chess perft(5) in a fresh process (target: under 100 MB; ``--quick`` skips it);
- the start-up of ``dagaz-studio --help`` and ``moves chess --legal`` against a bare ``python -c pass``
  (targets: 5x and 10x; :mod:`bench_startup`);
- for every piece of every shipped board, the time to list its moves from every square of the board:
  median and worst (targets: median under 1 ms, worst under 20 ms).

The machine may be shared: the perft and nodes figures are CPU time (``time.process_time``), the
best of several runs, so waiting for a core is not counted against either side.
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import chess

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_startup  # noqa: E402  (beside this file)

#: The least speed-up of ``perft --jobs`` over every core (2 or more) against one process: a 2-core
#: machine gives up to about 1.8x when nothing else runs.
JOBS_TARGET = 1.5
#: The most CPU time chess and Kiwipete perft may take against python-chess's own, in the same run.
CHESS_TARGET = 2.0
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
ROOT = Path(__file__).resolve().parents[2]
RESULTS: list[tuple[str, bool]] = []


def verdict(what: str, ok: bool) -> str:
    RESULTS.append((what, ok))
    return "PASS" if ok else "FAIL"


def best_cpu(runs: int, work: Callable[[], object]) -> float:
    """The least CPU time of ``runs`` calls of ``work``."""
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
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


def bench_chess(fen: str, depth: int, runs: int, label: str) -> None:
    board = load_board("chess")
    ours_count = perft(Rules(board), Position.from_fen(board, fen), depth)
    theirs_count = python_chess_perft(chess.Board(fen), depth)
    assert ours_count == theirs_count, (ours_count, theirs_count)
    # A fresh Rules each run: loading the notations' code is part of what is measured. The code written
    # for them and the board's attack tables are worked out once per process (kept with the board, as
    # python-chess builds its tables on import): the first run in a fresh process, which works them
    # out, is printed beside.
    ours = best_cpu(runs, lambda: perft(Rules(board), Position.from_fen(board, fen), depth))
    theirs = best_cpu(runs, lambda: python_chess_perft(chess.Board(fen), depth))
    ratio = ours / theirs
    first = first_perft(fen, depth)
    print(f"{label} perft({depth}) = {ours_count}: Dagaz Studio {ours:.2f} s, python-chess {theirs:.2f} s "
          f"(CPU), {ratio:.2f}x — target within {CHESS_TARGET:g}x: {verdict(label + ' perft', ratio <= CHESS_TARGET)} (the first run in a "
          f"fresh process: {first:.2f} s, {first / theirs:.2f}x)")


_FIRST_PERFT = """
import sys, time
import chess
from dagaz_studio.board import load_board
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from tests.oracle.rules import OracleRules
board = load_board("chess")
started = time.process_time()
perft(Rules(board), Position.from_fen(board, sys.argv[1]), int(sys.argv[2]))
print(time.process_time() - started)
"""


def first_perft(fen: str, depth: int) -> float:
    """CPU seconds of the first chess perft in a fresh process (compiling, attack tables and all)."""
    done = subprocess.run([sys.executable, "-c", _FIRST_PERFT, fen, str(depth)], capture_output=True, text=True,
                          check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return float(done.stdout.split()[-1])


#: The interpreter as it was when the compiled core was asked for (one 1,336-line file): the reference
#: of the nodes-per-second targets, run from the repository's history in the same run.
ORIGINAL = "6acf04c934afe2ace1ee83946a027a05e9b03538"
#: The engine as it was before its meaning was written once (its kinds' ratios against chess are the
#: floor the board kinds are held to): run from the history in the same run, beside this tree's.
BEFORE_ONE_ENGINE = "d1d3c71"
#: Where each earlier tree kept perft and the rules (the first had no light path yet).
_TREE_IMPORTS = {ORIGINAL: ("dagaz_studio.engine.game", "dagaz_studio.engine.interpreter"),
                 BEFORE_ONE_ENGINE: ("dagaz_studio.engine.game", "dagaz_studio.engine.rules")}
_EARLIER_PERFT = """
import importlib, os, sys, time
import dagaz_studio
assert os.path.realpath(dagaz_studio.__file__).startswith(os.path.realpath(os.getcwd())), dagaz_studio.__file__
from dagaz_studio.board import load_board
from dagaz_studio.engine.position import Position
# That tree's perft and rules, not this one's: the folder holds that tree alone.
perft = importlib.import_module(sys.argv[4]).perft
Rules = importlib.import_module(sys.argv[5]).Rules
board = load_board(sys.argv[1])
best = float("inf")
for _ in range(int(sys.argv[3])):
    started = time.process_time()
    count = perft(Rules(board), Position.initial(board), int(sys.argv[2]))
    best = min(best, time.process_time() - started)
print(count, best)
"""


def original_perft(name: str, depth: int, runs: int, commit: str = ORIGINAL) -> tuple[int, float] | None:
    """(count, best CPU seconds) of perft by the engine at ``commit`` (:data:`ORIGINAL` or
    :data:`BEFORE_ONE_ENGINE`), in a fresh process, or ``None`` when this copy of the project has no
    history to take it from."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, "dagaz_studio", "boards"],
                                 capture_output=True)
        if archive.returncode != 0:
            return None
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        # Run from that folder: ``python -c`` puts the working folder first on the import path.
        done = subprocess.run([sys.executable, "-c", _EARLIER_PERFT, name, str(depth), str(runs),
                               *_TREE_IMPORTS[commit]], cwd=folder, capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=folder, XDG_CACHE_HOME=folder))
        if done.returncode != 0:
            # Say why rather than a bare CalledProcessError: the old tree's own message is the clue.
            raise RuntimeError(f"the engine at {commit[:7]} failed on {name}:\n{done.stderr}")
        count, seconds = done.stdout.split()
        return int(count), float(seconds)


def bench_nodes(name: str, depth: int, runs: int) -> None:
    board = load_board(name)

    def nodes_per_second(fast: bool) -> tuple[int, float]:
        def once() -> int:
            from tests.oracle.rules import OracleRules

            rules = Rules(board) if fast else OracleRules(board)
            return perft(rules, Position.initial(board), depth)
        count = once()
        return count, count / best_cpu(runs, once)

    count, compiled = nodes_per_second(True)
    reference_count, interpreted = nodes_per_second(False)
    assert count == reference_count, (count, reference_count)
    original = original_perft(name, depth, 1)
    if original is None:
        # Without the history, the runner alone stands in for the original interpreter (it has been
        # made faster since, so the ratio is smaller than the one the target names).
        ratio = compiled / interpreted
        print(f"{name} perft({depth}) = {count}: compiled {compiled:,.0f} nodes/s, runner alone {interpreted:,.0f} "
              f"nodes/s (CPU), {ratio:.1f}x (no history: the original interpreter is not at hand) — target at "
              f"least 5x: {verdict(name + ' nodes/s', ratio >= 5)}")
        return
    assert original[0] == count, (original[0], count)
    before = count / original[1]
    ratio = compiled / before
    print(f"{name} perft({depth}) = {count}: compiled {compiled:,.0f} nodes/s, the original interpreter "
          f"{before:,.0f} nodes/s, runner alone {interpreted:,.0f} nodes/s (CPU): {ratio:.1f}x the original "
          f"({compiled / interpreted:.1f}x the runner) — target at least 5x: "
          f"{verdict(name + ' nodes/s', ratio >= 5)}")


def bench_kinds(quick: bool) -> None:
    """Perft nodes per second of the games with pieces in hand, in three dimensions, with heaps and
    with stacks, each against chess measured in the same run (CPU time, the best of several runs,
    a fresh interpreter each run: compiling the notations is part of what is measured). The smaller
    perfts take a few hundredths of a second: the best of 25, so that a busy moment of a shared
    machine does not decide the figure (the best of eight moved a ratio by a third between two runs
    a few minutes apart)."""
    runs = 2 if quick else 25

    def nodes_per_second(name: str, depth: int) -> tuple[int, float]:
        board = load_board(name)

        def once() -> int:
            return perft(Rules(board), Position.initial(board), depth)
        count = once()
        return count, count / best_cpu(runs, once)

    games = (("crazyhouse", 3), ("minishogi", 3 if quick else 4), ("shogi", 2 if quick else 3),
             ("raumschach", 2 if quick else 3), ("oware", 4 if quick else 5), ("kalah", 4 if quick else 5),
             ("lasca", 6 if quick else 8), ("bashni", 5 if quick else 6))
    # Chess is measured before and after the games, its best taken: a busy moment during one
    # measurement of the reference would flatter every ratio.
    _, chess_rate = nodes_per_second("chess", 3)
    rates = [nodes_per_second(name, depth) for name, depth in games]
    chess_rate = max(chess_rate, nodes_per_second("chess", 3)[1])
    before_chess = original_perft("chess", 3, runs, BEFORE_ONE_ENGINE)
    for (name, depth), (count, rate) in zip(games, rates):
        ratio = rate / chess_rate
        print(f"{name} perft({depth}) = {count}: {rate:,.0f} nodes/s, {ratio:.2f}x chess's {chess_rate:,.0f} "
              f"— target at least 0.25x: {verdict(name + ' nodes/s', ratio >= 0.25)}")
        before = original_perft(name, depth, runs, BEFORE_ONE_ENGINE)
        if before is None or before_chess is None:
            continue
        assert before[0] == count, (name, before[0], count)
        # Both trees in the same run: the earlier ratio is the floor, and the kind's own speed-up
        # beside chess's says whether a lower ratio means a slower kind or a faster chess.
        before_rate, before_chess_rate = count / before[1], before_chess[0] / before_chess[1]
        floor = before_rate / before_chess_rate
        print(f"    the engine at {BEFORE_ONE_ENGINE}: {floor:.2f}x chess; {name} now {rate / before_rate:.2f}x as "
              f"fast, chess {chess_rate / before_chess_rate:.2f}x — ratio no lower than then: "
              f"{verdict(name + ' ratio against chess', ratio >= floor)}")


def bench_created(quick: bool) -> None:
    """The Amazons' perft, compiled against the runner alone: a notation that makes pieces."""
    board = load_board("amazons")
    from tests.oracle.rules import OracleRules

    compiled, runner = Rules(board), OracleRules(board)
    depth, times = (1, 20) if quick else (2, 1)

    def timed(rules: Rules) -> tuple[int, float]:
        counts: list[int] = []
        seconds = best_cpu(1, lambda: counts.extend(perft(rules, Position.initial(board), depth)
                                                      for _ in range(times)))
        return counts[0], seconds

    nodes, fast = timed(compiled)
    same, slow = timed(runner)
    assert nodes == same, (nodes, same)
    ratio = slow / fast
    print(f"amazons perft({depth}) x{times}: {nodes:,} nodes, compiled {fast:.2f} s, runner {slow:.2f} s CPU: "
          f"{ratio:.1f}x  {verdict('amazons compiled', ratio >= 2)}")


def bench_memory(depth: int = 5) -> None:
    """Peak resident memory (MB) of a fresh process running chess perft(``depth``)."""
    probe = ("import resource\n"
             "from dagaz_studio.board import load_board\n"
             "from dagaz_studio.engine.light_path import perft\n"
             "from dagaz_studio.engine.position import Position\n"
             "from dagaz_studio.engine.rules import Rules\n"
             "b = load_board('chess')\n"
             f"print(perft(Rules(b), Position.initial(b), {depth}))\n"
             "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    count, peak_kb = (int(line) for line in done.stdout.split())
    megabytes = peak_kb / 1024
    print(f"chess perft({depth}) = {count}: peak memory {megabytes:.0f} MB — target under 100 MB: "
          f"{verdict('perft(5) memory', megabytes < 100)}")


def _wall(argv: list[str], runs: int, stdin: str = "") -> tuple[float, str]:
    best, output = float("inf"), ""
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True, check=True,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
        best = min(best, time.perf_counter() - started)
        output = done.stdout
    return best, output


def bench_jobs(depth: int, runs: int) -> None:
    """``perft --jobs`` and ``moves --fen - --jobs`` over every core against one process (wall time)."""
    from dagaz_studio.commands.pool import cores

    every = cores()
    command = [sys.executable, "-m", "dagaz_studio", "perft", "chess", "--depth", str(depth)]
    one, out_one = _wall(command + ["--jobs", "1"], runs)
    many, out_many = _wall(command + ["--jobs", str(every)], runs)
    assert out_one.split()[-1] == out_many.split()[-1], (out_one, out_many)
    # Wall time: other programs running at the same time take cores from the pool, so say how busy
    # the machine was (a load well under the number of cores is an idle moment).
    load = os.getloadavg()[0]
    speed_up = one / many
    target = JOBS_TARGET if every >= 2 else 1.0
    print(f"perft chess --depth {depth}: --jobs 1 {one:.2f} s, --jobs {every} {many:.2f} s (wall, load average "
          f"{load:.1f}): speed-up {speed_up:.2f}x on {every} cores — target at least {target:.1f}x: "
          f"{verdict('perft --jobs speed-up', speed_up >= target)}")
    board = load_board("chess")
    rules = Rules(board)
    position = Position.initial(board)
    fens = []
    for move in legal_moves(rules, position):
        undo = make_move(position, move)
        for reply in legal_moves(rules, position):
            inner = make_move(position, reply)
            fens.append(position.fen())
            unmake_move(position, inner)
        unmake_move(position, undo)
    batch = "\n".join(fens) + "\n"
    command = [sys.executable, "-m", "dagaz_studio", "moves", "chess", "--fen", "-", "--legal", "--json"]
    one, out_one = _wall(command + ["--jobs", "1"], runs, batch)
    many, out_many = _wall(command + ["--jobs", str(every)], runs, batch)
    assert out_one == out_many
    print(f"moves chess --fen - --legal ({len(fens)} positions): --jobs 1 {one:.2f} s, --jobs {every} "
          f"{many:.2f} s (wall): speed-up {one / many:.2f}x on {every} cores")


def bench_start(runs: int) -> None:
    bare = bench_startup.best_time([sys.executable, "-c", "pass"], runs)
    for words, target in bench_startup.TARGETS.items():
        took = bench_startup.best_time([sys.executable, "-m", "dagaz_studio", *words.split()], runs)
        ratio = took / bare
        print(f"dagaz-studio {words}: {took * 1000:.0f} ms, python -c pass {bare * 1000:.0f} ms (CPU): "
              f"{ratio:.1f}x — target within {target:.0f}x: {verdict('start-up ' + words, ratio <= target)}")


def bench_pieces() -> None:
    ok = True
    worst_line = ""
    worst_seen = 0.0
    medians = []
    over: list[str] = []
    for name in shipped_boards():
        board = load_board(name)
        rules = Rules(board)
        start = Position.initial(board)
        for kind, piece in enumerate(rules.kinds):
            timings = []
            made = []
            for square in range(len(board.squares)):
                for player in range(len(board.players)):
                    position = start.copy()
                    position.turn = player
                    position.cells[square] = Piece(player, kind, False)
                    rules.run(position, square)  # compile and warm caches outside the measurement
                    started = time.process_time()
                    made.append(len(rules.run(position, square).moves))
                    timings.append(time.process_time() - started)
            median, worst = statistics.median(timings) * 1000, max(timings) * 1000
            medians.append(median)
            if not (median < 1 and worst < 20):
                ok = False
                over.append(f"{name} {piece.name}: median {median:.1f} ms, worst {worst:.1f} ms, "
                            f"{statistics.median(made):.0f} moves a run")
            if worst > worst_seen:
                worst_seen, worst_line = worst, f"{name} {piece.name}"
    print(f"a piece's moves from every square of every shipped board: median of medians "
          f"{statistics.median(medians):.3f} ms, worst {worst_seen:.1f} ms ({worst_line}) — targets median "
          f"under 1 ms, worst under 20 ms: {verdict('piece moves', ok)}")
    for line in over:
        print(f"  over the targets: {line}")


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    if "--kinds" in argv:
        # Only the board kinds' nodes per second against chess's.
        bench_kinds(quick)
        return 0 if all(ok for _, ok in RESULTS) else 1
    if "--created" in argv:
        bench_created(quick)
        return 0 if all(ok for _, ok in RESULTS) else 1
    runs = 1 if quick else 3
    bench_chess(chess.STARTING_FEN, 3 if quick else 4, runs, "chess")
    bench_chess(KIWIPETE, 2 if quick else 3, runs, "Kiwipete")
    if "--chess" in argv:
        return 0 if all(ok for _, ok in RESULTS) else 1
    bench_nodes("xiangqi", 2 if quick else 3, 1 if quick else 2)
    # Fanorona's perft(3) is 724 nodes, too few to weigh anything but compiling its notation once.
    bench_nodes("fanorona", 3 if quick else 4, 1 if quick else 2)
    bench_jobs(3 if quick else 4, 1 if quick else 3)
    bench_kinds(quick)
    bench_created(quick)
    if not quick:
        bench_memory()
    bench_start(3 if quick else 7)
    bench_pieces()
    failed = [what for what, ok in RESULTS if not ok]
    print(f"{len(RESULTS) - len(failed)} of {len(RESULTS)} targets met" + (f"; not met: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
