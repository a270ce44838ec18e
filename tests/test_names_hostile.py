"""Move names read from the command line: digits are ASCII digits, and no name ends in a traceback."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main

NINES = "9" * 5000


@pytest.mark.parametrize(("board", "name"), [
    ("xiangqi", "C2.٥"), ("xiangqi", "H٢+3"), ("xiangqi", "C2+٥"), ("chess", "e٤"), ("chess", "Nf³"),
    ("chess", "e2e٤"), ("xiangqi", f"C2+{NINES}"), ("xiangqi", f"C{NINES}+1"), ("xiangqi", f"{NINES}+1"),
    ("chess", f"e{NINES}"), ("chess", f"Ne{NINES}"), ("chess", f"e2e{NINES}"),
])
def test_names_with_other_digits_or_endless_numbers_are_refused_cleanly(board: str, name: str, capsys) -> None:
    assert main(["play", board, name]) == 2
    err = capsys.readouterr().err
    assert "move 1" in err and "Traceback" not in err


def test_the_same_names_in_ascii_digits_are_read(capsys) -> None:
    assert main(["play", "xiangqi", "C2.5", "h2+3"]) == 0
    assert main(["play", "chess", "e4", "Nf6", "e4e5"]) == 0
    capsys.readouterr()
