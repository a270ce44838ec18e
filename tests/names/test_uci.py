"""The uci style: Fairy-Stockfish's move strings, written and read back."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from tests.helpers.builtin_oracle import pyffish_game
from tests.helpers.engine_helpers import shipped


def _names(board_name: str, fen: str = "") -> MoveNames:
    board, rules = shipped(board_name)
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    return MoveNames(rules, position, style="uci")


def test_squares_run_together_with_tenth_rows_and_promotions() -> None:
    assert {"h1g3", "a1a2", "b3b10"} <= set(_names("xiangqi").names)
    promotions = _names("chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").names
    assert {"b7b8q", "b7b8r", "b7b8b", "b7b8n"} <= set(promotions)


def test_castling_is_the_royal_move_alone() -> None:
    names = _names("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert {"e1g1", "e1c1"} <= set(names.names)
    assert names.read("e1g1").also


@pytest.mark.parametrize(("fen", "king_takes_rook"), [
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1"), ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1"),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8h8"), ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8"),
])
def test_castling_reads_as_the_king_taking_its_rook_as_python_chess_reads_it(fen: str, king_takes_rook: str) -> None:
    chess = pytest.importorskip("chess")
    names = _names("chess", fen)
    assert names.read(king_takes_rook) == names.read(chess.Board(fen).parse_uci(king_takes_rook).uci())


def test_capablanca_reads_castling_as_fairy_stockfish_writes_it_for_its_random_setups() -> None:
    sf = pytest.importorskip("pyffish")
    fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"
    assert {"f1j1", "f1a1"} <= set(sf.legal_moves("caparandom", fen, []))
    names = MoveNames(_names("capablanca", fen).rules, _names("capablanca", fen).position, style="san")
    assert [names.name(names.read(uci)) for uci in ("f1j1", "f1a1")] == [
        sf.get_san("caparandom", fen, uci, False, sf.NOTATION_SAN) for uci in ("f1j1", "f1a1")]


def test_every_name_reads_back_as_its_move_in_either_case() -> None:
    names = _names("chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    for move, name in names:
        assert names.read(name) is move
        assert names.read(name.upper()) is move


def test_partial_moves_are_joined_by_commas_and_a_name_that_cannot_tell_moves_apart_is_written_in_coordinates() -> None:
    # Black's replies after White's d3-e3xc3 include capture chains of several partial moves.
    board, rules = shipped("fanorona")
    position = Position.initial(board)
    start = MoveNames(rules, position, style="uci")
    assert {"d3-e3xf3", "d3-e3xc3", "d2e3", "e2e3", "f2e3"} == set(start.names)
    make_move(position, start.read("d3-e3xc3"))
    replies = MoveNames(rules, position, style="uci").names
    chains = [name for name in replies if "," in name]
    assert chains and all(part[2:4] == nxt[:2] for name in chains
                          for part, nxt in zip(name.split(","), name.split(",")[1:]))


def test_play_reads_uci_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "chess", "e2e4", "e7e5", "g1f3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b")


def test_moves_lists_uci_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "capablanca", "--fen", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
                 "--legal", "--style", "uci"]) == 0
    listed = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert {"f1i1", "f1c1", "a1a8"} <= listed


def _fsf_game(variant: str, plies: int, seed: int | str, fen: str = "") -> Iterator[tuple[str, Position, list[str]]]:
    """A seeded random game pyffish plays from ``fen`` (the variant's start if none), preferring moves
    that promote or gate: each position's FEN, the shipped board's position and pyffish's legal moves,
    before the game goes on (see :func:`pyffish_game`)."""
    sf = pytest.importorskip("pyffish")
    for at, position, legal, _exact in pyffish_game(sf, variant, plies, random.Random(seed), fen,
                                                      prefer=lambda m: "+" in m or m[-1].isalpha()):
        yield at, position, legal


@pytest.mark.parametrize("game", ["checkshogi", "euroshogi", "judkins", "seirawan", "shogi"])
def test_every_uci_name_fairy_stockfish_writes_reads_as_its_move_whatever_style_the_board_writes(game: str) -> None:
    # A UCI name read by the board's own style first: a long SAN form (b1a3) also matches the gating
    # moves (b1a3h), and shogi's promoting b2h8+ reads in SAN as a check mark after either move.
    _, rules = shipped(game)
    read = 0
    for fen, position, legal in _fsf_game(game, plies=60, seed=game):
        names = MoveNames(rules, position)
        exact = MoveNames(rules, position, style="uci")
        for uci in legal:
            assert names.read(uci) is names.moves[exact.candidates(uci)[0]], f"{game}: {uci} in {fen}"
            read += 1
    assert read > 500


def test_a_game_pyffish_plays_ends_where_two_passes_in_a_row_end_it_though_its_last_fen_does_not() -> None:
    # The Generals alone: this seed's game passes twice in a row at its eighth ply, which ends a game
    # of Janggi on the board as in Fairy-Stockfish; the FEN after it does not tell that.
    _, rules = shipped("janggi")
    plies = 0
    for fen, position, legal in _fsf_game("janggicasual", plies=12, seed=0,
                                          fen="4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"):
        assert sorted(MoveNames(rules, position, style="uci").names) == legal, fen
        plies += 1
    assert plies == 8
