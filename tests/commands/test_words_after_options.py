"""The words a command takes a list of (play's moves, test's boards) may come after its options too,
as a user writes them (``play checkers --fen-style pdn 11-15``), in the order given; a word that looks
like an option is still refused as one."""

from __future__ import annotations

import json

import chess
import pytest

from dagaz_studio.cli import main


@pytest.mark.parametrize("argv", [
    ["play", "chess", "--fen-style", "board", "e4", "e5", "Nf3"],
    ["play", "chess", "e4", "--fen-style", "board", "e5", "Nf3"],
    ["play", "chess", "--fen", chess.STARTING_FEN, "e4", "--fen-style", "board", "e5", "Nf3"],
    ["play", "chess", "--fen-style=board", "--fen", chess.STARTING_FEN, "e4", "e5", "Nf3"],
    ["play", "chess", "--fen-style", "board", "e4", "--fen", chess.STARTING_FEN, "e5", "Nf3"],
    ["play", "chess", "e4", "--fen-style", "board", "e5", "--fen-style", "board", "Nf3"],
    ["play", "chess", "--fen-s", "board", "e4", f"--fen={chess.STARTING_FEN}", "e5", "--fen-style=board", "Nf3"],
    ["play", "chess", "--fen-style", "board", "e4", "--", "e5", "Nf3"],
    ["play", "chess", "--fen-style", "board", "--fen", chess.STARTING_FEN, "e4", "--", "e5", "Nf3"],
])
def test_play_takes_the_moves_after_its_options_in_the_order_given(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    theirs = chess.Board()
    for name in ("e4", "e5", "Nf3"):
        theirs.push_san(name)
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[-1] == theirs.fen()


def test_play_writes_a_draughts_game_given_after_the_fen_style(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "checkers", "--fen-style", "pdn", "11-15", "24-20"]) == 0
    side, white, black = capsys.readouterr().out.splitlines()[-1].split(":")
    assert side == "B" and "20" in white[1:].split(",") and "15" in black[1:].split(",")


@pytest.mark.parametrize(("argv", "left"), [
    (["play", "chess", "--fen-style", "board", "e4", "--lgeal"], "e4 --lgeal"),
    (["play", "chess", "--fen-style", "board", "-x", "e4"], "-x e4"),
    (["test", "chess", "--json", "--nosuch"], "--nosuch"),
])
def test_an_option_misspelt_among_them_is_still_refused(argv: list[str], left: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert f"unrecognized arguments: {left}" in err and "FEN" not in err


def test_test_takes_boards_after_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", "clobber", "--json", "breakthrough"]) == 0
    boards = {json.loads(line)["board"] for line in capsys.readouterr().out.splitlines()}
    assert boards == {"clobber", "breakthrough"}


def test_a_word_left_after_fen_style_is_not_taken_for_a_fen_s_field(capsys: pytest.CaptureFixture[str]) -> None:
    # --fen-style begins as --fen does: a word left over was said to be an unquoted FEN's field.
    with pytest.raises(SystemExit):
        main(["moves", "chess", "--fen-style", "board", "--json", "extra"])
    err = capsys.readouterr().err
    assert "unrecognized arguments: extra" in err and "FEN of several fields" not in err


def test_a_bad_fen_after_a_move_between_options_is_said_to_be_bad(capsys: pytest.CaptureFixture[str]) -> None:
    # e4 between the options was refused, and said to be the field of a FEN given unquoted.
    assert main(["play", "chess", "--fen-style", "board", "e4", "--fen", "X", "e5"]) == 2
    err = capsys.readouterr().err
    assert "bad FEN" in err and "'X'" in err and "unrecognized" not in err and "quotes" not in err


def test_a_word_left_before_a_misspelt_option_is_not_taken_for_a_fen_s_field(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["play", "chess", "--fen-style", "board", "e4", "--fen", "X", "-x"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: e4 -x" in err and "FEN of several fields" not in err


def test_play_refuses_a_second_fen_rather_than_losing_the_moves_after_the_first(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["play", "chess", "--fen", chess.STARTING_FEN, "e4", "--fen", chess.STARTING_FEN, "d4"])
    assert caught.value.code == 2
    assert "--fen is given twice" in capsys.readouterr().err
