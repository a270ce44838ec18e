"""The code written for untraced runs does not change with the traced code's hooks: the hooks of the
code writer (``traced``, ``traced_test``…) write nothing in the default, heap and stack back-ends, so
the fast path keeps its source, and its speed.

The digest covers the code written for every shipped board's pieces, for every player: the default
board's ``moves``, ``attacks`` and ``probe`` source, the heap and stack boards' ``moves``. A change
meant to change that code (a faster slider, a construct newly covered) renews the digest with
``python -m tests.engine.test_untraced_source``, and says so in its commit.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.default_code import CodeGenerator
from dagaz_studio.engine.hoist import hoist
from dagaz_studio.engine.kind_compiler import kind_writer
from dagaz_studio.engine.rules import Rules

DIGEST = Path(__file__).with_name("untraced_source.sha256")


def untraced_sources() -> list[str]:
    """The code written for every shipped board's pieces, in a fixed order."""
    sources = []
    for name in sorted(shipped_boards()):
        board = load_board(name)
        rules = Rules(board)
        for player in range(len(board.players)):
            for kind in range(rules.board_kinds):
                notation = rules.kinds[kind].notation
                if board.kind_type.holds_pieces:
                    source, _ = CodeGenerator(rules, notation, player).module(
                        notation.body, ("moves", "attacks", "probe"))
                else:
                    source = hoist(kind_writer(rules, notation, player).module())
                sources.append(f"{name} {player} {kind}\n{source}")
    return sources


def digest() -> str:
    """The digest of :func:`untraced_sources`."""
    return hashlib.sha256("\n".join(untraced_sources()).encode()).hexdigest()


def test_the_untraced_code_of_every_shipped_piece_is_as_before_the_traced_hooks() -> None:
    assert digest() == DIGEST.read_text(encoding="ascii").strip()


if __name__ == "__main__":
    DIGEST.write_text(digest() + "\n", encoding="ascii")
