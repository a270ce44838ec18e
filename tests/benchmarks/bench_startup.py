"""Start-up benchmark, run by hand: ``python tests/benchmarks/bench_startup.py [runs]``.

Measures, in one run, the least CPU time of a bare ``python -c pass``, of ``dagaz-studio --help`` and
of ``dagaz-studio moves chess --legal`` (as ``python -m dagaz_studio``, with the same interpreter),
and prints each command's ratio to the bare start. Targets: ``--help`` within 5x, ``moves chess
--legal`` within 8x. The first run of each command also writes the bytecode and grammar caches, and
the board and its notations' compiled code (:mod:`dagaz_studio.engine.code_cache`) in the user's
cache folder; the best of several runs leaves that out, as a user's every start after the first does.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGETS = {"--help": 5.0, "moves chess --legal": 8.0}


def best_time(argv: list[str], runs: int) -> float:
    """The least of ``runs`` CPU times (user and system) of ``argv``, output discarded.

    CPU time, not wall time: on a busy machine waiting for a core is not the program's start-up.
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # Measured as installed programs start: from bytecode caches, not by compiling every module.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    best = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return best


def main(runs: int = 7) -> int:
    bare = best_time([sys.executable, "-c", "pass"], runs)
    print(f"python -c pass: {bare * 1000:.0f} ms")
    ok = True
    for words, target in TARGETS.items():
        took = best_time([sys.executable, "-m", "dagaz_studio", *words.split()], runs)
        ratio = took / bare
        met = ratio <= target
        ok &= met
        print(f"dagaz-studio {words}: {took * 1000:.0f} ms, {ratio:.1f}x a bare start "
              f"(target {target:.0f}x: {'met' if met else 'NOT met'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 7))
