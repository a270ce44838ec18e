"""Importing Fairy-Stockfish variants.ini sections: the same legal moves as Fairy-Stockfish on random games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.variants_ini import IniError, import_file, import_variant, read_ini

pytest.importorskip("pyffish")
from variants_oracle import compare, fsf_games, fsf_positions  # noqa: E402

SAMPLE = Path(__file__).parent / "data" / "variants-sample.ini"
PLAYABLE = ["knibishchess", "knibishsmall", "wazirgame", "mustcap", "gothicish"]
#: Sections that exercise one option each: pseudo-royal pieces, facing generals and mobility
#: regions, per-player pawn types and promotion squares, triple steps and optional promotion,
#: castling with an inner Rook or a one-square King move, a piece not the same left and right.
OPTIONS = ["amazonroyal", "facing", "ownpawns", "bigpawns", "innerrook", "shortcastle", "lopsided"]


def test_imported_variants_have_fairy_stockfishs_legal_moves_on_random_games() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    done, _ = import_file(text, PLAYABLE)
    assert [v.name for v in done] == PLAYABLE
    games = fsf_games(text, PLAYABLE, games=3, plies=40, seed=5)
    for variant in done:
        assert games[variant.name] is not None, variant.name
        assert sum(len(g) for g in games[variant.name]) > 30
        assert compare(variant.text, games[variant.name]) is None, variant.name


@pytest.mark.parametrize("name", OPTIONS)
def test_move_generation_options_play_as_in_fairy_stockfish(name: str) -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    done, refused = import_file(text, [name])
    assert not refused, refused
    games = fsf_games(text, [name], games=3, plies=40, seed=11)
    assert games[name] is not None and sum(len(g) for g in games[name]) > 30
    assert compare(done[0].text, games[name]) is None


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


def test_unsupported_options_and_unknown_parents_are_refused_by_name() -> None:
    sections = read_ini(SAMPLE.read_text(encoding="utf-8"))
    with pytest.raises(IniError, match="blastOnCapture"):
        import_variant("explosive", sections)
    with pytest.raises(IniError, match="pieceDrops"):
        import_variant("dropper", sections)
    with pytest.raises(IniError, match="nosuchvariant"):
        import_variant("stranger", sections)


def test_engine_only_options_are_ignored() -> None:
    sections = read_ini(SAMPLE.read_text(encoding="utf-8"))
    assert set(import_variant("wazirgame", sections).ignored) == {"pieceValueMg", "pieceValueEg"}


def test_import_command_writes_boards_and_names_refusals(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "import", str(SAMPLE), "--out", str(tmp_path),
                           "--variant", "wazirgame", "--variant", "explosive"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert (tmp_path / "wazirgame.board").exists()
    assert not (tmp_path / "explosive.board").exists()
    assert "blastOnCapture" in done.stderr and "Traceback" not in done.stderr
    check = subprocess.run([sys.executable, "-m", "dagaz_studio", "check", str(tmp_path / "wazirgame.board")],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stderr
