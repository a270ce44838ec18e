"""Shipped draughts boards agree with pydraughts on positions reached by seeded random play."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Position
from dagaz_studio.names import MoveNames
from dagaz_studio.pdn import fen_from_pdn, pdn_from_position, square_numbers
from tests.helpers.draughts_oracle import (
    GAMES,
    IDS,
    DraughtsGame,
    compare_random_games,
    pdn_parts,
    their_name,
    their_perft,
    their_perft_from,
)
from tests.helpers.engine_helpers import shipped
from tests.oracle.rules import OracleRules


def test_squares_are_numbered_as_draughts_players_number_them() -> None:
    board, _ = shipped("checkers")
    names = {number: board.squares[s] for s, number in square_numbers(board).items()}
    assert len(names) == 32
    assert (names[1], names[4], names[5], names[29], names[32]) == ("b8", "h8", "a7", "a1", "g1")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_legal_moves_equal_pydraughts_on_random_positions(game: DraughtsGame) -> None:
    seen = compare_random_games(game, positions=50, seed=14)
    assert seen.captures > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_legal_moves_equal_pydraughts_on_500_random_positions(game: DraughtsGame) -> None:
    seen = compare_random_games(game, positions=500, seed=1402)
    assert seen.chains > 0 and seen.crownings > 0, seen



@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_perft_from_the_start_equals_pydraughts(game: DraughtsGame) -> None:
    board, rules = shipped(game.board)
    assert perft(rules, Position.initial(board), 3) == their_perft(game.variant, 3)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_perft_5_from_the_start_equals_pydraughts(game: DraughtsGame) -> None:
    board, rules = shipped(game.board)
    assert perft(rules, Position.initial(board), 5) == their_perft(game.variant, 5)


def _ours_and_theirs(game: DraughtsGame, fen: str) -> tuple[set[str], set[str]]:
    """The legal moves of a PDN FEN as the board names them, and as pydraughts does (a capture by
    its first and last squares, as pydraughts writes it when that is enough)."""
    draughts = pytest.importorskip("draughts")
    board, rules = shipped(game.board)
    names = MoveNames(rules, Position.from_fen(board, fen_from_pdn(board, fen)))
    theirs = {their_name(game, move) for move in draughts.Board(variant=game.variant, fen=fen).legal_moves()}
    separator = ":" if game.algebraic else "x"
    ours = {name if separator not in name else name.split(separator)[0] + separator + name.split(separator)[-1]
            for name in names.names}
    return ours, theirs


def test_a_russian_king_must_land_where_it_can_take_again() -> None:
    # The King on a1 takes c3 and may land on d4 to h8, but only from e5 can it take f4 (rule:
    # continue-captures): without the rule, a1:d4, a1:f6 … would be moves too.
    ours, theirs = _ours_and_theirs(DraughtsGame("russian", "russian", algebraic=True), "W:WKa1:Bc3,f4")
    assert ours == theirs == {"a1:g3", "a1:h2"}


def test_a_russian_man_crowned_mid_capture_goes_on_as_a_king() -> None:
    # The man on f6 takes e7 and lands on d8, crowned: as a King it takes c7 from afar, landing on
    # b6 or a5; taking g7 instead, it ends on h8.
    game = DraughtsGame("russian", "russian", algebraic=True)
    ours, theirs = _ours_and_theirs(game, "W:Wf6:Bg7,e7,c7")
    assert ours == theirs == {"f6:b6", "f6:a5", "f6:h8"}
    board, rules = shipped("russian")
    moves = legal_moves(rules, Position.from_fen(board, fen_from_pdn(board, "W:Wf6:Bg7,e7,c7")))
    assert {move.promotion for move in moves} == {"King"}


def _promotions(board_name: str, fen: str) -> set:
    board, rules = shipped(board_name)
    return {move.promotion for move in legal_moves(rules, Position.from_fen(board, fen_from_pdn(board, fen)))}


def test_an_international_man_passing_over_the_far_row_is_not_crowned() -> None:
    # The man on 11 (b8) takes 7 onto 2 (d10), on the far row, and goes on as a man, taking 8.
    ours, theirs = _ours_and_theirs(DraughtsGame("international", "standard"), "W:W11:B7,8")
    assert ours == theirs == {"11x13"}
    assert _promotions("international", "W:W11:B7,8") == {None}


def test_the_majority_rule_leaves_only_the_longest_captures() -> None:
    # The man on 32 could take 27 alone or 28 and 18: only the capture of two is allowed.
    ours, theirs = _ours_and_theirs(DraughtsGame("international", "standard"), "W:W32:B27,28,18")
    assert ours == theirs == {"32x12"}


def test_a_man_over_the_far_row_is_crowned_in_russian_draughts_not_in_brazilian() -> None:
    # d6 takes e7 onto f8, the far row, and goes on to take g7 onto h6.
    for game, crowned in ((DraughtsGame("brazilian", "brazilian", algebraic=True), None),
                          (DraughtsGame("russian", "russian", algebraic=True), "King")):
        ours, theirs = _ours_and_theirs(game, "W:Wd6:Be7,g7")
        assert ours == theirs == {"d6:h6"}
        assert _promotions(game.board, "W:Wd6:Be7,g7") == {crowned}


@pytest.mark.parametrize(("fen", "moves"), [
    ("W:W46,48:BK41,43", {"46x37"}),   # taking a King (worth 1.501) before a man (1)
    ("W:WK46,48:B41,43", {"46x49"}),   # of captures of equal value, the King's
    ("W:W48:B38,1", {"48x28"}),        # a man takes straight along the file: e1 over e3 onto e5
])
def test_frisian_captures_by_value_and_straight(fen: str, moves: set[str]) -> None:
    ours, theirs = _ours_and_theirs(DraughtsGame("frisian", "frisian"), fen)
    assert ours == theirs == moves


def test_play_reads_algebraic_moves_and_pdn_fen_with_square_names(capsys: pytest.CaptureFixture[str]) -> None:
    draughts = pytest.importorskip("draughts")
    opening = ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]
    theirs = draughts.Board(variant="russian")
    for name in opening:
        theirs.push(next(m for m in theirs.legal_moves()
                         if their_name(DraughtsGame("russian", "russian", True), m) == name))
    assert main(["play", "russian", "--fen", draughts.Board(variant="russian").fen, *opening]) == 0
    board, _ = shipped("russian")
    ours = Position.from_fen(board, " ".join(capsys.readouterr().out.split()[-6:]))
    assert pdn_parts(pdn_from_position(ours, numbered=False)) == pdn_parts(theirs.fen)


def test_play_reads_numbered_moves_and_pdn_fen_as_pydraughts_plays_them(capsys: pytest.CaptureFixture[str]) -> None:
    draughts = pytest.importorskip("draughts")
    opening = ["11-15", "24-20", "15-18", "22x15"]
    theirs = draughts.Board(variant="english")
    for name in opening:
        theirs.push(next(m for m in theirs.legal_moves() if m.pdn_move == name))
    assert main(["play", "checkers", "--fen", draughts.Board(variant="english").fen, *opening]) == 0
    board, _ = shipped("checkers")
    ours = Position.from_fen(board, " ".join(capsys.readouterr().out.split()[-6:]))
    assert pdn_parts(pdn_from_position(ours)) == pdn_parts(theirs.fen)


def test_a_multiple_capture_is_named_by_every_landing_square(capsys: pytest.CaptureFixture[str]) -> None:
    # White's king on 10 (d6) jumps 14 (c5) to 17 (b4), then 22 (c3) to 26 (d2).
    assert main(["moves", "checkers", "--fen", "W:WK10:B14,22,4", "--legal", "--names"]) == 0
    assert capsys.readouterr().out.split()[0] == "10x17x26"
    assert main(["play", "checkers", "--fen", "W:WK10:B14,22,4", "10x26"]) == 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_man_s_move_resets_the_half_move_clock_and_a_king_s_quiet_move_counts(game: DraughtsGame) -> None:
    # The clock Lidraughts writes as H, which the draw rules count: half-moves since a capture or a
    # man's move (international draughts' 25 king moves, English checkers' 40 moves, Russian 15).
    board, rules = shipped(game.board)
    position = Position.initial(board)
    position.halfmove_clock = 7
    man = MoveNames(rules, position).moves[0]
    make_move(position, man)
    assert position.halfmove_clock == 0
    # The mover's men made Kings, and of the enemy only a man on an edge row, which nothing can take.
    side, *parts = pdn_from_position(position).split(":")
    rows = {str(number): board.row_of[s] for s, number in square_numbers(board).items()}
    edge = {0, len(board.row_names) - 1}
    kept = [part[0] + ",".join("K" + item for item in part[1:].split(",")) if part[0] == side
            else part[0] + next(item for item in part[1:].split(",") if rows[item] in edge) for part in parts]
    crowned = Position.from_fen(board, fen_from_pdn(board, ":".join([side, *kept, "H5", "F9"])))
    king = next(move for move in MoveNames(rules, crowned).moves
                if rules.kinds[crowned.cells[move.origin].kind].letter.upper() == "K" and not move.captures)
    make_move(crowned, king)
    assert crowned.halfmove_clock == 6


def test_a_capture_by_its_first_and_last_squares_reads_when_every_way_takes_the_same_pieces(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The man on 48 (e1) takes 42, 32, 33 and 43 round either way and lands on 48 again: one position
    # after it, so PDN's short name 48x48 names it; the ways' full names name each.
    fen = "W:W48:B42,43,32,33"
    assert main(["play", "international", "--fen", fen, "48x37x28x39x48"]) == 0
    after = capsys.readouterr().out
    assert main(["play", "international", "--fen", fen, "48x48"]) == 0
    assert capsys.readouterr().out == after
    assert main(["play", "international", "--fen", fen, "48x39x28x37x48"]) == 0
    assert capsys.readouterr().out == after
    assert main(["play", "russian", "--fen", "W:We1:Bd2,f2,d4,f4", "e1:e1"]) == 0
    capsys.readouterr()


def test_a_capture_s_short_name_is_ambiguous_when_the_ways_take_different_pieces(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The King on 40 reaches 38 taking 29, 22 and 32 (by 18 and 27) or 29, 11 and 32 (by 7 and 16).
    assert main(["play", "international", "--fen", "W:WK40:B22,29,31,28,32,11", "40x38"]) == 2
    assert "'40x38' matches several moves: 40x18x27x38, 40x7x16x38" in capsys.readouterr().err


def test_a_move_name_may_carry_a_pdn_strength_mark(capsys: pytest.CaptureFixture[str]) -> None:
    # PDN games mark good and bad moves as chess games do: 32-28!, 28x19?!, c3:e5!!.
    assert main(["play", "international", "32-28"]) == 0
    plain = capsys.readouterr().out
    assert main(["play", "international", "32-28!"]) == 0
    assert capsys.readouterr().out == plain
    assert main(["play", "international", "32-28", "19-23?", "28x19!?", "14x23??"]) == 0
    assert main(["play", "russian", "c3-d4!!", "f6-g5?!"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(("fen", "message"), [
    ("W:W33:B1", "no square numbered 33 on checkers (1 to 32)"),
    ("W:WK1:X2", "PDN FEN part 'X2': no player's name begins with 'X'"),
    ("W:W5,5:B1", "square 5 is given twice"),
    ("W:W\u00b3\u00b9:B1", "is neither a square number nor a square of checkers"),
    ("W:WK:B1", "a king without its square"),
    ("W:W5-3:B1", "a range of squares is two numbers, the lower first"),
    ("W:W1-99999999999999:B1", "a range of more squares than a board has"),
])
def test_bad_pdn_fen_is_a_clear_error(fen: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "checkers", "--fen", fen]) == 2
    assert message in capsys.readouterr().err


NINES = "9" * 5000
PAGE = ",".join(["31"] * 20000)


@pytest.mark.parametrize(("fen", "message"), [
    (f"W:W{NINES}:B1", "no square numbered 999999"),
    (f"W:WK{NINES}:B1", "no square numbered 999999"),
    (f"W:W1-{NINES}:B1", "a range of more squares than a board has"),
    (f"W:W{NINES}-{NINES}:B1", "a range of more squares than a board has"),
    (f"W:W31:B1::{PAGE}", "has an empty part"),
    (f"W:X{PAGE}:B1", "no player's name begins with 'X'"),
    (f"W:W31:Bzz{PAGE}", "is neither a square number nor a square of checkers"),
    (f"W:W31:B{'1-' * 10000}2", "a range of squares is two numbers"),
])
def test_a_pdn_fen_with_endless_numbers_or_a_pasted_page_is_one_short_error(
        fen: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "checkers", "--fen", fen]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert len(err) < 600


@pytest.mark.parametrize("fen", ["W:W31-50:B1-20:H0:F1", "B:WK46,31-35:BK5,12-14:H12:F30", "W:W31-50:B1-20"])
def test_a_pdn_fen_with_ranges_and_move_counters_reads_as_pydraughts_reads_it(fen: str) -> None:
    # Lidraughts writes rows of squares as ranges and ends with the move counters.
    draughts = pytest.importorskip("draughts")
    board, _ = shipped("international")
    ours = Position.from_fen(board, fen_from_pdn(board, fen))
    assert pdn_parts(pdn_from_position(ours)) == pdn_parts(draughts.Board(fen=fen).fen)
    assert ours.fen().split()[-2:] == (["12", "30"] if "H12" in fen else ["0", "1"])


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_check_passes_on_the_board(game: DraughtsGame, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", game.board]) == 0
    assert capsys.readouterr().out.rstrip().endswith("ok")


@pytest.mark.parametrize(("line", "message"), [
    ("value Ghost: 1", "unknown piece type 'Ghost'"),
    ("value King: heavy", "a value is a number such as 1 or 1.5, not 'heavy'"),
    ("value King: 1\nvalue King: 2", "value of 'King' already given on line"),
])
def test_a_bad_value_is_reported_at_its_word(line: str, message: str) -> None:
    from dagaz_studio.board import BoardFileError, parse_board

    text = shipped("frisian")[0].source
    assert text is not None
    with open(text, encoding="utf-8") as handle:
        board_text = "".join(line for line in handle if not line.startswith("value "))
    with pytest.raises(BoardFileError) as error:
        parse_board(board_text + line + "\n", "frisian.board")
    assert message in str(error.value)


def test_values_are_read_exactly() -> None:
    from fractions import Fraction

    board, _ = shipped("frisian")
    assert board.values == {"Man": Fraction(1), "King": Fraction(1501, 1000)}


def _moves_along(game: DraughtsGame, fen: str, played: list[str]) -> list[tuple[set[str], set[str]]]:
    """Play ``played`` (numbered moves) from a PDN FEN on both sides; the legal moves before each
    move and after the last, as the board names them and as pydraughts does."""
    draughts = pytest.importorskip("draughts")
    board, rules = shipped(game.board)
    theirs = draughts.Board(variant=game.variant, fen=fen)
    ours = Position.from_fen(board, fen_from_pdn(board, fen))
    seen = []
    for name in [*played, None]:
        names = MoveNames(rules, ours)
        seen.append((set(names.names), {their_name(game, move) for move in theirs.legal_moves()}))
        if name is None:
            break
        theirs.push(next(move for move in theirs.legal_moves() if their_name(game, move) == name))
        make_move(ours, names.read(name))
    return seen


FRISIAN = DraughtsGame("frisian", "frisian")
# White: a King on 47 and a man on 50; Black: a King on 4 and a man on 1. Each King goes back and
# forth along a diagonal, out of the other's reach.
KINGS_AND_MEN = "W:WK47,50:BK4,1"
BACK_AND_FORTH = ["47-15", "4-9", "15-47", "9-4", "47-15", "4-9"]


def test_a_frisian_king_makes_at_most_three_quiet_moves_in_a_row_while_its_side_has_men() -> None:
    seen = _moves_along(FRISIAN, KINGS_AND_MEN, BACK_AND_FORTH)
    for ours, theirs in seen:
        assert ours == theirs
    # After three quiet moves of its King, White may move only its man.
    assert seen[-1][0] == {"50-44", "50-45"}


def test_another_piece_moving_gives_the_king_three_more_quiet_moves() -> None:
    seen = _moves_along(FRISIAN, KINGS_AND_MEN, [*BACK_AND_FORTH, "50-44", "1-7", "15-47", "9-4"])
    for ours, theirs in seen:
        assert ours == theirs
    # Black's King, held after its third move, moves again once Black's man has moved.
    assert not any(name.startswith("9-") for name in seen[7][0]) and "9-4" in seen[9][0]
    assert any(name.startswith("47-") for name in seen[-1][0])


def test_a_frisian_king_without_men_beside_it_moves_without_limit() -> None:
    seen = _moves_along(FRISIAN, "W:WK47:BK4,1", [*BACK_AND_FORTH, "15-47"])
    for ours, theirs in seen:
        assert ours == theirs
    assert "15-47" in seen[-2][0] and not any(name.startswith("9-") for name in seen[-1][0])


def test_moves_in_a_row_are_kept_in_the_fen_and_taken_back() -> None:
    board, rules = shipped("frisian")
    position = Position.from_fen(board, fen_from_pdn(board, KINGS_AND_MEN))
    names = MoveNames(rules, position)
    undo = make_move(position, names.read("47-15"))
    assert position.fen().endswith(" 1@j8,-")
    assert Position.from_fen(board, position.fen()).runs == position.runs
    unmake_move(position, undo)
    assert position.runs in ((), ((-1, 0), (-1, 0)))
    assert " 1@" not in position.fen()


@pytest.mark.parametrize("fast", [True, False], ids=["compiled", "runner"])
def test_perft_through_moves_in_a_row_equals_pydraughts(fast: bool) -> None:
    # Two quiet moves of each King made: the counted moves cross each King's third.
    draughts = pytest.importorskip("draughts")
    board, rules = shipped("frisian")
    rules = rules if fast else OracleRules(rules.board)
    theirs = draughts.Board(variant="frisian", fen=KINGS_AND_MEN)
    ours = Position.from_fen(board, fen_from_pdn(board, KINGS_AND_MEN))
    for name in BACK_AND_FORTH[:4]:
        theirs.push(next(move for move in theirs.legal_moves() if move.pdn_move == name))
        make_move(ours, MoveNames(rules, ours).read(name))
    before = ours.fen()
    assert perft(rules, ours, 3) == their_perft_from(theirs, 3)
    assert ours.fen() == before
