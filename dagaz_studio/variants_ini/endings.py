"""How a variants.ini section's game ends, as the board file's ``end`` statements (docs/boards.md):
Fairy-Stockfish's flag (flagPiece, flagRegion, flagPieceSafe, flagMove) as ``end reach``, its
checkCounting as ``end checks``, and extinctionValue = win and extinctionPieceCount as ``end
extinction: wins`` and ``below N``.

A flag this reading cannot say (a count of flag pieces, a win by a blocked region) is left out, the
options reported as ignored."""

from __future__ import annotations

import re
from collections.abc import Callable

from dagaz_studio.variants_ini.values import Square, is_true, squares_text

#: The flag's options an ``end reach`` statement says.
FLAG_OPTIONS = ("flagPiece", "flagPieceWhite", "flagPieceBlack", "flagRegion", "flagRegionWhite", "flagRegionBlack",
                "flagPieceSafe", "flagMove", "flagPieceCount", "flagPieceBlockedWin")


def _flag_letters(options: dict[str, str], side: str, pieces: dict[str, tuple[str, str]]) -> list[str]:
    # Unset, as '-', is Fairy-Stockfish's type 0: any piece reaching the region.
    value = options.get(f"flagPiece{side}", options.get("flagPiece", "*")).strip().lower()
    if value == "*":
        return list(pieces)
    return [letter for letter in value if letter in pieces]


def ending_lines(options: dict[str, str], pieces: dict[str, tuple[str, str]], names: dict[str, str],
                 royal: set[str], region: Callable[[str, str], set[Square]], files: int,
                 start_fen: str, extinct: set[str]) -> tuple[list[str], list[str], set[str]]:
    """The zones and ``end`` statements saying how the section's game ends, and the options they read."""
    zones: list[str] = []
    ends: list[str] = []
    read: set[str] = set()
    regions = (region("flagRegionWhite", options.get("flagRegion", "")),
               region("flagRegionBlack", options.get("flagRegion", "")))
    # A side's flag on no square of the board (*99) is never reached, as Fairy-Stockfish's empty region.
    white = _flag_letters(options, "White", pieces) if regions[0] else []
    black = _flag_letters(options, "Black", pieces) if regions[1] else []
    plain = (options.get("flagPieceCount", "1").strip() == "1"
             and not is_true(options.get("flagPieceBlockedWin", "false")))
    answered = is_true(options.get("flagMove", "false"))
    if (white or black) and plain:
        # flagMove: the other side's one more move; Fairy-Stockfish gives it to the second player's
        # King only where it can reach the region too, and to any other piece always.
        words = (" safe" if is_true(options.get("flagPieceSafe", "false")) else "") + (
            "" if not answered else " answered" if set(white + black) <= royal else " held")
        sides = [("White", white, regions[0]), ("Black", black, regions[1])]
        if white == black and regions[0] == regions[1]:
            zones.append(f"zone goal: {squares_text(regions[0], files)}")
            ends.append(f"end reach {' '.join(names[c] for c in white)}: goal{words}")
        elif white == black or not (white and black):
            parts = [f"{player} {squares_text(squares, files)}" for player, letters, squares in sides
                     if letters and squares]
            zones.append("zone goal: " + "; ".join(parts))
            ends.append(f"end reach {' '.join(names[c] for c in white or black)}: goal{words}")
        else:
            for player, letters, squares in sides:
                zones.append(f"zone goal-{player.lower()}: {player} {squares_text(squares, files)}")
                ends.append(f"end reach {' '.join(names[c] for c in letters)}: goal-{player.lower()}{words}")
        read |= set(FLAG_OPTIONS)
    if is_true(options.get("checkCounting", "false")):
        # Fairy-Stockfish's start counts each side's checks to give (3+3); without, the next check wins.
        counted = re.search(r"(?<!\S)(\d+)\+(\d+)(?!\S)", start_fen)
        if counted is None or counted.group(1) == counted.group(2):
            ends.append(f"end checks: {counted.group(1) if counted else 1}")
            read.add("checkCounting")
    wins = options.get("extinctionValue", "").strip().lower() == "win"
    count = int(options.get("extinctionPieceCount", "0").strip() or 0) if extinct else 0
    if extinct and (wins or count):
        ends.append("end extinction:" + (" wins" if wins else "") + (f" below {count + 1}" if count else ""))
    return zones, ends, read
