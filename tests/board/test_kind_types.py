"""Board kinds as types (board/kinds.py): a board file's ``kind:`` gives the board its kind object, and
the tables of the layers above, keyed by that object, still find it after the board has been
pickled, as the board cache and the workers of ``--jobs`` receive it."""

from __future__ import annotations

import pickle

import pytest

from dagaz_studio.board import load_board, parse_board
from dagaz_studio.board.kinds import BOARD_KINDS, DEFAULT, HEAP, KINDS, STACK, BoardKind, kind_named
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.stacks import Column


def test_each_kind_is_named_once_and_answers_one_way() -> None:
    assert tuple(KINDS) == BOARD_KINDS and set(KINDS.values()) == {DEFAULT, HEAP, STACK}
    for name, kind in KINDS.items():
        assert kind.name == name and kind_named(name) is kind and isinstance(kind, BoardKind)
        # A square holds one thing: a piece, a heap or a column.
        assert [kind.holds_pieces, kind.holds_heaps, kind.holds_columns].count(True) == 1


@pytest.mark.parametrize("kind", [DEFAULT, HEAP, STACK])
def test_a_board_files_kind_is_its_object(kind: BoardKind) -> None:
    board = parse_board(f"grid: a-b x 2-1\nkind: {kind.name}\npiece Man m: N")
    assert board.kind == kind.name and board.kind_type is kind
    assert parse_board("grid: a-b x 2-1\npiece Man m: N").kind_type is DEFAULT


@pytest.mark.parametrize(("name", "fen"), [
    ("kalah", "0,4,4,4,4,4,4,0/0,4,4,4,4,4,4,0 w"),
    ("lasca", "s1(so)1s1s/1s1s1s1/s1s1s1s/7/S1(Ss)1S1S/1S1S1S1/S1S3S w"),
])
def test_a_pickled_board_keeps_its_kind(name: str, fen: str) -> None:
    board = load_board(name)
    assert board.kind_type in (HEAP, STACK)
    copy = pickle.loads(pickle.dumps(board, protocol=pickle.HIGHEST_PROTOCOL))
    assert copy.kind_type is board.kind_type
    # Read and written in the kind's own form, not as pieces' letters.
    position = Position.from_fen(copy, fen)
    assert position.fen() == fen
    if copy.kind_type.holds_columns:
        assert isinstance(position.cells[copy.index("c7")], Column)
