"""Piece tests in board files (``test NAME: …``) and ``dagaz-studio test``: the shipped boards' tests
pass, a broken piece makes them fail and says where, and bad tests are problems at their line."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from dagaz_studio.board import BoardFileError, load_board, parse_board, shipped_boards
from dagaz_studio.cli import main
from dagaz_studio.engine.rules import Rules
from dagaz_studio.queries.piece_tests import run_tests
from tests.helpers.tiny_board import TINY, king_and_rook_board

SHIPPED = shipped_boards()


@pytest.mark.parametrize("name", list(SHIPPED))
def test_every_shipped_board_passes_its_tests(name: str) -> None:
    board = load_board(name)
    assert len(board.tests) >= 3, f"{name} carries {len(board.tests)} tests"
    failures = [result.describe() for result in run_tests(board) if not result.passed]
    assert failures == []


def test_the_shipped_boards_carry_150_tests_or_more() -> None:
    assert sum(len(load_board(name).tests) for name in SHIPPED) >= 150


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = SHIPPED[name].read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{name}.board"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_a_knight_made_a_wazir_fails_the_knight_tests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _copy(tmp_path, "chess", "piece Knight N: N,OM;E,OT;S TR;W,RM", "piece Knight N: +")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    failed = {line.split(" FAILED ")[1].split(":")[0] for line in out.splitlines()}
    assert {"knight-leaps", "knight-in-corner", "perft-start-2"} <= failed
    assert main(["test", str(path), "--json"]) == 1
    leaps = next(result for line in capsys.readouterr().out.splitlines()
                 if (result := json.loads(line))["name"] == "knight-leaps")
    assert sorted(leaps["missing"]) == ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    assert sorted(leaps["extra"]) == ["c4", "d3", "d5", "e4"]  # the Wazir's steps
    assert leaps["reason"]


def test_failures_past_fifty_are_counted_not_listed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A file of thousands of failing tests would bury the first failures, as a board's problems would.
    from dagaz_studio.commands.common import MAX_PROBLEMS_SHOWN

    path = tmp_path / "many.board"
    path.write_text(TINY + "".join(f"test moves-{n}: at a1 reaches a2 b1\n" for n in range(3))
                    + "".join(f"test far-{n}: at a1 reaches c1\n" for n in range(1200)), encoding="utf-8")
    assert main(["test", str(path)]) == 1
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert len(out) == MAX_PROBLEMS_SHOWN + 1 and all(" FAILED far-" in line for line in out[:-1])
    assert out[-1] == f"{path}: … and {1200 - MAX_PROBLEMS_SHOWN:,} more failed tests"
    assert captured.err.splitlines() == ["1203 tests on 1 board: 3 passed, 1200 failed"]
    assert main(["test", str(path), "--json"]) == 1  # JSON, for a program, keeps one object per test
    assert len(capsys.readouterr().out.splitlines()) == 1203


def test_json_names_a_file_whose_name_is_not_utf8_by_an_escape(tmp_path: Path) -> None:
    # Byte 0xff of the name, held as a lone surrogate, written back as the byte (as a C or C.UTF-8 locale's
    # standard output does) would make no UTF-8 of the line.
    import subprocess
    import sys

    from tests.helpers.paths import REPO

    path = tmp_path / os.fsdecode(b"\xff.board")
    path.write_text(TINY + "test moves: at a1 reaches a2 b1\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(tmp_path / "cache"),
               PYTHONIOENCODING="utf-8:surrogateescape")
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "test", os.fsencode(path), "--json"],
                          capture_output=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.decode("utf-8"))  # strict UTF-8, as a JSON reader takes it
    assert os.fsencode(result["file"]) == os.fsencode(path)


def test_castling_through_check_allowed_fails_and_is_named(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = _copy(tmp_path, "chess", "[MA](E[pA]){2}|E[f,=Rook,M]^W{2}", "[MA](E[p]){2}|E[f,=Rook,M]^W{2}")
    assert main(["test", str(path), "--json"]) == 1
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_name = {result["name"]: result for result in results}
    refused = by_name["castling-through-check-refused"]
    assert refused["passed"] is False and refused["extra"] == ["g1"] and refused["missing"] == []
    assert by_name["knight-leaps"]["passed"] is True
    assert {"board", "name", "passed", "missing", "extra"} <= set(refused)


def test_a_missing_square_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "why.board"
    path.write_text(SHIPPED["chess"].read_text(encoding="utf-8").split("\n# Tests of the rules")[0]
                    + "test castles-anyway: fen r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1 at e1 reaches at least g1\n",
                    encoding="utf-8")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    assert "castles-anyway: e1; missing g1 (g1: " in out
    assert "[A] failed" in out or "[pA] failed" in out or "attack" in out


def test_perft_and_move_name_tests(tmp_path: Path) -> None:
    board = parse_board(TINY + "test p1: perft 1 gives 5\n"  # the King on a1 steps to a2 or b1: 2
                        "test p2: perft 1 gives 2\n"
                        "test l1: legal a1b1\ntest l2: illegal a1b2\n"
                        "test r1: at a1 put Rook reaches a2 a3 b1 c1\n", "tiny.board")
    results = {result.name: result for result in run_tests(board)}
    assert results["p1"].passed is False and "counted 2" in (results["p1"].detail or "")
    assert results["p2"].passed
    assert results["l1"].passed and results["l2"].passed
    assert results["r1"].passed


def test_a_runaway_notation_is_stopped_and_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "runaway.board"
    path.write_text(TINY + "test runaway: at b2 put `((+)[A]){30}` reaches nothing\n", encoding="utf-8")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    assert "runaway: `((+)[A]){30}` put on b2; stopped after " in out and "stopped: stopped" not in out



def test_a_long_notation_put_is_said_by_its_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The failure's line said a notation of 3,000 characters whole.
    path = tmp_path / "long.board"
    path.write_text(TINY + "test long: at b2 put betza `" + "W" * 3000 + "` reaches nothing\n", encoding="utf-8")
    assert main(["test", str(path)]) == 1
    failed = next(line for line in capsys.readouterr().out.splitlines() if "FAILED long" in line)
    assert "betza `WWW" in failed and "WWW` put on b2" in failed and len(failed) < 500, failed[:600]

@pytest.mark.parametrize("line, where, message", [
    ("test t: at b2 put Ghost reaches a1", "10:19", "unknown piece type 'Ghost'"),
    ("test t: at z9 reaches a1", "10:12", "no square 'z9'"),
    ("test t: at a1 reaches a2 xq4", "10:27", "no square 'q4'"),
    ("test t: fen 3/3 w at a1 reaches a2", "10:13", "test FEN: "),
    ("test t: at a1 reaches at a2", "10:26", "malformed 'test' statement"),
    ("test t: at a1 put `[=Ghost]` reaches a2", "10:21", "unknown piece type 'Ghost'"),
    ("test t: at a1 put `(+` reaches a2", "10:20", "unclosed '('"),
    ("test t: drop King reaches a2", "10:14", "without hands"),
    ("test t: at a1 put Red King reaches a2", "10:19", "unknown player 'Red'"),
    ("test t: perft 0 gives 3", "10:15", "perft depth"),
    ("test t: at a1 perft 1 gives 3", "10:6", "names no piece"),
    ("test t: reaches a1", "10:6", "names its piece"),
    ("test t: legal", "10:14", "expected a move's name"),
    ("test t: at a1 put betza W reaches a2", "10:25", "expected a notation between backquotes"),
    ("test t: fen", "10:12", "expected a FEN"),
    ("test t: perft 1 gives 2 3", "10:25", "unexpected '3'; expected end of statement"),
])
def test_a_bad_test_is_a_problem_at_its_place(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              line: str, where: str, message: str) -> None:
    from dagaz_studio.queries.piece_tests import test_problems

    path = tmp_path / "bad.board"
    path.write_text(TINY + line + "\n", encoding="utf-8")
    # The board loads: the bad test is its own problem, kept among the tests, never run nor passing.
    board = parse_board(path.read_text(encoding="utf-8"), str(path))
    problems = [str(problem) for problem in test_problems(board)]
    assert any(f":{where}: " in problem and message in problem for problem in problems), problems
    (result,) = run_tests(board)
    assert not result.passed and f":{where}: " in (result.error or "")
    for command in (["check", str(path)], ["test", str(path)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert f"bad.board:{where}: " in err and "Traceback" not in err


@pytest.mark.parametrize("line, column, name", [
    ("test t: illegal a1d4", 17, "a1d4"),       # no square d4 on the board
    ("test t: illegal c3c2", 17, "c3c2"),       # the piece on c3 is not the side to move's
    ("test t: illegal Zb1", 17, "Zb1"),         # no piece is lettered Z
    ("test t:\n    illegal  a1x", 14, "a1x"),  # folded: the problem is where the name is written
])
def test_an_illegal_move_must_be_a_move_the_board_could_name(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             line: str, column: int, name: str) -> None:
    path = tmp_path / "misspelt.board"
    path.write_text(TINY + line + "\n", encoding="utf-8")
    where = f"misspelt.board:{10 + line.count(chr(10))}:{column}: test move: '{name}' names no move"
    for command in (["check", str(path)], ["test", str(path)]):
        assert main(command) == 2
        assert where in capsys.readouterr().err
    result = run_tests(load_board(str(path)))[0]
    assert not result.passed and "names no move" in (result.error or "")


def test_illegal_moves_the_board_could_name_are_sound_tests() -> None:
    board = parse_board(TINY + "test far: illegal a1c1\ntest taking: illegal a1xc3\ntest castle: illegal O-O\n")
    from dagaz_studio.queries.piece_tests import test_problems

    assert test_problems(board) == []  # a royal piece going two squares may be castling, as SAN names it
    results = {result.name: result for result in run_tests(board)}
    assert all(result.passed for result in results.values())
    for name in SHIPPED:
        assert test_problems(load_board(name)) == [], name


def test_a_fen_the_game_refuses_is_a_problem_at_the_fen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fen.board"
    text = SHIPPED["chess"].read_text(encoding="utf-8")
    path.write_text(text + "test t: fen 4k3/8/8/8/8/8/8/4K3 w - e9 0 1 at e1 reaches d1\n", encoding="utf-8")
    line = len(text.splitlines()) + 1
    for command in (["check", str(path)], ["test", str(path)]):
        assert main(command) == 2
        # At the field that does not fit, the en-passant square, not at the FEN's start (column 13).
        assert f"fen.board:{line}:37: test FEN: en-passant square 'e9'" in capsys.readouterr().err


def test_a_fen_field_the_game_refuses_is_a_problem_at_that_field(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fields.board"
    # Castling rights of a letter and a digit: refused on any board (one where nothing castles reads
    # rights of letters as none, as Fairy-Stockfish reads KQkq on Xiangqi).
    path.write_text(TINY.replace("setup: 2k/3/K2 w", "setup: 2k/3/K2 w a1") + "test t: fen 2k/3/K2 w a1 perft 1 gives 3\n"
                    "test folded: fen 2k/3/K2\n    w - c9 perft 1 gives 3\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:9:18: setup: castling rights 'a1': expected '-' or letters" in err
    assert f"{path}:10:23: test FEN: castling rights 'a1': expected '-' or letters" in err
    assert f"{path}:12:9: test FEN: en-passant square 'c9' is not on the board" in err
    assert main(["test", str(path)]) == 2  # tests that cannot be read, not failed
    assert capsys.readouterr().err.strip().splitlines()[-1] == "2 tests on 1 board: 0 passed, 0 failed, 2 could not be read"


def test_a_test_given_twice_is_a_problem() -> None:
    first, second = parse_board(TINY + "test t: legal a1a2\ntest t: legal a1b1\n").tests
    assert first.readable and not second.readable
    assert any("test 't' already given on line 10" in str(problem) for problem in second.problems)


def test_a_test_statement_folds_over_lines_and_reads_back() -> None:
    board = parse_board(TINY + "test folded:   # a comment\n    fen 2k/3/K2 w\n    at a1 put White Rook\n"
                        "    reaches none of xc3 b2\n")
    (test,) = board.tests
    assert (test.name, test.fen, test.square, test.put_piece, test.put_player) == ("folded", "2k/3/K2 w", "a1", "Rook", 0)
    assert (test.expect, test.marks, test.square_at.line) == ("none-of", ("xc3", "b2"), 12)
    assert test.expectation_text() == "reaches none of xc3 b2"


def test_typed_notations_in_betza_are_translated() -> None:
    board = parse_board(TINY + "test wazir: at b2 put betza `W` reaches a2 c2 b1 b3\n")
    (result,) = run_tests(board, Rules(board))
    assert result.passed, result.describe()


def test_none_of_a_plain_square_refuses_a_capture_there_too() -> None:
    board = parse_board(TINY + "test t: fen 2k/3/K2 w at a1 reaches none of b2\n"
                        "test u: fen 2k/r2/K2 w at a1 reaches none of a2\n")
    results = {result.name: result for result in run_tests(board)}
    assert results["t"].passed
    assert not results["u"].passed and results["u"].extra == ("xa2",)


def test_an_empty_square_fails_the_test_and_says_so() -> None:
    board = parse_board(TINY + "test t: fen 2k/3/K2 w at b2 reaches a2\n")
    (result,) = run_tests(board)
    assert not result.passed and result.error == "nothing stands on b2"


def test_piece_edits_carry_into_the_tests() -> None:
    from dagaz_studio.board.piece_edits import delete_piece, update_piece

    text = TINY + ("test put: fen 2k/3/K1R w at a1 put Rook reaches a2 a3 b1\n"
                   "test typed: at b2 put `(+)([p,!=Rook]\\1)*` reaches a2 b1 b3 c2\n"
                   "test lettered:\n    fen 2k/3/K1R w\n    at c1 reaches b1 c2 xc3\n"
                   "test kings: perft 1 gives 2\n")
    board = parse_board(text)
    renamed = update_piece(text, board, "Rook", new_name="Tower", letter="T")
    assert "put Tower reaches" in renamed and "!=Tower" in renamed and "fen 2k/3/K1T w" in renamed
    assert [result.passed for result in run_tests(parse_board(renamed))] == [True] * 4
    deleted = delete_piece(text, board, "Rook")
    assert [test.name for test in parse_board(deleted).tests] == ["kings"]


_WORDS = ["fen", "setup", "at", "put", "drop", "reaches", "at least", "none of", "nothing", "perft", "gives",
          "legal", "illegal", "a1", "b2", "xc3", "z9", "King", "Rook", "Ghost", "White", "Black", "betza",
          "`W`", "`(+`", "`((+)[A]){30}`", "2k/3/K2", "w", "b", "-", "1", "0", "7", "a1a2", "3/3", "`", ":", "#"]


def test_any_test_statement_loads_or_is_a_problem_and_any_loaded_test_runs() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=150, deadline=None, database=None)
    @given(st.lists(st.sampled_from(_WORDS), max_size=9))
    def check(words: list[str]) -> None:
        # A bad test never makes the board unreadable: it is a test with its problems, which never passes.
        board = parse_board(TINY + "test t: " + " ".join(words) + "\n")
        (test,) = board.tests
        assert all(problem.line == 10 for problem in test.problems)
        for result in run_tests(board):
            assert result.passed or result.error or result.missing or result.extra or result.detail
            assert test.readable or (not result.passed and result.error)

    check()


def test_a_board_named_test_keeps_its_name() -> None:
    assert parse_board("test\ngrid: a-b x 2-1\n").name == "test"


def test_a_board_that_cannot_be_read_is_counted_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder given as a board runs no test: the summary says it could not be read, not "0 passed"."""
    assert main(["test", str(tmp_path), "chess"]) == 2
    err = capsys.readouterr().err
    assert "not a file" in err or "directory" in err
    summary = err.strip().splitlines()[-1]
    assert summary.startswith(f"{len(load_board('chess').tests)} tests on 2 boards")
    assert summary.endswith("; 1 of the 2 boards could not be read")


