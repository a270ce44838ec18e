"""Fairy-Stockfish's built-in variants played against the shipped boards: random games in pyffish,
then, position by position, the legal moves, the position each move leads to and the FEN read back
(each FEN Fairy-Stockfish wrote, written back unchanged)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import cache
from random import Random
from types import ModuleType

from dagaz_studio.board import load_board
from dagaz_studio.board.shipped import shipped_aliases, shipped_boards
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from dagaz_studio.variants_ini.inheritance import resolve
from dagaz_studio.variants_ini.values import is_true
from tests.helpers.variants_oracle import compare_rules, uci_names

_PLAY = r"""
import json, random, sys
import pyffish as sf
job = json.load(sys.stdin)
out = {"variants": sorted(sf.variants()), "games": {}}
for name in job["variants"]:
    rng = random.Random(f"{job['seed']}-{name}")
    games = []
    starts = job["starts"].get(name, []) + [sf.start_fen(name)]
    for number in range(job["games"]):
        # Asked with the moves played, not the last FEN alone: a FEN does not say what ended a game in
        # the moves before it (two passes in a row).
        start, played, seen = starts[number % len(starts)], [], []
        for _ in range(job["plies"]):
            fen = sf.get_fen(name, start, played)
            if sf.is_immediate_game_end(name, start, played)[0]:
                break
            moves = sf.legal_moves(name, start, played)
            letter = job["drop_mates"].get(name)
            if letter:
                # A mating pawn drop, which Fairy-Stockfish lists (and scores as lost): the board refuses it.
                # A check that ends the game by the count (check shogi's) mates no one.
                def mates(move):
                    after = played + [move]
                    return (sf.gives_check(name, start, after) and not sf.legal_moves(name, start, after)
                            and not sf.is_immediate_game_end(name, start, after)[0])
                moves = [m for m in moves if not (m.startswith(letter + "@") and mates(m))]
            if not moves:
                seen.append([fen, moves, None])
                break
            move = rng.choice(moves)
            seen.append([fen, moves, move])
            played.append(move)
        games.append(seen)
    out["games"][name] = games
json.dump(out, sys.stdout)
"""


#: Positions to start from besides a variant's own start, for what its start never leads to: a
#: bughouse board's hand, which only its partner board fills.
STARTS = {
    "bughouse": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRBNPqrbnp] w KQkq - 0 1"],
    "supply": ["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[RNBACPrnbacp] w - - 0 1"],
    # Shuffled back ranks, castling rights as Shredder-FEN writes them.
    "fischerandom": ["bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
                     "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w CAca - 0 1"],
    "caparandom": ["rbbqkrnacn/pppppppppp/10/10/10/10/PPPPPPPPPP/RBBQKRNACN w FAfa - 0 1"],
    # Castling rights a King's drop gives; a King in hand, which goes first.
    "placement": ["r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1"],
    "koedem": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1"],
    # Swallows in hand, and a file (e) already holding two of White's.
    "torishogi": ["rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[SSss] w 0 1"],
}


#: Fairy-Stockfish's Chess960 variants, which name every castling by the King's and the Rook's squares.
CHESS960 = {"fischerandom", "caparandom"}


def _drop_mate_letters(variants: list[str]) -> dict[str, str]:
    """The letter of the shogi pawn of each variant whose rules forbid mating by its drop: Fairy-
    Stockfish lists such a drop as legal and scores the game lost, where the board refuses it."""
    out = {}
    for name in variants:
        try:
            options, _ = resolve(name, {})
        except ValueError:
            continue
        if is_true(options.get("shogiPawnDropMateIllegal", "false")) and options.get("shogiPawn", "-") != "-":
            out[name] = options["shogiPawn"].strip()[0].upper()
    return out


def fsf_builtin_games(variants: list[str], games: int, plies: int, seed: int = 1) -> dict:
    """Fairy-Stockfish's built-in variant names, and for each variant asked random games it played
    (from :data:`STARTS` first, then its own start): per game, [fen, legal moves, move played
    (None at the end)] a ply."""
    job = json.dumps({"variants": variants, "games": games, "plies": plies, "seed": seed, "starts": STARTS,
                      "drop_mates": _drop_mate_letters(variants)})
    done = subprocess.run([sys.executable, "-c", _PLAY], input=job, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout)


def _board_part(fen: str) -> tuple[str, str]:
    """A FEN's placement (its hand's pieces sorted, an empty hand dropped) and side to move."""
    fields = fen.split()
    placement = fields[0]
    if "[" in placement:
        board, _, hand = placement.partition("[")
        hand = "".join(sorted(hand.rstrip("]").replace("-", "")))
        placement = board + (f"[{hand}]" if hand else "")
    return placement, fields[1] if len(fields) > 1 else "w"


#: Fairy-Stockfish's variant -> the shipped board that plays it, where the board of its name (or the
#: alias of aliases.txt) plays another variant: Fairy-Stockfish's ``janggi`` has bikjang, the casual
#: board has not.
OVERRIDES = {"janggi": "janggi-tournament"}


def board_for(variant: str) -> str | None:
    """The shipped board that plays Fairy-Stockfish's ``variant``, by its name or alias; None if none."""
    name = OVERRIDES.get(variant, variant)
    boards = shipped_boards()
    if name in boards:
        return name
    alias = shipped_aliases().get(name)
    return alias if alias in boards else None


