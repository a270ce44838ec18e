"""Under the default dialect a one-leg Betza piece moves as XBoard's move generator moves it.

The oracle (tests/helpers/xboard_oracle.py) is moves.c's ``MovesFromString`` written over in Python, with
its one documented change: it turns a black King's or Queen's diagonal directions as it does every
other direction (moves.c forgets to when the piece also has orthogonal ones). Random pieces with
every modifier moves.c reads, in any order (moves.c skips the letters written out of its order),
every atom, ranges and doubled atoms; random blockers of both colours; the piece of either side,
not yet moved; on the chess board (whose symmetry mirrors Black's directions) and on a board that
turns them by a half turn.
"""

from __future__ import annotations

import random

import pytest

from dagaz_studio.betza import TranslationError, read_betza, to_dagaz
from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import pseudo_legal_moves
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.notation import parse_notation
from tests.helpers.betza_pieces import fen_of, unmoved_targets
from tests.helpers.paths import DATA
from tests.helpers.xboard_oracle import full_moves, moves

HALF_TURN = DATA / "betza-8x8.board"
DIRECTIONS = ["f", "b", "l", "r", "v", "s", "h", "ff", "fr", "fl", "rf", "lf", "br", "bl", "rb", "lb", "fs", "bs",
              "sf", "sb", "rv", "lv", "vr", "vl", "fh", "bh", "lh", "rh", "hr", "hl"]


def component(rng: random.Random) -> str:
    directions = "".join(rng.choice(DIRECTIONS) for _ in range(rng.choice([0, 0, 1, 1, 2])))
    extra = rng.choice(["", "", "", "p", "g", "n", "j", "o"])
    # en passant (with no square to take on here: it adds no move) is not read with the cylinder
    modes = rng.choice(["", "", "m", "c", "mc"] + (["ce"] if extra != "o" else [])) + extra
    letters = directions + modes
    if rng.random() < 0.5:  # written out of moves.c's order
        shuffled = list(letters)
        rng.shuffle(shuffled)
        letters = "".join(shuffled)
    atom = rng.choice("WFDNAHCZGKRBQJL")
    return ("i" if rng.random() < 0.15 else "") + letters + atom + rng.choice(["", "", "", atom, "0", "12",
                                                                                 str(rng.randrange(1, 5))])


def test_random_pieces_move_as_xboard_moves_them() -> None:
    rng = random.Random(20261127)
    boards = {"chess": ("Pp", Rules(load_board("chess"))), "half-turn": ("Bb", Rules(load_board(str(HALF_TURN))))}
    moved = 0
    for _ in range(180):
        text = "".join(component(rng) for _ in range(rng.choice([1, 2])))
        notation = to_dagaz(read_betza(text))
        kinds = {name: rules.custom_kind(parse_notation(notation), name=text) for name, (_, rules) in boards.items()}
        for n in range(4):
            squares = [(f, r) for f in range(8) for r in range(8)]
            rng.shuffle(squares)
            at = squares[0]
            blockers = {square: rng.choice("Xx") for square in squares[1:1 + rng.randrange(0, 16)]}
            black = n % 2 == 1
            sides = {square: "white" if mark == "X" else "black" for square, mark in blockers.items()}
            want = {"abcdefgh"[x] + str(y + 1) for x, y in moves(text, sides, at, not black)}
            square = "abcdefgh"[at[0]] + str(at[1] + 1)
            for name, (letters, rules) in boards.items():
                got = unmoved_targets(rules, kinds[name], fen_of(blockers, letters, black), square)
                assert got == want, f"{text} -> {notation} on {name}, {'black' if black else 'white'} at {square}, " \
                                    f"{fen_of(blockers, letters, black)}"
            moved += bool(want)
    assert moved > 400


@pytest.mark.parametrize(("text", "warning"), [
    ("mfW", "skips 'f'"),
    ("nW", "lame W or F step by the moving piece itself"),
    ("pW", "range 1 no move"),
    ("NN", "atom twice"),
    ("frlRrlbK", "diagonal moves of K"),
    ("fslrK", "diagonal moves of K"),
    ("bsfK", "diagonal moves of K"),
    ("bslrpgasbrQ0", "diagonal moves of Q"),
    ("R100N", "then stops reading"),
    ("mafN", "steps the legs after the first of an oblique atom"),
    ("cafsabW", "leaves a piece taken on a leg before the last"),
    ("mafcmW", "skips 'm' here, with the legs after it"),
])
def test_each_xboard_quirk_is_named(text: str, warning: str) -> None:
    assert any(warning in w for w in read_betza(text).warnings)