def test_a_failure_names_the_board_file_as_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two boards of one file name in two folders: each failure says which file, as its problems do."""
    paths = []
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        paths.append(_copy(tmp_path / folder, "chess", "piece Knight N: N,OM;E,OT;S TR;W,RM", "piece Knight N: +"))
    assert main(["test", *map(str, paths)]) == 1
    out = capsys.readouterr().out
    for path in paths:
        assert f"{path}:78: FAILED knight-leaps: " in out
    assert main(["test", "--json", str(paths[1])]) == 1
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert first["file"] == str(paths[1]) and first["board"] == "chess"


def test_a_test_that_cannot_be_read_is_counted_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A test whose move names no move runs not, and the summary counts it, not only the others."""
    path = tmp_path / "unread.board"
    path.write_text(TINY + "test good: legal a1a2\ntest unread: illegal Zb1\n", encoding="utf-8")
    assert main(["test", str(path)]) == 2
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert summary == "2 tests on 1 board: 1 passed, 0 failed, 1 could not be read"


def test_one_test_is_counted_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.board"
    path.write_text(TINY + "test only: legal a1a2\n", encoding="utf-8")
    assert main(["test", str(path)]) == 0
    assert capsys.readouterr().err.strip().splitlines()[-1] == "1 test on 1 board: 1 passed, 0 failed"


