"""Placement phases and the hand rules that weigh a drop against the position (docs/boards.md,
"Pieces in hand"): a royal piece in hand, ``drop-first``, ``drop-unmoved`` and ``drop-balanced``,
against Fairy-Stockfish (pyffish) where it plays the same rules."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dagaz_studio.board import BoardFileError, load_board, parse_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import FenError, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.variants_ini import import_file
from tests.helpers.paths import DATA

sf = pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare, fsf_positions, uci_names  # noqa: E402

SAMPLE = DATA / "variants-sample.ini"

HEAD = """grid: a-d x 4-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
players: White Black
symmetry Black: N<>S
zone home: White a1-d1; Black a4-d4
piece King K royal: NEWS
piece Rook R: (+)([p]\\1)*
drop: [p,@home]
"""


#: A variants.ini's variant played in a child process: a variant loaded into this process's pyffish
#: would stay among its variants for every later test (pyffish cannot unload one).
_AFTER = r"""
import json, sys
import pyffish as sf
job = json.load(sys.stdin)
sf.load_variant_config(job["ini"])
fen = sf.get_fen(job["variant"], job["start"], job["moves"])
json.dump([fen, sf.legal_moves(job["variant"], fen, [])], sys.stdout)
"""


def _fsf_after(ini: str, variant: str, start: str, moves: list[str]) -> tuple[str, list[str]]:
    """Fairy-Stockfish's position after ``moves`` from ``start`` in ``ini``'s ``variant``, and its legal moves there."""
    job = json.dumps({"ini": ini, "variant": variant, "start": start, "moves": moves})
    done = subprocess.run([sys.executable, "-c", _AFTER], input=job, capture_output=True, text=True, timeout=300,
                          check=True)
    fen, legal = json.loads(done.stdout)
    return fen, legal


def _problems(text: str) -> list[str]:
    with pytest.raises(BoardFileError) as error:
        parse_board(text)
    return [problem.message for problem in error.value.problems]


def test_a_royal_piece_is_held_in_hand_only_where_a_drop_line_names_it() -> None:
    without = parse_board(HEAD + "setup: 4/4/4/4[Kk] w - - 0 1\n")
    with pytest.raises(FenError, match="no 'drop King:' statement"):
        Position.initial(without)
    board = parse_board(HEAD + "drop King: [p,@home]\nsetup: 4/4/4/4[Kk] w - - 0 1\n")
    rules = Rules(board)
    position = Position.initial(board)
    assert sorted(board.squares[m.target] for m in legal_moves(rules, position)) == ["a1", "b1", "c1", "d1"]


def test_the_hand_rules_tied_to_a_zone_name_what_they_do_not_know() -> None:
    messages = _problems(HEAD + "drop King: [p]\ndrop-unmoved Queen: home\ndrop-balanced Rook: nowhere\n"
                         "drop-unmoved King: home\ndrop-unmoved King: home\n")
    assert "unknown piece type 'Queen' (pieces: King, Rook)" in messages[0]
    assert messages[1] == "unknown zone 'nowhere'"
    assert messages[2].startswith("'drop-unmoved' of 'King' already given on line")
    # The King has no drop line: it is never dropped, so it is never dropped unmoved either.
    assert "never dropped" in _problems(HEAD + "drop-unmoved King: home\n")[0]


def test_a_placed_king_castles_with_a_rook_in_a_corner_as_fairy_stockfish_lets_it() -> None:
    # capaplacement (the sample's): Capablanca's pieces placed first, the King castling from f1.
    text = SAMPLE.read_text(encoding="utf-8")
    [imported], _ = import_file(text, ["capaplacement"])
    start = "4k5/pppppppppp/10/10/10/10/PPPPPPPPPP/R8R[K] w - - 0 1"
    placed, fsf_moves = _fsf_after(text, "capaplacement", start, ["K@f1", "e8d8"])
    assert "f1i1" in fsf_moves
    assert compare(imported.text, [fsf_positions(text, "capaplacement", [start, placed])]) is None
    # The same two plies made here: the dropped King and the Rooks already there may castle.
    board = parse_board(imported.text)
    rules = Rules(board)
    position = Position.from_fen(board, start)
    for name in ("K@f1", "e8d8"):
        [move] = [m for m in legal_moves(rules, position) if name in uci_names(board, rules, [m])]
        make_move(position, move)
    assert uci_names(board, rules, legal_moves(rules, position)) == set(fsf_moves)


@pytest.mark.parametrize("name", ["bughouse", "koedem"])
def test_a_promoted_piece_of_a_bughouse_board_is_marked_as_fairy_stockfish_writes_it(name: str) -> None:
    # Fairy-Stockfish marks a pawn promoted on a bughouse board (Q~), for the partner's board.
    fen = sf.get_fen(name, "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", ["b7b8q"])
    assert "Q~" in fen
    board = load_board(name)
    assert Position.from_fen(board, fen).fen().split()[0] == fen.split()[0]


def test_placement_counts_as_fairy_stockfish_counts_from_a_half_placed_position() -> None:
    # Both sides still placing, Bishops to split: pyffish's moves counted two plies deep.
    board = load_board("placement")
    rules = Rules(board)
    fen = "1n1r1q2/pppppppp/8/8/8/8/PPPPPPPP/1N1B1R1N[KQRBkrbbn] b - - 0 4"
    expected = sum(len(sf.legal_moves("placement", fen, [m])) for m in sf.legal_moves("placement", fen, []))
    assert perft(rules, Position.from_fen(board, fen), 2) == expected


def test_bishops_dropped_in_crazyhouse_keep_to_both_colours_as_fairy_stockfish_keeps_them() -> None:
    # bishopsplit (the sample's): crazyhouse with dropOppositeColoredBishop. White's f1 Bishop is on a
    # light square: the one in hand goes to a dark one; with three, at most two share a colour.
    text = SAMPLE.read_text(encoding="utf-8")
    [imported], _ = import_file(text, ["bishopsplit"])
    fens = ["rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR[Bb] w KQkq - 0 1",
            "rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR[BBb] w KQkq - 0 1",
            "rn1qk1nr/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1NR[BBbb] b KQkq - 0 1"]
    assert compare(imported.text, [fsf_positions(text, "bishopsplit", fens)]) is None
    board = parse_board(imported.text)
    rules = Rules(board)
    drops = uci_names(board, rules, legal_moves(rules, Position.from_fen(board, fens[0])))
    assert "B@e3" in drops and "B@d3" not in drops


@pytest.mark.parametrize("fen", ["rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQ - 0 1",
                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[k] w kq - 0 1",
                                 "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b KQ - 0 1",
                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[] w kq - 0 1"])
def test_koedem_ends_when_a_player_owns_both_kings_as_fairy_stockfish_ends_it(fen: str) -> None:
    from dagaz_studio.engine.endings import game_over

    ended, value = sf.is_immediate_game_end("koedem", fen, [])
    board = load_board("koedem")
    rules = Rules(board)
    position = Position.from_fen(board, fen)
    over = game_over(rules, position)
    assert (over is not None) == ended
    if ended:
        # Fairy-Stockfish scores the game for the side to move.
        assert over.rule == "collect" and (over.winner == position.turn) == (value > 0)


def test_end_collect_is_about_one_piece_and_a_count() -> None:
    messages = _problems(HEAD + "end collect King Rook: 2\n")
    assert messages == ["'end collect' is about one piece type"]
    assert "a number from 1 to" in _problems(HEAD + "end collect King: none\n")[0]
    assert parse_board(HEAD + "end collect Rook: 2\n").ends[0].count == 2


def _fairy_perft(variant: str, fen: str, moves: list[str], depth: int) -> int:
    found = sf.legal_moves(variant, fen, moves)
    return len(found) if depth == 1 else sum(_fairy_perft(variant, fen, moves + [m], depth - 1) for m in found)


@pytest.mark.parametrize("fen", [
    "r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[Rr] w - - 0 1",  # a Rook placed beside a King that has moved renews it
    "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[Rr] w - - 0 1",  # ... but not the Rook already in the other corner
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[QRr] w - - 0 1",
    "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[QKr] w q - 0 1",  # the King placed later, or elsewhere
])
def test_castling_rights_a_placement_gives_are_fairy_stockfishs(fen: str) -> None:
    board = load_board("placement")
    assert perft(Rules(board), Position.from_fen(board, fen), 3) == _fairy_perft("placement", fen, [], 3)
