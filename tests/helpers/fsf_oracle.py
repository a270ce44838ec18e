"""Fairy-Stockfish as an oracle for pieces written in Betza, run in a child process.

pyffish cannot redefine a variant and crashes on an unknown one, so every batch of questions is
asked in a fresh process that loads its own variants.ini text.
"""

from __future__ import annotations

import json
import subprocess
import sys

_SCRIPT = r"""
import json, sys
import pyffish as sf
job = json.load(sys.stdin)
sf.load_variant_config(job["ini"])
out = []
for variant, fen, moves in job["queries"]:
    if variant not in sf.variants():
        out.append(None)
        continue
    out.append(sf.legal_moves(variant, fen, moves))
json.dump(out, sys.stdout)
"""

PIECE_SECTION = """[{name}:chess]
king = -
pawn = -
knight = -
bishop = -
rook = -
queen = -
customPiece1 = a:{betza}
customPiece2 = b:mfW
castling = false
doubleStep = false
checking = false
startFen = 8/8/8/8/8/8/8/8 w - - 0 1
"""


def ask(ini: str, queries: list[tuple[str, str, list[str]]]) -> list[list[str] | None]:
    """Fairy-Stockfish's legal moves for each (variant, FEN, moves played) after loading ``ini``.

    A variant the text did not define answers ``None``.
    """
    job = json.dumps({"ini": ini, "queries": queries})
    done = subprocess.run([sys.executable, "-c", _SCRIPT], input=job, capture_output=True, text=True,
                          timeout=600, check=True)
    return json.loads(done.stdout)


def piece_section(name: str, betza: str) -> str:
    """A kingless 8x8 variant where ``a`` moves by ``betza`` and ``b`` stands in the way."""
    return PIECE_SECTION.format(name=name, betza=betza)


def printed(ini: str, script: str) -> str:
    """What the Python ``script`` prints (stripped), run with pyffish imported as ``sf`` and ``ini`` loaded."""
    done = subprocess.run([sys.executable, "-c", "import sys, pyffish as sf\nsf.load_variant_config(sys.stdin.read())\n"
                           + script], input=ini, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip()