def test_a_setup_that_does_not_fit_is_a_problem_at_the_setup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A test of the setup cannot run when the setup's castling rights name no piece: the problem is the
    setup's, said where check says it, not a failing test's "test FEN"; a test with its own FEN runs."""
    text = SHIPPED["chess"].read_text(encoding="utf-8").split("\n# Tests of the rules")[0]
    text = text.replace("setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "setup: 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1")
    path = tmp_path / "setup.board"
    path.write_text(text + "test of-the-setup: perft 1 gives 5\n"
                    "test own-fen: fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 perft 1 gives 5\n", encoding="utf-8")
    line = next(number for number, row in enumerate(text.splitlines(), 1) if row.startswith("setup:"))
    assert main(["test", str(path)]) == 2
    captured = capsys.readouterr()
    assert "FAILED" not in captured.out
    err = captured.err.strip().splitlines()
    assert f"{path}:{line}:30: setup: castling right 'K' names no piece" in err
    assert err[-1] == "2 tests on 1 board: 1 passed, 0 failed, 1 could not be read"
    of_setup, own = run_tests(load_board(str(path)))
    assert of_setup.error == "setup: castling right 'K' names no piece" and own.passed


@pytest.mark.parametrize("player, marks", [(None, "d5 d6 xd7"), (0, "d5 d6 xd7"), (1, "d5 d6 d3 xd2")])
def test_a_typed_piece_of_a_player_is_recorded_as_a_test_that_reads_back(player: int | None, marks: str) -> None:
    """Record as test writes the typed notation's player ('put Black `…`'); the statement loads and passes."""
    import threading

    from dagaz_studio.engine import Position
    from dagaz_studio.queries.test_panel import RecordQuery, answer_panel

    board = load_board("chess")
    rook = "(+)([p]\\1)*"
    answer = answer_panel(Rules(board), RecordQuery(board, Position.initial(board), board.index("d4"), rook, player),
                          threading.Event())
    assert answer.statement is not None, answer.error
    again = parse_board(SHIPPED["chess"].read_text(encoding="utf-8") + answer.statement + "\n")
    test = again.tests[-1]
    assert (test.notation, test.put_player) == (rook, player)
    assert set(marks.split()) <= set(test.marks)
    (result,) = [result for result in run_tests(again) if result.name == test.name]
    assert result.passed, result.describe()
    if player is not None:
        assert result.piece == f"{board.players[player]} `{rook}` put on d4"


