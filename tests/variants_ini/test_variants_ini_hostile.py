"""A variants.ini that is wrong, or built to hurt: each section is imported or refused on its own.

A refused section is named with its line and reason, its good neighbours are still written, the
exit status is 2, nothing ends in a traceback, every board written loads, the same file gives the
same bytes on every run, and the limits (sections, inheritance depth, value length) refuse
quickly what would otherwise run for minutes.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dagaz_studio.board.loader import parse_board
from dagaz_studio.engine.position import Position
from dagaz_studio.variants_ini import IniError, import_file
from dagaz_studio.variants_ini.inheritance import MAX_INHERITANCE
from dagaz_studio.variants_ini.ini import MAX_SECTIONS, MAX_VALUE_LENGTH
from tests.helpers.example_ini import example_import
from tests.helpers.paths import DATA

EXAMPLE = DATA / "fairy-stockfish" / "variants.ini"
GOOD = "[good{n}:chess]\nmaxRank = 6\nmaxFile = 6\nstartFen = rnbkqr/pppppp/6/6/PPPPPP/RNBKQR w - - 0 1\n\n"


def _import(tmp_path: Path, text: str, *more: str, timeout: float = 120) -> subprocess.CompletedProcess:
    ini = tmp_path / "variants.ini"
    ini.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "dagaz_studio", "import", str(ini), "--out", str(tmp_path / "out"),
                           *more], capture_output=True, text=True, timeout=timeout)


def _written(tmp_path: Path) -> list[str]:
    return sorted(path.stem for path in (tmp_path / "out").glob("*.board"))


def _loads(text: str) -> None:
    Position.initial(parse_board(text))


@pytest.mark.parametrize(("bad", "option"), [("maxRank = win", "maxRank"), ("maxFile = 10x", "maxFile"),
                                             ("startFen =", "startFen"), ("promotionRank = x", "promotionRank"),
                                             ("castlingKingsideFile = ??", "castlingKingsideFile"),
                                             ("startFen = 99999999999/8 w - - 0 1", "startFen")])
def test_a_bad_value_refuses_its_section_alone_naming_the_option_and_its_line(tmp_path: Path, bad: str,
                                                                              option: str) -> None:
    text = GOOD.format(n=1) + f"[bad:chess]\n# the bad line is line 8\n{bad}\n\n" + GOOD.format(n=2)
    done = _import(tmp_path, text)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert re.search(rf"variants\.ini:8: refused \[bad\]: .*option {option}\b", done.stderr), done.stderr
    assert _written(tmp_path) == ["good1", "good2"]


def test_unreadable_lines_refuse_their_section_and_the_lines_before_any_section_are_said(tmp_path: Path) -> None:
    text = ("stray = 1\n" + GOOD.format(n=1) + "[broken:chess]\nmaxRank = 6\nthis is no option\nnor this\n\n"
            + GOOD.format(n=2))
    done = _import(tmp_path, text)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "variants.ini:1: refused: a line before any [section]" in done.stderr
    assert "variants.ini:9: refused [broken]: not a 'key = value' line: 'this is no option' (and 1 more" \
        in done.stderr
    assert _written(tmp_path) == ["good1", "good2"]


def test_a_section_inheriting_from_a_refused_one_is_refused_with_it() -> None:
    text = "[base:chess]\nmaxRank = wide\nnonsense\n[child:base]\nmaxFile = 6\n[fine:chess]\n"
    done, refused = import_file(text)
    assert [variant.name for variant in done] == ["fine"]
    assert [(error.section, error.line) for error in refused] == [("base", 3), ("child", 4)]
    assert "inherits from [base], which is refused" in refused[1].message


def test_a_section_named_twice_is_read_as_fairy_stockfish_reads_it_the_first_and_the_second_is_refused() -> None:
    first = "[twice:chess]\ncastling = false\n"
    text = first + GOOD.format(n=2) + "[twice:chess]\nmaxRank = 6\n[child:twice]\n"
    done, refused = import_file(text)
    assert [variant.name for variant in done] == ["twice", "good2", "child"]
    assert [(error.section, error.line) for error in refused] == [("twice", 8)]
    assert "playing the first, at line 1" in refused[0].message
    assert all("KQkq" not in variant.text and "grid: a-h x 8-1" in variant.text for variant in done if variant.name != "good2")
    pytest.importorskip("pyffish")
    from tests.helpers.fsf_oracle import printed

    # Fairy-Stockfish's [twice] and [child] are the first [twice]: eight ranks, no castling.
    assert printed(text, "print(*(m for v in ('twice', 'child') for m in sf.legal_moves(v, "
                         "'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', []) if m == 'e1g1'), "
                         "sf.start_fen('child').count('/'))") == "7"


@pytest.mark.parametrize("text", ["", "# only a comment\n\n; and another\n"])
def test_a_file_without_sections_says_so_and_exits_2(tmp_path: Path, text: str) -> None:
    done = _import(tmp_path, text)
    assert done.returncode == 2 and "no [section]" in done.stderr and "Traceback" not in done.stderr


def test_every_board_imported_from_the_example_loads_with_its_start_position() -> None:
    imported, _ = example_import()
    problems = {}
    for variant in imported:
        try:
            _loads(variant.text)
        except ValueError as error:
            problems[variant.name] = str(error)
    assert not problems


def test_a_game_without_castling_keeps_no_castling_rights_in_its_start_position() -> None:
    # Fairy-Stockfish drops the rights of a game without castling; giveaway's King is no royal piece.
    (variant,), refused = import_file("[antiantichess:giveaway]\ncastling = false\n")
    assert not refused
    _loads(variant.text)
    assert re.search(r"^setup: \S+ w - ", variant.text, re.M)


def test_a_board_the_check_finds_wrong_is_refused_with_the_reason_and_the_rest_import() -> None:
    def check(text: str, name: str) -> None:
        if name == "good2":
            raise ValueError("a reason")
    done, refused = import_file(GOOD.format(n=1) + GOOD.format(n=2) + GOOD.format(n=3), check=check)
    assert [variant.name for variant in done] == ["good1", "good3"]
    assert [(error.section, error.line, error.message) for error in refused] == [
        ("good2", 6, "the board it makes does not load: a reason")]


def test_the_same_file_writes_the_same_bytes_whatever_the_hash_seed(tmp_path: Path) -> None:
    outputs = []
    for seed in ("1", "2", "3"):
        out = tmp_path / f"out{seed}"
        subprocess.run([sys.executable, "-m", "dagaz_studio", "import", str(EXAMPLE), "--out", str(out)],
                       capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONHASHSEED": seed})
        outputs.append({path.name: path.read_bytes() for path in sorted(out.glob("*.board"))})
    assert len(outputs[0]) > 100
    assert outputs[0] == outputs[1] == outputs[2]


def test_an_inheritance_chain_past_the_limit_is_refused_quickly(tmp_path: Path) -> None:
    deep = 3 * MAX_INHERITANCE
    text = "[v0:chess]\n" + "".join(f"[v{n}:v{n - 1}]\n" for n in range(1, deep + 1))
    # Processor time, which an unbounded reading would spend: a loaded machine stretches wall time
    # several times over.
    started = time.process_time()
    done, refused = import_file(text)
    assert time.process_time() - started < 30
    assert [variant.name for variant in done] == [f"v{n}" for n in range(MAX_INHERITANCE)]
    assert len(refused) == deep + 1 - MAX_INHERITANCE
    assert all(f"more than {MAX_INHERITANCE} parents" in error.message for error in refused)
    assert [error.line for error in refused] == list(range(MAX_INHERITANCE + 1, deep + 2))


def test_more_sections_than_the_limit_refuse_the_file_at_the_first_one_too_many(tmp_path: Path) -> None:
    text = "".join(f"[s{n}:v]\n" for n in range(MAX_SECTIONS + 5))
    with pytest.raises(IniError) as caught:
        import_file(text)
    assert caught.value.line == MAX_SECTIONS + 1
    done = _import(tmp_path, text, timeout=60)
    assert done.returncode == 2 and f"variants.ini:{MAX_SECTIONS + 1}: more than {MAX_SECTIONS:,} sections" \
        in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_value_past_the_length_limit_is_refused_unread(tmp_path: Path) -> None:
    long = "N" * (4 * MAX_VALUE_LENGTH)
    text = GOOD.format(n=1) + f"[betza:chess]\ncustomPiece1 = z:{long}\n\n" + GOOD.format(n=2)
    started = time.perf_counter()
    done = _import(tmp_path, text)
    assert time.perf_counter() - started < 60
    assert done.returncode == 2
    assert f"variants.ini:7: refused [betza]: option customPiece1: a value of {len(long) + 2:,} characters" \
        in done.stderr
    assert _written(tmp_path) == ["good1", "good2"]


def test_the_pieces_betza_a_file_may_have_translated_is_bounded_and_each_value_is_translated_once() -> None:
    from dagaz_studio.variants_ini.importing import MAX_PIECE_TEXT

    each = 900
    values = ["W" * n + "F" * (each - n) for n in range(1, MAX_PIECE_TEXT // each + 4)]
    text = "".join(f"[p{n}:chess]\ncastling = false\ncustomPiece1 = z:{value}\n"
                   f"startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w - - 0 1\n[q{n}:p{n}]\n"
                   for n, value in enumerate(values))
    # Processor time, which an unbounded reading would spend: a loaded machine stretches wall time
    # several times over.
    started = time.process_time()
    done, refused = import_file(text)
    assert time.process_time() - started < 30
    fits = MAX_PIECE_TEXT // (each + 2)  # "z:" and the value
    # A child inheriting its parent's piece costs nothing more.
    assert [variant.name for variant in done] == [f"{kind}{n}" for n in range(fits) for kind in "pq"]
    assert [error.section for error in refused] == [f"{kind}{n}" for n in range(fits, len(values)) for kind in "pq"]
    assert all(f"past {MAX_PIECE_TEXT:,} characters of Betza" in error.message for error in refused)


def test_sections_whose_names_make_one_file_name_or_too_long_a_one_are_all_written(tmp_path: Path) -> None:
    long = "v" * 5000
    names = ["abc", "Abc", "ABC", long, long + "w"]  # one file name where case is not told apart
    text = "".join(GOOD.replace("good{n}", name) for name in names)
    done = _import(tmp_path, text)
    assert done.returncode == 0, done.stderr
    written = sorted((tmp_path / "out").glob("*.board"))
    assert len(written) == len(names) and all(len(path.name) <= 120 for path in written)
    assert {path.read_text(encoding="utf-8").split("\n")[1] for path in written} == {f"name: {n}" for n in names}


@pytest.mark.parametrize("bad", ["customPiece1 = 3R", "customPiece1 = :R", "customPiece2 = 1:W", "knight = *:N"])
def test_a_piece_letter_that_is_no_letter_is_refused_at_its_line(tmp_path: Path, bad: str) -> None:
    text = GOOD.format(n=1) + f"[bad:chess]\n# the bad line is line 8\n{bad}\n\n" + GOOD.format(n=2)
    done = _import(tmp_path, text)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    key = bad.split()[0]
    assert re.search(rf"variants\.ini:8: refused \[bad\]: piece {key} = .*: a piece's letter is one letter",
                     done.stderr), done.stderr
    assert "does not load" not in done.stderr
    assert _written(tmp_path) == ["good1", "good2"]


def test_a_parent_defined_below_its_child_is_refused_as_fairy_stockfish_refuses_it() -> None:
    # Fairy-Stockfish reads the sections in order: [early] finds no variant 'late', and [house]
    # finds its built-in crazyhouse, not the file's section of that name below it.
    text = "[early:late]\nmaxRank = 8\n\n[house:crazyhouse]\n\n[late:chess]\ncastling = false\n\n[crazyhouse:chess]\n"
    done, refused = import_file(text, ["early", "house", "late"])
    assert [(error.section, error.line) for error in refused] == [("early", 1)]
    assert "[late], which is defined below it, at line 6" in refused[0].message
    house = next(variant for variant in done if variant.name == "house")
    assert "captures-to-hand" in house.text
    pytest.importorskip("pyffish")
    from tests.helpers.variants_oracle import compare, fsf_games

    games = fsf_games(text, ["early", "house"], games=2, plies=20, seed=2)
    assert games["early"] is None
    assert compare(house.text, games["house"]) is None


def test_castling_from_any_start_is_read_where_chess960_says_true() -> None:
    # Fairy-Stockfish's chess960 castles a King on f1 with the Rook on g1 (f1g1), from any start.
    done, refused = import_file("[shuffled:fischerandom]\n\n[wide:caparandom]\n\n[plain:fischerandom]\n"
                                "chess960 = false\n")
    assert not refused and [variant.name for variant in done] == ["shuffled", "wide", "plain"]
    assert ["rule: shuffled-setup" in variant.text for variant in done] == [True, True, False]


@pytest.mark.parametrize("name", ["a b", "a/b", "-x", "ß", "шахматы"])
def test_a_section_name_no_board_can_have_is_refused_saying_so(tmp_path: Path, name: str) -> None:
    done = _import(tmp_path, GOOD.format(n=1) + f"[{name}:chess]\n\n" + GOOD.format(n=2))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert f"variants.ini:6: refused [{name}]: the name '{name}' cannot name a board" in done.stderr, done.stderr
    assert "does not load" not in done.stderr
    assert _written(tmp_path) == ["good1", "good2"]


def test_a_section_named_with_accented_letters_makes_a_board_named_without_the_accents(tmp_path: Path) -> None:
    # Fairy-Stockfish plays [oké] as any section; a board's name (and its file's) is letters a to z.
    done = _import(tmp_path, "[oké:chess]\n\n[crème-brûlée:chess]\n")
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert _written(tmp_path) == ["creme-brulee", "oke"]
    text = (tmp_path / "out" / "oke.board").read_text(encoding="utf-8")
    assert parse_board(text).name == "oke" and "[oké]" in text
    _loads(text)


def test_a_section_whose_board_name_is_another_sections_is_refused_saying_so() -> None:
    done, refused = import_file("[oke:chess]\n\n[oké:chess]\n")
    assert [variant.name for variant in done] == ["oke"]
    assert [(error.section, error.message) for error in refused] == [
        ("oké", "its board would be named oke, as the section [oke]'s is")]


def test_pieces_promoted_from_several_pawn_types_back_to_hand_are_refused_naming_the_options() -> None:
    # Fairy-Stockfish's FEN writes each promoted Queen as Q~, whichever pawn it was: no board could tell.
    text = ("[twopawns:crazyhouse]\ncustomPiece2 = c:fmWfceFifmnD\npawnTypes = pc\n"
            "startFen = rnbqkbnr/pcpcpcpc/8/8/8/8/PCPCPCPC/RNBQKBNR[] w KQkq - 0 1\n")
    done, refused = import_file(text)
    assert not done and "pawnTypes and capturesToHand" in refused[0].message and "Q~" in refused[0].message


@pytest.mark.parametrize("breaker", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_a_comment_holding_a_break_no_editor_shows_is_one_line_and_later_lines_keep_their_numbers(
        breaker: str) -> None:
    # Fairy-Stockfish reads a variants.ini with std::getline: only a line feed ends a line.
    text = f"[bad:chess]\n# one{breaker}maxFile = 10\n# two{breaker}no option here\npromotionRank = x\n"
    done, refused = import_file(text)
    line = text[:text.index("promotionRank")].count("\n") + 1
    assert not done and [(error.section, error.line) for error in refused] == [("bad", line)], refused
    assert "promotionRank" in refused[0].message


def test_an_option_after_a_line_separator_in_a_comment_is_the_comment_as_fairy_stockfish_reads_it() -> None:
    text = "[kept:chess]\n# castling as in chess, not:\u2028castling = false\n"
    done, refused = import_file(text)
    assert not refused and [variant.name for variant in done] == ["kept"]
    pytest.importorskip("pyffish")
    from tests.helpers.variants_oracle import compare, fsf_games

    games = fsf_games(text, ["kept"], games=2, plies=20, seed=3)
    assert compare(done[0].text, games["kept"]) is None


@pytest.mark.parametrize(("text", "line"), [
    ("[big:chess]\nmaxFile = 13\nmaxRank = 8\n", 3),
    ("[onesided:chess]\npassOnStalemateWhite = true\n", 2),
    ("[stuck:chess]\npassOnStalemate = true\n", 2),
    ("[onesided:chess]\npassBlack = true\n", 2)])
def test_a_refusal_of_what_is_not_supported_says_why_and_where(text: str, line: int) -> None:
    done, refused = import_file(text)
    assert not done and [error.line for error in refused] == [line], refused
    assert re.search(r"is not supported: \w", refused[0].message), refused[0].message


def test_a_board_larger_than_fairy_stockfish_plays_is_refused_as_fairy_stockfish_leaves_it_out() -> None:
    pytest.importorskip("pyffish")
    text = "[wide:chess]\nmaxFile = 13\n\n[tall:chess]\nmaxRank = 11\n\n[largest:chess]\nmaxFile = 12\nmaxRank = 10\n"
    played = subprocess.run([sys.executable, "-c", "import pyffish as sf, sys; sf.load_variant_config(sys.stdin.read());"
                             "print(*[name in sf.variants() for name in ('wide', 'tall', 'largest')])"],
                            input=text, capture_output=True, text=True, timeout=60)
    assert played.stdout.split() == ["False", "False", "True"], played.stderr
    _, refused = import_file(text)
    larger = [error for error in refused if "Fairy-Stockfish plays at most 12 files and 10 ranks" in error.message]
    assert [(error.section, error.line) for error in larger] == [("wide", 2), ("tall", 5)]
