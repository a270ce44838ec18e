"""The ``moves`` and ``perft`` commands: output formats, streams of FENs, and user errors."""

from __future__ import annotations

import json
import subprocess
import sys

import chess
import pytest

from dagaz_studio.cli import main
from tests.helpers.paths import REPO


def test_json_moves_of_one_square(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "chess", "--at", "e2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fen"] == chess.STARTING_FEN
    assert {m["to"] for m in data["moves"]} == {"e3", "e4"}
    assert data["moves"][0] == {"piece": "Pawn", "from": "e2", "to": data["moves"][0]["to"], "captures": [],
                                "stops": [data["moves"][0]["to"]], "promotion": None, "also": []}


def test_json_castling_en_passant_and_fanorona_captures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "chess", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "--at", "e1", "--json"]) == 0
    castles = [m for m in json.loads(capsys.readouterr().out)["moves"] if m["also"]]
    assert sorted((m["to"], m["also"][0]["from"], m["also"][0]["to"]) for m in castles) == [
        ("c1", "a1", "d1"), ("g1", "h1", "f1")]
    assert main(["moves", "chess", "--fen", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "--at", "e5", "--json"]) == 0
    passant = [m for m in json.loads(capsys.readouterr().out)["moves"] if m["to"] == "d6"]
    assert passant[0]["captures"] == ["d5"]
    assert main(["moves", "fanorona", "--legal", "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    withdrawal = [m for m in moves if m["from"] == "d3" and m["captures"] == ["c3"]]
    assert withdrawal and withdrawal[0]["to"] == "e3"


def test_legal_filters_moves_into_check(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"  # the bishop is pinned
    assert main(["moves", "chess", "--fen", fen, "--json"]) == 0
    every = {m["to"] for m in json.loads(capsys.readouterr().out)["moves"]}
    assert main(["moves", "chess", "--fen", fen, "--legal", "--json"]) == 0
    legal = {m["to"] for m in json.loads(capsys.readouterr().out)["moves"]}
    assert legal == {chess.square_name(m.to_square) for m in chess.Board(fen).legal_moves}
    assert legal < every


def test_piece_option_places_a_typed_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "chess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--at", "d4", "--piece", "N,OM;E,OT;S TR;W,RM",
                 "--json"]) == 0
    targets = {m["to"] for m in json.loads(capsys.readouterr().out)["moves"]}
    assert targets == {chess.square_name(s) for s in chess.SquareSet(chess.BB_KNIGHT_ATTACKS[chess.D4])}


def test_a_typed_piece_on_a_stack_board_captures_as_the_boards_own_piece_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The piece typed is a column of one, as the board's Officer is: its capture puts the top of the
    # column it jumps under itself, and the rest of that column stays.
    fen = "7/7/7/7/7/4(ss)2/3O3 w"
    assert main(["moves", "lasca", "--fen", fen, "--at", "d1", "--json"]) == 0
    officer = {(m["to"], tuple(m["captures"])) for m in json.loads(capsys.readouterr().out)["moves"]}
    assert main(["moves", "lasca", "--fen", fen, "--at", "d1", "--json",
                 "--piece", "X[p];(X)[ex]\\1[p](&(X)[C,ex]\\3[p])*+"]) == 0
    typed = {(m["to"], tuple(m["captures"])) for m in json.loads(capsys.readouterr().out)["moves"]}
    assert typed == officer and ("f3", ("e2",)) in typed


def test_fen_stream_one_result_per_line() -> None:
    fens = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "not a fen",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]
    result = subprocess.run([sys.executable, "-m", "dagaz_studio", "moves", "chess", "--fen", "-", "--legal", "--json"],
                            input="\n".join(fens) + "\n", capture_output=True, text=True, timeout=120)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["fen"] for line in lines] == fens
    assert len(lines[0]["moves"]) == 20 and len(lines[2]["moves"]) == 48
    assert "error" in lines[1] and "1 row, but the grid has 8" in lines[1]["error"]
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["moves", "nosuch"], "no such board"),
        (["moves", "chess", "--at", "z9"], "no square 'z9'"),
        (["moves", "chess", "--fen", "8/8 w"], "rows"),
        (["moves", "chess", "--at", "d4", "--piece", "(+)([p]\\1"], "unclosed '('"),
        (["moves", "chess", "--at", "d4", "--piece", "(N;S)*"], "stopped after"),
        (["moves", "chess", "--piece", "N"], "--piece needs --at"),
        (["perft", "chess", "--depth", "-1"], "--depth"),
        (["perft", "chess", "--depth", "100000", "--jobs", "1"], "--depth 100000: at most 1,000"),
        (["perft", "chess", "--depth", "99999999999999999999", "--jobs", "2"], "at most 1,000"),
        (["perft", "nosuch", "--depth", "1"], "no such board"),
        (["perft", "", "--depth", "1"], "no board given"),
        (["moves", " "], "no board given"),
    ],
)
def test_user_errors_exit_2_with_a_message(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_perft_last_line_ends_with_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "chess", "--depth", "2", "--divide"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].endswith(": 400")
    assert len(lines) == 21
    assert sum(int(line.rsplit(": ", 1)[1]) for line in lines[:-1]) == 400


