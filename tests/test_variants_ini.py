"""Importing Fairy-Stockfish variants.ini sections: the same legal moves as Fairy-Stockfish on random games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.variants_ini import IniError, import_file, import_variant, read_ini

pytest.importorskip("pyffish")
from variants_oracle import compare, fsf_games  # noqa: E402

SAMPLE = Path(__file__).parent / "data" / "variants-sample.ini"
PLAYABLE = ["knibishchess", "knibishsmall", "wazirgame", "mustcap", "gothicish"]


def test_imported_variants_have_fairy_stockfishs_legal_moves_on_random_games() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    done, _ = import_file(text, PLAYABLE)
    assert [v.name for v in done] == PLAYABLE
    games = fsf_games(text, PLAYABLE, games=3, plies=40, seed=5)
    for variant in done:
        assert games[variant.name] is not None, variant.name
        assert sum(len(g) for g in games[variant.name]) > 30
        assert compare(variant.text, games[variant.name]) is None, variant.name


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
