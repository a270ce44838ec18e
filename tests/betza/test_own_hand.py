"""Betza's left and right are the piece's own, on every board: a run marked ``'`` is read in the
mover's own hand, whatever the board's symmetry.

The oracle is the definition both XBoard and Fairy-Stockfish follow: a black piece moves as a white
one on the board turned by a half turn. So Black's moves here are White's moves in the position
turned round, colours swapped, turned back; on the chess board (whose symmetry mirrors Black's
directions) they must come out the same as on a board whose symmetry turns them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dagaz_studio.betza import read_betza, to_dagaz
from dagaz_studio.board import load_board, parse_board
from dagaz_studio.board.model import reverses_hand
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import pseudo_legal_moves
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.notation import NotationError, parse_notation, to_notation
from tests.helpers.paths import DATA

HALF_TURN = DATA / "betza-8x8.board"
LOPSIDED = ["rF", "frlRrlbK", "mflFcflW", "fRbrBblF", "lN", "frN", "rbN", "flnD", "rpR", "lgB", "mafrW",
            "crW", "rhN", "lvN", "fmrWcrF", "rK", "lQ2", "lmN0", "rbpQ", "frlsFlD"]


def turned(fen: str) -> str:
    """The position turned by a half turn, colours swapped."""
    rows = fen.split()[0].split("/")
    return "/".join(row[::-1].swapcase() for row in reversed(rows)) + " w - - 0 1"


def turned_square(square: str) -> str:
    return "hgfedcba"["abcdefgh".index(square[0])] + str(9 - int(square[1]))


def targets(rules: Rules, kind: int, fen: str, square: str) -> set[str]:
    board = rules.board
    position = Position.from_fen(board, fen)
    index = board.index(square)
    position.cells[index] = Piece(position.turn, kind, True)
    return {board.squares[m.target] for m in pseudo_legal_moves(rules, position, index)}


def random_position(rng: random.Random) -> tuple[str, str]:
    cells = {(f, r): "" for f in range(8) for r in range(8)}
    squares = list(cells)
    rng.shuffle(squares)
    f, r = squares[0]
    for bf, br in squares[1:1 + rng.randrange(0, 16)]:
        cells[bf, br] = rng.choice("Pp")
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            if cells[file, rank]:
                row += (str(empty) if empty else "") + cells[file, rank]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " b - - 0 1", "abcdefgh"[f] + str(r + 1)


@pytest.mark.parametrize("board_name", ["chess", str(HALF_TURN)])
def test_a_lopsided_piece_moves_for_black_as_its_mirror_image(board_name: str) -> None:
    rules = Rules(load_board(board_name))
    rng = random.Random(7)
    for text in LOPSIDED:
        kind = rules.custom_kind(parse_notation(to_dagaz(read_betza(text))), name=text)
        for _ in range(6):
            fen, square = random_position(rng)
            if board_name != "chess":
                fen = fen.replace("P", "B").replace("p", "b")  # the test board's immobile blockers
            black = targets(rules, kind, fen, square)
            white = targets(rules, kind, turned(fen), turned_square(square))
            assert black == {turned_square(t) for t in white}, (text, fen, square)


def test_the_mark_is_read_only_where_the_symmetry_is_a_mirror() -> None:
    assert reverses_hand((("M", "R"), ("N", "S"), ("O", "T"), ("R", "M"), ("S", "N"), ("T", "O")))
    assert not reverses_hand((("E", "W"), ("M", "T"), ("N", "S"), ("O", "R"), ("R", "O"), ("S", "N"), ("T", "M"),
                              ("W", "E")))
    assert not reverses_hand((("E", "S"), ("N", "E"), ("S", "W"), ("W", "N")))  # a quarter turn
    assert reverses_hand((("N", "S"), ("S", "N")))  # an orthogonal board mirrored top to bottom
    assert reverses_hand((("E", "W"), ("W", "E")))  # mirrored left to right


QUARTER = """quarter
grid: a-e x 5-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
players: South West
symmetry West: N=E E=S S=W W=N
"""


def test_a_turning_symmetry_reads_the_mark_as_the_plain_letter() -> None:
    board = parse_board(QUARTER, "quarter.board")
    for letter in "NESW":
        assert board.player_direction("West", letter + "'") == board.player_direction("West", letter)
    chess = load_board("chess")
    assert chess.player_direction("Black", "E'") == "W" and chess.player_direction("Black", "O'") == "R"
    assert chess.player_direction("White", "E'") == "E"


@pytest.mark.parametrize("text", ["(OT')([p]\\1)*", "E'%", "[x>E']", "NE'*", "W'[p]M'"])
def test_the_mark_reads_back_as_written(text: str) -> None:
    assert to_notation(parse_notation(text).body) == text


@pytest.mark.parametrize("text", ["+'", "E''", "[x>NE']", "'E"])
def test_a_misplaced_mark_is_an_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_notation(text)


def test_a_symmetric_piece_is_written_without_marks() -> None:
    for text in ("R", "N", "fmWfcFifmnD", "KisO2", "mRcpR", "nN"):
        assert "'" not in to_dagaz(read_betza(text))
    assert "'" in to_dagaz(read_betza("rF"))


def test_the_right_handed_knight_turns_clockwise_for_both_players() -> None:
    rules = Rules(load_board("chess"))
    kind = rules.custom_kind(parse_notation("N,O';E',T';S,R';W',M'"), name="right-handed knight")
    # Its leaps from d5 turned by a half turn are its leaps from e4: the same for Black as for White.
    assert targets(rules, kind, "8/8/8/8/8/8/8/8 w - - 0 1", "d5") == {"e7", "f4", "c3", "b6"}
    assert targets(rules, kind, "8/8/8/8/8/8/8/8 b - - 0 1", "d5") == {"e7", "f4", "c3", "b6"}
    assert targets(rules, kind, "8/8/8/8/8/8/8/8 b - - 0 1", "e4") == {"d2", "c5", "f6", "g3"}


def test_a_piece_marked_in_its_own_hand_attacks_where_it_moves() -> None:
    # Attacks are looked for along the piece's steps turned back from the square attacked: the mark
    # must be read the same way there. A black Bishop of the chess board made to go to its own right
    # only, OT', attacks a2 (south-west of d5, Black's right) but not g2.
    text = load_board("chess").source
    assert text is not None
    board_text = Path(text).read_text(encoding="utf-8").replace("piece Bishop B: (X)([p]\\1)*",
                                                                 "piece Bishop B: (OT')([p]\\1)*")
    from dagaz_studio.engine.game import legal_moves

    rules = Rules(parse_board(board_text, "lopsided.board"))
    for fen, king, attacked, free in (("8/8/8/3b4/8/8/8/K6k w - - 0 1", "a1", "a2", "b1"),
                                      ("8/8/8/3b4/8/8/8/k5K1 w - - 0 1", "g1", "h2", "g2")):
        position = Position.from_fen(rules.board, fen)
        targets_ = {rules.board.squares[m.target] for m in legal_moves(rules, position, rules.board.index(king))}
        assert free in targets_ and (attacked not in targets_) == (king == "a1"), (fen, targets_)
