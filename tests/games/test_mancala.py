"""Heap boards: Oware and Kalah, their sowing and captures written in boards/mancala/ with the
notation's general constructs, agree with the reference generators of tests/helpers/oracles (written from
the published rules, sharing no code with the package) on perft from the start and move by move on
positions reached by seeded random play; their FEN is read and written as docs/kinds-fen.md says;
a heap keeps its pieces' types (boards/mancala/two-seeds.board)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dagaz_studio.board.heaps import MAX_HEAP
from dagaz_studio.cli import main
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.heaps import Heap
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import FenError, Position
from dagaz_studio.notation import describe, to_notation
from dagaz_studio.notation.parser import parse_notation
from tests.helpers.engine_helpers import shipped
from tests.helpers.oracles import kalah, oware, random_positions

GAMES = {"oware": oware, "kalah": kalah}


def successors(name: str, fen: str) -> dict[str, str]:
    """Each legal move's starting pit -> the FEN it leads to (one move a pit in mancala)."""
    board, rules = shipped(name)
    position = Position.from_fen(board, fen)
    out = {}
    for move in legal_moves(rules, position):
        undo = make_move(position, move)
        out[board.squares[move.origin]] = position.fen()
        unmake_move(position, undo)
        assert position.fen() == fen
    return out


def reference(game, fen: str) -> dict[str, str]:
    position = game.parse(fen)
    return {move.frm: game.format_position(game.make_move(position, move)) for move in game.legal_moves(position)}


@pytest.mark.parametrize("name", GAMES)
def test_the_start_is_the_reference_start(name: str) -> None:
    board, _ = shipped(name)
    assert Position.initial(board).fen() == GAMES[name].START


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_from_the_start_equals_the_reference(name: str, depth: int) -> None:
    board, rules = shipped(name)
    game = GAMES[name]
    assert perft(rules, Position.initial(board), depth) == game.perft(game.parse(game.START), depth)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_perft_6_from_the_start_equals_the_reference(name: str, capsys) -> None:
    game = GAMES[name]
    assert main(["perft", name, "--depth", "6"]) == 0
    assert capsys.readouterr().out.split()[-1] == str(game.perft(game.parse(game.START), 6))


def _random_games(name: str, count: int, seed: int) -> None:
    game = GAMES[name]
    captures = again = 0
    for position in random_positions(game, count, seed=seed, plies=120):
        fen = game.format_position(position)
        expected = reference(game, fen)
        assert successors(name, fen) == expected, fen
        captures += any(m.captured for m in game.legal_moves(position))
        again += any(after.split()[1] == fen.split()[1] for after in expected.values())
    assert captures > count // 10
    if name == "kalah":
        assert again > count // 10


