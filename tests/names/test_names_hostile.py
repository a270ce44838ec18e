"""Move names read from the command line: digits are ASCII digits, and no name ends in a traceback."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main

NINES = "9" * 5000


@pytest.mark.parametrize(("board", "name"), [
    ("xiangqi", "C2.٥"), ("xiangqi", "H٢+3"), ("xiangqi", "C2+٥"), ("chess", "e٤"), ("chess", "Nf³"),
    ("chess", "e2e٤"), ("xiangqi", f"C2+{NINES}"), ("xiangqi", f"C{NINES}+1"), ("xiangqi", f"{NINES}+1"),
    ("chess", f"e{NINES}"), ("chess", f"Ne{NINES}"), ("chess", f"e2e{NINES}"),
    ("checkers", "٩-١٣"), ("international", "3٢-28"), ("international", "32-2⁸"),
    ("checkers", f"{NINES}-1"), ("checkers", f"9-{NINES}"), ("international", f"32x{NINES}x1"),
])
def test_names_with_other_digits_or_endless_numbers_are_refused_cleanly(board: str, name: str, capsys) -> None:
    assert main(["play", board, name]) == 2
    err = capsys.readouterr().err
    assert "move 1" in err and "Traceback" not in err


def test_the_same_names_in_ascii_digits_are_read(capsys) -> None:
    assert main(["play", "xiangqi", "C2.5", "h2+3"]) == 0
    assert main(["play", "chess", "e4", "Nf6", "e4e5"]) == 0
    assert main(["play", "checkers", "9-13"]) == 0
    assert main(["play", "international", "32-28"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(("board", "name", "style"), [
    ("checkers", "99-1", "by square numbers"), ("checkers", "11-15x", "by square numbers"),
    ("chess", "e9e4", "in SAN"), ("capablanca", "Zz9", "in SAN"),
    ("xiangqi", "99-1", "in WXF notation"), ("minixiangqi", "H9+9", "in WXF notation"),
    ("fanorona", "zz", "by the coordinates of their squares"), ("janggi", "a0a0", "in UCI coordinates"),
])
def test_a_name_that_matches_nothing_says_how_the_board_names_its_moves(board: str, name: str, style: str,
                                                                        capsys) -> None:
    from dagaz_studio.board import load_board
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules
    from dagaz_studio.names import MoveNameError, MoveNames

    loaded = load_board(board)
    names = MoveNames(Rules(loaded), Position.initial(loaded))
    with pytest.raises(MoveNameError) as caught:
        names.read(name)
    expected = f"no legal move matches {name!r} ({loaded.name} names its moves {style}, such as "
    message = str(caught.value)
    assert message.startswith(expected) and message.endswith(")")
    example = message[len(expected):-1]
    assert example in names.names  # the example is one of the position's moves, in the board's style
    assert main(["play", board, name]) == 2
    assert capsys.readouterr().err.strip() == f"dagaz-studio: error: move 1 {name!r}: {message}"
