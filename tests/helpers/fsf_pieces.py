"""Pieces given in Betza and in the Dagaz notation, moved by Fairy-Stockfish and by the notation side
by side: on the chess board (whose symmetry mirrors Black's directions) and on an 8x8 board that
turns them by a half turn, as Fairy-Stockfish does, among random blockers of both colours, the piece
of either side, not yet moved (its initial moves count: the variant lets them start anywhere)."""

from __future__ import annotations

import random

from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.notation import parse_notation
from tests.helpers.betza_pieces import fen_of, unmoved_targets
from tests.helpers.fsf_oracle import PIECE_SECTION, ask
from tests.helpers.paths import DATA

HALF_TURN = DATA / "betza-8x8.board"
EVERYWHERE = " ".join(f"{f}*" for f in "abcdefgh")

#: Fairy-Stockfish's section of one piece, its initial moves allowed anywhere.
SECTION = PIECE_SECTION.replace("doubleStep = false\n", "doubleStepRegionWhite = {everywhere}\n"
                                "doubleStepRegionBlack = {everywhere}\n")


def random_placement(rng: random.Random) -> tuple[dict[tuple[int, int], str], tuple[int, int]]:
    """Up to 19 blockers (``X`` White's, ``x`` Black's) by (file, rank), and the piece's square apart from them."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    return {square: rng.choice("Xx") for square in squares[1:1 + rng.randrange(0, 20)]}, squares[0]


def moves_as_fairy_stockfish(pieces: list[tuple[str, str]], rng: random.Random, tag: str) -> int:
    """Assert that each piece, given as (its Betza, its Dagaz notation), moves by its notation as
    Fairy-Stockfish moves its Betza, in four random positions on the chess board and on the board that
    turns Black's directions; how many positions gave it a move."""
    ini = "".join(SECTION.format(name=f"{tag}{i}", betza=betza, everywhere=EVERYWHERE)
                  for i, (betza, _) in enumerate(pieces))
    cases, queries = [], []
    for i, (_, notation) in enumerate(pieces):
        for n in range(4):
            blockers, (f, r) = random_placement(rng)
            black = n % 2 == 1
            fen = fen_of(blockers, "Bb", black)
            square = "abcdefgh"[f] + str(r + 1)
            piece_fen = fen.split("/")  # the piece itself on its square, for Fairy-Stockfish
            rows = [list(_expand(row)) for row in piece_fen[:7] + [piece_fen[7].split()[0]]]
            rows[7 - r][f] = "a" if black else "A"
            oracle_fen = "/".join(_compress(row) for row in rows) + (" b" if black else " w") + " - - 0 1"
            queries.append((f"{tag}{i}", oracle_fen, []))
            cases.append((notation, blockers, black, square))
    answers = ask(ini, queries)
    boards = {"chess": ("Pp", Rules(load_board("chess"))), "half-turn": ("Bb", Rules(load_board(str(HALF_TURN))))}
    kinds: dict[tuple[str, str], int] = {}
    moved = 0
    betza_of = dict((notation, betza) for betza, notation in pieces)
    for (notation, blockers, black, square), answer in zip(cases, answers):
        assert answer is not None, betza_of[notation]
        want = {m[2:4] for m in answer if m[:2] == square}
        for name, (letters, rules) in boards.items():
            if (name, notation) not in kinds:
                kinds[name, notation] = rules.custom_kind(parse_notation(notation), name=betza_of[notation])
            got = unmoved_targets(rules, kinds[name, notation], fen_of(blockers, letters, black), square)
            assert got == want, f"{betza_of[notation]} -> {notation} on {name}, {'black' if black else 'white'} " \
                                f"at {square}, {fen_of(blockers, letters, black)}"
        moved += bool(want)
    return moved


def _expand(row: str) -> str:
    return "".join("." * int(c) if c.isdigit() else c for c in row)


def _compress(cells: list[str]) -> str:
    out, empty = "", 0
    for c in cells:
        if c == ".":
            empty += 1
        else:
            out += (str(empty) if empty else "") + c
            empty = 0
    return out + (str(empty) if empty else "")
