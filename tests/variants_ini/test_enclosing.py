"""Fairy-Stockfish's enclosing rules and passing when blocked, imported from variants.ini and
compared with Fairy-Stockfish playing the same text: ``flipEnclosedPieces`` (reversi, ataxx,
quadwrangle), ``enclosingDrop`` (reversi with ``enclosingDropStart``, ataxx, snort, top) and
``passOnStalemate``."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.variants_ini import IniError, import_file, import_variant, read_ini
from tests.helpers.paths import DATA

pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare, fsf_games, fsf_positions, uci_names  # noqa: E402

EXAMPLE = DATA / "fairy-stockfish" / "variants.ini"

#: Sections of our own, inheriting Fairy-Stockfish's built-in variants: Othello from an empty board
#: (its first four discs go on the start squares), and Ataxx itself.
OWN = """
[tinyreversi:flipersi]
maxRank = 6
maxFile = 6
startFen = 6/6/6/6/6/6[PPPPPPPPPPPPPPPPPPpppppppppppppppppp] w 0 1
enclosingDropStart = c3 d3 c4 d4

[smallataxx:ataxx]
maxRank = 5
maxFile = 5
startFen = P3p/5/5/5/p3P w 0 1
"""

#: From the example file: reversi turning and drops with a full start region and passing, the
#: quadwrangle turning (drops turn only beside a friend), snort's drops away from enemies, Connect
#: Four's drops from the bottom up, and antichess with passing when blocked.
EXAMPLE_SECTIONS = ["flipello6", "quadwrangle7x7", "snort", "cfour", "andersanti"]


@pytest.fixture(scope="module")
def example_games() -> dict:
    return fsf_games(EXAMPLE.read_text(encoding="utf-8"), EXAMPLE_SECTIONS, games=2, plies=40, seed=7)


@pytest.mark.parametrize("name", EXAMPLE_SECTIONS)
def test_example_sections_with_enclosing_rules_play_as_fairy_stockfish(name: str, example_games: dict) -> None:
    done, refused = import_file(EXAMPLE.read_text(encoding="utf-8"), [name])
    assert not refused, refused
    games = example_games[name]
    assert games is not None and sum(len(g) for g in games) > 30
    assert compare(done[0].text, games) is None


def test_othello_from_an_empty_board_and_ataxx_play_as_fairy_stockfish() -> None:
    done, refused = import_file(OWN, ["tinyreversi", "smallataxx"])
    assert not refused, refused
    games = fsf_games(OWN, ["tinyreversi", "smallataxx"], games=2, plies=40, seed=3)
    for variant in done:
        assert sum(len(g) for g in games[variant.name]) > 30
        assert compare(variant.text, games[variant.name]) is None, variant.name
    # The first four discs may go anywhere in the start squares, enclosing nothing.
    first = games["tinyreversi"][0][0]
    assert sorted(first[1]) == ["P@c3", "P@c4", "P@d3", "P@d4"]


def test_a_crusade_turns_the_neighbours_of_every_capture_as_fairy_stockfish() -> None:
    # Fairy-Stockfish ends a Crusade at its full start position, so it is compared on random
    # positions with empty squares, for either side.
    text = EXAMPLE.read_text(encoding="utf-8")
    (variant,), _ = import_file(text, ["crusade"])
    rng = random.Random(1)
    fens = []
    for n in range(30):
        rows = ["".join(rng.choice("Pp") if rng.random() < 0.6 else "1" for _ in range(8)) for _ in range(8)]
        placement = re.sub(r"1+", lambda m: str(len(m.group(0))), "/".join(rows))
        fens.append(placement + (" w" if n % 2 == 0 else " b") + " - - 0 1")
    positions = fsf_positions(text, "crusade", fens)
    assert sum(len(moves) for _, moves in positions) > 300
    assert compare(variant.text, [positions]) is None


_AFTER = r"""
import json, sys
import pyffish as sf
job = json.load(sys.stdin)
sf.load_variant_config(job["ini"])
json.dump([{move: sf.get_fen(job["variant"], fen, [move]) for move in sf.legal_moves(job["variant"], fen, [])}
           for fen in job["fens"]], sys.stdout)
