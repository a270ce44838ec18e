"""A batch (``moves --fen -``) answers every line it reads, whatever the line holds."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from dagaz_studio.commands.common import batch_lines

GOOD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
EMPTY = "8/8/8/8/8/8/8/8 w - - 0 1"


def _batch(data: bytes, *options: str) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "dagaz_studio", "moves", "chess", "--fen", "-", *options]
    return subprocess.run(command, input=data, capture_output=True, timeout=120)


def test_a_bad_line_does_not_lose_the_lines_after_it() -> None:
    lines = [GOOD, "xx", "rnbqkbnr/pppppppp/²/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", GOOD,
             f"{GOOD} extra", "8/8/8/8/8/8/8/8 w - - -1 1", EMPTY]
    result = _batch(("\n".join(lines) + "\n").encode(), "--json")
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(answers) == len(lines)
    assert [answer.get("fen") for answer in answers] == lines
    bad = [i for i, answer in enumerate(answers, start=1) if "error" in answer]
    assert bad == [2, 3, 5, 6]
    for number in bad:
        assert answers[number - 1]["line"] == number
        assert f"line {number}" in answers[number - 1]["error"]
    assert "digits 0-9" in answers[2]["error"]
    assert len(answers[3]["moves"]) == 20 and answers[6]["moves"] == []
    assert result.returncode == 2
    assert b"Traceback" not in result.stderr


def test_every_line_is_answered_in_text_mode_too_and_status_is_0_when_all_are_good() -> None:
    bad = _batch(f"{GOOD}\n\xb2\n{EMPTY}\n".encode())
    out = bad.stdout.decode().splitlines()
    assert len(out) == 3 and out[1].startswith("error: line 2:") and out[2] == "no moves"
    assert bad.returncode == 2
    good = _batch(f"{GOOD}\n{EMPTY}\n".encode())
    assert good.returncode == 0 and len(good.stdout.splitlines()) == 2


def test_bytes_that_are_not_utf8_and_an_endless_line_are_each_one_bad_line() -> None:
    data = b"\xff\xfe8/8\n" + b"8/" * 100_000 + b"\n" + EMPTY.encode() + b"\n"
    result = _batch(data, "--json")
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(answers) == 3
    assert "UTF-8" in answers[0]["error"] and "longer than" in answers[1]["error"]
    assert answers[2] == {"fen": EMPTY, "moves": []}
    assert result.returncode == 2


def test_batch_lines_reads_text_streams_and_cuts_long_lines() -> None:
    stream = io.StringIO("a\r\n" + "b" * 50 + "\nc")
    lines = list(batch_lines(stream, limit=10))
    assert [(line.number, line.problem is None) for line in lines] == [(1, True), (2, False), (3, True)]
    assert lines[0].text == "a" and lines[2].text == "c"
    assert "longer than 10" in (lines[1].problem or "")


def test_the_fen_printed_with_a_typed_piece_reads_back_everywhere(capsys) -> None:
    from dagaz_studio.cli import main

    assert main(["moves", "chess", "--at", "e2", "--piece", "N,OM", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert "?" not in first["fen"]
    assert first["typed_piece"] == {"square": "e2", "notation": "N,OM"}
    # Every command reads the FEN back ...
    assert main(["moves", "chess", "--fen", first["fen"], "--json"]) == 0
    capsys.readouterr()
    assert main(["play", "chess", "--fen", first["fen"], "e4"]) == 0
    assert main(["perft", "chess", "--depth", "1", "--fen", first["fen"]]) == 0
    capsys.readouterr()
    # ... and with the typed piece given again, it lists the same moves.
    assert main(["moves", "chess", "--fen", first["fen"], "--at", "e2", "--piece", "N,OM", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["moves"] == first["moves"] and {m["to"] for m in first["moves"]} == {"f4", "d4"}


def test_a_line_without_end_stops_the_batch_at_its_ceiling() -> None:
    # /dev/zero, or a binary file given as a batch: one line that never ends is refused once it
    # passes the ceiling, with the line number and what was not read, not skipped for ever.
    stream = io.StringIO("a\n" + "b" * 200 + "\nc\n")
    lines = list(batch_lines(stream, limit=10, ceiling=100))
    assert [line.number for line in lines] == [1, 2]
    assert "100" in (lines[1].problem or "") and "not read" in (lines[1].problem or "")
    command = [sys.executable, "-m", "dagaz_studio", "moves", "chess", "--fen", "-"]
    for jobs in ("1", "2"):
        with open("/dev/zero", "rb") as zeros:
            result = subprocess.run([*command, "--jobs", jobs], stdin=zeros, capture_output=True, timeout=60)
        out = result.stdout.decode().splitlines()
        assert len(out) == 1 and out[0].startswith("error: line 1: longer than")
        assert "standard input" in out[0]
        assert result.returncode == 2 and b"Traceback" not in result.stderr


def test_a_batch_saved_with_a_byte_order_mark_reads_its_first_line() -> None:
    # As board files and variants.ini are read: UTF-8 with or without the mark an editor may write.
    for jobs in ("1", "2"):
        result = _batch(f"\ufeff{EMPTY}\r\n{GOOD}\r\n".encode(), "--json", "--jobs", jobs)
        answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
        assert answers[0] == {"fen": EMPTY, "moves": []} and len(answers[1]["moves"]) == 20
        assert result.returncode == 0
    lines = list(batch_lines(io.StringIO(f"\ufeff{EMPTY}\n\ufeff{EMPTY}\n")))
    assert lines[0].text == EMPTY and lines[1].text == f"\ufeff{EMPTY}"  # only the file's start is a mark