def test_hoppers_go_by_any_atom() -> None:
    # The nightrider that hops: over the first piece on a knight's line, then on along it.
    rules = Rules(load_board("chess"))
    kind = rules.custom_kind(parse_notation(to_dagaz(read_betza("pN0"))), name="pN0")
    assert unmoved_targets(rules, kind, "8/8/8/8/8/2p5/8/8 w - - 0 1", "b1") == {"d5", "e7"}


KING_DIRECTIONS = ["f", "b", "l", "r", "v", "s", "fr", "fl", "br", "bl", "fs", "bs", "rf", "lb", "ff", "h", "fh",
                   "sf", "rv"]
#: The modes of a leg before the last, in moves.c's order (m c p g y).
MIDDLE_MODES = ["", "", "m", "m", "c", "mc", "p", "mp", "cp", "g", "mg", "y", "cy", "my", "py", "gy", "mpg"]


VICTIM_STAYS = "XBoard leaves a piece taken on a leg before the last on its square"


def multi_leg(rng: random.Random) -> str:
    """One random ``a`` chain of a W-, F-, K-like atom or a straight leaper, the legs in moves.c's order."""
    atom = rng.choice("WFRBKQDAHG")
    first = rng.choice(DIRECTIONS) if rng.random() < 0.4 and atom not in "KQ" else ""
    legs = rng.choice([2, 2, 2, 3])
    text = ("i" if rng.random() < 0.1 else "") + first + rng.choice(MIDDLE_MODES)
    for leg in range(1, legs):
        text += "a" + (rng.choice(KING_DIRECTIONS) if rng.random() < 0.7 else "")
        text += rng.choice(MIDDLE_MODES) if leg < legs - 1 else rng.choice(["", "", "m", "c"])
    return text + atom + rng.choice(["", "", "", "2", "3"])


def full_targets(rules: Rules, kind: int, fen: str, square: str) -> set[tuple[str, tuple[str, ...]]]:
    board = rules.board
    position = Position.from_fen(board, fen)
    index = board.index(square)
    position.cells[index] = Piece(position.turn, kind, False)
    return {(board.squares[m.target], tuple(board.squares[c] for c in m.captures))
            for m in pseudo_legal_moves(rules, position, index)}


def test_random_multi_leg_pieces_move_as_xboard_moves_them() -> None:
    _multi_leg_pieces_agree(random.Random(20261128), 80)


@pytest.mark.slow
def test_many_more_random_multi_leg_pieces_move_as_xboard_moves_them() -> None:
    _multi_leg_pieces_agree(random.Random(7), 800)


def _multi_leg_pieces_agree(rng: random.Random, pieces: int) -> None:
    boards = {"chess": ("Pp", Rules(load_board("chess"))), "half-turn": ("Bb", Rules(load_board(str(HALF_TURN))))}
    name_of = lambda xy: "abcdefgh"[xy[0]] + str(xy[1] + 1)  # noqa: E731
    moved = captured = too_long = victims = 0
    for _ in range(pieces):
        text = "".join(multi_leg(rng) if rng.random() < 0.8 else component(rng) for _ in range(rng.choice([1, 1, 2])))
        try:
            piece = read_betza(text)
            notation = to_dagaz(piece)
        except TranslationError as error:
            assert "characters or more in the notation" in error.message, text  # the notation's length limit
            too_long += 1
            continue
        if any(VICTIM_STAYS in warning for warning in piece.warnings):
            victims += 1  # the one difference: XBoard's victim of a locust capture stands till the move ends
            continue
        kinds = {name: rules.custom_kind(parse_notation(notation), name=text) for name, (_, rules) in boards.items()}
        for n in range(8):
            squares = [(f, r) for f in range(8) for r in range(8)]
            rng.shuffle(squares)
            at = squares[0]
            blockers = {square: rng.choice("Xx") for square in squares[1:1 + rng.randrange(0, 24)]}
            black = n % 2 == 1
            sides = {square: "white" if mark == "X" else "black" for square, mark in blockers.items()}
            want = {(name_of(to), tuple(map(name_of, kills))) for to, kills in full_moves(text, sides, at, not black)}
            square = name_of(at)
            for name, (letters, rules) in boards.items():
                got = full_targets(rules, kinds[name], fen_of(blockers, letters, black), square)
                assert got == want, f"{text} on {name}, {'black' if black else 'white'} at {square}, " \
                                    f"{fen_of(blockers, letters, black)}: only XBoard's {sorted(want - got)}, " \
                                    f"only ours {sorted(got - want)}"
            moved += bool(want)
            captured += any(kills for _, kills in want)
    assert moved > 3 * pieces and captured > pieces // 8 and too_long + victims < pieces // 10


