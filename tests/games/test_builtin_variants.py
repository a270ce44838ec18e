"""Fairy-Stockfish's built-in variants: each one is an importer template, and each one the board
model can say ships as a board file that plays as pyffish plays it (legal moves in UCI names, the
position after each move, the FEN read back), on positions of seeded random games.

The default run compares a few positions a variant; ``-m slow`` five hundred.
"""

from __future__ import annotations

import re

import pytest

from dagaz_studio.board import resolve_board
from dagaz_studio.variants_ini import import_file
from dagaz_studio.variants_ini.inheritance import templates
from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.variant import import_variant
from tests.helpers.paths import REPO

pytest.importorskip("pyffish")
from tests.helpers.builtin_oracle import CHESS960, check_game, fsf_builtin_games  # noqa: E402
from tests.helpers.variants_oracle import compare  # noqa: E402

README = REPO / "README.md"

#: The built-ins the board model cannot say, and what it lacks. Each is still a template, refused
#: by the importer naming that rule, and listed in the README.
REFUSED: dict[str, str] = {}


#: Every built-in variant of the pyffish this project tests with (pyffish.variants()).
BUILTINS = 121


@pytest.fixture(scope="module")
def names() -> list[str]:
    return fsf_builtin_games([], 0, 0)["variants"]


def test_every_builtin_is_a_template(names) -> None:
    assert len(names) == BUILTINS
    assert set(names) <= set(templates())


def test_a_section_inherits_from_any_builtin_and_plays_as_pyffish_does(names) -> None:
    text = "".join(f"[my{name}:{name}]\n" for name in names)
    imported, refused = import_file(text)
    assert not refused, refused
    assert {v.name for v in imported} == {f"my{name}" for name in names}
    played = fsf_builtin_games(names, 1, 6, 13)["games"]
    different = {}
    for variant in imported:
        name = variant.name[2:]
        games = [[[fen, moves] for fen, moves, _ in game] for game in played[name]]
        difference = compare(variant.text, games, name in CHESS960)
        if difference is not None:
            different[name] = difference
    assert not different


def test_every_refused_builtin_is_refused_by_the_importer_or_has_a_board(names) -> None:
    assert set(REFUSED) <= set(names)
    for name in REFUSED:
        with pytest.raises(IniError):
            import_variant(name, {})


def shipped(names: list[str]) -> list[str]:
    return [name for name in names if name not in REFUSED]


def test_every_other_builtin_ships_under_its_name(names) -> None:
    assert len(shipped(names)) == BUILTINS
    for name in shipped(names):
        assert resolve_board(name).is_file()


def _compare(names: list[str], games: int, plies: int, seed: int) -> dict[str, str]:
    played = fsf_builtin_games(shipped(names), games, plies, seed)["games"]
    different = {}
    for name in shipped(names):
        for game in played[name]:
            difference = check_game(name, game)
            if difference is not None:
                different[name] = difference
                break
    return different


def test_every_shipped_builtin_plays_as_pyffish_does(names) -> None:
    assert not _compare(names, games=1, plies=3, seed=11)


@pytest.mark.slow
def test_every_shipped_builtin_plays_as_pyffish_does_on_500_positions(names) -> None:
    assert not _compare(names, games=20, plies=25, seed=12)


def test_the_readme_lists_every_refused_builtin() -> None:
    readme = README.read_text(encoding="utf-8")
    part = readme.split("Fairy-Stockfish's built-in variants", 1)[-1]
    for name in REFUSED:
        assert re.search(rf"`{re.escape(name)}`", part), name


def test_a_drop_that_would_give_check_is_refused_where_drops_may_not_check() -> None:
    # Supply chess: a Chariot dropped on the open e-file would check the General on e10.
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.position import Position
    from tests.helpers.engine_helpers import shipped
    from tests.helpers.variants_oracle import uci_names

    _, rules = shipped("supply")
    position = Position.from_fen(rules.board, "4k4/9/9/9/9/9/9/9/9/3K5[R] w - - 0 1")
    names = uci_names(rules.board, rules, legal_moves(rules, position))
    assert "R@a5" in names and "R@e5" not in names and "R@e1" not in names


