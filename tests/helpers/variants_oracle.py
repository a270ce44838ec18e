"""Imported variants played against Fairy-Stockfish: random games in pyffish, legal moves compared."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.position import Position

_PLAY = r"""
import json, random, sys
import pyffish as sf
job = json.load(sys.stdin)
sf.load_variant_config(job["ini"])
out = {}
for name in job["variants"]:
    if name not in sf.variants():
        out[name] = None
        continue
    rng = random.Random(job["seed"])
    games = []
    for _ in range(job["games"]):
        start = sf.start_fen(name)
        played, seen = [], []
        for _ in range(job["plies"]):
            fen = sf.get_fen(name, start, played)
            if sf.is_immediate_game_end(name, start, played)[0]:
                # A game that has ended (a flag reached, a piece extinct, two passes in a row, which
                # only the moves played tell) lists no moves.
                break
            moves = sf.legal_moves(name, start, played)
            seen.append([fen, moves])
            if not moves:
                break
            played.append(rng.choice(moves))
        games.append(seen)
    out[name] = games
json.dump(out, sys.stdout)
"""


def imports_and_plays_alike(text: str, games: int, plies: int, seed: int) -> None:
    """``text``, one variants.ini section, imported without a refusal and played as Fairy-Stockfish plays it
    (``games`` random games of ``plies`` moves; skipped without pyffish)."""
    import pytest

    from dagaz_studio.variants_ini import import_file

    done, refused = import_file(text)
    assert not refused and len(done) == 1, refused
    pytest.importorskip("pyffish")
    name = done[0].name
    assert compare(done[0].text, fsf_games(text, [name], games, plies, seed)[name]) is None


def fsf_games(ini: str, variants: list[str], games: int = 2, plies: int = 30, seed: int = 1) -> dict:
    """For each variant, random games played by Fairy-Stockfish: [[fen, legal moves], ...] per game."""
    job = json.dumps({"ini": ini, "variants": variants, "games": games, "plies": plies, "seed": seed})
    done = subprocess.run([sys.executable, "-c", _PLAY], input=job, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout)


def uci(board, rules: Rules, move) -> str:
    if getattr(move, "dropped", False):
        # A piece dropped as its promoted side (Kyoto shogi): Fairy-Stockfish writes +P@e3.
        side = "+" if move.promotion else ""
        return f"{side}{board.pieces[move.piece].letter.upper()}@{board.squares[move.target]}"
    text = board.squares[move.origin] + board.squares[move.target]
    if move.promotion:
        letter = rules.kinds[rules.kind_index[move.promotion]].letter
        if board.pieces[move.piece].letter == "+" + letter:
            text += "-"  # a promoted piece turned back (Kyoto shogi's demotion)
        else:
            text += "+" if letter.startswith("+") else letter.rstrip("~").lower()
    if getattr(move, "created", ()) and move.created[0] != move.target:
        # A wall the move leaves elsewhere (an arrow, a trail): Fairy-Stockfish adds its square as a
        # second leg (a piece turned to stone where it lands is not named so).
        text += f",{board.squares[move.target]}{board.squares[move.created[0]]}"
    return text


def uci_names(board, rules: Rules, moves: list, chess960: bool = False) -> set[str]:
    """The moves named as Fairy-Stockfish names them: a castling whose King's move reads as an
    ordinary King move is named by the King's and the Rook's squares instead (uci.cpp), and every
    castling so in its Chess960 variants (``chess960``). A piece from hand entering behind (gating)
    adds its letter, lower case; entering on a castling Rook's square, the move is named from that
    square to the King's (``h1e1h``)."""
    plain = [uci(board, rules, m) for m in moves]
    simple = {name for name, m in zip(plain, moves) if not m.also}
    out = set()
    for name, move in zip(plain, moves):
        gate = getattr(move, "gate", None)
        letter = board.pieces[gate[1]].letter.lower() if gate else ""
        if gate and gate[0] != move.origin:
            name = board.squares[gate[0]] + board.squares[move.origin]
        elif move.also and (chess960 or name in simple):
            name = board.squares[move.origin] + board.squares[move.also[0][0]]
        out.add(name + letter)
    return out


