"""``--jobs N``: bulk work over a process pool prints exactly what one process prints."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import chess

from tests.helpers.paths import REPO

ROOT = REPO


def _run(*words: str, stdin: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(stdin, encoding="utf-8") if stdin is not None else open(os.devnull) as source:
        return subprocess.run([sys.executable, "-m", "dagaz_studio", *words], stdin=source, env=env,
                              capture_output=True, text=True, timeout=300)


def test_perft_divide_over_two_processes_prints_the_same() -> None:
    one = _run("perft", "chess", "--depth", "2", "--divide", "--jobs", "1")
    two = _run("perft", "xiangqi", "--depth", "2", "--divide", "--jobs", "2")
    two_chess = _run("perft", "chess", "--depth", "2", "--divide", "--jobs", "2")
    assert one.returncode == two.returncode == two_chess.returncode == 0
    # The last line says how long it took; everything else is the same.
    assert one.stdout.splitlines()[:-1] == two_chess.stdout.splitlines()[:-1]
    assert one.stdout.split()[-1] == two_chess.stdout.split()[-1] == "400"
    assert two.stdout.split()[-1] == "1920"


def test_a_batch_over_two_processes_answers_every_line_in_order(tmp_path: Path) -> None:
    game = chess.Board()
    fens = []
    for move in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"]:
        game.push_san(move)
        fens.append(game.fen())
    lines = fens[:3] + ["not a fen", ""] + fens[3:]
    batch = tmp_path / "positions.txt"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    one = _run("moves", "chess", "--fen", "-", "--legal", "--json", "--names", "--jobs", "1", stdin=batch)
    two = _run("moves", "chess", "--fen", "-", "--legal", "--json", "--names", "--jobs", "2", stdin=batch)
    default = _run("moves", "chess", "--fen", "-", "--legal", "--json", "--names", stdin=batch)
    assert one.returncode == two.returncode == default.returncode == 2  # two lines are not positions
    assert one.stdout == two.stdout == default.stdout
    assert len(one.stdout.splitlines()) == len(lines)


def _nothing_opened() -> dict[str, object]:
    return {}


def _halved(number: int) -> int:
    if number % 2:
        raise ValueError(f"{number} is odd")
    return number // 2


def test_work_is_answered_in_order_and_what_a_worker_raises_is_raised_in_its_place() -> None:
    from dagaz_studio.commands.pool import pool

    with pool(2, _nothing_opened) as workers:
        assert list(workers.ordered(_halved, range(0, 40, 2), ahead=3)) == list(range(20))
        answered = []
        try:
            for answer in workers.ordered(_halved, [0, 2, 4, 7, 8, 10]):
                answered.append(answer)
        except ValueError as error:
            assert str(error) == "7 is odd"
        assert answered == [0, 1, 2]


def test_a_worker_gone_before_it_is_handed_work_is_said_as_a_worker_lost() -> None:
    import pytest

    from dagaz_studio.commands.common import CommandError
    from dagaz_studio.commands.pool import pool

    with pytest.raises(CommandError, match="a worker process ended before its work was done"), \
            pool(2, _nothing_opened) as workers:
        for process in workers.processes:
            process.kill()
            process.join()
        list(workers.ordered(_halved, range(0, 20, 2)))


def _unsendable(number: int) -> object:
    return lambda: number  # a function made here cannot be pickled back


def test_an_answer_that_cannot_be_sent_back_is_raised_as_an_error_in_its_place() -> None:
    import pytest

    from dagaz_studio.commands.pool import pool

    with pool(2, _nothing_opened) as workers, pytest.raises(RuntimeError, match="could not be sent back"):
        try:
            list(workers.ordered(_unsendable, range(3)))
        finally:
            # Said as the work's error, not as a worker lost: the workers live on.
            assert all(process.is_alive() for process in workers.processes)
