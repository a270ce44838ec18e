"""How many sections of a variants.ini import and play as Fairy-Stockfish plays them.

    python tests/benchmarks/measure_variants_ini.py PATH/TO/variants.ini [--games 2 --plies 30]

Each section is imported; each imported board and Fairy-Stockfish (loading the same text) play
the same random games, and their legal moves are compared position by position. Prints one line
per section (imported and equal, imported but different, refused with the reason) and the counts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dagaz_studio.queries.import_ini import import_checked  # noqa: E402
from dagaz_studio.variants_ini import read_ini  # noqa: E402
from dagaz_studio.variants_ini.files import read_ini_file  # noqa: E402
from tests.helpers.variants_oracle import compare, fsf_games  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("ini")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--plies", type=int, default=30)
    args = parser.parse_args()
    text = read_ini_file(args.ini)
    total = len(read_ini(text))
    imported, refused = import_checked(text)  # as the command imports: each board kept loads
    games = fsf_games(text, [v.name for v in imported], args.games, args.plies)
    same = 0
    for variant in imported:
        played = games.get(variant.name)
        if played is None:
            print(f"{variant.name}: Fairy-Stockfish did not load it")
            continue
        difference = compare(variant.text, played)
        if difference is None:
            same += 1
            print(f"{variant.name}: same legal moves")
        else:
            print(f"{variant.name}: DIFFERENT: {difference}")
    for error in refused:
        print(f"{error.section}: refused (line {error.line}): {error.message}")
    print(f"{total} sections: {len(imported)} imported, {same} play as Fairy-Stockfish does, "
          f"{len(refused)} refused with the reason")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
