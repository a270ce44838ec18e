"""XBetza's castling (O) and en passant (e) in use: a King written in Betza castles as chess's King,
checked against the shipped chess board (itself checked against python-chess)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.translation import TranslationError, translate
from tests.helpers.paths import REPO

CHESS = REPO / "boards" / "chess" / "chess.board"

POSITIONS = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1",  # castling through an attacked square
    "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",  # castling out of check
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
]


def _moves(rules: Rules, fen: str) -> set[tuple[str, tuple]]:
    board = rules.board
    return {(board.squares[m.origin] + board.squares[m.target],
             tuple(board.squares[a] + board.squares[b] for a, b in m.also))
            for m in legal_moves(rules, Position.from_fen(board, fen))}


def test_a_betza_king_with_castling_moves_as_chesss_king(tmp_path: Path) -> None:
    king = "*;" + translate("isO2", "betza", "dagaz").text
    text = re.sub(r"piece King K royal:.*(\n[ \t]+.*)*", lambda _: "piece King K royal: " + king,
                  CHESS.read_text(encoding="utf-8"))
    path = tmp_path / "betza-king.board"
    path.write_text(text, encoding="utf-8")
    chess, betza = Rules(load_board(str(CHESS))), Rules(load_board(str(path)))
    for fen in POSITIONS:
        assert _moves(betza, fen) == _moves(chess, fen), fen
    castlings = {m for m in _moves(betza, POSITIONS[0]) if m[1]}
    assert castlings == {("e1g1", ("h1f1",)), ("e1c1", ("a1d1",))}


def test_castling_reads_back_and_says_itself() -> None:
    assert translate("KisO2", "betza", "betza").text == "KisO2"
    assert "castles" in translate("isO2", "betza", "english").text
    with pytest.raises(TranslationError, match="Betza has no"):
        translate(translate("isO2", "betza", "dagaz").text, "dagaz", "betza")


def _targets(betza: str, fen: str, at: str) -> set[str]:
    """Where a White piece written in Betza goes from ``at`` in the position (XBoard's reading)."""
    from dagaz_studio.engine.position import Piece
    from dagaz_studio.notation import parse_notation

    rules = Rules(load_board(str(CHESS)))
    board = rules.board
    kind = rules.custom_kind(parse_notation(translate(betza, "betza", "dagaz").text))
    position = Position.from_fen(board, fen)
    position.cells[board.index(at)] = Piece(0, kind, True)
    return {board.squares[m.target] for m in rules.run(position, board.index(at)).moves}


def test_j_makes_a_leaper_jump_an_occupied_square_as_xboard_does() -> None:
    # moves.c: a leaper with j must find occupied the square its lame form needs empty.
    assert _targets("jD", "8/8/8/8/3p4/8/8/8 w - - 0 1", "d3") == {"d5"}
    assert _targets("jD", "8/8/8/8/8/8/8/8 w - - 0 1", "d3") == set()
    assert _targets("jN", "8/8/8/8/3P4/8/8/8 w - - 0 1", "d3") == {"c5", "e5"}
    assert _targets("D", "8/8/8/8/8/8/8/8 w - - 0 1", "d3") == {"b3", "f3", "d1", "d5"}


def test_j_makes_a_slider_skip_its_first_square_as_xboard_does() -> None:
    # moves.c: on W and F atoms j skips the first square whatever stands there, counted in the range.
    fen = "3r4/8/8/8/8/3P4/8/8 w - - 0 1"
    # moves.c reads the directions before the modes: jfR is jR, its 'f' skipped.
    assert _targets("fjR", fen, "d2") == {"d4", "d5", "d6", "d7", "d8"}
    assert _targets("fjW3", fen, "d2") == {"d4", "d5"}
    assert _targets("fjW2", fen, "d2") == {"d4"}
    assert any("skips 'f'" in warning for warning in translate("jfR", "betza", "dagaz").warnings)
    assert any("no move" in warning for warning in translate("jW", "betza", "dagaz").warnings)


def _ray(start: str, step: tuple[int, int], board_size: int = 8) -> set[str]:
    out = set()
    x, y = ord(start[0]) - ord("a") + step[0], int(start[1]) + step[1]
    while 0 <= x < board_size and 1 <= y <= board_size:
        out.add(f"{chr(ord('a') + x)}{y}")
        x, y = x + step[0], y + step[1]
    return out


def test_y_turns_a_leaper_into_a_rider_after_an_empty_square_as_xboard_does() -> None:
    # The Griffon, FyafsF: a Ferz step, or a Ferz step to an empty square and a Rook's slide outward.
    expected = {"c3", "c5", "e3", "e5"}
    for (dx, dy) in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        corner = f"{chr(ord('d') + dx)}{4 + dy}"
        expected |= _ray(corner, (dx, 0)) | _ray(corner, (0, dy))
    assert _targets("FyafsF", "8/8/8/8/8/8/8/8 w - - 0 1", "d4") == expected
    # A piece on e5 stops the slides beyond it (y needs an empty square) but may be taken.
    blocked = _targets("FyafsF", "8/8/8/4p3/8/8/8/8 w - - 0 1", "d4")
    assert "e5" in blocked and not (_ray("e5", (1, 0)) | _ray("e5", (0, 1))) & blocked


def test_g_before_the_last_leg_hops_and_turns_a_leaper_into_a_rider() -> None:
    # gafsW: a Wazir step onto any piece, then a Bishop's slide turned 45 degrees from it.
    targets = _targets("gafsW", "8/8/8/8/8/3P4/8/8 w - - 0 1", "d4")
    assert targets == _ray("d3", (1, -1)) | _ray("d3", (-1, -1))
    assert _targets("gafsW", "8/8/8/8/8/8/8/8 w - - 0 1", "d4") == set()
