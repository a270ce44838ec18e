"""FEN is read strictly: every field checked, the message naming the field and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from dagaz_studio.board import BoardFileError, load_board, parse_board
from dagaz_studio.board.placement import PlacementError, parse_placement
from dagaz_studio.cli import main
from dagaz_studio.engine.position import MAX_FEN_LENGTH, FenError, Position

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


@pytest.fixture(scope="module")
def chess_board():
    return load_board("chess")


# Digits other than 0-9 pass str.isdigit but are no count: each must be a clean, typed error.
@pytest.mark.parametrize("digit", ["²", "②", "٣", "８", "߂"])
def test_a_non_ascii_digit_in_a_placement_is_a_placement_error(chess_board, digit: str) -> None:
    with pytest.raises(PlacementError, match="digits 0-9") as caught:
        parse_placement(chess_board, f"rnbqkbnr/pppppppp/{digit}/8/8/8/PPPPPPPP/RNBQKBNR")
    assert caught.value.offset == len("rnbqkbnr/pppppppp/")


@pytest.mark.parametrize("command", [
    ["moves", "chess", "--fen", "rnbqkbnr/pppppppp/²/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    ["perft", "chess", "--depth", "1", "--fen", "rnbqkbnr/pppppppp/²/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    ["play", "chess", "--fen", "rnbqkbnr/pppppppp/②/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4"],
    ["render", "chess", "--fen", "rnbqkbnr/pppppppp/②/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "--out", "x.svg"],
])
def test_every_command_refuses_a_unicode_digit_with_status_2(command, capsys) -> None:
    assert main(command) == 2
    err = capsys.readouterr().err
    assert "placement" in err and "digits 0-9" in err
    assert "Traceback" not in err


def test_check_refuses_a_setup_with_a_unicode_digit(tmp_path, capsys) -> None:
    source = load_board("chess").source
    assert source is not None
    text = Path(source).read_text(encoding="utf-8")
    broken = text.replace(f"setup: {START}", "setup: rnbqkbnr/pppppppp/②/8/8/8/PPPPPPPP/RNBQKBNR")
    assert broken != text
    path = tmp_path / "digit.board"
    path.write_text(broken, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "digits 0-9" in err and "Traceback" not in err
    with pytest.raises(BoardFileError):
        parse_board(broken)


def test_a_run_of_thousands_of_digits_is_refused_as_too_long(chess_board) -> None:
    with pytest.raises(FenError, match="more than 8 squares"):
        Position.from_fen(chess_board, f"{'9' * 5000}/8/8/8/8/8/8/8 w - - 0 1")
    with pytest.raises(FenError, match="more than 8 squares"):
        Position.from_fen(chess_board, f"{'0' * 5000}9/8/8/8/8/8/8/8 w - - 0 1")


@pytest.mark.parametrize(("fen", "field", "expected"), [
    (f"{START} w KQkq - -1 -5", "halfmove clock", "a whole number from 0"),
    (f"{START} w KQkq - 0 -5", "move number", "a whole number from 1"),
    (f"{START} w KQkq - 0 0", "move number", "a whole number from 1"),
    (f"{START} w KQkq - +3 1", "halfmove clock", "digits 0-9"),
    (f"{START} w KQkq - 1_0 1", "halfmove clock", "digits 0-9"),
    (f"{START} w KQkq - 0 ٣", "move number", "digits 0-9"),
    (f"{START} w KQkq - 0 ²", "move number", "digits 0-9"),
    (f"{START} w KQkq - 0 {'9' * 5000}", "move number", "at most"),
    (f"{START} w KQkq - 0 1 extra", "extra field", "at most 6"),
    (f"{START} w KQkq - 0 1 0 1", "extra field", "at most 6"),
    (f"{START} x KQkq - 0 1", "side to move", "'w' or 'b'"),
    (f"{START} w KKkq - 0 1", "castling rights", "twice"),
    (f"{START} w K1 - 0 1", "castling rights", "letters"),
    (f"{START} w Kß - 0 1", "castling rights", "letters"),
    (f"{START} w KQkq z9 0 1", "en-passant square", "not on the board"),
    ("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/R1BQKBNR b KQkq e3 0 1", "en-passant square",
     "a piece stands on it, which the last move passed"),
])
def test_each_field_is_checked_and_named(chess_board, fen: str, field: str, expected: str) -> None:
    with pytest.raises(FenError) as caught:
        Position.from_fen(chess_board, fen)
    assert caught.value.field == field
    assert expected in str(caught.value)
    assert field in str(caught.value)


def test_a_negative_clock_is_no_longer_written_back(capsys) -> None:
    assert main(["play", "chess", "--fen", f"{START} w KQkq - -1 -5"]) == 2
    assert "halfmove clock" in capsys.readouterr().err


def test_a_fen_longer_than_the_limit_is_refused_before_it_is_read(chess_board) -> None:
    with pytest.raises(FenError, match="more than the"):
        Position.from_fen(chess_board, "8/" * (MAX_FEN_LENGTH // 2) + "8")


def test_well_formed_fens_still_read_and_round_trip(chess_board) -> None:
    for fen in [f"{START} w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - e3 12 40",
                "8/8/8/8/8/8/8/8 w - - 0 1"]:
        assert Position.from_fen(chess_board, fen).fen() == fen
    # Trailing fields may be left out.
    assert Position.from_fen(chess_board, START).fen() == f"{START} w KQkq - 0 1"


def test_every_fen_written_reads_back_whatever_moved_two_squares() -> None:
    # Found by fuzzing: a piece moving two squares sideways or backwards left an en-passant square
    # in the FEN written that FEN reading (which takes the square as passed going forward) refused.
    from dagaz_studio.board import shipped_boards
    from dagaz_studio.engine import Rules
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.making import make_move

    for name in shipped_boards():
        board = load_board(name)
        rules = Rules(board)
        position = Position.initial(board)
        for move in legal_moves(rules, position):
            after = position.copy()
            make_move(after, move)
            written = after.fen()
            assert Position.from_fen(board, written).fen() == written, (name, move)


def _random_game_fens_read_back(name: str, seed: int, plies: int) -> None:
    import random

    from dagaz_studio.engine import Rules
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.making import make_move

    board = load_board(name)
    rules = Rules(board)
    position, chosen = Position.initial(board), random.Random(seed)
    for ply in range(plies):
        moves = legal_moves(rules, position)
        if not moves:
            break
        make_move(position, chosen.choice(moves))
        written = position.fen()
        assert Position.from_fen(board, written).fen() == written, (name, seed, ply)


def _shipped_names() -> list[str]:
    from dagaz_studio.board import shipped_boards

    return sorted(shipped_boards())


# Found on Raumschach: its royal row's pieces were looked for on every level, so a piece of another
# level standing on the row's rank was written as a castling partner the FEN then refused.
@pytest.mark.parametrize("name", _shipped_names())
def test_every_fen_written_in_a_random_game_reads_back(name: str) -> None:
    _random_game_fens_read_back(name, seed=1, plies=12)


@pytest.mark.slow
@pytest.mark.parametrize("name", _shipped_names())
def test_every_fen_written_in_longer_random_games_reads_back(name: str) -> None:
    for seed in range(5):
        _random_game_fens_read_back(name, seed, plies=60)


def test_a_sideways_two_square_move_names_no_en_passant_square() -> None:
    from dagaz_studio.engine import Rules
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.making import make_move

    board = load_board("chess")
    rules = Rules(board)
    position = Position.from_fen(board, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    (castle,) = [m for m in legal_moves(rules, position) if m.also]
    make_move(position, castle)
    assert position.fen().split()[3] == "-"
    pawn = Position.from_fen(board, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    (double,) = [m for m in legal_moves(rules, pawn) if board.squares[m.target] == "e4"]
    make_move(pawn, double)
    assert pawn.fen().split()[3] == "e3"


@pytest.mark.parametrize("name", ["chess", "lasca", "kalah"])
def test_a_fen_wrong_in_its_placement_and_its_side_to_move_is_said_wrong_in_its_placement(name: str) -> None:
    # The first field wrong is the one said, whatever kind of board: a user fixes the FEN from its start.
    with pytest.raises(FenError) as caught:
        Position.from_fen(load_board(name), "9z/8 x")
    assert caught.value.field == "placement"
    # The side to move alone wrong is still said.
    with pytest.raises(FenError) as caught:
        Position.from_fen(load_board(name), Position.initial(load_board(name)).fen().split()[0] + " x")
    assert caught.value.field == "side to move"


@pytest.mark.parametrize("kind", ["default", "stack"])
def test_each_of_three_players_to_move_reads_back_from_its_fen(kind: str) -> None:
    # Every player after the first was written 'b', which reads back as the player named by b: Blue
    # to move where Green was.
    board = parse_board(f"kind: {kind}\ngrid: a-c x 3-1\nplayers: Red Green Blue\npiece Man M: N\nsetup: 3/1M1/3 w")
    for turn in range(3):
        position = Position.initial(board)
        position.turn = turn
        assert Position.from_fen(board, position.fen()).turn == turn, position.fen()


@pytest.mark.parametrize("fen", [
    "4k3/8/8/8/8/8/8/4K3 w " + "K" * 20_000,
    "4k3/8/8/8/8/8/8/4K3 " + "x" * 20_000,
    "4k3/8/8/8/8/8/8/4K3 w - - 0 " + "9" * 20_000,
    "8/" * (MAX_FEN_LENGTH // 2) + "8",
])
def test_a_pasted_page_in_a_fen_field_is_quoted_by_its_ends(capsys, fen: str) -> None:
    # A field or a FEN of thousands of characters is said by its start and end: one readable line.
    assert main(["moves", "chess", "--fen", fen]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and len(err) < 600, err[:300]


@pytest.mark.parametrize("fen", ["4k3/8/8/8/3pP3/4N3/8/4K3 b - e3 0 1", "4k3/8/4n3/3Pp3/8/8/8/4K3 w - e6 0 1"])
def test_an_en_passant_square_a_piece_stands_on_is_refused(chess_board, fen: str) -> None:
    # python-chess calls such a field invalid, Fairy-Stockfish ignores it; read, it let d4xe3 take the
    # Knight on e3 and the Pawn on e4 at once.
    chess = pytest.importorskip("chess")
    assert chess.Board(fen).status() & chess.STATUS_INVALID_EP_SQUARE
    with pytest.raises(FenError) as caught:
        Position.from_fen(chess_board, fen)
    assert caught.value.field == "en-passant square"
