"""Betza pieces translated to the Dagaz notation move as Fairy-Stockfish moves them.

Hundreds of random pieces of the subset both read alike, each on random positions with blockers
of both colours, with the piece on either side; Fairy-Stockfish runs in a child process.
"""

from __future__ import annotations

import random

import pytest

from dagaz_studio.betza import read_betza, to_dagaz
from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import pseudo_legal_moves
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.notation import parse_notation
from tests.helpers.paths import DATA

pytest.importorskip("pyffish")
from tests.helpers.fsf_oracle import ask, piece_section  # noqa: E402

BOARD = DATA / "betza-8x8.board"

ORTHOGONAL_DIRS = ["f", "b", "l", "r", "v", "s", "fs", "bs", "fr", "lb", "vr", "fh", "lh", "rh", "bh", "ff", "hl"]
DIAGONAL_DIRS = ["f", "b", "l", "r", "v", "s", "fr", "fl", "br", "bl", "rf", "lb", "fs", "lv", "fh", "bh", "hr"]
OBLIQUE_DIRS = ["f", "b", "l", "r", "v", "s", "ff", "fr", "fl", "rf", "lf", "br", "bl", "rb", "lb", "fs", "bs",
                "rv", "lv", "fh", "bh", "lh", "rh", "hr", "hl"]


def random_component(rng: random.Random) -> str:
    """One random atom with modifiers, from the subset XBoard-style readers and Fairy-Stockfish share."""
    kind = rng.choice(["leaper", "leaper", "rider", "hopper", "lame", "king"])
    modality = rng.choice(["", "", "m", "c"])
    if kind == "leaper":
        atom = rng.choice("WFDNAHCZG")
        dirs = _dirs_for(rng, atom)
        return modality + dirs + atom
    if kind == "rider":
        atom = rng.choice(["R", "B", "Q", "WW", "FF", "NN", "W0", "W2", "F3", "N2", "R3", "B2", "K2", "N0"])
        letter = atom[0]
        dirs = _dirs_for(rng, letter) if letter not in "KQ" else ""
        return modality + dirs + atom
    if kind == "hopper":
        atom = rng.choice(["R", "B", "Q", "W", "F", "K"])
        dirs = _dirs_for(rng, atom) if atom not in "KQ" else ""
        return modality + rng.choice("pg") + dirs + atom
    if kind == "lame":
        atom = rng.choice("NDAZ")
        return modality + "n" + _dirs_for(rng, atom) + atom
    return modality + rng.choice(["", "f", "b", "fs", "v", "s", "fr", "l"]) + "K"


def _dirs_for(rng: random.Random, atom: str) -> str:
    if rng.random() < 0.4:
        return ""
    if atom in "WDHR":
        return rng.choice(ORTHOGONAL_DIRS)
    if atom in "FAGB":
        return rng.choice(DIAGONAL_DIRS)
    return rng.choice(OBLIQUE_DIRS)


def random_piece(rng: random.Random) -> str:
    """A piece of one to three components.

    Fairy-Stockfish keeps one range per direction for each of its leaper, rider and hopper tables,
    so a later component sharing a direction overrides an earlier one's range (``FFmK2`` is no
    bishop); and it bounds a limited rider's reach by a mask it shares with hoppers (``K2pK``
    slides three squares; ``gBnfsA`` leaps lamely backwards too). XBoard joins them. A piece draws
    at most one component of each table, riders and hoppers counting as one, and a lame leaper
    stands alone.
    """
    while True:
        parts = [random_component(rng) for _ in range(rng.choice([1, 1, 2, 3]))]
        tables = [_table(part) for part in parts]
        if len(set(tables)) == len(tables) and ("lame" not in tables or len(tables) == 1):
            return "".join(parts)


def _table(component: str) -> str:
    atom = component.lstrip("mcpgnfblrvsh")
    if "p" in component[: len(component) - len(atom)] or "g" in component[: len(component) - len(atom)]:
        return "rider"
    if "n" in component[: len(component) - len(atom)]:
        return "lame"
    if len(atom) > 1 or atom in ("R", "B", "Q"):
        return "rider"
    return "leaper"


def random_position(rng: random.Random, black: bool) -> tuple[str, str]:
    """A FEN with the piece (``A``/``a``) on a random square among random blockers, and that square."""
    cells = [["" for _ in range(8)] for _ in range(8)]
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    f, r = squares[0]
    cells[r][f] = "a" if black else "A"
    square = "abcdefgh"[f] + str(r + 1)
    for bf, br in squares[1:1 + rng.randrange(0, 20)]:
        cells[br][bf] = rng.choice("Bb")
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            if cells[rank][file]:
                row += (str(empty) if empty else "") + cells[rank][file]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" b" if black else " w") + " - - 0 1", square


def dagaz_targets(rules: Rules, kind: int, fen: str, square: str) -> set[str]:
    board = rules.board
    position = Position.from_fen(board, fen.replace("A", "B").replace("a", "b"))
    index = board.index(square)
    position.cells[index] = Piece(position.turn, kind, True)
    return {board.squares[m.target] for m in pseudo_legal_moves(rules, position, index)}


@pytest.mark.slow  # the subset both programs read alike: tests/betza/test_fsf_dialect.py reads them all
def test_random_pieces_move_as_fairy_stockfish_moves_them() -> None:
    rng = random.Random(20261123)
    pieces = []
    while len(pieces) < 300:
        text = random_piece(rng)
        if text not in pieces:
            pieces.append(text)
    board = load_board(str(BOARD))
    rules = Rules(board)
    ini = "".join(piece_section(f"bz{i}", text) for i, text in enumerate(pieces))
    queries, expected_keys = [], []
    for i, text in enumerate(pieces):
        for n in range(4):
            fen, square = random_position(rng, black=n % 2 == 1)
            queries.append((f"bz{i}", fen, []))
            expected_keys.append((text, fen, square))
    answers = ask(ini, queries)
    kinds: dict[str, int] = {}
    moved = 0
    for (text, fen, square), answer in zip(expected_keys, answers):
        assert answer is not None, text
        want = {m[2:4] if m[3].isdigit() and len(m) == 4 else m[2:] for m in answer if m[:2] == square}
        if text not in kinds:
            kinds[text] = rules.custom_kind(parse_notation(to_dagaz(read_betza(text, dialect="fsf"))), name=text)
        got = dagaz_targets(rules, kinds[text], fen, square)
        assert got == want, f"{text} -> {to_dagaz(read_betza(text, dialect='fsf'))} on {fen} at {square}"
        moved += bool(got)
    assert moved > 600
