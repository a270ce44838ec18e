"""Betza's crooked (z) and circular (q) riders and XBetza's bracket forms ([F?R], [W-sR]) move as
their definitions say, on random positions with blockers of both colours, for either side.

Fairy-Stockfish reads none of these (piece.cpp skips the letters), and XBoard's moves.c neither,
so the expected moves come from the definitions, simulated here square by square:

- H.G. Muller, "Betza notation (extended)", chessvariants.com (MSbetza-notation-extended):
  ``z`` crooked, a rider that turns a right angle one way and back at every step (``zB`` the
  crooked Bishop, the Boyscout); ``q`` circular, a rider that turns the same way at every step
  (``qNN`` the Rose, whose eighth leap would bring it home);
- XBoard's moves.c (MovesFromString): a leg after ``a`` turns relative to the leg before by
  steps around a ring of eight directions (the rotation table ``rot`` and ``dirSet << angle``),
  an oblique atom's eight leaps counted in clockwise order, so ``f`` repeats the leap, ``fs`` turns
  to the next leap either way, ``s`` by a right angle, ``br`` by three leaps clockwise. (moves.c then steps that
  later leg as a D or A, not as the atom: the atom's own leap is read here.)
- H.G. Muller on chessvariants.com (reply 58488, April 2024): brackets chain simple moves, ``-`` when
  the move must go on, ``?`` when it may also end there; the Interactive Diagram reads the Griffon
  ``[F?R]`` (one diagonal step, then outward as a Rook); ``[W-sR]`` a step, then a Rook's move at
  a right angle.
"""

from __future__ import annotations

import random

import pytest

from dagaz_studio.betza import TranslationError, read_betza, to_dagaz
from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.notation import parse_notation
from dagaz_studio.translation import translate
from tests.helpers.betza_pieces import dagaz_targets, random_position
from tests.helpers.paths import DATA

BOARD = DATA / "betza-8x8.board"

ORTHOGONAL = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAGONAL = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
#: The knight's leaps in clockwise order, as a circle (the Rose's path).
KNIGHT_CIRCLE = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def _turn(vector: tuple[int, int], sense: int) -> tuple[int, int]:
    """A right angle clockwise (sense 1) or anticlockwise (-1)."""
    dx, dy = vector
    return (dy, -dx) if sense == 1 else (-dy, dx)


def crooked(firsts: list[tuple[int, int]]) -> list[tuple[list[tuple[int, int]], int]]:
    """Step sequences of a crooked rider: each first step, then turning a right angle and back."""
    return [([v if k % 2 == 0 else _turn(v, sense) for k in range(16)], 0) for v in firsts for sense in (1, -1)]


def circular(circle: list[tuple[int, int]]) -> list[tuple[list[tuple[int, int]], int]]:
    """Step sequences of a circular rider: every start, both senses, one step short of home."""
    n = len(circle)
    return [([circle[(i + sense * k) % n] for k in range(n - 1)], 0) for i in range(n) for sense in (1, -1)]


def griffon() -> list[tuple[list[tuple[int, int]], int]]:
    """[F?R]: a diagonal step, ending there or sliding on along either of its orthogonal sides."""
    out = []
    for d in DIAGONAL:
        for side in ((d[0], 0), (0, d[1])):
            out.append(([d] + [side] * 7, 0))
    return out


def step_then_sideways_rook() -> list[tuple[list[tuple[int, int]], int]]:
    """[W-sR]: a step, then at least one square of a Rook's slide at a right angle to it."""
    return [([w] + [_turn(w, sense)] * 7, 1) for w in ORTHOGONAL for sense in (1, -1)]


