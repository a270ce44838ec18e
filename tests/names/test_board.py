"""The board-file statements move names read: ``names:`` and ``name-letter``."""

from __future__ import annotations

import pytest

from dagaz_studio.board import BoardFileError, load_board, parse_board
from dagaz_studio.board.model import NAME_STYLES

BASE = """tiny
grid: a-c x 3-1
N = (0, -1)
piece Rook R: N
piece Pawn P: N
"""


def test_defaults_are_coordinates_and_position_letters() -> None:
    board = parse_board(BASE)
    assert board.names == "coordinates"
    assert board.name_letter("Rook") == "R"
    assert board.name_letter("Pawn") == "P"


def test_names_and_name_letters_are_read() -> None:
    board = parse_board(BASE + "names: san\nname-letter Pawn: -\nname-letter Rook: T\n")
    assert board.names == "san"
    assert board.name_letter("Pawn") == ""
    assert board.name_letter("Rook") == "T"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("names: figurine", f"6:8: unknown move names 'figurine' (known: {', '.join(NAME_STYLES)})"),
        ("names: san\nnames: wxf", "7:1: the move names already given on line 6"),
        ("name-letter Ghost: G", "6:13: unknown piece type 'Ghost' (pieces: Rook, Pawn)"),
        ("name-letter Rook: r", "6:19: a name letter is one capital letter or '-' for none, not 'r'"),
        ("name-letter Rook: P", "6:19: name letter 'P' is already Pawn's"),
        ("name-letter Rook: T\nname-letter Rook: U", "7:13: name letter of 'Rook' already given on line 6"),
    ],
)
def test_mistakes_are_reported_where_they_are(extra: str, message: str) -> None:
    with pytest.raises(BoardFileError) as caught:
        parse_board(BASE + extra + "\n", "t.board")
    assert [str(p) for p in caught.value.problems] == ["t.board:" + message]


@pytest.mark.parametrize("promoted", ["+P", "G~"])
def test_a_promoted_piece_may_take_the_name_letter_of_the_piece_it_moves_as(promoted: str) -> None:
    # As Fairy-Stockfish writes shogi's Tokin G; a piece that is not promoted still may not (above).
    board = parse_board(BASE.replace("piece Pawn P: N", "piece Pawn P: N([+Tokin])?")
                        + f"piece Gold G: N\npiece Tokin {promoted}: N\nname-letter Tokin: G\n")
    assert board.name_letter("Tokin") == board.name_letter("Gold") == "G"


def test_shipped_boards_declare_their_styles() -> None:
    chess, xiangqi, fanorona = (load_board(name) for name in ("chess", "xiangqi", "fanorona"))
    assert (chess.names, xiangqi.names, fanorona.names) == ("san", "wxf", "coordinates")
    assert chess.name_letter("Pawn") == "" and chess.name_letter("Knight") == "N"
    assert [xiangqi.name_letter(p) for p in xiangqi.pieces] == ["R", "H", "E", "A", "K", "C", "P"]
