"""Typing a notation, run by hand: ``python tests/benchmarks/bench_typing.py``.

What the window does on every keystroke in the notation editor: the typed text becomes a piece kind
(``Rules.custom_kind``), stands on the selected square in place of the piece there, and runs traced.
For every piece of every shipped board, its notation is typed (a fresh text each time, as keystrokes
make: the notation, then ``;N``) on the squares of the side to move's pieces in mid-game positions (random play), and the CPU time
of each run is kept (CPU time: other work on the machine does not count). Prints p50 and p99 per piece; target: p99 at most 16 ms for every piece.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.game import legal_moves, make_move
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import parse_notation


def mid_game(board_name: str, count: int, seed: int = 7) -> list[Position]:
    board = load_board(board_name)
    rules = Rules(board)
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        position = Position.initial(board)
        for _ in range(rng.randrange(10, 30)):
            moves = legal_moves(rules, position)
            if not moves:
                break
            make_move(position, rng.choice(moves))
        positions.append(position)
    return positions


def main() -> int:
    ok = True
    print(f"{'board':10} {'piece':10} {'runs':>5} {'p50 ms':>8} {'p99 ms':>8}")
    for name in shipped_boards():
        board = load_board(name)
        rules = Rules(board)  # one per window: typed kinds pile up in it, as they do there
        # The board's attack tables are built once per window, before anything is typed.
        for square in range(len(board.squares)):
            for player in range(len(board.players)):
                rules.attackers(square, player)
        positions = mid_game(name, 4)
        if "--freeze" in sys.argv:
            gc.freeze()  # what a long-lived window can do once its board is loaded: no pauses to scan it
        for piece_type in list(board.pieces.values()):
            timings = []
            typed = 0
            for position in positions:
                for square, standing in enumerate(position.cells):
                    if standing is None or standing.player != position.turn:
                        continue
                    typed += 1
                    text = f"{piece_type.notation_text};{' ' * typed}N"  # each keystroke a new text
                    started = time.thread_time()
                    kind = rules.custom_kind(parse_notation(text))
                    trial = position.copy()
                    trial.cells[square] = Piece(trial.turn, kind, True)
                    rules.run(trial, square, trace=True)
                    timings.append(time.thread_time() - started)
            timings.sort()
            p50 = statistics.median(timings) * 1000
            p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))] * 1000
            ok &= p99 <= 16
            print(f"{name:10} {piece_type.name:10} {len(timings):5} {p50:8.2f} {p99:8.2f}")
    print(f"target (p99 at most 16 ms for every piece): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