@cache
def shipped_rules(name: str) -> Rules:
    """The interpreter of the shipped board that plays Fairy-Stockfish's ``name`` (:func:`board_for`),
    loaded once: every game compared on it shares it."""
    return Rules(load_board(board_for(name) or name))


def _readable(board, fen: str) -> str:
    """Fairy-Stockfish's FEN as Dagaz Studio reads it: without check counters, and without castling
    rights where the board has nothing to castle with."""
    fields = [f for f in fen.split() if not re.fullmatch(r"\d+\+\d+", f)]
    if len(fields) > 3 and re.fullmatch(r"([a-z]\d+){2,}", fields[3]):
        # A piece other than a pawn that made its initial double move names every square it passed:
        # the empty one is the usual field (as variants_oracle.compare reads it).
        empty = Position.from_fen(board, " ".join(fields[:2])).cells
        passed = [sq for sq in re.findall(r"[a-z]\d+", fields[3])
                  if sq in board.squares and empty[board.index(sq)] is None]
        fields[3] = passed[0] if len(passed) == 1 else "-"
    try:
        Position.from_fen(board, " ".join(fields))
    except ValueError:
        fields = fields[:2] + ["-"] + fields[3:]
    return " ".join(fields)


def check_game(name: str, game: list) -> str | None:
    """None when the shipped board ``name`` agrees with Fairy-Stockfish on every position of ``game``:
    the legal moves, the FEN read back, and the position each played move leads to; else the first
    difference."""
    chess960 = name in CHESS960
    rules = shipped_rules(name)
    difference = compare_rules(rules, [[[fen, moves] for fen, moves, _ in game]], chess960)
    if difference is not None:
        return difference
    board = rules.board
    for index, ((fen, _, move), following) in enumerate(zip(game, game[1:] + [None])):
        if index and Position.from_fen(board, fen).fen() != fen:
            # Every FEN Fairy-Stockfish wrote (the start is the variant's text) reads back unchanged.
            return f"{fen}: written back as {Position.from_fen(board, fen).fen()}"
        readable = _readable(board, fen)
        position = Position.from_fen(board, readable)
        if _board_part(position.fen()) != _board_part(readable):
            return f"{fen}: read back as {position.fen()}"
        if move is None or following is None:
            continue
        found = [m for m in legal_moves(rules, position) if move in uci_names(board, rules, [m], chess960)]
        if len(found) != 1:
            return f"{fen}: {len(found)} moves named {move}"
        make_move(position, found[0])
        expected = _board_part(_readable(board, following[0]))
        if _board_part(position.fen()) != expected:
            return f"{fen} after {move}: {position.fen()}, expected {following[0]}"
    return None


def pyffish_game(sf: ModuleType, variant: str, plies: int, rng: Random, fen: str = "",
                 prefer: Callable[[str], bool] | None = None) -> Iterator[tuple[str, Position, list[str], MoveNames]]:
    """A random game pyffish (``sf``) plays from ``fen`` (the variant's start if none) on the variant's
    shipped board: each position's FEN, the board's position, pyffish's legal moves in UCI and the
    board's names of its moves in UCI, before the game goes on. Moves ``prefer`` picks are chosen
    first where there are any.

    pyffish is asked with the moves played, not the last FEN alone: a FEN does not say what ended a
    game in the moves before it (Janggi's two passes in a row), which the board's position knows."""
    board = load_board(board_for(variant) or variant)
    rules = Rules(board)
    start = fen = fen or sf.start_fen(variant)
    position = Position.from_fen(board, fen)
    played: list[str] = []
    for _ in range(plies):
        legal = sorted(sf.legal_moves(variant, start, played))
        if not legal or sf.is_immediate_game_end(variant, start, played)[0]:
            return
        exact = MoveNames(rules, position, style="uci")
        yield fen, position, legal, exact
        choice = rng.choice([m for m in legal if prefer and prefer(m)] or legal)
        make_move(position, exact.read(choice))
        played.append(choice)
        fen = sf.get_fen(variant, start, played)
