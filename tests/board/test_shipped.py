"""The shipped boards load, and their geometry matches what is computed here independently."""

from __future__ import annotations

import pytest

from dagaz_studio.board import load_board, parse_placement, shipped_boards, shipped_family
from dagaz_studio.board.shipped import resolve_board, shipped_board
from tests.helpers.paths import REPO


def test_shipped_boards_are_found_in_the_repository():
    boards = shipped_boards()
    assert set(boards) >= {"chess", "xiangqi", "fanorona"}
    assert boards["chess"] == REPO / "boards" / "chess" / "chess.board"


def test_shipped_boards_are_kept_by_family_and_named_by_stem_alone():
    boards = shipped_boards()
    families = {name: shipped_family(path) for name, path in boards.items()}
    assert families["chess"] == "chess" and families["xiangqi"] == "xiangqi" and families["fanorona"] == "others"
    stems = [path.stem for path in (REPO / "boards").rglob("*.board")]
    assert len(stems) == len(set(stems)) == len(boards), "two shipped boards share a name"
    assert shipped_family(REPO / "tests" / "x.board") == ""


def test_a_board_looked_up_by_name_is_the_one_the_whole_listing_gives():
    boards = shipped_boards()
    for name, path in boards.items():
        assert shipped_board(name) == path == resolve_board(name)
    for not_a_name in ("", ".", "..", "chess/chess", "../boards/chess/chess", "no-such-board"):
        assert shipped_board(not_a_name) is None
    # A board kept deeper than a family folder would be missed by the lookup: none is.
    assert all(len(path.relative_to(REPO / "boards").parts) <= 2 for path in (REPO / "boards").rglob("*.board"))


def test_a_shipped_board_loads_by_name_or_path():
    by_name = load_board("chess")
    by_path = load_board(REPO / "boards" / "chess" / "chess.board")
    assert by_name.squares == by_path.squares
    assert by_name.source == str(REPO / "boards" / "chess" / "chess.board")


def _step(board, square: str, letter: str):
    target = board.neighbour(board.index(square), letter)
    return None if target is None else board.squares[target]


# --------------------------------------------------------------------------- chess


def test_chess_geometry():
    board = load_board("chess")
    assert board.name == "chess"
    assert len(board.squares) == 64
    assert board.column_names == tuple("abcdefgh")
    assert board.row_names == tuple("87654321")
    assert board.squares[0] == "a8" and board.squares[63] == "h1"
    assert sorted(board.directions) == sorted("NSEWOMTR")
    assert _step(board, "e2", "N") == "e3"
    assert _step(board, "e2", "O") == "f3"
    assert _step(board, "e2", "M") == "d3"
    assert _step(board, "e2", "R") == "d1"
    assert _step(board, "h1", "E") is None
    assert _step(board, "a8", "N") is None
    # Every vector direction links every square whose target is inside the grid, and no other.
    deltas = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0), "O": (1, 1), "M": (-1, 1), "T": (1, -1), "R": (-1, -1)}
    for letter, (dfile, drank) in deltas.items():
        for square in board.squares:
            f, r = ord(square[0]) - ord("a") + dfile, int(square[1]) + drank
            expected = f"{chr(ord('a') + f)}{r}" if 0 <= f < 8 and 1 <= r <= 8 else None
            assert _step(board, square, letter) == expected


def test_chess_players_pieces_and_setup():
    board = load_board("chess")
    assert board.players == ("White", "Black")
    assert board.player_direction("Black", "N") == "S"
    assert board.player_direction("Black", "O") == "T"
    assert board.player_direction("Black", "M") == "R"
    assert board.player_direction("Black", "E") == "E"
    assert board.player_direction("White", "N") == "N"
    assert [(p.name, p.letter, p.royal) for p in board.pieces.values()] == [
        ("Pawn", "P", False), ("Knight", "N", False), ("Bishop", "B", False),
        ("Rook", "R", False), ("Queen", "Q", False), ("King", "K", True),
    ]
    # The King's notation was folded over three lines and reads as one.
    assert board.pieces["King"].notation_text == (
        "*[FA]; [MA](E[pA]){2}|E[f,=Rook,M]^W{2}; [MA](W[pA]){2}|W[p]W[f,=Rook,M]^E{3}"
    )
    last = board.zones["last"]
    assert {board.squares[i] for i in last.squares_for("White")} == {f"{c}8" for c in "abcdefgh"}
    assert {board.squares[i] for i in last.squares_for("Black")} == {f"{c}1" for c in "abcdefgh"}
    placement = parse_placement(board, board.setup)
    assert len(placement) == 32
    assert placement[board.index("e1")] == (0, board.pieces["King"])
    assert placement[board.index("d8")] == (1, board.pieces["Queen"])
    assert board.setup.split()[1:] == ["w", "KQkq", "-", "0", "1"]
    assert board.draw.style == "cells" and board.draw.checkered and board.draw.coordinates
    assert board.rules.words == frozenset()


# --------------------------------------------------------------------------- xiangqi


