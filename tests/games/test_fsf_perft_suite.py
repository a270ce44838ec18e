"""Fairy-Stockfish's own perft suite (its tests/perft.sh, kept as facts in
tests/data/fairy-stockfish/perft.tsv) on every case whose variant a shipped board plays (found by
the variant's name or its alias in boards/aliases.txt: a board shipped later joins by itself), and
on Horde's, imported from its variants.ini section too. A variant no board plays is not run.

The slow run counts each case at its full depth against Fairy-Stockfish's number; the default run
counts it at a lower depth against pyffish's count at that depth (pyffish has no perft: its legal
moves are counted recursively, the moves since the case's position kept, as passes, Generals facing
each other and checks given depend on them).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from functools import cache

import pytest

from dagaz_studio.board import Board, parse_board
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.variants_ini import import_file
from tests.helpers.builtin_oracle import board_for
from tests.helpers.engine_helpers import shipped
from tests.helpers.paths import DATA

sf = pytest.importorskip("pyffish")

SUITE = DATA / "fairy-stockfish" / "perft.tsv"

#: Fairy-Stockfish's variant -> a variants.ini section importing it, whose cases are counted on the
#: imported board as well.
IMPORTED = {"horde": "[imported-horde:horde]\n"}

#: Full-depth counts above this take hours in Python: counted only with DAGAZ_PERFT_HOURS=1.
HOURS = 20_000_000

#: The deepest the default run goes, and the most moves pyffish is asked for there.
DEFAULT_DEPTH = 3
DEFAULT_LEAVES = 12_000


@dataclass(frozen=True)
class Case:
    variant: str
    position: str
    depth: int
    count: int
    chess960: bool
    #: The shipped board counting it, or ``""`` for the board imported from the variant's section.
    board: str = ""

    @property
    def fen(self) -> str:
        return sf.start_fen(self.variant) if self.position == "startpos" else self.position


def read_suite() -> list[Case]:
    lines = [line for line in SUITE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    header, rows = lines[0].split("\t"), [line.split("\t") for line in lines[1:]]
    assert header == ["variant", "position", "depth", "count", "chess960"]
    return [Case(v, p, int(d), int(c), x == "true") for v, p, d, c, x in rows]


ALL = read_suite()
#: Every case of a variant a shipped board plays, on that board; and the imported sections' cases.
CASES = [replace(case, board=board) for case in ALL if (board := board_for(case.variant))] + [
    case for case in ALL if case.variant in IMPORTED]


def _param(case: Case) -> object:
    where = case.board or f"imported-{case.variant}"
    return pytest.param(case, id=f"{where}-{case.position[:24]}-{case.depth}")


@cache
def fairy_moves(variant: str, fen: str, moves: tuple[str, ...], chess960: bool) -> tuple[str, ...]:
    """pyffish's legal moves after ``moves`` from ``fen``, each position asked once (a call costs
    milliseconds: the counts at each depth share them)."""
    return tuple(sf.legal_moves(variant, fen, list(moves), chess960))


def fairy_count(variant: str, fen: str, moves: tuple[str, ...], depth: int, chess960: bool) -> int:
    """pyffish's perft, counted from its legal moves after ``moves`` from ``fen``."""
    found = fairy_moves(variant, fen, moves, chess960)
    if depth == 1:
        return len(found)
    return sum(fairy_count(variant, fen, moves + (move,), depth - 1, chess960) for move in found)


def default_depth(case: Case) -> int:
    """The depth of the default run: the deepest, up to :data:`DEFAULT_DEPTH`, whose count is small."""
    depth = 1
    while depth < min(case.depth, DEFAULT_DEPTH) and fairy_count(
            case.variant, case.fen, (), depth, case.chess960) ** ((depth + 1) / depth) <= DEFAULT_LEAVES:
        depth += 1
    return depth


@cache
def imported(variant: str) -> tuple[Board, Rules]:
    """The board ``dagaz-studio import`` writes for the variant's section, and its rules."""
    done, refused = import_file(IMPORTED[variant])
    assert not refused, refused
    board = parse_board(done[0].text, f"{variant}.board")
    return board, Rules(board)


def our_count(case: Case, depth: int) -> int:
    board, rules = shipped(case.board) if case.board else imported(case.variant)
    position = Position.initial(board) if case.position == "startpos" else Position.from_fen(board, case.fen)
    return perft(rules, position, depth)


def test_the_suite_holds_every_case_of_perft_sh() -> None:
    assert len(ALL) == 155
    assert all(case.variant in sf.variants() for case in ALL)


def test_a_variant_is_found_by_its_board_or_its_alias() -> None:
    assert board_for("chess") == "chess"
    assert board_for("atomic") == "atomic-chess"
    assert board_for("janggi") == "janggi-tournament"
    assert board_for("no-such-variant") is None


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_perft_equals_pyffish_at_a_lower_depth(case: Case) -> None:
    depth = default_depth(case)
    assert our_count(case, depth) == fairy_count(case.variant, case.fen, (), depth, case.chess960)


@pytest.mark.slow
@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_perft_equals_fairy_stockfish_at_full_depth(case: Case) -> None:
    if case.count > HOURS and not os.environ.get("DAGAZ_PERFT_HOURS"):
        pytest.skip(f"{case.count:,} sequences take hours: set DAGAZ_PERFT_HOURS=1 to count them")
    assert our_count(case, case.depth) == case.count
