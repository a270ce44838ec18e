"""The piece symbol tables, read through the user's cache folder, are the tables of the file."""

from __future__ import annotations

import os
import tomllib

import pytest

from dagaz_studio.gui import resources


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    resources.piece_symbols.cache_clear()
    yield tmp_path
    resources.piece_symbols.cache_clear()


def _read(path):
    with open(path, "rb") as stream:
        return tomllib.load(stream)


def test_the_shipped_tables_read_alike_from_the_file_and_from_the_cache(fresh) -> None:
    source = resources.resources_dir() / "pieces.toml"
    first = resources._symbol_tables(source)
    assert list((fresh / "cache" / "dagaz-studio").glob("pieces.marshal"))
    again = resources._symbol_tables(source)
    assert first == again == _read(source) and first


def test_a_changed_file_is_read_again_and_a_damaged_cache_ignored(fresh) -> None:
    source = fresh / "pieces.toml"
    source.write_text('[one]\nstyle = "glyphs"\nking = ["a", "b"]\n', encoding="utf-8")
    assert resources._symbol_tables(source)["one"]["king"] == ["a", "b"]
    source.write_text('[one]\nstyle = "glyphs"\nking = ["c", "d"]\n', encoding="utf-8")
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert resources._symbol_tables(source)["one"]["king"] == ["c", "d"]
    (fresh / "cache" / "dagaz-studio" / "pieces.marshal").write_bytes(b"\x00damaged")
    assert resources._symbol_tables(source) == _read(source)


def test_tables_marshal_cannot_keep_are_still_read(fresh) -> None:
    source = fresh / "pieces.toml"
    source.write_text("[one]\nwhen = 1979-05-27\nking = [\"a\", \"b\"]\n", encoding="utf-8")
    assert resources._symbol_tables(source) == _read(source)
    assert resources._symbol_tables(source) == _read(source)