def test_xiangqi_geometry_zones_and_setup():
    board = load_board("xiangqi")
    assert len(board.squares) == 90
    assert board.row_names == tuple(str(r) for r in range(10, 0, -1))
    assert _step(board, "e9", "N") == "e10"
    assert _step(board, "e10", "N") is None
    assert _step(board, "a1", "O") == "b2"
    assert board.players == ("Red", "Black")
    palace = board.zones["palace"]
    names = lambda squares: {board.squares[i] for i in squares}
    assert names(palace.squares_for("Red")) == {f"{c}{r}" for c in "def" for r in (1, 2, 3)}
    assert names(palace.squares_for("Black")) == {f"{c}{r}" for c in "def" for r in (8, 9, 10)}
    assert names(board.zones["home"].squares_for("Red")) == {f"{c}{r}" for c in "abcdefghi" for r in range(1, 6)}
    assert board.zones["across"].squares_for("Black") == board.zones["home"].squares_for("Red")
    assert {p.letter for p in board.pieces.values()} == set("RNBAKCP")
    assert board.pieces["General"].royal
    placement = parse_placement(board, board.setup)
    assert len(placement) == 32
    assert placement[board.index("e1")] == (0, board.pieces["General"])
    assert placement[board.index("b8")] == (1, board.pieces["Cannon"])
    assert placement[board.index("i4")] == (0, board.pieces["Soldier"])
    assert board.draw.style == "points"
    assert board.draw.river == (4, 5)  # between rows 6 and 5, counted from the top
    assert board.draw.lines == ("N", "E", "S", "W")
    assert set(board.draw.diagonals) == {(3, 7, 5, 9), (3, 0, 5, 2)}


# --------------------------------------------------------------------------- fanorona


def test_fanorona_diagonals_only_on_strong_points():
    board = load_board("fanorona")
    assert board.name == "fanorona-9x5"
    assert len(board.squares) == 45
    deltas = {"O": (1, -1), "T": (1, 1), "R": (-1, 1), "M": (-1, -1)}
    for i, square in enumerate(board.squares):
        c, r = board.column_of[i], board.row_of[i]
        strong = (c + r) % 2 == 0
        for letter, (dc, dr) in deltas.items():
            inside = 0 <= c + dc < 9 and 0 <= r + dr < 5
            expected = board.squares[(r + dr) * 9 + c + dc] if strong and inside else None
            assert _step(board, square, letter) == expected, (square, letter)
        # Orthogonal links everywhere.
        assert (_step(board, square, "N") is None) == (r == 0)


def test_fanorona_setup_and_rules():
    board = load_board("fanorona")
    placement = parse_placement(board, board.setup)
    assert len(placement) == 44
    assert board.index("e3") not in placement
    row3 = [placement[board.index(f"{c}3")][0] for c in "abcdfghi"]
    assert row3 == [1, 0, 1, 0, 1, 0, 1, 0]  # a3 Black, b3 White, ... as the oracle lists them
    assert all(placement[board.index(f"{c}1")][0] == 0 for c in "abcdefghi")
    assert all(placement[board.index(f"{c}5")][0] == 1 for c in "abcdefghi")
    assert board.rules.words == frozenset({"compulsory-capture"})
    assert board.draw.lines == tuple("NESWOTRM")


@pytest.mark.parametrize("name", ["chess", "xiangqi", "fanorona"])
def test_every_notation_names_only_known_types_and_zones(name):
    from dagaz_studio.notation import nodes

    board = load_board(name)
    for piece in board.pieces.values():
        for node in nodes.walk(piece.notation):
            if isinstance(node, nodes.TypeCheck):
                assert node.name in board.pieces
            if isinstance(node, nodes.ZoneCheck):
                assert node.name in board.zones



@pytest.mark.parametrize(
    "name, fen, counts",
    [
        ("xiangqi", None, [44, 1920]),
        ("xiangqi", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", [38, 1128]),
        ("fanorona", None, [5, 39, 724]),
        ("chess", None, [20, 400]),
    ],
)
def test_shipped_boards_give_the_published_perft_counts(name, fen, counts):
    light_path = pytest.importorskip("dagaz_studio.engine.light_path")
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules

    board = load_board(name)
    rules = Rules(board)
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    assert [light_path.perft(rules, position, depth) for depth in range(1, len(counts) + 1)] == counts


def test_an_installed_package_finds_its_boards_under_data(tmp_path, monkeypatch):
    # Installed as a wheel, the boards are copied to dagaz_studio/_data/boards (pyproject's force-include).
    from dagaz_studio.board import shipped

    package = tmp_path / "site-packages" / "dagaz_studio"
    (package / "board").mkdir(parents=True)
    (package / "_data" / "boards").mkdir(parents=True)
    (package / "_data" / "boards" / "tiny.board").write_text("grid: a-b x 2-1\n", encoding="utf-8")
    monkeypatch.setattr(shipped, "__file__", str(package / "board" / "shipped.py"))
    assert shipped_boards() == {"tiny": package / "_data" / "boards" / "tiny.board"}
    assert len(load_board("tiny").squares) == 4


CHESS_NAMES = {"King", "Queen", "Rook", "Bishop", "Knight", "Pawn"}
CHESS_FAMILIES = {"chess", "chess-goals", "drop-chess", "fairy-chess", "large-chess", "regional-chess"}


@pytest.mark.parametrize("name", [name for name, path in shipped_boards().items() if shipped_family(path) in CHESS_FAMILIES])
def test_a_chess_family_board_draws_its_chess_pieces_as_chess_symbols(name):
    board = load_board(name)
    if CHESS_NAMES & set(board.pieces):
        assert board.draw.symbols == "chess", f"{name} draws its chess pieces as letters"
