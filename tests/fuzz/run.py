"""The long fuzz run, by hand: ``python tests/fuzz/run.py COUNT [--seed N] [--failures FILE]``.

With ``--families parlett,betza,variants.ini`` (any of them) it runs those families' command lines
instead, each in a watched child process (``families.py``, ``watchdog.py``), and reports every
family and category by how its cases ended: accepted, refused, untidy refusal, traceback, hang or
memory (``--hang-seconds``, ``--memory-mb``).

Tries COUNT hostile cases — notations run as pieces, board files, FENs — over every shipped board (see
``cases.py``), and reports how many of each kind were tried, how many broke the rule (an exception that
is not one of the project's typed errors, a run past its budget), how many took more than
``SLOW_SECONDS`` of processor time and the slowest (by processor time and by wall-clock time), and the
failures and slow cases themselves (also written to FILE, one JSON object a line). The exit status is 1 when any case failed. Progress goes to standard error every
1,000 cases.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout, for tests.fuzz

from tests.fuzz.cases import SLOW_SECONDS, Corpus, Outcome, one_case  # noqa: E402
from tests.fuzz.families import FAMILIES, family_case  # noqa: E402
from tests.fuzz.watchdog import CLASSES, Case, Result, Watchdog  # noqa: E402


def replay(path: Path, hang_seconds: float, memory_mb: int, source: Path | None = None) -> int:
    """Run again the cases a ``--failures`` file of ``--families`` holds, and say how each ends now."""
    failed = 0
    with Watchdog(memory_mb * 2**20, hang_seconds, source=source) as watchdog:
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "whole_argv" not in record:
                continue
            case = Case(record["family"], record["category"], record["whole_argv"], record["whole_input"],
                        record["files"], tuple(record.get("accepts", (0,))))
            result = watchdog.run(case)
            failed += result.failed
            print(f"{record['class']} -> {result.kind}: {case.family} / {case.category}: {result.detail[:120]}\n"
                  f"    input {case.shown[:120]!r}")
    print(f"{failed} still failing")
    return 1 if failed else 0


def run_families(count: int, seed: int, families: list[str], failures_file: Path | None, hang_seconds: float,
                 memory_mb: int, source: Path | None = None) -> int:
    """Run ``count`` cases of ``families`` under the watchdog and report them; 1 if any failed."""
    rng = random.Random(seed)
    started = time.perf_counter()
    tally: Counter[tuple[str, str, str]] = Counter()
    failed: list[Result] = []
    slow: list[Result] = []
    slowest: Result | None = None
    peak = 0
    out = failures_file.open("w", encoding="utf-8") if failures_file else None
    print(f"seed {seed}; families: {', '.join(families)}", file=sys.stderr)
    try:
        with Watchdog(memory_mb * 2**20, hang_seconds, source=source) as watchdog:
            for number in range(1, count + 1):
                result = watchdog.run(family_case(rng, families))
                tally[(result.case.family, result.case.category, result.kind)] += 1
                peak = max(peak, result.maxrss)
                if slowest is None or result.cpu > slowest.cpu:
                    slowest = result
                if result.failed:
                    failed.append(result)
                elif result.slow:
                    slow.append(result)
                if out is not None and (result.failed or result.slow):
                    out.write(json.dumps(result.report(whole=True)) + "\n")
                    out.flush()
                if number % 500 == 0:
                    print(f"{number:,} cases, {len(failed)} failures, {time.perf_counter() - started:.0f} s",
                          file=sys.stderr, flush=True)
            restarts, baseline = watchdog.restarts, watchdog.baseline
    finally:
        if out is not None:
            out.close()
    print(f"{count:,} cases in {time.perf_counter() - started:.0f} s (seed {seed}); the worker restarted "
          f"{restarts} times; its peak resident memory {peak / 2**20:.0f} MB (at start {baseline / 2**20:.0f} MB)")
    for family in families:
        for category in sorted(FAMILIES[family]):
            counts = {kind: tally[(family, category, kind)] for kind in CLASSES if tally[(family, category, kind)]}
            print(f"  {family} / {category}: " + ", ".join(f"{n:,} {kind}" for kind, n in counts.items()))
    if slowest is not None:
        print(f"slowest answered case: {slowest.cpu:.2f} s of processor time ({slowest.case.family}: "
              f"{slowest.case.shown[:100]!r}); {len(slow)} over {SLOW_SECONDS} s")
    print(f"{len(failed)} failures")
    for result in failed[:40]:
        print(f"  {result.case.family} / {result.case.category}: {result.kind}: {result.detail[:160]}\n"
              f"    {' '.join(result.case.argv)[:100]!r}\n    input {result.case.shown[:200]!r}")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fuzz the readers and the interpreter with hostile input.")
    parser.add_argument("count", type=int, help="how many cases to try")
    parser.add_argument("--seed", type=int, default=None, help="the random seed (default: from the clock)")
    parser.add_argument("--failures", type=Path, default=None, help="write each failure here as a JSON line")
    parser.add_argument("--families", default=None,
                        help=f"comma-separated, among {', '.join(FAMILIES)}: run these command-line families")
    parser.add_argument("--hang-seconds", type=float, default=20.0, help="with --families: a case's time limit")
    parser.add_argument("--memory-mb", type=int, default=1024, help="with --families: a case's memory limit")
    parser.add_argument("--source", type=Path, default=None,
                        help="with --families: run the dagaz_studio in this folder (default: this checkout's)")
    parser.add_argument("--replay", type=Path, default=None,
                        help="run again the cases of a --failures file written with --families (COUNT is ignored)")
    args = parser.parse_args(argv)
    if args.replay is not None:
        return replay(args.replay, args.hang_seconds, args.memory_mb, args.source)
    seed = args.seed if args.seed is not None else int(time.time())
    if args.families:
        families = [name.strip() for name in args.families.split(",")]
        unknown = [name for name in families if name not in FAMILIES]
        if unknown:
            parser.error(f"unknown families: {', '.join(unknown)}")
        return run_families(args.count, seed, families, args.failures, args.hang_seconds, args.memory_mb,
                            args.source)
    rng = random.Random(seed)
    started = time.perf_counter()
    corpus = Corpus.shipped(seed)
    print(f"seed {seed}; boards: {', '.join(corpus.boards)}; {len(corpus.notations)} notations; "
          f"{sum(len(f) for f in corpus.fens.values())} positions", file=sys.stderr)
    tried: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    failures: list[Outcome] = []
    slow: list[Outcome] = []
    slowest: Outcome | None = None
    longest: Outcome | None = None
    out = args.failures.open("w", encoding="utf-8") if args.failures else None
    try:
        for number in range(1, args.count + 1):
            outcome = one_case(rng, corpus)
            tried[outcome.kind] += 1
            if slowest is None or outcome.cpu > slowest.cpu:
                slowest = outcome
            if longest is None or outcome.seconds > longest.seconds:
                longest = outcome
            if outcome.failure is not None:
                failed[outcome.kind] += 1
                failures.append(outcome)
            elif outcome.slow:
                slow.append(outcome)
            if out is not None and (outcome.failure is not None or outcome.slow):
                out.write(json.dumps({"kind": outcome.kind, "case": outcome.case, "failure": outcome.failure,
                                      "seconds": round(outcome.seconds, 2), "cpu": round(outcome.cpu, 2)}) + "\n")
                out.flush()
            if number % 1000 == 0:
                print(f"{number:,} cases, {sum(failed.values())} failures, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
    finally:
        if out is not None:
            out.close()
    total = sum(tried.values())
    print(f"{total:,} cases in {time.perf_counter() - started:.0f} s (seed {seed}): "
          + ", ".join(f"{tried[kind]:,} {kind}s ({failed[kind]} failed)" for kind in sorted(tried)))
    if slowest is not None and longest is not None:
        print(f"slowest case: {slowest.cpu:.2f} s of processor time ({slowest.kind}: {slowest.case[:120]!r}); "
              f"{len(slow)} cases over {SLOW_SECONDS} s")
        print(f"longest in wall-clock time: {longest.seconds:.2f} s, {longest.cpu:.2f} s of processor time "
              f"({longest.kind}: {longest.case[:120]!r})")
    print(f"{len(failures)} failures")
    for outcome in failures[:20]:
        print(f"  {outcome.kind}: {outcome.failure}\n    {outcome.case[:200]!r}")
    for outcome in slow[:10]:
        print(f"  slow, {outcome.cpu:.2f} s: {outcome.kind} {outcome.case[:200]!r}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
