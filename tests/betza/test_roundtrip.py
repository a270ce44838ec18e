"""Betza → Dagaz → Betza gives a piece that moves the same, and the translate command."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from dataclasses import replace

import pytest

from dagaz_studio.betza import Shape, read_betza, to_dagaz
from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.notation import parse_notation
from dagaz_studio.translation import TranslationError, translate
from tests.helpers.betza_pieces import dagaz_targets, random_piece, random_position
from tests.helpers.paths import DATA

BOARD = DATA / "betza-8x8.board"

MULTI_LEG = ["afsW", "fcafmF", "mabW", "afsF", "cafsR", "mpafmR", "fmaflW", "afsmafW", "caK", "mafW", "ifmnDfmWfcF"]
#: Pieces whose Betza needs more than an ``a`` chain of one atom and range: crooked and circular
#: riders, hoppers with a range, legs of different ranges (bracket forms and ``y``).
TURNING_AND_BRACKETS = ["zB", "qN0", "zR", "qW0", "zB3", "qN3", "czB", "mzR4", "pR3", "pB2", "[F?R]", "FyafsF",
                        "[W-sR]", "i[W-sR3]", "[F-cR]", "[D?fF]", "[pW-R]"]


def test_betza_to_dagaz_to_betza_moves_the_same() -> None:
    rng = random.Random(7)
    board = load_board(str(BOARD))
    rules = Rules(board)
    texts = MULTI_LEG + TURNING_AND_BRACKETS + [random_piece(rng) for _ in range(150)]
    checked = 0
    for text in texts:
        dialect = "xboard" if text in TURNING_AND_BRACKETS else "fsf"
        dagaz = translate(text, "betza", "dagaz", dialect).text
        again = translate(dagaz, "dagaz", "betza", dialect).text
        original = rules.custom_kind(parse_notation(dagaz), name=text)
        returned = rules.custom_kind(parse_notation(to_dagaz(read_betza(again, dialect))), name=again)
        for n in range(6):
            fen, square = random_position(rng, black=n % 2 == 1)
            assert dagaz_targets(rules, original, fen, square) == dagaz_targets(rules, returned, fen, square), \
                f"{text} -> {dagaz} -> {again} on {fen} at {square}"
            checked += 1
    assert checked == 6 * len(texts)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dagaz_studio", *args], capture_output=True, text=True, timeout=60)


def test_translate_prints_one_line_and_warns_on_stderr() -> None:
    done = run_cli("translate", "fK", "--from", "betza", "--to", "dagaz")
    assert done.returncode == 0
    assert done.stdout.count("\n") == 1
    dagaz = done.stdout.strip()
    assert translate(dagaz, "dagaz", "betza").text == "fW"
    assert "Fairy-Stockfish" in done.stderr
    english = run_cli("translate", "mRcpR", "--to", "english")
    assert english.returncode == 0 and "jumps over" in english.stdout


def test_translate_errors_exit_2_naming_the_part() -> None:
    done = run_cli("translate", "fmO2", "--to", "dagaz")
    assert done.returncode == 2
    assert "castling (O)" in done.stderr and "Traceback" not in done.stderr
    castling = run_cli("translate", "*[FA]", "--from", "dagaz", "--to", "betza")
    assert castling.returncode == 2 and "[F]" in castling.stderr


LAME = [direction + "n" + atom for atom in "DNAHCZG" for direction in ("", "f", "rb", "fs", "l")]


@pytest.mark.parametrize("dialect", ["xboard", "fsf"])
def test_a_lame_leap_written_for_a_dialect_reads_back_in_it(dialect: str) -> None:
    # Read in either dialect (the two check other squares on the way), written for one, read back in
    # it: the same moves. Janggi's Elephant is Fairy-Stockfish's nZ, which XBoard reads otherwise.
    rng = random.Random(11)
    rules = Rules(load_board(str(BOARD)))
    written = 0
    for text in LAME:
        for source in ("xboard", "fsf"):
            dagaz = translate(text, "betza", "dagaz", source).text
            if dagaz == "[P]":
                continue  # Fairy-Stockfish blocks D, N, A and Z leaps only: nH is no move to it
            try:
                again = translate(dagaz, "dagaz", "betza", dialect).text
            except TranslationError:
                # XBoard checks one square halfway: a leap of 3 so blocked is no lame leap of
                # Fairy-Stockfish's, nor a chain of steps.
                assert (source, dialect) == ("xboard", "fsf") and text[-1] in "HCZG", text
                continue
            written += 1
            original = rules.custom_kind(parse_notation(dagaz), name=text)
            returned = rules.custom_kind(parse_notation(to_dagaz(read_betza(again, dialect))), name=again)
            for n in range(8):
                fen, square = random_position(rng, black=n % 2 == 1)
                assert dagaz_targets(rules, original, fen, square) == dagaz_targets(rules, returned, fen, square), \
                    f"{text} ({source}) -> {dagaz} -> {again} ({dialect}) on {fen} at {square}"
    assert written >= 30


def test_janggis_elephant_is_written_for_xboard_as_its_chain_of_steps() -> None:
    elephant = load_board("janggi").pieces["Elephant"].notation_text
    assert translate(elephant, "dagaz", "betza").text == "mafsmafW"
    assert translate(elephant, "dagaz", "betza", "fsf").text == "nZ"


@pytest.mark.parametrize(("text", "says"), [
    ("101+", "a move of 101 legs: Betza is read with at most 100"),
    ("9999*", "a move of 9,999 legs"),
    (",".join(f"{n}+" for n in range(40, 100)), "characters in Betza, which is read up to 4,000"),
])
def test_betza_too_long_to_be_read_back_is_refused(text: str, says: str) -> None:
    # Parlett's exact distances are a chain of steps in Betza: past the reader's limits it is refused,
    # not written as a text that no Betza reader here takes back.
    with pytest.raises(TranslationError, match=says):
        translate(text, "parlett", "betza")


def test_betza_at_the_readers_limits_reads_back() -> None:
    betza = translate("100+", "parlett", "betza").text
    assert betza.count("a") == 99
    assert translate(betza, "betza", "dagaz").text


@pytest.mark.parametrize(("text", "says"), [
    ("pN0", "jumps over the first piece it would land on and leaps on beyond it"),
    ("gN0", "lands one leap beyond the first piece it would land on"),
    ("pD0", "Repeats a leap of 2 squares orthogonally over empty landing squares, jumps over"),
    ("nN0", "each leap over empty squares only"),
    ("nD0", "each leap over empty squares only"),
    ("jD0", "each leap over an occupied square"),
    ("jN0", "each leap over an occupied square"),
    ("gR3", "lands right behind the first piece in its way, 3 squares at most in all"),
    ("pN3", "3 leaps at most in all"),
])
def test_english_says_how_a_rider_of_leaps_hops_or_is_stopped(text: str, says: str) -> None:
    # A hopping, lame or jumping rider is no plain rider: its English says what makes it differ.
    assert says in translate(text, "betza", "english").text


@pytest.mark.parametrize("text", ["mNN", "cWW", "mFF", "mNNcrD", "mRR", "cNmN"])
@pytest.mark.parametrize("dialect", ["xboard", "fsf"])
def test_betza_written_never_doubles_an_atom(text: str, dialect: str) -> None:
    # A move-only and a plain move of one atom side by side (mN, N) would read as a rider (mNN: mN0)
    # to Fairy-Stockfish and classic Betza: the written parts are ordered so that no atom is doubled.
    rules = Rules(load_board(str(BOARD)))
    dagaz = translate(text, "betza", "dagaz").text
    written = translate(dagaz, "dagaz", "betza", dialect).text
    assert not any(a + a in written for a in "WFDNAHCZGRBQK"), written
    original = rules.custom_kind(parse_notation(dagaz), name=text)
    returned = rules.custom_kind(parse_notation(translate(written, "betza", "dagaz", dialect).text), name=written)
    rng = random.Random(text)
    for n in range(20):
        fen, square = random_position(rng, black=n % 2 == 1)
        assert dagaz_targets(rules, original, fen, square) == dagaz_targets(rules, returned, fen, square), \
            f"{text} -> {written} on {fen} at {square}"


@pytest.mark.parametrize(("betza", "unread"), [
    ("oR", "the cylinder (o)"), ("zB", "crooked paths (z)"), ("O", "the null move (O)"),
    ("fcafmF", "multi-leg moves (a)"), ("[W-sR]", "bracket forms"),
])
def test_betza_for_fairy_stockfish_refuses_what_it_does_not_read(betza: str, unread: str) -> None:
    # Fairy-Stockfish skips these letters and moves by the rest: written for it, the text would lie.
    dagaz = translate(betza, "betza", "dagaz").text
    assert translate(dagaz, "dagaz", "betza").text
    with pytest.raises(TranslationError, match=re.escape(f"Fairy-Stockfish does not read {unread}")):
        translate(dagaz, "dagaz", "betza", "fsf")


@pytest.mark.parametrize("text", ["ssparhbhaR", "pafmR", "mpafcR", "spafsmafR"])
def test_a_hop_read_on_the_first_leg_is_written_back(text: str) -> None:
    # The Dagaz reader takes a leg that passes a piece and the straight leg after it as one hopper
    # leg; written back, that hop is XBetza's 'p' leg again, not dropped.
    rules = Rules(load_board(str(BOARD)))
    dagaz = translate(text, "betza", "dagaz").text
    written = translate(dagaz, "dagaz", "betza").text
    original = rules.custom_kind(parse_notation(dagaz), name=text)
    returned = rules.custom_kind(parse_notation(translate(written, "betza", "dagaz").text), name=written)
    rng = random.Random(text)
    for n in range(30):
        fen, square = random_position(rng, black=n % 2 == 1)
        assert dagaz_targets(rules, original, fen, square) == dagaz_targets(rules, returned, fen, square), \
            f"{text} -> {written} on {fen} at {square}"


@pytest.mark.parametrize(("dagaz", "warned"), [
    ("E", True), ("OT", True), ("(NE)([p]\\1)*", True), ("N,O;E,T;S,R;W,M", True),
    ("E'", False), ("OT'", False), ("EW", False), ("W,RM;S,TR;N,OM;E,OT", False), ("N", False),
])
def test_unmarked_sides_of_a_lopsided_piece_are_warned_of(dagaz: str, warned: bool) -> None:
    # Unmarked, E is the board's east for both players: on chess, which mirrors Black's directions,
    # Black's left. Betza's r is the piece's own right (E'): the translation says which it took.
    result = translate(dagaz, "dagaz", "betza")
    assert any("mover's own hand" in w for w in result.warnings) == warned, result.warnings
    rules = Rules(load_board("chess"))
    own = rules.custom_kind(parse_notation(translate(result.text, "betza", "dagaz").text), name="own")
    kind = rules.custom_kind(parse_notation(dagaz), name="as written")
    fen = "8/8/8/8/8/8/8/8 b - - 0 1"
    assert (dagaz_targets(rules, own, fen, "d4") != dagaz_targets(rules, kind, fen, "d4")) == warned


@pytest.mark.parametrize("text", ["fmWfceFifmnD", "ceF", "fmeW", "mceN", "fmWfceFifmnDcefsW"])
@pytest.mark.parametrize("dialect", ["xboard", "fsf"])
def test_an_en_passant_capture_written_in_dagaz_reads_back_as_betza(text: str, dialect: str) -> None:
    # The en-passant check the Dagaz is written with ([p,l>N,(te,x)>S], beside [e] as a choice) is read
    # back as Betza's 'e': the piece comes back moving as it went, its Betza as it was written.
    dagaz = translate(text, "betza", "dagaz", dialect).text
    again = translate(dagaz, "dagaz", "betza", dialect).text
    assert _one_mode_each(again, dialect) == _one_mode_each(text, dialect), f"{text} -> {dagaz} -> {again}"
    if text == "fmWfceFifmnD":
        assert again == text


def _one_mode_each(text: str, dialect: str) -> set[Shape]:
    """The piece's shapes, each last leg finding one thing: alike for ``fmW fcW`` and ``fmcW``."""
    return {replace(shape, legs=shape.legs[:-1] + (replace(shape.legs[-1], modes=frozenset(mode)),))
            for shape in read_betza(text, dialect).shapes for mode in shape.legs[-1].modes}
