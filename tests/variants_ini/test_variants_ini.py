"""Importing Fairy-Stockfish variants.ini sections: the same legal moves as Fairy-Stockfish on random games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.variants_ini import IniError, import_file, import_variant, read_ini
from tests.helpers.paths import DATA

pytest.importorskip("pyffish")
from tests.helpers.variants_oracle import compare, fsf_games, fsf_positions  # noqa: E402

SAMPLE = DATA / "variants-sample.ini"
PLAYABLE = ["knibishchess", "knibishsmall", "wazirgame", "mustcap", "gothicish"]
#: Sections that exercise one option each: pseudo-royal pieces, facing generals and mobility
#: regions, per-player pawn types and promotion squares, triple steps and optional promotion,
#: castling with an inner Rook or a one-square King move, a piece not the same left and right.
OPTIONS = ["amazonroyal", "facing", "ownpawns", "bigpawns", "innerrook", "shortcastle", "lopsided", "wazirpawns",
           "checkless", "househand", "regiondrops", "promoting", "dropper", "stones", "pawndropper", "bishopsplit",
           "capaplacement"]


def test_imported_variants_have_fairy_stockfishs_legal_moves_on_random_games() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    done, _ = import_file(text, PLAYABLE)
    assert [v.name for v in done] == PLAYABLE
    games = fsf_games(text, PLAYABLE, games=3, plies=40, seed=5)
    for variant in done:
        assert games[variant.name] is not None, variant.name
        assert sum(len(g) for g in games[variant.name]) > 30
        assert compare(variant.text, games[variant.name]) is None, variant.name


@pytest.fixture(scope="module")
def option_games() -> dict:
    """Fairy-Stockfish's random games of every OPTIONS section, played in one process."""
    return fsf_games(SAMPLE.read_text(encoding="utf-8"), OPTIONS, games=3, plies=40, seed=11)


@pytest.mark.parametrize("name", OPTIONS)
def test_move_generation_options_play_as_in_fairy_stockfish(name: str, option_games: dict) -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    done, refused = import_file(text, [name])
    assert not refused, refused
    games = option_games[name]
    assert games is not None and sum(len(g) for g in games) > 30
    assert compare(done[0].text, games) is None


def test_facing_generals_and_regions_on_chosen_positions() -> None:
    # The Kings face each other across an open file once the Bishop steps off it; an Amazon's
    # checks; Kings and the custom piece at the edges of their regions.
    fens = ["4k3/8/8/8/4B3/8/8/4K3 w - - 0 1", "4k3/8/4b3/8/8/8/3E4/4K3 b - - 0 1",
            "3k4/8/8/8/8/8/4E3/2K5 w - - 0 1", "8/3k4/8/8/3E4/8/8/5K2 w - - 0 1"]
    text = SAMPLE.read_text(encoding="utf-8")
    done, _ = import_file(text, ["facing"])
    assert compare(done[0].text, [fsf_positions(text, "facing", fens)]) is None
    fens = ["4k3/8/8/8/8/8/3M4/8 w - - 0 1", "4k3/8/8/8/1r6/8/3M4/8 w - - 0 1", "7k/8/8/8/8/8/3M4/4r3 w - - 0 1"]
    done, _ = import_file(text, ["amazonroyal"])
    assert compare(done[0].text, [fsf_positions(text, "amazonroyal", fens)]) is None