@pytest.mark.parametrize("text", ["frblvK", "fsbsvK", "lfrbsK", "vsK"])
def test_diagonals_a_half_turn_keeps_are_not_warned_of(text: str) -> None:
    # moves.c leaves a black piece's diagonals unturned: that differs only where turning changes them.
    assert not any("diagonal moves of" in w for w in read_betza(text).warnings)


@pytest.mark.parametrize(("text", "fen", "square"), [
    ("mafN", "8/8/8/8/8/8/8/8 w - - 0 1", "d4"),
    ("cafsabW", "8/8/8/8/3p4/8/8/8 w - - 0 1", "d3"),
])
def test_the_warned_differences_are_real(text: str, fen: str, square: str) -> None:
    # Each reading that departs from moves.c, and says so, moves otherwise than its port.
    rules = Rules(load_board("chess"))
    kind = rules.custom_kind(parse_notation(to_dagaz(read_betza(text))), name=text)
    position = Position.from_fen(rules.board, fen)
    def xy(name: str) -> tuple[int, int]:
        return ord(name[0]) - 97, int(name[1:]) - 1

    at = xy(square)
    sides = {xy(rules.board.squares[i]): "white" if c.player == 0 else "black"
             for i, c in enumerate(position.cells) if c is not None}
    want = {("abcdefgh"[x] + str(y + 1), tuple("abcdefgh"[a] + str(b + 1) for a, b in kills))
            for (x, y), kills in full_moves(text, sides, at, True)}
    assert full_targets(rules, kind, fen, square) != want


@pytest.mark.parametrize("text", ["mgaB1", "mgaR1", "cyafsQ1", "mgamgaB1", "gafsW1", "mgaW2"])
def test_a_range_toggled_after_a_leg_of_range_one_rides(text: str) -> None:
    # moves.c writes '0' after the toggled atom whenever the leg's range is 1: B1's later legs ride
    # as F0 does, R1's as W0; other ranges toggle an R, B or Q to the W, F or K leaper.
    rng = random.Random(text)
    rules = Rules(load_board("chess"))
    kind = rules.custom_kind(parse_notation(to_dagaz(read_betza(text))), name=text)
    name_of = lambda xy: "abcdefgh"[xy[0]] + str(xy[1] + 1)  # noqa: E731
    for n in range(40):
        squares = [(f, r) for f in range(8) for r in range(8)]
        rng.shuffle(squares)
        blockers = {square: rng.choice("Xx") for square in squares[1:1 + rng.randrange(2, 12)]}
        black = n % 2 == 1
        sides = {square: "white" if mark == "X" else "black" for square, mark in blockers.items()}
        want = {(name_of(to), tuple(map(name_of, kills))) for to, kills in full_moves(text, sides, squares[0], not black)}
        fen = fen_of(blockers, "Pp", black)
        assert full_targets(rules, kind, fen, name_of(squares[0])) == want, f"{text} at {name_of(squares[0])}, {fen}"


@pytest.mark.parametrize("text", ["njB1", "njN", "njjN", "njR", "njjR", "fsmnjK", "cnjD"])
def test_a_jump_after_n_cancels_it(text: str) -> None:
    # moves.c counts the jumps from 0 after 'n': 'nj' moves as the bare atom, 'njj' as 'j'.
    rng = random.Random(text)
    rules = Rules(load_board("chess"))
    kind = rules.custom_kind(parse_notation(to_dagaz(read_betza(text))), name=text)
    name_of = lambda xy: "abcdefgh"[xy[0]] + str(xy[1] + 1)  # noqa: E731
    for n in range(30):
        squares = [(f, r) for f in range(8) for r in range(8)]
        rng.shuffle(squares)
        blockers = {square: rng.choice("Xx") for square in squares[1:1 + rng.randrange(2, 16)]}
        black = n % 2 == 1
        sides = {square: "white" if mark == "X" else "black" for square, mark in blockers.items()}
        want = {name_of(to) for to in moves(text, sides, squares[0], not black)}
        fen = fen_of(blockers, "Pp", black)
        assert unmoved_targets(rules, kind, fen, name_of(squares[0])) == want, f"{text} at {name_of(squares[0])}, {fen}"