def test_a_typed_piece_may_name_its_player() -> None:
    board = parse_board(TINY + "test t: at b2 put Black betza `W` reaches a2 b1 b3 c2\n")
    (test,) = board.tests
    assert (test.put_player, test.notation_source) == (1, "betza `W`")
    (red,) = parse_board(TINY + "test t: at b2 put Red `+` reaches a2\n").tests
    assert any(":10:19: unknown player 'Red'" in str(problem) for problem in red.problems)


WIDE = king_and_rook_board("wide", "a-z x 2-1", "K21Rr2/25k w")


def test_marks_on_a_column_named_x() -> None:
    """On a board with a column x, 'x2' is the square and 'xx2' the piece taken on it."""
    board = parse_board(WIDE + "test takes: at w2 reaches at least xx2 v2\n"
                        "test none: at w2 reaches none of x2\n"
                        "test plain: at w2 reaches at least x2\n")
    results = {result.name: result for result in run_tests(board)}
    assert results["takes"].passed, results["takes"].describe()
    assert results["takes"].found[-2:] == ("v2", "xx2")  # pinned on its row: not w1
    assert results["none"].extra == ("xx2",) and results["none"].error is None
    assert results["plain"].missing == ("x2",) and results["plain"].error is None
    assert results["plain"].reason is not None and results["plain"].reason.startswith("a move to x2 takes the piece there")


