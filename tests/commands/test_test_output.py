"""What ``dagaz-studio test`` prints around its tests: boards that name nothing, failures' names."""

from __future__ import annotations

from pathlib import Path

import pytest

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.cli import main


def test_several_missing_boards_list_the_shipped_boards_once(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    missing = [str(tmp_path / "nowhere.board"), "no-such-game", "nor-this-one"]
    assert main(["test", missing[0], "chess", *missing[1:]]) == 2
    err = capsys.readouterr().err.splitlines()
    for name in missing:
        assert f"dagaz-studio: error: {name}: no such board file or shipped board" in err
    listed = [line for line in err if "armageddon" in line]
    assert listed == [f"dagaz-studio: shipped boards: {', '.join(shipped_boards())}"]
    assert err[-1] == f"{len(load_board('chess').tests)} tests on 4 boards: {len(load_board('chess').tests)} " \
        "passed, 0 failed; 3 of the 4 boards could not be read"


def test_a_failed_test_of_a_runaway_name_is_said_by_its_ends(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # The Knight's squares from g1 in the setup, by python-chess: the test leaves one of them out.
    import chess

    reached = sorted(chess.square_name(move.to_square) for move in chess.Board().legal_moves
                     if move.from_square == chess.G1)
    name = "begins-" + "x" * 3000 + "-ends"
    path = tmp_path / "long.board"
    path.write_text(Path(shipped_boards()["chess"]).read_text() + f"\ntest {name}: setup at g1 reaches {reached[0]}\n")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and len(out[0]) < 500
    assert "FAILED begins-xxx" in out[0] and "…" in out[0] and "xxx-ends: " in out[0]
    assert out[0].endswith(f"; extra {' '.join(f'{square} (g1-{square})' for square in reached[1:])}")
