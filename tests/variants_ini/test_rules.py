"""Imported variants whose rules hide in options beside the pieces: Horde's en-passant region and
Chak's promoted King, compared with Fairy-Stockfish (pyffish) on the positions that show them."""

from __future__ import annotations

import pytest

from dagaz_studio.board import parse_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.names import MoveNames
from dagaz_studio.variants_ini import import_file
from tests.helpers.fsf_oracle import ask
from tests.helpers.paths import DATA

sf = pytest.importorskip("pyffish")

EXAMPLE = DATA / "fairy-stockfish" / "variants.ini"


def imported(ini: str, name: str) -> Rules:
    done, refused = import_file(ini, [name])
    assert not refused, refused
    return Rules(parse_board(done[0].text, f"{name}.board"))


def uci_after(rules: Rules, fen: str, played: list[str]) -> set[str]:
    position = Position.from_fen(rules.board, fen)
    for name in played:
        make_move(position, MoveNames(rules, position, style="uci").read(name))
    return set(MoveNames(rules, position, legal_moves(rules, position), style="uci").names)


def test_horde_takes_no_pawn_en_passant_behind_its_step_from_the_first_rank() -> None:
    # White's c1-c3 passes c2, off Black's en-passant region (the third rank): b3 may not take there.
    rules = imported("[x:horde]\n", "x")
    fen = "4k3/8/8/8/8/1p6/8/2P5 w - - 0 1"
    expected = set(sf.legal_moves("horde", fen, ["c1c3"]))
    assert "b3c2" not in expected
    assert uci_after(rules, fen, ["c1c3"]) == expected
    # A step from the second rank passes the third: taken there, as in chess.
    fen = "4k3/8/8/8/2p5/8/3P4/8 w - - 0 1"
    assert uci_after(rules, fen, ["d2d4"]) == set(sf.legal_moves("horde", fen, ["d2d4"])) >= {"c4d3"}


def test_chaks_promoted_king_may_not_step_into_attack() -> None:
    # The King promoted on d5 is Fairy-Stockfish's Divine Lord, pseudo-royal as the one it moves as.
    ini = EXAMPLE.read_text(encoding="utf-8")
    rules = imported(ini, "chak")
    assert rules.board.pieces["Custom5Promoted"].royal
    fen = "1rsq2svr/4o4/p1pp2j2/6pp1/3+k5/P2P3PP/2P6/3VOK3/2SJ1QSVR b - - 5 14"
    [expected] = ask(ini, [("chak", fen, [])])
    assert expected is not None and not {"d5b3", "d5b5", "d5c4"} & set(expected)
    assert uci_after(rules, fen, []) == set(expected)


def test_a_piece_promotes_into_a_limited_type_only_below_its_limit() -> None:
    # Shogun: promotionLimit g:1, and c3 holds a Knight promoted to the Centaur (g), which counts.
    ini = EXAMPLE.read_text(encoding="utf-8")
    rules = imported(ini, "shogun")
    fen = "r2+fkb1r/p2npppp/3p4/3n1P1+F/1p4P1/2+n1P3/PPPP1P1P/RNB2K1R[Bb] b kq - 1 14"
    [expected] = ask(ini, [("shogun", fen, [])])
    assert expected is not None and "d5e3+" not in expected and "d5e3" in expected
    assert uci_after(rules, fen, []) == set(expected)
    # Without the promoted Knight on c3 the promotion is offered.
    fen = "r2+fkb1r/p2npppp/3p4/3n1P1+F/1p4P1/4P3/PPPP1P1P/RNB2K1R[Bb] b kq - 1 14"
    [expected] = ask(ini, [("shogun", fen, [])])
    assert expected is not None and "d5e3+" in expected
    assert uci_after(rules, fen, []) == set(expected)


def test_drops_may_attack_a_pseudo_royal_piece_whatever_drop_checks_says() -> None:
    # Atomic crazyhouse: its King is an extinction piece, not Fairy-Stockfish's King type, so a drop
    # attacking it is no check that dropChecks = false forbids.
    ini = EXAMPLE.read_text(encoding="utf-8")
    rules = imported(ini, "atomiczh")
    fen = "rn2kb1r/p1q1pppp/1pbp4/2p5/7P/P2QP3/RPPPNP2/1NB1K3[Nrbp] w - - 0 12"
    [expected] = ask(ini, [("atomiczh", fen, [])])
    assert expected is not None and "N@f6" in expected
    assert uci_after(rules, fen, []) == set(expected)


@pytest.mark.parametrize(("section", "fen", "into_attack"), [
    # Backrank: every piece promotes to the King, an extinction piece royal only while it stands alone.
    # Two Kings: the one on e1 may stay attacked, or step into attack.
    ("backrank", "4k3/8/8/8/8/8/r7/K3K3 w - - 0 1", None),
    # One: royal.
    ("backrank", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1", None),
    # Maharajah 2: White's King, always royal, and Black's Maharajahs, royal only while one is left.
    # Two: the one on d8 may stay attacked, or step into attack.
    ("maharajah2", "3mm3/8/8/8/8/8/8/3RK3 b - - 0 1", True),
    # One: royal.
    ("maharajah2", "3m4/8/8/8/8/8/8/3RK3 b - - 0 1", False),
])
def test_pseudo_royal_pieces_are_royal_only_alone(section: str, fen: str, into_attack: bool | None) -> None:
    ini = EXAMPLE.read_text(encoding="utf-8")
    rules = imported(ini, section)
    assert rules.board.rules.lone_royal
    [expected] = ask(ini, [(section, fen, [])])
    assert expected is not None and uci_after(rules, fen, []) == set(expected)
    if into_attack is not None:  # the Maharajah on d8 steps into the Rook's file only while another is left
        assert ("d8d7" in expected) is into_attack


def test_a_reversi_drop_encloses_across_walls_where_fairy_stockfish_lets_it() -> None:
    # Annexation: d9 is next to White's e9, and c8 (a wall) then b7 (Black's) close a line from it.
    ini = EXAMPLE.read_text(encoding="utf-8")
    rules = imported(ini, "annexation")
    fen = ("***4***/***1P2***/***1PPP***/1pppPPP3/1ppPpP4/1ppppPp3/p1pppP1p2/***2P1***/***2P1***/***4***"
           "[PPPPPPPPPPPPPPPPPpppppppppppppppppp] b - - 0 13")
    [expected] = ask(ini, [("annexation", fen, [])])
    assert expected is not None and "P@d9" in expected
    assert uci_after(rules, fen, []) == set(expected)


@pytest.mark.parametrize("fen, played", [
    # The custom pawn's en passant on d6 blows up c7 and e7 too: the Queen then reaches d2.
    ("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", ["e5d6"]),
    # Beside its own King on c5 it may not take so.
    ("4k3/8/8/2KpP3/8/8/8/8 w - d6 0 3", []),
])
def test_a_custom_pawns_en_passant_explodes_where_it_lands(fen: str, played: list[str]) -> None:
    ini = EXAMPLE.read_text(encoding="utf-8")
    rules = imported(ini, "allexplodeatomic")
    [expected] = ask(ini, [("allexplodeatomic", fen, played)])
    assert expected is not None and ("d8d2" in expected) is bool(played)
    assert uci_after(rules, fen, played) == set(expected)
