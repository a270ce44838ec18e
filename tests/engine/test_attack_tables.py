"""The attack tables bulk work builds all at once (each piece's reach turned round) against each
piece's reach asked square by square, on boards read anew (nothing shared worked out yet)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dagaz_studio.board import load_board, parse_board
from dagaz_studio.board.model import Board
from dagaz_studio.engine.rules import Rules


def _fresh(name: str) -> Board:
    shipped = load_board(name)
    return parse_board(Path(shipped.source or "").read_text(encoding="utf-8"), shipped.source or "<board>")


@pytest.mark.parametrize("name", ["raumschach", "xiangqi", "shogi"])
def test_tables_built_at_once_are_what_each_piece_reaches_square_by_square(name: str) -> None:
    bulk, one_by_one = Rules(_fresh(name)), Rules(_fresh(name))
    bulk.build_attack_tables()
    squares, players = len(bulk.board.squares), len(bulk.board.players)
    for player in range(players):
        assert player in bulk.tabled
        for square in range(squares):
            built = bulk.attackers(square, player)
            # What could capture here, from each square, by every kind's reach from there.
            expected = [(origin, frozenset(kind for kind in range(one_by_one.board_kinds)
                                           if square in one_by_one.reach(kind, player, origin)))
                        for origin in range(squares) if origin != square]
            assert built == [pair for pair in expected if pair[1]], (name, bulk.board.squares[square])
