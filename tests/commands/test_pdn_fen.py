"""PDN FEN on the command line: ``--fen-style pdn`` writes a draughts position as pydraughts writes it,
``--at`` takes a square by its draughts number, and a PDN FEN given to a board whose pieces change the
colour of their square (chess, xiangqi) is refused rather than read as men and kings."""

from __future__ import annotations

import json
import random

import pytest

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.board.shipped import shipped_family
from dagaz_studio.cli import main
from dagaz_studio.engine import Position
from dagaz_studio.pdn import fen_from_pdn
from tests.helpers.draughts_oracle import GAMES, IDS, DraughtsGame, pdn_parts, square_names, their_moves, their_name

draughts = pytest.importorskip("draughts")


def _last_line(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().out.splitlines()[-1]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_play_writes_the_pdn_fen_pydraughts_writes_after_random_games(
        game: DraughtsGame, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(f"pdn-{game.board}")
    for _ in range(6):
        theirs = draughts.Board(variant=game.variant)
        names = []
        for _ in range(rng.randrange(0, 60)):
            moves = theirs.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            names.append(their_name(game, move))
            theirs.push(move)
        assert main(["play", game.board, *names, "--fen-style", "pdn"]) == 0
        assert pdn_parts(_last_line(capsys)) == pdn_parts(theirs.fen), names


def _random_pdn(game: DraughtsGame, rng: random.Random) -> str:
    """A PDN FEN of men and kings of both sides on random dark squares, written here by hand as
    pydraughts reads it (men kept off the rows that crown them)."""
    board = load_board(game.board)
    names = square_names(board, game.algebraic)
    numbered = {number: board.squares.index(name) for number, name in names.items()}
    edges = {0, len(board.row_names) - 1}
    squares = rng.sample(sorted(numbered), rng.randrange(1, 12))
    sides: dict[str, list[str]] = {"W": [], "B": []}
    for number in squares:
        king = rng.random() < 0.3 or board.row_of[numbered[number]] in edges
        sides[rng.choice("WB")].append(("K" if king else "") + (names[number] if game.algebraic else str(number)))
    return f"{rng.choice('WB')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_moves_writes_the_pdn_fen_pydraughts_writes_of_random_placements(
        game: DraughtsGame, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(f"placed-{game.board}")
    for _ in range(25):
        given = _random_pdn(game, rng)
        assert main(["moves", game.board, "--fen", given, "--json", "--fen-style", "pdn"]) == 0
        written = json.loads(capsys.readouterr().out)["fen"]
        assert pdn_parts(written) == pdn_parts(draughts.Board(variant=game.variant, fen=given).fen), given
        # And read back, the same position.
        board = load_board(game.board)
        assert Position.from_fen(board, fen_from_pdn(board, written)).fen() == \
            Position.from_fen(board, fen_from_pdn(board, given)).fen()


@pytest.mark.parametrize("game", [game for game in GAMES if not game.algebraic], ids=lambda game: game.board)
def test_at_takes_a_square_by_its_number_as_pydraughts_numbers_it(
        game: DraughtsGame, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(f"at-{game.board}")
    board = load_board(game.board)
    names = square_names(board, False)
    checked = 0
    while checked < 15:
        given = _random_pdn(game, rng)
        theirs = draughts.Board(variant=game.variant, fen=given)
        expected = their_moves(board, theirs)
        starts = sorted({number for number, name in names.items() if any(key[0] == name for key in expected)})
        if not starts:
            continue
        number = rng.choice(starts)
        assert main(["moves", game.board, "--fen", given, "--at", str(number), "--legal", "--json"]) == 0
        ours = {(move["from"], move["to"], frozenset(move["captures"]))
                for move in json.loads(capsys.readouterr().out)["moves"]}
        assert ours == {key for key in expected if key[0] == names[number]}, (given, number)
        checked += 1


def test_a_square_number_past_the_board_s_says_how_they_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "checkers", "--at", "33"]) == 2
    assert "no square '33' on checkers (squares run a8 … h1, numbered 1 to 32)" in capsys.readouterr().err
    # A board PDN does not fit numbers no square.
    assert main(["moves", "chess", "--at", "32"]) == 2
    err = capsys.readouterr().err
    assert "no square '32' on chess" in err and "numbered" not in err


@pytest.mark.parametrize("board", ["chess", "xiangqi", "shogi", "othello", "fanorona", "oware", "raumschach"])
def test_a_pdn_fen_given_to_a_board_whose_pieces_change_colour_is_refused(
        board: str, capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["moves", board], ["perft", board, "--depth", "1"], ["play", board]):
        assert main([*command, "--fen", "W:W31,32:B1,K2"]) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1
        assert "PDN FEN is for boards whose pieces keep to the squares of one colour" in err
        assert "give a board FEN" in err


def test_the_boards_pdn_fits_are_the_shipped_draughts_boards() -> None:
    from dagaz_studio.pdn import keeps_colour

    boards = shipped_boards()
    assert {name for name, path in boards.items() if keeps_colour(load_board(path))} == \
        {name for name, path in boards.items() if shipped_family(path) == "draughts"}


@pytest.mark.parametrize("command", [["play", "chess"], ["moves", "chess", "--json"], ["compare", "chess", "N", "N"]])
def test_fen_style_pdn_on_a_board_pdn_does_not_fit_is_refused_before_any_work(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--fen-style", "pdn"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and "--fen-style pdn: PDN FEN is for boards whose pieces keep" in err.err


@pytest.mark.parametrize(("argv", "says"), [
    (["moves", "lasca", "--fen", "7/1O5/2s4/7/7/7/7 w", "--json"], "the Officer on b6: PDN FEN writes only men"),
    (["moves", "bashni", "--fen", "8/8/8/3(Mm)4/8/8/8/8 w", "--json"], "the column on d5 holds 2 pieces"),
    (["moves", "checkers"], "--fen-style says how --json writes the FEN: give --json too"),
])
def test_a_position_pdn_cannot_say_is_refused_with_why(argv: list[str], says: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--fen-style", "pdn"]) == 2
    assert says in capsys.readouterr().err


def test_a_batch_line_pdn_cannot_say_is_one_error_and_the_batch_goes_on(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("7/1O5/2s4/7/7/7/7 w\nW:Wa1:Bg7\n"))
    assert main(["moves", "lasca", "--fen", "-", "--json", "--fen-style", "pdn", "--jobs", "1"]) == 2
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert "the Officer on b6" in first["error"]
    assert second["fen"] == "W:Wa1:Bg7"


def test_compare_writes_its_counterexample_as_pdn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "international", "Man", "King", "--json", "--fen-style", "pdn"]) == 1
    result = json.loads(capsys.readouterr().out)
    board = load_board("international")
    assert main(["compare", "international", "Man", "King", "--json"]) == 1
    assert Position.from_fen(board, fen_from_pdn(board, result["fen"])).fen() == json.loads(capsys.readouterr().out)["fen"]


def test_players_pdn_cannot_name_are_refused_with_why(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    # A PDN FEN begins with W or B: Red and Green's position written so would not read back.
    from tests.helpers.paths import REPO

    text = (REPO / "boards" / "draughts" / "checkers.board").read_text(encoding="utf-8")
    path = tmp_path / "colours.board"
    path.write_text(text.replace("Black", "Green").replace("White", "Red"), encoding="utf-8")
    assert main(["play", str(path)]) == 0
    capsys.readouterr()
    assert main(["play", str(path), "--fen-style", "pdn"]) == 2
    assert "PDN FEN names the two players W and B, and checkers's are Green, Red" in capsys.readouterr().err


def test_a_counterexample_pdn_cannot_say_is_still_written_as_the_board_s_fen(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # A search is not thrown away for want of a PDN FEN: an Officer stands in the counterexample.
    from dagaz_studio.queries.compare import Comparison

    board = load_board("lasca")
    position = Position.from_fen(board, "7/1O5/2s4/7/7/7/7 w")

    def found(*_args: object, **_kwargs: object) -> Comparison:
        return Comparison(True, 1, position.fen(), "d4", ["d4-e5"], [], 2, position=position)

    monkeypatch.setattr("dagaz_studio.queries.compare.compare_kinds", found)
    assert main(["compare", "lasca", "Soldier", "Officer", "--fen-style", "pdn", "--jobs", "1"]) == 1
    out, err = capsys.readouterr()
    assert f"fen: {position.fen()}" in out
    assert "note: --fen-style pdn: the Officer on b6" in err and "written as the board's" in err
