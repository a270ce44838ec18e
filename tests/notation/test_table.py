"""docs/notation.md §9, the article's pieces side by side, says what ``translate`` writes."""

from __future__ import annotations

import re

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.translation import read_piece, translate
from tests.helpers.paths import REPO

DOC = REPO / "docs" / "notation.md"


def _rows() -> list[tuple[str, str, str, str]]:
    section = DOC.read_text(encoding="utf-8").split("## 9.")[1]
    rows = []
    for line in section.splitlines():
        if not line.startswith("| ") or line.startswith("| piece") or line.startswith("|---"):
            continue
        cells = [c.strip().replace("\\|", "|").strip("`") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        rows.append(tuple(cells))
    return rows


def test_the_table_holds_the_articles_pieces() -> None:
    names = [row[0] for row in _rows()]
    for piece in ("King", "Queen", "Bishop", "Rook", "Knight", "Pawn", "cannon", "horse", "Fanorona"):
        assert any(piece in name for name in names), piece


def test_each_betza_and_parlett_cell_says_the_dagaz_cell() -> None:
    for name, parlett, betza, dagaz in _rows():
        if betza and betza != "—":
            assert translate(betza, "betza", "dagaz").text == dagaz, name
        if parlett and parlett != "—":
            assert set(read_piece(parlett, "parlett").shapes) == set(read_piece(betza, "betza").shapes), name


def test_the_fanorona_row_is_the_shipped_stone() -> None:
    stone = next(row for row in _rows() if "Fanorona" in row[0])
    board = load_board(str(shipped_boards()["fanorona"]))
    assert stone[3] == board.pieces["Stone"].notation_text
