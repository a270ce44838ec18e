"""The cache cannot be turned against its user: what the program did not write itself is never run,
a folder others may write to is not used, and special files are never waited on."""

from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.board.cache import cache_path
from dagaz_studio.notation import user_cache
from tests.helpers.paths import REPO

COMMANDS = (["check", "chess"], ["moves", "chess", "--legal"], ["parse", "(+)([p]\\1)*"])


class _Planted:
    """A pickle that, when loaded, leaves a mark: what a planted cache file would run."""

    def __init__(self, mark: Path) -> None:
        self.mark = mark

    def __reduce__(self):
        return (open, (str(self.mark), "w"))


def _run(cache: Path, *words: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(cache))
    return subprocess.run([sys.executable, "-m", "dagaz_studio", *words], capture_output=True, text=True, env=env,
                          timeout=60)


def _kept_files(cache: Path) -> list[Path]:
    return [path for path in (cache / "dagaz-studio").rglob("*") if path.is_file() and path.name != "key"]


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder


def test_a_pickle_planted_in_every_cache_file_is_never_run(tmp_path):
    cache = tmp_path / "cache"
    for words in COMMANDS:  # fill the cache: boards, their code, the parsers
        assert _run(cache, *words).returncode == 0
    kept = _kept_files(cache)
    assert {path.parent.name for path in kept} >= {"boards", "code", "dagaz-studio"}
    mark = tmp_path / "ran"
    for path in kept:
        path.write_bytes(pickle.dumps(_Planted(mark)))
    for words in COMMANDS:
        done = _run(cache, *words)
        assert done.returncode == 0, done.stderr
        assert not mark.exists(), f"{' '.join(words)} ran a planted cache file"


def _plant_everywhere(cache: Path, mark: Path) -> None:
    """A cache folder as another could leave it: every cache file a planted pickle."""
    good = cache.parent / "good"
    for words in COMMANDS:
        assert _run(good, *words).returncode == 0
    (cache / "dagaz-studio").mkdir(parents=True)
    for path in _kept_files(good):
        target = cache / path.relative_to(good)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pickle.dumps(_Planted(mark)))


def test_a_cache_folder_others_may_write_to_is_not_used(tmp_path):
    cache, mark = tmp_path / "shared", tmp_path / "ran"
    _plant_everywhere(cache, mark)
    for folder in [cache / "dagaz-studio", *(cache / "dagaz-studio").iterdir()]:
        folder.chmod(0o777) if folder.is_dir() else None
    before = sorted(path.read_bytes() for path in _kept_files(cache))
    for words in COMMANDS:
        assert _run(cache, *words).returncode == 0
    assert not mark.exists()
    assert sorted(path.read_bytes() for path in _kept_files(cache)) == before  # not written either
    assert not (cache / "dagaz-studio" / "key").exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a folder away")
def test_a_cache_folder_of_another_user_is_not_used_even_by_root(tmp_path):
    cache, mark = tmp_path / "shared", tmp_path / "ran"
    tmp_path.chmod(0o755)
    _plant_everywhere(cache, mark)
    for path in (cache / "dagaz-studio").rglob("*"):
        os.chown(path, 65534, 65534)
    os.chown(cache / "dagaz-studio", 65534, 65534)
    for words in COMMANDS:
        assert _run(cache, *words).returncode == 0
    assert not mark.exists()


def test_a_fifo_in_the_cache_is_not_waited_on(tmp_path):
    cache = tmp_path / "cache"
    assert _run(cache, "moves", "chess", "--legal").returncode == 0
    for path in [*_kept_files(cache), cache / "dagaz-studio" / "key"]:
        path.unlink(missing_ok=True)
        os.mkfifo(path)
    for words in COMMANDS:
        done = _run(cache, *words)  # hung for ever, once
        assert done.returncode == 0, done.stderr


def test_the_folder_and_its_files_are_the_users_alone(cache):
    load_board("chess")
    folder = cache / "dagaz-studio"
    assert stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0
    for path in folder.rglob("*"):
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path
        assert path.stat().st_uid == os.geteuid()


def _parsed_again(monkeypatch) -> list[int]:
    import dagaz_studio.board.loader as loader

    parsed: list[int] = []
    parse = loader.parse_board
    monkeypatch.setattr(loader, "parse_board", lambda *a, **k: parsed.append(1) or parse(*a, **k))
    return parsed


def test_a_key_others_may_read_is_refused(cache, monkeypatch):
    load_board("chess")
    key = cache / "dagaz-studio" / "key"
    key.chmod(0o644)
    monkeypatch.setattr(user_cache, "_KEYS", {})
    parsed = _parsed_again(monkeypatch)
    assert load_board("chess").pieces["King"].royal
    assert parsed  # the kept board was not trusted


def test_a_file_signed_with_another_key_is_ignored(cache, monkeypatch):
    path = shipped_boards()["chess"]
    load_board(path)
    kept = cache_path(str(path))
    key = cache / "dagaz-studio" / "key"
    key.chmod(0o600)
    key.write_bytes(os.urandom(len(key.read_bytes())))  # the same user's file, but not what signed it
    monkeypatch.setattr(user_cache, "_KEYS", {})
    parsed = _parsed_again(monkeypatch)
    load_board(path)
    assert parsed
    assert user_cache.read_kept(kept) is not None  # written afresh, under the key now found


def test_a_linked_cache_folder_is_not_used(tmp_path, monkeypatch):
    real = tmp_path / "elsewhere"
    real.mkdir(mode=0o700)
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "dagaz-studio").symlink_to(real)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert load_board("chess").pieces["King"].royal
    assert list(real.iterdir()) == []
