"""Where the checkout and the tests' data are, whatever folder a test sits in."""

from __future__ import annotations

from pathlib import Path

#: The checkout: the folder holding ``dagaz_studio``, ``boards``, ``docs`` and ``tests``.
REPO = Path(__file__).resolve().parents[2]
#: Files the tests read: boards with problems, Fairy-Stockfish's example variants.ini and perft suite.
DATA = REPO / "tests" / "data"
