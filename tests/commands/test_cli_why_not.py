"""`dagaz-studio test` says why a square is missing with the window's "why not": the way that could
have led there (castling over an attacked square, a Horse's blocked leg), or for several such ways
what stopped each (a Cannon with nothing to jump)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dagaz_studio.board import shipped_boards
from dagaz_studio.cli import main


def _reason(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, test: str) -> str:
    text = Path(shipped_boards()[name]).read_text(encoding="utf-8")
    path = tmp_path / f"{name}.board"
    path.write_text(text + "\n" + test + "\n", encoding="utf-8")
    assert main(["test", str(path), "--json"]) == 1
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    failed = [result for result in results if not result["passed"]]
    assert [result["name"] for result in failed] == ["why"]
    return failed[0]["reason"]


def test_castling_over_an_attacked_square(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reason = _reason(tmp_path, capsys, "chess",
                     "test why: fen 5r2/8/8/8/8/8/3PP3/3QK2R w K - 0 1 at e1 reaches at least g1")
    assert reason.startswith("e1-f1 (alternative 2 of 3 (")
    assert reason.endswith("[A] failed on f1: the Black Rook on f8 attacks it")


def test_a_horse_s_blocked_leg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reason = _reason(tmp_path, capsys, "xiangqi", "test why: setup at b1 reaches at least d2")
    assert reason.startswith("b1-c1 ") and reason.endswith("[p] failed on c1: a friendly Elephant stands there")


def test_a_cannon_with_nothing_to_jump(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reason = _reason(tmp_path, capsys, "xiangqi", "test why: fen 3k5/1r7/9/9/9/9/9/1C7/9/5K3 w at b3 reaches at least xb9")
    assert "[P] failed on b8, b7, b6, b5, b4: it is empty" in reason
    assert "[p] failed on b9: an enemy Chariot stands there" in reason


def test_a_square_beyond_a_possessive_capture_names_the_capture(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # The rider must go as far as it can, then take: its one way ends taking d5, and d6 lies beyond.
    reason = _reason(tmp_path, capsys, "chess", "test why: fen 8/8/8/3p4/8/8/8/K6k w - - 0 1 at d2 put dagaz "
                     "`(N)(\\1[p])*+\\1[x]` reaches at least d6")
    assert reason.endswith("The closest move, d2xd5, ends on d5, 1 step from d6: no way through the notation goes on "
                           "from there towards it.")


def test_a_doubled_pawn_drop_names_the_pawn_in_its_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reason = _reason(tmp_path, capsys, "shogi", "test why: fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/"
                     "LNSGKGSNL[P] w - 1 drop Pawn reaches at least e5")
    assert reason.endswith("forbid that drop: a Sente Pawn stands on e3, in its column, where no other may be "
                           "dropped (no-drop-doubled)")


def test_a_drop_that_leaves_the_king_in_check_names_the_checking_piece(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # The Rook on e8 gives check along the e-file: a Knight dropped on a5 does not block it.
    reason = _reason(tmp_path, capsys, "crazyhouse", "test why: fen 4r2k/8/8/8/8/8/8/4K3[N] w - - 0 1 drop Knight "
                     "reaches at least a5")
    assert reason.endswith("forbid that drop: it would leave the White King on e1 attacked by the Black Rook on e8")


def test_the_line_names_the_missing_square_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = Path(shipped_boards()["chess"]).read_text(encoding="utf-8")
    path = tmp_path / "chess.board"
    path.write_text(text + "\ntest why: fen 8/8/8/3p4/8/8/8/K6k w - - 0 1 at d2 put dagaz `(N)(\\1[p])*+\\1[x]` "
                    "reaches at least d6\ntest why-take: fen 8/8/8/3p4/8/8/8/K6k w - - 0 1 at d2 put dagaz "
                    "`(N)(\\1[p])*+\\1[x]` reaches at least xd6\ntest take: fen r6k/8/8/8/8/8/P7/R3K3 w - - 0 1 "
                    "at a1 reaches at least xa8\n", encoding="utf-8")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    assert "missing d6 (d6 is not reached: " in out and "d6: d6" not in out
    # A taking's mark too, its reason beginning with the square it takes on.
    assert "missing xd6 (d6 is not reached: " in out and "xd6: d6" not in out
    # A reason that does not begin with the square still names it.
    assert "missing xa8 (xa8: a1-a2: [p] failed on a2: a friendly Pawn stands there)" in out
