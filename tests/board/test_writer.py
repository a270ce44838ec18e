"""Writing a piece's notation back into a board file keeps everything else byte for byte."""

from __future__ import annotations

import pytest

from dagaz_studio.board import parse_board, shipped_boards
from dagaz_studio.board.writer import BoardWriteError, replace_piece_notation


def _text(name: str) -> str:
    return shipped_boards()[name].read_text(encoding="utf-8")


def _changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    return [line for line in old if line not in new], [line for line in new if line not in old]


def test_a_one_line_notation_is_replaced_and_the_file_still_loads():
    text = _text("chess")
    after = replace_piece_notation(text, "Rook", "(+)([p]\\1){0,2}")
    removed, added = _changed_lines(text, after)
    assert removed == ["piece Rook R: (+)([p]\\1)*\n"]
    assert added == ["piece Rook R: (+)([p]\\1){0,2}\n"]
    board = parse_board(after)
    assert board.pieces["Rook"].notation_text == "(+)([p]\\1){0,2}"
    assert board.pieces["Bishop"].notation_text == "(X)([p]\\1)*"


def test_a_folded_notation_loses_its_continuation_lines_and_nothing_else():
    text = _text("chess")
    after = replace_piece_notation(text, "King", "*[A]")
    old_lines, new_lines = text.splitlines(keepends=True), after.splitlines(keepends=True)
    start = next(i for i, line in enumerate(old_lines) if line.startswith("piece King"))
    assert new_lines[:start] == old_lines[:start]
    assert new_lines[start] == "piece King K royal: *[A]\n"
    folded = next(i for i, line in enumerate(old_lines) if i > start and not line.startswith(" "))
    assert folded > start + 2
    assert new_lines[start + 1:] == old_lines[folded:]
    king = parse_board(after).pieces["King"]
    assert king.notation_text == "*[A]" and king.royal


def test_a_notation_of_several_lines_is_written_folded_and_reads_back_joined():
    text = _text("chess")
    after = replace_piece_notation(text, "Knight", "N,OM;E,OT;\nS TR;W,RM\n")
    assert "piece Knight N: N,OM;E,OT;\n    S TR;W,RM\n" in after
    assert parse_board(after).pieces["Knight"].notation_text == "N,OM;E,OT; S TR;W,RM"


def test_trailing_comments_and_comment_lines_inside_the_statement_are_kept():
    text = (
        "name: tiny\ngrid: a-b x 2-1\nN = (0,-1)\nE = (1,0)\n"
        "piece Rook R: (+)  # slides\n"
        "# the rest of the rook\n"
        "\t([p]\\1)*\n"
        "piece King K royal: N\n"
    )
    after = replace_piece_notation(text, "Rook", "N")
    assert after == (
        "name: tiny\ngrid: a-b x 2-1\nN = (0,-1)\nE = (1,0)\n"
        "piece Rook R: N  # slides\n"
        "# the rest of the rook\n"
        "piece King K royal: N\n"
    )


def test_crlf_files_stay_crlf_and_a_missing_final_line_ending_stays_missing():
    text = "name: tiny\r\ngrid: a-b x 2-1\r\nN = (0,-1)\r\npiece Rook R: N"
    after = replace_piece_notation(text, "Rook", "N\nN")
    assert after == "name: tiny\r\ngrid: a-b x 2-1\r\nN = (0,-1)\r\npiece Rook R: N\r\n    N"


@pytest.mark.parametrize("name", ["chess", "xiangqi", "fanorona"])
def test_writing_each_piece_back_unchanged_keeps_the_board(name):
    text = _text(name)
    board = parse_board(text)
    lines = text.splitlines()
    for piece in board.pieces.values():
        after = replace_piece_notation(text, piece.name, piece.notation_text)
        assert parse_board(after).pieces[piece.name].notation_text == piece.notation_text
        start = next(i for i, line in enumerate(lines) if line.startswith(f"piece {piece.name} "))
        folded = start + 1 < len(lines) and lines[start + 1][:1].isspace()
        if not folded:
            assert after == text


def test_unknown_pieces_and_unwritable_notations_are_refused():
    text = _text("chess")
    with pytest.raises(BoardWriteError, match="no piece named 'Dragon'"):
        replace_piece_notation(text, "Dragon", "N")
    with pytest.raises(BoardWriteError, match="'#'"):
        replace_piece_notation(text, "Rook", "N # E")
    with pytest.raises(BoardWriteError, match="empty"):
        replace_piece_notation(text, "Rook", "  \n")


def test_a_piece_s_head_within_a_comment_is_not_the_piece_written():
    # A comment with a line separator in it (U+2028): the piece's head after it was taken for a line.
    text = "name: tiny\ngrid: a-b x 2-1\nN = (0,-1)\n# was\u2028piece Rook R: N\npiece Rook R: N\n"
    after = replace_piece_notation(text, "Rook", "N,N")
    assert after == text.removesuffix("piece Rook R: N\n") + "piece Rook R: N,N\n"
    assert parse_board(after).pieces["Rook"].notation_text == "N,N"
