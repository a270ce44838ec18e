"""A board name that finds no board says why: a Fairy-Stockfish built-in that ships as no board gives the
importer's reason, a mistyped name the shipped names near it; both on one line, exit status 2."""

from __future__ import annotations

import pytest

from dagaz_studio.board import BoardReadError, resolve_board, shipped_boards
from dagaz_studio.board import shipped as shipped_module
from dagaz_studio.board.shipped import REFUSED, refused_builtins
from dagaz_studio.cli import main
from dagaz_studio.variants_ini import IniError
from dagaz_studio.variants_ini.variant import import_variant
from tests.helpers.builtin_oracle import fsf_builtin_games


def _importer_reason(name: str) -> str:
    with pytest.raises(IniError) as caught:
        import_variant(name, {})
    return caught.value.message


def _unshipped_builtins() -> list[str]:
    # The built-ins are what a fresh pyffish knows: in this process, a variants.ini loaded by another
    # test would add its variants to the list.
    missing = []
    for name in fsf_builtin_games([], 0, 0)["variants"]:
        try:
            resolve_board(name)
        except BoardReadError:
            missing.append(name)
    return missing


def test_every_builtin_that_ships_no_board_is_listed_with_the_importers_reason() -> None:
    refused = refused_builtins()
    assert set(refused) == set(_unshipped_builtins())
    for name, (title, why) in refused.items():
        assert title and why == _importer_reason(name), name


WHY = "option seirawanGating with pieceDrops is not supported"


@pytest.fixture
def refusing(tmp_path, monkeypatch):
    """A boards folder where Fairy-Stockfish's ``shouse`` is refused and ``crazyhouse`` ships."""
    (tmp_path / "crazyhouse.board").write_text("", encoding="utf-8")
    (tmp_path / REFUSED).write_text(f"# refused\nshouse = S-House: {WHY}\nbroken line\n", encoding="utf-8")
    monkeypatch.setattr(shipped_module, "_shipped_directory", lambda: tmp_path)


