"""Small boards built straight from the model, for testing the window without board files."""

from __future__ import annotations

from collections.abc import Callable

from dagaz_studio.board.model import Board, DrawHints

_VECTORS = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0), "O": (1, -1), "R": (-1, 1), "M": (-1, -1), "T": (1, 1)}


def grid_board(
    name: str,
    columns: str,
    rows: list[str],
    letters: str,
    draw: DrawHints,
    link: Callable[[int, int, str], bool] | None = None,
    players: tuple[str, ...] = ("White", "Black"),
) -> Board:
    """A full grid; direction ``letter`` links (column, row) on only where ``link`` allows."""
    width, height = len(columns), len(rows)
    squares = tuple(f"{c}{r}" for r in rows for c in columns)
    column_of = tuple(i % width for i in range(len(squares)))
    row_of = tuple(i // width for i in range(len(squares)))
    directions = {}
    for letter in letters:
        dx, dy = _VECTORS[letter]
        table = []
        for c, r in zip(column_of, row_of):
            c2, r2 = c + dx, r + dy
            inside = 0 <= c2 < width and 0 <= r2 < height
            table.append(r2 * width + c2 if inside and (link is None or link(c, r, letter)) else None)
        directions[letter] = tuple(table)
    return Board(
        name=name,
        kind="default",
        column_names=tuple(columns),
        row_names=tuple(rows),
        squares=squares,
        column_of=column_of,
        row_of=row_of,
        directions=directions,
        players=players,
        draw=draw,
    )


def chess_like() -> Board:
    """8x8 cells, checkered, with coordinates."""
    return grid_board(
        "chess", "abcdefgh", [str(n) for n in range(8, 0, -1)], "NSEWORMT",
        DrawHints(style="cells", checkered=True, coordinates=True),
    )


def xiangqi_like() -> Board:
    """9x10 points with a river between rows 4 and 5 and two crossed palaces."""
    return grid_board(
        "xiangqi", "abcdefghi", [str(n) for n in range(10, 0, -1)], "NSEW",
        DrawHints(style="points", lines=tuple("NSEW"), river=(4, 5), diagonals=((3, 0, 5, 2), (3, 7, 5, 9)), coordinates=True),
        players=("Red", "Black"),
    )


def fanorona_like() -> Board:
    """9x5 points; diagonal links only through the strong points (column + row even)."""
    return grid_board(
        "fanorona", "abcdefghi", [str(n) for n in range(5, 0, -1)], "NSEWORMT",
        DrawHints(style="points", lines=tuple("NSEWORMT"), coordinates=True),
        link=lambda c, r, letter: letter in "NSEW" or (c + r) % 2 == 0,
    )


def diagonal_links(board: Board) -> int:
    """How many distinct diagonal links the board has."""
    links = set()
    for letter in "ORMT":
        for square, neighbour in enumerate(board.directions.get(letter, ())):
            if neighbour is not None:
                links.add(frozenset((square, neighbour)))
    return len(links)
