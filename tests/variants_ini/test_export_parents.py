"""Boards exported as sections inheriting from a built-in variant, where Betza cannot say their pieces:
Fairy-Stockfish loads each section and plays the same legal moves as the board itself."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.board import load_board, parse_board, shipped_boards
from dagaz_studio.engine import Position, Rules, fen, make_move
from dagaz_studio.names import read_move
from dagaz_studio.queries.fsf_export import export_board, game_ends
from dagaz_studio.variants_ini import IniError, import_file
from dagaz_studio.variants_ini.export import parent_sections, section_name
from tests.helpers.fsf_oracle import ask
from tests.helpers.variants_oracle import compare, fsf_games

pytest.importorskip("pyffish")

#: Boards of families whose pieces Betza cannot say: drops and promotions in hand, a shuffled start,
#: explosions, en passant on a diagonal, palaces and rivers (every shipped board: -m slow).
SAMPLE = ["chess", "shogi", "xiangqi", "atomic-chess", "berolina"]


def _played_alike(board_name: str, games: int, plies: int) -> str | None:
    """None when Fairy-Stockfish plays the board's exported section as the board plays, else where not."""
    board = load_board(board_name)
    text = export_board(board)
    name = re.match(r"\[([^]:]+)", text).group(1)
    # What random games seldom show (a flag, checks counted, extinction) the section keeps as the board says it.
    (imported,), _ = import_file(text)
    assert game_ends(parse_board(imported.text)) == game_ends(board)
    played = fsf_games(text, [name], games=games, plies=plies, seed=3)[name]
    assert played is not None, f"Fairy-Stockfish did not load:\n{text}"
    assert sum(len(game) for game in played) > games * 5  # games were played, not ended at once
    # A shuffled start is exported as chess960, whose castling Fairy-Stockfish names king takes rook.
    return compare(shipped_boards()[board_name].read_text(encoding="utf-8"), played,
                   chess960="shuffled-setup" in board.rules.words)


@pytest.mark.parametrize("board_name", SAMPLE)
def test_fairy_stockfish_plays_an_exported_board_as_the_board_plays(board_name: str) -> None:
    assert _played_alike(board_name, games=2, plies=30) is None


def _exportable() -> list[str]:
    out = []
    for name, path in sorted(shipped_boards().items()):
        try:
            export_board(load_board(str(path)))
        except IniError:
            continue
        out.append(name)
    return out


@pytest.mark.slow
def test_every_exported_shipped_board_plays_in_fairy_stockfish_as_it_plays_here() -> None:
    names = _exportable()
    assert len(names) > 90
    differences = {name: _played_alike(name, games=4, plies=40) for name in names}
    assert not {name: why for name, why in differences.items() if why}


def _chess_with(tmp_path, replace: tuple[str, str]) -> str:
    text = shipped_boards()["chess"].read_text(encoding="utf-8").replace(*replace)
    assert text != shipped_boards()["chess"].read_text(encoding="utf-8")
    path = tmp_path / "my-chess.board"
    path.write_text(text.replace("\nchess\n", "\nmy-chess\n", 1), encoding="utf-8")
    return str(path)


def test_a_piece_added_to_a_built_in_game_is_said_in_betza_beside_its_parent(tmp_path) -> None:
    path = _chess_with(tmp_path, ("setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                                  "piece Archbishop A: (X)([p]\\1)*;N,OM;E,OT;S TR;W,RM\n"
                                  "setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR"))
    board = load_board(path)
    text = export_board(board)
    assert text.startswith("[my-chess:chess]\n") and "startFen = " in text
    assert re.search(r"customPiece\d+ = a:", text)
    played = fsf_games(text, ["my-chess"], games=3, plies=30, seed=5)["my-chess"]
    assert compare(Path(path).read_text(encoding="utf-8"), played) is None


def test_a_board_no_built_in_plays_is_refused_saying_where_the_nearest_parts(tmp_path) -> None:
    # A Knight that also steps one square straight: no built-in variant of chess's size has it.
    path = _chess_with(tmp_path, ("piece Knight N: N,OM;E,OT;S TR;W,RM", "piece Knight N: N,OM;E,OT;S TR;W,RM;+"))
    with pytest.raises(IniError) as caught:
        export_board(load_board(path))
    message = caught.value.message
    assert "nor does a built-in variant play as it does (the nearest, [chess], at " in message
    assert "only the board's" in message


def test_a_section_is_not_named_as_a_built_in_variant_which_fairy_stockfish_would_keep() -> None:
    assert section_name(load_board("clobber")) == "clobber-exported"
    assert section_name(load_board("chess")) == "chess-exported"
    assert export_board(load_board("chess")).startswith("[chess-exported:chess]\n")


_AFTER = r"""
import json, sys
import pyffish as sf
job = json.load(sys.stdin)
sf.load_variant_config(job["ini"])
print(json.dumps([sf.get_fen(job["name"], fen, [move]) for fen, move in job["played"]]))
"""


