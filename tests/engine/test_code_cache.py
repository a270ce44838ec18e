"""The code written for a board's notations, kept between starts: loaded when valid, never when stale."""

from __future__ import annotations

import pickle

import pytest

from dagaz_studio.board import load_board
from dagaz_studio.board.cache import kept_as
from dagaz_studio.engine import code_cache, compiler
from dagaz_studio.engine.code_cache import kept_code
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import parse_notation

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of the test's own, and no code compiled earlier in this process."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(compiler, "CODE_CACHE", {})
    return tmp_path / "cache"


def _answers(rules: Rules, board) -> tuple:
    """What the rules say about a few positions: legal moves and a short perft."""
    start = Position.initial(board)
    kiwipete = Position.from_fen(board, KIWIPETE)
    return (sorted(m.key() for m in legal_moves(rules, kiwipete)), perft(rules, start, 2), perft(rules, kiwipete, 1))


def _refuse_writing(monkeypatch) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("a notation's code was written or compiled again")

    monkeypatch.setattr(compiler.CodeGenerator, "module", refuse)
    monkeypatch.setattr(compiler, "compile", refuse, raising=False)  # the module's name shadows the builtin


def _fresh_start(monkeypatch) -> None:
    """What a new start of the program has: no code compiled in this process."""
    monkeypatch.setattr(compiler, "CODE_CACHE", {})


def test_code_kept_for_a_board_is_loaded_by_the_next_start_and_answers_the_same(cache, monkeypatch):
    board = load_board("chess")
    assert kept_as(board) is not None
    rules = Rules(board)
    with kept_code(rules):
        expected = _answers(rules, board)
    assert list((cache / "dagaz-studio" / "code").iterdir())

    _fresh_start(monkeypatch)
    again = load_board("chess")  # read back from the board cache: a board of its own, with nothing worked out
    assert again is not board
    _refuse_writing(monkeypatch)
    rules = Rules(again)
    with kept_code(rules):
        assert _answers(rules, again) == expected


def test_code_written_by_another_engine_is_not_loaded(cache, monkeypatch):
    board = load_board("chess")
    rules = Rules(board)
    with kept_code(rules):
        expected = _answers(rules, board)

    _fresh_start(monkeypatch)
    monkeypatch.setattr(code_cache, "sources_fingerprint", lambda packages: "another compiler")
    written = []
    write = compiler.CodeGenerator.module
    monkeypatch.setattr(compiler.CodeGenerator, "module", lambda self, *a, **k: written.append(1) or write(self, *a, **k))
    again = load_board("chess")
    rules = Rules(again)
    with kept_code(rules):
        assert _answers(rules, again) == expected
    assert written


@pytest.mark.parametrize("garbage", [b"", b"not a pickle", b"\x80\x05\x95garbage"])
def test_a_corrupt_code_file_is_ignored_and_written_afresh(cache, monkeypatch, garbage):
    board = load_board("chess")
    rules = Rules(board)
    with kept_code(rules):
        expected = _answers(rules, board)
    (kept,) = (cache / "dagaz-studio" / "code").iterdir()
    kept.write_bytes(garbage)

    _fresh_start(monkeypatch)
    again = load_board("chess")
    rules = Rules(again)
    with kept_code(rules):
        assert _answers(rules, again) == expected
    assert kept.read_bytes() != garbage


def test_code_for_a_typed_piece_is_not_kept(cache, monkeypatch):
    board = load_board("chess")
    rules = Rules(board)
    with kept_code(rules):
        _answers(rules, board)
    (kept,) = (cache / "dagaz-studio" / "code").iterdir()
    before = kept.read_bytes()

    _fresh_start(monkeypatch)
    again = load_board("chess")
    rules = Rules(again)
    with kept_code(rules):
        kind = rules.custom_kind(parse_notation("(N;S)(E;W)"))
        position = Position.initial(again).copy()
        position.cells[again.index("d4")] = Piece(0, kind, True)
        assert rules.run(position, again.index("d4")).moves
        # Only entries with a typed kind are new: nothing is written.
        own = tuple((kind.name, kind.neutral) for kind in rules.kinds[: rules.board_kinds])
        assert any(key[-1] != own for key in rules.written)
    assert kept.read_bytes() == before


def test_a_board_kept_after_an_interpreter_ran_on_it_keeps_nothing_of_the_interpreter(cache):
    # A board is pickled into the board cache and to perft's worker processes: what interpreters
    # worked out for it (tables, written code) must not travel with it, or the next start would
    # find code it never wrote nor loaded.
    board = load_board("chess")
    perft(Rules(board), Position.initial(board), 2)
    again = pickle.loads(pickle.dumps(board))
    rules = Rules(again)
    assert not rules.written and not rules.quick_tables
