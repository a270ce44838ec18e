"""``moves --budget``: a piece with a great many ways, not a runaway, listed when given more work.

A Frisian King among many enemies may take them in thousands of orders, each landing square a way of
its own: its run spends the default budget and is stopped as a notation that may repeat without end.
The message says how to give it more, and with more its moves are pydraughts'.
"""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine import DEFAULT_BUDGET, RunawayNotation
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.pdn import fen_from_pdn
from tests.helpers.draughts_oracle import our_key, their_moves
from tests.helpers.engine_helpers import shipped

#: Black's King on e9 takes eleven pieces, men and Kings, in about two thousand orders.
ELEVEN = "B:W11,12,20,22,25,31,35,37,K1,K13,K14,K27,K44,K49,K5,K9:B26,K3,K40,K8"


def test_a_run_out_of_budget_says_how_to_give_it_more(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "frisian", "--legal", "--fen", ELEVEN]) == 2
    said = capsys.readouterr().err
    assert "King on e9: stopped after 100,000 steps" in said
    assert f"--budget {DEFAULT_BUDGET * 10}" in said


def test_given_more_budget_the_king_s_moves_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "frisian", "--legal", "--fen", ELEVEN, "--budget", str(DEFAULT_BUDGET * 10)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed and all(line.count("x") == 11 for line in listed), listed[:3]
    # One square's moves are judged over the whole side's (captures are compulsory), with the budget too.
    assert main(["moves", "frisian", "--legal", "--fen", ELEVEN, "--at", "e9", "--budget", "1000000"]) == 0
    assert capsys.readouterr().out.splitlines() == listed


def test_given_more_budget_the_king_moves_as_pydraughts_says() -> None:
    draughts = pytest.importorskip("draughts")
    board, rules = shipped("frisian")
    position = Position.from_fen(board, fen_from_pdn(board, ELEVEN))
    with pytest.raises(RunawayNotation) as stopped:
        legal_moves(rules, position)
    assert stopped.value.budget_spent
    ours = {our_key(board, move) for move in legal_moves(rules, position, budget=DEFAULT_BUDGET * 10)}
    assert ours == set(their_moves(board, draughts.Board(variant="frisian", fen=ELEVEN)))


def test_a_stream_of_positions_is_given_the_budget_too(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    fen = fen_from_pdn(shipped("frisian")[0], ELEVEN)
    monkeypatch.setattr("sys.stdin", io.StringIO(fen + "\n"))
    assert main(["moves", "frisian", "--legal", "--fen", "-", "--jobs", "1", "--budget", "1000000"]) == 0
    assert capsys.readouterr().out.count("x") > 11


@pytest.mark.parametrize("given", ["0", "-5", "1000000001", "1e6", "\u0663", "1_000"])
def test_a_budget_that_is_no_count_of_work_is_refused(given: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["moves", "chess", "--budget", given])
    assert ended.value.code == 2
    assert "--budget" in capsys.readouterr().err
