"""``dagaz-studio parse NOTATION``: the tree and the English reading, or the error with a caret."""

from __future__ import annotations

import subprocess
import sys

from dagaz_studio import cli


def test_parse_prints_the_tree_and_the_english(capsys):
    status = cli.main(["parse", "(+)([p]\\1)*"])
    out, err = capsys.readouterr()
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "Sequence  (+)([p]\\1)*"
    assert "  Repeat 0..inf  ([p]\\1)*" in lines
    assert lines[-1] == (
        "step in any orthogonal direction (direction 1); then, any number of times: "
        "the square must be empty, then step in direction 1"
    )


def test_parse_can_print_only_one_reading(capsys):
    assert cli.main(["parse", "--english", "N,OM"]) == 0
    assert capsys.readouterr().out == "step north; then, step north-east or north-west\n"
    assert cli.main(["parse", "--tree", "N,OM"]) == 0
    assert capsys.readouterr().out == "Sequence  N,OM\n  Step N  N\n  Step O|M  OM\n"


def test_bad_notation_prints_a_caret_and_exits_with_2(capsys):
    status = cli.main(["parse", "(+)([p]\\1*"])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.splitlines()[:3] == ["(+)([p]\\1*", "   ^", "1:4: unclosed '(' opened at column 4"]
    assert "Traceback" not in err


def test_empty_notation_is_an_error(capsys):
    assert cli.main(["parse", ""]) == 2
    assert "empty notation" in capsys.readouterr().err


def test_parse_as_a_separate_process():
    ok = subprocess.run(
        [sys.executable, "-m", "dagaz_studio", "parse", "N,OM;E,OT;S TR;W,RM"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ok.returncode == 0, ok.stderr
    assert "3. step south; then, step south-east or south-west" in ok.stdout

    bad = subprocess.run(
        [sys.executable, "-m", "dagaz_studio", "parse", "[q]"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.splitlines()[:3] == ["[q]", " ^", "1:2: unknown check 'q'"]
    assert "Traceback" not in bad.stderr
