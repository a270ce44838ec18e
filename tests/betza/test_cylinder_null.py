"""XBetza's cylinder modifier ``o`` and null move ``O``, translated into the Dagaz notation's wrapping
steps (``E%``) and null moves (``[n]``), compared with XBoard's move generator.

Fairy-Stockfish reads neither (piece.cpp has no ``o`` and no ``O`` atom: it skips them), so the
expected moves are XBoard's, from its source, moves.c, MovesFromString (XBoard 4.9, "Implement
Betza o modifier for cylinder boards", ChangeLog 2014-09-24):

- ``if(*desc == 'o') mode |= 128`` — ``o`` is read after the direction letters and the modality,
  in the order ``m c d e t p g o y n j``;
- the ray loop: ``x += vx; y += vy;`` then ``if(y < 0 || y >= BOARD_HEIGHT) break;`` (leaving by the
  top or the bottom always ends the ray) and ``if(x < BOARD_LEFT) { if(mode & 128) x += BOARD_RGHT -
  BOARD_LEFT, loop++; else break; }`` (likewise on the right): a step off a side edge comes back in
  from the other side on the row it reached;
- ``if(x == f && y == r && !loop) occup = 4`` — the start square counts as empty only when not
  reached round the cylinder: a rider that comes round to its own square finds itself there, a
  friend, and stops (no move there);
- the atom ``O`` has the step vector (0, 0) (``xStep``/``yStep`` give 0 for O) and is castling only
  with a number (``if(expo > 0 && dx == 0 && dy == 0)``); without one it steps to its own square,
  which counts as empty, so with the default modality (``his + 4``) or ``m`` it is a move that goes
  nowhere — the null move — and with ``c`` alone none.

The simulation below follows those lines; it is compared with the Dagaz translation on random
positions with blockers of both colours, for either side (moves.c turns Black's directions by a
half turn: ``dirSet >> 4 | dirSet << 4``, as the test board's symmetry does).
"""

from __future__ import annotations

import random

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.notation import parse_notation
from dagaz_studio.translation import TranslationError, translate
from tests.helpers.betza_pieces import dagaz_targets, random_position
from tests.helpers.paths import DATA

BOARD = DATA / "betza-8x8.board"

#: Leaper atoms as moves.c steps them: (long, short) sides.
ATOMS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2), "H": (3, 0), "C": (3, 1),
         "Z": (3, 2), "G": (3, 3)}
#: Direction letters on orthogonal atoms, as explicit vectors of the atom (1, 0) scaled.
ORTHOGONAL_DIRS = {"": [(0, 1), (0, -1), (1, 0), (-1, 0)], "f": [(0, 1)], "b": [(0, -1)],
                   "s": [(1, 0), (-1, 0)], "v": [(0, 1), (0, -1)], "fs": [(0, 1), (1, 0), (-1, 0)]}


def vectors_of(atom: str, dirs: str) -> list[tuple[int, int]]:
    p, q = ATOMS[atom]
    if q == 0:
        return [(dx * p, dy * p) for dx, dy in ORTHOGONAL_DIRS[dirs]]
    out = set()
    for a, b in ((p, q), (q, p)):
        for sx in (1, -1):
            for sy in (1, -1):
                out.add((sx * a, sy * b))
    return sorted(out)


def xboard_targets(fen: str, square: str, parts: list[tuple[list[tuple[int, int]], int, str, bool]]) -> set[str]:
    """Where MovesFromString moves the piece on ``square``: ``parts`` are (vectors, range (0 any),
    modality ('', 'm' or 'c'), cylinder) as the Betza text gives them."""
    rows = fen.split()[0].split("/")
    black = fen.split()[1] == "b"
    cells: dict[tuple[int, int], str] = {}
    for rank_index, text in enumerate(rows):
        y, x = 7 - rank_index, 0
        for char in text:
            if char.isdigit():
                x += int(char)
            else:
                cells[(x, y)] = char
                x += 1
    f, r = "abcdefgh".index(square[0]), int(square[1]) - 1
    out: set[str] = set()
    for vectors, expo, modality, cylinder in parts:
        for vx, vy in vectors:
            if black:
                vx, vy = -vx, -vy  # moves.c: a black piece's directions turned by a half turn
            x, y, i, loop = f, r, expo, 0
            while True:
                x, y = x + vx, y + vy
                if y < 0 or y >= 8:
                    break
                if x < 0:
                    if not cylinder:
                        break
                    x, loop = x + 8, loop + 1
                if x >= 8:
                    if not cylinder:
                        break
                    x, loop = x - 8, loop + 1
                if x == f and y == r and not loop:
                    occup = "empty"
                elif x == f and y == r:
                    occup = "friend"  # the piece itself, found again round the cylinder
                elif (x, y) in cells:
                    occup = "enemy" if cells[(x, y)].islower() != black else "friend"
                else:
                    occup = "empty"
                allowed = {"": {"empty", "enemy"}, "m": {"empty"}, "c": {"enemy"}}[modality]
                if occup in allowed:
                    out.add("abcdefgh"[x] + str(y + 1))
                if occup != "empty":
                    break
                i -= 1
                if i == 0:
                    break
    return out


