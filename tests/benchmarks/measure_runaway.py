"""How soon runaway and cancelled runs stop, run by hand: ``python tests/benchmarks/measure_runaway.py``.

The worst shapes of notation (deep ``(...)*`` nests, ``(*[a])*+``, ``(&(*))*``, runaway runs asking
about attacks, notations at the length and nesting limits) are typed as a piece on a middle square of
the initial position of every shipped board (on a heap board, as the notation of every piece type,
moving the heap on the pit nearest the middle), and each is run four ways: compiled, by the runner alone
(the tests' oracle, ``OracleRules``), traced, and as the window asks (:func:`~dagaz_studio.queries.answer_moves`
with legality, on a worker thread). For each the script reports:

- **stop**: the time a run with the default budget takes to stop by itself (target: under 1 s), in
  wall-clock and CPU time of the thread that ran it;
- **poll**: the longest CPU time between two looks at the cancel flag during that run (from the start
  to the first look, between looks, from the last look to the end) — the worst delay a cancel could
  meet, whatever the load of the machine (target: under 100 ms);
  A second run, with an unlimited budget, is cancelled after a delay; its figures count too (the
  longest stretch without a look, and the CPU time from the look that saw the flag set to the end);
- **cancel**: the wall-clock time from setting the flag, from another thread after a delay as the
  window's worker is cancelled, to the run's end (target: under 100 ms; on a loaded machine the
  worker thread may simply not be given the processor in time, which the poll figure is free of);
- for traced runs, the time to build the search tree of the trace, as the window does (under 1 s).

Options: ``--boards chess,fanorona``, ``--shapes 0,3`` (indexes in :data:`SHAPES`), ``--ways compiled,window``,
``--delay SECONDS`` (before cancelling). Exit status 1 when any figure is over its target.
"""

from __future__ import annotations

import argparse
import gc
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from dagaz_studio.board import BoardFileError, load_board, parse_board, shipped_boards
from dagaz_studio.board.model import Board
from dagaz_studio.board.writer import replace_piece_notation
from dagaz_studio.engine.explain import build_tree
from dagaz_studio.engine.heaps import Heap
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET, RunResult
from dagaz_studio.notation import NotationError, parse_notation
from dagaz_studio.notation.parser import MAX_NOTATION_LENGTH
from dagaz_studio.queries import MovesQuery, answer_moves
from tests.oracle.rules import OracleRules

STOP_TARGET = 1.0
CANCEL_TARGET = 0.1

_NEST = 99  # one below the nesting limit: the innermost bracket of a check is one more level

