"""Whatever a ``test`` statement holds — look-alike letters, control characters, absurd counts, runaway
or huge notations, squares off the board, pieces and players that do not exist — the board loads
with the test among its tests (read, or carrying problems said on its own line), every test runs to
a result, and one that cannot be read never passes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import BoardFileError, parse_board, shipped_boards
from dagaz_studio.cli import main
from dagaz_studio.engine.rules import Rules
from dagaz_studio.queries.piece_tests import run_test_apart, run_tests
from dagaz_studio.queries.piece_tests import test_problems as problems_of_tests
from tests.helpers.tiny_board import TINY

#: The line the test statement is written on, after TINY.
TEST_LINE = 10

_HOSTILE = ["at", "put", "drop", "fen", "setup", "reaches", "at least", "none of", "nothing", "perft", "gives",
            "legal", "illegal", "betza", "parlett", "a1", "c3", "xb2", "xxb2", "x", "d9", "a0", "а1", "a\u200b1",
            "a1\u00a0", "ａ1", "King", "Rook", "Кing", "Ghost", "king", "White", "Black", "Nobody", "0", "7",
            "9" * 30, "-1", "١", "²", "`+`", "`((+)*)*`", "`(+)[A]`", "`[=Ghost]+`", "`" + "+" * 5000 + "`",
            "`" + "(" * 200 + "+" + ")" * 200 + "`", "`\x00`", "`\x1b[2J`", "`W99999999`", "`W`", "`",
            "2k/3/K2", "w", "b", "-", "W:W1:B2", "99999999999/3/3", "a1a2", "a1-a2", "K@a1", "\x1b", "\x7f",
            "\t", "\\", "#", ":", "\ud800", "\ufeff", "🂡", "\u202e"]


def _check(board_text: str) -> None:
    """The board loads (its own lines being good); the test statement's problems are on its line;
    every test runs to a result, and an unreadable one does not pass."""
    try:
        board = parse_board(board_text, "hostile.board")
    except BoardFileError as error:
        # Only a statement the loader cannot tell for a test may leave the board unreadable.
        assert all(problem.line >= TEST_LINE for problem in error.problems), error
        return
    rules = Rules(board)
    problems = problems_of_tests(board, rules)
    assert all(problem.line >= TEST_LINE and problem.column >= 1 for problem in problems), problems
    for test in board.tests:
        result = run_test_apart(rules, test)
        assert result.error is None or "internal error" not in result.error, result.error
        assert test.readable or not result.passed
        assert result.passed or result.error or result.missing or result.extra or result.detail, result
        json.dumps(result.as_json())


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_HOSTILE), max_size=8))
def test_hostile_words_in_a_test_are_read_or_problems_and_every_test_runs(words: list[str]) -> None:
    _check(TINY + "test t: " + " ".join(words) + "\n")


@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.characters(exclude_categories=["Cs"]), max_size=60))
def test_any_text_after_a_test_head_is_read_or_problems(text: str) -> None:
    _check(TINY + "test t: " + text.replace("\n", " ") + "\n")


@settings(max_examples=40, deadline=None, database=None)
@given(st.lists(st.sampled_from(["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3", "xa2", "xc3", "d4"]),
                min_size=1, max_size=40))
def test_a_long_list_of_marks_is_read_once_each_or_refused(marks: list[str]) -> None:
    _check(TINY + "test t: at a1 put Rook reaches " + " ".join(marks) + "\n")


def test_a_board_of_many_tests_reads_and_runs_them_all(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tests = "".join(f"test t{number}: at a1 put Rook reaches at least a2\n" for number in range(1500))
    path = tmp_path / "many.board"
    path.write_text(TINY + tests + "test t7: at a1 reaches a2\n", encoding="utf-8")
    assert main(["test", str(path), "--json"]) == 2  # a test that cannot be read is a problem of the file
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sum(1 for row in rows if row["passed"]) == 1500
    assert [row["line"] for row in rows if not row["passed"]] == [TEST_LINE + 1500]


def test_a_test_in_a_file_that_is_not_utf8_is_refused_by_its_byte(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin.board"
    path.write_bytes((TINY + "test caf").encode() + b"\xe9: at a1 reaches a2\n")
    assert main(["test", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"latin.board:{TEST_LINE}:" in err and "UTF-8" in err and "Traceback" not in err


def test_run_tests_gives_one_result_per_test_whatever_they_hold() -> None:
    board = parse_board(TINY + "".join(f"test t{i}: {words}\n" for i, words in enumerate(
        ["at a1 put `((+)*)*` reaches a2", "at d9 reaches a2", "at a1 put Ghost reaches a2", "perft 9 gives 1",
         "fen W:W1:B2 perft 1 gives 1", "legal a1a9", "at a1 reaches xxa2"])), "hostile.board")
    results = run_tests(board)
    assert len(results) == 7 and not any(result.passed for result in results)


def test_a_test_of_a_thousand_problems_says_a_few_and_counts_the_rest(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    # The result's error is one line of the panel and of --json: not a line as long as the file.
    board = parse_board(TINY + "test many: at a1 reaches " + " ".join(["a2"] * 1000) + "\n", "many.board")
    (result,) = run_tests(board)
    assert not result.passed and result.error is not None and len(result.error) < 500, len(result.error or "")
    assert result.error.startswith("the test cannot be read: many.board:10:") and "… and 994 more" in result.error
    # check still lists them, up to its own limit, and counts the rest.
    path = tmp_path / "many.board"
    path.write_text(TINY + "test many: at a1 reaches " + " ".join(["a2"] * 1000) + "\n", encoding="utf-8")
    assert main(["test", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert len(out) < 1000 and "… and 949 more problems" in err


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 40))
def test_a_reach_test_passes_as_python_chess_moves_the_piece_and_fails_a_mark_more(rng, plies: int) -> None:
    # The verdict, not only its form: marks written from an independent move generator pass, and
    # one square more (which the piece does not reach) fails as missing.
    import chess

    game = chess.Board()
    for _ in range(plies):
        moves = list(game.legal_moves)
        if not moves:
            break
        game.push(rng.choice(moves))
    squares = [square for square, piece in game.piece_map().items()
               if piece.color == game.turn and piece.piece_type != chess.KING]
    if not squares:
        return
    square = rng.choice(squares)
    marks = set()
    for move in game.legal_moves:
        if move.from_square != square:
            continue
        if game.is_en_passant(move):
            marks |= {chess.square_name(move.to_square), "x" + chess.square_name(move.to_square ^ 8)}
        else:
            marks.add(("x" if game.piece_at(move.to_square) else "") + chess.square_name(move.to_square))
    unreached = next(name for name in chess.SQUARE_NAMES if name not in marks and "x" + name not in marks)
    text = _CHESS + "".join(
        f"test written{number}: fen {game.fen()} at {chess.square_name(square)} reaches {words}\n"
        for number, words in enumerate([" ".join(sorted(marks)) or "nothing", " ".join(sorted(marks | {unreached}))]))
    board = parse_board(text, "chess.board")
    rules = Rules(board)
    right, wrong = (run_test_apart(rules, test) for test in board.tests if test.name.startswith("written"))
    assert right.passed, right.describe()
    assert not wrong.passed and wrong.missing == (unreached,), wrong.describe()


#: The shipped chess board, its own tests left as they are (only the written ones are run).
_CHESS = shipped_boards()["chess"].read_text(encoding="utf-8")


@pytest.mark.parametrize("words, column, reason", [
    ("perft 1 gives " + "9" * 5000, 23, "a perft count of 5,000 digits"),
    ("perft " + "1" * 5000 + " gives 2", 15, "a perft depth is a whole number from 1 to 6"),
    ("perft " + "0" * 40 + "1 gives 2", None, None),
    ("perft 1 gives " + "0" * 40 + "2", None, None),
])
def test_a_perft_of_thousands_of_digits_is_a_problem_at_its_number(words: str, column: int | None,
                                                                    reason: str | None) -> None:
    # int() refuses a number of more than 4,300 digits: such a count or depth is a problem, not a traceback.
    (test,) = parse_board(TINY + f"test t: {words}\n", "digits.board").tests
    if reason is None:
        assert test.readable and (test.depth, test.count) == (1, 2)
        return
    (problem,) = test.problems
    assert (problem.line, problem.column) == (TEST_LINE, column) and reason in problem.message, problem
    assert len(str(problem)) < 300