def compare(board_text: str, games: list, chess960: bool = False, read_back: bool = False) -> str | None:
    """None when the board's legal moves equal Fairy-Stockfish's on every position (and, with
    ``read_back``, each FEN reads and writes back unchanged), else the first difference."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "variant.board"
        path.write_text(board_text, encoding="utf-8")
        try:
            board = load_board(str(path))
        except ValueError as error:
            return f"the board does not load: {error}"
    return compare_rules(Rules(board), games, chess960, read_back)


def compare_rules(rules: Rules, games: list, chess960: bool = False, read_back: bool = False) -> str | None:
    """:func:`compare` on a board already loaded, with its interpreter ``rules``: a board compared on
    game after game is read and its pieces' code written once."""
    board = rules.board
    for game in games:
        for fen, expected in game:
            if read_back:
                try:
                    written = Position.from_fen(board, fen).fen()
                except ValueError as error:
                    return f"{fen}: {error}"
                if written != fen:
                    return f"{fen}: written back as {written}"
            fields = [f for f in fen.split() if not re.fullmatch(r"\d+\+\d+", f)]  # check counters
            if len(fields) > 3 and re.fullmatch(r"([a-z]\d+){2,}", fields[3]) and not _reads(board, fields):
                # A piece other than a pawn that made its initial double move leaves every square it
                # passed, and its own, as en-passant squares: read as such where they are a line the
                # piece went along (a Berolina pawn's diagonal step), else the one it passed is the
                # usual field.
                empty = Position.from_fen(board, " ".join(fields[:2])).cells
                passed = [sq for sq in re.findall(r"[a-z]\d+", fields[3])
                          if sq in board.squares and empty[board.index(sq)] is None]
                fields[3] = passed[0] if len(passed) == 1 else "-"
            fen = " ".join(fields)
            try:
                try:
                    position = Position.from_fen(board, fen)
                except ValueError:
                    # Fairy-Stockfish keeps KQkq in the FEN of a game without a King to castle with.
                    fields = fen.split()
                    position = Position.from_fen(board, " ".join(fields[:2] + ["-"] + fields[3:]))
                got = uci_names(board, rules, legal_moves(rules, position), chess960)
            except ValueError as error:
                return f"{fen}: {error}"
            got, expected = _passes_named_alike(got), _passes_named_alike(expected)
            if got != set(expected):
                return f"{fen}: extra {sorted(got - set(expected))[:5]}, missing {sorted(set(expected) - got)[:5]}"
    return None


def _reads(board, fields: list[str]) -> bool:
    """Whether the position reads as written, its en-passant squares those of a move along a line."""
    try:
        Position.from_fen(board, " ".join(fields))
    except ValueError:
        return False
    return True


def _passes_named_alike(names) -> set[str]:
    """A pass is a move from a square to itself, named by whichever square the program chooses
    (Fairy-Stockfish: its side's piece on the lowest square, a1 first; Dagaz Studio: its first piece as
    the board lists them): the same move, named alike here."""
    return {"pass" if re.fullmatch(r"([a-z]\d+)\1", name) else name for name in names}


_LIST = r"""
import json, sys
import pyffish as sf
job = json.load(sys.stdin)
sf.load_variant_config(job["ini"])
json.dump([[fen, sf.legal_moves(job["variant"], fen, [])] for fen in job["fens"]], sys.stdout)
"""


def fsf_positions(ini: str, variant: str, fens: list[str]) -> list:
    """Fairy-Stockfish's legal moves on given positions, as one game for :func:`compare`."""
    job = json.dumps({"ini": ini, "variant": variant, "fens": fens})
    done = subprocess.run([sys.executable, "-c", _LIST], input=job, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout)