def test_a_parent_that_parts_from_the_board_only_where_play_seldom_goes_is_not_taken() -> None:
    # Atomar chess's Kings withstand explosions, which random games seldom set off beside a King:
    # the section must say so, as Fairy-Stockfish shows by the position after such a capture.
    board = load_board("atomar")
    text = export_board(board)
    name = re.match(r"\[([^]:]+)", text).group(1)
    played = [("4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1", "d1d2"), ("3qk3/3P4/8/8/8/8/8/4K3 b - - 0 1", "d8d7"),
              ("4k3/8/8/8/8/8/4r3/3RK3 w - - 0 1", "e1e2")]
    job = json.dumps({"ini": text, "name": name, "played": played})
    done = subprocess.run([sys.executable, "-c", _AFTER], input=job, capture_output=True, text=True, timeout=120,
                          check=True)
    rules = Rules(board)
    ours = []
    for start, move in played:
        position = Position.from_fen(board, start)
        make_move(position, read_move(rules, position, move))
        ours.append(fen(rules, position))
    assert all("K" in after.split()[0] for after in ours[:1]) and all("k" in after.split()[0] for after in ours[1:2])
    assert json.loads(done.stdout) == ours


def test_a_board_no_built_in_comes_near_is_refused_without_naming_one() -> None:
    # No built-in of draughts' size captures compulsorily: none is near enough to name.
    with pytest.raises(IniError) as caught:
        export_board(load_board("checkers"))
    assert caught.value.message.endswith("nor does a built-in variant of its size have its rules, game ends and pieces")


def test_of_the_built_ins_that_play_alike_the_one_the_board_is_named_for_is_the_parent() -> None:
    # Fairy-Stockfish's suicide and antichess list the same moves (they part on who wins a stalemate,
    # which no board file here says); a board named suicide means Fairy-Stockfish's suicide.
    assert export_board(load_board("suicide")).startswith("[suicide-exported:suicide]\n")
    assert export_board(load_board("antichess")).startswith("[antichess-exported:antichess]\n")


def test_a_board_whose_notation_runs_away_is_refused_saying_where(tmp_path) -> None:
    path = _chess_with(tmp_path, ("piece Knight N: N,OM;E,OT;S TR;W,RM", "piece Knight N: ((+)*)*"))
    with pytest.raises(IniError) as caught:
        export_board(load_board(path))
    assert "Knight on b1" in caught.value.message and "may repeat without end" in caught.value.message
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "export", path], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and "Knight on b1" in done.stderr and "Traceback" not in done.stderr


def test_a_piece_added_beside_a_parent_with_moves_only_an_unmoved_piece_makes_is_refused(tmp_path) -> None:
    # Fairy-Stockfish gives 'i' moves to a piece standing in the double-step region, moved or not: the
    # Archer that stepped d2-d3-d2 double-steps there again, and not here. No section says it so.
    path = _chess_with(tmp_path, ("setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                                  "piece Archer A: +;[M]N[p]N[p]\n"
                                  "setup: rnbqkbnr/pppppppp/8/8/8/8/PPPAPPPP/RNBQKBNR"))
    board = load_board(path)
    start, played = "rnbqkbnr/pppppppp/8/8/8/8/PPPAPPPP/RNBQKBNR w KQkq - 0 1", ["d2d3", "a7a6", "d3d2", "a6a5"]
    section = f"[my-chess:chess]\nstartFen = {start}\ncustomPiece1 = a:WifmnD\n"
    (theirs,) = ask(section, [("my-chess", start, played)])
    rules = Rules(board)
    position = Position.from_fen(board, start)
    for move in played:
        make_move(position, read_move(rules, position, move))
    assert "d2d4" in theirs and read_move_or_none(rules, position, "d2d4") is None
    assert not any(re.search(r"= a:\S*i", text) for _, text in parent_sections(board))
    with pytest.raises(IniError, match=r"Archer: moves only a piece that has not moved makes, which Fairy-Stockfish "
                                       r"gives by the square a piece stands on \(its double-step region\)"):
        export_board(board)


def read_move_or_none(rules: Rules, position: Position, name: str) -> object:
    """The move ``name`` names on ``position``, or None where it names none."""
    try:
        return read_move(rules, position, name)
    except ValueError:
        return None


def test_a_section_in_betza_is_played_too_and_refused_where_it_plays_otherwise(monkeypatch) -> None:
    from dagaz_studio.queries import fsf_export

    board = load_board("fox-and-hounds")
    said = fsf_export.export_fsf(board)
    assert export_board(board) == said
    # The Hounds said to step backward as well: Fairy-Stockfish would let them, the board does not.
    assert "customPiece1 = h:fmF\n" in said
    wrong = said.replace("h:fmF", "h:mF")
    monkeypatch.setattr(fsf_export, "export_fsf", lambda _board: wrong)
    # Fairy-Stockfish's own fox-and-hounds plays as the board does: the section inherits from it instead.
    assert export_board(board) == "[fox-and-hounds-exported:fox-and-hounds]\n"
    monkeypatch.setattr(fsf_export, "parent_sections", lambda _board: iter(()))
    with pytest.raises(IniError) as caught:
        export_board(board)
    assert "its pieces said in Betza play otherwise in Fairy-Stockfish (at " in caught.value.message
    assert "only its" in caught.value.message