def test_asking_for_a_refused_builtin_says_why_on_one_line(refusing, capsys) -> None:
    assert refused_builtins() == {"shouse": ("S-House", WHY)}
    assert main(["moves", "shouse", "--legal"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.endswith(f"shouse: the built-in variant S-House does not ship as a board: {WHY}")
    assert "shipped boards:" not in err


@pytest.mark.parametrize("typed, meant", [("crazyhose", "crazyhouse"), ("shogii", "shogi"), ("xiangqui", "xiangqi"),
                                          ("chess960x", "chess960")])
def test_a_mistyped_name_is_answered_with_the_names_near_it(capsys, typed, meant) -> None:
    assert main(["moves", typed, "--legal"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"did you mean {meant}" in err
    assert "shipped boards:" not in err and len(err) < 200


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_board_argument_says_none_was_given(capsys, empty) -> None:
    # An empty path is the working folder: it was refused as "'.': is a directory".
    assert main(["moves", empty, "--legal"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "no board given" in err and "directory" not in err and "shipped boards:" not in err


def test_a_name_near_nothing_still_lists_the_shipped_boards() -> None:
    with pytest.raises(BoardReadError) as caught:
        resolve_board("no-such-game")
    message = str(caught.value)
    assert "did you mean" not in message
    assert all(name in message for name in shipped_boards())


@pytest.mark.parametrize("name, says", [("shouse", "does not ship as a board: "),
                                         ("crazyhose", "did you mean crazyhouse")])
def test_the_window_opening_a_board_says_the_same(refusing, qtbot, name, says) -> None:
    from dagaz_studio.gui.app import BoardOpenError, resolve_board_path
    from dagaz_studio.gui.files.document import QtDocument

    with pytest.raises(BoardReadError) as resolved:
        resolve_board(name)
    assert says in str(resolved.value)
    # Named on the command line that opens the window, and opened from within it.
    with pytest.raises(BoardOpenError) as started:
        resolve_board_path(name)
    document = QtDocument()
    with pytest.raises(BoardReadError) as opened:
        document.open_board(name)
    assert str(started.value) == str(opened.value) == str(resolved.value)
    assert document.board is None


@pytest.mark.parametrize("command", [["moves"], ["check"], ["test"], ["perft", "--depth", "1"]])
def test_a_board_argument_too_long_for_a_file_name_is_one_short_line(capsys, command) -> None:
    # The system refuses to look at a name longer than a file name may be: no such board, not a traceback.
    assert main([*command, "a" * 100_000]) == 2
    err = capsys.readouterr().err.strip()
    # test lists the shipped boards once after every board named, then its count of boards read.
    assert len(err.splitlines()) == (3 if command == ["test"] else 1)
    assert "no such board file or shipped board" in err and "a" * 101 not in err


def test_a_long_path_to_no_board_is_quoted_with_its_file_s_name(capsys) -> None:
    # A path is cut in its middle, past its first two hundred characters: its end names the file.
    deep = "/tmp/" + "folder/" * 60 + "missing.board"
    assert main(["moves", deep]) == 2
    err = capsys.readouterr().err
    assert "missing.board" in err and "/tmp/folder/" in err and "folder/" * 30 not in err
    short = "/tmp/pytest-of-someone/pytest-1016/popen-gw0/test_a_bad_path0/missing.board"
    assert main(["moves", short]) == 2
    assert short in capsys.readouterr().err


#: Every command that takes a board, with what else it needs to reach opening it.
BOARD_COMMANDS = [["moves"], ["check"], ["perft", "--depth", "1"], ["render", "--out", "never.png"], ["play"],
                  ["export"], ["test"], ["compare", "N", "N"], ["gui"], []]


@pytest.mark.parametrize("command", BOARD_COMMANDS, ids=lambda command: command[0] if command else "window")
@pytest.mark.parametrize("typed, answer", [
    ("CHESS", "did you mean chess?"),  # in another case
    ("Xiangqi", "did you mean xiangqi?"),
    ("checkers.board", "did you mean checkers?"),  # a shipped name written as a file's
    ("chesss.board", "did you mean chess"),
    ("draughts", "a family of shipped boards, not a board: name one of bashni, brazilian, checkers"),
])
def test_every_command_answers_a_board_name_mistyped_with_the_one_meant(
        capsys, monkeypatch, tmp_path, command, typed, answer) -> None:
    monkeypatch.chdir(tmp_path)
    name, *options = command or [typed]
    argv = [name, typed, *options] if command else [typed]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert answer in err.splitlines()[0] and "shipped boards:" not in err
    assert not (tmp_path / "never.png").exists()


def test_a_path_to_a_missing_board_file_is_answered_with_the_files_beside_it(capsys, tmp_path) -> None:
    (tmp_path / "knightmare.board").write_text("", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    assert main(["moves", str(tmp_path / "nightmare.board")]) == 2
    assert f"did you mean {tmp_path / 'knightmare.board'}?" in capsys.readouterr().err
    assert main(["moves", str(tmp_path / "no-such-folder" / "knightmare.board")]) == 2
    assert "did you mean" not in capsys.readouterr().err


@pytest.mark.parametrize("typed, meant", [("chess.baord", "chess"), ("xiangqi.bord", "xiangqi"),
                                          ("Shogi.Boards", "shogi")])
def test_a_name_whose_board_suffix_is_mistyped_is_answered_with_the_board_meant(capsys, typed, meant) -> None:
    assert main(["moves", typed]) == 2
    assert f"did you mean {meant}?" in capsys.readouterr().err


def test_a_path_whose_board_suffix_is_mistyped_is_answered_with_the_file_beside_it(capsys, tmp_path) -> None:
    (tmp_path / "my-game.board").write_text("", encoding="utf-8")
    assert main(["check", str(tmp_path / "my-game.bord")]) == 2
    assert f"did you mean {tmp_path / 'my-game.board'}?" in capsys.readouterr().err
    # A suffix nothing like it is no slip of it: the name with it is near no board.
    assert main(["check", str(tmp_path / "my-game.backup-copy")]) == 2
    assert "did you mean" not in capsys.readouterr().err