def expected(sequences: list[tuple[list[tuple[int, int]], int]], fen: str, square: str) -> set[str]:
    """Where the piece on ``square`` ends: every square of a sequence from its ``first_end``-th step on,
    over empty squares, stopping at the edge, a friend, or an enemy (taken)."""
    board, turn = fen.split()[0], fen.split()[1]
    cells: dict[tuple[int, int], str] = {}
    for row, text in enumerate(board.split("/")):
        file = 0
        for char in text:
            if char.isdigit():
                file += int(char)
            else:
                cells[(file, 7 - row)] = char
                file += 1
    mover_white = turn == "w"
    sign = 1 if mover_white else -1  # Black's moves are White's turned by a half turn
    x, y = "abcdefgh".index(square[0]), int(square[1]) - 1
    del cells[(x, y)]
    targets = set()
    for steps, first_end in sequences:
        cx, cy = x, y
        for index, (dx, dy) in enumerate(steps):
            cx, cy = cx + sign * dx, cy + sign * dy
            if not (0 <= cx < 8 and 0 <= cy < 8):
                break
            occupant = cells.get((cx, cy))
            if occupant is None:
                if index >= first_end and (cx, cy) != (x, y):  # coming home is no move
                    targets.add("abcdefgh"[cx] + str(cy + 1))
                continue
            if occupant.isupper() != mover_white and index >= first_end:
                targets.add("abcdefgh"[cx] + str(cy + 1))
            break
    return targets


def knight_legs(turns: list[int]) -> list[tuple[list[tuple[int, int]], int]]:
    """``ma…N``: a knight leap to an empty square, then one turned by each of ``turns`` leaps clockwise."""
    n = len(KNIGHT_CIRCLE)
    return [([v, KNIGHT_CIRCLE[(i + t) % n]], 1) for i, v in enumerate(KNIGHT_CIRCLE) for t in turns]


CASES = {
    "zB": crooked(DIAGONAL),
    "zR": crooked(ORTHOGONAL),
    "fzR": crooked([(0, 1)]),
    "qNN": circular(KNIGHT_CIRCLE),
    "qN0": circular(KNIGHT_CIRCLE),
    "qR": circular(ORTHOGONAL),
    "qB": circular(DIAGONAL),
    "mafN": knight_legs([0]),
    "mafsN": knight_legs([1, -1]),
    "masN": knight_legs([2, -2]),
    "mabrN": knight_legs([3]),
    "[F?R]": griffon(),
    "[W-sR]": step_then_sideways_rook(),
}


@pytest.mark.parametrize("text", sorted(CASES))
def test_crooked_circular_and_bracket_moves_follow_their_definitions(text: str) -> None:
    rng = random.Random(text)
    rules = Rules(load_board(str(BOARD)))
    dagaz = translate(text, "betza", "dagaz").text
    kind = rules.custom_kind(parse_notation(dagaz), name=text)
    moved = 0
    for n in range(40):
        fen, square = random_position(rng, black=n % 2 == 1)
        want = expected(CASES[text], fen, square)
        assert dagaz_targets(rules, kind, fen, square) == want, f"{text} -> {dagaz} on {fen} at {square}"
        moved += len(want)
    assert moved > 40


def test_a_limited_crooked_rider_stops_at_its_range() -> None:
    rules = Rules(load_board(str(BOARD)))
    kind = rules.custom_kind(parse_notation(translate("fzR3", "betza", "dagaz").text))
    assert dagaz_targets(rules, kind, "8/8/8/8/8/8/8/8 w - - 0 1", "d1") == {"d2", "e2", "e3", "c2", "c3"}


def test_the_rose_is_its_knight_legs_turning_one_way() -> None:
    rules = Rules(load_board(str(BOARD)))
    rose = rules.custom_kind(parse_notation(translate("qN3", "betza", "dagaz").text))
    legs = rules.custom_kind(parse_notation(translate("NmafrNmafrmafrNmaflNmaflmaflN", "betza", "dagaz").text))
    rng = random.Random(5)
    for n in range(30):
        fen, square = random_position(rng, black=n % 2 == 1)
        assert dagaz_targets(rules, rose, fen, square) == dagaz_targets(rules, legs, fen, square), fen


def test_griffon_brackets_and_xbetza_legs_agree() -> None:
    rules = Rules(load_board(str(BOARD)))
    brackets = rules.custom_kind(parse_notation(translate("[F?R]", "betza", "dagaz").text))
    legs = rules.custom_kind(parse_notation(translate("FyafsF", "betza", "dagaz").text))
    rng = random.Random(3)
    for n in range(30):
        fen, square = random_position(rng, black=n % 2 == 1)
        assert dagaz_targets(rules, brackets, fen, square) == dagaz_targets(rules, legs, fen, square), fen


