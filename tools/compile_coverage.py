"""Which shipped pieces' notations the code writer covers: every shipped board's piece notations (and
drop notations, on the default board) compiled for every player, and the reasons the code writer
gives for those it does not write (``CodeTooLarge``, past the size limits), counted; with ``--traced``, the traced code
(:mod:`dagaz_studio.engine.trace_code`, on heap and stack boards :mod:`dagaz_studio.engine.kind_trace`)
written instead. Run from a clone:
``python tools/compile_coverage.py [--pieces] [--traced]``."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dagaz_studio.board import load_board  # noqa: E402
from dagaz_studio.board.shipped import shipped_boards  # noqa: E402
from dagaz_studio.engine.compiler import CodeTooLarge, compile_function, compile_notation  # noqa: E402
from dagaz_studio.engine.kind_compiler import compile_kind_notation  # noqa: E402
from dagaz_studio.engine.kind_trace import HeapTraceWriter, StackTraceWriter  # noqa: E402
from dagaz_studio.engine.rules import Rules  # noqa: E402
from dagaz_studio.engine.trace_code import TraceWriter  # noqa: E402


def _write(rules: Rules, notation: Any, player: int, dropped: str | None, traced: bool) -> None:
    """The code of one notation written (``dropped``: the piece it drops), raising :class:`CodeTooLarge`."""
    kind = rules.board.kind_type
    if traced:
        (TraceWriter if kind.holds_pieces else HeapTraceWriter if kind.holds_heaps else StackTraceWriter)(
            rules, notation, player).written()
    elif dropped is not None:
        compile_function(rules, notation, player, "drop", dropped)
    elif kind.holds_pieces:
        compile_notation(rules, notation, player)
    else:
        compile_kind_notation(rules, notation, player)


def fallbacks(traced: bool = False, tried: list[int] | None = None) -> list[tuple[str, str, int, str]]:
    """(board, piece, player, reason) for every shipped piece notation the code writer refuses;
    ``traced``: by the traced code's writers; ``tried``, given, counts the
    notations tried."""
    found = []
    for name, path in shipped_boards().items():
        board = load_board(path)
        rules = Rules(board)
        notations: list[tuple[str, Any, str | None]] = [
            (piece.name, piece.notation, None) for piece in rules.kinds[:rules.board_kinds] if piece.notation is not None]
        if board.kind_type.holds_pieces:
            notations += [(f"{piece} dropped", notation, piece) for piece, notation in board.drops.items()]
        for piece_name, notation, dropped in notations:
            for player in range(len(board.players)):
                if tried is not None:
                    tried[0] += 1
                try:
                    _write(rules, notation, player, dropped, traced)
                except CodeTooLarge as error:
                    found.append((name, piece_name, player, error.message))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pieces", action="store_true", help="list each board's pieces not compiled")
    parser.add_argument("--traced", action="store_true", help="the traced code instead")
    options = parser.parse_args()
    tried = [0]
    found = fallbacks(options.traced, tried)
    print(f"{tried[0] - len(found)} of {tried[0]} notations written (each player's)")
    for reason, count in Counter(reason for *_, reason in found).most_common():
        print(f"{count:5}  {reason}")
    if not found:
        print("every shipped notation is written as code")
    if options.pieces:
        for board, piece, player, reason in found:
            print(f"{board}: {piece} (player {player}): {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
