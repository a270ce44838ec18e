"""Loaded boards kept between starts: read back when valid, rebuilt when corrupt or stale."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dagaz_studio.board import load_board, parse_board, shipped_boards
from dagaz_studio.board.cache import cache_path, parse_board_cached
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from tests.helpers.paths import REPO


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """A cache directory of the test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder


def _summary(board) -> tuple:
    """What a loaded board is, in plain values: enough to tell two boards apart."""
    return (board.name, board.squares, dict(board.directions), board.players, board.setup, board.rules,
            {name: (piece.letter, piece.royal, piece.notation_text, piece.notation) for name, piece in
             board.pieces.items()}, board.source)


def test_a_board_read_again_comes_from_the_cache_and_is_the_same_board(cache, monkeypatch):
    path = shipped_boards()["chess"]
    first = load_board(path)
    assert cache_path(str(path)).is_file()
    # Read again, the loader is not asked: the board comes back from the cache file.
    import dagaz_studio.board.loader as loader

    def refuse(*_args, **_kwargs):
        raise AssertionError("parsed again")
    monkeypatch.setattr(loader, "parse_board", refuse)
    second = load_board(path)
    assert second is not first
    assert _summary(second) == _summary(first)
    rules = Rules(second)
    assert perft(rules, Position.initial(second), 2) == 400


def test_what_every_start_asks_of_a_board_comes_back_with_it_from_the_cache(cache, monkeypatch):
    """The pieces castling rights are about and whether runs are counted are kept with the board, so
    a start does not walk its notations again (nor import what reads them): the same answers."""
    path = shipped_boards()["chess"]
    fresh = parse_board(path.read_text(encoding="utf-8"), str(path))
    load_board(path)
    kept = load_board(path)
    assert {"castling_kinds", "carries_pieces", "counts_runs"} <= set(vars(kept))
    assert (kept.castling_kinds, kept.carries_pieces, kept.counts_runs) == \
        (fresh.castling_kinds, fresh.carries_pieces, fresh.counts_runs) == (frozenset({"King"}), True, False)


def test_garbage_in_the_cache_file_still_gives_the_right_board(cache):
    path = shipped_boards()["xiangqi"]
    expected = _summary(parse_board(path.read_text(encoding="utf-8"), str(path)))
    load_board(path)
    kept = cache_path(str(path))
    for garbage in (b"", b"not a pickle at all", os.urandom(4096), kept.read_bytes()[:40]):
        kept.write_bytes(garbage)
        board = load_board(path)
        assert _summary(board) == expected
        assert len(legal_moves(Rules(board), Position.initial(board))) == 44
    # And the cache file was written afresh, whole.
    assert _summary(parse_board_cached(path.read_text(encoding="utf-8"), str(path))) == expected


def test_editing_the_board_file_invalidates_its_cached_board(cache, tmp_path):
    text = shipped_boards()["chess"].read_text(encoding="utf-8")
    board_file = tmp_path / "mine.board"
    board_file.write_text(text, encoding="utf-8")
    assert "Knight" in load_board(board_file).pieces
    # The same file name, another text: the Knight now moves as a Wazir, and the board says so.
    lines = [line if not line.startswith("piece Knight") else line.split(":")[0] + ": +" for line in
             text.splitlines()]
    assert lines != text.splitlines()
    board_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    edited = load_board(board_file)
    assert edited.pieces["Knight"].notation_text == "+"
    knights = [move for move in legal_moves(Rules(edited), Position.initial(edited)) if move.piece == "Knight"]
    assert knights == []  # a Wazir hemmed in by its own pawns and pieces has no move


def test_a_board_with_problems_is_never_kept(cache, tmp_path):
    from dagaz_studio.board import BoardFileError

    board_file = tmp_path / "broken.board"
    board_file.write_text("grid: a-c x 3-1\npiece Rook R: (+\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(BoardFileError):
            load_board(board_file)
    assert not cache_path(str(board_file)).exists()


def test_an_unwritable_cache_directory_is_not_used(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache directory would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    board = load_board("chess")
    assert board.pieces["King"].royal


def test_a_command_answered_from_the_cache_does_not_import_the_parsers(cache):
    """Start-up: listing a shipped board's legal moves needs neither Lark nor the notation parser
    once the board is in the cache."""
    probe = ("import sys\n"
             "from dagaz_studio.cli import main\n"
             "status = main(['moves', 'chess', '--legal'])\n"
             "print('imported:', sorted(m for m in ('lark', 'dagaz_studio.notation.parser', "
             "'dagaz_studio.board.loader') if m in sys.modules))\n"
             "sys.exit(status)\n")
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(cache))
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
            for _ in range(2)]
    # The first run parses the board (and keeps it); the second reads it back.
    assert "'lark'" in runs[0].stdout
    assert runs[1].stdout.splitlines()[-1] == "imported: []"
    assert runs[0].stdout.splitlines()[:-1] == runs[1].stdout.splitlines()[:-1]
    assert len(runs[1].stdout.splitlines()) == 21  # the twenty moves, and the line about imports
