"""Sections inheriting the built-ins whose rules the board model says in general terms: walls shot
as the piece moves or placed anywhere (``wallingRule = arrow``, ``static``, ``wallingRegion``),
castling from any start (``chess960``), Janggi's palace lines (``diagonalLines``) and passes
(``pass``), and pieces royal only while one is left (``extinctionPseudoRoyal``: ``rule: lone-royal``),
each compared with Fairy-Stockfish on its random games."""

from __future__ import annotations

import pytest

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.variants_ini import import_file, import_variant
from tests.helpers.engine_helpers import shipped
from tests.helpers.paths import DATA

sf = pytest.importorskip("pyffish")
from tests.helpers.builtin_oracle import CHESS960, fsf_builtin_games  # noqa: E402
from tests.helpers.variants_oracle import compare, fsf_games, uci_names  # noqa: E402

#: The built-ins a section could not inherit from before their rules were read.
PARENTS = ["amazons", "isolation", "isolation7x7", "fischerandom", "caparandom", "janggi", "janggicasual",
           "janggimodern", "janggitraditional", "shoshogi"]
CUSTOM = DATA / "variants-parents.ini"


@pytest.mark.parametrize("name", PARENTS)
def test_a_section_inheriting_the_builtin_plays_as_fairy_stockfish(name: str) -> None:
    imported, refused = import_file(f"[mine:{name}]\n")
    assert not refused, refused
    played = fsf_builtin_games([name], 2, 40, 7)["games"][name]
    assert sum(len(game) for game in played) > 40
    assert compare(imported[0].text, [[[fen, moves] for fen, moves, _ in game] for game in played],
                   name in CHESS960) is None


@pytest.mark.parametrize("name", ["arrowy", "halves", "palacelines", "shuffled"])
def test_sections_changing_walls_lines_passes_and_castling_play_as_fairy_stockfish(name: str) -> None:
    text = CUSTOM.read_text(encoding="utf-8")
    imported, refused = import_file(text, [name])
    assert not refused, refused
    games = fsf_games(text, [name], games=3, plies=40, seed=3)[name]
    assert games is not None and sum(len(game) for game in games) > 60
    assert compare(imported[0].text, games, chess960=name == "shuffled") is None


@pytest.mark.parametrize("fen", [
    # The King and a Crown Prince: neither is royal, so the King may stay attacked or step into attack.
    "4k4/9/9/9/9/9/9/4r4/P3K1+E2 w - - 0 1",
    "4k4/9/9/9/9/9/9/4r3+E/P3K4 w - - 0 1",
    # The King alone: royal.
    "4k4/9/9/9/9/9/9/4r4/P3K4 w - - 0 1",
    # Black's two Kings: White may take either.
    "4k4/4+e4/4R4/9/9/9/9/9/4K4 w - - 0 1",
    # A Knight may not stop where it could never move again, promotion or not.
    "4k4/9/4N4/9/9/9/9/9/4K4 w - - 0 1",
])
def test_sho_shogis_kings_are_royal_only_alone_as_fairy_stockfish_has_them(fen: str) -> None:
    board, rules = shipped("shoshogi")
    position = Position.from_fen(board, fen)
    assert uci_names(board, rules, legal_moves(rules, position)) == set(sf.legal_moves("shoshogi", fen, []))


def test_lone_royal_is_written_only_where_a_side_may_have_several() -> None:
    assert "rule: lone-royal" in import_variant("shoshogi", {}).text
    assert "rule: lone-royal" not in import_variant("atomic", {}).text


def test_castling_rook_pieces_of_two_types_in_chess960_are_refused() -> None:
    imported, refused = import_file("[mine:fischerandom]\ncastlingRookPieces = rb\n")
    assert not imported and "castlingRookPieces" in refused[0].message


@pytest.mark.parametrize(("section", "named"), [
    ("[mine:amazons]\nwallingRegion = a1 *x\n", "option wallingRegion = a1 *x"),
    ("[mine:amazons]\nwallingRegion = *1\nwallingRegionBlack = ??\n", "option wallingRegionBlack = ??"),
])
def test_a_walling_region_that_does_not_read_is_refused_naming_the_option_written(section: str, named: str) -> None:
    imported, refused = import_file(section)
    assert not imported and named in refused[0].message


def test_a_game_ended_by_two_passes_in_a_row_is_not_compared_past_its_end() -> None:
    # Both pieces are blocked, so each side can only pass: the game ends after the second pass, which
    # its FEN does not tell and Fairy-Stockfish's moves played do.
    text = "[blockedpass:chess]\nking = -\npass = true\ncustomPiece1 = a:mfW\nstartFen = 8/8/8/8/a7/A7/8/8 w - - 0 1\n"
    imported, refused = import_file(text)
    assert not refused, refused
    (game,) = fsf_games(text, ["blockedpass"], games=1, plies=10)["blockedpass"]
    assert [moves for _, moves in game] == [["a3a3"], ["a4a4"]]
    assert compare(imported[0].text, [game]) is None
