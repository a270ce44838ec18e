"""En passant as Fairy-Stockfish takes it with a piece whose Betza says ``e``: on a square the piece
attacks but cannot move to quietly, after an enemy's initial move passed it. A variants.ini section
of such pieces, imported, plays each capture as Fairy-Stockfish does, by the position after it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dagaz_studio.betza import TranslationError, read_betza
from dagaz_studio.board import parse_board
from dagaz_studio.engine import Position, Rules, fen, legal_moves, make_move
from dagaz_studio.names import MoveNames
from dagaz_studio.variants_ini import import_file
from tests.helpers.fsf_pieces import EVERYWHERE, SECTION

pytest.importorskip("pyffish")

_AFTER = r"""
import json, sys
import pyffish as sf
job = json.load(sys.stdin)
sf.load_variant_config(job["ini"])
out = []
for fen, square, played in job["queries"]:
    out.append(sorted({sf.get_fen("t", fen, played + [m]).split()[0]
                       for m in sf.legal_moves("t", fen, played) if m.startswith(square)}))
print(json.dumps(out))
"""

#: The enemy steps forward, and two squares from anywhere as its initial move.
ENEMY = "mfWifmnD"


def _section(betza: str) -> str:
    return SECTION.format(name="t", betza=betza, everywhere=EVERYWHERE).replace("b:mfW", f"b:{ENEMY}")


def _theirs(betza: str, queries: list[tuple[str, str, list[str]]]) -> list[list[str]]:
    """For each (FEN, square, moves played), the placements after each move Fairy-Stockfish lists from the square."""
    job = json.dumps({"ini": _section(betza), "queries": queries})
    done = subprocess.run([sys.executable, "-c", _AFTER], input=job, capture_output=True, text=True, timeout=120,
                          check=True)
    return json.loads(done.stdout)


def _ours(betza: str, queries: list[tuple[str, str, list[str]]]) -> list[list[str]]:
    """:func:`_theirs` as the section imported plays."""
    (variant,), _ = import_file(_section(betza), ["t"])
    rules = Rules(parse_board(variant.text, "t.board"))
    out = []
    for start, square, played in queries:
        position = Position.from_fen(rules.board, start)
        for name in played:
            make_move(position, MoveNames(rules, position, style="uci").read(name))
        after = set()
        for move in legal_moves(rules, position):
            if rules.board.squares[move.origin] == square:
                then = Position.from_fen(rules.board, fen(rules, position))
                make_move(then, move)
                after.add(fen(rules, then).split()[0])
        out.append(sorted(after))
    return out


#: The enemy double-steps e5-e3 past e4 beside, in front of or diagonally ahead of the piece, which
#: stands where it may reach e4 by each kind of its moves: (position, the piece's square).
PASSING = [("8/8/8/4b3/3A4/8/8/8 b - - 0 1", "d4"), ("8/8/8/4b3/2A5/8/8/8 b - - 0 1", "c4"),
           ("8/8/8/4b3/8/3A4/8/8 b - - 0 1", "d3"), ("8/8/8/4b3/8/8/8/4A3 b - - 0 1", "e1"),
           ("8/8/8/4b3/8/8/4A3/8 b - - 0 1", "e2"), ("8/8/8/4b3/A7/8/8/8 b - - 0 1", "a4")]


@pytest.mark.parametrize("betza", ["mWceR", "mRceK", "mWfceFifmnD", "fmWceF", "mKceQ", "mFceR", "cemW"])
def test_a_piece_takes_en_passant_only_where_it_has_no_quiet_move_as_fairy_stockfish(betza: str) -> None:
    # mWceR beside e4 steps there and takes nothing; two squares away it rides there and takes e3.
    queries = [(start, square, ["e5e3"]) for start, square in PASSING]
    for (_, square, _), ours, theirs in zip(queries, _ours(betza, queries), _theirs(betza, queries)):
        assert ours == theirs, f"{betza} at {square}"


def test_where_a_blocked_quiet_move_decides_the_piece_is_refused_saying_why() -> None:
    # mRceD two squares aside: Fairy-Stockfish takes e3 only when d4 blocks the rook's quiet move to e4.
    queries = [("8/8/8/4b3/2A5/8/8/8 b - - 0 1", "c4", ["e5e3"]), ("8/8/8/4b3/2AB4/8/8/8 b - - 0 1", "c4", ["e5e3"])]
    free, blocked = _theirs("mRceD", queries)
    assert "8/8/8/8/4A3/8/8/8" not in free and "8/8/8/8/3BA3/8/8/8" in blocked
    done, refused = import_file(_section("mRceD"), ["t"])
    assert not done and "whether it takes 2 forward en passant hangs on what stands in the way" in refused[0].message
    with pytest.raises(TranslationError, match="Fairy-Stockfish takes en passant only where the piece has no quiet"):
        read_betza("mRceD", "fsf")
