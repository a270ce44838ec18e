"""Notation reading benchmark, run by hand: ``python tests/benchmarks/bench_parse.py``.

For notations of several shapes (valid ones, and ones whose mistake is found only at the very end, so
that the error path reads the whole text), from 1 KB up to the length limit, reports the time to parse
(``parse_notation``), to read in English (``describe``) and to colour (``notation_tokens``), and the
time per KB relative to the 1 KB time of the same shape measured in the same run. Targets: every
reading of a notation under the limit under 0.5 s, and a ratio near 1 at the limit (time grows
linearly with length; a ratio of 2 or more means something is super-linear).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from dagaz_studio.notation.english import describe
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.parser import MAX_NOTATION_LENGTH, parse_notation
from dagaz_studio.notation.tokens import notation_tokens

#: (name, repeated unit, tail): each notation is the unit repeated up to the length, then the tail.
SHAPES = [
    ("steps and checks", "N[p]", ""),
    ("groups", "(N)", ""),
    ("a rook each", "(+)([p]\\1)*;", "N"),
    ("counts and labels", "[o:castle]{1,2}", ""),
    ("a token a character", "^|&", ""),
    ("navigation in brackets", "[p>N]", ""),
    ("sequence, error at the end", "N,", ""),
    ("brackets, error at the end", "N[pe]", "[q]"),
    ("alternatives, error at the end", "[p]N;", ""),
]

LIMIT_SECONDS = 0.5


def _notation(unit: str, tail: str, length: int) -> str:
    return unit * ((length - len(tail)) // len(unit)) + tail


def _seconds(work: Callable[[], object], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def _parse(text: str) -> object:
    try:
        return parse_notation.__wrapped__(text)  # not the cached result
    except NotationError as error:
        return error


def main() -> int:
    lengths = sorted({n for n in (500, 1_000, 2_000, 3_000) if n < MAX_NOTATION_LENGTH} | {MAX_NOTATION_LENGTH})
    _parse("N")  # build the parser first: its one-off cost is not reading
    worst = 0.0
    worst_ratio = 0.0
    print(f"{'shape':34} {'length':>7} {'parse':>8} {'english':>8} {'tokens':>8} {'per-KB ratio':>13}")
    for name, unit, tail in SHAPES:
        first_per_kb = None
        for length in lengths:
            text = _notation(unit, tail, length)
            parsed = _parse(text)
            parse = _seconds(lambda: _parse(text))
            english = _seconds(lambda: describe(parsed)) if not isinstance(parsed, NotationError) else 0.0
            tokens = _seconds(lambda: notation_tokens(text))
            total = parse + english
            per_kb = parse / (len(text) / 1000)
            first_per_kb = first_per_kb or per_kb
            ratio = per_kb / first_per_kb
            worst = max(worst, total, tokens)
            worst_ratio = max(worst_ratio, ratio)
            print(f"{name:34} {len(text):>7} {parse * 1000:>6.0f}ms {english * 1000:>6.0f}ms {tokens * 1000:>6.0f}ms "
                  f"{ratio:>12.2f}x")
    met = worst < LIMIT_SECONDS
    print(f"slowest reading under the limit: {worst * 1000:.0f} ms (target under {LIMIT_SECONDS * 1000:.0f} ms: "
          f"{'met' if met else 'NOT met'}); largest per-KB ratio {worst_ratio:.2f}x (1.0 is linear)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
