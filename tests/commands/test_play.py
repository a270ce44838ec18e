"""The ``play`` command, and ``moves --names`` / ``--style``."""

from __future__ import annotations

import json
import subprocess
import sys

import chess
import pytest

from dagaz_studio.cli import main

sf = pytest.importorskip("pyffish")


def test_play_prints_the_fen_fairy_stockfish_gives(capsys: pytest.CaptureFixture[str]) -> None:
    start = sf.start_fen("xiangqi")
    uci = ["h3e3", "h8e8", "h1g3", "h10g8", "i1h1", "i10h10", "h1h7", "b8b4", "e3e7", "d10e9"]
    names = sf.get_san_moves("xiangqi", start, uci, False, sf.NOTATION_XIANGQI_WXF)
    assert names[:4] == ["C2=5", "C8=5", "H2+3", "H8+7"]
    assert main(["play", "xiangqi", *names]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.split()[:2] == sf.get_fen("xiangqi", start, uci).split()[:2]


def test_play_accepts_every_style_and_a_starting_fen(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "chess", "e4", "e7e5", "Ng1-f3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "0-0"]) == 0
    board = chess.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"]:
        board.push_san(san)
    assert capsys.readouterr().out.splitlines()[-1].split()[:3] == board.fen().split()[:3]
    fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    assert main(["play", "chess", "--fen", fen, "b8=N"]) == 0
    assert capsys.readouterr().out.strip().split()[0] == "1N2k3/8/8/8/8/8/8/4K3"


def test_play_a_fanorona_capture_by_its_coordinates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "fanorona", "d3-e3xc3"]) == 0
    placement = capsys.readouterr().out.split()[0]
    assert placement.split("/")[2] == "sS2SsSsS"  # c3 taken by withdrawal, d3 left for e3


