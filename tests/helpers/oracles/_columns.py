"""The placement of a stack board in its text form (docs/kinds-fen.md, stacks): rows from the top,
``/`` between rows, a column of one piece as its letter, a column of several in parentheses from the
top down, runs of empty squares as numbers. Used by the Lasca and Bashni generators only."""

from __future__ import annotations

Cells = tuple[str, ...]  # one string per square, row 1 first, each a column from the top down


def parse_placement(text: str, width: int, height: int, letters: str) -> Cells:
    """The columns of a placement; ValueError for an impossible one."""
    rows = text.split("/")
    if len(rows) != height:
        raise ValueError(f"{height} rows expected: {text!r}")
    parsed: list[list[str]] = []
    for row in rows:
        cells: list[str] = []
        i = 0
        while i < len(row):
            char = row[i]
            if char.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                cells.extend([""] * int(row[i:j]))
                i = j
            elif char == "(":
                end = row.find(")", i)
                column = row[i + 1:end] if end > 0 else ""
                if len(column) < 2 or any(piece not in letters for piece in column):
                    raise ValueError(f"not a column of two pieces or more: {row[i:]!r}")
                cells.append(column)
                i = end + 1
            elif char in letters:
                cells.append(char)
                i += 1
            else:
                raise ValueError(f"not a piece: {char!r} in {text!r}")
        if len(cells) != width:
            raise ValueError(f"row {row!r} is not {width} squares wide")
        parsed.append(cells)
    return tuple(cell for row in reversed(parsed) for cell in row)


def format_placement(cells: Cells, width: int) -> str:
    """The text form of a placement."""
    rows = []
    for start in reversed(range(0, len(cells), width)):
        text, empty = "", 0
        for column in cells[start:start + width]:
            if not column:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += column if len(column) == 1 else f"({column})"
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows)
