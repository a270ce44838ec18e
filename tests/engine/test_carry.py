"""A position carried over to a changed board keeps what still exists, by name."""

from __future__ import annotations

from dagaz_studio.board import parse_board, shipped_boards
from dagaz_studio.board.piece_edits import add_piece, delete_piece, update_piece
from dagaz_studio.engine.carry import carry_position
from dagaz_studio.engine.position import Position


def _chess() -> tuple[str, Position]:
    text = shipped_boards()["chess"].read_text(encoding="utf-8")
    position = Position.from_fen(parse_board(text), "r3k2r/8/8/3q4/8/8/8/R3K2R b KQkq - 4 20")
    return text, position


def test_an_added_piece_type_changes_nothing_on_the_board():
    text, position = _chess()
    board = parse_board(add_piece(text, position.board, "Wazir", "W", "+"))
    carried = carry_position(position, board)
    assert carried.cells == position.cells and carried.turn == 1
    assert carried.fen() == position.fen()


def test_a_deleted_type_goes_and_the_later_types_keep_their_pieces_under_new_indices():
    text = shipped_boards()["xiangqi"].read_text(encoding="utf-8")
    board = parse_board(text)
    position = Position.initial(board)
    carried = carry_position(position, parse_board(delete_piece(text, board, "Horse")))
    assert carried.fen().startswith("r1bakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w")


def test_a_renamed_type_keeps_its_pieces_only_when_the_rename_is_given():
    text, position = _chess()
    board = parse_board(update_piece(text, position.board, "Queen", new_name="Vizier"))
    assert carry_position(position, board, {"Queen": "Vizier"}).fen() == position.fen()
    assert "q" not in carry_position(position, board).fen().split()[0]


def test_squares_the_new_grid_lacks_lose_their_pieces():
    text = "grid: a-h x 8-1\npiece Stone s: N\n"
    position = Position.from_fen(parse_board(text), "s3s2s/8/8/3S4/8/8/8/S3S2S w")
    smaller = parse_board(text.replace("8-1", "8-4"))
    carried = carry_position(position, smaller)
    assert [smaller.squares[s] for s, piece in enumerate(carried.cells) if piece] == ["a8", "e8", "h8", "d5"]
    assert carried.cells[smaller.index("d5")].player == 0


def test_a_stack_boards_columns_and_a_heap_boards_heaps_are_carried_by_type():
    """A re-lettered or renamed type on a stack or heap board keeps its columns and heaps, not an
    empty board; a column loses only the pieces of a type gone."""
    from dagaz_studio.engine.stacks import Column

    text = shipped_boards()["lasca"].read_text(encoding="utf-8")
    board = parse_board(text)
    position = Position.initial(board)
    soldier, officer = list(board.pieces).index("Soldier"), list(board.pieces).index("Officer")
    position.cells[board.index("d4")] = Column(((0, officer), (1, soldier), (0, soldier)))
    renamed = parse_board(update_piece(text, board, "Soldier", new_name="Private", letter="h"))
    carried = carry_position(position, renamed, {"Soldier": "Private"})
    assert carried.fen() == position.fen().replace("s", "h").replace("S", "H")
    kalah = shipped_boards()["kalah"].read_text(encoding="utf-8")
    seeds = Position.initial(parse_board(kalah))
    relettered = parse_board(update_piece(kalah, seeds.board, "Seed", letter="h"))
    assert carry_position(seeds, relettered).fen() == seeds.fen()