def random_cylinder_piece(rng: random.Random) -> tuple[str, list[tuple[list[tuple[int, int]], int, str, bool]]]:
    """A Betza text of one to three parts, at least one with ``o``, and what each part says."""
    text, parts = "", []
    for index in range(rng.randint(1, 3)):
        atom = rng.choice("WFDNAHCZG")
        dirs = rng.choice(list(ORTHOGONAL_DIRS)) if ATOMS[atom][1] == 0 else ""
        modality = rng.choice(["", "", "m", "c"])
        expo = rng.choice([1, 1, 0, 2, 3]) if atom in "WFN" else rng.choice([1, 1, 0])
        cylinder = index == 0 or rng.random() < 0.5
        suffix = "" if expo == 1 else str(expo)
        text += dirs + modality + ("o" if cylinder else "") + atom + suffix
        parts.append((vectors_of(atom, dirs), expo, modality, cylinder))
    return text, parts


@pytest.fixture(scope="module")
def rules() -> Rules:
    return Rules(load_board(str(BOARD)))


def _kind(rules: Rules, betza: str) -> int:
    return rules.custom_kind(parse_notation(translate(betza, "betza", "dagaz").text), name=betza)


@pytest.mark.parametrize(("betza", "fen", "square", "expected"), [
    # A Rook on a1, an empty board: round the right edge it comes back to a1, itself: no move there.
    ("oR", "8/8/8/8/8/8/8/8 w - - 0 1", "a1", {f + "1" for f in "bcdefgh"} | {"a" + str(r) for r in range(2, 9)}),
    # Blockers on d1 (a friend) and f1 (an enemy): west from c1 round to the enemy on f1, taken.
    ("soR", "8/8/8/8/8/8/8/3B1b2 w - - 0 1", "c1", {"b1", "a1", "h1", "g1", "f1"}),
    ("sR", "8/8/8/8/8/8/8/3B1b2 w - - 0 1", "c1", {"b1", "a1"}),
    # A Knight on h1: two of its leaps come round the right edge (to a3 and b2).
    ("oN", "8/8/8/8/8/8/8/8 w - - 0 1", "h1", {"f2", "g3", "a3", "b2"}),
    ("N", "8/8/8/8/8/8/8/8 w - - 0 1", "h1", {"f2", "g3"}),
    # Leaving by the top still ends the move: a Pawn-like forward step from h8 has nowhere to go.
    ("fmoW", "8/8/8/8/8/8/8/8 w - - 0 1", "h8", set()),
    # Capturing diagonally round the edge, for Black too (his forward is down the board).
    ("fcoF", "8/8/8/8/8/8/1B6/7b b - - 0 1", "h1", set()),
    ("fcoF", "8/8/8/8/8/8/8/1B5b b - - 0 1", "a2", {"b1"}),
    ("fcoF", "8/8/8/8/8/8/a7/7B b - - 0 1", "a2", {"h1"}),
])
def test_cylinder_moves_as_moves_c_documents(rules: Rules, betza: str, fen: str, square: str,
                                             expected: set[str]) -> None:
    assert dagaz_targets(rules, _kind(rules, betza), fen, square) == expected


