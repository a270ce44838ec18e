"""``dagaz-studio compare``: two definitions of a piece run until they differ, the counterexample shrunk."""

from __future__ import annotations

import json

import pytest

from dagaz_studio.cli import main


def _compare(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    status = main(["compare", *args, "--json", "--positions", "40"])
    return status, json.loads(capsys.readouterr().out)


def test_a_rook_and_a_rook_of_four_differ_on_the_empty_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "R", "R4", "--notation", "betza")
    assert status == 1 and result["differ"] and result["pieces"] == 0
    assert result["only_b"] == [] and result["only_a"]
    # Every move only the rook makes goes five squares or more.
    origin = result["square"]
    for move in result["only_a"]:
        target = move.split("-")[1]
        assert max(abs(ord(target[0]) - ord(origin[0])), abs(int(target[1:]) - int(origin[1:]))) >= 5


def test_a_knight_and_a_lame_knight_differ_beside_one_piece(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "N", "nN", "--notation", "betza")
    assert status == 1 and result["pieces"] == 1 and result["only_b"] == [] and result["only_a"]


def test_a_capture_only_difference_is_found(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "Rook", "mRcB", "--notation-b", "betza")
    assert status == 1 and result["pieces"] == 1
    assert all("x" in move for move in result["only_a"] + result["only_b"])


def test_the_same_piece_in_two_notations_does_not_differ(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "Knight", "N", "--notation-b", "betza")
    assert status == 0 and not result["differ"] and result["positions"] == 40


def test_a_bad_definition_is_exit_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "chess", "(+", "R"]) == 2
    assert "unclosed" in capsys.readouterr().err


def test_parlett_against_betza(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "n+", "R", "--notation", "parlett", "--notation-b", "betza")
    assert status == 0 and not result["differ"]
