"""The ``dagaz-studio`` entry point: subcommands, the window by default, and usage errors."""

from __future__ import annotations

import argparse

import pytest

from dagaz_studio import cli
from dagaz_studio.cli import main


@pytest.fixture()
def opened(monkeypatch: pytest.MonkeyPatch) -> list[argparse.Namespace]:
    """Record what the window would have been asked to open, instead of opening it."""
    calls: list[argparse.Namespace] = []
    from dagaz_studio.commands import gui

    monkeypatch.setattr(gui, "run", lambda args: calls.append(args) or 0)
    return calls


def test_no_arguments_opens_the_window(opened: list[argparse.Namespace]) -> None:
    assert cli.main([]) == 0
    assert len(opened) == 1 and opened[0].board is None


def test_a_board_as_first_argument_opens_the_window_on_it(opened: list[argparse.Namespace]) -> None:
    assert cli.main(["xiangqi"]) == 0
    assert opened[0].board == "xiangqi"


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--no-such-option"])
    assert exit_info.value.code == 2
    assert "error" in capsys.readouterr().err


def test_every_subcommand_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for name in cli.COMMANDS:
        with pytest.raises(SystemExit) as exit_info:
            cli.main([name, "--help"])
        assert exit_info.value.code == 0
        assert name in capsys.readouterr().out


def test_the_style_choices_are_the_names_packages_styles() -> None:
    from dagaz_studio.commands.moves import NAME_STYLES
    from dagaz_studio.names import STYLES

    assert NAME_STYLES == STYLES


