"""Betza wherever a Dagaz notation is used: moves --piece, board files."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dagaz_studio.board import BoardFileError, parse_board
from dagaz_studio.board.writer import replace_piece_notation
from dagaz_studio.translation import translate
from tests.helpers.paths import DATA

BOARD = (DATA / "betza-8x8.board").read_text(encoding="utf-8")
FEN = "8/8/2b5/3B4/1b1A4/8/8/8 w - - 0 1"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dagaz_studio", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("betza", ["mRcpR", "fmWfcFifmnD", "nN", "fcafmF"])
def test_moves_piece_in_betza_lists_the_moves_of_its_translation(betza: str) -> None:
    dagaz = translate(betza, "betza", "dagaz").text
    fen = "8/8/2p5/3P4/1p1N4/8/8/8 w - - 0 1"
    by_betza = run_cli("moves", "chess", "--fen", fen, "--at", "d4", "--piece", betza, "--notation", "betza")
    by_dagaz = run_cli("moves", "chess", "--fen", fen, "--at", "d4", "--piece", dagaz)
    assert by_betza.returncode == by_dagaz.returncode == 0, by_betza.stderr
    assert by_betza.stdout == by_dagaz.stdout
    assert by_betza.stdout.strip()


def test_moves_piece_in_bad_betza_exits_2_naming_the_part() -> None:
    done = run_cli("moves", "chess", "--at", "d4", "--piece", "fmdW", "--notation", "betza")
    assert done.returncode == 2
    assert "capturing a friend (d)" in done.stderr and "Traceback" not in done.stderr


def test_a_board_piece_line_may_give_its_moves_in_betza() -> None:
    text = BOARD + "piece Cannon C betza: mRcpR\npiece Horse H betza-fsf: nN\n"
    board = parse_board(text, "betza.board")
    assert board.pieces["Cannon"].notation_text == translate("mRcpR", "betza", "dagaz").text
    assert board.pieces["Horse"].notation_text == translate("nN", "betza", "dagaz", "fsf").text


def test_bad_betza_in_a_board_file_is_reported_where_it_is() -> None:
    text = BOARD + "piece Bad X betza: fmdW\n"
    with pytest.raises(BoardFileError) as caught:
        parse_board(text, "bad.board")
    problem = str(caught.value.problems[0])
    line = text.count("\n")
    assert f":{line}:22:" in problem and "capturing a friend (d)" in problem


def test_saving_a_betza_piece_writes_dagaz_without_the_flag() -> None:
    text = BOARD + "piece Cannon C betza: mRcpR  # the xiangqi cannon\n"
    written = replace_piece_notation(text, "Cannon", "(+)([p]\\1)*")
    assert "piece Cannon C: (+)([p]\\1)*  # the xiangqi cannon" in written
    assert parse_board(written, "saved.board").pieces["Cannon"].notation_text == "(+)([p]\\1)*"