@pytest.mark.parametrize("name", GAMES)
def test_moves_equal_the_reference_on_random_positions(name: str) -> None:
    _random_games(name, 80, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_moves_equal_the_reference_on_many_random_positions(name: str) -> None:
    _random_games(name, 600, seed=11)


@pytest.mark.parametrize("name", GAMES)
def test_perft_from_random_positions_equals_the_reference(name: str) -> None:
    board, rules = shipped(name)
    game = GAMES[name]
    for position in random_positions(game, 6, seed=17, plies=40)[::2]:
        fen = game.format_position(position)
        assert perft(rules, Position.from_fen(board, fen), 3) == game.perft(position, 3), fen


def test_oware_rules_on_positions_worked_by_hand() -> None:
    # The last seed makes d2 2, e2 3 and f2 2: all three are taken.
    assert successors("oware", "5,0,0,1,2,1/0,0,0,0,0,3 w 0 0") == {"f1": "5,0,0,0,0,0/0,0,0,0,0,0 b 7 0"}
    # A grand slam captures nothing.
    assert successors("oware", "0,0,0,0,1,1/0,0,0,0,0,2 w 0 0") == {"f1": "0,0,0,0,2,2/0,0,0,0,0,0 b 0 0"}
    # Twelve seeds lap the board and skip their pit.
    assert successors("oware", "1,1,1,1,1,1/12,0,0,0,0,0 w 0 0") == {"a1": "2,2,2,2,2,2/0,2,1,1,1,1 b 0 0"}
    # The opponent must be fed; a player who cannot has no move.
    assert list(successors("oware", "0,0,0,0,0,0/1,0,0,0,0,1 w 0 0")) == ["f1"]
    assert successors("oware", "0,0,0,0,0,0/1,0,0,0,0,0 w 0 0") == {}
    # More than half of the 48 seeds captured ends the game.
    assert successors("oware", "4,4,4,0,0,0/4,3,4,0,0,0 w 25 0") == {}


def test_kalah_rules_on_positions_worked_by_hand() -> None:
    # The last seed in one's own store: the same player moves again.
    assert successors("kalah", kalah.START)["d1"] == "0,4,4,4,4,4,4,0/0,4,4,0,5,5,5,1 w"
    # The opponent's store is skipped.
    assert successors("kalah", "0,8,0,0,0,0,1,0/0,1,1,1,1,1,1,0 b")["b2"] == "1,0,0,0,0,0,2,0/0,2,2,2,2,2,2,0 w"
    # The last seed alone in one's own pit takes the facing pit into the store.
    assert successors("kalah", "0,1,5,1,1,1,1,0/0,1,0,1,1,1,1,0 w")["b1"] == "0,1,0,1,1,1,1,0/0,0,0,1,1,1,1,6 b"
    # Either side without seeds in its pits: no move.
    assert successors("kalah", "5,0,0,0,0,0,0,0/0,1,0,0,0,0,0,3 w") == {}


@pytest.mark.parametrize("fen, field", [
    ("4,4,4,4,4,4/4,4,4,4,4,-1 w 0 0", "placement"),
    ("4,4,4,4,4,4/4,4,x,4,4,4 w 0 0", "placement"),
    ("4,4,4,4,4/4,4,4,4,4,4 w 0 0", "placement"),
    ("4,4,4,4,4,4/4,4,4,4,4,4,4 w 0 0", "placement"),
    ("4,4,4,4,4,4/4,4,4,4,4,99999999999 w 0 0", "placement"),
    ("4,4,4,4,4,4/4,4,4,4,4,4 w 0 x", "store of North"),
    ("4,4,4,4,4,4/4,4,4,4,4,4 w -1 0", "store of South"),
    ("4,4,4,4,4,4/4,4,4,4,4,4 w 0 0 0", "extra field"),
    ("4,4,4,4,4,4/4,4,4,4,4,4 x 0 0", "side to move"),
])
def test_a_bad_heap_fen_names_its_field(fen: str, field: str, capsys) -> None:
    board, _ = shipped("oware")
    with pytest.raises(FenError) as error:
        Position.from_fen(board, fen)
    assert error.value.field == field
    assert main(["moves", "oware", "--fen", fen, "--legal"]) == 2
    assert f"bad FEN ({field})" in capsys.readouterr().err


def test_a_heap_keeps_its_pieces_types() -> None:
    board, rules = shipped("two-seeds")
    position = Position.initial(board)
    assert position.fen() == "1w1r,2,1w1r,2/2,1w1r,2,1w1r w 0 0"
    cell = position.cells[board.index("b1")]
    assert isinstance(cell, Heap) and cell.counts == (1, 1)
    after = successors("two-seeds", position.fen())
    # b1's wheat seed is sown first (onto c1), its ruby one last (onto d1).
    assert after["b1"] == "1w1r,2,1w1r,2/2,0,3,1w2r b 0 0"
    # The last seed makes c2 hold three seeds with a red one: captured, both types kept in the store.
    assert after["d1"] == "1w1r,2,0,3/2,1w1r,2,0 b 1w2r 0"


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=1_000), max_size=40))
def test_sowing_two_kinds_of_seeds_keeps_each_kinds_count(choices: list[int]) -> None:
    board, rules = shipped("two-seeds")
    position = Position.initial(board)

    def totals() -> tuple[int, int]:
        heaps = [cell.counts for cell in position.cells if isinstance(cell, Heap)] + position.hands
        return (sum(c[0] for c in heaps), sum(c[1] for c in heaps))
    start = totals()
    for choice in choices:
        moves = legal_moves(rules, position)
        if not moves:
            break
        make_move(position, moves[choice % len(moves)])
        assert totals() == start
        assert Position.from_fen(board, position.fen()).fen() == position.fen()


def test_the_count_began_and_again_checks_read_in_english() -> None:
    text = "[=2-3,@theirs][x];[=1-@theirs,b];[=0,Bk]"
    english = describe(parse_notation(text))
    assert to_notation(parse_notation(text)) == text
    assert "the square must hold 2 to 3 pieces" in english
    assert "the squares of the zone 'theirs' must hold at least 1 piece in all" in english
    assert "the square must be where this move began" in english
    assert "the same player moves again after this move" in english


@pytest.mark.parametrize("text, message", [
    ("[=3-1]", "minimum above maximum"),
    ("[!=2]", "a count cannot be negated"),
    ("[=1-@]", "'@' must be followed by a zone name"),
    ("[=99999]", "above the limit"),
])
def test_a_bad_count_is_a_notation_error(text: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_notation(text)
    assert message in str(error.value)


def test_the_count_check_on_a_default_board_counts_pieces(capsys) -> None:
    # [=1-@zone] on chess: the zone 'last' (the opponent's back row for White) holds pieces.
    fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert main(["moves", "chess", "--fen", fen, "--at", "e1", "--piece", "N[=1-@last]"]) == 0
    assert "e1-e2" in capsys.readouterr().out
    assert main(["moves", "chess", "--fen", "8/8/8/8/8/8/8/4K3 w - - 0 1", "--at", "e1",
                 "--piece", "N[=1-@last]"]) == 0
    assert "e1-e2" not in capsys.readouterr().out


@pytest.mark.parametrize("name, row, pit", [("oware", "{},4,4,4,4,4", "a1"), ("kalah", "0,{},4,4,4,4,4,0", "b1")])
def test_a_pit_holding_as_many_seeds_as_a_fen_may_is_sown_whole(name: str, row: str, pit: str) -> None:
    others = "4,4,4,4,4,4" if name == "oware" else "0,4,4,4,4,4,4,0"
    fen = f"{others}/{row.format(MAX_HEAP - 44)} w" + (" 0 0" if name == "oware" else "")
    assert successors(name, fen)[pit] == reference(GAMES[name], fen)[pit]


def test_more_seeds_than_a_pit_could_sow_are_refused_by_the_fen(capsys) -> None:
    assert main(["moves", "oware", "--legal", "--fen", "4,4,4,4,4,4/100000,4,4,4,4,4 w 0 0"]) == 2
    assert "at most 1,000" in capsys.readouterr().err
    board, _ = shipped("oware")
    with pytest.raises(FenError, match="more than 1,000 pieces in all"):
        Position.from_fen(board, "4,4,4,4,4,4/957,4,4,4,4,4 w 0 0")
