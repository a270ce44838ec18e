"""``compare --budget`` and ``test --budget``: a run that spent the usual work goes further given more.

A Frisian King among many enemies takes them in thousands of orders: a test of its squares spends the
usual budget and fails saying how to give it more, and with more it passes, its squares pydraughts'.
The budget reaches every run of a comparison, those of its worker processes too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from dagaz_studio.board import shipped_boards
from dagaz_studio.cli import main
from dagaz_studio.engine import DEFAULT_BUDGET
from dagaz_studio.pdn import fen_from_pdn
from tests.commands.test_budget import ELEVEN
from tests.helpers.engine_helpers import shipped

#: The Rook's notation with its one-step quiet moves again: the same moves as the Rook, by more work.
ROOK_AGAIN = r"(+)([p]\1)*;(+)[e]"


@cache
def _their_marks() -> str:
    """The marks of the King on e9 of :data:`ELEVEN` by pydraughts (some seconds of its work: once)."""
    from tests.helpers.draughts_oracle import draughts, their_moves

    theirs = their_moves(shipped("frisian")[0], draughts.Board(variant="frisian", fen=ELEVEN))
    marks = {end for _start, end, _taken in theirs} | {"x" + square for *_, taken in theirs for square in taken}
    return " ".join(sorted(marks))


def _eleven_test(tmp_path: Path) -> Path:
    """The Frisian board with a test of the King on e9 of :data:`ELEVEN`, its marks pydraughts'."""
    board = shipped("frisian")[0]
    path = tmp_path / "frisian.board"
    path.write_text(Path(shipped_boards()["frisian"]).read_text()
                    + f"\ntest eleven: fen {fen_from_pdn(board, ELEVEN)} at e9 reaches {_their_marks()}\n")
    return path


def test_a_test_that_spent_the_usual_budget_says_how_to_give_it_more(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("draughts")
    assert main(["test", str(_eleven_test(tmp_path))]) == 1
    failed = [line for line in capsys.readouterr().out.splitlines() if "FAILED eleven" in line]
    assert len(failed) == 1
    assert f"spent the {DEFAULT_BUDGET:,} units of work a run is given" in failed[0]
    assert f"--budget {DEFAULT_BUDGET * 10} lets it go further" in failed[0]
    assert "may end given more" not in failed[0]


def test_given_more_budget_the_test_passes_as_pydraughts_says(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("draughts")
    assert main(["test", str(_eleven_test(tmp_path)), "--budget", str(DEFAULT_BUDGET * 10)]) == 0
    assert "failed" not in capsys.readouterr().err.replace("0 failed", "")


def test_a_test_given_too_little_says_the_budget_it_was_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", "chess", "--budget", "3"]) == 1
    out = capsys.readouterr().out
    assert "spent the 3 units of work it was given; if the piece only has a great many ways, --budget 30 " \
        "lets it go further" in out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_comparison_given_too_little_says_how_to_give_it_more(jobs: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    # With --jobs 2 the positions are searched by worker processes: they are given the budget too.
    assert main(["compare", "chess", "Rook", ROOK_AGAIN, "--positions", "50", "--budget", "5", "--jobs", jobs]) == 2
    said = capsys.readouterr().err
    assert "B on a8 of 8/8/8/8/8/8/8/8 w - - 0 1: stopped after 5 steps" in said
    assert "(it spent the 5 units of work it was given; if the piece only has a great many ways, --budget 50 " \
        "lets it go further)" in said


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_comparison_given_the_most_work_finds_the_same_moves(jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    # B makes the Rook's moves and its one-step quiet moves again: the same moves, whatever the budget.
    assert main(["compare", "chess", "Rook", ROOK_AGAIN, "--positions", "50", "--budget", "1000000000",
                 "--jobs", jobs]) == 0
    assert capsys.readouterr().out == "no difference found in 50 positions\n"


@pytest.mark.parametrize("command", [["compare", "chess", "Rook", "Queen"], ["test", "chess"]])
@pytest.mark.parametrize("given", ["0", "1000000001", "1e6"])
def test_a_budget_that_is_no_count_of_work_is_refused(command: list[str], given: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main([*command, "--budget", given])
    assert ended.value.code == 2
    assert "--budget" in capsys.readouterr().err
