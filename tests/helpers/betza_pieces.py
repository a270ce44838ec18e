"""Random Betza pieces and the positions they are tried on, for the tests comparing the Betza
translation with Fairy-Stockfish, XBoard and the definitions: a piece's moves are its target
squares on an 8x8 board among random blockers of both colours, the piece of either side."""

from __future__ import annotations

import random

from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import pseudo_legal_moves
from dagaz_studio.engine.position import Piece, Position

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
    """A piece of one to three components, from the subset Fairy-Stockfish and XBoard read alike.

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


def fen_of(blockers: dict[tuple[int, int], str], letters: str, black: bool) -> str:
    """The FEN of an 8x8 board holding ``blockers`` (``X`` White's, ``x`` Black's, by (file, rank)),
    written with ``letters`` (White's letter, then Black's), ``black`` or White to move."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            mark = blockers.get((file, rank))
            if mark:
                row += (str(empty) if empty else "") + (letters[0] if mark == "X" else letters[1])
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" b" if black else " w") + " - - 0 1"


def dagaz_targets(rules: Rules, kind: int, fen: str, square: str) -> set[str]:
    """The squares the piece type ``kind`` of the side to move, standing (as moved) on ``square`` of a
    :func:`random_position` FEN, moves to; its ``A``/``a`` there stands for a blocker."""
    board = rules.board
    position = Position.from_fen(board, fen.replace("A", "B").replace("a", "b"))
    index = board.index(square)
    position.cells[index] = Piece(position.turn, kind, True)
    return {board.squares[m.target] for m in pseudo_legal_moves(rules, position, index)}


def unmoved_targets(rules: Rules, kind: int, fen: str, square: str) -> set[str]:
    """The squares the piece type ``kind`` of the side to move, standing on ``square`` not yet moved
    (its initial moves count), moves to."""
    board = rules.board
    position = Position.from_fen(board, fen)
    index = board.index(square)
    position.cells[index] = Piece(position.turn, kind, False)
    return {board.squares[m.target] for m in pseudo_legal_moves(rules, position, index)}