def test_sections_inheriting_first_moves_a_check_that_wins_makpong_or_sittuyin_play_as_the_builtin() -> None:
    # cambodianMoves (with gating's rights in the FEN), checkCounting, makpongRule and Sittuyin's
    # placement and promotion, imported.
    from tests.helpers.variants_oracle import compare

    names = ["cambodian", "karouk", "makpong", "sittuyin"]
    played = fsf_builtin_games(names, 3, 16, 5)["games"]
    for name in names:
        imported, refused = import_file(f"[x:{name}]\n")
        assert not refused, refused
        assert compare(imported[0].text, [[[fen, moves] for fen, moves, _ in game] for game in played[name]]) is None


@pytest.mark.parametrize(("name", "there_and_back"), [
    ("pawnback", ["f2f3", "a7a6", "f3f2", "a6a5"]),
    ("pawnsideways", ["d2d4", "a7a6", "d4d5", "a6a5", "e2d2", "a5a4"]),
    ("petrified", ["d2d4", "a7a6", "d4d5", "a6a5", "e2d2", "a5a4"]),
])
def test_a_pawn_back_on_its_double_step_row_steps_twice_again_as_fairy_stockfish_has_it(name: str,
                                                                                      there_and_back: list[str]) -> None:
    # Fairy-Stockfish's double step is the pawn's on its double-step row, moved before or not.
    import pyffish as sf

    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.making import make_move
    from dagaz_studio.engine.position import Position
    from dagaz_studio.names import MoveNames
    from tests.helpers.engine_helpers import shipped
    from tests.helpers.variants_oracle import uci_names

    board, rules = shipped(name)
    position = Position.initial(board)
    for move in there_and_back:
        make_move(position, MoveNames(rules, position, style="uci").read(move))
    fen = sf.get_fen(name, sf.start_fen(name), there_and_back)
    expected = set(sf.legal_moves(name, fen, []))
    assert uci_names(board, rules, legal_moves(rules, position)) == expected
    assert any(len(move) == 4 and move[1] == "2" and move[3] == "4" and move[0] in "def" for move in expected)


@pytest.mark.parametrize(("fen", "moves"), [
    # A Sergeant that stepped onto another square of Black's double-step region (f8) steps twice from there.
    ("qwfrbb1k/1sspps1p/p1p2sp1/8/8/1pP3P1/6SP/nP1P2W1/PSS1PS1Q/KNBBRF2 b - c4 0 10", []),
    # A Sergeant's double step is taken en passant by a Pawn (e7f8), as a Pawn's is.
    ("k7/5s2/8/4P3/8/8/8/8/8/7K b - - 0 1", ["f9f7"]),
])
def test_wolf_chess_sergeants_step_twice_and_are_taken_en_passant_as_fairy_stockfish_has_them(
        fen: str, moves: list[str]) -> None:
    import pyffish as sf

    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.position import Position
    from tests.helpers.engine_helpers import shipped
    from tests.helpers.variants_oracle import uci_names

    board, rules = shipped("wolf")
    position = Position.from_fen(board, sf.get_fen("wolf", fen, moves))
    assert uci_names(board, rules, legal_moves(rules, position)) == set(sf.legal_moves("wolf", fen, moves))


def test_a_game_pyffish_plays_ends_where_two_passes_in_a_row_end_it_though_its_last_fen_does_not() -> None:
    # This seed's game of Janggi passes twice in a row at its 24th ply, which ends it on the board as
    # in Fairy-Stockfish; its last FEN alone does not tell that, the moves played do.
    (game,) = fsf_builtin_games(["janggi"], 1, 40, 4)["games"]["janggi"]
    assert len(game) == 24 and all(move[:2] == move[2:] for _, _, move in game[-2:])
    assert check_game("janggi", game) is None
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.making import make_move
    from dagaz_studio.engine.position import Position
    from dagaz_studio.names import MoveNames
    from tests.helpers.builtin_oracle import shipped_rules

    rules = shipped_rules("janggi")
    position = Position.initial(rules.board)
    for _, _, move in game:
        make_move(position, MoveNames(rules, position, style="uci").read(move))
    assert legal_moves(rules, position) == []
