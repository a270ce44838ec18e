"""Reading Betza and XBetza: atoms, directions, dialects, multi-leg moves and errors."""

from __future__ import annotations

import pytest

from dagaz_studio.betza import TranslationError, read_betza, to_dagaz
from dagaz_studio.betza.model import Shape
from dagaz_studio.parlett import read_parlett


def vectors(text: str, dialect: str = "xboard") -> set[tuple[int, int]]:
    """Where the one-leg moves of a piece lead on an empty board, in its own frame."""
    return {s.legs[0].vector for s in read_betza(text, dialect).shapes if len(s.legs) == 1}


KNIGHT = {(1, 2), (-1, 2), (2, 1), (-2, 1), (2, -1), (-2, -1), (1, -2), (-1, -2)}


def test_atoms_are_their_leaps() -> None:
    assert vectors("W") == {(0, 1), (0, -1), (1, 0), (-1, 0)}
    assert vectors("N") == KNIGHT
    assert vectors("K") == vectors("WF")
    assert all(max(abs(x), abs(y)) == 3 and min(abs(x), abs(y)) == 1 for x, y in vectors("C"))


def test_the_chart_of_oblique_directions() -> None:
    # XBetza's chart: one letter a pair, two letters a single move or a pair.
    assert vectors("fN") == {(1, 2), (-1, 2)}
    assert vectors("fsN") == {(2, 1), (-2, 1)}
    assert vectors("frN") == {(2, 1)}
    assert vectors("rfN") == {(1, 2)}
    assert vectors("fhN") == {(1, 2), (-1, 2), (2, 1), (-2, 1)}
    assert vectors("lvN") == {(-1, 2), (-1, -2)}


def test_directions_join_on_orthogonal_atoms_and_intersect_on_diagonal_ones() -> None:
    assert vectors("fsW") == {(0, 1), (1, 0), (-1, 0)}
    assert vectors("frW") == {(0, 1), (1, 0)}
    assert vectors("frF") == {(1, 1)}
    assert vectors("fF") == {(1, 1), (-1, 1)}


def test_king_with_directions_differs_between_dialects() -> None:
    xboard = read_betza("fK")
    assert {s.legs[0].vector for s in xboard.shapes} == {(0, 1)}
    assert any("Fairy-Stockfish" in w for w in xboard.warnings)
    fsf = read_betza("fK", "fsf")
    assert {s.legs[0].vector for s in fsf.shapes} == {(0, 1), (1, 1), (-1, 1)}
    assert vectors("fsK") == {(1, 1), (-1, 1)}


def test_l_and_j_are_swapped_between_dialects_with_a_warning() -> None:
    camel = vectors("C")
    zebra = vectors("Z")
    assert vectors("J") == camel and vectors("L") == zebra
    assert vectors("L", "fsf") == camel and vectors("J", "fsf") == zebra
    assert "XBoard" in read_betza("L").warnings[0]


def test_doubled_atom_is_a_rider_for_fairy_stockfish_and_once_for_xboard() -> None:
    assert {s.legs[0].range for s in read_betza("NN", "fsf").shapes} == {0}
    xboard = read_betza("NN")
    assert {s.legs[0].range for s in xboard.shapes} == {1} and xboard.warnings


def test_ranges_modalities_hoppers_lame_and_initial() -> None:
    pawn = read_betza("fmWfcFifmnD")
    by_vector = {s.legs[0].vector: s for s in pawn.shapes}
    assert by_vector[(0, 1)].legs[0].modes == {"m"}
    assert by_vector[(1, 1)].legs[0].modes == {"c"}
    double = by_vector[(0, 2)]
    assert double.initial and double.legs[0].lame_path == ((0, 1),)
    assert {s.legs[0].range for s in read_betza("R").shapes} == {0}
    assert {s.legs[0].range for s in read_betza("W3").shapes} == {3}
    cannon = [s for s in read_betza("mRcpR").shapes if s.legs[0].hop]
    assert len(cannon) == 4 and all(s.legs[0].modes == {"c"} for s in cannon)


def test_multi_leg_moves_turn_relative_to_the_previous_leg() -> None:
    mao = read_betza("afsW")
    assert len(mao.shapes) == 8
    for shape in mao.shapes:
        first, second = shape.legs
        assert first.modes == {"m"}  # the default on a leg before the last
        assert abs(second.vector[0]) == abs(second.vector[1]) == 1  # W turned 45 degrees is F
        end = (first.vector[0] + second.vector[0], first.vector[1] + second.vector[1])
        assert end in KNIGHT
    checker = read_betza("fcafmF")
    assert {tuple(leg.vector for leg in s.legs) for s in checker.shapes} == {((1, 1), (1, 1)), ((-1, 1), (-1, 1))}
    assert all(s.legs[0].modes == {"c"} for s in checker.shapes)


@pytest.mark.parametrize(("text", "message", "column"), [
    ("", "empty", 1),
    ("fmW#", "unexpected '#'", 4),
    ("fm", "ends without an atom", 3),
    ("cO", "a null move captures nothing", 1),
    ("O0", "O0 has no reading", 1),
    ("poR", "'o' (the cylinder) with 'p'", 1),
    ("oafsW", "'o' (the cylinder) in a multi-leg move", 1),
    ("imO2", "'m' on castling (O)", 2),
    ("fceaF", "'e' (en passant) on a leg before the last", 1),
    ("xW", "excluding (x)", 1),
    ("(FW)", "parenthesised groups", 1),
])
def test_errors_name_the_part(text: str, message: str, column: int) -> None:
    with pytest.raises(TranslationError) as caught:
        read_betza(text)
    assert message in caught.value.message
    assert caught.value.column == column or not text


def test_fairy_stockfish_dialect_says_what_it_would_not_move() -> None:
    for text, warning in (("DD", "riders of W, F and N"), ("nH", "lame")):
        piece = read_betza(text, "fsf")
        assert piece.shapes == [] and piece.immobile
        assert any(warning in w for w in piece.warnings)


def test_shapes_are_not_repeated() -> None:
    assert len(read_betza("WW").shapes) == 4
    assert isinstance(read_betza("KW").shapes[0], Shape) and len(read_betza("KW").shapes) == 8


def test_a_long_run_that_cannot_be_read_is_quoted_by_its_start() -> None:
    with pytest.raises(TranslationError) as caught:
        read_betza("(" * 3000)
    assert caught.value.message == "unexpected '((((((((((((…'"


@pytest.mark.parametrize("text", ["mRcpR\n", "mRcpR\r\n", "\nmRcpR", "mR\ncpR", " mR\tcpR "])
def test_line_breaks_are_space_between_parts(text: str) -> None:
    # A piece typed with Enter after it, or pasted with its line ending, reads as written on one
    # line, as the Dagaz notation does.
    assert to_dagaz(read_betza(text)) == to_dagaz(read_betza("mRcpR"))


@pytest.mark.parametrize("text", ["n+\n", "n+,\n1X\r\n"])
def test_parlett_reads_line_breaks_as_space(text: str) -> None:
    assert to_dagaz(read_parlett(text)) == to_dagaz(read_parlett(text.replace("\r", "").replace("\n", "")))