"""


def fsf_after(ini: str, variant: str, fens: list[str]) -> list[dict[str, str]]:
    """For each position, Fairy-Stockfish's position after each of its legal moves."""
    job = json.dumps({"ini": ini, "variant": variant, "fens": fens})
    done = subprocess.run([sys.executable, "-c", _AFTER], input=job, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def board_rules(board_text: str) -> Rules:
    """The imported board's interpreter, the board read from a file as ``dagaz-studio`` reads it."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "variant.board"
        path.write_text(board_text, encoding="utf-8")
        return Rules(load_board(str(path)))


def placements_after(rules: Rules, fen: str) -> dict[str, str]:
    """The board (without hands) after each of the board's legal moves, by move name."""
    board = rules.board
    out = {}
    for move in legal_moves(rules, Position.from_fen(board, fen)):
        (name,) = uci_names(board, rules, [move])
        position = Position.from_fen(board, fen)
        make_move(position, move)
        out[name] = position.fen().split()[0].split("[")[0]
    return out


@pytest.mark.parametrize(("source", "name"), [
    ("example", "flipello6"), ("example", "quadwrangle7x7"), ("example", "crusade"), ("own", "smallataxx")])
def test_the_pieces_turned_are_those_fairy_stockfish_turns(source: str, name: str) -> None:
    """After every legal move of positions from random games, the board is Fairy-Stockfish's."""
    text = EXAMPLE.read_text(encoding="utf-8") if source == "example" else OWN
    (variant,), _ = import_file(text, [name])
    if name == "crusade":
        fens = ["PpPpPpPp/p1pP1p1P/PpP2pPp/1P3p1P/Pp1p1PpP/pPp1p3/PpPpPp1p/pPpP1pPp " + side + " - - 0 1"
                for side in "wb"]
    else:
        fens = [fen for game in fsf_games(text, [name], games=1, plies=24, seed=9)[name] for fen, _ in game]
    rules = board_rules(variant.text)  # read and its pieces' code written once for every position
    turned = 0
    for fen, theirs in zip(fens, fsf_after(text, name, fens)):
        ours = placements_after(rules, fen)
        theirs = {move: after.split()[0].split("[")[0] for move, after in theirs.items()
                  if not re.fullmatch(r"([a-z]\d+)\1", move)}  # a pass turns nothing
        ours = {move: after for move, after in ours.items() if not re.fullmatch(r"([a-z]\d+)\1", move)}
        assert ours == theirs, fen
        before = _squares(fen.split()[0].split("[")[0])
        turned += sum(any(a.isalpha() and b.isalpha() and a != b for a, b in zip(before, _squares(after)))
                      for after in ours.values())
    assert turned > 5  # moves that turned pieces were among those compared


def _squares(placement: str) -> str:
    """A placement a character a square, '.' for an empty one."""
    return re.sub(r"\d+", lambda m: "." * int(m.group(0)), placement.replace("/", ""))


def test_what_the_enclosing_rules_cannot_say_is_refused_naming_the_option() -> None:
    sections = read_ini(EXAMPLE.read_text(encoding="utf-8") + """
[royalflip:chess]
flipEnclosedPieces = ataxx

[onesided:flipello]
passOnStalemateBlack = false

[kingpass:chess]
passOnStalemate = true
""")
    with pytest.raises(IniError, match="enclosingDrop = anyside .*: .*not where the slide stops"):
        import_variant("cfour-anyside", sections)
    with pytest.raises(IniError, match="flipEnclosedPieces = ataxx with a royal piece"):
        import_variant("royalflip", sections)
    with pytest.raises(IniError, match="passOnStalemateBlack for one side only"):
        import_variant("onesided", sections)
    with pytest.raises(IniError, match="passOnStalemate with a royal piece"):
        import_variant("kingpass", sections)


def test_fairy_stockfishs_anyside_drop_is_not_where_a_slide_from_the_top_stops() -> None:
    # Why cfour-anyside is refused: under a piece on g4, a piece slid down from g7 stops on g5, one slid
    # up from g1 on g3; along the first rank the piece on c1 stops them on b1 and d1. Fairy-Stockfish
    # lets one be dropped on g1, where no slide stops.
    fen = "7/7/7/6p/7/7/2P4[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 1"
    ((_, drops),) = fsf_positions(EXAMPLE.read_text(encoding="utf-8"), "cfour-anyside", [fen])
    assert {"P@g1", "P@g3", "P@b1", "P@d1"} <= set(drops)


def test_blasts_with_turning_are_refused_at_their_line_saying_fairy_stockfish_turns_first() -> None:
    text = ("[blastflip:chess]\nking = -\ncastling = false\nextinctionValue = loss\nextinctionPieceTypes = *\n"
            "flipEnclosedPieces = reversi\nblastOnCapture = true\nstartFen = 8/8/8/8/R2rnnR1/8/8/8 w - - 0 1\n")
    done, refused = import_file(text)
    assert not done and [(error.section, error.line) for error in refused] == [("blastflip", 7)], refused
    assert "options blastOnCapture and flipEnclosedPieces together" in refused[0].message
    assert "turns the enclosed pieces before the capture's blast" in refused[0].message
    # The reason as Fairy-Stockfish plays it: the Rook's capture on d4 blasts itself and e4, and f4,
    # beyond the blast, was turned White before it.
    after = subprocess.run([sys.executable, "-c", "import pyffish as sf, sys; sf.load_variant_config(sys.stdin.read());"
                            "print(sf.get_fen('blastflip', sf.start_fen('blastflip'), ['a4d4']))"],
                           input=text, capture_output=True, text=True, timeout=60)
    assert after.stdout.split()[0] == "8/8/8/8/5NR1/8/8/8", after.stderr