def test_no_move_gives_check_where_checking_is_off() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    done, _ = import_file(text, ["checkless"])
    assert "rule: no-check" in done[0].text
    fens = ["4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "4k3/8/8/8/1B6/2N5/4P3/4K3 w - - 0 1",
            "r3k3/8/8/8/8/8/3q4/4K3 w q - 0 1", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1"]
    positions = fsf_positions(text, "checkless", fens)
    assert "a1a8" not in positions[0][1] and "a1a7" in positions[0][1]
    assert compare(done[0].text, [positions]) is None


def test_drops_promoted_pawns_and_drop_regions_on_chosen_positions() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    done, _ = import_file(text, ["househand", "regiondrops"])
    house, region = (d.text for d in done)
    assert "rule: captures-to-hand" in house and "Q~" in house and "no-drop-doubled" in region
    # A promoted Queen in play, pieces in both hands; a Pawn may not be dropped on a file it holds.
    fens = ["r3k3/1P6/8/8/8/8/8/4K2Q~[PNbq] w q - 0 1", "4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1"]
    assert compare(house, [fsf_positions(text, "househand", fens)]) is None
    fens = ["4k3/8/8/8/8/8/P7/4K3[NPnp] w - - 0 1", "4k3/p7/8/8/8/8/8/4K3[NPnp] b - - 0 1"]
    assert compare(region, [fsf_positions(text, "regiondrops", fens)]) is None


def test_shogi_promotions_on_chosen_positions() -> None:
    # A Lance and a Knight moving into, within and out of the zone; promoted pieces in play and taken.
    text = SAMPLE.read_text(encoding="utf-8")
    done, _ = import_file(text, ["promoting"])
    fens = ["4k3/8/L7/1H6/8/8/8/4K3[] w - - 0 1", "4k3/L+H6/8/8/8/8/8/4K3[] w - - 0 1",
            "4k3/8/8/8/8/2h5/8/+L3K3[Hl] b - - 0 1"]
    positions = fsf_positions(text, "promoting", fens)
    assert any(m.endswith("+") for m in positions[0][1])
    assert compare(done[0].text, [positions]) is None


def test_betza_en_passant_takes_a_piece_that_has_just_stepped_twice() -> None:
    # Fairy-Stockfish leaves en-passant squares behind a custom piece's initial double step, and a
    # piece whose Betza says e takes it there; a Rook's two-square move leaves none.
    text = SAMPLE.read_text(encoding="utf-8")
    done, _ = import_file(text, ["wazirpawns"])
    start = "4k3/3p1p2/8/4P3/8/8/8/4K3 b - - 0 1"
    game = fsf_positions(text, "wazirpawns", [start])
    after = subprocess.run([sys.executable, "-c", "import pyffish as sf, sys; sf.load_variant_config(sys.stdin.read());"
                            f"print(sf.get_fen('wazirpawns', '{start}', ['d7d5']));"
                            f"print(sf.get_fen('wazirpawns', '{start}', ['f7f5']))"],
                           input=text, capture_output=True, text=True, timeout=60).stdout.split("\n")[:2]
    rook = "4k3/3r4/8/4P3/8/8/8/4K3 b - - 0 1"
    rook_after = subprocess.run([sys.executable, "-c", "import pyffish as sf, sys; sf.load_variant_config(sys.stdin.read());"
                                 f"print(sf.get_fen('wazirpawns', '{rook}', ['d7d5']))"],
                                input=text, capture_output=True, text=True, timeout=60).stdout.strip()
    positions = fsf_positions(text, "wazirpawns", after + [rook_after])
    assert "e5d6" in positions[0][1] and "e5f6" in positions[1][1] and "e5d6" not in positions[2][1]
    assert compare(done[0].text, [game + positions]) is None


def test_unsupported_options_and_unknown_parents_are_refused_by_name() -> None:
    sections = read_ini(SAMPLE.read_text(encoding="utf-8"))
    with pytest.raises(IniError, match="freeDrops with a royal piece"):
        import_variant("freekings", sections)
    with pytest.raises(IniError, match="nosuchvariant"):
        import_variant("stranger", sections)


def test_explosions_import_and_play_as_fairy_stockfish_plays_them() -> None:
    # Fairy-Stockfish plays blown-up Kings as its atomic defines them (the game ends): a section of it.
    text = "[explosive:atomic]\nblastOnCapture = true\n"
    [explosive] = import_file(text, ["explosive"])[0]
    # Fairy-Stockfish's atomic King is a commoner, royal while it is its side's only one, whose loss
    # loses the game (extinctionPseudoRoyal, extinctionPieceTypes = k).
    assert "|[d]" in explosive.text and "!(f,=Commoner)>N" in explosive.text
    assert "piece Commoner K royal extinction:" in explosive.text
    # Seeded games long enough for captures, explosions and blown-up Kings.
    games = fsf_games(text, ["explosive"], games=3, plies=40, seed=14)["explosive"]
    assert compare(explosive.text, games) is None


def test_engine_only_options_are_ignored() -> None:
    sections = read_ini(SAMPLE.read_text(encoding="utf-8"))
    assert set(import_variant("wazirgame", sections).ignored) == {"pieceValueMg", "pieceValueEg"}


def test_import_command_writes_boards_and_names_refusals(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "import", str(SAMPLE), "--out", str(tmp_path),
                           "--variant", "wazirgame", "--variant", "freekings"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert (tmp_path / "wazirgame.board").exists()
    assert not (tmp_path / "freekings.board").exists()
    assert "freeDrops" in done.stderr and "Traceback" not in done.stderr
    check = subprocess.run([sys.executable, "-m", "dagaz_studio", "check", str(tmp_path / "wazirgame.board")],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stderr


#: Sections inheriting from Fairy-Stockfish's shogi family (templates/chess.ini): a section's
#: promotedPieceType adds to the inherited ones, as parser.cpp reads it.
SHOGI_FAMILY = """
[minishogilike:minishogi]

[gorogoroplus:gorogoro]
startFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[LNln] w 0 1
lance = l
shogiKnight = n
promotedPieceType = l:g n:g

[hoppershogi:shogi]
customPiece1 = a:pR3
customPiece2 = c:mBcpB2
promotedPieceType = a:r c:b
startFen = lnsgkgsnl/1r3ca1b/ppppppppp/9/9/9/PPPPPPPPP/1BA1C2R1/LNSGKGSNL[-] w 0 1
"""


def test_the_shogi_family_imports_and_plays_as_fairy_stockfish() -> None:
    names = ["minishogilike", "gorogoroplus", "hoppershogi"]
    done, refused = import_file(SHOGI_FAMILY, names)
    assert not refused, [e.message for e in refused]
    games = fsf_games(SHOGI_FAMILY, names, games=2, plies=30, seed=3)
    for variant in done:
        assert games[variant.name], variant.name
        assert compare(variant.text, games[variant.name]) is None, variant.name


def test_a_start_position_that_does_not_fit_the_board_is_refused_naming_it() -> None:
    sections = read_ini("[widerow:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w - - 0 1\n")
    with pytest.raises(IniError, match="does not load.*more than 8 squares"):
        import_variant("widerow", sections)


def test_a_section_name_cannot_write_outside_the_chosen_folder(tmp_path: Path) -> None:
    from dagaz_studio.variants_ini.files import board_file_name

    ini = tmp_path / "hostile.ini"
    ini.write_text("[../../escaped:chess]\n[.hidden:chess]\n[fine:chess]\n", encoding="utf-8")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "import", str(ini), "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "refused [../../escaped]" in done.stderr and "Traceback" not in done.stderr
    assert sorted(path.name for path in tmp_path.rglob("*.board")) == ["fine.board"]
    for hostile in ("../../escaped", ".hidden", "a/b", "..", "C:\\x"):
        name = board_file_name(hostile)
        assert "/" not in name and "\\" not in name and not name.startswith(".") and name.endswith(".board")


@pytest.mark.parametrize(("content", "said"), [(b"\xff\xfe[x]", "not UTF-8"), (None, "cannot be read"),
                                                ("big", "has at most")])
def test_a_variants_ini_that_cannot_be_read_is_refused_with_exit_2(tmp_path: Path, content, said: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from dagaz_studio.variants_ini import files

    ini = tmp_path / "bad.ini"
    if content == "big":
        ini.write_text("# " + "x" * (files.MAX_INI_BYTES + 10), encoding="utf-8")
    elif content is not None:
        ini.write_bytes(content)
    with pytest.raises(IniError, match=said):
        files.read_ini_file(ini)
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "import", str(ini), "--out", str(tmp_path / "o")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr


def test_a_piece_no_file_may_hold_any_of_is_never_dropped() -> None:
    # dragonfly: dropNoDoubled = p with dropNoDoubledCount = 0: Fairy-Stockfish never drops a pawn.
    example = DATA / "fairy-stockfish" / "variants.ini"
    text = example.read_text(encoding="utf-8")
    (variant,), refused = import_file(text, ["dragonfly"])
    assert not refused
    fens = ["rbbknnr/ppp1ppp/7/7/7/PPP1PPP/RBBKNNR[PNp] w - - 0 1",
            "rbbknnr/ppp1ppp/7/7/7/PPP1PPP/RBBKNNR[Ppb] b - - 0 1"]
    positions = fsf_positions(text, "dragonfly", fens)
    assert compare(variant.text, [positions]) is None
    drops = [move for _, moves in positions for move in moves if "@" in move]
    assert drops and not any(move.lower().startswith("p@") for move in drops)
    games = fsf_games(text, ["dragonfly"], games=2, plies=30, seed=4)["dragonfly"]
    assert compare(variant.text, games) is None


XIANGQI = """
[myxiangqi:xiangqi]
"""


def test_xiangqi_and_its_soldiers_river_play_as_fairy_stockfish() -> None:
    # The built-in xiangqi as Fairy-Stockfish defines it: the King's W step in the palace, the
    # elephant on its own side, the soldier sideways only from soldierPromotionRank on (6, across
    # the river; crowdedxiangqi sets 4).
    text = (DATA / "fairy-stockfish" / "variants.ini").read_text(encoding="utf-8") + XIANGQI
    done, refused = import_file(text, ["myxiangqi", "crowdedxiangqi"])
    assert not refused, refused
    games = fsf_games(text, ["myxiangqi", "crowdedxiangqi"], games=2, plies=40, seed=8)
    for variant in done:
        assert compare(variant.text, games[variant.name]) is None, variant.name
    # White's soldiers on c6 (across the river) and e5 (not yet); Black's on c5 (across) and e6.
    fens = ["4k4/9/9/9/2P6/4P4/9/9/9/4K4 w - - 0 1", "4k4/9/9/9/4p4/2p6/9/9/9/3K5 b - - 0 1"]
    positions = fsf_positions(text, "myxiangqi", fens)
    assert {"c6b6", "c6d6"} <= set(positions[0][1]) and "e5d5" not in positions[0][1]
    assert {"c5b5", "c5d5"} <= set(positions[1][1]) and "e6d6" not in positions[1][1]
    assert compare(done[0].text, [positions]) is None


EXAMPLE = DATA / "fairy-stockfish" / "variants.ini"


def _game_ended(text: str, variant: str, fen: str) -> bool:
    """Whether Fairy-Stockfish, loading ``text``, ends the game at ``fen`` by a rule of the variant."""
    done = subprocess.run([sys.executable, "-c", "import pyffish as sf, sys; sf.load_variant_config(sys.stdin.read());"
                           f"print(sf.is_immediate_game_end('{variant}', '{fen}', [])[0])"],
                          input=text, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip() == "True"


def test_extinction_pieces_import_as_the_extinction_flag_and_end_the_game_where_fairy_stockfish_does() -> None:
    from dagaz_studio.board import parse_board
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules

    text = EXAMPLE.read_text(encoding="utf-8")
    [pawnsking] = import_file(text, ["pawnsking"])[0]
    assert "piece Commoner K extinction:" in pawnsking.text
    assert not {"extinctionValue", "extinctionPieceTypes"} & set(pawnsking.ignored)
    board = parse_board(pawnsking.text)
    rules = Rules(board)
    for fen, ends in [("8/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", True),  # Black's King taken
                      ("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", False)]:
        assert _game_ended(text, "pawnsking", fen) is ends
        assert (legal_moves(rules, Position.from_fen(board, fen)) == []) is ends


def test_pseudo_royal_extinction_pieces_end_the_game_only_where_captures_explode() -> None:
    # Fairy-Stockfish's atomic chess on 6x6: a royal King whose blowing up ends the game. Where
    # captures do not explode, a pseudo-royal piece is never taken, and no extinction is played.
    text = EXAMPLE.read_text(encoding="utf-8")
    imported, _ = import_file(text, ["6x6atom", "maharajah"])
    atom, maharajah = sorted(imported, key=lambda variant: variant.name != "6x6atom")
    assert "piece Commoner K royal extinction:" in atom.text
    assert " extinction" not in maharajah.text and "extinctionPieceTypes" in maharajah.ignored
    games = fsf_games(text, ["6x6atom"], games=3, plies=40, seed=14)["6x6atom"]
    assert compare(atom.text, games) is None
    blown_up = "rbq1br/pppppp/6/6/PPPPPP/RBQKBR b - - 0 1"
    assert _game_ended(text, "6x6atom", blown_up)
    from dagaz_studio.board import parse_board
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.position import Position
    from dagaz_studio.engine.rules import Rules

    board = parse_board(atom.text)
    assert legal_moves(Rules(board), Position.from_fen(board, blown_up)) == []


def test_a_king_that_is_not_royal_castles_as_the_fen_allows() -> None:
    # Fairy-Stockfish's extinction chess: a commoner King, taken like any piece, that castles. Its
    # board flags it 'castles', so that a FEN's castling rights are read for it.
    text = "[extinct:extinction]\n\n[nocheck:nocheckatomic]\n"
    imported, refused = import_file(text)
    assert not refused
    for variant in imported:
        assert "piece Commoner K extinction castles:" in variant.text
        fens = ["2r1k1nr/pp1b1p2/2p5/1q1p2pp/P1PP2P1/N2nB2P/P2QP1B1/R3K2R w k - 0 22",
                "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b Kq - 0 1"]
        positions = fsf_positions(text, variant.name, fens)
        assert compare(variant.text, [positions]) is None


def test_a_switch_is_on_only_where_it_says_true_as_fairy_stockfish_reads_it() -> None:
    # parser.cpp sets a true/false option only by the word "true": "1", "yes" and "True" turn it off.
    text = "[onechecks:chess]\nchecking = 1\n\n[capitaldouble:chess]\ndoubleStep = True\n"
    done, refused = import_file(text)
    assert not refused, refused
    fens = {"onechecks": ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1"],
            "capitaldouble": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]}
    for variant in done:
        positions = fsf_positions(text, variant.name, fens[variant.name])
        assert "a1a8" not in positions[0][1] and "e2e4" not in positions[0][1]
        assert compare(variant.text, [positions]) is None, variant.name


INITIAL = """[initial:chess]
customPiece1 = a:KifmnD
doubleStepRegionWhite = *2 *4
castling = false
startFen = 4k3/8/8/8/3A4/2A5/8/4K3 w - - 0 1

[noinitial:initial]
doubleStep = false
"""


def test_a_pieces_initial_moves_are_made_from_its_double_step_region_as_in_fairy_stockfish() -> None:
    # The piece on d4, in the region, steps twice though it has moved there; the one on c3, never
    # moved but outside it, does not; without double steps neither does.
    done, refused = import_file(INITIAL)
    assert not refused, refused
    fens = ["4k3/8/8/8/3A4/2A5/8/4K3 w - - 0 1", "3k4/8/8/3A4/8/2A5/8/4K3 w - - 0 1"]
    for variant in done:
        positions = fsf_positions(INITIAL, variant.name, fens)
        assert ("d4d6" in positions[0][1]) is (variant.name == "initial") and "c3c5" not in positions[0][1]
        assert compare(variant.text, [positions]) is None, variant.name


def test_a_section_inheriting_grand_promotes_to_a_lost_archbishop_as_the_builtin() -> None:
    text = "[mygrand:grand]\n"
    [variant], refused = import_file(text)
    assert not refused, refused
    fen = "rq4n2r/b5k2b/pp1p4p1/n1p2ppP2/9p/2P7/P3P1c3/1C1K2PP1P/aNB6R/R1Q3N1B1 w - - 0 32"
    positions = fsf_positions(text, "mygrand", [fen])
    assert {"h7h8a", "h7i8a"} <= set(positions[0][1])
    assert compare(variant.text, [positions]) is None


def test_a_section_inheriting_wolf_steps_twice_from_the_region_as_the_builtin() -> None:
    # Wolf's Sergeant on b8 has moved there, and steps twice from its double-step region.
    text = "[mywolf:wolf]\n"
    [variant], refused = import_file(text)
    assert not refused, refused
    fen = "1qfrbb1k/2npQ3/psps2sp/4s1p1/3W1pP1/1P3P2/P3P1SS/S1P2w2/1KSP3P/1NBBF2R b - - 0 23"
    positions = fsf_positions(text, "mywolf", [fen])
    assert "b8b6" in positions[0][1]
    assert compare(variant.text, [positions]) is None


def test_a_pawn_that_stepped_twice_diagonally_is_taken_en_passant_where_it_stands() -> None:
    # A Berolina pawn's double step goes diagonally: the pawn that takes en passant lands on the
    # square it passed, and takes it beyond, diagonally, not straight behind.
    text = "[myberolina:berolina]\n"
    [variant], refused = import_file(text)
    assert not refused, refused
    after = subprocess.run([sys.executable, "-c", "import pyffish as sf;"
                            "print(sf.get_fen('berolina', '4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1', ['e2c4']));"
                            "print(sf.get_fen('berolina', '4k3/6p1/8/5P2/8/8/8/4K3 b - - 0 1', ['g7e5']))"],
                           capture_output=True, text=True, check=True).stdout.split("\n")[:2]
    positions = fsf_positions(text, "myberolina", after)
    assert "d4d3" in positions[0][1] and "f5f6" in positions[1][1]
    assert compare(variant.text, [positions]) is None


def test_a_section_named_as_a_builtin_is_refused_and_its_children_inherit_the_builtin() -> None:
    # Fairy-Stockfish keeps its built-in chess and shogi, warning that they already exist, and the
    # sections below inheriting from them get the built-ins.
    text = ("[chess]\nmaxRank = 6\nstartFen = 4k3/8/8/8/8/4K3 w - - 0 1\n[mine:chess]\n"
            "[shogi]\npieceDrops = false\n[myshogi:shogi]\n")
    imported, refused = import_file(text)
    assert [v.name for v in imported] == ["mine", "myshogi"]
    assert [(e.section, e.line) for e in refused] == [("chess", 1), ("shogi", 5)]
    assert "Variant 'chess' already exists." in refused[0].message and "built-in" in refused[0].message
    for variant in imported:
        games = fsf_games(text, [variant.name], games=2, plies=30, seed=3)[variant.name]
        assert "[" in games[0][0][0] or variant.name == "mine"
        assert compare(variant.text, games) is None, variant.name


def test_a_parent_fairy_stockfish_does_not_build_in_is_refused_unless_defined_above() -> None:
    # Tic-tac-toe and Connect Four are sections of Fairy-Stockfish's example file, not built-ins.
    imported, refused = import_file("[x:tictactoe]\n[cfour:crazyhouse]\n[y:cfour]\n")
    assert [v.name for v in imported] == ["cfour", "y"]
    assert [e.section for e in refused] == ["x"]
    assert "Variant template 'tictactoe' does not exist." in refused[0].message


EN_PASSANT_TYPES = """[namedtypes:chess]
customPiece1 = a:fmWfcF
enPassantTypes = pa
[pawntypesonly:chess]
customPiece1 = a:fmWfceF
pawnTypes = p
[betzae:chess]
customPiece1 = a:fmWfceF
"""


def test_the_pieces_that_take_en_passant_are_those_enpassanttypes_then_pawntypes_name() -> None:
    # A piece listed in enPassantTypes takes en passant with its capture-only moves; one whose Betza
    # says e does so unless pawnTypes names the pieces that do, leaving it out.
    fen = "4k3/8/8/3pA3/8/8/8/4K3 w - d6 0 1"
    done, refused = import_file(EN_PASSANT_TYPES)
    assert not refused, refused
    for variant in done:
        positions = fsf_positions(EN_PASSANT_TYPES, variant.name, [fen])
        assert ("e5d6" in positions[0][1]) is (variant.name != "pawntypesonly")
        assert compare(variant.text, [positions]) is None, variant.name


def test_pawns_step_thrice_from_their_region_without_double_steps() -> None:
    # doubleStep = false empties only the double-step region: a triple step is still made.
    text = "[thrice:chess]\ndoubleStep = false\ntripleStepRegionWhite = *2\ntripleStepRegionBlack = *7\n"
    [variant], refused = import_file(text)
    assert not refused, refused
    fens = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppp1ppp/8/3P4/4p3/8/PPP1PPPP/RNBQKBNR b KQkq d3d4 0 1"]
    positions = fsf_positions(text, "thrice", fens)
    assert "d2d5" in positions[0][1] and "d2d4" not in positions[0][1] and "e4d3" in positions[1][1]
    assert compare(variant.text, [positions]) is None


def test_the_pawn_promotes_though_the_promotion_pawn_types_leave_it_out() -> None:
    # Fairy-Stockfish makes its pawn's moves apart from the other pieces', promotions included.
    text = "[apawns:chess]\ncustomPiece1 = a:fmWfceF\npawnTypes = a\n"
    [variant], refused = import_file(text)
    assert not refused, refused
    positions = fsf_positions(text, "apawns", ["4k3/2P5/8/8/8/8/A7/4K3 w - - 0 1"])
    assert "c7c8q" in positions[0][1]
    assert compare(variant.text, [positions]) is None


#: A custom pawn whose en-passant capture lands in its promotion region: promoting as a pawn (the
#: promotion compulsory, optional, with nothing to promote to) and by promotedPieceType (optional, compulsory).
EN_PASSANT_PROMOTING = """[epmust:chess]
customPiece1 = a:fmWfceF
pawnTypes = a
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
[epmay:epmust]
mandatoryPawnPromotion = false
[epnone:epmust]
promotionPieceTypes = -
[eppiece:chess]
customPiece1 = a:fmWfceF
enPassantTypes = a
promotedPieceType = a:q
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
[eppiecemust:eppiece]
mandatoryPiecePromotion = true
"""


def test_a_custom_pawns_en_passant_capture_into_its_promotion_region_does_not_promote() -> None:
    # movegen.cpp makes en-passant captures apart from promotions, as plain captures, even where
    # promotion is compulsory; the same step onto a piece there promotes.
    fens = ["4k3/8/8/3pA3/8/8/8/4K3 w - d6 0 1", "4k3/8/3p4/4A3/8/8/8/4K3 w - - 0 1"]
    done, refused = import_file(EN_PASSANT_PROMOTING)
    assert not refused, refused
    assert len(done) == 5
    for variant in done:
        positions = fsf_positions(EN_PASSANT_PROMOTING, variant.name, fens)
        assert "e5d6" in positions[0][1] and not any(m.startswith("e5d6") and m != "e5d6" for m in positions[0][1])
        assert compare(variant.text, [positions]) is None, variant.name


def test_the_pawn_takes_en_passant_any_piece_that_has_just_made_its_initial_move_over_the_square() -> None:
    # The custom piece's initial move (a7-a5) leaves a6 to be taken on, by the pawn too.
    text = "[initialrook:chess]\ncustomPiece1 = a:mfWcfeFifmR3\nstartFen = 4k3/a7/8/1P6/8/8/8/4K3 b - - 0 1\n"
    [variant], refused = import_file(text)
    assert not refused, refused
    after = subprocess.run([sys.executable, "-c", "import pyffish as sf, sys; sf.load_variant_config(sys.stdin.read());"
                            "print(sf.get_fen('initialrook', '4k3/a7/8/1P6/8/8/8/4K3 b - - 0 1', ['a7a5']))"],
                           input=text, capture_output=True, text=True, check=True).stdout.strip()
    positions = fsf_positions(text, "initialrook", [after])
    assert "b5a6" in positions[0][1]
    assert compare(variant.text, [positions]) is None


def test_a_piece_given_an_inherited_pieces_letter_takes_its_place_among_the_promotions_too() -> None:
    # Fairy-Stockfish removes the Knight (and the Archbishop) the new piece's letter displaces, from
    # the promotion choices too, unless the section gives them anew.
    text = ("[wazirknight:chess]\ncustomPiece1 = n:W\n[wazirchoice:chess]\ncustomPiece1 = n:W\npromotionPieceTypes = qn\n"
            "[kingarch:capablanca]\ncustomPiece1 = a:KifmnD\n")
    done, refused = import_file(text)
    assert not refused, refused
    fens = {"wazirknight": "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "wazirchoice": "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1",
            "kingarch": "5k4/2P7/10/10/10/10/10/5K4 w - - 0 1"}
    for variant in done:
        positions = fsf_positions(text, variant.name, [fens[variant.name]])
        promoted = "c7c8a" if variant.name == "kingarch" else "c7c8n"
        assert (promoted in positions[0][1]) is (variant.name == "wazirchoice")
        assert compare(variant.text, [positions]) is None, variant.name


def test_a_triple_step_into_the_promotion_region_promotes() -> None:
    text = ("[tripleinto:gardner]\ntripleStepRegionWhite = *2\ntripleStepRegionBlack = *4\n"
            "[tripleoptional:tripleinto]\nmandatoryPawnPromotion = false\n")
    done, refused = import_file(text)
    assert not refused, refused
    fens = ["r1bqk/p1ppp/p1n2/RPPPP/1NBQK w - - 2 3", "k4/p4/5/4P/4K b - - 5 13"]
    for variant in done:
        positions = fsf_positions(text, variant.name, fens)
        assert "b2b5q" in positions[0][1] and "a4a1q" in positions[1][1]
        assert ("b2b5" in positions[0][1]) is (variant.name == "tripleoptional")
        assert compare(variant.text, [positions]) is None, variant.name


def test_a_pawn_that_stepped_three_squares_is_taken_en_passant_on_the_square_fairy_stockfish_names() -> None:
    # After a triple step Fairy-Stockfish's en-passant field names only the passed squares an enemy
    # pawn attacks: "d3" with the pawn on d5, not on d4 as after a double step.
    text = "[triple:chess]\ndoubleStep = false\ntripleStepRegionWhite = *2\ntripleStepRegionBlack = *7\n"
    [variant], refused = import_file(text)
    assert not refused, refused
    fen = "rnbqkbnr/pppp1ppp/8/3P4/4p3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1"
    positions = fsf_positions(text, "triple", [fen])
    assert "e4d3" in positions[0][1]
    assert compare(variant.text, [positions]) is None