def test_fen_stream_answers_blank_lines_and_reports_option_errors_once() -> None:
    command = [sys.executable, "-m", "dagaz_studio", "moves", "chess", "--fen", "-", "--json"]
    result = subprocess.run(command, input="a\n\n8/8/8/8/8/8/8/8 w - - 0 1\n", capture_output=True, text=True,
                            timeout=120)
    assert len(result.stdout.splitlines()) == 3
    bad = subprocess.run(command + ["--at", "d4", "--piece", "("], input="a\nb\nc\n", capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("unclosed '('") == 1


def test_a_notation_is_read_up_to_the_length_the_window_and_the_docs_give(capsys: pytest.CaptureFixture[str]) -> None:
    import re

    from dagaz_studio.notation.parser import MAX_NOTATION_LENGTH
    from dagaz_studio.queries import MAX_NOTATION_CHARS

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    documented = re.search(r"notations over\s+([\d,]+) characters are refused", readme)
    assert documented and int(documented.group(1).replace(",", "")) == MAX_NOTATION_CHARS == MAX_NOTATION_LENGTH
    rook = "(+)([p]\\1)*"
    at_limit = rook + " " * (MAX_NOTATION_CHARS - len(rook))
    assert main(["moves", "chess", "--fen", "8/8/8/8/3R4/8/8/k6K w - - 0 1", "--at", "d4", "--piece", at_limit]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 14
    assert main(["moves", "chess", "--at", "d4", "--piece", at_limit + " "]) == 2
    assert f"at most {MAX_NOTATION_CHARS:,}" in capsys.readouterr().err


def test_a_typed_piece_on_a_column_board_captures_as_the_boards_own_piece_does(capsys):
    # A typed piece stands as a column of one, so a capture can put the piece it takes under it.
    officer = "X[p];(X)[ex]\\1[p](&(X)[C,ex]\\3[p])*+"
    assert main(["moves", "lasca", "--fen", "7/7/2s4/7/7/7/7 w", "--at", "b6", "--piece", officer]) == 0
    typed = capsys.readouterr().out.split()
    assert main(["moves", "lasca", "--fen", "7/1O5/2s4/7/7/7/7 w", "--at", "b6"]) == 0
    own = capsys.readouterr().out.split()
    assert "b6-d4xc5" in typed and sorted(typed[2::3]) == sorted(own[1::2])


@pytest.mark.parametrize(("board", "pdn", "fen"), [
    ("lasca", "W:Wa1,c1:Bg7", "6s/7/7/7/7/7/S1S4 w"),
    ("bashni", "B:W:Bb7", "8/1m6/8/8/8/8/8/8 b"),
])
def test_a_pdn_fen_sets_up_a_stack_board(board: str, pdn: str, fen: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", board, "--fen", pdn, "--json"]) == 0
    by_pdn = json.loads(capsys.readouterr().out)
    assert main(["moves", board, "--fen", fen, "--json"]) == 0
    assert by_pdn["moves"] == json.loads(capsys.readouterr().out)["moves"]
    assert by_pdn["moves"]


@pytest.mark.parametrize(("argv", "message"), [
    (["perft", "chess", "--depth", "1", "--jobs", "-3"], "argument --jobs: -3: give 1 or more processes"),
    (["moves", "chess", "--jobs", "0"], "argument --jobs: 0: give 1 or more processes"),
    (["perft", "chess", "--depth", "1", "--jobs", "two"], "argument --jobs: 'two' is not a whole number"),
])
def test_jobs_of_no_process_is_a_usage_error(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("name", ["Knight", " Rook "])
def test_a_piece_may_be_given_by_its_name_as_compare_takes_it(name: str, capsys) -> None:
    # --piece read only notations: 'Knight' was refused as "unknown direction 'K'".
    letter = {"Knight": "N", "Rook": "R"}[name.strip()]
    assert main(["moves", "chess", "--fen", "8/8/8/8/8/8/8/8 w", "--at", "e4", "--piece", name]) == 0
    typed = [line.split()[-1] for line in capsys.readouterr().out.splitlines()]
    assert main(["moves", "chess", "--fen", f"8/8/8/8/4{letter}3/8/8/8 w", "--at", "e4"]) == 0
    own = [line.split()[-1] for line in capsys.readouterr().out.splitlines()]
    assert typed == own and len(own) > 7


def test_a_misspelt_piece_name_is_said_not_to_be_one_of_the_board_s(capsys) -> None:
    assert main(["moves", "chess", "--at", "e4", "--piece", "Knigth"]) == 2
    assert "'Knigth' is not one of the board's pieces (Pawn, Knight" in capsys.readouterr().err


@pytest.mark.parametrize("option", [["--notation", "betza"], ["--dialect", "fsf"]])
def test_a_piece_notation_without_a_piece_is_refused(capsys, option) -> None:
    from dagaz_studio.cli import main

    assert main(["moves", "chess", "--at", "e2", *option]) == 2
    assert f"{option[0]} says how --piece is read: give --piece NOTATION" in capsys.readouterr().err
    assert main(["moves", "chess", "--at", "e4", "--piece", "W", *option]) == 0


@pytest.mark.parametrize(("argv", "option"), [
    (["perft", "chess", "--depth", "٣"], "--depth"),
    (["perft", "chess", "--depth", "1_0"], "--depth"),
    (["perft", "chess", "--depth", "1", "--jobs", "٢"], "--jobs"),
    (["compare", "chess", "N", "N", "--positions", "１０"], "--positions"),
    (["compare", "chess", "N", "N", "--seed", "٣"], "--seed"),
    (["lesson", "check", "6", "--answer", "W", "--positions", "٣"], "--positions"),
    (["render", "chess", "--out", "x.png", "--scale", "٦٤"], "--scale"),
    (["render", "chess", "--out", "x.png", "--scale", "6_4"], "--scale"),
    (["render", "chess", "--at", "e2", "--trace", "--out", "x.png", "--delay", "٣٠٠"], "--delay"),
])
def test_a_number_option_reads_ascii_digits_only(argv: list[str], option: str, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    # As every count the program reads (docs/interpreter.md, "Limits and hostile input"): Python's int()
    # and float() would read '٣' as 3, '１０' as 10 and '1_0' as 10.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}: '{argv[argv.index(option) + 1]}' is not a" in err and "digits 0-9" in err


def test_a_number_option_still_reads_signs_and_decimals(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    assert main(["perft", "chess", "--depth", "-1"]) == 2
    assert "--depth must be 0 or more, not -1" in capsys.readouterr().err
    assert main(["compare", "chess", "N", "N", "--seed", "-7", "--positions", "+3"]) == 0
    assert main(["render", "chess", "--out", str(tmp_path / "x.svg"), "--scale", "2.5"]) == 2
    assert "--scale 2.5: give between 4 and 1000" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["perft", "chess", "--depth", "1"], ["play", "chess"],
                                     ["render", "chess", "--out", "never.png"]])
def test_a_fen_of_a_dash_says_only_moves_reads_standard_input(command: list[str], capsys) -> None:
    assert main([*command, "--fen", "-"]) == 2
    err = capsys.readouterr().err
    assert "--fen -: only moves reads FENs from standard input" in err and "placement" not in err