#: The worst shapes found so far: what each one stresses is said beside it.
SHAPES: list[tuple[str, str]] = [
    ("((+)*)*", "nested repetitions"),
    ("(N;S)*", "a repetition of steps that undo each other"),
    ("(N*S*)*", "repetitions of repetitions"),
    ("(*){12}", "a counted repetition of every direction"),
    ("(" * 8 + "*" + ")*" * 8, "a deep nest of repetitions"),
    ("(" * _NEST + "*" + ")*" * _NEST, "repetitions nested to the limit"),
    ("(*[a])*+", "a possessive repetition asking about attacks (Fanorona)"),
    ("(*[a])*", "a repetition asking about attacks"),
    ("((*)[A]){30}", "a counted repetition asking about attacks"),
    ("(*[s]){30}", "a counted repetition asking about defence"),
    ("(&(*))*", "a chain of partial moves (Xiangqi)"),
    ("(&(*)[a])*", "a chain of partial moves asking about attacks"),
    ("(&(*)[x])*+", "a possessive chain capturing"),
    ("(*[x])*", "a repetition capturing"),
    ("(^|*)*", "lifting and putting"),
    ("*[a]" * (MAX_NOTATION_LENGTH // 4), "attack questions to the length limit"),
    (("(*)*" * (MAX_NOTATION_LENGTH // 4)), "repetitions to the length limit"),
    ("(" + ";".join(["(*)*"] * ((MAX_NOTATION_LENGTH - 3) // 5)) + ")*", "alternatives to the length limit"),
    (("(&*)" * (MAX_NOTATION_LENGTH // 4)), "partial moves to the length limit"),
    ("(*|^)*", "relay sowing: a piece or heap put down, the next lifted, without end"),
]

WAYS = ["compiled", "runner", "traced", "window"]


class Watch:
    """A cancel flag that notes, in the CPU time of the thread that looks, each look, and when a look
    first found it set."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.looks: list[float] = []
        self.seen: float | None = None

    def set(self) -> None:
        self.event.set()

    def is_set(self) -> bool:
        now = time.thread_time()
        self.looks.append(now)
        if self.event.is_set():
            if self.seen is None:
                self.seen = now
            return True
        return False

    def longest_gap(self, started: float, ended: float) -> float:
        """The longest CPU time without a look: from the start to the first, between two, from the last
        (or, when the flag was found set, from then) to the end."""
        marks = [started] + [t for t in self.looks if self.seen is None or t <= self.seen] + [ended]
        return max(b - a for a, b in zip(marks, marks[1:]))


@dataclass
class Figures:
    board: str
    shape: int
    way: str
    stop_wall: float = 0.0
    stop_cpu: float = 0.0
    poll: float = 0.0
    cancel: float | None = None
    tree: float = 0.0
    work: int = 0
    stopped: str | None = None
    note: str = ""
    over: list[str] = field(default_factory=list)


def _square(board: Board, position: Position) -> int:
    """A middle square of the board: the piece has room, and enemies to ask about. On a heap board,
    the pit nearest the middle: the typed notation moves its heap."""
    middle = len(board.squares) // 2
    if board.kind != "heap":
        return middle
    pits = [square for square, cell in enumerate(position.cells) if isinstance(cell, Heap)]
    return min(pits, key=lambda square: abs(square - middle), default=middle)


def _heaps_moving_by(board: Board, text: str) -> Board:
    """A heap board whose every piece type moves by ``text``: a typed piece would stand in the place
    of a heap, which it cannot lift, so a heap's own notation is edited, as in the window."""
    source = Path(board.source or "").read_text(encoding="utf-8")
    for name in board.pieces:
        source = replace_piece_notation(source, name, text)
    return parse_board(source, board.source or "<board>")


def _runner(board: Board, text: str, way: str) -> Callable[[int, object], tuple[str | None, int]]:
    """A run of the typed notation ``text`` the given way: (budget, cancel) -> (why stopped, work)."""
    if board.kind == "heap":
        board, text = _heaps_moving_by(board, text), ""
    rules = OracleRules(board) if way == "runner" else Rules(board)
    position = Position.initial(board)
    square = _square(board, position)
    if way == "window":
        def window(budget: int, cancel: object) -> tuple[str | None, int]:
            query = MovesQuery(board, position, square, notation=text or None, budget=budget, legal_only=True)
            answer = answer_moves(rules, query, cancel)  # type: ignore[arg-type]
            return answer.stopped or answer.error, len(answer.moves)
        return window
    if board.kind != "heap":
        position.cells[square] = Piece(position.turn, rules.custom_kind(parse_notation(text)), True)
    # No run before the one measured: what the first run prepares (its compiled code, the reach of
    # the pieces its attack questions ask about) is its work too.

    def run(budget: int, cancel: object) -> tuple[str | None, int]:
        result: RunResult = rules.run(position, square, trace=way == "traced", budget=budget,
                                      cancel=cancel)  # type: ignore[arg-type]
        last[0] = result
        return result.stopped, result.work
    last: list[RunResult | None] = [None]
    run.last = last  # type: ignore[attr-defined]
    return run


def _in_thread(work: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    return thread


def measure(board_name: str, shape: int, way: str, delay: float) -> Figures:
    """Stop, poll and cancel figures of one shape run one way on one board."""
    figures = Figures(board_name, shape, way)
    board = load_board(board_name)
    text = SHAPES[shape][0]
    try:
        run = _runner(board, text, way)
    except NotationError as error:
        figures.note = f"not notation: {error.message}"
        return figures
    except BoardFileError as error:
        figures.note = f"not notation here: {str(error).splitlines()[0]}"
        return figures
    watch = Watch()
    outcome: dict[str, object] = {}

    def stop_run() -> None:
        gc.collect()
        wall, cpu = time.perf_counter(), time.thread_time()
        outcome["stopped"], outcome["work"] = run(DEFAULT_BUDGET, watch)
        outcome["wall"], outcome["cpu"] = time.perf_counter() - wall, time.thread_time() - cpu
        outcome["gap"] = watch.longest_gap(cpu, time.thread_time())

    _in_thread(stop_run).join()
    figures.stop_wall, figures.stop_cpu = outcome["wall"], outcome["cpu"]  # type: ignore[assignment]
    figures.poll, figures.work = outcome["gap"], outcome["work"]  # type: ignore[assignment]
    figures.stopped = outcome["stopped"]  # type: ignore[assignment]
    last = getattr(run, "last", [None])[0]
    if last is not None and last.trace:
        # The window rebuilds the search tree of every traced run it shows.
        started = time.thread_time()
        build_tree(last.trace)
        figures.tree = time.thread_time() - started
        figures.note = f"tree of {len(last.trace):,} events in {figures.tree:.2f} s"
        if figures.tree > STOP_TARGET:
            figures.over.append("tree")
    if figures.stop_cpu > STOP_TARGET:
        figures.over.append("stop")
    if figures.poll > CANCEL_TARGET:
        figures.over.append("poll")

    flag = Watch()
    ended: dict[str, float] = {}

    def cancelled_run() -> None:
        started = time.thread_time()
        run(10**9, flag)
        ended["at"], ended["cpu"] = time.perf_counter(), time.thread_time()
        ended["gap"] = flag.longest_gap(started, ended["cpu"])

    thread = _in_thread(cancelled_run)
    thread.join(delay)
    if thread.is_alive():
        cancelled_at = time.perf_counter()
        flag.set()
        thread.join(30)
        figures.cancel = ended.get("at", float("inf")) - cancelled_at
        # The worst a cancel could meet in CPU time: the longest stretch without a look, or the
        # time from the look that found the flag set to the end, whichever is longer.
        figures.poll = max(figures.poll, ended.get("gap", float("inf")))
        if figures.poll > CANCEL_TARGET and "poll" not in figures.over:
            figures.over.append("poll")
        if figures.cancel > CANCEL_TARGET:
            figures.over.append("cancel")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="How soon runaway and cancelled runs stop.")
    parser.add_argument("--boards", default=",".join(shipped_boards()))
    parser.add_argument("--shapes", default=",".join(str(i) for i in range(len(SHAPES))))
    parser.add_argument("--ways", default=",".join(WAYS))
    parser.add_argument("--delay", type=float, default=0.15, help="seconds before cancelling")
    args = parser.parse_args(argv)
    for index, (text, what) in enumerate(SHAPES):
        shown = text if len(text) <= 40 else text[:30] + f"… ({len(text):,} characters)"
        print(f"shape {index}: {shown}  — {what}")
    print(f"\n{'board':<13}{'shape':>5} {'way':<9}{'stop wall':>10}{'stop cpu':>9}{'poll':>8}{'cancel':>8}"
          f"{'work':>9}  stopped")
    worst = {"stop": 0.0, "poll": 0.0, "cancel": 0.0}
    over = 0
    failed = 0
    for board_name in args.boards.split(","):
        for shape in (int(s) for s in args.shapes.split(",")):
            for way in args.ways.split(","):
                try:
                    f = measure(board_name, shape, way, args.delay)
                except Exception as error:  # one case that cannot be measured must not end the others
                    failed += 1
                    print(f"{board_name:<13}{shape:>5} {way:<9} could not be measured: "
                          f"{type(error).__name__}: {error}", flush=True)
                    continue
                cancel = "-" if f.cancel is None else f"{f.cancel * 1000:.0f}ms"
                flag = "  OVER: " + ", ".join(f.over) if f.over else ""
                print(f"{f.board:<13}{f.shape:>5} {f.way:<9}{f.stop_wall:>9.2f}s{f.stop_cpu:>8.2f}s"
                      f"{f.poll * 1000:>6.0f}ms{cancel:>8}{f.work:>9,}  {(f.stopped or '')[:40]} {f.note}{flag}",
                      flush=True)
                worst["stop"] = max(worst["stop"], f.stop_cpu)
                worst["poll"] = max(worst["poll"], f.poll)
                worst["cancel"] = max(worst["cancel"], f.cancel or 0.0)
                over += bool(f.over)
    print(f"\nworst: stop {worst['stop']:.2f} s CPU (target {STOP_TARGET} s), longest between looks at the "
          f"cancel flag {worst['poll'] * 1000:.0f} ms CPU, cancel {worst['cancel'] * 1000:.0f} ms wall "
          f"(target {CANCEL_TARGET * 1000:.0f} ms); {over} over" + (f", {failed} not measured" if failed else ""))
    return 1 if over or failed else 0


if __name__ == "__main__":
    sys.exit(main())
