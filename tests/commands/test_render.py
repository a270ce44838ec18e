"""``dagaz-studio render``: PNG and SVG pictures of chess, Xiangqi and Fanorona with a piece's moves."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from dagaz_studio.board import load_board
from dagaz_studio.cli import main
from dagaz_studio.commands.common import open_position
from dagaz_studio.commands.moves import moves_for
from dagaz_studio.engine.highlights import move_highlights
from dagaz_studio.engine.rules import Rules
from dagaz_studio.gui.board_view.view import UNIT

# (board, FEN or None, square with moves, a destination, the kind of mark expected there)
CASES = [
    ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "g1", "move"),
    ("xiangqi", None, "h3", "h10", "capture"),
    ("fanorona", None, "e2", "e3", "move"),
]


def _pixel(image: QImage, board, square: str, scale: float = 0.64, dx: float = 0.0) -> int:
    """The colour at a square's centre, or ``dx`` units right of it."""
    margin = UNIT * 0.55 if board.draw.coordinates else UNIT * 0.12
    index = board.index(square)
    x = ((board.column_of[index] + 0.5 + dx) * UNIT + margin) * scale
    y = ((board.row_of[index] + 0.5) * UNIT + margin) * scale
    return image.pixel(round(x), round(y))


@pytest.mark.parametrize("name, fen, at, target, kind", CASES)
def test_png_has_the_boards_size_and_the_moves_marked(tmp_path, name, fen, at, target, kind):
    plain, marked = tmp_path / "plain.png", tmp_path / "marked.png"
    fen_args = ["--fen", fen] if fen else []
    assert main(["render", name, *fen_args, "--out", str(plain)]) == 0
    assert main(["render", name, *fen_args, "--at", at, "--out", str(marked)]) == 0
    board = load_board(name)
    margin = 0.55 if board.draw.coordinates else 0.12
    expected = (round((len(board.column_names) + 2 * margin) * 64), round((len(board.row_names) + 2 * margin) * 64))
    before, after = QImage(str(plain)), QImage(str(marked))
    assert (after.width(), after.height()) == expected == (before.width(), before.height())
    highlights = move_highlights(moves_for(board, Rules(board), open_position(board, fen), at, None, True), board.index(at))
    assert highlights[board.index(target)] == kind
    # A quiet move's dot sits on the centre; a capture's ring runs round the piece taken.
    dx = {"move": 0.0, "capture": 0.44}[kind]
    assert _pixel(after, board, target, dx=dx) != _pixel(before, board, target, dx=dx)
    # The selected square's frame runs round the piece, near the square's edge.
    assert _pixel(after, board, at, dx=0.465) != _pixel(before, board, at, dx=0.465)
    unmarked = next(s for s in board.squares if board.index(s) not in highlights)
    assert _pixel(after, board, unmarked) == _pixel(before, board, unmarked)


@pytest.mark.parametrize("name, fen, at, target, kind", CASES)
def test_svg_is_xml_with_one_drawing_per_piece_and_mark(tmp_path, name, fen, at, target, kind):
    plain, marked = tmp_path / "plain.svg", tmp_path / "marked.svg"
    fen_args = ["--fen", fen] if fen else []
    assert main(["render", name, *fen_args, "--out", str(plain)]) == 0
    assert main(["render", name, *fen_args, "--at", at, "--out", str(marked)]) == 0
    board = load_board(name)
    highlights = move_highlights(moves_for(board, Rules(board), open_position(board, fen), at, None, True), board.index(at))
    before, after = ElementTree.parse(plain).getroot(), ElementTree.parse(marked).getroot()
    assert before.tag.endswith("svg") and after.tag.endswith("svg")
    assert after.find("{http://www.w3.org/2000/svg}title").text == board.name
    colours = {"move": "#009e73", "capture": "#d55e00", "displaced": "#e69f00", "selected": "#f0e442"}
    text = marked.read_text(encoding="utf-8").lower()
    for mark in set(highlights.values()):
        assert colours.get(mark, "") in text
    assert colours[kind] not in plain.read_text(encoding="utf-8").lower()
    assert len(list(after.iter())) > len(list(before.iter())) + len(highlights)


def test_a_typed_piece_is_drawn_with_its_moves(tmp_path):
    out = tmp_path / "knight.png"
    assert main(["render", "chess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--at", "d4", "--piece", "N,OM;E,OT;S TR;W,RM",
                 "--out", str(out)]) == 0
    empty = tmp_path / "empty.png"
    assert main(["render", "chess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--out", str(empty)]) == 0
    board = load_board("chess")
    assert _pixel(QImage(str(out)), board, "e6") != _pixel(QImage(str(empty)), board, "e6")


@pytest.mark.parametrize("argv, message", [
    (["render", "chess", "--out", "x.gif"], "must end in .png or .svg"),
    (["render", "chess", "--at", "z9", "--out", "x.png"], "no square 'z9'"),
    (["render", "chess", "--at", "e4", "--out", "x.png"], "no piece on e4"),
    (["render", "chess", "--fen", "bad", "--out", "x.png"], "bad FEN"),
    (["render", "chess", "--piece", "N", "--out", "x.png"], "--piece needs --at"),
    (["render", "chess", "--at", "d4", "--piece", "(N", "--out", "x.png"], "bad notation"),
    (["render", "nowhere", "--out", "x.png"], "no such board"),
    # '.png' ends in .png (it was said not to): an unset variable left no name before it.
    (["render", "chess", "--out", ".png"], "--out .png: no name before its .png"),
    (["render", "chess", "--out", ".svg", "--trace", "--at", "e1"], "--out .svg: no name before its .svg"),
    (["render", "chess", "--out", ""], "--out: no file name given"),
])
def test_bad_input_exits_2_with_a_message(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_unwritable_output_exits_2(capsys, tmp_path):
    assert main(["render", "chess", "--out", str(tmp_path / "missing" / "x.png")]) == 2
    assert "x.png" in capsys.readouterr().err


def test_render_runs_without_a_display_in_its_own_process(tmp_path):
    out = tmp_path / "xiangqi.svg"
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "-m", "dagaz_studio", "render", "xiangqi", "--at", "b3", "--out", str(out)],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert ElementTree.parse(out).getroot().tag.endswith("svg")


def test_a_link_given_as_out_stays_a_link_to_the_new_picture(tmp_path, capsys):
    (tmp_path / "renders").mkdir()
    target = tmp_path / "renders" / "v3.png"
    target.write_bytes(b"old")
    link = tmp_path / "current.png"
    link.symlink_to("renders/v3.png")
    assert main(["render", "chess", "--out", str(link)]) == 0
    assert link.is_symlink() and link.readlink().as_posix() == "renders/v3.png"
    assert target.read_bytes().startswith(b"\x89PNG")
    device = tmp_path / "null.png"
    device.symlink_to("/dev/null")
    assert main(["render", "chess", "--out", str(device)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert device.is_symlink() and not Path("/dev/null").is_file()
    # A FIFO given as --out was put away by the picture renamed over it.
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    assert main(["render", "chess", "--out", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err and stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize("trace", [[], ["--trace", "--at", "e2"]])
def test_an_out_ending_in_a_slash_is_no_file(tmp_path, capsys, trace):
    # Path() drops the slash: a folder meant was written as a file of its name.
    assert main(["render", "chess", "--out", f"{tmp_path}/pictures.png/", *trace]) == 2
    err = capsys.readouterr().err
    assert "a folder's name" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "pictures.png").exists() and not list(tmp_path.glob("pictures*"))

