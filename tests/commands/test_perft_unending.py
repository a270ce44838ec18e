"""A perft too deep to end is said to be so before it starts, and Ctrl-C ends it (or a board's deep
perft test) quietly with status 130, as Ctrl-C in a shell ends a program."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import chess
import pytest

from dagaz_studio.board import load_board
from dagaz_studio.cli import main
from dagaz_studio.commands.common import open_position
from dagaz_studio.commands.perft import FEWEST_SAMPLED, UNENDING_COUNT, unending_warning
from dagaz_studio.engine import Rules
from tests.helpers.paths import REPO


def _chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += _chess_perft(board, depth - 1)
        board.pop()
    return total


def test_the_warning_comes_where_the_branching_of_two_plies_passes_the_limit() -> None:
    board = load_board("chess")
    rules = Rules(board)
    first, second = _chess_perft(chess.Board(), 1), _chess_perft(chess.Board(), 2)
    branching = second / first
    for depth in range(1, 40):
        said = unending_warning(rules, open_position(board, None), depth)
        past = depth > 2 and first * branching ** (depth - 1) > UNENDING_COUNT
        assert (said is not None) == past, depth
    said = unending_warning(rules, open_position(board, None), 100)
    assert said is not None and "10^130 " in said and "Ctrl-C" in said


@pytest.mark.parametrize("fen", [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
], ids=["kiwipete", "position5"])
def test_a_sample_of_the_replies_warns_as_all_of_them_would(fen: str) -> None:
    # Over FEWEST_SAMPLED first moves: the replies to some are counted, until they tell; the warning
    # must come at the depths the exact branching (python-chess's perft 2) says, no earlier or later.
    board = load_board("chess")
    rules = Rules(board)
    first, second = _chess_perft(chess.Board(fen), 1), _chess_perft(chess.Board(fen), 2)
    assert first > FEWEST_SAMPLED
    for depth in range(3, 30):
        said = unending_warning(rules, open_position(board, fen), depth)
        assert (said is not None) == (first * (second / first) ** (depth - 1) > UNENDING_COUNT), depth


def test_a_wide_board_is_warned_of_without_its_perft_2(monkeypatch) -> None:
    # Amazons' 2,176 first moves have some 2,000 replies each: the perft 2 took half a minute before
    # the warning; a sample of the replies tells as much.
    import dagaz_studio.engine

    board = load_board("amazons")
    rules = Rules(board)
    real = dagaz_studio.engine.perft
    asked: list[int] = []

    def counted(rules_: Rules, position: object, depth: int) -> int:
        asked.append(depth)
        return real(rules_, position, depth)

    monkeypatch.setattr(dagaz_studio.engine, "perft", counted)
    said = unending_warning(rules, open_position(board, None), 100)
    assert said is not None and "2176 first moves, about " in said
    assert set(asked) == {1} and len(asked) < 2176 // 10
    asked.clear()
    assert unending_warning(rules, open_position(board, None), 3) is None
    assert len(asked) < 2176 // 10


def test_a_position_without_moves_is_not_warned_of() -> None:
    board = load_board("chess")
    rules = Rules(board)
    stalemate = open_position(board, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert unending_warning(rules, stalemate, 1_000) is None


def test_a_perft_that_ends_says_nothing_more(capsys) -> None:
    assert main(["perft", "chess", "--depth", "3", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.split()[-1] == str(_chess_perft(chess.Board(), 3)) and err == ""


def _as_from_a_terminal() -> None:
    # A suite started in the background (``pytest &``) has Ctrl-C ignored, and its children inherit that.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupted_after_a_line(words: list[str], on: str = "stderr") -> tuple[int, str, str, str]:
    """The command's status once Ctrl-C reached it after its first line on ``on`` (stdout or stderr):
    that line, and what it wrote after it on stdout and on stderr."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    process = subprocess.Popen([sys.executable, "-m", "dagaz_studio", *words], env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=_as_from_a_terminal)
    try:
        stream = process.stderr if on == "stderr" else process.stdout
        assert stream is not None
        ready, _, _ = select.select([stream], [], [], 120)
        assert ready, f"nothing was said on {on}"
        first = stream.readline()
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches every process of the terminal
        out, rest = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    return process.returncode, first, out, rest


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_ends_an_unending_perft_quietly(jobs: str) -> None:
    status, first, out, rest = _interrupted_after_a_line(["perft", "chess", "--depth", "100", "--jobs", jobs])
    assert first.startswith("dagaz-studio: warning: perft 100 may not end")
    assert (status, out, rest) == (130, "", "")


def test_ctrl_c_stops_a_deep_perft_test_saying_what_ran_so_far(tmp_path: Path) -> None:
    # A test that cannot be read is said on stderr before the others run; the failure is printed as
    # it is found, and the deep test runs right after it.
    text = (REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8")
    path = tmp_path / "deep.board"
    path.write_text(text + "test unread: perft 0 gives 1\ntest wrong: perft 1 gives 21\ntest deep: perft 6 gives 1\n",
                    encoding="utf-8")
    deep_line = len(text.splitlines()) + 3
    status, failed, out, err = _interrupted_after_a_line(["test", str(path), "chess"], on="stdout")
    assert failed.startswith(f"{path}:{deep_line - 1}: FAILED wrong: ") and out == ""
    assert status == 130 and "Traceback" not in err
    own = len(load_board("chess").tests)
    # The test under way is named; Ctrl-C may also come in the instant between two tests.
    stopped, so_far = err.splitlines()[-1].split("; ", 1)
    assert stopped in ("stopped by Ctrl-C", f"stopped by Ctrl-C at {path}:{deep_line}: test deep")
    assert so_far == f"so far {own + 2} tests on 1 of the 2 boards: {own} passed, 1 failed, 1 could not be read"


def test_a_board_s_perft_test_that_may_not_end_is_warned_of_before_it_runs(tmp_path: Path, monkeypatch, capsys) -> None:
    # Deep enough to pass the limit only on a board of hundreds of moves a ply (a test is at most 6
    # deep): the limit lowered, chess's depth 3 passes it.
    from dagaz_studio.commands import perft

    monkeypatch.setattr(perft, "UNENDING_COUNT", 1_000)
    text = (REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8")
    path = tmp_path / "deep.board"
    path.write_text(text + "test deep: perft 3 gives 8902\ntest shallow: perft 2 gives 400\n", encoding="utf-8")
    line = len(text.splitlines()) + 1
    assert main(["test", str(path)]) == 0
    warned = [said for said in capsys.readouterr().err.splitlines() if "warning" in said]
    # The board's own perft 3 tests are warned of too (then pass); no perft 2 test is.
    assert all(" perft 3 may not end: " in said for said in warned) and not any("shallow" in said for said in warned)
    assert f"{path}:{line}: warning: test deep: perft 3 may not end: 20 first moves, 20 replies to each on average; " \
           "branching so on, 3 moves deep hold some 10^3 sequences, over three years at a million a second " \
           "(Ctrl-C stops it)" in warned
