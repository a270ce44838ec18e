"""``dagaz-studio compare``, run by hand: ``python tests/benchmarks/bench_compare.py [--quick]``.

Prints each figure with PASS or FAIL against its target:

- **10,000 positions of chess** (``--quick``: 2,000): the chess Queen against its Betza reading
  ``Q`` (which agree, so every position is searched: 64 squares, two definitions each), in one
  process. The target is 10 s on 2 cores, so the figure is CPU time (the machine may be shared;
  waiting for a core is not counted) against 20 s, the two cores' 10 s together; the command
  spreads blocks of positions over the cores with ``--jobs`` (perft's pool).
- **against python-chess** (the reference, in the same run): python-chess lists the moves of a
  Queen put on every square of the same positions (``Board.attacks``, bitboards); the ratio is
  reported, target within 5x.
- **--jobs 2 against one process**, wall time of the whole command (for the record: on a shared
  machine it measures the neighbours too).
"""

from __future__ import annotations

import subprocess
import sys
import time

import chess

from dagaz_studio.board import load_board
from dagaz_studio.engine.rules import Rules
from dagaz_studio.queries.compare import compare_kinds, definition_kinds
from dagaz_studio.queries.compare_positions import BLOCK, block_positions
from dagaz_studio.translation import translate

CPU_TARGET = 20.0
RATIO_TARGET = 5.0


def _python_chess(rules: Rules, positions: int) -> float:
    """CPU time for python-chess to list a Queen's moves from every square of the same positions."""
    boards = []
    for block in range((positions + BLOCK - 1) // BLOCK):
        for position in block_positions(rules, 0, block, min(BLOCK, positions - block * BLOCK)):
            # Only where the pieces stand matters here: no en-passant field (a Rook passing two
            # squares would name them, which python-chess does not read).
            boards.append(chess.Board(position.fen(en_passant="-")))
    started = time.process_time()
    for board in boards:
        mover = board.turn
        for square in chess.SQUARES:
            kept = board.piece_at(square)
            board.set_piece_at(square, chess.Piece(chess.QUEEN, mover))
            targets = board.attacks(square)
            _ = [move for move in targets if board.color_at(move) != mover]
            if kept is None:
                board.remove_piece_at(square)
            else:
                board.set_piece_at(square, kept)
    return time.process_time() - started


def main() -> int:
    quick = "--quick" in sys.argv
    positions = 2_000 if quick else 10_000
    board = load_board("chess")
    rules = Rules(board)
    kinds = definition_kinds(rules, board.pieces["Queen"].notation_text, translate("Q", "betza", "dagaz").text)
    started = time.process_time()
    result = compare_kinds(rules, kinds, positions)
    ours = time.process_time() - started
    assert not result.differ and result.positions == positions
    scaled = ours * 10_000 / positions
    ok = scaled <= CPU_TARGET
    print(f"compare Queen Q, {positions:,} positions: {ours:.2f} s CPU ({scaled:.2f} s per 10,000; "
          f"target {CPU_TARGET:.0f} s, 10 s on 2 cores) {'PASS' if ok else 'FAIL'}")
    reference = _python_chess(rules, positions)
    ratio = ours / reference
    print(f"python-chess, the same positions: {reference:.2f} s CPU; compare takes {ratio:.1f}x "
          f"(target within {RATIO_TARGET:.0f}x) {'PASS' if ratio <= RATIO_TARGET else 'FAIL'}")
    walls = {}
    for jobs in (1, 2):
        started = time.perf_counter()
        # The Queen against a text of its own moves written otherwise: one definition given twice is
        # said to agree without a search.
        subprocess.run([sys.executable, "-m", "dagaz_studio", "compare", "chess", "Queen", "(*)(([p]\\1))*",
                        "--positions", str(positions), "--jobs", str(jobs)], check=False,
                       capture_output=True)
        walls[jobs] = time.perf_counter() - started
    print(f"--jobs 2: {walls[2]:.2f} s wall, one process {walls[1]:.2f} s ({walls[1] / walls[2]:.2f}x)")
    return 0 if ok and ratio <= RATIO_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