def test_unread_tests_and_unread_boards_are_told_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "unread.board"
    path.write_text(TINY + "test good: legal a1a2\ntest unread: illegal Zb1\n", encoding="utf-8")
    assert main(["test", str(path), str(tmp_path)]) == 2
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert summary == "2 tests on 2 boards: 1 passed, 0 failed, 1 could not be read; 1 of the 2 boards could not be read"


def test_a_mark_written_twice_is_a_problem_and_never_passes() -> None:
    # A square written twice is most likely another one mistyped, as a value or a statement given
    # twice is: the test cannot be read, says where, and is never run as if written once.
    board = parse_board(TINY + "test t: at a1 reaches at least a2 b2 b2\n"
                        "test u: fen 2k/r2/K2 w at a1 reaches none of a2 a2 xa2\n")
    results = {result.name: result for result in run_tests(board)}
    assert not results["t"].passed and not results["u"].passed
    assert [str(problem).split(": ", 1)[1] for test in board.tests for problem in test.problems] == [
        "b2 is given twice", "a2 is given twice"]


def test_a_bad_test_leaves_the_board_open_and_the_other_tests_running(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """One misspelt test and one cut short: the board opens, the good tests run and pass, and the two
    are unreadable tests saying where and what, never passing; check and test still exit 2."""
    from dagaz_studio.queries.piece_tests import test_problems

    path = tmp_path / "bad.board"
    path.write_text(TINY + "test good: legal a1a2\ntest misspelt: at a1 put Rok reaches a2\n"
                    "test cut: at a1 reaches\ntest also-good: perft 1 gives 2\n", encoding="utf-8")
    board = load_board(str(path))
    assert [(test.name, test.readable) for test in board.tests] == [
        ("good", True), ("misspelt", False), ("cut", False), ("also-good", True)]
    results = {result.name: result for result in run_tests(board)}
    assert results["good"].passed and results["also-good"].passed
    assert not results["misspelt"].passed and not results["cut"].passed
    assert f"{path}:11:26: unknown piece type 'Rok'" in (results["misspelt"].error or "")
    assert f"{path}:12:24: malformed 'test' statement" in (results["cut"].error or "")
    assert [(problem.line, problem.column) for problem in test_problems(board)] == [(11, 26), (12, 24)]
    assert main(["test", str(path)]) == 2
    captured = capsys.readouterr()
    assert "FAILED" not in captured.out
    err = captured.err.strip().splitlines()
    assert f"{path}:11:26: unknown piece type 'Rok' (pieces: King, Rook)" in err
    assert err[-1] == "4 tests on 1 board: 2 passed, 0 failed, 2 could not be read"
    assert main(["check", str(path)]) == 2
    assert f"{path}:12:24: malformed 'test' statement" in capsys.readouterr().err
    assert main(["moves", str(path), "--at", "a1"]) == 0  # the board is usable for everything else


def test_a_bad_test_beside_a_bad_board_is_among_its_problems() -> None:
    with pytest.raises(BoardFileError) as raised:
        parse_board(TINY + "piece Ghost G: (+\ntest misspelt: at a1 put Rok reaches a2\n")
    assert [problem.line for problem in raised.value.problems] == [10, 11]


def test_json_has_an_object_for_each_test_read_or_not(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One object a test, as the guide says: those that cannot be read too, failed, their error saying
    where (they were left out, so a program reading the JSON counted fewer tests than the file has)."""
    path = tmp_path / "bad.board"
    path.write_text(TINY + "test good: legal a1a2\ntest misspelt: at a1 put Rok reaches a2\n"
                    "test no-move: illegal Zb1\n", encoding="utf-8")
    assert main(["test", "--json", str(path)]) == 2
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(result["name"], result["passed"]) for result in results] == [
        ("good", True), ("misspelt", False), ("no-move", False)]
    assert f"{path}:11:26: unknown piece type 'Rok'" in results[1]["error"]
    assert f"{path}:12:23: test move: 'Zb1' names no move" in results[2]["error"]


def test_check_says_a_bad_setup_and_a_bad_test_together(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The setup's problem no longer hides the tests' (nor the other way round): each at its place."""
    path = tmp_path / "both.board"
    path.write_text(TINY.replace("setup: 2k/3/K2 w", "setup: 2k/3/K2 w Q1 - 0 1")
                    + "test misspelt: at a1 put Rok reaches a2\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert [line.split(": ", 1)[0] for line in err] == [f"{path}:9:18", f"{path}:10:26"], err  # the setup at its castling rights


def test_a_draughts_test_may_give_its_position_as_a_pdn_fen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As moves --fen reads it: 'W:W28:B23' was refused as a board FEN of one row."""
    text = SHIPPED["international"].read_text(encoding="utf-8")
    path = tmp_path / "pdn.board"
    path.write_text(text + "test takes: fen W:W28:B23 at e5 reaches g7 xf6\n"
                    "test one-move: fen W:W28,K46:B23 perft 1 gives 1\n"
                    "test no-such-square: fen W:W28:B99 perft 1 gives 1\n", encoding="utf-8")
    line = len(text.splitlines()) + 3
    results = {result.name: result for result in run_tests(load_board(str(path)))}
    assert results["takes"].passed, results["takes"].describe()
    assert results["one-move"].passed, results["one-move"].describe()
    assert not results["no-such-square"].passed
    for command in (["check", str(path)], ["test", str(path)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert f"pdn.board:{line}:26: test FEN: no square numbered 99" in err and "1 row" not in err


def test_a_failure_of_the_program_in_one_test_leaves_the_others_in_the_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Tests panel lost every result to one test's internal error ("the tests could not be run"),
    where the command line kept the others."""
    import threading

    from dagaz_studio.queries import piece_tests
    from dagaz_studio.queries.test_panel import TestsQuery, answer_panel

    board = parse_board(TINY + "test good: legal a1a2\ntest broken: perft 1 gives 2\ntest also-good: legal a1b1\n")

    def broken(*_args: object) -> None:
        raise ZeroDivisionError("a defect")

    monkeypatch.setattr(piece_tests, "_perft", broken)
    answer = answer_panel(None, TestsQuery(board), threading.Event())
    assert answer.error is None
    assert [(result.name, result.passed) for result in answer.results] == [
        ("good", True), ("broken", False), ("also-good", True)]
    assert "internal error (ZeroDivisionError: a defect)" in (answer.results[1].error or "")


def test_a_long_move_name_is_not_echoed_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.board"
    path.write_text(TINY + "test long: illegal " + "a" * 5000 + "\n", encoding="utf-8")
    for command in (["check", str(path)], ["test", str(path)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "names no move" in err and max(len(line) for line in err.splitlines()) < 300


def test_a_test_given_twice_is_a_problem_also_after_a_syntax_error() -> None:
    first, second = parse_board(TINY + "test t: legal\ntest t: legal a1b1\n").tests
    assert not first.readable and not second.readable
    assert any("test 't' already given on line 10" in str(problem) for problem in second.problems)
    assert not any("already given" in str(problem) for problem in first.problems)
    # The same the other way round: a readable test, then one of the same name that cannot be read.
    first, second = parse_board(TINY + "test t: legal a1b1\ntest t: legal\n").tests
    assert first.readable and not second.readable
    assert any("test 't' already given on line 10" in str(problem) for problem in second.problems)


@pytest.mark.parametrize("hand, player, reason", [
    ("[]", "", "White holds no Queen in hand"),
    ("[q]", "", "White holds no Queen in hand"),
    ("[Q]", "Black ", "Black holds no Queen in hand"),
])
def test_a_drop_test_with_none_in_hand_says_so_rather_than_blame_the_notation(hand: str, player: str,
                                                                               reason: str) -> None:
    text = SHIPPED["crazyhouse"].read_text(encoding="utf-8")
    board = parse_board(text + f"test empty-hand: fen 8/8/8/8/8/8/8/8{hand} w - - 0 1 drop {player}Queen "
                        "reaches at least a1\n", "crazyhouse.board")
    (result,) = [result for result in run_tests(board) if result.name == "empty-hand"]
    assert not result.passed and result.missing == ("a1",) and result.reason == reason
    # With one in hand the notation is asked, and drops it there.
    held = parse_board(text + "test held: fen 8/8/8/8/8/8/8/8[Qq] w - - 0 1 drop Queen reaches at least a1\n")
    assert [result.passed for result in run_tests(held) if result.name == "held"] == [True]
