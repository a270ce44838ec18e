"""Pieces royal only while few (extinctionPseudoRoyal) imported against Fairy-Stockfish: each side's
royal pieces counted apart, a King on the other side or not."""

from __future__ import annotations

import pytest

from dagaz_studio.variants_ini import import_file

pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare, fsf_games  # noqa: E402

#: Black's two Queens are royal once one is left; White has the King, and no promotion gives it a
#: Queen (queenless), or one does (queening), where White could hold a King beside a Queen.
QUEENS = """[queenless:chess]
extinctionPieceTypes = q
extinctionPseudoRoyal = true
promotionPieceTypes = nbr
startFen = 2q2q2/8/8/8/8/8/PPPPPPPP/RNB1KBNR w KQ - 0 1
[queening:queenless]
promotionPieceTypes = nbrq
"""


def test_pieces_royal_once_few_play_as_fairy_stockfish_where_no_side_holds_two_royal_types() -> None:
    done, refused = import_file(QUEENS)
    assert [v.name for v in done] == ["queenless"]
    assert [e.section for e in refused] == ["queening"]
    assert "extinctionPseudoRoyal" in refused[0].message and "beside other royal pieces" in refused[0].message
    games = fsf_games(QUEENS, ["queenless"], games=6, plies=100, seed=4)["queenless"]
    assert sum(len(game) for game in games) > 200
    assert compare(done[0].text, games) is None
