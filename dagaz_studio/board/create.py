"""Writing the text of a new board file from a few choices: grid, directions, players, symmetry.

The window's "New board" asks for these; the text it gets here is an ordinary board file, read back
by the loader like any other, so a new board and a hand-written one cannot differ.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

from dagaz_studio.board.problems import echoed

__all__ = ["DIRECTION_CHOICES", "SYMMETRY_CHOICES", "NewBoard", "NewBoardError", "new_board_text"]

#: Which directions a new board has: the four orthogonal ones, the four diagonal ones, or all eight.
DIRECTION_CHOICES = ("orthogonal", "diagonal", "both")
#: How the second player's directions map onto the board's.
#: ``mirror``: the second player plays down the board (north and south swapped, as in chess);
#: ``turn``: the second player sees the board turned half a turn (every direction reversed);
#: ``none``: both players share the board's directions.
SYMMETRY_CHOICES = ("mirror", "turn", "none")
#: The largest grid: columns are single letters a..z; rows are kept to a board a window can show.
MAX_COLUMNS = len(string.ascii_lowercase)
MAX_ROWS = 99

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
# (dx, dy): dx counts columns to the right, dy rows down, as drawn.
_VECTORS = {
    "N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0),
    "O": (1, -1), "T": (1, 1), "R": (-1, 1), "M": (-1, -1),
}
_ORTHOGONAL = ("N", "E", "S", "W")
_DIAGONAL = ("O", "T", "R", "M")
_SYMMETRIES = {
    "mirror": "N<>S O<>T M<>R",
    "turn": "N<>S E<>W O<>R M<>T",
    "none": "",
}


class NewBoardError(ValueError):
    """A choice a board file cannot hold: ``field`` names the choice, the message says why."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class NewBoard:
    """The choices a new board is made from.

    ``players`` are one or two names in turn order (positions know a first and a second player);
    ``style`` is ``cells`` (pieces in squares) or ``points`` (pieces where lines cross, the lines
    drawn along every direction the board has).
    """

    name: str
    columns: int = 8
    rows: int = 8
    directions: str = "both"
    players: tuple[str, ...] = ("White", "Black")
    symmetry: str = "mirror"
    style: str = "cells"
    checkered: bool = True
    coordinates: bool = True


def new_board_text(spec: NewBoard) -> str:
    """The text of a board file for ``spec``: grid, direction vectors, players, symmetry, an empty
    setup and draw hints. Raises :class:`NewBoardError` for a choice a board file cannot hold."""
    _check(spec)
    last_column = string.ascii_lowercase[spec.columns - 1]
    letters = {"orthogonal": _ORTHOGONAL, "diagonal": _DIAGONAL, "both": _ORTHOGONAL + _DIAGONAL}[spec.directions]
    lines = [
        f"# {spec.name}: a new board. The format is described in docs/boards.md, the move notation in",
        "# docs/notation.md.",
        "",
        spec.name,
        "",
        f"# {spec.columns} columns a..{last_column}, {spec.rows} rows listed top to bottom.",
        f"grid: a-{last_column} x {spec.rows}-1",
        "",
        "# Directions as vectors (dx, dy): dx counts columns to the right, dy rows down, as drawn.",
    ]
    lines += [f"{letter} = ({_VECTORS[letter][0]}, {_VECTORS[letter][1]})" for letter in letters]
    lines += ["", f"players: {' '.join(spec.players)}"]
    swaps = _SYMMETRIES[spec.symmetry]
    if len(spec.players) == 2 and swaps:
        # Only the letters the board defines: a swap naming a missing direction would mean nothing.
        kept = [pair for pair in swaps.split() if pair[0] in letters]
        if kept:
            lines.append(f"symmetry {spec.players[1]}: {' '.join(kept)}")
    empty_rows = "/".join([str(spec.columns)] * spec.rows)
    lines += ["", "# The initial position: no pieces yet.", f"setup: {empty_rows} w", ""]
    lines.append(f"draw: {spec.style}")
    if spec.style == "cells" and spec.checkered:
        lines.append("draw: checkered")
    if spec.style == "points":
        lines.append(f"draw: lines {' '.join(letters)}")
    if spec.coordinates:
        lines.append("draw: coordinates")
    return "\n".join(lines) + "\n"


def _check(spec: NewBoard) -> None:
    if not _NAME.fullmatch(spec.name):
        raise NewBoardError("name", f"a board's name is a word of letters, digits, '_' and '-', beginning "
                                    f"with a letter, not '{echoed(spec.name)}'")
    if not 1 <= spec.columns <= MAX_COLUMNS:
        raise NewBoardError("columns", f"a board has 1 to {MAX_COLUMNS} columns, not {spec.columns}")
    if not 1 <= spec.rows <= MAX_ROWS:
        raise NewBoardError("rows", f"a board has 1 to {MAX_ROWS} rows, not {spec.rows}")
    if spec.directions not in DIRECTION_CHOICES:
        raise NewBoardError("directions", f"directions are one of {', '.join(DIRECTION_CHOICES)}, not {spec.directions!r}")
    if spec.symmetry not in SYMMETRY_CHOICES:
        raise NewBoardError("symmetry", f"symmetry is one of {', '.join(SYMMETRY_CHOICES)}, not {spec.symmetry!r}")
    if spec.style not in ("cells", "points"):
        raise NewBoardError("style", f"a board is drawn as cells or points, not {spec.style!r}")
    if not 1 <= len(spec.players) <= 2:
        raise NewBoardError("players", f"a board has one or two players, not {len(spec.players)}")
    for player in spec.players:
        if not _NAME.fullmatch(player):
            raise NewBoardError("players", f"a player's name is a word beginning with a letter, not '{echoed(player)}'")
    if len(set(spec.players)) != len(spec.players):
        raise NewBoardError("players", f"the players need two different names, not '{echoed(spec.players[0])}' twice")