@pytest.mark.parametrize("text", ["zB", "fzR", "qN0", "cqR", "zW3", "qN3", "lzB", "mafsN", "NcafrC", "fmabZ"])
def test_crooked_and_circular_riders_read_back_from_betza(text: str) -> None:
    again = translate(text, "betza", "betza").text
    assert read_betza(again).shapes and set(read_betza(again).shapes) == set(read_betza(text).shapes), again


@pytest.mark.parametrize(("text", "part", "words"), [
    ("zN", "zN", "oblique"),
    ("qN", "qN", "riders"),
    ("zK", "zK", "two atoms"),
    ("zafW", "zafW", "multi-leg"),
    ("pzR", "pzR", "'p' with 'z'"),
    ("W[F?]", "?", "must end with a leg"),
    ("[FR]", "R", "joined by"),
    ("[F?N]", "N", "the atom N"),
    ("[F?R]2", "2", "range after a bracket"),
    ("[F?eR]", "e", "en-passant"),
    ("[F]", "[F]", "two legs"),
])
def test_what_is_not_read_is_an_error_naming_the_part(text: str, part: str, words: str) -> None:
    with pytest.raises(TranslationError) as caught:
        read_betza(text)
    error = caught.value
    assert words in error.message
    assert text[error.start:error.end] == part, (text, error.start, error.end)


def test_the_english_and_the_dagaz_name_the_path() -> None:
    assert "zigzags" in translate("zB", "betza", "english").text.lower()
    assert "circle" in translate("qN0", "betza", "english").text
    assert to_dagaz(read_betza("fzR")) == "N([p]E[p]N)*([p]E)?;N([p]W[p]N)*([p]W)?"
    with pytest.raises(TranslationError, match="crooked or circular"):
        translate("zB", "betza", "parlett")


@pytest.mark.parametrize(("text", "name"), [
    ("mafsmafW", "multi-leg moves (a)"),
    ("[F?R]", "bracket forms"),
    ("KisO2", "castling (O)"),
    ("qN0", "circular paths (q)"),
    ("fzR", "crooked paths (z)"),
])
def test_the_fsf_dialect_names_what_fairy_stockfish_does_not_read(text: str, name: str) -> None:
    # piece.cpp reads only the letters it knows and skips the rest: FSF plays these otherwise, and
    # the fsf dialect reads them as it does (tests/betza/test_fsf_dialect.py compares the moves).
    piece = read_betza(text, "fsf")
    assert any(name in unread for unread in piece.unread)
    assert any("does not read" in warning and name in warning for warning in piece.warnings)
    assert read_betza(text, "xboard").unread == []
    assert set(piece.shapes) != set(read_betza(text, "xboard").shapes)


def test_an_imported_piece_fairy_stockfish_does_not_read_refuses_its_variant() -> None:
    from dagaz_studio.variants_ini import IniError, import_variant, read_ini

    sections = read_ini("[griffonchess:chess]\ncustomPiece1 = g:[F?R]\nstartFen = "
                        "rnbqkgnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKGNR w KQkq - 0 1\n")
    with pytest.raises(IniError, match=r"customPiece1 = \[F\?R\]: Fairy-Stockfish does not read bracket forms"):
        import_variant("griffonchess", sections)


def test_hoppers_with_a_range_move_as_fairy_stockfish_moves_them() -> None:
    # A hopper of range n reaches n squares at most, the hurdle among them (moves.c counts every
    # step; piece.cpp bounds the hopper by the same mask). pR1 is a grasshopper for piece.cpp.
    pytest.importorskip("pyffish")
    from tests.helpers.fsf_oracle import ask, piece_section

    pieces = ["pR3", "pB2", "mRpRmFpB2", "pR2", "fpR4", "cpB3", "pQ2", "pR1"]
    rules = Rules(load_board(str(BOARD)))
    rng = random.Random(11)
    ini = "".join(piece_section(f"hop{i}", text) for i, text in enumerate(pieces))
    queries, keys = [], []
    for i, text in enumerate(pieces):
        for n in range(12):
            fen, square = random_position(rng, black=n % 2 == 1)
            queries.append((f"hop{i}", fen, []))
            keys.append((text, fen, square))
    moved = 0
    for (text, fen, square), answer in zip(keys, ask(ini, queries)):
        assert answer is not None, text
        want = {m[2:4] for m in answer if m[:2] == square}
        kind = rules.custom_kind(parse_notation(to_dagaz(read_betza(text, "fsf"))), name=text)
        assert dagaz_targets(rules, kind, fen, square) == want, f"{text} on {fen} at {square}"
        moved += len(want)
    assert moved > 30
    assert any("range 1 no move" in warning for warning in read_betza("pR1").warnings)