def test_play_moves_after_the_fen(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "3k5/9/9/9/9/9/9/4R4/9/4RK3 w - - 0 1"
    assert main(["play", "xiangqi", "--fen", fen, "R-+1", "d10d9"]) == 0
    assert capsys.readouterr().out.split()[:2] == ["9/3k5/9/9/9/9/9/4R4/4R4/5K3", "w"]


def test_play_with_no_moves_prints_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "xiangqi"]) == 0
    assert capsys.readouterr().out.strip() == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "xiangqi", "C2=5", "H2+4"], "move 2 'H2+4': no legal move matches 'H2+4'"),
        (["play", "chess", "e4", "e5", "Nd3"], "move 3 'Nd3': no legal move matches 'Nd3'"),
        (["play", "chess", "--fen", "4k3/8/8/8/8/8/1N3N2/4K3 w - - 0 1", "Nd3"],
         "move 1 'Nd3': 'Nd3' matches several moves: Nbd3, Nfd3"),
        (["play", "chess", "--fen", "8/8/8 w", "e4"], "bad FEN"),
        (["play", "nowhere", "e4"], "nowhere: no such board file or shipped board"),
    ],
)
def test_play_errors_say_which_move_and_why(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err
    assert captured.out == ""


def test_play_error_from_a_real_process() -> None:
    result = subprocess.run([sys.executable, "-m", "dagaz_studio", "play", "xiangqi", "K5+2"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("dagaz-studio: error: move 1 'K5+2': no legal move matches 'K5+2' "
                                            "(xiangqi names its moves in WXF notation, such as ")


def test_moves_names_in_json_and_plain_output(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "3k5/9/9/9/9/9/9/4R4/9/4RK3 w - - 0 1"
    assert main(["moves", "xiangqi", "--fen", fen, "--legal", "--names", "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    by_move = {m["from"] + m["to"]: m["name"] for m in moves}
    assert (by_move["e3e7"], by_move["e1d1"]) == ("RF+4", "RB=6")
    assert main(["moves", "xiangqi", "--fen", fen, "--legal", "--style", "wxf-signs", "--json"]) == 0
    by_move = {m["from"] + m["to"]: m["name"] for m in json.loads(capsys.readouterr().out)["moves"]}
    assert (by_move["e3e7"], by_move["e1d1"]) == ("R++4", "R-=6")
    assert main(["moves", "xiangqi", "--fen", fen, "--legal", "--style", "wxf-prefix", "--at", "e3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "FR+4  Chariot e3-e7" in lines


def test_moves_names_with_at_tell_the_move_from_other_pieces(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "4k3/8/8/8/8/8/1N3N2/4K3 w - - 0 1"
    assert main(["moves", "chess", "--fen", fen, "--at", "b2", "--legal", "--names"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Nbd3  Knight b2-d3" in out and "Nc4  Knight b2-c4" in out


def test_moves_names_end_in_python_chesss_check_and_mate_marks(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
    assert main(["moves", "chess", "--fen", fen, "--legal", "--names"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line]
    theirs = chess.Board(fen)
    assert sorted(names) == sorted(theirs.san(move) for move in theirs.legal_moves)
    assert "Qxf7#" in names and "Bxf7+" in names


def test_moves_names_on_a_stream(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(chess.STARTING_FEN + "\n"))
    assert main(["moves", "chess", "--fen", "-", "--legal", "--names"]) == 0
    names = capsys.readouterr().out.split()
    assert sorted(names) == sorted(chess.Board().san(m) for m in chess.Board().legal_moves)


def test_moves_unknown_style_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["moves", "chess", "--style", "figurine"])
    assert caught.value.code == 2
    assert "invalid choice: 'figurine'" in capsys.readouterr().err


def test_a_move_after_checkmate_says_the_game_is_over(capsys: pytest.CaptureFixture[str]) -> None:
    board = chess.Board()
    for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]:
        board.push_san(san)
    assert board.is_checkmate()
    assert main(["play", "chess", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#", "Ke7"]) == 2
    err = capsys.readouterr().err
    assert "move 8 'Ke7': the game is over: Black has no legal move, with a royal piece attacked (checkmate)" in err


@pytest.mark.parametrize("argv", [
    ["play", "chess", "e4" * 50_000],
    ["play", "chess", "--fen", "4k3/8/8/8/8/8/1N3N2/4K3 w - - 0 1", "e4" * 50_000],
    ["moves", "chess", "--at", "e4" * 50_000],
    ["render", "chess", "--at", "e4" * 50_000, "--out", "unwritten.png"],
])
def test_a_huge_name_is_quoted_short(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err) < 400 and "e4e4e4…" in err, err[:500]


def test_a_fen_given_unquoted_is_said_to_need_quotes(capsys) -> None:
    # The shell splits a FEN of several fields: its side to move came as the first move's name.
    from dagaz_studio.cli import main

    assert main(["play", "chess", "--fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", "b", "KQkq", "-",
                 "e5"]) == 2
    err = capsys.readouterr().err
    assert "move 1 'b'" in err and "in quotes" in err
    assert main(["play", "chess", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "Nf6"]) == 2
    assert "in quotes" not in capsys.readouterr().err  # a move that is no move, after a whole FEN


@pytest.mark.parametrize(("typed", "said"), [("e\\4", "'e\\4'"), ("e\x1b4", "'e\\x1b4'"), ("it's", '"it\'s"')])
@pytest.mark.parametrize("command", [["play", "chess"], ["moves", "chess", "--at"],
                                     ["render", "chess", "--out", "unwritten.png", "--at"]])
def test_a_name_is_echoed_as_typed(typed: str, said: str, command: list[str], capsys) -> None:
    # A backslash typed is one backslash said, and an escape is said by its escape once, not doubled as
    # Python's repr writes them.
    assert main([*command, typed]) == 2
    err = capsys.readouterr().err
    assert said in err and "\\\\" not in err and "\x1b" not in err, err


@pytest.mark.parametrize(("argv", "said"), [
    (["moves", "checkers", "--fen", "W:\\x"], "part '\\x': no player's name begins with '\\'"),
    (["moves", "checkers", "--fen", "W:W1\x1b:B3"], "'1\\x1b' is neither"),
    (["render", "chess", "--trace", "--at", "e2", "--move", "e\\4", "--out", "unwritten.png"], "no move 'e\\4'"),
    (["moves", "chess", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1 x\\y"], "the extra field is 'x\\y'"),
    (["moves", "frisian", "--fen", "10/10/10/10/10/10/10/10/10/M9 w - - 0 1 -,x\\y"], "moves in a row 'x\\y': expected"),
    # A field as long as a FEN may be is quoted by its start, as the FEN around it is.
    (["moves", "chess", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1 " + "e4" * 10_000], "the extra field is 'e4e4e4"),
])
def test_a_fen_field_or_a_traced_move_is_echoed_as_typed(argv: list[str], said: str, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and "\\\\" not in err and len(err) < 1000, err
