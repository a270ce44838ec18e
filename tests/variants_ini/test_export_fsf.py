"""Boards exported as variants.ini sections: Fairy-Stockfish loads them and counts the same perft."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.variants_ini import IniError
from dagaz_studio.variants_ini.export import export_fsf

pytest.importorskip("pyffish")

_PERFT = r"""
import json, sys
import pyffish as sf
job = json.load(sys.stdin)
sf.load_variant_config(job["ini"])
def perft(name, fen, moves, depth):
    legal = sf.legal_moves(name, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(name, fen, moves + [m], depth - 1) for m in legal)
name = job["name"]
print(json.dumps(perft(name, sf.start_fen(name), [], job["depth"])))
"""


def fsf_perft(ini: str, name: str, depth: int) -> int:
    job = json.dumps({"ini": ini, "name": name, "depth": depth})
    done = subprocess.run([sys.executable, "-c", _PERFT], input=job, capture_output=True, text=True, timeout=600,
                          check=True)
    return int(done.stdout)


@pytest.mark.parametrize(("board_name", "depth"), [("clobber", 2), ("breakthrough", 2)])
def test_an_exported_board_has_the_same_perft_in_fairy_stockfish(board_name: str, depth: int) -> None:
    board = load_board(board_name)
    ini = export_fsf(board)
    # Not the built-in variant's name, which Fairy-Stockfish keeps, ignoring a section of it.
    assert ini.startswith(f"[{board_name}-exported]\n")
    ours = perft(Rules(board), Position.initial(board), depth)
    assert ours > 100
    assert fsf_perft(ini, f"{board_name}-exported", depth) == ours


def test_pieces_betza_cannot_say_make_the_export_fail_naming_them(tmp_path) -> None:
    with pytest.raises(IniError) as caught:
        export_fsf(load_board("chess"))
    assert "Pawn" in caught.value.message and "King" in caught.value.message
    # Chess itself is exported inheriting from the built-in; chess with a Knight that also steps
    # straight is said by no built-in either.
    text = shipped_boards()["chess"].read_text(encoding="utf-8").replace("S TR;W,RM", "S TR;W,RM;+")
    path = tmp_path / "stepping-knight.board"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "export", str(path), "--format", "fsf"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Pawn" in done.stderr and "Traceback" not in done.stderr


def test_a_board_where_nobody_gives_check_exports_checking_false(tmp_path) -> None:
    text = "\n".join([
        "name: checkless", "grid: a-e x 5-1", "N = (0, -1)", "E = (1, 0)", "S = (0, 1)", "W = (-1, 0)",
        "O = (1, -1)", "M = (-1, -1)", "T = (1, 1)", "R = (-1, 1)", "players: White Black",
        "symmetry Black: N<>S E<>W O<>R M<>T", "piece King K royal: *", "piece Rook R: (+)([p]\\1)*",
        "piece Knight N: N,OM;E,OT;S TR;W,RM", "rule: no-check", "setup: r1k1n/5/5/5/N1K1R w - - 0 1", ""])
    path = tmp_path / "checkless.board"
    path.write_text(text, encoding="utf-8")
    board = load_board(str(path))
    ini = export_fsf(board)
    assert "checking = false" in ini
    ours = perft(Rules(board), Position.initial(board), 3)
    assert fsf_perft(ini, "checkless", 3) == ours


def test_pieces_fairy_stockfish_does_not_read_make_the_export_fail_naming_them(tmp_path) -> None:
    text = "\n".join([
        "name: cylinder", "grid: a-e x 5-1", "N = (0, -1)", "E = (1, 0)", "S = (0, 1)", "W = (-1, 0)",
        "O = (1, -1)", "M = (-1, -1)", "T = (1, 1)", "R = (-1, 1)", "players: White Black",
        "symmetry Black: N<>S E<>W O<>R M<>T", "piece Rook R: (+%)([p,B]\\1%)*", "piece Sentry S: *;[n]",
        "piece Moa M: (OM)[p]N;(OT)[p]E;(TR)[p]S;(RM)[p]W", "setup: r3s/5/5/5/S3R w - - 0 1", ""])
    path = tmp_path / "cylinder.board"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(IniError) as caught:
        export_fsf(load_board(str(path)))
    message = caught.value.message
    assert "Rook: Fairy-Stockfish does not read the cylinder (o)" in message
    assert "Sentry: Fairy-Stockfish does not read the null move (O)" in message
    # A diagonal step, then outward orthogonally: no lame leap of Fairy-Stockfish's, but a chain of legs.
    assert "Moa: Fairy-Stockfish does not read multi-leg moves (a)" in message


def test_a_piece_with_moves_of_its_own_while_unmoved_makes_the_export_fail_naming_it(tmp_path) -> None:
    # Written 'i', the Met's double step would need Fairy-Stockfish's double-step region, which the
    # section turns off: exported, the Met would step diagonally only.
    text = "\n".join([
        "name: unmoved", "grid: a-e x 5-1", "N = (0, -1)", "E = (1, 0)", "S = (0, 1)", "W = (-1, 0)",
        "O = (1, -1)", "M = (-1, -1)", "T = (1, 1)", "R = (-1, 1)", "players: White Black",
        "symmetry Black: N<>S E<>W O<>R M<>T", "piece King K royal: *", "piece Met M: X;[M]N,N[p]",
        "setup: 2k2/1m3/5/3M1/2K2 w - - 0 1", ""])
    path = tmp_path / "unmoved.board"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(IniError) as caught:
        export_fsf(load_board(str(path)))
    assert "Met: moves only a piece that has not moved makes" in caught.value.message
    assert "King" not in caught.value.message


@pytest.mark.parametrize(("board_name", "kind"), [("oware", "heap"), ("lasca", "stack")])
def test_a_heap_or_stack_board_is_refused_as_such(board_name: str, kind: str) -> None:
    with pytest.raises(IniError, match=f"a {kind} board; Fairy-Stockfish plays boards of one piece a square only"):
        export_fsf(load_board(board_name))


@pytest.mark.parametrize("board_name", ["frisian", "fanorona"])
def test_a_direction_that_is_no_single_step_is_shown_where_it_is_not(board_name: str) -> None:
    # Frisian's straight lines step two squares; Fanorona's diagonals leave half its squares.
    board = load_board(board_name)
    with pytest.raises(IniError) as caught:
        export_fsf(board)
    said = re.search(r"direction (\w) from (\w+) leads (?:to (\w+)|nowhere), not (?:to (\w+)|off the board)",
                     caught.value.message)
    assert said is not None, caught.value.message
    letter, origin, got, want = said.groups()
    index = board.squares.index(origin)
    # The board's direction leads where the message says; the square named instead is its neighbour.
    assert board.directions[letter][index] == (None if got is None else board.squares.index(got))
    step = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0), "O": (1, 1), "M": (-1, 1), "T": (1, -1), "R": (-1, -1)}
    dx, dy = step[letter]
    assert want is not None and (ord(want[0]) - ord(origin[0]), int(want[1:]) - int(origin[1:])) == (dx, dy)
    assert "single steps" in caught.value.message


def test_a_board_that_is_no_rectangle_is_told_its_squares() -> None:
    with pytest.raises(IniError) as caught:
        export_fsf(load_board("raumschach"))
    assert caught.value.message.endswith("up to 12x10 only (this board: 125 squares, not a 5x5 rectangle)")