#: Relative directions of a later leg as moves.c reads them, in steps of 45 degrees clockwise
#: (the King's system: dirs4/dirs3 and the rotation by the leg before); none: straight on or a
#: right angle either way for W and F (0x45).
RELATIVE = {"f": [0], "s": [2, 6], "fs": [1, 7], "r": [2], "l": [6], "fr": [1], "fl": [7], "": [0, 2, 6]}
RING8 = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def random_multi_leg(rng: random.Random) -> tuple[str, list[tuple[str, list[int]]]]:
    """A random two- or three-leg W or F move and its legs (modes, relative turns) for the simulator."""
    legs = [(rng.choice(["", "m", "c", "p"]), [])]
    for _ in range(rng.choice([1, 1, 2])):
        legs.append((rng.choice(["", "m", "c", "p"]), RELATIVE[rng.choice(list(RELATIVE))]))
    text = ""
    for index, (modes, turns) in enumerate(legs):
        if index:
            word = next(k for k, v in RELATIVE.items() if v == turns)
            text += "a" + word
        final = index == len(legs) - 1
        if final and modes == "p":
            legs[index] = ("", turns)
            modes = ""
        text += modes
    return text + rng.choice("WF"), legs


def multi_leg_targets(atom: str, legs: list[tuple[str, list[int]]], fen: str, square: str) -> set[str]:
    """moves.c's multi-leg move, square by square: a leg before the last ends on an empty square
    (none or m), an enemy it takes (c) or any piece it passes (p); the last one lands on an empty
    square or an enemy (none), only empty (m) or only an enemy (c). A leg turned by an odd number of
    45-degree steps is a diagonal step (moves.c's orthogonal-diagonal interconversion)."""
    board, turn = fen.split()[0], fen.split()[1]
    cells: dict[tuple[int, int], str] = {}
    for row, text in enumerate(board.split("/")):
        file = 0
        for char in text:
            if char.isdigit():
                file += int(char)
            else:
                cells[(file, 7 - row)] = char
                file += 1
    white = turn == "w"
    sign = 1 if white else -1
    x, y = "abcdefgh".index(square[0]), int(square[1]) - 1
    del cells[(x, y)]
    out: set[str] = set()

    def walk(cx: int, cy: int, direction: int, index: int) -> None:
        dx, dy = RING8[direction]
        nx, ny = cx + sign * dx, cy + sign * dy
        if not (0 <= nx < 8 and 0 <= ny < 8) or (nx, ny) == (x, y):
            return
        occupant = cells.get((nx, ny))
        enemy = occupant is not None and occupant.isupper() != white
        modes = legs[index][0]
        if index == len(legs) - 1:
            if occupant is None and modes in ("", "m") or enemy and modes in ("", "c"):
                out.add("abcdefgh"[nx] + str(ny + 1))
            return
        passes = (occupant is None and modes in ("", "m")) or (enemy and modes == "c") or \
            (occupant is not None and modes == "p")
        if passes:
            for turn_by in legs[index + 1][1]:
                walk(nx, ny, (direction + turn_by) % 8, index + 1)

    for direction in (range(0, 8, 2) if atom == "W" else range(1, 8, 2)):
        walk(x, y, direction, 0)
    return out


def test_random_multi_leg_moves_follow_xboards_reading() -> None:
    rng = random.Random(20261123)
    rules = Rules(load_board(str(BOARD)))
    checked = moved = 0
    for _ in range(120):
        text, legs = random_multi_leg(rng)
        kind = rules.custom_kind(parse_notation(translate(text, "betza", "dagaz").text), name=text)
        for n in range(4):
            fen, square = random_position(rng, black=n % 2 == 1)
            want = multi_leg_targets(text[-1], legs, fen, square)
            assert dagaz_targets(rules, kind, fen, square) == want, f"{text} on {fen} at {square}"
            checked += 1
            moved += len(want)
    assert checked == 480 and moved > 300