def test_help_imports_neither_the_parsers_nor_the_engine() -> None:
    import subprocess
    import sys

    probe = ("import sys\nfrom dagaz_studio import cli\ntry:\n    cli.main(['--help'])\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m == 'lark' or m.startswith(('dagaz_studio.engine', "
             "'dagaz_studio.board', 'dagaz_studio.notation', 'dagaz_studio.names'))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_translate_choices_are_the_translators() -> None:
    from dagaz_studio.betza.reader import DIALECTS
    from dagaz_studio.commands import translate
    from dagaz_studio.translation import SOURCES, TARGETS

    assert (translate.SOURCES, translate.TARGETS, translate.DIALECTS) == (SOURCES, TARGETS, DIALECTS)


@pytest.mark.parametrize("words", [
    ["perft", "chess", "--depth", "7" * 100_000],
    ["moves", "chess", "--style", "s" * 100_000],
    ["moves", "chess", "--at", "e4", "--piece", "Q" * 100_000],
    ["compare", "chess", "Rook", "Q" * 100_000],
])
def test_a_runaway_argument_is_quoted_by_its_start(capsys, words) -> None:
    # A paste gone wrong is not echoed back whole, by argparse or by the command.
    try:
        status = main(words)
    except SystemExit as exit_:  # a usage error, as argparse ends one
        status = exit_.code
    assert status == 2
    err = capsys.readouterr().err
    assert len(err) < 2_000, err[:300]


def test_a_dagaz_notation_translated_as_betza_is_told_to_give_from_dagaz(capsys) -> None:
    # Betza is the default source: the Rook in Dagaz, pasted without --from, fails as Betza.
    assert main(["translate", "--to", "betza", "(+)([p]\\1)*"]) == 2
    err = capsys.readouterr().err
    assert "--from dagaz" in err
    assert main(["translate", "--to", "betza", "--from", "dagaz", "(+)([p]\\1)*"]) == 0
    assert main(["translate", "(((W"]) == 2  # no notation reads it: no such note
    assert "--from dagaz" not in capsys.readouterr().err


@pytest.mark.parametrize("command", [["moves", "chess"], ["perft", "chess", "--depth", "1"]])
def test_a_fen_given_unquoted_is_said_to_need_quotes(capsys, command) -> None:
    with pytest.raises(SystemExit) as ended:
        main([*command, "--fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", "b", "KQkq", "-", "0", "1"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: b KQkq - 0 1" in err and "give it in quotes" in err
    with pytest.raises(SystemExit):
        main([*command, "--no-such-option"])
    assert "quotes" not in capsys.readouterr().err


@pytest.mark.parametrize("out, why", [("v.ini", "it is a file, not a folder"),
                                      ("v.ini/sub", "a folder on its path is a file"),
                                      ("/dev/null", "it is a character device, not a folder")])
def test_import_into_a_file_says_it_is_not_a_folder(tmp_path, monkeypatch, capsys, out, why) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.ini").write_text("[foo:chess]\n", encoding="utf-8")
    assert main(["import", "v.ini", "--out", out]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"dagaz-studio: error: cannot write into {out}: {why}"  # not "[Errno 17] File exists"


@pytest.mark.parametrize("out", ["", "  "])
def test_import_into_an_empty_folder_name_writes_nothing(tmp_path, monkeypatch, capsys, out) -> None:
    # An unset variable (--out "$DIR") named the working folder: the boards were written there.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.ini").write_text("[foo:chess]\n", encoding="utf-8")
    assert main(["import", "v.ini", "--out", out]) == 2
    assert capsys.readouterr().err.strip() == "dagaz-studio: error: --out: no folder given (an empty argument)"
    assert not list(tmp_path.glob("*.board"))


def test_import_lists_the_first_refusals_and_counts_the_rest(tmp_path, monkeypatch, capsys) -> None:
    from dagaz_studio.commands.common import MAX_PROBLEMS_SHOWN

    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.ini").write_text("".join(f"[v{n}:nosuchparent]\n" for n in range(900)), encoding="utf-8")
    assert main(["import", "v.ini", "--out", "out"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert sum("refused [v" in line for line in err) == MAX_PROBLEMS_SHOWN
    assert err[-2:] == [f"dagaz-studio: v.ini: … and {900 - MAX_PROBLEMS_SHOWN} more refused",
                        "dagaz-studio: 0 imported, 900 refused"]


@pytest.mark.parametrize("command", [["moves", "chess"], ["perft", "chess", "--depth", "1"]])
def test_a_misspelt_option_beside_a_quoted_fen_is_not_said_to_need_quotes(capsys, command) -> None:
    with pytest.raises(SystemExit) as ended:
        main([*command, "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "--lgeal"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --lgeal" in err and "quotes" not in err


@pytest.mark.parametrize(("words", "said"), [
    (["movess", "chess"], "'movess' is no command: did you mean moves?"),
    (["Perft", "chess", "--depth", "1"], "'Perft' is no command: did you mean perft?"),
    # A board's name is no misspelt command, however near one (chess, check): the command was left out.
    (["chess", "--legal"], "the window was to open on 'chess': a command comes first, one of gui, parse"),
    (["normal", "--legal"], "the window was to open on 'normal'"),
])
def test_a_first_word_that_is_no_command_is_said_to_be_none(opened, capsys, words, said) -> None:
    # Taken for a board to open in the window, it left the words after it unread, and only they were named.
    with pytest.raises(SystemExit) as done:
        cli.main(words)
    assert done.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert said in err and err.startswith("dagaz-studio: error: unrecognized arguments: ")
    assert opened == []


@pytest.mark.parametrize(("words", "said"), [
    (["moves", "chess", "--style", "a\\b"], "invalid choice: 'a\\b' (choose from 'wxf', "),
    (["translate", "N", "--to", "a\x1bb"], "invalid choice: 'a\\x1bb' (choose from 'dagaz', "),
    (["translate", "N", "--to", "x" * 5000], "invalid choice: 'xxxxxxxx"),
])
def test_a_refused_choice_is_echoed_as_typed(capsys, words, said) -> None:
    # Not by repr, which doubles a backslash typed and the escape of a character a terminal obeys.
    with pytest.raises(SystemExit) as done:
        cli.main(words)
    assert done.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert said in err and "\\\\" not in err and "\x1b" not in err and len(err) < 300, err


def test_import_stopped_by_a_full_disk_lists_the_boards_it_wrote(tmp_path, monkeypatch, capsys) -> None:
    # The boards written before the disk filled stay: they were left unlisted, as if none was written.
    import errno
    import os

    import dagaz_studio.notation.whole_file as whole_file

    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.ini").write_text("[one:chess]\n[two:chess]\n[three:chess]\n", encoding="utf-8")
    write = os.write

    def full_from_the_second(handle: int, data) -> int:  # type: ignore[no-untyped-def]
        if b"name: two\n" in bytes(data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return write(handle, data)

    monkeypatch.setattr(whole_file.os, "write", full_from_the_second)
    assert main(["import", "v.ini", "--out", "out"]) == 2
    monkeypatch.undo()
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["one: out/one.board"]
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["one.board"]
    assert "No space left on device" in captured.err
    assert "1 of 3 boards written before it (listed above), 2 not" in captured.err
