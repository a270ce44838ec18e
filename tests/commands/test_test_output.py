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
