"""Which shipped pieces' notations the code writer covers: every shipped board's piece notations (and
drop notations, on the default board) compiled for every player, and the reasons the code writer
gives for those it does not write (``Unsupported``, a construct not covered; ``CodeTooLarge``, past
the size limits), counted. Run from a clone: ``python tools/compile_coverage.py [--pieces]``."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dagaz_studio.board import load_board  # noqa: E402
from dagaz_studio.board.shipped import shipped_boards  # noqa: E402
from dagaz_studio.engine.compiler import CodeTooLarge, Unsupported, compile_drop, compile_notation  # noqa: E402
from dagaz_studio.engine.kind_compiler import compile_kind_notation  # noqa: E402
from dagaz_studio.engine.rules import Rules  # noqa: E402


def fallbacks() -> list[tuple[str, str, int, str]]:
    """(board, piece, player, reason) for every shipped piece notation the code writer refuses."""
    found = []
    for name, path in shipped_boards().items():
        board = load_board(path)
        rules = Rules(board)
        for kind in range(rules.board_kinds):
            piece = rules.kinds[kind]
            if piece.notation is None:
                continue
            for player in range(len(board.players)):
                try:
                    if board.kind_type.holds_pieces:
                        compile_notation(rules, piece.notation, player)
                    else:
                        compile_kind_notation(rules, piece.notation, player)
                except Unsupported as reason:
                    found.append((name, piece.name, player, str(reason)))
                except CodeTooLarge as error:
                    found.append((name, piece.name, player, error.message))
        if board.kind_type.holds_pieces:
            for piece_name, notation in board.drops.items():
                for player in range(len(board.players)):
                    try:
                        compile_drop(rules, notation, player, piece_name)
                    except Unsupported as reason:
                        found.append((name, f"{piece_name} dropped", player, str(reason)))
                    except CodeTooLarge as error:
                        found.append((name, f"{piece_name} dropped", player, error.message))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pieces", action="store_true", help="list each board's pieces not compiled")
    options = parser.parse_args()
    found = fallbacks()
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