def test_random_cylinder_pieces_move_as_xboard_moves_them(rules: Rules) -> None:
    rng = random.Random(20261123)
    checked = 0
    for _ in range(80):
        text, parts = random_cylinder_piece(rng)
        kind = _kind(rules, text)
        for n in range(4):
            fen, square = random_position(rng, black=n % 2 == 1)
            assert dagaz_targets(rules, kind, fen, square) == xboard_targets(fen, square, parts), \
                f"{text} on {fen} at {square}"
            checked += 1
    assert checked == 320


def test_cylinder_pieces_go_round_trip_through_the_dagaz_notation(rules: Rules) -> None:
    rng = random.Random(5)
    for _ in range(40):
        text, _parts = random_cylinder_piece(rng)
        dagaz = translate(text, "betza", "dagaz").text
        again = translate(dagaz, "dagaz", "betza").text
        assert "o" in again
        original, returned = _kind(rules, text), _kind(rules, again)
        for n in range(4):
            fen, square = random_position(rng, black=n % 2 == 1)
            assert dagaz_targets(rules, original, fen, square) == dagaz_targets(rules, returned, fen, square), \
                f"{text} -> {dagaz} -> {again}"


@pytest.mark.parametrize(("betza", "back"), [("O", "O"), ("mO", "O"), ("iO", "iO"), ("KO", "KO"), ("fmWO", "fmWO")])
def test_the_null_move_reads_as_n_and_writes_back(betza: str, back: str) -> None:
    dagaz = translate(betza, "betza", "dagaz").text
    assert "[n]" in dagaz or "[M,n]" in dagaz
    assert translate(dagaz, "dagaz", "betza").text == back


def test_the_null_move_goes_nowhere_on_any_position_and_hands_the_turn_on(rules: Rules) -> None:
    board = rules.board
    rng = random.Random(11)
    kind = _kind(rules, "KO")
    king = _kind(rules, "K")
    for n in range(20):
        fen, square = random_position(rng, black=n % 2 == 1)
        with_null = dagaz_targets(rules, kind, fen, square)
        # moves.c: O steps to its own square, which counts as empty: always one null move, besides K's.
        assert with_null == dagaz_targets(rules, king, fen, square) | {square}
    position = Position.from_fen(board, "8/8/8/8/8/8/8/8 w - - 0 1")
    position.cells[board.index("d4")] = Piece(0, _kind(rules, "O"), True)
    (move,) = legal_moves(rules, position)
    make_move(position, move)
    assert position.turn == 1 and position.cells[board.index("d4")] is not None


def test_the_initial_null_move_is_for_an_unmoved_piece_only(rules: Rules) -> None:
    board = rules.board
    kind = _kind(rules, "iO")
    for moved, expected in ((False, 1), (True, 0)):
        position = Position.from_fen(board, "8/8/8/8/8/8/8/8 w - - 0 1")
        position.cells[board.index("d4")] = Piece(0, kind, moved)
        assert len(legal_moves(rules, position)) == expected


@pytest.mark.parametrize(("betza", "message"), [
    ("cO", "a null move captures nothing"),
    ("poR", "'o' (the cylinder) with 'p'"),
    ("onN", "'o' (the cylinder) with 'n'"),
    ("oafsW", "in a multi-leg move"),
])
def test_what_is_not_read_with_the_cylinder_or_the_null_move_is_an_error(betza: str, message: str) -> None:
    with pytest.raises(TranslationError) as caught:
        translate(betza, "betza", "dagaz")
    assert message in caught.value.message


def test_fairy_stockfish_reads_neither_and_the_fsf_dialect_says_so() -> None:
    for betza, name in (("oR", "the cylinder (o)"), ("KO", "the null move (O)")):
        warnings = translate(betza, "betza", "dagaz", "fsf").warnings
        assert any(name in warning and "Fairy-Stockfish does not read" in warning for warning in warnings)


@pytest.mark.parametrize(("dagaz", "message"), [
    (r"(+%)([p]\1)*", "wraps only some"),
    (r"(+)([p,B]\1)*", "no [B] outside a move that wraps"),
    ("N[n]", "null move (O) stays where it is"),
])
def test_dagaz_that_betza_cannot_say_with_o_or_O_is_an_error(dagaz: str, message: str) -> None:
    with pytest.raises(TranslationError) as caught:
        translate(dagaz, "dagaz", "betza")
    assert message in caught.value.message
