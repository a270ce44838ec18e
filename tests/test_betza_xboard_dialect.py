"""Under the default dialect a one-leg Betza piece moves as XBoard's move generator moves it.

The oracle (tests/xboard_oracle.py) is moves.c's ``MovesFromString`` written over in Python, with
its one documented change: it turns a black King's or Queen's diagonal directions as it does every
other direction (moves.c forgets to when the piece also has orthogonal ones). Random pieces with
every modifier moves.c reads, in any order (moves.c skips the letters written out of its order),
every atom, ranges and doubled atoms; random blockers of both colours; the piece of either side,
not yet moved; on the chess board (whose symmetry mirrors Black's directions) and on a board that
turns them by a half turn.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dagaz_studio.betza import read_betza, to_dagaz
from dagaz_studio.board import load_board
from dagaz_studio.engine.interpreter import Rules
from dagaz_studio.notation import parse_notation
from test_betza_fsf_dialect import fen_of, targets
from xboard_oracle import moves

HALF_TURN = Path(__file__).parent / "data" / "betza-8x8.board"
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
                got = targets(rules, kinds[name], fen_of(blockers, letters, black), square)
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
    ("R100N", "then stops reading"),
])
def test_each_xboard_quirk_is_named(text: str, warning: str) -> None:
    assert any(warning in w for w in read_betza(text).warnings)


def test_hoppers_go_by_any_atom() -> None:
    # The nightrider that hops: over the first piece on a knight's line, then on along it.
    rules = Rules(load_board("chess"))
    kind = rules.custom_kind(parse_notation(to_dagaz(read_betza("pN0"))), name="pN0")
    assert targets(rules, kind, "8/8/8/8/8/2p5/8/8 w - - 0 1", "b1") == {"d5", "e7"}
