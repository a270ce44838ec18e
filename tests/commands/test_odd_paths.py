"""A path with a line break or a character a terminal obeys (an escape) is said escaped in every
message and summary, as a quoted word is: one line each, and nothing the terminal would run."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main
from tests.helpers.paths import REPO

ODD = "odd\nname\x1b[31m"


def _said(text: str) -> None:
    assert "\x1b" not in text and "odd\nname" not in text
    assert "odd\\nname\\x1b[31m" in text


def test_a_good_board_s_summary_escapes_its_name(tmp_path, capsys) -> None:
    path = tmp_path / f"{ODD}.board"
    path.write_text((REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    _said(out)
    assert len(out.splitlines()) == 1


@pytest.mark.parametrize("command", [["check"], ["moves"], ["test"]])
def test_a_bad_board_s_problems_escape_its_path(tmp_path, capsys, command) -> None:
    path = tmp_path / f"{ODD}.board"
    path.write_text("bogus statement\n", encoding="utf-8")
    assert main([*command, str(path)]) == 2
    err = capsys.readouterr().err
    _said(err)
    assert all(line.startswith(str(tmp_path)) for line in err.splitlines() if "unknown statement" in line)


def test_a_failed_test_escapes_its_file(tmp_path, capsys) -> None:
    path = tmp_path / f"{ODD}.board"
    text = (REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8")
    path.write_text(text + "test wrong: at e2 reaches e5\n", encoding="utf-8")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    _said(out)
    assert len(out.splitlines()) == 1


@pytest.mark.parametrize("command", [["import", "{}.ini", "--out", "x"], ["lesson", "show", "{}.toml"],
                                     ["render", "chess", "--out", "{}/x.png"], ["render", "chess", "--out", "{}.gif"],
                                     ["check", "{}.board"], ["check", "{}"]])
def test_a_file_that_cannot_be_read_or_written_escapes_its_path(tmp_path, capsys, command) -> None:
    if command[-1] == "{}":
        (tmp_path / ODD).mkdir()
    words = [word.replace("{}", str(tmp_path / ODD)) for word in command]
    assert main(words) == 2
    err = capsys.readouterr().err
    _said(err)
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("command", [["parse"], ["translate"], ["translate", "--from", "dagaz"],
                                     ["moves", "chess", "--at", "e4", "--piece"],
                                     ["moves", "chess", "--at", "e4", "--notation", "betza", "--piece"],
                                     ["lesson", "check", "6", "--answer"]])
def test_a_notation_with_an_escape_is_shown_escaped_with_the_caret_under_it(capsys, command) -> None:
    # The notation's line above the caret: an escape there would colour the terminal, a tab shift the caret.
    assert main([*command, "W\x1b[31m\t(x"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\t" not in err
    lines = err.splitlines()
    shown = next(i for i, line in enumerate(lines) if "W\\x1b[31m\\t(x" in line)
    column = lines[shown].index("W\\x1b[31m\\t(x")
    caret = lines[shown + 1].index("^") - column
    assert lines[shown][column:][caret] in "\\[(x"  # the caret under the escape, the bracket or what follows


@pytest.mark.parametrize("command", [["moves", "chess"], ["perft", "chess", "--depth", "1"], ["play", "chess"],
                                     ["render", "chess", "--out", "never.png"]])
def test_an_escape_in_a_fen_is_said_escaped(capsys, command) -> None:
    assert main([*command, "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x1b w KQkq - 0 1"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "unexpected '\\x1b'" in err and len(err.splitlines()) == 1


def test_an_escape_in_a_batch_line_is_said_escaped(monkeypatch, capsys) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x1b w KQkq - 0 1\n"))
    assert main(["moves", "chess", "--fen", "-", "--jobs", "1"]) == 2
    out = capsys.readouterr().out
    assert "\x1b" not in out and "unexpected '\\x1b'" in out and len(out.splitlines()) == 1


def test_an_escape_in_a_variants_ini_is_said_escaped(tmp_path, capsys) -> None:
    ini = tmp_path / "esc.ini"
    ini.write_text("[ev\x1bil:chess]\nfoo = 1\n[x:chess]\nbogus\x07opt = 3\n", encoding="utf-8")
    assert main(["import", str(ini), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    assert "refused [ev\\x1bil]" in err and "bogus\\x07opt" in err


def test_a_byte_that_is_not_utf8_is_said_as_the_byte(tmp_path, capsys) -> None:
    # Python holds byte 0xff of a name or an argument as the surrogate U+DCFF: said as the byte typed.
    import os

    path = tmp_path / os.fsdecode(b"latin-\xe9.board")
    path.write_text((REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "latin-\\xe9.board: chess" in capsys.readouterr().out
    assert main(["moves", "chess", "--at", os.fsdecode(b"e\xff")]) == 2
    err = capsys.readouterr().err
    assert "no square 'e\\xff'" in err and "udc" not in err
