"""Parlett, Betza and variants.ini texts fuzzed through the command line, under a watchdog.

Every category of ``tests/fuzz/families.py`` runs a fixed sample of cases on every run of the suite
(the same cases each time); ``-m slow`` runs many more, and ``tests/fuzz/run.py COUNT --families ...``
as many as asked. A case may be accepted or refused with a short message; a traceback, an untidy
refusal, a hang or a run out of memory fails the category's test for that class (after a hang or
a run out of memory, the category's further cases are not run: each costs seconds).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.fuzz.families import FAMILIES
from tests.fuzz.watchdog import FAILURES, HANG_SECONDS, MEMORY_LIMIT, Case, Result, Watchdog, classify

#: Cases of each category on every run: about 400 in all, a few seconds.
CI_CASES = 25
#: Cases of each category with ``-m slow``.
SLOW_CASES = 400
#: A case's limits in the default run: a hang or a memory failure is seen sooner than in the long run.
CI_HANG_SECONDS = 5.0
CI_MEMORY = 512 * 2**20

#: What fails today, by family, category and class, each with the reason; the mark goes when the fix
#: reaches main.
KNOWN: dict[tuple[str, str, str], str] = {}


def _params(count: int) -> Iterator[object]:
    for family, categories in FAMILIES.items():
        for category in sorted(categories):
            for kind in FAILURES:
                reason = KNOWN.get((family, category, kind))
                marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
                yield pytest.param(family, category, kind, count, marks=marks, id=f"{family}/{category}/{kind}")


class _Runs:
    """Each category's cases, run once for all its classes' tests, in one watched worker."""

    def __init__(self, memory: int, hang_seconds: float) -> None:
        self.dog = Watchdog(memory, hang_seconds)
        self.results: dict[tuple[str, str, int], list[Result]] = {}

    def of(self, family: str, category: str, count: int) -> list[Result]:
        key = (family, category, count)
        if key not in self.results:
            rng = random.Random(f"{family}/{category}")
            results = []
            for _ in range(count):
                results.append(self.dog.run(FAMILIES[family][category](rng)))
                # A hang or a memory failure costs seconds each: the first is enough to know.
                if results[-1].kind in ("hang", "memory"):
                    break
            self.results[key] = results
        return self.results[key]


@pytest.fixture(scope="module")
def runs() -> Iterator[_Runs]:
    kept = _Runs(CI_MEMORY, CI_HANG_SECONDS)
    yield kept
    kept.dog.close()


@pytest.fixture(scope="module")
def long_runs() -> Iterator[_Runs]:
    kept = _Runs(MEMORY_LIMIT, HANG_SECONDS)
    yield kept
    kept.dog.close()


def _none_of(results: list[Result], kind: str) -> None:
    failed = [result.report() for result in results if result.kind == kind]
    assert not failed, f"{len(failed)} of {len(results)} cases: {failed[:3]}"


@pytest.mark.parametrize(("family", "category", "kind", "count"), list(_params(CI_CASES)))
def test_fuzzed_command_lines_accept_or_refuse_cleanly(runs: _Runs, family: str, category: str, kind: str,
                                                       count: int) -> None:
    _none_of(runs.of(family, category, count), kind)


@pytest.mark.slow
@pytest.mark.parametrize(("family", "category", "kind", "count"), list(_params(SLOW_CASES)))
def test_many_fuzzed_command_lines_accept_or_refuse_cleanly(long_runs: _Runs, family: str, category: str,
                                                            kind: str, count: int) -> None:
    _none_of(long_runs.of(family, category, count), kind)


# Found by the long run, each a hang, a run past 1 GB, a traceback or a 7,500-character line before the
# Betza reader counted multi-leg moves before building them and bounded its counts.
FOUND = [
    ["translate", "--from", "betza", "--to", "english", "--", "cacacacacacaQ"],
    ["translate", "--from", "betza", "--to", "parlett", "--dialect", "fsf", "--", "papapapaQ"],
    ["moves", "chess", "--at", "d1", "--piece=" + "mcpa" * 30 + "K", "--notation", "betza"],
    ["translate", "--from", "betza", "--to", "dagaz", "--", "Z" + "9" * 5000],
    ["translate", "--from", "betza", "--to", "dagaz", "--", "bqKvk'J" * 1073],
    ["import", "{dir}/variants.ini", "--out", "{dir}/boards"],
]
FOUND_INI = "[v0:chess]\nmaxFile = 9\nmaxRank = 9\nlance = j:" + "ya" * 100 + "B\n"


@pytest.mark.parametrize("argv", FOUND, ids=[" ".join(a)[:40] for a in FOUND])
def test_cases_the_long_run_found_end_cleanly(runs: _Runs, argv: list[str]) -> None:
    case = Case("found", "found", argv, " ".join(argv)[:200], {"variants.ini": FOUND_INI})
    result = runs.dog.run(case)
    assert not result.failed, result.report()


# The watchdog must be able to fail: each class, seen on commands that misbehave on purpose.
@pytest.mark.parametrize(("argv", "kind"), [
    (["accept"], "accepted"), (["refuse"], "refused"), (["noisy"], "untidy refusal"), (["raise"], "traceback"),
    (["exit3"], "traceback"), (["hang"], "hang"), (["memory"], "memory"), (["accept"], "accepted"),
])
def test_the_watchdog_tells_each_way_a_command_ends(argv: list[str], kind: str) -> None:
    with Watchdog(64 * 2**20, 2.0, target="tests.fuzz.misbehave:main") as dog:
        result = dog.run(Case("self", "test", argv, argv[0]))
        assert result.kind == kind, result.report()
        # After a hang or a memory failure, the next case gets a fresh worker.
        assert dog.run(Case("self", "test", ["accept"], "accept")).kind == "accepted"


def test_an_internal_error_printed_by_a_batch_is_a_traceback() -> None:
    answer = {"status": 2, "stderr": "error: line 3: internal error (KeyError: (0, 0)); please report it",
              "stderr_chars": 60, "stdout_chars": 0, "escaped": None, "memory": False}
    assert classify(answer)[0] == "traceback"
